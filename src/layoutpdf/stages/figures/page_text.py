"""The free text lines of a page as the figure stages see them: indexed by position, with
the typographic tests that tell figure labels from running text, captions and headings."""
from __future__ import annotations

import bisect
import re
from operator import attrgetter

from ...elements.captions import Label, is_caption_line
from ...model import BBox, Line
from ...text.latex_symbols import is_math_char, is_math_font

HEADING_SIZE = 1.15     # text this much larger than body text is a heading, not a label
PAGE_TEXT_SIZE = 0.92   # ... and over a page-sized image, text this large is the page's
FLOW_GAP = 0.6          # a line this close (in font sizes) under running text goes on it
FLOW_ROW_GAP = 1.0      # ... and so do the fragments beside it on its row (in body sizes)
FLOW_SIZE = 0.6         # ... set at least this share of its size (smaller: a figure's label)
DISPLAY_MATH_SIZE = 0.95  # a display formula is set at body size (a plot's maths labels smaller)
SMALL_TEXT = 0.92       # text set smaller than this share of the body size is no body text
# type under a point (a third of a millimetre) is set for search, not for a reader's eye:
# the hidden copy of a scanned exhibit's words a filing agent lays on its page; no label
HIDDEN_TEXT_PT = 1.0
# an entry's number: outline numbers ("4.1", "4.1:"), "3:" or "3)", "a)" or "a."
_ENTRY = re.compile(r"^\s*(?:\d+(?:\.\d+)+[:.)]?|\d+[:)]|[a-z][.)])\s")
_RELATIONS = frozenset("=<>≤≥≈∼≡≠∝")
_TOP = attrgetter("bbox.y0")
SUBLABEL = re.compile(r"^\s*\((?:[a-z]|[ivx]{1,4})\)")   # sub-figure label "(a)"


class PageText:
    """The free text lines of a page, indexed by position, with prose/caption tests."""

    def __init__(self, lines: list[Line], body: float, backdrop: bool = False):
        self.body = body
        # the page is drawn on a page-sized image (`regions.page_sized_image`): the lines
        # at body size or larger set on it are the page's text, never a figure's labels
        self.backdrop = backdrop
        self.lines = sorted(lines, key=_TOP)
        tall = 3 * body                      # rotated labels, margin stamps: looked at always
        heights = [ln.bbox.height for ln in self.lines]
        self._flat = [ln for ln, h in zip(self.lines, heights) if h <= tall]
        self._tall = [ln for ln, h in zip(self.lines, heights) if h > tall]
        self.y0s = [ln.bbox.y0 for ln in self._flat]
        self.max_h = max([h for h in heights if h <= tall], default=0.0)
        self.captions: dict[str, Label] = {}
        for ln in self.lines:
            if ln.horizontal:
                label = is_caption_line(ln, body)
                if label is not None and not self._continues_above(ln):
                    self.captions[ln.id] = label
        self._prose: dict[str, bool] = {}
        self._long: dict[str, bool] = {}
        self._mono: dict[str, bool] = {}
        self._above: dict[str, Line | None] = {}
        self._flow: dict[str, tuple[float, float]] | None = None
        self._blocks: list[tuple[Line, Label, BBox]] | None = None

    def _continues_above(self, ln: Line) -> bool:
        """The line goes on a block of text right above it ('... as in' / 'Fig. 1.'): a
        caption starts after a gap, not in the middle of a paragraph."""
        size = ln.size or self.body
        for o in self._near(ln.bbox.x0, ln.bbox.y0 - 0.6 * size, ln.bbox.x1, ln.bbox.y0):
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
        return self._near(box.x0, box.y0, box.x1, box.y1)

    def _near(self, x0: float, y0: float, x1: float, y1: float) -> list[Line]:
        """`near` of the box (x0, y0, x1, y1), for the tests asked of every line."""
        lo = bisect.bisect_left(self.y0s, y0 - self.max_h - 1)
        hi = bisect.bisect_right(self.y0s, y1)
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
        hit = self._long.get(ln.id)
        if hit is None:
            hit = self._long[ln.id] = self._is_long(ln)
        return hit

    def _is_long(self, ln: Line) -> bool:
        if not ln.horizontal or self.is_mono(ln):
            return False
        size = ln.size or self.body
        words = len(ln.text.split())
        w = ln.bbox.width
        return (words >= 6 and w >= 12 * size) or (words >= 3 and w >= 22 * size)

    def is_mono(self, ln: Line) -> bool:
        hit = self._mono.get(ln.id)
        if hit is None:
            spans = [s for s in ln.spans if s.text.strip()]
            hit = self._mono[ln.id] = bool(spans) and all(s.mono for s in spans)
        return hit

    def is_prose(self, ln: Line) -> bool:
        """A line of running text: a long line in a left- or right-aligned block of long
        lines, or the short last line of such a block."""
        hit = self._prose.get(ln.id)
        if hit is None:
            if ln.vertical:   # a column of vertical CJK text is prose, not a label
                hit = len(ln.text.strip()) >= 6
            else:
                hit = ln.horizontal and not self.is_mono(ln) and self._aligned_long(ln)
            self._prose[ln.id] = hit
        return hit

    def _aligned_long(self, ln: Line) -> bool:
        size = ln.size or self.body
        entry = self._key_entry(ln)
        for other in self._near(ln.bbox.x0, ln.bbox.y0 - 1.0 * size, ln.bbox.x1, ln.bbox.y1 + 1.0 * size):
            if other is ln or other.bbox.overlap_y(ln.bbox) > 0.2 * size \
                    or abs((other.size or size) - size) > 0.1 * size:
                continue
            if entry and self._key_entry(other):
                continue                    # the next entry of a list, not a line it runs on in
            aligned = abs(other.bbox.x0 - ln.bbox.x0) <= 1.5 * size or \
                (abs(other.bbox.x1 - ln.bbox.x1) <= 1.0 * size and self.is_long(ln))
            if aligned and self.is_long(other):
                return True
            if aligned and self._ends_paragraph_under(other, ln):
                return True
        return False

    def _key_entry(self, ln: Line) -> bool:
        """An entry of a graphic's numbered list or key ("4.1: Secure the ...", "a) ..."),
        in type smaller than the body text. Entries set one under the other each open
        with their own number: no line runs on into the next, so they are no running
        text even when long (an infographic lists its points so). Footnotes ("1." or a
        raised mark) are not read so."""
        return (ln.size or self.body) < SMALL_TEXT * self.body and _ENTRY.match(ln.text) is not None

    def _ends_paragraph_under(self, last: Line, ln: Line) -> bool:
        """`last` closes a paragraph whose full line `ln` is (a two-line paragraph): set
        right under it at body size, flush left with it, ending a sentence."""
        size = ln.size or self.body
        return self.is_long(ln) and size >= 0.92 * self.body and \
            0 <= last.bbox.y0 - ln.bbox.y0 <= 1.6 * size and abs(last.bbox.x0 - ln.bbox.x0) <= 0.5 * size \
            and last.text.rstrip().rstrip("0123456789\u00b9\u00b2\u00b3*\u2020)]")[-1:] in (".", "!", "?", ":")

    def is_heading(self, ln: Line) -> bool:
        if (ln.size or 0) >= HEADING_SIZE * self.body:
            return True
        spans = [s for s in ln.spans if s.text.strip()]
        return bool(spans) and all(s.bold for s in spans) and len(ln.text.split()) >= 2 \
            and ln.bbox.width >= 6 * self.body and ln.id not in self.captions

    def is_label(self, ln: Line) -> bool:
        """May belong to a figure as a tick label, axis label, legend entry (on a page
        drawn on a page-sized image, set smaller than the body text: a cover's title set
        on its photo beside a logo is the page's). Type too small to read is no label."""
        cap = PAGE_TEXT_SIZE if self.backdrop else HEADING_SIZE
        return ln.id not in self.captions and not self.is_prose(ln) and \
            HIDDEN_TEXT_PT <= (ln.size or HIDDEN_TEXT_PT) < cap * self.body and not self.in_flow(ln)

    def is_display_math(self, ln: Line) -> bool:
        """A line of a display formula: at body size or larger, at least half of its
        characters maths (a maths font's or maths symbols), with a relation. A figure's
        labels set in a maths font are smaller than the body text (a plot's axis labels,
        legend entries), or carry no relation."""
        if (ln.size or 0) < DISPLAY_MATH_SIZE * self.body:
            return False
        chars = [(c, s.font) for s in ln.spans for c in s.text if not c.isspace()]
        maths = sum(1 for c, font in chars if is_math_font(font) or is_math_char(c))
        return len(chars) >= 3 and 2 * maths >= len(chars) and any(
            c in _RELATIONS for c, _ in chars)

    def in_flow(self, ln: Line) -> bool:
        """The line goes on running text: it sits at line spacing under a line of body-size
        prose (or of such a continuation) and within its width, or beside such a line on its
        row -- a paragraph's display equation, its last short line. A float is set apart
        from the text by more than line spacing, so its labels never are."""
        if self._flow is None:
            self._flow = self._flow_lines()
        return ln.id in self._flow

    def _flow_lines(self) -> dict[str, tuple[float, float]]:
        """Lines of running text and their continuations, each with the width of the
        paragraph it goes on (a short last line stands for the full lines above it)."""
        flow: dict[str, tuple[float, float]] = {}
        for ln in self.lines:
            if (ln.size or 0) >= 0.92 * self.body and ln.id not in self.captions and self.is_prose(ln):
                flow[ln.id] = self._paragraph_width(ln)
        rest = [ln for ln in self.lines if ln.id not in flow and ln.id not in self.captions and ln.horizontal]
        for _ in range(4):                    # rows of a display: a few passes reach them all
            added = [(ln, w) for ln in rest for w in [self._goes_on(ln, flow)] if w is not None]
            if not added:
                break
            flow.update((ln.id, w) for ln, w in added)
            rest = [ln for ln in rest if ln.id not in flow]
        return flow

    def _paragraph_width(self, ln: Line) -> tuple[float, float]:
        """The width of the text block a prose line ends: it and the running lines set
        at line spacing above it (a short last line, a one-line paragraph stand for the
        full lines above)."""
        x0, x1, cur = ln.bbox.x0, ln.bbox.x1, ln
        for _ in range(3):
            cur = self._running_above(cur)
            if cur is None:
                break
            x0, x1 = min(x0, cur.bbox.x0), max(x1, cur.bbox.x1)
        return x0, x1

    def _running_above(self, cur: Line) -> Line | None:
        """The line of running text set at line spacing right above `cur`, if any (asked
        once per line: the lines of a paragraph share the walk up)."""
        if cur.id not in self._above:
            size = cur.size or self.body
            above = [o for o in self._near(cur.bbox.x0, cur.bbox.y0 - 1.0 * size, cur.bbox.x1, cur.bbox.y0)
                     if o is not cur and o.bbox.y1 <= cur.bbox.y0 + 0.3 * size and (self.is_prose(o) or self.is_long(o))]
            self._above[cur.id] = max(above, key=lambda o: o.bbox.y1) if above else None
        return self._above[cur.id]

    def _goes_on(self, ln: Line, flow: dict[str, tuple[float, float]]) -> tuple[float, float] | None:
        """The paragraph width of the running text `ln` goes on, or None."""
        size = ln.size or self.body
        for o in self._near(-1e9, ln.bbox.y0 - FLOW_GAP * self.max_h, 1e9, ln.bbox.y1):   # paragraphs run wide
            width = flow.get(o.id)
            if width is None or o is ln:
                continue
            gap = ln.bbox.y0 - o.bbox.y1
            if -0.3 * size <= gap <= FLOW_GAP * (o.size or size) and width[0] <= ln.bbox.cx <= width[1] \
                    and size >= FLOW_SIZE * (o.size or size):
                return width              # under it, within its paragraph's width, in text type
            if o.bbox.overlap_y(ln.bbox) >= 0.5 * min(o.bbox.height, ln.bbox.height) and \
                    max(o.bbox.x0 - ln.bbox.x1, ln.bbox.x0 - o.bbox.x1) <= FLOW_ROW_GAP * self.body \
                    and not self.is_prose(o) and width[0] <= ln.bbox.cx <= width[1]:
                return width              # beside a continuation on its row
        return None


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


def blocker(ln: Line, text: PageText, size: float | None = None) -> bool:
    """Text that separates figure parts, or a figure from its caption: a caption, a
    heading, or running text about as large as body text (text inside figures, sub-figure
    captions included, is set smaller) -- or at least `size`, when given."""
    if ln.id in text.captions or text.is_heading(ln):
        return True
    if SUBLABEL.match(ln.text):
        return False
    return text.is_prose(ln) and (ln.size or 0) >= min(0.92 * text.body, size or text.body)


def numeral(ln: Line, text: PageText) -> bool:
    """A lone number set on a figure (a badge's "3", a step's number in an infographic),
    large as it may be: no heading or running text is a bare number inside a figure's
    box, so it is the figure's, not a line of the page's text."""
    t = ln.text.strip()
    return ln.horizontal and 0 < len(t) <= 3 and t.isdigit() and ln.id not in text.captions


def runs_on(ln: Line, text: PageText) -> bool:
    """The line's text goes on in the line right under it (same size, same left edge, at
    line spacing), and that line is running text or a heading, no label: the first line
    of a wrapped heading or of a paragraph, the page's text -- a figure takes whole
    labels, never half a heading."""
    size = ln.size or text.body
    b = ln.bbox
    for o in text.near(BBox(b.x0, b.y1 - 0.3 * size, b.x1, b.y1 + 0.6 * size)):
        if o is not ln and o.bbox.y0 > b.y0 + 0.5 * size and abs(o.bbox.x0 - b.x0) <= size \
                and abs((o.size or size) - size) <= 0.1 * size and not text.is_label(o) \
                and (text.is_heading(o) or text.is_prose(o) and text.is_long(o)):
            return True
    return False
