"""The rules of one page read as table edges: horizontal and vertical segments from vector
paths and thin filled boxes, merged where collinear; the regions they bound (ruled grids,
booktabs-style rule bands); and those regions that are figures instead (curves, images,
slanted marks, a bar chart under a figure caption), whose text is no table either."""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from operator import attrgetter

from ..model import BBox, Drawing, ImagePlacement, Line
from .table_fills import fill_edges, paper
from .table_grid import Seg
from .table_numbers import is_amount, wordy
from .table_rule_text import prose_sentence, sentence_end

RULE_THICK = 2.5        # pt: a filled box thinner than this is a rule
MIN_HRULE_EM = 1.5      # shortest horizontal rule that can bound a table, in em
MIN_VRULE_EM = 0.8      # shortest vertical rule (about one row)
TOUCH = 2.0             # pt: rules closer than this touch
JOIN = 3.0              # pt: collinear pieces with a smaller gap are one rule
MAX_BOX_SHARE = 0.5     # a filled box covering more of the page is a background
STACK_ALIGN_EM = 1.5    # stacked rules of one table start and end within this many em
TWO_ROWS_EM = 2.2       # a vertical rule this long spans two rows or more
ALIGNED_SHARE = 0.5     # share of vertical rule positions that must line up in columns
MAX_RULES = 4000        # rules read per direction (a hatched drawing has thousands)
FIGURE_CAPTION_EM = 2.5 # a figure caption this close to a ruled region makes it a chart
FIGURE_MARKS = 4
_TITLE_WORD = re.compile(r"[^\W\d_]{3}")   # a title has words; a block's heading amount none
HEADING_SIZE = 1.2      # a line this much larger than the page's text is a heading
WORD_EDGE = 1.0        # pt: a rule this far inside a word's box runs through the word
LEGEND_EM = 6.0         # a ruled box lower than this beside curves is a plot legend        # curves or slanted lines inside a ruled region make it a figure
PARAGRAPH_LINES = 2     # lines of running text between two rules that make a paragraph
FULL_MEASURE = 0.8      # a line of running text spans this share of the rules' length
WORD_GAP_EM = 1.0       # widest gap between two pieces of one line of text
FOOT_LINE_SHARE = 1 / 3  # the lone line over a page's closing rule spans less of it
CELL_SPACING_EM = 1.0   # per-cell rules of one row stand closer than this (two text columns' gutter is wider)
DOUBLE_EM = 0.4         # the two lines of a double rule stand closer than this (no row fits between)
CAPTION_LABEL = re.compile(r"^\s*(fig(ure)?|chart|table|tab)\.?\s*[A-Z]?\d+|^\s*table\s+[IVXLC]+\b", re.I)


def ruled_regions(paths, drawings, images, body: list[Line], em: float, area: float,
                  page: tuple[float, float] | None = None, words=None):
    """Regions bounded by rules, with the merged rules, and the boxes found to be figures
    (curves, images, bar charts under a figure caption), whose text is no table either.
    `page` (width, height): rules are clipped to it (what lies outside is not seen);
    `words`: a callable giving the page's word boxes, read only when a vertical rule
    crosses a text line (a rule through words is art behind the text, not a cell border)."""
    hs, vs, marks = _segments(paths, drawings, area, body)
    if page is not None:
        hs, vs = _on_page(hs, page[0], page[1]), _on_page(vs, page[1], page[0])
    hs = [h for h in _merge(hs) if h.length >= MIN_HRULE_EM * em][:MAX_RULES]
    bottom_up = sorted(body, key=lambda ln: -ln.bbox.cy)
    hs = [h for h in hs if not page_end_rule(h, bottom_up)]
    vs = [v for v in _merge(vs) if v.length >= MIN_VRULE_EM * em][:MAX_RULES]
    behind: list[Seg] = []
    if words is not None:
        kept = _not_through_words(vs, body, words)
        behind = [v for v in vs if v not in kept]
        vs = kept
    regions, blocked = [], []
    for box, strategy in _rule_regions(hs, vs, body, em, behind):
        if _is_figure(box, marks, images, em) or (strategy == "lines" and not _aligned_verticals(box, vs, em)):
            blocked.append(BBox(*box))
        else:
            regions.append((box, strategy))
    grids = [BBox(*box) for box, strategy in regions if strategy == "lines"]
    regions = [(box, strategy) for box, strategy in regions if strategy == "lines"
               or not any(g.covers_fraction(BBox(*box)) > 0.2 or BBox(*box).covers_fraction(g) > 0.5
                          for g in grids)]       # rules around ruled grids: section rules
    blocked += [BBox(*box) for box, _ in regions if figure_captioned(box, body, em)]
    regions = [(box, strategy) for box, strategy in regions
               if not any(c.covers_fraction(BBox(*box)) > 0.5 for c in blocked)]
    return regions, hs, vs, blocked


def page_end_rule(h: Seg, bottom_up: list[Line]) -> bool:
    """The rule that closes a page printed from HTML (a filing's `<hr>` page break): no
    text below it within its extent, and right above it only a short piece set apart on
    its baseline (the page number or the running footer the converter sets under the
    content). It closes the page, not a table: a table's bottom rule has the table's last
    row right above it, a label and its amounts across the rule's length. `bottom_up`:
    the page's lines, lowest first."""
    last = next((ln for ln in bottom_up if ln.bbox.x1 > h.a and ln.bbox.x0 < h.b), None)
    if last is None or last.bbox.cy > h.pos:
        return False                        # text under it: the page goes on
    row = [ln.bbox for ln in bottom_up if ln.bbox.cy < h.pos and abs(ln.bbox.cy - last.bbox.cy) <= 0.5 * last.bbox.height]
    return max(b.x1 for b in row) - min(b.x0 for b in row) < FOOT_LINE_SHARE * h.length


def rule_signal(drawings: list[Drawing], em: float) -> bool:
    h = v = 0
    for d in drawings:
        b = d.bbox
        if b.height <= RULE_THICK and b.width >= MIN_HRULE_EM * em:
            h += 1
        elif b.width <= RULE_THICK and b.height >= MIN_VRULE_EM * em:
            v += 1
        elif d.kind in ("line", "rect") and b.width >= 2 * em and b.height >= em:
            return True                    # several segments or boxes in one path
        if h >= 2 or (h and v) or v >= 2:
            return True
    return False


def _segments(paths: list[dict], drawings: list[Drawing], page_area: float, lines: list[Line] = ()):
    """Horizontal and vertical rule pieces, and marks (curves, slanted lines) of figures.
    Read from the drawings' boxes when every path is one thin piece (the common case),
    else from the path items."""
    hs: list[Seg] = []
    vs: list[Seg] = []
    marks: list[BBox] = []
    if all(d.bbox.height <= RULE_THICK or d.bbox.width <= RULE_THICK or d.kind == "curve"
           for d in drawings):
        for d in drawings:
            b = d.bbox
            if d.kind == "curve":
                marks.append(b)
            elif d.stroke is None and paper(d.fill):
                continue                    # a white line on white paper shows nothing
            elif d.kind != "rect" or d.fill is not None or d.stroke is not None:
                _box_edges(b.x0, b.y0, b.x1, b.y1, d.stroke is not None, page_area, hs, vs)
        return hs, vs, marks
    fills: list[tuple] = []             # filled boxes without an outline (table_fills)
    for p in paths:
        typ = p.get("type") or ""
        stroked = "s" in typ
        filled = "f" in typ and p.get("fill") is not None
        for item in p.get("items", ()):
            kind = item[0]
            if kind == "l":
                if not stroked:
                    continue
                (ax, ay), (bx, by) = item[1], item[2]
                lox, hix = bx if bx < ax else ax, bx if bx > ax else ax   # as min(), max()
                loy, hiy = by if by < ay else ay, by if by > ay else ay
                if -1.0 <= ay - by <= 1.0:
                    hs.append(Seg((ay + by) / 2, lox, hix))
                elif -1.0 <= ax - bx <= 1.0:
                    vs.append(Seg((ax + bx) / 2, loy, hiy))
                else:
                    marks.append(BBox(lox, loy, hix, hiy))
            elif kind in ("re", "qu"):
                pts = item[1] if kind == "qu" else ((item[1][0], item[1][1]), (item[1][2], item[1][3]))
                xs, ys = [q[0] for q in pts], [q[1] for q in pts]
                x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
                if filled and not stroked:   # thin ones too: a piece of a shaded row
                    fills.append((x0, y0, x1, y1, p.get("fill")))
                elif not stroked and paper(p.get("fill")):
                    continue                # a white line: a gap between shaded cells
                else:
                    _box_edges(x0, y0, x1, y1, stroked, page_area, hs, vs)
            elif kind == "c":
                pts = item[1:]
                marks.append(BBox(min(q[0] for q in pts), min(q[1] for q in pts),
                                  max(q[0] for q in pts), max(q[1] for q in pts)))
    fh, fv = fill_edges(fills, MAX_BOX_SHARE * page_area, RULE_THICK, lines)
    return hs + fh, vs + fv, marks


def _on_page(segs: list[Seg], extent: float, across: float) -> list[Seg]:
    """The parts of the rules that lie on the page (`extent` along them, `across` the
    page at right angles): art that runs off the page edge is cut there."""
    out = []
    for s in segs:
        if -TOUCH <= s.pos <= across + TOUCH and s.b > 0 and s.a < extent:
            out.append(s if s.a >= 0 and s.b <= extent else Seg(s.pos, max(s.a, 0.0), min(s.b, extent)))
    return out


def _not_through_words(vs: list[Seg], lines: list[Line], words) -> list[Seg]:
    """The vertical rules that run between words, not through them: a cell border never
    crosses the text of its cells, while background art (a large outline, a shape behind
    a page foot) is drawn through the lines it lies behind. A rule that cuts through words
    on two lines or more is dropped."""
    crossing = [v for v in vs if any(b.x0 < v.pos < b.x1 and v.a < b.cy < v.b
                                     for b in (ln.bbox for ln in lines))]
    if not crossing:
        return vs
    boxes = [(w[0], w[1], w[2], w[3]) for w in words() if str(w[4]).strip()]
    drop = set()
    for v in crossing:
        cut = {round((y0 + y1) / 2) for x0, y0, x1, y1 in boxes
               if x0 + WORD_EDGE < v.pos < x1 - WORD_EDGE and v.a < (y0 + y1) / 2 < v.b}
        if len(cut) >= 2:
            drop.add(id(v))
    return [v for v in vs if id(v) not in drop]


def _box_edges(x0, y0, x1, y1, painted, page_area, hs, vs) -> None:
    """The edges of a box: a thin box is one rule; an outlined (stroked) box gives its four
    sides. (A filled box with no outline gives only the edges one sees: `table_fills`.)"""
    w, h = x1 - x0, y1 - y0
    if h <= RULE_THICK and w > h:
        hs.append(Seg((y0 + y1) / 2, x0, x1))
    elif w <= RULE_THICK and h > w:
        vs.append(Seg((x0 + x1) / 2, y0, y1))
    elif painted and w * h < MAX_BOX_SHARE * page_area:
        hs.extend((Seg(y0, x0, x1), Seg(y1, x0, x1)))
        vs.extend((Seg(x0, y0, y1), Seg(x1, y0, y1)))


def _merge(segs: list[Seg]) -> list[Seg]:
    """Collinear pieces (snapped to one position) joined where they touch."""
    out: list[Seg] = []
    groups: list[list[Seg]] = []
    for s in sorted(segs, key=lambda s: s.pos):
        if groups and s.pos - groups[-1][-1].pos <= 1.0:
            groups[-1].append(s)
        else:
            groups.append([s])
    for g in groups:
        pos = sum(s.pos for s in g) / len(g)
        cur = None
        for s in sorted(g, key=lambda s: s.a):
            if cur and s.a <= cur[1] + JOIN:
                cur[1] = max(cur[1], s.b)
            else:
                if cur:
                    out.append(Seg(pos, cur[0], cur[1]))
                cur = [s.a, s.b]
        out.append(Seg(pos, cur[0], cur[1]))
    return out


# -- regions -------------------------------------------------------------------------------
def _rule_regions(hs: list[Seg], vs: list[Seg], lines: list[Line], em: float, behind: list[Seg] = ()):
    """Connected rule structures: grids (vertical rules) and stacks of horizontal rules.
    The rules `behind` the text (run through words: connectors of a flowchart drawn under
    its boxes, background art) are no cell borders, but they still join what they touch
    into one drawing: a flowchart's boxes stay one diagram, not small tables."""
    n, cells = len(hs), len(vs)
    vs = list(vs) + list(behind)
    parent = list(range(n + len(vs)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    ruled: set[int] = set()             # horizontal rules that meet a vertical one
    vs_sorted = sorted(range(len(vs)), key=lambda j: vs[j].pos)
    vpos = [vs[j].pos for j in vs_sorted]
    for i, h in enumerate(hs):
        lo, hi = bisect_left(vpos, h.a - TOUCH), bisect_right(vpos, h.b + TOUCH)
        for j in vs_sorted[lo:hi]:
            v = vs[j]
            if v.a - TOUCH <= h.pos <= v.b + TOUCH:
                parent[find(i)] = find(n + j)
                ruled.add(i)
    _stack_rules(hs, lines, em, find, parent, ruled)
    comps: dict[int, list[int]] = {}
    for i in range(len(parent)):
        comps.setdefault(find(i), []).append(i)
    regions = []
    for members in comps.values():
        ch = [hs[i] for i in members if i < n]
        cv = [vs[i - n] for i in members if i >= n]
        if len(ch) + len(cv) < 2:
            continue
        borders = [vs[i - n] for i in members if n <= i < n + cells]
        x0 = min([h.a for h in ch] + [v.pos for v in cv])
        x1 = max([h.b for h in ch] + [v.pos for v in cv])
        y0 = min([h.pos for h in ch] + [v.a for v in cv])
        y1 = max([h.pos for h in ch] + [v.b for v in cv])
        if x1 - x0 < 3 * em or y1 - y0 < 1.2 * em:
            continue
        nx = len({round(v.pos) for v in borders})
        ny = len({round(h.pos) for h in ch})
        strategy = "lines" if nx >= 2 else "rules" if ny >= 2 else None
        if strategy:
            regions.append(((x0, y0, x1, y1), strategy))
    return regions


_CY = attrgetter("bbox.cy")


def _stack_rules(hs: list[Seg], lines: list[Line], em: float, find, parent, ruled: set[int]) -> None:
    """Join horizontal rules stacked over the same x-range (booktabs top/mid/bottom rules:
    both ends aligned, no vertical rules) unless another rule over the range, text running
    across the range's edges, or a caption lies between them. A row ruled cell by cell
    (`_bordered_rows`) stacks as one rule."""
    order = _bordered_rows(hs, [i for i in range(len(hs)) if i not in ruled], em)
    for members in order:
        for i in members[1:]:
            parent[find(i)] = find(members[0])
    # the lines by their centre, so that each pair of rules looks only at the lines
    # between them (`_blocked`'s answer does not depend on their order); a statement page
    # has dozens of rules and hundreds of lines
    rows = sorted((ln for ln in lines if ln.bbox.cy == ln.bbox.cy), key=_CY)
    cys = [ln.bbox.cy for ln in rows]
    by_pos = sorted(hs, key=lambda h: h.pos)
    pos = [h.pos for h in by_pos]
    for k, first in enumerate(order):
        a = _extent(hs, first)
        if _totals_double(a, by_pos, pos, rows, cys, em):
            continue                        # a double rule under totals closes the table above it
        for below in order[k + 1:]:
            b = _extent(hs, below)
            if b.pos - a.pos < 0.5:
                continue
            tol = STACK_ALIGN_EM * em
            if (abs(a.a - b.a) > tol or abs(a.b - b.b) > tol) and not _heads(first, a, b, tol):
                if len(below) == 1 and min(a.b, b.b) - max(a.a, b.a) > 0.5 * a.length \
                        and b.length > 0.5 * a.length:
                    break                   # another rule across the range: a section rule
                continue                    # partial rules (cmidrule, a row's cell borders) are read inside
            between = rows[bisect_right(cys, a.pos):bisect_left(cys, b.pos)]
            if not _blocked(between, a.pos, b.pos, a.a, a.b, em) \
                    and not prose_sentence(rows, cys, a, b, em):
                parent[find(first[0])] = find(below[0])
            break                           # only the next rule below over the same range


def _totals_double(a: Seg, by_pos: list[Seg], pos: list[float], rows: list[Line], cys: list[float],
                   em: float) -> bool:
    """Rule `a` is the lower line of a double rule drawn under a row of amounts: another
    rule right above it, closer than a row could stand between them, across most of its
    extent, and amounts in the row right over that one. The double rule under a
    statement's totals ends the statement; nothing below it is the same table's. A double
    rule under a header (LaTeX's `\\hline\\hline`) closes the header only."""
    lo, hi = bisect_left(pos, a.pos - DOUBLE_EM * em), bisect_left(pos, a.pos - 0.5)
    upper = [h for h in by_pos[lo:hi] if min(h.b, a.b) - max(h.a, a.a) >= 0.5 * a.length]
    if not upper:
        return False
    top = min(h.pos for h in upper)
    above = [ln for ln in rows[bisect_left(cys, top - em):bisect_left(cys, top)] if 0 <= top - ln.bbox.y1 < em]
    return sum(1 for ln in above for t in ln.text.split() if is_amount(t)) >= 2


def _heads(members: list[int], a: Seg, b: Seg, tol: float) -> bool:
    """A row ruled cell by cell over part of the rule `b` below it: the underline of the
    header cells over the columns of a table whose rule spans them and its stub."""
    return len(members) > 1 and b.a <= a.a + tol and b.b >= a.b - tol


def _bordered_rows(hs: list[Seg], order: list[int], em: float) -> list[list[int]]:
    """The rules in `order` grouped into rows, top first: collinear pieces less than an em
    apart are one row's rule drawn cell by cell. A converter that borders each cell of an
    HTML table (`border-bottom` on every `<td>`) draws one segment per cell with the cell
    spacing between them; the gutter between two text columns (each with a table of its
    own) is wider."""
    out: list[list[int]] = []
    for i in sorted(order, key=lambda i: (hs[i].pos, hs[i].a)):
        last = out[-1][-1] if out else None
        if last is not None and hs[i].pos == hs[last].pos and hs[i].a - hs[last].b < CELL_SPACING_EM * em:
            out[-1].append(i)
        else:
            out.append([i])
    return out


def _extent(hs: list[Seg], members: list[int]) -> Seg:
    return Seg(hs[members[0]].pos, min(hs[i].a for i in members), max(hs[i].b for i in members))


def crosses_or_captions(ln: Line, x0: float, x1: float, em: float) -> bool:
    """A line between two rules that no table holds: it runs past the rules' ends (by more
    than an em), or it is a caption."""
    b = ln.bbox
    return b.x0 < x0 - em or b.x1 > x1 + em or CAPTION_LABEL.match(ln.text) is not None


def _blocked(lines: list[Line], y0: float, y1: float, x0: float, x1: float, em: float) -> bool:
    """Text between two rules that no table holds between its rules: a line running
    across the range's edges, a caption, a heading set larger than the page's text
    (the title of the next table, between the last rule of one table and the first of
    the next), or a paragraph: lines of running text across the range (`_running`).
    Filings rule the running head, each statement's top and bottom and the page foot
    across the full measure; the text between one statement's bottom rule and the
    next one's top rule is the page's prose, and the rules are not one table's."""
    running, last = 0, None
    for ln in lines:
        b = ln.bbox
        if not (y0 < b.cy < y1) or b.x1 < x0 or b.x0 > x1:
            continue
        if crosses_or_captions(ln, x0, x1, em):
            return True
        if ln.size > HEADING_SIZE * em and _TITLE_WORD.search(ln.text):
            return True                     # (a larger amount, "1,000", heads a block)
        if _running(ln, x1 - x0):
            running += 1
            if running >= PARAGRAPH_LINES or sentence_end(ln):
                return True                 # a paragraph, or a sentence ("… are as follows:")
            last = ln
        elif last is not None and sentence_end(ln) and wordy(ln.text.split()) and abs(b.x0 - last.bbox.x0) <= em \
                and b.y0 - last.bbox.y1 < 0.5 * em:
            return True                     # the last line of a paragraph under its running line
    return False


def _running(ln: Line, width: float) -> bool:
    """A line of running text across a range `width` wide: it spans most of the range
    with word spaces only between its pieces, and is mostly words (a table's row has
    column gaps between its cells, and amounts in them)."""
    b = ln.bbox
    if b.width < FULL_MEASURE * width:
        return False
    pieces = sorted((s.bbox for s in ln.spans if s.text.strip()), key=lambda p: p.x0)
    if any(q.x0 - p.x1 > WORD_GAP_EM * ln.size for p, q in zip(pieces, pieces[1:])):
        return False
    return wordy(ln.text.split())


def _is_figure(box, marks: list[BBox], images: list[ImagePlacement], em: float) -> bool:
    """Curves or slanted strokes inside the region (or right beside a small one: a legend
    box in a plot), or raster images over a good part of the region."""
    region = BBox(*box)
    if _at_least(FIGURE_MARKS, region.expand(1.0).contains, marks):
        return True
    if region.height < LEGEND_EM * em:
        near = region.expand(3 * em)
        if _at_least(FIGURE_MARKS, lambda m: near.intersection(m) is not None, marks):
            return True
    covered = sum(im.bbox.area for im in images if region.covers_fraction(im.bbox) > 0.8)
    return covered > 0.3 * region.area


def _at_least(n: int, test, items) -> bool:
    """`test` holds for `n` of the items or more (stops counting there: a CAD sheet has
    tens of thousands of marks)."""
    for item in items:
        if test(item):
            n -= 1
            if n <= 0:
                return True
    return n <= 0


def figure_captioned(box, lines: list[Line], em: float) -> bool:
    """A "Figure 3" caption inside the region, or right above or below it with no
    "Table" caption nearer: the region is a chart drawn with rules and boxes."""
    x0, y0, x1, y1 = box
    best = None
    for ln in lines:
        b = ln.bbox
        if b.x1 < x0 or b.x0 > x1 or not CAPTION_LABEL.match(ln.text):
            continue
        gap = max(y0 - b.y1, b.y0 - y1, 0.0)
        if gap <= FIGURE_CAPTION_EM * em and (best is None or gap < best[0]):
            best = (gap, ln.text.lstrip()[:1].lower() in "fc")
    return bool(best and best[1])


def _aligned_verticals(box, vs: list[Seg], em: float) -> bool:
    """Cell borders line up in columns: most x positions of the vertical rules inside the
    region hold a rule spanning two rows or more, or rules in several rows; or the lone
    short rules all sit in one or two rows (a boxed header). The bars of a bar chart end
    at a different x in every row."""
    x0, y0, x1, y1 = box
    inside = [v for v in vs if x0 - TOUCH <= v.pos <= x1 + TOUCH and v.a >= y0 - TOUCH and v.b <= y1 + TOUCH]
    if len(inside) < 4:
        return True
    groups: list[list[Seg]] = []
    for v in sorted(inside, key=lambda v: v.pos):
        if groups and v.pos - groups[-1][0].pos <= TOUCH:
            groups[-1].append(v)
        else:
            groups.append([v])
    lone = [g[0] for g in groups if len(g) == 1 and g[0].length < TWO_ROWS_EM * em]
    rows = {round((v.a + v.b) / (2 * em)) for v in lone}
    return len(lone) <= (1 - ALIGNED_SHARE) * len(groups) or len(rows) < 3
