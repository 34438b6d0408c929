"""Figure region proposals on one page (geometry only; the figures stage makes elements).

Three sources, in the spirit of PDFFigures 2.0 (Clark & Divvala, 2016):

1. raster placements: tiles that touch are one image; icons and page-covering scans are
   not figures;
2. vector drawings clustered by proximity: a cluster is a figure when it holds graphic ink
   (curves, diagonal or polyline paths, filled shapes with no text in them) spread over a
   good part of its area; clusters of only horizontal/vertical rules and boxes with text in
   them are tables, rules or text frames, left to the other stages;
3. caption-first: a figure caption with no region next to it proposes the empty area above
   (or below) it, bounded by its column (or the text width for a spanning caption) and the
   nearest body text.

Raster and vector regions then take in the short text lines inside and at their edges
(tick labels, axis labels, legends), never body prose, captions or headings.
All distances are in units of the body font size (em).
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

from ..model import BBox, Line, Page
from .captions import Label, is_caption_line

RULE_EM = 0.15          # a drawing thinner than this is a rule (table rule, underline, axis)
CLUSTER_GAP_EM = 0.3    # drawings closer than this belong to one cluster
TILE_GAP_EM = 0.1       # raster tiles closer than this are one image
GROW_GAP_EM = 0.9       # labels at most this far from a figure belong to it
MERGE_GAP_EM = 1.0      # figure parts this close (nothing between) are one figure
MIN_SIDE_EM = (2.5, 1.5)  # smallest figure: width, height
MIN_AREA_EM2 = 10.0
INK_SHARE = 0.2         # graphic ink must span this share of a vector cluster's box
CELL_TEXT_SHARE = 0.3   # boxes of which this share hold text are table cells, not bars
PROSE_SHARE = 0.25      # prose covering this share of a region makes it a text box
SCAN_SHARE = 0.6        # an image covering this share of the page is a scan/background
BAND_SHARE = 0.2        # images bleeding off the page within this outer band are decoration
STACK_GAP_EM = 3.0      # parts stacked this close (nothing between) are one figure
SUBLABEL_GAP_EM = 2.5   # sub-figure labels "(a)" may sit this far below their part
CAPTION_REACH_EM = 6.0  # a region this close to a caption (nothing between) is "its" region
MIN_EMPTY_EM = 3.0      # a caption-first area must be at least this tall
HEADING_SIZE = 1.15     # text this much larger than body text is a heading, not a label
WHITE = 0.95            # fills lighter than this (and unstroked) are page background

_SUBLABEL = re.compile(r"^\s*\((?:[a-z]|[ivx]{1,4})\)")


@dataclass
class Proposal:
    bbox: BBox
    sources: set[str]
    line_ids: list[str] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    claim: bool = True           # take the label lines inside out of the text flow
    review: bool = False         # a guess (caption-first over text or an empty area)

    @property
    def kind(self) -> str:
        s = self.sources - {"caption"}
        if s == {"raster"}:
            return "raster"
        if "raster" in s and "vector" in s:
            return "mixed"
        return "vector"


class PageText:
    """The free text lines of a page, indexed by position, with prose/caption tests."""

    def __init__(self, lines: list[Line], body: float):
        self.body = body
        self.lines = sorted(lines, key=lambda ln: ln.bbox.y0)
        tall = 3 * body                      # rotated labels, margin stamps: looked at always
        self._flat = [ln for ln in self.lines if ln.bbox.height <= tall]
        self._tall = [ln for ln in self.lines if ln.bbox.height > tall]
        self.y0s = [ln.bbox.y0 for ln in self._flat]
        self.max_h = max((ln.bbox.height for ln in self._flat), default=0.0)
        self.captions: dict[str, Label] = {}
        for ln in self.lines:
            if ln.horizontal:
                label = is_caption_line(ln, body)
                if label is not None and not self._continues_above(ln):
                    self.captions[ln.id] = label
        self._prose: dict[str, bool] = {}
        self._blocks: list[tuple[Line, Label, BBox]] | None = None

    def _continues_above(self, ln: Line) -> bool:
        """The line goes on a block of text right above it ('... as in' / 'Fig. 1.'): a
        caption starts after a gap, not in the middle of a paragraph."""
        size = ln.size or self.body
        for o in self.near(BBox(ln.bbox.x0, ln.bbox.y0 - 0.6 * size, ln.bbox.x1, ln.bbox.y0)):
            if o is not ln and o.bbox.y1 <= ln.bbox.y0 + 0.3 * size and \
                    abs(o.bbox.x0 - ln.bbox.x0) <= 1.5 * size and abs((o.size or size) - size) <= 0.1 * size \
                    and o.text.rstrip()[-1:] not in ".:":
                return True
        return False

    def caption_blocks(self, kinds: tuple[str, ...] = ("figure",)) -> list[tuple[Line, Label, BBox]]:
        """Captions of the page: first line, label, block box (top to bottom)."""
        if self._blocks is None:
            self._blocks = [(ln, self.captions[ln.id], caption_block(self, ln)) for ln in self.lines
                            if ln.id in self.captions]
        return [c for c in self._blocks if c[1].kind in kinds]

    def near(self, box: BBox) -> list[Line]:
        """Lines whose box intersects `box`."""
        lo = bisect.bisect_left(self.y0s, box.y0 - self.max_h - 1)
        hi = bisect.bisect_right(self.y0s, box.y1)
        x0, y0, x1, y1 = box.x0, box.y0, box.x1, box.y1
        out = [ln for ln in self._flat[lo:hi]
               if ln.bbox.x1 >= x0 and ln.bbox.x0 <= x1 and ln.bbox.y1 >= y0]
        if self._tall:
            out += [ln for ln in self._tall if ln.bbox.x1 >= x0 and ln.bbox.x0 <= x1
                    and ln.bbox.y1 >= y0 and ln.bbox.y0 <= y1]
        return out

    def inside(self, box: BBox) -> list[Line]:
        """Lines whose centre lies in `box`."""
        return [ln for ln in self.near(box)
                if box.x0 <= ln.bbox.cx <= box.x1 and box.y0 <= ln.bbox.cy <= box.y1]

    def is_long(self, ln: Line) -> bool:
        """Long enough to be a line of running text (code is never prose)."""
        if not ln.horizontal or self.is_mono(ln):
            return False
        size = ln.size or self.body
        words = len(ln.text.split())
        w = ln.bbox.width
        return (words >= 6 and w >= 12 * size) or (words >= 3 and w >= 22 * size)

    @staticmethod
    def is_mono(ln: Line) -> bool:
        spans = [s for s in ln.spans if s.text.strip()]
        return bool(spans) and all(s.mono for s in spans)

    def is_prose(self, ln: Line) -> bool:
        """A line of running text: a long line in a left- or right-aligned block of long
        lines, or the short last line of such a block."""
        hit = self._prose.get(ln.id)
        if hit is None:
            hit = ln.horizontal and not self.is_mono(ln) and self._aligned_long(ln)
            self._prose[ln.id] = hit
        return hit

    def _aligned_long(self, ln: Line) -> bool:
        size = ln.size or self.body
        for other in self.near(BBox(ln.bbox.x0, ln.bbox.y0 - 1.0 * size, ln.bbox.x1, ln.bbox.y1 + 1.0 * size)):
            if other is ln or other.bbox.overlap_y(ln.bbox) > 0.2 * size \
                    or abs((other.size or size) - size) > 0.1 * size:
                continue
            aligned = abs(other.bbox.x0 - ln.bbox.x0) <= 1.5 * size or \
                (abs(other.bbox.x1 - ln.bbox.x1) <= 1.0 * size and self.is_long(ln))
            if aligned and self.is_long(other):
                return True
        return False

    def is_heading(self, ln: Line) -> bool:
        if (ln.size or 0) >= HEADING_SIZE * self.body:
            return True
        spans = [s for s in ln.spans if s.text.strip()]
        return bool(spans) and all(s.bold for s in spans) and len(ln.text.split()) >= 2 \
            and ln.bbox.width >= 6 * self.body and ln.id not in self.captions

    def is_label(self, ln: Line) -> bool:
        """May belong to a figure as a tick label, axis label, legend entry."""
        return ln.id not in self.captions and not self.is_prose(ln) and \
            (ln.size or 0) < HEADING_SIZE * self.body


# -- raster and vector sources --------------------------------------------------------------
def raster_regions(page: Page, em: float) -> list[BBox]:
    page_area = max(1.0, page.width * page.height)
    boxes = []
    for im in page.images:
        b = im.bbox.intersection(page.rect)
        if b is None or (0 < im.pixel_width * im.pixel_height <= 4):
            continue
        if b.area < SCAN_SHARE * page_area and not _banner(b, page):
            boxes.append(b)
    return [b for b in cluster_boxes(boxes, TILE_GAP_EM * em)
            if _big_enough(b, em) and b.area < SCAN_SHARE * page_area]


def _banner(b: BBox, page: Page) -> bool:
    """Page decoration: an image bleeding off the top or bottom edge within the outer band
    (journal banners, header and footer strips)."""
    band = BAND_SHARE * page.height
    return (b.y0 <= 1.0 and b.y1 <= band) or (b.y1 >= page.height - 1.0 and b.y0 >= page.height - band)


def vector_regions(page: Page, text: PageText, em: float) -> list[tuple[BBox, str, bool | None]]:
    """Clusters of drawings (box, reason, strong). Strong clusters hold graphic ink spread
    over their box; weak ones are only rules and boxes with text in them (tables, frames),
    which join a figure next to them or frame a caption's figure, but are no figure alone.
    Small clusters (strong None) are fragments: labels drawn as paths, tick marks."""
    thin = max(1.0, RULE_EM * em)
    boxes: list[tuple[float, float, float, float]] = []
    kinds: list[str] = []
    pw, ph = 0.9 * page.width, 0.9 * page.height
    for d in page.drawings:
        b = d.bbox
        w, h = b.x1 - b.x0, b.y1 - b.y0
        if w >= pw and h >= ph:
            continue                                  # page frame or background
        if d.stroke is None and (d.fill is None or _lightness(d.fill) >= WHITE):
            continue                                  # invisible or white background
        boxes.append((b.x0, b.y0, b.x1, b.y1))
        kinds.append("rule" if min(w, h) <= thin and d.kind in ("line", "rect")
                     else "box" if d.kind == "rect" else "ink")
    out = []
    for members, (x0, y0, x1, y1) in cluster_items(boxes, CLUSTER_GAP_EM * em):
        bbox = BBox(x0, y0, x1, y1)
        if not _big_enough(bbox, em):
            if max(bbox.width, bbox.height) <= 2 * em or any(kinds[i] == "ink" for i in members):
                out.append((bbox, "", None))      # a fragment: glyphs drawn as paths, a tick
            continue
        strong = (len(members) > 1 or kinds[members[0]] == "ink") and \
            _ink_spread(members, boxes, kinds, text) >= INK_SHARE * bbox.area
        out.append((bbox, f"vector cluster of {len(members)} paths", strong))
    return out


def _ink_spread(members: list[int], boxes, kinds, text: PageText) -> float:
    """Area of the box around the graphic ink of a cluster: curves and paths, and filled or
    stroked boxes with no text in them (bars, nodes) unless most boxes hold text (then
    they are table cells, some of them empty); 0 when there is none."""
    ink = [boxes[i] for i in members if kinds[i] == "ink"]
    cells = [boxes[i] for i in members if kinds[i] == "box"]
    if len(cells) > 200:                         # many boxes: sample, text checks are costly
        cells = cells[:: len(cells) // 200 + 1]
    empty = [b for b in cells if not text.inside(BBox(*b))]
    if len(empty) > (1 - CELL_TEXT_SHARE) * len(cells):
        ink += empty                             # bars, nodes; not the empty cells of a table
    if not ink:
        return 0.0
    return (max(b[2] for b in ink) - min(b[0] for b in ink)) * (max(b[3] for b in ink) - min(b[1] for b in ink))


def _lightness(color: int) -> float:
    return (((color >> 16) & 255) + ((color >> 8) & 255) + (color & 255)) / 765.0


def _big_enough(b: BBox, em: float) -> bool:
    return b.width >= MIN_SIDE_EM[0] * em and b.height >= MIN_SIDE_EM[1] * em \
        and b.area >= MIN_AREA_EM2 * em * em


Box = tuple[float, float, float, float]


def cluster_items(boxes: list[Box], gap: float) -> list[tuple[list[int], Box]]:
    """Group boxes that come within `gap` of a group's box: one pass in y order against the
    groups still open (reaching down to the box), then groups merged until stable. Returns
    (member indexes, group box) pairs."""
    order = sorted(range(len(boxes)), key=lambda i: boxes[i][1])
    open_: list[list] = []                   # [x0, y0, x1, y1, members]
    done: list[list] = []
    for i in order:
        x0, y0, x1, y1 = boxes[i]
        keep = []
        for g in open_:
            (keep if g[3] + gap >= y0 else done).append(g)
        open_ = keep
        for g in reversed(open_):
            if g[0] - gap <= x1 and x0 - gap <= g[2] and g[1] - gap <= y1:
                g[0], g[2], g[3] = min(g[0], x0), max(g[2], x1), max(g[3], y1)
                g[4].append(i)
                break
        else:
            open_.append([x0, y0, x1, y1, [i]])
    groups = _merge_groups(done + open_, gap)
    return [(g[4], (g[0], g[1], g[2], g[3])) for g in groups]


def cluster_boxes(boxes: list[BBox], gap: float) -> list[BBox]:
    return [BBox(*box) for _, box in cluster_items([(b.x0, b.y0, b.x1, b.y1) for b in boxes], gap)]


def _merge_groups(groups: list[list], gap: float) -> list[list]:
    """Merge groups whose boxes come within `gap`, sweeping in x order, until stable."""
    merged = True
    while merged and len(groups) > 1:
        merged = False
        groups.sort(key=lambda g: g[0])
        out: list[list] = []
        active: list[list] = []
        for g in groups:
            active = [a for a in active if a[2] + gap >= g[0]]
            for a in active:
                if a[1] - gap <= g[3] and g[1] - gap <= a[3]:
                    a[0], a[1] = min(a[0], g[0]), min(a[1], g[1])
                    a[2], a[3] = max(a[2], g[2]), max(a[3], g[3])
                    a[4].extend(g[4])
                    merged = True
                    break
            else:
                out.append(g)
                active.append(g)
        groups = out
    return groups


def _close(a: BBox, b: BBox, gap: float) -> bool:
    return a.x0 - gap <= b.x1 and b.x0 - gap <= a.x1 and a.y0 - gap <= b.y1 and b.y0 - gap <= a.y1


# -- putting the sources together -------------------------------------------------------------
def propose(page: Page, text: PageText, em: float, margins: tuple[float, float],
            floats: list[BBox] = ()) -> list[Proposal]:
    """Figure regions of one page, each with the ids of the text lines it holds.
    `floats` are objects found before (tables): no figure is proposed over them, but a
    figure caption facing one makes it a figure too (a table set as a figure)."""
    props = [Proposal(b, {"raster"}, reasons=["raster image"]) for b in raster_regions(page, em)]
    clusters = vector_regions(page, text, em)
    props += [Proposal(b, {"vector"}, reasons=[r]) for b, r, strong in clusters if strong]
    props = [p for p in props if not any(f.covers_fraction(p.bbox) > 0.5 for f in floats)]
    weak = [Proposal(b, {"vector"}, reasons=[r + " (rules and framed text)"])
            for b, r, strong in clusters if strong is False and not any(f.intersection(b) for f in floats)]
    fragments = [b for b, _, strong in clusters if strong is None]
    if props:
        props = merge_parts(props, text, em, grown=False)
        for p in props:
            grow(p, text, em, fragments)
        props = merge_parts(props, text, em, grown=True)
        props = _absorb(props, weak, text, em)
        props = merge_under_caption(props, text, em)
        props = [p for p in props if not _prose_inside(p.bbox, text)]
    tables = [Proposal(f, {"table"}, claim=False) for f in floats]
    props += caption_first(page, text, props, weak + tables, em, margins)
    claimed: set[str] = set()
    for p in sorted(props, key=lambda p: (p.bbox.y0, p.bbox.x0)):
        if not p.claim:
            continue
        p.line_ids = [ln.id for ln in sorted(text.inside(p.bbox), key=lambda ln: (ln.bbox.y0, ln.bbox.x0))
                      if ln.id not in claimed and text.is_label(ln)]
        claimed.update(p.line_ids)
    return sorted(props, key=lambda p: (p.bbox.y0, p.bbox.x0))


def grow(p: Proposal, text: PageText, em: float, fragments: list[BBox] = ()) -> None:
    """Take in the label lines inside the region and, repeatedly, those at its edges, with
    small drawn fragments (labels drawn as paths); sub-figure labels "(a)" may sit a
    little further below or above."""
    gap = GROW_GAP_EM * em
    box = p.bbox
    taken = {ln.id for ln in text.inside(box)}
    frags = list(fragments)
    for _ in range(8):
        added = False
        for ln in text.near(box.expand(SUBLABEL_GAP_EM * em)):
            if ln.id in taken or not text.is_label(ln):
                continue
            if not _close(box, ln.bbox, gap) and not (
                    _SUBLABEL.match(ln.text) and ln.bbox.overlap_x(box) > 0 and len(ln.text.split()) <= 12):
                continue
            taken.add(ln.id)
            box = box.union(ln.bbox)
            added = True
        near = [f for f in frags if _close(box, f, gap)]
        if near:
            box = BBox.union_all([box] + near)
            frags = [f for f in frags if not _close(box, f, gap)] if len(near) < len(frags) else []
            added = True
        if not added:
            break
    if box != p.bbox:
        p.reasons.append("with the labels around it")
    p.bbox = box


def merge_parts(props: list[Proposal], text: PageText, em: float, grown: bool) -> list[Proposal]:
    """Merge regions that overlap; once grown, also parts close to each other or stacked
    one above the other, with no prose, heading or caption between them."""
    merged = True
    while merged and len(props) > 1:
        merged = False
        out: list[Proposal] = []
        for p in sorted(props, key=lambda p: (p.bbox.y0, p.bbox.x0)):
            for q in out:
                if _mergeable(q.bbox, p.bbox, text, em, grown):
                    q.bbox = q.bbox.union(p.bbox)
                    q.sources |= p.sources
                    q.reasons += [r for r in p.reasons if r not in q.reasons]
                    merged = True
                    break
            else:
                out.append(p)
        props = out
    return props


def _absorb(props: list[Proposal], weak: list[Proposal], text: PageText, em: float) -> list[Proposal]:
    """A table-like cluster right next to a figure (nothing between) is part of it,
    unless a caption of its own (a table's) faces it."""
    for w in weak:
        if _own_caption(w, text, em):
            continue
        for p in props:
            if _mergeable(p.bbox, w.bbox, text, em, grown=True):
                p.bbox = p.bbox.union(w.bbox)
                p.reasons.append("with the ruled part next to it")
                break
    return merge_parts(props, text, em, grown=False) if weak else props


def _mergeable(a: BBox, b: BBox, text: PageText, em: float, grown: bool) -> bool:
    if a.intersection(b) is not None:
        return True
    if not grown:
        return False
    close = _close(a, b, MERGE_GAP_EM * em)
    stacked = a.overlap_x(b) >= 0.3 * min(a.width, b.width) and \
        max(a.y0 - b.y1, b.y0 - a.y1) <= STACK_GAP_EM * em
    return (close or stacked) and not _separated(a, b, text)


def _gap_box(a: BBox, b: BBox) -> BBox:
    """The space between two boxes (their common range along an axis where they overlap)."""
    def span(a0, a1, b0, b1):
        if a1 <= b0:
            return a1, b0
        if b1 <= a0:
            return b1, a0
        return max(a0, b0), min(a1, b1)
    x0, x1 = span(a.x0, a.x1, b.x0, b.x1)
    y0, y1 = span(a.y0, a.y1, b.y0, b.y1)
    return BBox(x0, y0, x1, y1)


def _separated(a: BBox, b: BBox, text: PageText) -> bool:
    """Prose, a heading or a caption in the space between two boxes."""
    gap = _gap_box(a, b)
    return any(_blocker(ln, text) for ln in text.near(gap)
               if ln.bbox.overlap_x(gap) > 0.5 and ln.bbox.overlap_y(gap) > 0.5)


def _blocker(ln: Line, text: PageText, size: float | None = None) -> bool:
    """Text that separates figure parts, or a figure from its caption: a caption, a
    heading, or running text about as large as body text (text inside figures, sub-figure
    captions included, is set smaller) -- or at least `size`, when given."""
    if ln.id in text.captions or text.is_heading(ln):
        return True
    if _SUBLABEL.match(ln.text):
        return False
    return text.is_prose(ln) and (ln.size or 0) >= min(0.92 * text.body, size or text.body)


def _prose_inside(box: BBox, text: PageText) -> bool:
    """Running text over a graphic (a shaded text box, a background image), not a figure:
    lines of prose covering a good part of the region (a figure's title or note does not)."""
    prose = [ln.bbox for ln in text.inside(box) if text.is_prose(ln)]
    return len(prose) >= 2 and sum(b.area for b in prose) >= PROSE_SHARE * box.area


def caption_block(text: PageText, ln: Line) -> BBox:
    """The caption that starts with line `ln`: it and the lines set closely below it, as
    long as the line before runs to the caption's right edge (a wrapped caption), or
    holds only the label."""
    box, last = ln.bbox, ln
    size = ln.size or text.body
    label_only = len(ln.text.split()) <= 2
    while label_only or last.bbox.x1 >= box.x1 - 2 * size:
        nxt = [o for o in text.near(BBox(box.x0, box.y1, box.x1, box.y1 + 0.8 * size))
               if o.bbox.y0 > box.y1 - 0.3 * size and o.id not in text.captions
               and abs((o.size or size) - size) <= 0.15 * size and o.horizontal]
        if not nxt:
            break
        label_only = False
        last = max(nxt, key=lambda o: o.bbox.x1)
        box = box.union(BBox.union_all(o.bbox for o in nxt))
    return box


def merge_under_caption(props: list[Proposal], text: PageText, em: float) -> list[Proposal]:
    """Side-by-side parts (sub-figures) with one caption spanning them are one figure;
    side-by-side figures with captions of their own stay apart."""
    if len(props) < 2:
        return props
    for _, _, cb in text.caption_blocks():
        parts = facing(props, cb, text, em)
        row = [p for p in parts if any(p is not q and p.bbox.overlap_y(q.bbox) > 0.3 *
                                       min(p.bbox.height, q.bbox.height) for q in parts)]
        if len(row) >= 2:
            first = row[0]
            for p in row[1:]:
                first.bbox = first.bbox.union(p.bbox)
                first.sources |= p.sources
                props = [q for q in props if q is not p]
            first.reasons.append("parts under one caption")
    return props


def facing(props: list[Proposal], cb: BBox, text: PageText, em: float) -> list[Proposal]:
    """The regions a caption block faces: those right above it, nothing between; else
    those right below it that no other caption has right below them (figure captions
    sit below their figure more often than above)."""
    above = _facing(props, cb, text, em, "above")
    if above:
        return above
    others = [b for _, _, b in text.caption_blocks() if b != cb]
    return [p for p in _facing(props, cb, text, em, "below")
            if not any(_facing([p], b, text, em, "above") for b in others)]


def _facing(props: list[Proposal], cb: BBox, text: PageText, em: float, side: str) -> list[Proposal]:
    """Regions right above (or below) a caption block, nothing between."""
    reach = CAPTION_REACH_EM * em
    out = []
    for p in props:
        gap = cb.y0 - p.bbox.y1 if side == "above" else p.bbox.y0 - cb.y1
        if cb.overlap_x(p.bbox) > 0 and -0.5 * em <= gap <= reach and not _separated(p.bbox, cb, text):
            out.append(p)
    return out


# -- caption-first ------------------------------------------------------------------------
def caption_first(page: Page, text: PageText, props: list[Proposal], weak: list[Proposal],
                  em: float, margins: tuple[float, float]) -> list[Proposal]:
    """Figure captions with no region facing them propose the frame facing them (a boxed
    listing or algorithm), else the area above (or below) them up to the nearest body text.
    Such figures leave their text in the flow: it is a listing, a table set as a figure,
    or something we could not see as a drawing."""
    out: list[Proposal] = []
    for ln, label, cb in text.caption_blocks():
        if facing(props + out, cb, text, em) or any(p.bbox.intersection(cb) is not None for p in props + out):
            continue
        frames = facing(weak, cb, text, em)
        if frames:
            box = BBox.union_all(f.bbox for f in frames)
            what = "a table set as a figure" if any("table" in f.sources for f in frames) \
                else "framed content"
            out.append(Proposal(box, {"vector", "caption"}, claim=False,
                                reasons=[f"caption-first: {what} next to '{label.text}'"]))
            continue
        col = _column_extent(text, cb)
        edges = props + out + [w for w in weak if "table" in w.sources and _own_caption(w, text, em)]
        size = ln.size or text.body
        areas = [a for a in (_empty_area(text, edges, col, cb, "above", margins, em, size),
                             _empty_area(text, edges, col, cb, "below", margins, em, size)) if a]
        if not areas:
            continue
        found = [(a, _content(page, text, a, size, col, em)) for a in areas]
        drawn = [(a, c) for a, c in found if c[1]]
        written = [(a, c) for a, c in found if c[0] is not None]
        area, (content, graphic) = (drawn or written or found)[0]
        box = content or BBox(area.x0, area.y0 + 0.3 * em, area.x1, area.y1 - 0.3 * em)
        side = "above" if area.y1 <= cb.y0 + 0.5 else "below"
        what = "drawing" if graphic else "text" if content else "empty area"
        out.append(Proposal(box, {"caption"}, claim=False, review=not graphic, reasons=[
            f"caption-first: {what} {side} '{label.text}'"]))
    return out


def _own_caption(p: Proposal, text: PageText, em: float) -> bool:
    """A table (or other object) with a caption of its own facing it."""
    return any(_facing([p], b, text, em, "above") or _facing([p], b, text, em, "below")
               for _, _, b in text.caption_blocks(kinds=("table", "other")))


def _column_extent(text: PageText, cb: BBox) -> tuple[float, float]:
    prose = [ln for ln in text.lines if text.is_long(ln)]
    if not prose:
        return cb.x0, cb.x1
    left, right = min(ln.bbox.x0 for ln in prose), max(ln.bbox.x1 for ln in prose)
    if cb.width >= 0.6 * (right - left):
        return min(left, cb.x0), max(right, cb.x1)
    mine = [ln for ln in prose if ln.bbox.x0 <= cb.cx <= ln.bbox.x1]
    if not mine:
        return left, right
    x0s = sorted(ln.bbox.x0 for ln in mine)
    x1s = sorted(ln.bbox.x1 for ln in mine)
    return min(x0s[len(x0s) // 2], cb.x0), max(x1s[len(x1s) // 2], cb.x1)


def _area_edge(ln: Line, text: PageText, cap_size: float, col: tuple[float, float],
               em: float) -> bool:
    """Text that bounds a caption-first area: a line crossing the column's edges (a float
    never overlaps those) or a blocker; running text only when at least as large as the
    caption (text inside figures is set no larger than their captions)."""
    if ln.bbox.x0 < col[0] - em or ln.bbox.x1 > col[1] + em:
        return True
    return _blocker(ln, text, 0.95 * cap_size)


def _empty_area(text: PageText, props: list[Proposal], col: tuple[float, float], cb: BBox,
                side: str, margins: tuple[float, float], em: float, cap_size: float) -> BBox | None:
    x0, x1 = col
    if side == "above":
        limit = min(margins[0], cb.y0)
        probe = BBox(x0 + 1, limit, x1 - 1, cb.y0 - 0.1)
    else:
        limit = max(margins[1], cb.y1)
        probe = BBox(x0 + 1, cb.y1 + 0.1, x1 - 1, limit)
    if probe.height < MIN_EMPTY_EM * em:
        return None
    edges = [(ln.bbox, False) for ln in text.near(probe) if _area_edge(ln, text, cap_size, col, em)
             and ln.bbox.overlap_x(probe) > 0
             and (ln.bbox.y1 <= cb.y0 if side == "above" else ln.bbox.y0 >= cb.y1)]
    edges += [(p.bbox, True) for p in props if p.bbox.intersection(probe) is not None]
    if side == "above":
        nearest = max(edges, key=lambda e: e[0].y1, default=None)
        area = BBox(x0, max(probe.y0, nearest[0].y1) if nearest else probe.y0, x1, cb.y0)
    else:
        nearest = min(edges, key=lambda e: e[0].y0, default=None)
        area = BBox(x0, cb.y1, x1, min(probe.y1, nearest[0].y0) if nearest else probe.y1)
    if nearest is not None and nearest[1]:
        return None                     # a figure region is there already: it will bind
    if area.height < MIN_EMPTY_EM * em:
        return None
    return area


def _content(page: Page, text: PageText, area: BBox, cap_size: float, col: tuple[float, float],
             em: float) -> tuple[BBox | None, bool]:
    """The box of what is drawn or written (labels only) inside an area, and whether
    anything is drawn (paths or images) rather than only written."""
    boxes = [d.bbox for d in page.drawings if area.contains(d.bbox, tol=1.0)]
    boxes += [im.bbox for im in page.images if area.contains(im.bbox, tol=1.0)]
    graphic = bool(boxes)
    boxes += [ln.bbox for ln in text.inside(area) if not _area_edge(ln, text, cap_size, col, em)]
    if not boxes:
        return None, False
    return BBox.union_all(boxes), graphic
