"""Figure region proposals on one page (geometry only; the figures stage makes elements).

Three sources, in the spirit of PDFFigures 2.0 (Clark & Divvala, 2016):

1. raster placements: tiles that touch are one image; icons and page-covering scans are
   not figures;
2. vector drawings clustered by proximity: a cluster is a figure when it holds graphic ink
   (curves, diagonal or polyline paths, filled shapes with no text in them) spread over a
   good part of its area; clusters of only horizontal/vertical rules and boxes with text in
   them are tables, rules or text frames, left to the other stages;
3. caption-first (`caption_first.py`): a figure caption with no region next to it
   proposes the area above (or below) it, bounded by its column and the nearest body text.

`propose` in the figures stage puts them together. Raster and vector regions take in the short text lines inside and at their edges
(tick labels, axis labels, legends), never body prose, captions or headings.
All distances are in units of the body font size (em).
"""
from __future__ import annotations

from operator import itemgetter

from ...model import BBox, Page
from .caption_reach import facing_side, merge_under_caption, own_caption, separated
from .clusters import Box, cluster_items
from .clusters import _merge_groups  # noqa: F401  (read by tests/test_stage_shortcuts.py)
from .gutter_rules import loose_rules
from .page_art import BLEED, behind_text, off_page, without_bleeding_art
from .page_text import HEADING_SIZE, PAGE_TEXT_SIZE, SUBLABEL, PageText, numeral, runs_on
from .proposal import Proposal
from .wrapped import wrapped_lines

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
PROSE_PANEL_LINES = 8   # ... and so do this many prose lines holding most of its text
SCAN_SHARE = 0.6        # an image covering this share of the page is a scan/background
BAND_SHARE = 0.2        # images bleeding off the page within this outer band are decoration
STACK_GAP_EM = 3.0      # parts stacked this close (nothing between) are one figure
SUBLABEL_GAP_EM = 2.5   # sub-figure labels "(a)" may sit this far below their part
WHITE = 0.95            # fills lighter than this (and unstroked) are page background
PURE_WHITE = 0.999      # ... and a pale tint below this is a background box (frame_boxes)
BACKGROUND_WIDTH = 0.8  # an image this share of the page wide may be a background
PAGE_SIZED = 0.9        # an image this share of the page wide and high is the page itself



# -- raster and vector sources --------------------------------------------------------------
def raster_regions(page: Page, em: float, text: PageText | None = None) -> list[BBox]:
    """Boxes of the raster images that are figures: what is seen of each image (a cut-out
    photo placed with blank paper around it, the text run around it over that paper, is
    the photo), tiles that touch joined."""
    page_area = max(1.0, page.width * page.height)
    boxes: list[BBox] = []
    bleeding: list[bool] = []
    for im in page.images:
        b = _seen(im).intersection(page.rect)
        if b is None or (0 < im.pixel_width * im.pixel_height <= 4):
            continue
        if b.area < SCAN_SHARE * page_area and not _banner(b, page) and \
                not (text is not None and _text_on(b, text)):
            boxes.append(b)
            bleeding.append(off_page(im.bbox, page, em) and not _big_enough(b, em))
    out = []
    for members, box in cluster_items([(b.x0, b.y0, b.x1, b.y1) for b in boxes], TILE_GAP_EM * em):
        b = BBox(*box)
        if not _big_enough(b, em) or b.area >= SCAN_SHARE * page_area:
            continue
        if any(bleeding[i] for i in members) and not any(_big_enough(boxes[i], em) for i in members):
            continue            # icons strewn over the page's edge: decoration, like bleeding art
        out.append(b)
    return out


def _seen(im) -> BBox:
    """The visible part of an image placement (`ImagePlacement.visible`, inside its box),
    else the whole placement."""
    v = im.visible
    return v if v is not None and im.bbox.contains(v, tol=1.0) else im.bbox


def _text_on(b: BBox, text: PageText) -> bool:
    """Page text set on the image: a figure caption, a heading, or two lines of body-size
    running text, lie on it. The image is a background (a banner, a tinted band under a
    section heading), not a figure: a figure's caption, the headings and the prose around
    it are set beside it, never on it (labels set over a picture are small)."""
    inside = text.inside(b)
    if any(ln.id in text.captions and _well_inside(ln.bbox, b) for ln in inside):
        return True
    if any(ln.horizontal and (ln.size or 0) >= HEADING_SIZE * text.body for ln in inside):
        return True
    prose = [ln for ln in inside if text.is_prose(ln) and (ln.size or 0) >= 0.92 * text.body]
    return len(prose) >= 2


def _well_inside(line: BBox, b: BBox) -> bool:
    """A line with room above and below it on the image (a caption set over the image's
    lower edge, as word processors let it overlap, is beside it)."""
    h = max(line.height, 1.0)
    return line.y0 - b.y0 >= 2 * h and b.y1 - line.y1 >= 2 * h


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
    colours: list[int | None] = []
    pw, ph = 0.9 * page.width, 0.9 * page.height
    for d in page.drawings:                           # (tens of thousands on a plan: kept lean)
        x0, y0, x1, y1 = box = d.bbox.x0, d.bbox.y0, d.bbox.x1, d.bbox.y1
        w, h = x1 - x0, y1 - y0
        if w >= pw and h >= ph:
            continue                                  # page frame or background
        if d.stroke is None and (d.fill is None or _lightness(d.fill) >= WHITE):
            continue                                  # invisible or white background
        if d.fill is None and d.kind in ("curve", "path") and behind_text(d.bbox, text):
            continue                                  # an outline drawn behind the page's prose
        boxes.append(box)
        colours.append(d.fill if d.fill is not None else d.stroke)
        # more than an em off the page: background art a designer let bleed and the page
        # box cuts (a figure sits inside the text block); it marks the art it belongs to
        kinds.append(BLEED if off_page(d.bbox, page, em) else
                     "rule" if min(w, h) <= thin and d.kind in ("line", "rect")
                     else "box" if d.kind == "rect" else "ink")
    out = []
    clusters = cluster_items(boxes, CLUSTER_GAP_EM * em)
    clusters = without_gutter_rules(without_bleeding_art(clusters, boxes, kinds, colours, CLUSTER_GAP_EM * em),
                                    boxes, kinds, text, em)
    for members, (x0, y0, x1, y1) in clusters:
        bbox = BBox(x0, y0, x1, y1)
        if not _big_enough(bbox, em):
            if max(bbox.width, bbox.height) <= 2 * em or any(kinds[i] == "ink" for i in members):
                out.append((bbox, "", None))      # a fragment: glyphs drawn as paths, a tick
            continue
        strong = (len(members) > 1 or kinds[members[0]] == "ink") and \
            _ink_spread(members, boxes, kinds, text) >= INK_SHARE * bbox.area
        out.append((bbox, f"vector cluster of {len(members)} paths", strong))
    return out


def without_gutter_rules(clusters: list[tuple[list[int], Box]], boxes: list[Box], kinds: list[str],
                         text: PageText, em: float) -> list[tuple[list[int], Box]]:
    """Clusters less the rules that only touch them (`gutter_rules.loose_rules`: the rule
    between two columns, drawn along the text), clustered again without them."""
    out: list[tuple[list[int], Box]] = []
    for members, box in clusters:
        loose = set(loose_rules(members, boxes, kinds, text, em))
        keep = [i for i in members if i not in loose]
        out += [(members, box)] if not loose else [
            ([keep[k] for k in sub], b) for sub, b in cluster_items([boxes[i] for i in keep], CLUSTER_GAP_EM * em)]
    return out


def _ink_spread(members: list[int], boxes, kinds, text: PageText) -> float:
    """Area of the box around the graphic ink of a cluster: curves and paths, and filled or
    stroked boxes with no text in them (bars, nodes) unless most boxes hold text (then
    they are table cells, some of them empty); 0 when there is none."""
    ink = [boxes[i] for i in members if kinds[i] == "ink"]
    cells = [boxes[i] for i in members if kinds[i] == "box"]
    if len(cells) > 200:                         # many boxes: sample, text checks are costly
        cells = cells[:: len(cells) // 200 + 1]
    rows = shaded_rows(cells)
    empty = [b for b in cells if not text.inside(BBox(*rows.get(b, b)))]
    if len(empty) > (1 - CELL_TEXT_SHARE) * len(cells):
        ink += empty                             # bars, nodes; not the empty cells of a table
    if not ink:
        return 0.0
    x0, y0, x1, y1 = (itemgetter(k) for k in range(4))      # (a plan's cluster: 30k boxes)
    return (max(map(x1, ink)) - min(map(x0, ink))) * (max(map(y1, ink)) - min(map(y0, ink)))


def shaded_rows(cells: list[Box], tol: float = 0.5) -> dict[Box, Box]:
    """Each box that is one tile of a shaded row, mapped to the whole row. Filing agents
    and office suites paint a row's background (a header band, a zebra stripe) cell by
    cell: boxes of one height, edge to edge along the row, a narrow gap cell between a `$`
    and its amount among them. A tile then holds no line's centre though the row holds
    text in every stretch: the row, not the tile, is what text lies on, and a tile of a
    row with text is a cell background, not a bar."""
    out: dict[Box, Box] = {}
    by_row: dict[tuple[int, int], list[Box]] = {}
    for b in cells:
        by_row.setdefault((round(b[1] / tol), round(b[3] / tol)), []).append(b)
    for row in by_row.values():
        row.sort()
        run = [row[0]]
        for b in row[1:] + [None]:
            if b is not None and b[0] <= run[-1][2] + tol:
                run.append(b)
                continue
            if len(run) > 1:
                whole = (run[0][0], min(r[1] for r in run), max(r[2] for r in run),
                         max(r[3] for r in run))
                out.update((r, whole) for r in run)
            run = [b] if b is not None else []
    return out


def _lightness(color: int) -> float:
    return (((color >> 16) & 255) + ((color >> 8) & 255) + (color & 255)) / 765.0


def _big_enough(b: BBox, em: float) -> bool:
    return b.width >= MIN_SIDE_EM[0] * em and b.height >= MIN_SIDE_EM[1] * em \
        and b.area >= MIN_AREA_EM2 * em * em


def _close(a: BBox, b: BBox, gap: float) -> bool:
    return a.x0 - gap <= b.x1 and b.x0 - gap <= a.x1 and a.y0 - gap <= b.y1 and b.y0 - gap <= a.y1


# -- putting the sources together -------------------------------------------------------------
def regions(page: Page, text: PageText, em: float,
            floats: list[BBox] = ()) -> tuple[list[Proposal], list[Proposal]]:
    """Raster and vector figure regions of one page, grown by their labels and merged, and
    the weak (table-like) clusters left over. `floats` are objects found before (tables):
    no figure is proposed over them."""
    props = [Proposal(b, {"raster"}, reasons=["raster image"]) for b in raster_regions(page, em, text)]
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
        props = [p for p in props if not _in_running_text(p, text)]
        props = merge_parts(props, text, em, grown=True)
        props = _framed(props, frame_boxes(page, em), text, em)
        props = _absorb(props, weak, text, em)
        props = merge_under_caption(props, text, em)
        props = [p for p in props if not _prose_inside(p.bbox, text)
                 and not _text_over_background(p, page, text)
                 and not (text.backdrop and _writing(p, text))]
    return props, weak


def _in_running_text(p: Proposal, text: PageText) -> bool:
    """Paths set among the lines of the running text -- the fraction bars, radicals and
    delimiters of a display equation drawn as paths -- are the text's: a drawing whose
    words all go on the running text (none is a label of its own) is no figure."""
    if p.sources != {"vector"}:
        return False
    inside = text.inside(p.bbox)
    return bool(inside) and all(text.is_prose(ln) or text.in_flow(ln) for ln in inside)


def claim_labels(props: list[Proposal], text: PageText) -> None:
    """Give each claiming region the label lines inside it (each line to one region), and
    the numerals set on it however large (`page_text.numeral`)."""
    claimed: set[str] = set()
    for p in sorted(props, key=lambda p: (p.bbox.y0, p.bbox.x0)):
        if not p.claim:
            continue
        p.line_ids = [ln.id for ln in sorted(text.inside(p.bbox), key=lambda ln: (ln.bbox.y0, ln.bbox.x0))
                      if ln.id not in claimed and (text.is_label(ln) or numeral(ln, text))]
        claimed.update(p.line_ids)


def grow(p: Proposal, text: PageText, em: float, fragments: list[BBox] = ()) -> None:
    """Take in the label lines inside the region and, repeatedly, those at its edges, with
    small drawn fragments (labels drawn as paths); sub-figure labels "(a)" may sit a
    little further below or above. A display formula right above or below a figure is the
    text's, not a label of it."""
    gap = GROW_GAP_EM * em
    box = p.bbox
    taken = {ln.id for ln in text.inside(box)}
    frags = list(fragments)
    for _ in range(8):
        added = False
        for ln in text.near(box.expand(SUBLABEL_GAP_EM * em)):
            if ln.id in taken or not text.is_label(ln) or text.is_display_math(ln) or runs_on(ln, text):
                continue
            if not _close(box, ln.bbox, gap) and not (
                    SUBLABEL.match(ln.text) and ln.bbox.overlap_x(box) > 0 and len(ln.text.split()) <= 12):
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


def frame_boxes(page: Page, em: float) -> list[BBox]:
    """Pale filled boxes (no outline): the backgrounds that office suites and browsers lay
    under a drawing, and that shaded text panels use too."""
    page_area = max(1.0, page.width * page.height)
    return [d.bbox for d in page.drawings
            if d.stroke is None and d.fill is not None and WHITE <= _lightness(d.fill) < PURE_WHITE
            and _big_enough(d.bbox, em) and d.bbox.area < SCAN_SHARE * page_area]


def _framed(props: list[Proposal], frames: list[BBox], text: PageText, em: float) -> list[Proposal]:
    """A figure drawn on a pale background box is the whole box, when the box holds no
    running text, heading or caption (then it is a text panel, and the figure stays
    itself); parts on one background are one figure."""
    if not frames:
        return props
    for f in sorted(frames, key=lambda b: b.area):
        inside = [p for p in props if f.contains(p.bbox, tol=1.0)]
        if not inside or _panel_text(f, text):
            continue
        for p in inside:
            p.bbox = p.bbox.union(f)
            p.reasons.append("with the background box it is drawn on")
    return merge_parts(props, text, em, grown=False)


def _panel_text(box: BBox, text: PageText) -> bool:
    """A caption or a line of running text inside the box: a text panel (node labels of a
    diagram may be set larger than body text, so size alone does not make a heading)."""
    return any(ln.id in text.captions or (text.is_prose(ln) and not SUBLABEL.match(ln.text))
               for ln in text.inside(box)) or _prose_inside(box, text)


def _absorb(props: list[Proposal], weak: list[Proposal], text: PageText, em: float) -> list[Proposal]:
    """A table-like cluster right next to a figure (nothing between) is part of it,
    unless a caption of its own (a table's) faces it or it frames running text (a
    boxed text panel: the page's, not the figure's)."""
    for w in weak:
        if own_caption(w, text, em) or _panel_text(w.bbox, text):
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
    # parts of one figure sit side by side or one over the other; two regions that meet
    # only corner to corner (a masthead's art over one column, a graphic in the next) do not
    close = _close(a, b, MERGE_GAP_EM * em) and (a.overlap_x(b) > 0 or a.overlap_y(b) > 0)
    stacked = a.overlap_x(b) >= 0.3 * min(a.width, b.width) and \
        max(a.y0 - b.y1, b.y0 - a.y1) <= STACK_GAP_EM * em
    return (close or stacked) and not separated(a, b, text) and not _captioned_apart(a, b, text, em)


def _captioned_apart(a: BBox, b: BBox, text: PageText, em: float) -> bool:
    """Side-by-side figures, each with a caption of its own set under (or over) it and
    not under the other: two figures, not parts of one."""
    if a.overlap_x(b) > 0 or a.overlap_y(b) <= 0:
        return False
    blocks = [cb for _, _, cb in text.caption_blocks()]
    if len(blocks) < 2:
        return False

    def own(part: BBox, other: BBox) -> set[int]:
        return {k for k, cb in enumerate(blocks)
                if cb.overlap_x(part) >= 0.5 * cb.width and cb.overlap_x(other) <= 0.1 * cb.width
                and (facing_side([Proposal(part, set())], cb, text, em, "above")
                     or facing_side([Proposal(part, set())], cb, text, em, "below"))}
    mine, theirs = own(a, b), own(b, a)
    return bool(mine) and bool(theirs) and mine.isdisjoint(theirs)


def _prose_inside(box: BBox, text: PageText) -> bool:
    """Running text over a graphic (a shaded text box, a background image), not a figure:
    lines of prose covering a good part of the region (a figure's title or note does not)."""
    inside = text.inside(box)
    prose = [ln for ln in inside if text.is_prose(ln)]
    if len(prose) >= 2 and sum(ln.bbox.area for ln in prose) >= PROSE_SHARE * box.area:
        return True
    # a framed panel of running text (objectives, key points) with decoration around it:
    # paragraphs' worth of prose lines carrying most of the region's text; in a panel's
    # narrow columns, lines a paragraph wraps (`wrapped`: fewer words a line than the
    # page's running text)
    chars = sum(len(ln.text.strip()) for ln in inside)
    if len(prose) >= PROSE_PANEL_LINES and sum(len(ln.text.strip()) for ln in prose) >= 0.5 * chars:
        return True
    wraps = wrapped_lines(inside) if len(inside) >= PROSE_PANEL_LINES else []
    return len(wraps) >= PROSE_PANEL_LINES and sum(len(ln.text.strip()) for ln in wraps) >= 0.5 * chars


def _text_over_background(p: Proposal, page: Page, text: PageText) -> bool:
    """A full-width image behind body text in reading flow (a cover, a banner, a tinted
    photo band): two lines of body-size text or more, one set under the other as lines
    of a paragraph are, lie on it. Such text is the page's, not a figure's: a figure's own
    words (labels, legends, keys) are smaller, or lone lines. (Vector drawings are left
    alone: a drawing sheet's labels are the drawing's.)"""
    box = p.bbox
    if "raster" not in p.sources or box.width < BACKGROUND_WIDTH * page.width:
        return False
    body = [ln for ln in text.inside(box) if ln.horizontal and not text.is_mono(ln)
            and (ln.size or 0) >= 0.92 * text.body and len(ln.text.strip()) >= 12]
    body.sort(key=lambda ln: ln.bbox.y0)
    for a, b in zip(body, body[1:]):
        size = max(a.size, b.size)
        if abs(a.bbox.x0 - b.bbox.x0) <= 1.5 * size and 0 < b.bbox.y0 - a.bbox.y0 <= 1.8 * size \
                and abs(a.size - b.size) <= 0.1 * size:
            return True
    return False


def page_sized_image(page: Page) -> bool:
    """An image covers (nearly) the whole page: a scan under its text layer, a note app's
    paper, a photo a cover is printed on. It is the page's background, not a figure, and
    what is written and drawn over it is the page's own."""
    w, h = PAGE_SIZED * page.width, PAGE_SIZED * page.height
    for im in page.images:
        b = im.bbox.intersection(page.rect)
        if b is not None and b.width >= w and b.height >= h:
            return True
    return False


def _writing(p: Proposal, text: PageText) -> bool:
    """Drawings over a page-sized background that carry the page's lines of writing
    (handwritten notes under their recognised or typed text: long lines at body size, set
    wider apart than a paragraph's, so they read as no prose) holding most of the region's
    words: the page's ink, not a figure. A chart's words are short labels."""
    if "vector" not in p.sources:
        return False
    inside = [ln for ln in text.inside(p.bbox) if ln.horizontal]
    writing = [ln for ln in inside if text.is_long(ln) and (ln.size or 0) >= PAGE_TEXT_SIZE * text.body]
    chars = sum(len(ln.text.strip()) for ln in inside)
    return len(writing) >= 2 and sum(len(ln.text.strip()) for ln in writing) >= 0.5 * chars
