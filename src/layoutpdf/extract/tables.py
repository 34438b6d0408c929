"""Table candidates of one raw page: ruled grids, rule bands (booktabs) and aligned text.

Runs during extraction because it reads word boxes and vector path segments from the
PyMuPDF page. Only pages that show a sign of a table pay for it: rules (two horizontal
ones, horizontal and vertical ones, boxes) or three lines of text set in aligned short
pieces. The grid itself is built by `table_grid` from words and rules; the rules and the
regions they bound are read in `table_rules`, the words and aligned text bands in
`table_words`; this module puts them together and rejects what is not a table (prose
columns, contents lists, notes, implausible grids). Columns of running text and contents
lists are refused with the reason (`table_prose`, kept as a "refused" candidate for the
debug report); fills give only the edges one sees (`table_fills`); side-by-side tables
and blocks cut at blank rows are found in `table_regions`.

PyMuPDF's `page.find_tables()` was measured here at 90-340 ms per page on born-digital
papers (it re-extracts every character), which alone would cap the pipeline below
10 pages/s; the same edge-based design on the segments we read once is ~1 ms.
"""
from __future__ import annotations

import re
from operator import itemgetter
from statistics import median

from ..model import BBox, Drawing, ImagePlacement, Line, TableCandidate
from ..text.monospace import is_mono
from .framed_text import framed_prose
from .table_bands import headed_bodies
from .table_bottom import amounts_below_labels
from .table_continued import continued_tables, over_ruled, ruled_under_header
from .table_build import build_grid
from .table_captioned import CAPTIONED, captioned_bands, text_grid
from .table_edges import EDGE_ROWS, MAX_MATH_SHARE, edge_rows
from .table_prose import LEADER, contents_refusal, prose_refusal, without_fill, without_leaders
from .table_regions import head_marks, side_by_side_cuts, stacked_pairs
from .table_grid import Grid, Seg, Word, text_lines
from .table_numbers import CURRENCY, is_amount, is_number
from .table_one_row import one_row_grid
from .table_plausible import plausible as _plausible
from .table_signs import columns, join_sign_columns
from .table_rules import figure_captioned, rule_signal, ruled_regions
from .table_page_text import PageText, page_words
from .table_words import (MAX_CELL_WORDS, aligned_bands, aligned_regions, outside,
                          turned_labels, held as held_by)

MONO_SHARE = 0.5        # aligned text mostly in a monospaced font is code, not a table


def find_table_candidates(width: float, height: float, textpage, lines: list[Line],
                          drawings: list[Drawing], images: list[ImagePlacement],
                          paths: list[dict]) -> tuple[TableCandidate, ...]:
    """Tables on one page (`width` x `height` in the coordinates of `lines`), best effort,
    cheap when the page shows no sign of one."""
    body = [ln for ln in lines if ln.horizontal and ln.text.strip()]
    if len(body) < 2:
        return ()
    textpage = PageText(textpage)
    em = _typical_size(body)
    regions, hs, vs, blocked = [], [], [], []
    if rule_signal(drawings, em):
        regions, hs, vs, blocked = ruled_regions(paths, drawings, images, body, em, width * height,
                                                 (width, height), textpage.extractWORDS)
    reach = EDGE_ROWS * 2 * em
    around = [(0.0, box[1] - reach, width, box[3] + reach) for box, _ in regions]
    refused: list[TableCandidate] = []      # regions read and refused, with the reason
    level = page_words(textpage, body, em, around) if regions else []
    turned = [ln for ln in lines if abs(ln.direction[0]) < 0.05 and ln.text.strip()] if regions else []
    if turned:
        level = level + turned_labels(regions, level, page_words(textpage, turned, em, around))
    grids = _ruled_grids(regions, level, body, hs, vs, blocked, em, refused)
    captioned = captioned_bands(hs, drawings, body, em) if hs else []
    # only a ruled region that is a table keeps its lines from the text-alignment finder:
    # rules that underline one amount column (a statement's subtotal and total rules) make
    # no table of their own, and the statement they underline is found by its alignment
    boxes = [g.bbox for g in grids] + [b.to_list() for b in blocked]
    rest = _lines_outside(body, boxes) if boxes else body
    bands = aligned_bands(rest, em, width)
    if not regions and not bands and not captioned:
        return tuple(refused)
    words = page_words(textpage, body, em, around + [(0.0, y0, width, y1) for y0, y1 in bands])
    aligned = bool(bands)
    if aligned:
        taken = [g.bbox for g in grids] + [b.to_list() for b in blocked]
        free = outside(words, taken)
        texts = _joined_blocks(_text_grids(free, body, em, refused, head_marks(drawings, em)), free, body, em)
        texts = [g for g in texts if len(g.rows) > 2 or not _next_to(g, grids, em)]
        grids = over_ruled(grids, texts, words, em, _plausible)
    if captioned:
        grids, blocked = _tables_of_text(grids, blocked, captioned, hs, page_words(textpage, body, em, captioned))
    if len(grids) > 1:
        grids = continued_tables(headed_bodies(grids, words, hs, vs, em, _plausible), words, hs, vs, em, _plausible)
    taken = [b.to_list() for b in blocked]
    # a band's edge rows (its header above, the wrapped rest of its last label below) are
    # read within the reach of a ruled region's
    edge_words = page_words(textpage, body, em, around + [(0.0, y0 - reach, width, y1 + reach)
                                                          for y0, y1 in bands]) if bands else words
    grids = [g if g.strategy == CAPTIONED else
             _with_edge_rows(g, edge_words, hs, vs, em, [o.bbox for o in grids if o is not g] + taken)
             for g in grids]
    if len(grids) > 1:
        grids = ruled_under_header(grids, edge_words)
    grids.sort(key=lambda g: (g.bbox[1], g.bbox[0]))
    return tuple(_candidate(without_leaders(amounts_below_labels(join_sign_columns(g))))
                 for g in grids) + tuple(refused)


def _next_to(g: Grid, grids: list[Grid], em: float) -> bool:
    """A grid of two rows (`table_two_rows`) right above or under a ruled table, within two
    line pitches across its width: that table's header or closing rows, which its edge rows
    take in (`_with_edge_rows`), not a table of their own."""
    x0, y0, x1, y1 = g.bbox
    return any(min(x1, o.bbox[2]) - max(x0, o.bbox[0]) > 0.5 * (x1 - x0)
               and (-2 <= y0 - o.bbox[3] <= 2 * em or -2 <= o.bbox[1] - y1 <= 2 * em) for o in grids)


def _lines_outside(lines: list[Line], boxes: list) -> list[Line]:
    """The lines whose centre lies in none of the boxes (`holds`), each centre read once."""
    grown = [(b[0] - 1, b[1] - 1, b[2] + 1, b[3] + 1) for b in boxes]
    out = []
    for ln in lines:
        b = ln.bbox
        cx, cy = (b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2
        if not any(x0 <= cx <= x1 and y0 <= cy <= y1 for x0, y0, x1, y1 in grown):
            out.append(ln)
    return out


def _ruled_grids(regions, words: list[Word], body: list[Line], hs: list[Seg], vs: list[Seg],
                 blocked: list[BBox], em: float, refused: list[TableCandidate]) -> list[Grid]:
    """The tables of the ruled regions; a framed box of prose, or columns of running text
    between rules (a sidebar ruled above and below), is blocked instead, unless its lines
    go on outside it with amounts (`_rows_go_on`)."""
    grids: list[Grid] = []
    for box, strategy in regions:
        if framed_prose(box, body, vs) and not _rows_go_on(box, words):
            blocked.append(BBox(*box))      # a boxed theorem or note: its text is prose
            continue
        grid = build_grid(box, words, hs, vs, strategy, em) \
            or one_row_grid(box, words, hs, vs, strategy, em, _plausible)
        if grid and (why := _contents_list(grid)):
            refused.append(_refusal(grid, why))
            continue
        if grid and _plausible(grid) and not _amount_rules(grid, words, body):
            why = None if grid.rule_columns else _code_listing(grid, words) or prose_refusal(grid)
            if why:
                if not _rows_go_on(box, words):
                    blocked.append(BBox(*box))  # its text is no table for the other finders either
                refused.append(_refusal(grid, why))
                continue
            grids.append(grid)
    return grids


def _rows_go_on(box, words: list[Word]) -> bool:
    """The lines of a region read as prose go on right of it with amounts on their
    baselines, and nothing but amounts (a signature's title and date, an exhibit's mark
    are words): it is the label column of a statement whose label cells alone are shaded
    (a browser paints each cell's background; zebra rows may colour the label cell only),
    not text set apart in a box, and its words stay for the text-alignment finder."""
    x0, y0, x1, y1 = box
    lines = text_lines([w for w in words if x0 <= w.cx <= x1 and y0 <= w.cy <= y1])
    right = [w for w in words if w.x0 > x1 and y0 <= w.cy <= y1]
    going_on = 0
    for ln in lines:
        on = [w.text for w in right if ln.y0 <= w.cy <= ln.y1]
        if any(is_amount(t) for t in on) and not any(c.isalpha() for t in on for c in t):
            going_on += 1
    return bool(lines) and 2 * going_on >= len(lines)


def _tables_of_text(grids: list[Grid], blocked: list[BBox], captioned: list, hs: list[Seg],
                    words: list[Word]) -> tuple[list[Grid], list[BBox]]:
    """The grids with the tables of text that a "Table N" caption labels (`captioned`,
    read by `table_captioned`), where no finder read a table whole between their rules:
    prose rows kept the rule finder from joining the rules, or the grid read from them
    refused the prose. What was read or blocked inside one gives way to the whole."""
    for band in captioned:
        whole = BBox(*band)
        if any(BBox(*g.bbox).covers_fraction(whole) > 0.8 for g in grids):
            continue                        # a ruled table read whole already
        grid = text_grid(band, hs, words)
        if grid is None:
            continue
        grids = [g for g in grids if whole.covers_fraction(BBox(*g.bbox)) <= 0.5] + [grid]
        blocked = [b for b in blocked if whole.covers_fraction(b) <= 0.5]
    return grids, blocked


def _code_listing(g: Grid, words: list[Word]) -> str | None:
    """Why a ruled region with no rule between its columns is a code listing, not a
    table: its text is mostly set in a monospaced font. A listing is framed or shaded
    (one box, or one shaded box per line) and may carry line numbers in a gutter, but the
    columns read from its text are indentation, not cells. (A grid ruled between its
    columns is a table in any font: slides set whole tables in Courier.)"""
    x0, y0, x1, y1 = g.bbox
    held = [w for w in words if x0 - 1 <= w.cx <= x1 + 1 and y0 - 1 <= w.cy <= y1 + 1]
    if not held or sum(w.mono for w in held) <= MONO_SHARE * len(held):
        return None
    return f"not a table: a code listing ({sum(w.mono for w in held)} of {len(held)} words monospaced)"


def _contents_list(g: Grid) -> str | None:
    """Why grid `g` is refused as a table of contents, when that alone refuses it: it
    would be a table but for its dot leaders to page references (`contents_refusal`)."""
    if _plausible(g) or not _plausible(g, leaders=False):
        return None
    return contents_refusal(g)


def _refusal(g: Grid, why: str) -> TableCandidate:
    """A region read as a grid and refused: kept on the page with the reason (strategy
    "refused"), so that the debug report shows why its text stayed prose."""
    return TableCandidate(bbox=BBox(*(round(v, 2) for v in g.bbox)), strategy="refused",
                          reasons=(f"{g.strategy} region", why))


_WORDY = re.compile(r"[^\W\d_]{3}")   # a row label has words (the next table's amounts have none)
AMOUNT_CELLS = 0.8      # share of number cells in the columns a statement's sum rules underline
LABELLED_ROWS = 0.6     # share of those rows whose label is set left of the rules
PROSE_LINES = 4         # lines a column needs to be read as set prose
FULL_LINE = 0.8         # a prose line is at least this share of the longest line's length


def _amount_rules(g: Grid, words: list[Word], body: list[Line]) -> bool:
    """A rule band that underlines only the amount columns of a statement (the subtotal
    and total rules under the sums), not a table's top and bottom rules: every column of
    it is a column of numbers, and most of its rows have their label on the same baseline to the left of
    the rules. A table's rules run under its label column too; here the statement is the
    labels with the amounts, and the text-alignment finder reads it whole (issue 39, B).
    The same holds for rules drawn only under the heads of the amount columns (a note's small
    tables, one under another, each ruled under its spanning head and its column heads): the
    rows of amounts between the rules have their labels to the left, and the next table's
    head, words only, stands between them and its own rules."""
    if g.strategy != "rules":
        return False
    x0 = g.bbox[0]
    rows = text_lines(held_by(g.bbox, words))
    left = [ln.bbox for ln in body if ln.bbox.x1 < x0 and _WORDY.search(ln.text)]

    def labelled(r) -> bool:
        return any(abs(b.cy - r.cy) <= 0.3 * (r.y1 - r.y0) for b in left)

    priced = [r for r in rows if any(is_amount(w.text) for w in r.words)]
    if len(priced) >= 2 and all(labelled(r) and not any(_WORDY.search(w.text) for w in r.words)
                                for r in priced):
        return True                         # amounts only, each row labelled left of the rules
    table_rows = g.rows[g.header_rows:]
    for c in range(len(g.col_edges) - 1):
        cells = [row[c] for row in table_rows if c < len(row) and row[c]]
        if not cells or sum(1 for v in cells if is_number(v) or CURRENCY.match(v)) < AMOUNT_CELLS * len(cells):
            return False                    # a column of labels: the rules are the table's
    return bool(rows) and sum(1 for r in rows if labelled(r)) >= LABELLED_ROWS * len(rows)


def _with_edge_rows(g: Grid, words: list[Word], hs: list[Seg], vs: list[Seg], em: float,
                    others: list) -> Grid:
    """The table with the header rows above it and the closing rows below it that its
    rules leave out (`table_edges`), when the grid read with them is still a table."""
    x0, y0, x1, y1 = g.bbox
    top, bottom = edge_rows(g, words, em, others)
    if (top, bottom) == (y0, y1):
        return g
    grown = build_grid((x0, top, x1, bottom), words, hs, vs, g.strategy, em)
    # (columns counted with their currency signs joined: a header label centred over a
    # sign and its amount names the pair)
    if grown is None or columns(grown) < columns(g) or len(grown.rows) < len(g.rows) \
            or _words_in(grown) <= _words_in(g) or not _plausible(grown):
        return g
    grown.reasons.append("with the header or closing rows its rules leave out")
    return grown


def _words_in(g: Grid) -> int:
    """The words in a grid's cells: the rows taken below it may be the wrapped rest of its
    last row's label, which adds words but no row."""
    return sum(len(c.split()) for row in g.rows for c in row if c)


def _prose_columns(g: Grid, lines: list[Line], em: float) -> set[int]:
    """Columns of a text "table" that are a slice of prose set in page columns: a long
    line of running text lies within the column right above or below the table (the
    text of that column goes on)."""
    x0, y0, x1, y1 = g.bbox
    pitch = (y1 - y0) / max(1, len(g.rows))
    out: set[int] = set()
    # the lines right above and below the table, the same for every column
    near = [ln for ln in lines if y0 - 1.6 * pitch <= ln.bbox.cy < y0 or y1 < ln.bbox.cy <= y1 + 1.6 * pitch]
    for c, (a, b) in enumerate(zip(g.col_edges, g.col_edges[1:])):
        if _label_column(g, c) and not _set_prose(g, lines, a, b, em):
            continue
        for ln in near:
            by = ln.bbox
            if by.x0 >= a - em and by.x1 <= b + em and len(ln.text.split()) >= 6 \
                    and by.width >= 0.6 * (b - a) and not all(is_mono(s) for s in ln.spans if s.text.strip()):
                out.add(c)
                break
    return out


def _set_prose(g: Grid, lines: list[Line], a: float, b: float, em: float) -> bool:
    """The page's lines inside the table's rows and within the column from `a` to `b` are
    lines of a paragraph: wordy, and most as long as the longest (prose fills its column's
    measure; row labels are short and uneven). Read on the lines, not on the cells: a
    prose column beside a table's rows is cut into cells of one or two lines each, and a
    cell of two joined lines is no measure. Dot leaders are fill, not words: a label
    they lead to its amount reaches the column's edge by its leaders ("Cost of revenue
    (1) ......"), so a line is measured and its words counted without them. Lines that
    each open an item (`_items`) are labels however even: a cash-flow statement's
    "Purchases of property and equipment" / "Acquisitions, net of cash acquired" / ..."""
    x0, y0, x1, y1 = g.bbox
    held = [ln for ln in lines if y0 <= ln.bbox.cy <= y1 and ln.bbox.x0 >= a - em and ln.bbox.x1 <= b + em]
    if len(held) < PROSE_LINES:
        return False
    texts = [" ".join(LEADER.sub(" ", ln.text).split()) for ln in held]
    if median(len(t.split()) for t in texts) <= MAX_CELL_WORDS:
        return False
    widths = [ln.bbox.width * len(t) / max(1, len(ln.text.strip())) for ln, t in zip(held, texts)]
    longest = max(widths)
    return sum(1 for w in widths if w >= FULL_LINE * longest) >= LABELLED_ROWS * len(held) \
        and not _items(texts)


def _label_column(g: Grid, c: int) -> bool:
    """Column `c` holds the row labels of amounts: short labels of uneven length (a prose
    column's cells are whole lines of running text, most of them about as long as the
    longest) or of items each opening as an item does (`_items`), each with a number to
    its right on its row in most rows. A
    statement's note under it ("See accompanying notes to ...") does not make its label
    column prose."""
    rows = [r for r in g.rows[g.header_rows:] if r[c]]
    labels = [LEADER.sub(" ", r[c]).strip() for r in rows]     # dot leaders fill labels to one length
    if not rows or median(len(t.split()) for t in labels) > 2 * MAX_CELL_WORDS:
        return False
    longest = max(len(t) for t in labels)
    if sum(1 for t in labels if len(t) >= FULL_LINE * longest) >= LABELLED_ROWS * len(rows) \
            and not _items(labels):
        return False                        # lines of even length: set prose, not labels
    beside = sum(1 for r in rows if any(is_number(v) for v in r[c + 1:] if v))
    return beside >= LABELLED_ROWS * len(rows)


def _items(labels: list[str]) -> bool:
    """Most cells open as an item does, with a capital, a figure or a bracket: each row
    begins a label of its own. A paragraph's lines mostly go on with the sentence of the
    line above, in lower case: a line begins a sentence only where a break falls."""
    return sum(1 for t in labels if t[:1].isupper() or t[:1].isdigit() or t[:1] in "($") \
        >= LABELLED_ROWS * len(labels)


def _text_grids(words: list[Word], body: list[Line], em: float,
                refused: list[TableCandidate], marks: list[BBox]) -> list[Grid]:
    """Borderless tables: runs of aligned short phrases, not math, not chart labels, not
    running text set in columns."""
    out = []
    for box, side in _side_by_side(aligned_regions(without_fill(words), em), words, marks, em):
        held = held_by(box, words)
        if sum(w.math for w in held) > MAX_MATH_SHARE * len(held) or figure_captioned(box, body, em):
            continue
        if sum(w.mono for w in held) > MONO_SHARE * len(held):
            continue                        # a code listing: indentation, not columns
        grid = build_grid(box, held, [], [], "text", em)
        if grid and _plausible(grid):
            grid = _without_column_prose(grid, held, body, em)
        if grid and not _plausible(grid):
            if why := _contents_list(grid):
                refused.append(_refusal(grid, why))
            continue
        if grid:
            why = prose_refusal(grid)
            if why:
                refused.append(_refusal(grid, why))
                continue
            grid.reasons.append(_aligned_reason(grid))
            if side:
                grid.reasons.append(side)
            out.append(grid)
    return out


def _side_by_side(boxes, words: list[Word], marks: list[BBox], em: float):
    """Each aligned region, or the tables it holds side by side (each under its own header
    bar or rule, a clear gap between them), with the reason (`table_regions`)."""
    for box in boxes:
        cuts = side_by_side_cuts(box, words, marks, em) if marks else []
        if not cuts:
            yield box, ""
            continue
        edges = [box[0] - 1] + cuts + [box[2] + 1]
        for a, b in zip(edges, edges[1:]):
            part = [w for w in held_by(box, words) if a <= w.cx < b]
            if part:
                yield ((min(w.x0 for w in part), box[1], max(w.x1 for w in part), box[3]),
                       f"one of {len(cuts) + 1} tables side by side, each under its own head")


def _joined_blocks(grids: list[Grid], words: list[Word], body: list[Line], em: float) -> list[Grid]:
    """Borderless tables one under the other with the same columns and only blank rows
    between them are one table (`table_regions.stacked_pairs`)."""
    def between(y0: float, y1: float, x0: float, x1: float) -> int:
        return sum(1 for ln in body if y0 < ln.bbox.cy < y1 and ln.bbox.x1 > x0 and ln.bbox.x0 < x1)
    pairs = stacked_pairs(grids, between, em)
    while pairs:
        a, b = pairs[0]
        g, h = grids[a], grids[b]
        box = (min(g.bbox[0], h.bbox[0]), g.bbox[1], max(g.bbox[2], h.bbox[2]), h.bbox[3])
        joined = build_grid(box, held_by(box, words), [], [], "text", em)
        if joined is None or not _plausible(joined) or len(joined.col_edges) != len(g.col_edges):
            break
        joined.reasons += [_aligned_reason(joined),
                           "one table across blank rows between blocks of the same columns"]
        grids = [x for k, x in enumerate(grids) if k not in (a, b)] + [joined]
        pairs = stacked_pairs(grids, between, em)
    return grids


def _aligned_reason(g: Grid) -> str:
    """Why aligned text is a table: its rows line up across its columns in short cells."""
    cells = [c for row in g.rows for c in row if c]
    words = median(len(c.split()) for c in cells) if cells else 0
    full = sum(1 for row in g.rows if all(row))
    return (f"{len(g.rows)} rows line up across {len(g.col_edges) - 1} columns "
            f"({full} rows in every column), cells of {words:g} words")


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
