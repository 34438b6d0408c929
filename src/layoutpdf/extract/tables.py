"""Table candidates of one raw page: ruled grids, rule bands (booktabs) and aligned text.

Runs during extraction because it reads word boxes and vector path segments from the
PyMuPDF page. Only pages that show a sign of a table pay for it: rules (two horizontal
ones, horizontal and vertical ones, boxes) or three lines of text set in aligned short
pieces. The grid itself is built by `table_grid` from words and rules; this module finds
the regions and rejects what is not a table (figures, prose).

PyMuPDF's `page.find_tables()` was measured here at 90-340 ms per page on born-digital
papers (it re-extracts every character), which alone would cap the pipeline below
10 pages/s; the same edge-based design on the segments we read once is ~1 ms.
"""
from __future__ import annotations

import re
from functools import lru_cache
from operator import itemgetter
from statistics import median

from ..model import BBox, Drawing, ImagePlacement, Line, TableCandidate
from ..text.monospace import is_mono
from .framed_text import framed_prose
from .table_grid import (Grid, Seg, Word, build_grid, col_index, is_number, text_lines)

RULE_THICK = 2.5        # pt: a filled box thinner than this is a rule
MIN_HRULE_EM = 1.5      # shortest horizontal rule that can bound a table, in em
MIN_VRULE_EM = 0.8      # shortest vertical rule (about one row)
TOUCH = 2.0             # pt: rules closer than this touch
JOIN = 3.0              # pt: collinear pieces with a smaller gap are one rule
MAX_BOX_SHARE = 0.5     # a filled box covering more of the page is a background
SHORT_PIECE = 0.3       # a text piece narrower than this share of the text width is short
MIN_ALIGNED_ROWS = 3    # borderless tables need this many aligned rows
MAX_CELL_WORDS = 4      # median words per cell of a borderless table (prose has more)
TEXT_FILL = 0.5         # share of non-empty cells in a borderless table
TEXT_FULL_COLUMNS = 0.6  # share of its columns filled in at least half of the rows
PROSE_CELLS = 0.25      # share of cells longer than MAX_CELL_WORDS in prose set side by side
_OPERATOR = re.compile(r"^[=+×÷≤≥<>≈∼∝±∓·]|^[-−–](?!\s?[\d.,])")
_BULLET = re.compile(r"^[•◦▪▫‣⁃●○■□➢►*–—-]$")
LEADER_ROWS = 0.3       # rows with dot leaders that make a table of contents
_LEADER = re.compile(r"(?:\.\s?){4,}|…{2,}")
EDGE_ROWS = 3           # header rows above / closing rows below a table's rules, at most
EDGE_GAP = 1.0          # ... each at most this many line heights from the next
MONO_SHARE = 0.5        # aligned text mostly in a monospaced font is code, not a table
STACK_ALIGN_EM = 1.5    # stacked rules of one table start and end within this many em
TWO_ROWS_EM = 2.2       # a vertical rule this long spans two rows or more
ALIGNED_SHARE = 0.5     # share of vertical rule positions that must line up in columns
MAX_RULES = 4000        # rules read per direction (a hatched drawing has thousands)
FIGURE_CAPTION_EM = 2.5 # a figure caption this close to a ruled region makes it a chart
FIGURE_MARKS = 4
LEGEND_EM = 6.0         # a ruled box lower than this beside curves is a plot legend        # curves or slanted lines inside a ruled region make it a figure
_MATH_FONT = re.compile(r"math|^cm(mi|sy|ex)|^ms(am|bm)|symbol|stix|rsfs|eufm|euler", re.I)
MAX_MATH_SHARE = 0.25   # aligned text with more math-font words is a display equation
_NOTE = re.compile(r"^\s*(?:[*†‡§¶]|\([^)]{1,3}\)|notes?\b|sources?\b|nb\b)", re.I)
_CAPTION = re.compile(r"^\s*(fig(ure)?|chart|table|tab)\.?\s*[A-Z]?\d+|^\s*table\s+[IVXLC]+\b", re.I)


def find_table_candidates(width: float, height: float, textpage, lines: list[Line],
                          drawings: list[Drawing], images: list[ImagePlacement],
                          paths: list[dict]) -> tuple[TableCandidate, ...]:
    """Tables on one page (`width` x `height` in the coordinates of `lines`), best effort,
    cheap when the page shows no sign of one."""
    body = [ln for ln in lines if ln.horizontal and ln.text.strip()]
    if len(body) < 2:
        return ()
    em = _typical_size(body)
    regions, hs, vs, blocked = [], [], [], []
    if _rule_signal(drawings, em):
        regions, hs, vs, blocked = _ruled_regions(paths, drawings, images, body, em, width * height)
    boxes = [box for box, _ in regions] + [b.to_list() for b in blocked]
    rest = [ln for ln in body if not any(_holds(b, ln.bbox) for b in boxes)] if boxes else body
    bands = _aligned_bands(rest, em, width)
    if not regions and not bands:
        return ()
    reach = EDGE_ROWS * 2 * em
    words = _words(textpage, body, em, [(0.0, box[1] - reach, width, box[3] + reach) for box, _ in regions]
                   + [(0.0, y0, width, y1) for y0, y1 in bands])
    aligned = bool(bands)
    grids: list[Grid] = []
    for box, strategy in regions:
        if framed_prose(box, body, vs):
            blocked.append(BBox(*box))      # a boxed theorem or note: its text is prose
            continue
        grid = build_grid(box, words, hs, vs, strategy, em)
        if grid and _plausible(grid):
            grids.append(grid)
    if aligned:
        taken = [g.bbox for g in grids] + [b.to_list() for b in blocked]
        free = _outside(words, taken)
        grids.extend(_text_grids(free, body, em))
    taken = [b.to_list() for b in blocked]
    grids = [_with_edge_rows(g, words, hs, vs, em, [o.bbox for o in grids if o is not g] + taken)
             for g in grids]
    grids.sort(key=lambda g: (g.bbox[1], g.bbox[0]))
    return tuple(_candidate(g) for g in grids)


def _with_edge_rows(g: Grid, words: list[Word], hs: list[Seg], vs: list[Seg], em: float,
                    others: list) -> Grid:
    """The table with the header rows right above it and the closing rows right below it
    that its rules leave out (a rule only under the header and one over the "Total" row,
    as office suites and HTML tables draw them): lines set within the table's width in
    short pieces that fall into two or more of its columns, one line pitch apart."""
    x0, y0, x1, y1 = g.bbox
    mine = [w for w in words if _holds(g.bbox, w)]
    pitch = median(w.h for w in mine) if mine else em
    lo, hi = y0 - EDGE_ROWS * 2 * pitch, y1 + EDGE_ROWS * 2 * pitch
    near = _outside([w for w in words if lo <= w.cy <= hi], [g.bbox, *others])
    lines = text_lines(near)
    top, bottom = y0, y1
    for ln in sorted((ln for ln in lines if ln.cy < y0), key=lambda ln: -ln.cy)[:EDGE_ROWS]:
        if top - ln.y1 > EDGE_GAP * pitch or not _row_like(ln, g, em, header=True):
            break
        top = ln.y0 - 0.5
    for ln in sorted((ln for ln in lines if ln.cy > y1), key=lambda ln: ln.cy)[:EDGE_ROWS]:
        if ln.y0 - bottom > EDGE_GAP * pitch or not _row_like(ln, g, em, header=False):
            break
        bottom = ln.y1 + 0.5
    if (top, bottom) == (y0, y1):
        return g
    grown = build_grid((x0, top, x1, bottom), words, hs, vs, g.strategy, em)
    if grown is None or len(grown.col_edges) < len(g.col_edges) or len(grown.rows) <= len(g.rows) \
            or not _plausible(grown):
        return g
    grown.reasons.append("with the header or closing rows its rules leave out")
    return grown


def _row_like(ln, g: Grid, em: float, header: bool) -> bool:
    """A line that reads as a row of table `g`: inside its width, two or more short
    pieces in different columns, not a caption, a table note or math. A closing row
    ("Total", "Average") starts in the first column and keeps each piece in one column;
    header labels may span columns."""
    x0, _, x1, _ = g.bbox
    if ln.words[0].x0 < x0 - em or ln.words[-1].x1 > x1 + em or len(ln.phrases) < 2:
        return False
    text = " ".join(w.text for w in ln.words)
    if _CAPTION.match(text) or _NOTE.match(text) or sum(w.math for w in ln.words) > MAX_MATH_SHARE * len(ln.words):
        return False
    if any(len(p.words) > 2 * MAX_CELL_WORDS for p in ln.phrases):
        return False
    edges = g.col_edges
    cols = [(col_index(p.x0 + 0.3 * em, edges), col_index(p.x1 - 0.3 * em, edges)) for p in ln.phrases]
    if len({a for a, _ in cols}) < 2:
        return False
    return header or (cols[0][0] == 0 and all(a == b for a, b in cols))


def _prose_columns(g: Grid, lines: list[Line], em: float) -> set[int]:
    """Columns of a text "table" that are a slice of prose set in page columns: a long
    line of running text lies within the column right above or below the table (the
    text of that column goes on)."""
    x0, y0, x1, y1 = g.bbox
    pitch = (y1 - y0) / max(1, len(g.rows))
    out: set[int] = set()
    for c, (a, b) in enumerate(zip(g.col_edges, g.col_edges[1:])):
        for ln in lines:
            by = ln.bbox
            if not (y0 - 1.6 * pitch <= by.cy < y0 or y1 < by.cy <= y1 + 1.6 * pitch):
                continue
            if by.x0 >= a - em and by.x1 <= b + em and len(ln.text.split()) >= 6 \
                    and by.width >= 0.6 * (b - a) and not all(is_mono(s) for s in ln.spans if s.text.strip()):
                out.add(c)
                break
    return out


def _ruled_regions(paths, drawings, images, body: list[Line], em: float, area: float):
    """Regions bounded by rules, with the merged rules, and the boxes found to be figures
    (curves, images, bar charts under a figure caption), whose text is no table either."""
    hs, vs, marks = _segments(paths, drawings, area)
    hs = [h for h in _merge(hs) if h.length >= MIN_HRULE_EM * em][:MAX_RULES]
    vs = [v for v in _merge(vs) if v.length >= MIN_VRULE_EM * em][:MAX_RULES]
    regions, blocked = [], []
    for box, strategy in _rule_regions(hs, vs, body, em):
        if _is_figure(box, marks, images, em) or (strategy == "lines" and not _aligned_verticals(box, vs, em)):
            blocked.append(BBox(*box))
        else:
            regions.append((box, strategy))
    grids = [BBox(*box) for box, strategy in regions if strategy == "lines"]
    regions = [(box, strategy) for box, strategy in regions if strategy == "lines"
               or not any(g.covers_fraction(BBox(*box)) > 0.2 or BBox(*box).covers_fraction(g) > 0.5
                          for g in grids)]       # rules around ruled grids: section rules
    blocked += [BBox(*box) for box, _ in regions if _figure_captioned(box, body, em)]
    regions = [(box, strategy) for box, strategy in regions
               if not any(c.covers_fraction(BBox(*box)) > 0.5 for c in blocked)]
    return regions, hs, vs, blocked


def _text_grids(words: list[Word], body: list[Line], em: float) -> list[Grid]:
    """Borderless tables: runs of aligned short phrases, not math, not chart labels."""
    out = []
    for box in _aligned_regions(words, em):
        held = [w for w in words if _holds(box, w)]
        if sum(w.math for w in held) > MAX_MATH_SHARE * len(held) or _figure_captioned(box, body, em):
            continue
        if sum(w.mono for w in held) > MONO_SHARE * len(held):
            continue                        # a code listing: indentation, not columns
        grid = build_grid(box, held, [], [], "text", em)
        if grid and _plausible(grid):
            grid = _without_column_prose(grid, held, body, em)
        if grid and _plausible(grid):
            out.append(grid)
    return out


def _without_column_prose(g: Grid, words: list[Word], body: list[Line], em: float) -> Grid | None:
    """The table without the columns that are the prose of a neighbouring text column
    (a table set beside running text; the text goes on above or below it), or None when
    that leaves no table."""
    prose = _prose_columns(g, body, em)
    if not prose:
        return g
    ncols = len(g.col_edges) - 1
    keep = [c for c in range(ncols) if c not in prose]
    if not keep or keep != list(range(keep[0], keep[-1] + 1)):
        return None                         # prose in the middle: not a table
    x0, x1 = g.col_edges[keep[0]], g.col_edges[keep[-1] + 1]
    held = [w for w in words if x0 <= w.cx <= x1]
    if not held:
        return None
    box = (min(w.x0 for w in held), g.bbox[1], max(w.x1 for w in held), g.bbox[3])
    grid = build_grid(box, held, [], [], g.strategy, em)
    if grid is None or _prose_columns(grid, body, em):
        return None
    grid.reasons.append("without the prose of the column beside it")
    return grid


def _candidate(g: Grid) -> TableCandidate:
    return TableCandidate(bbox=BBox(*(round(v, 2) for v in g.bbox)),
                          rows=tuple(tuple(r) for r in g.rows), header_rows=g.header_rows,
                          strategy=g.strategy, col_edges=tuple(round(x, 2) for x in g.col_edges),
                          row_edges=tuple(round(y, 2) for y in g.row_edges),
                          spans=tuple(g.spans), score=g.score, reasons=tuple(g.reasons))


# -- cheap signals -------------------------------------------------------------------------
def _typical_size(lines: list[Line]) -> float:
    """The size of the first span that covers the most width (the first such on a tie)."""
    sizes: dict[float, float] = {}
    for ln in lines:
        key = round(ln.spans[0].size, 1)
        sizes[key] = sizes.get(key, 0) + ln.bbox.width
    return max(sizes.items(), key=itemgetter(1))[0] if sizes else 10.0


def _rule_signal(drawings: list[Drawing], em: float) -> bool:
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


def _aligned_bands(lines: list[Line], em: float, page_width: float) -> list[tuple[float, float]]:
    """y-ranges of three or more consecutive text rows that each hold two or more short
    pieces (math set in math fonts aside): where a borderless table may be."""
    rows: list[list] = []
    last_cy = None
    step = 0.4 * em
    keyed = []
    for ln in lines:
        b = ln.bbox
        keyed.append((round(b.cy / step), b.x0, ln))
    keyed.sort(key=itemgetter(0, 1))      # stable: the order lines.sort by that key gives
    for _, _, ln in keyed:
        cy = ln.bbox.cy
        if last_cy is None or abs(cy - last_cy) > 0.4 * em:
            rows.append([ln.bbox.y0, ln.bbox.y1, []])
            last_cy = cy
        row = rows[-1]
        row[0], row[1] = min(row[0], ln.bbox.y0), max(row[1], ln.bbox.y1)
        row[2].extend(_pieces(ln, em))
    limit = SHORT_PIECE * page_width
    bands: list[tuple[float, float]] = []
    run: list = []
    for row in rows + [[0.0, 0.0, []]]:
        pieces = row[2]
        if len(pieces) >= 2 and sum(1 for a, b in pieces if b - a <= limit) >= 2:
            run.append(row)
            continue
        if len(run) >= MIN_ALIGNED_ROWS:
            bands.append((run[0][0] - 2 * em, run[-1][1] + 2 * em))
        run = []
    return bands


@lru_cache(maxsize=512)
def _is_math_font(font: str) -> bool:
    return _MATH_FONT.search(font) is not None


def _pieces(ln: Line, em: float) -> list[tuple[float, float]]:
    out: list[list[float]] = []
    for s in ln.spans:
        if not s.text.strip() or _is_math_font(s.font):
            continue
        b = s.bbox
        if out and b.x0 - out[-1][1] <= em:
            last = out[-1]
            if b.x1 > last[1]:
                last[1] = b.x1
        else:
            out.append([b.x0, b.x1])
    return [(a, b) for a, b in out]


# -- words and rules -----------------------------------------------------------------------
def _words(textpage, lines: list[Line], em: float, boxes=None) -> list[Word]:
    """Word boxes with the size and weight of the span they sit in (only those inside
    `boxes` when given)."""
    if boxes is not None:
        lines = [ln for ln in lines if any(ln.bbox.y1 >= b[1] - 1 and ln.bbox.y0 <= b[3] + 1
                                           and ln.bbox.x1 >= b[0] - 1 and ln.bbox.x0 <= b[2] + 1
                                           for b in boxes)]
        boxes = [(b[0] - 1, b[1] - 1, b[2] + 1, b[3] + 1) for b in boxes]
    buckets: dict[int, list[tuple]] = {}     # 8 pt bands of y -> (reach of a span, span)
    for ln in lines:
        for s in ln.spans:
            if s.text.strip():
                b = s.bbox
                entry = (b.x0 - 0.5, b.x1 + 0.5, b.y0 - 0.5, b.y1 + 0.5, 1.5 * b.height + 1, s)
                for k in range(int(b.y0 // 8), int(b.y1 // 8) + 1):
                    buckets.setdefault(k, []).append(entry)
    out = []
    styles: dict[str, tuple] = {}            # span id -> (size, bold, math, mono)
    for x0, y0, x1, y1, text, _block, _line, _word in textpage.extractWORDS():
        cy = (y0 + y1) / 2
        near = buckets.get(int(cy // 8))
        if near is None or not text.strip():
            continue                          # no span of the lines read lies there
        cx = (x0 + x1) / 2
        if boxes is not None and not _in_any(cx, cy, boxes):
            continue
        for sx0, sx1, sy0, sy1, tall, s in near:
            if sx0 <= cx <= sx1 and sy0 <= cy <= sy1 and y1 - y0 <= tall:
                style = styles.get(s.id)
                if style is None:
                    style = styles[s.id] = (s.size, s.bold, _is_math_font(s.font), is_mono(s))
                out.append(Word(x0, y0, x1, y1, text, *style))
                break
        # else: rotated, vertical or furniture text is never a table cell
    return out


def _in_any(x: float, y: float, boxes) -> bool:
    for x0, y0, x1, y1 in boxes:
        if x0 <= x <= x1 and y0 <= y <= y1:
            return True
    return False


def _segments(paths: list[dict], drawings: list[Drawing], page_area: float):
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
            elif d.kind != "rect" or d.fill is not None or d.stroke is not None:
                _box_edges(b.x0, b.y0, b.x1, b.y1, True, page_area, hs, vs)
        return hs, vs, marks
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
                _box_edges(min(xs), min(ys), max(xs), max(ys), stroked or filled, page_area, hs, vs)
            elif kind == "c":
                pts = item[1:]
                marks.append(BBox(min(q[0] for q in pts), min(q[1] for q in pts),
                                  max(q[0] for q in pts), max(q[1] for q in pts)))
    return hs, vs, marks


def _box_edges(x0, y0, x1, y1, painted, page_area, hs, vs) -> None:
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
def _rule_regions(hs: list[Seg], vs: list[Seg], lines: list[Line], em: float):
    """Connected rule structures: grids (vertical rules) and stacks of horizontal rules."""
    n = len(hs)
    parent = list(range(n + len(vs)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    ruled: set[int] = set()             # horizontal rules that meet a vertical one
    vs_sorted = sorted(range(len(vs)), key=lambda j: vs[j].pos)
    vpos = [vs[j].pos for j in vs_sorted]
    from bisect import bisect_left, bisect_right
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
        x0 = min([h.a for h in ch] + [v.pos for v in cv])
        x1 = max([h.b for h in ch] + [v.pos for v in cv])
        y0 = min([h.pos for h in ch] + [v.a for v in cv])
        y1 = max([h.pos for h in ch] + [v.b for v in cv])
        if x1 - x0 < 3 * em or y1 - y0 < 1.2 * em:
            continue
        nx = len({round(v.pos) for v in cv})
        ny = len({round(h.pos) for h in ch})
        strategy = "lines" if nx >= 2 else "rules" if ny >= 2 else None
        if strategy:
            regions.append(((x0, y0, x1, y1), strategy))
    return regions


def _stack_rules(hs: list[Seg], lines: list[Line], em: float, find, parent, ruled: set[int]) -> None:
    """Join horizontal rules stacked over the same x-range (booktabs top/mid/bottom rules:
    both ends aligned, no vertical rules) unless another rule over the range, text running
    across the range's edges, or a caption lies between them."""
    order = sorted((i for i in range(len(hs)) if i not in ruled), key=lambda i: hs[i].pos)
    for k, i in enumerate(order):
        a = hs[i]
        for j in order[k + 1:]:
            b = hs[j]
            if b.pos - a.pos < 0.5:
                continue
            if abs(a.a - b.a) > STACK_ALIGN_EM * em or abs(a.b - b.b) > STACK_ALIGN_EM * em:
                if min(a.b, b.b) - max(a.a, b.a) > 0.5 * a.length and b.length > 0.5 * a.length:
                    break                   # another rule across the range: a section rule
                continue                    # partial rules (cmidrule) are read inside the region
            if not _blocked(lines, a.pos, b.pos, a.a, a.b, em):
                parent[find(i)] = find(j)
            break                           # only the next rule below over the same range


def _blocked(lines: list[Line], y0: float, y1: float, x0: float, x1: float, em: float) -> bool:
    for ln in lines:
        b = ln.bbox
        if not (y0 < b.cy < y1) or b.x1 < x0 or b.x0 > x1:
            continue
        if b.x0 < x0 - em or b.x1 > x1 + em or _CAPTION.match(ln.text):
            return True
    return False


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


def _figure_captioned(box, lines: list[Line], em: float) -> bool:
    """A "Figure 3" caption inside the region, or right above or below it with no
    "Table" caption nearer: the region is a chart drawn with rules and boxes."""
    x0, y0, x1, y1 = box
    best = None
    for ln in lines:
        b = ln.bbox
        if b.x1 < x0 or b.x0 > x1 or not _CAPTION.match(ln.text):
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


def _outside(words: list[Word], boxes) -> list[Word]:
    """The words whose centre lies in none of the boxes (`_holds`)."""
    if not boxes:
        return words
    grown = [(b[0] - 1, b[1] - 1, b[2] + 1, b[3] + 1) for b in boxes]
    return [w for w in words if not _in_any(w.cx, w.cy, grown)]


def _holds(box, w) -> bool:
    """The centre of a word (or of a box) lies inside `box`."""
    x0, y0, x1, y1 = box
    return x0 - 1 <= w.cx <= x1 + 1 and y0 - 1 <= w.cy <= y1 + 1


def _aligned_regions(words: list[Word], em: float) -> list[tuple[float, float, float, float]]:
    """Runs of three or more text lines made of two or more short, separated phrases."""
    if len(words) < 6:
        return []
    lines = text_lines(words)
    text_width = max(w.x1 for w in words) - min(w.x0 for w in words)
    limit = SHORT_PIECE * text_width
    runs: list[list[list]] = []
    prev = None
    for ln in lines:
        short = [p for p in ln.phrases if p.x1 - p.x0 <= limit and len(p.words) <= 2 * MAX_CELL_WORDS]
        ok = len(short) >= 2 and any(b.x0 - a.x1 >= em for a, b in zip(short, short[1:]))
        near = prev is not None and ln.y0 - prev.y1 <= 1.5 * (ln.y1 - ln.y0)
        if ok:
            if runs and near and runs[-1][-1][0] is prev:
                runs[-1].append((ln, short))
            else:
                runs.append([(ln, short)])
        prev = ln
    boxes = []
    for run in runs:
        if len(run) < MIN_ALIGNED_ROWS:
            continue
        ps = [p for _, short in run for p in short]
        boxes.append((min(p.x0 for p in ps), min(p.y0 for p in ps),
                      max(p.x1 for p in ps), max(p.y1 for p in ps)))
    return boxes


# -- plausibility --------------------------------------------------------------------------
def _plausible(g: Grid) -> bool:
    """Reject prose and single-column boxes: a table has two or more columns with short
    cells; a borderless one also needs three rows and a numeric column or three columns."""
    ncols = len(g.col_edges) - 1
    nrows = len(g.rows)
    if ncols < 2 or nrows < 2:
        return False
    cells = [c for row in g.rows for c in row if c]
    words = median(len(c.split()) for c in cells)
    multi = sum(1 for row in g.rows if sum(1 for c in row if c) >= 2)
    if g.strategy == "lines" and g.rule_columns and multi >= 2:
        return True                         # a ruled grid: its rules make the cells (sparse, wrapped)
    if multi < 0.5 * nrows:
        return False
    if g.strategy == "lines":
        return True
    if words > (2 * MAX_CELL_WORDS if g.strategy == "rules" else MAX_CELL_WORDS):
        return False
    if sum(1 for c in cells if _LEADER.search(c)) >= LEADER_ROWS * nrows:
        return False                        # a table of contents: dot leaders, not cells
    if g.strategy == "rules":
        return True
    return _regular(g, cells, ncols, nrows)


def _regular(g: Grid, cells: list[str], ncols: int, nrows: int) -> bool:
    """A borderless table is dense and regular: three rows or more, most columns filled in
    most rows, few long cells, and a numeric column or three columns. Scattered pieces of
    displayed math and prose beside it are not."""
    if nrows < MIN_ALIGNED_ROWS or len(cells) < TEXT_FILL * nrows * ncols:
        return False
    full = sum(1 for c in range(ncols) if sum(1 for row in g.rows if row[c]) >= 0.5 * nrows)
    if full < TEXT_FULL_COLUMNS * ncols:
        return False
    if sum(1 for c in cells if len(c.split()) > MAX_CELL_WORDS) > PROSE_CELLS * len(cells):
        return False                        # lines of prose side by side
    if sum(1 for c in cells if _OPERATOR.match(c)) >= 2:
        return False                        # displayed math: cells open with = + −
    if any(all(not row[c] or _BULLET.match(row[c]) for row in g.rows) for c in range(ncols)):
        return False                        # a list in columns: a column of bullets
    numeric_col = any(_numeric_column(g.rows[g.header_rows:], c) for c in range(ncols))
    return numeric_col or ncols >= 3


def _numeric_column(rows, c: int) -> bool:
    vals = [row[c] for row in rows if c < len(row) and row[c]]
    return len(vals) >= 2 and sum(1 for v in vals if is_number(v)) >= 0.6 * len(vals)
