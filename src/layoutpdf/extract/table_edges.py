"""The rows a table's rules leave out: header lines right above its first rule and closing
rows right below its last one (office suites and HTML tables draw a rule only under the
header and over the "Total" row; statements shade every other row and leave the header
band and the last row bare). Read on the lines around a grid found by `tables`."""
from __future__ import annotations

import re
from statistics import median

from ..text.dates import YEAR
from ..text.units import UNIT_WORD
from .table_bottom import amount_columns
from .table_grid import Grid, Word, col_index, text_lines
from .table_numbers import goes_on, is_fill, is_number
from .table_prose import LEADER
from .table_rows import centred_over, unit_alone
from .table_rules import CAPTION_LABEL
from .table_signs import sign_column
from .table_words import MAX_CELL_WORDS, MAX_LABEL_LINES, held, label_head, outside

EDGE_ROWS = 3           # header rows above / closing rows below a table's rules, at most
EDGE_GAP = 1.0          # ... each at most this many line heights from the next
MAX_MATH_SHARE = 0.25   # aligned text with more math-font words is a display equation
_NOTE = re.compile(r"^\s*(?:[*†‡§¶]|\([^)]{1,3}\)|notes?\b|sources?\b|nb\b)", re.I)


def edge_rows(g: Grid, words: list[Word], em: float, others: list) -> tuple[float, float]:
    """The table with the header rows right above it and the closing rows right below it
    that its rules leave out (a rule only under the header and one over the "Total" row,
    as office suites and HTML tables draw them): lines set within the table's width in
    short pieces that fall into two or more of its columns, one line pitch apart. Returns
    the top and bottom of the table with them."""
    x0, y0, x1, y1 = g.bbox
    mine = held(g.bbox, words)
    pitch = median(w.h for w in mine) if mine else em
    lo, hi = y0 - EDGE_ROWS * 2 * pitch, y1 + EDGE_ROWS * 2 * pitch
    near = outside([w for w in words if lo <= w.cy <= hi], [g.bbox, *others])
    lines = text_lines(near)
    top = _first_row_head(g, lines, mine, em)
    columns = [w for w in mine if len(g.col_edges) > 2 and w.x0 >= g.col_edges[1]]
    centre = (min(w.x0 for w in columns) + max(w.x1 for w in columns)) / 2 if columns else None
    label_top = None            # a section label ("Assets") between the header and the rows,
    passed: set[str] = set()    # ... or a column's qualifier ("(Unaudited)") under its label
    labels_below = not g.rows[0][0] and sum(1 for c in g.rows[0] if c) >= 2   # column labels only
    taken = 0                   # header lines taken (a section label does not count)
    under = None                # the header line last taken
    above = sorted((ln for ln in lines if ln.cy < top), key=lambda ln: -ln.cy)
    for k, ln in enumerate(above):
        edge = top if label_top is None else label_top
        stacked = under is not None and _stacked(ln, under, g)
        if edge - ln.y1 > EDGE_GAP * pitch or (taken == EDGE_ROWS and not stacked):
            break
        if label_top is None and _wrapped_head(ln, above[k + 1:k + 2], g, em, pitch):
            top, under = ln.y0 - 0.5, None  # the wrapped rest of a head over it ("June" / "30,")
            continue
        if stacked or row_like(ln, g, em, header=True) or (labels_below and period_label(ln, g, em, centre)):
            top, label_top, taken = ln.y0 - 0.5, None, taken + (not stacked)
            passed.clear()
            labels_below = len(ln.phrases) >= 2 and ln.phrases[0].x0 > g.col_edges[1]
            under = ln
            continue
        under = None
        labels_below = False
        kind = "section" if section_row(ln, g, em) else "qualifier" if column_qualifier(ln, g, em) \
            else "unit" if unit_line(ln, g) else None
        if kind is None or kind in passed:
            break
        passed.add(kind)            # one of each, kept only when a header row is found above
        label_top = ln.y0 - 0.5
    return top, _closing_rows(g, sorted((ln for ln in lines if ln.cy > y1), key=lambda ln: ln.cy), pitch, em)


def _wrapped_head(ln, over: list, g: Grid, em: float, pitch: float) -> bool:
    """`ln` is the wrapped rest of a column head in the header line right over it, which
    reads as a header row of the table ("Three Months Ended June" / "30,", centred:
    `table_rows.centred_over`)."""
    return bool(over) and row_like(over[0], g, em, header=True) \
        and centred_over(over[0], ln, g.bbox[0], em) is not None


def _stacked(ln, under, g: Grid) -> bool:
    """`ln` is the upper part of header cells wrapped over lines and set flush with the
    rows (cells aligned to the bottom: "% CHANGE" / "EXCLUDING" / "CURRENCY" / "CHANGES"
    over a narrow amount column): each of its phrases stands right over a phrase of the
    header line under it, clear of the label column. Such lines are one header row,
    however many, and count once."""
    return all(p.x0 > g.col_edges[1] and any(q.x0 < p.x1 and p.x0 < q.x1 for q in under.phrases)
               for p in ln.phrases)


def _closing_rows(g: Grid, below: list, pitch: float, em: float) -> float:
    """The bottom of the table with its closing rows (`below`: the lines under it, top
    down): rows of its columns, the wrapped rest of the label above (`_label_rest`), and
    a row whose label stands on lines above its amounts (cells aligned to the bottom:
    "Total liabilities and" / "stockholders' equity  $ 507  $ 17,447"), at most
    EDGE_ROWS rows (the lines a row's label wraps onto are no rows of their own; they
    are as many as a label has, "Weighted average shares" / "outstanding used in
    computing" / "basic and diluted net income per" / "share")."""
    bottom = g.bbox[3]
    last = g.rows[-1][0] if g.rows and g.rows[-1] else ""
    k = taken = rest = 0
    while k < len(below):
        ln = below[k]
        if ln.y0 - bottom > EDGE_GAP * pitch:
            break
        if rest < MAX_LABEL_LINES - 1 and _label_rest(ln, g, last, em):
            k, rest = k + 1, rest + 1
        elif taken == EDGE_ROWS:
            break
        elif row_like(ln, g, em, header=False):
            k, taken, rest = k + 1, taken + 1, 0
        elif _group_over_row(ln, g, below[k + 1:], pitch, em):
            k, rest = k + 1, 0          # a group label: the row under it is read next
        else:
            head = _row_head(ln, g, below[k + 1:], em)
            if head is None:
                head = _cells_wrapped_down(ln, g, below[k + 1:], pitch, em)
            if head is None:
                break
            k, taken, rest = k + head + 2, taken + 1, 0
            ln = below[k - 1]
        last, bottom = ln.phrases[0].text, ln.y1 + 0.5
    return bottom


def _group_over_row(ln, g: Grid, after: list, pitch: float, em: float) -> bool:
    """`ln` is a statement's group label right over a closing row ("Cash flows from
    investing activities:" over "Purchases of property and  (83,357)  ..."): one phrase
    ending in a colon, set in the label column, the next line a row of the table's
    columns (or the head of one) one line pitch under it. A statement's sections go on
    below the shaded or ruled rows of the section above (the last rows of a page)."""
    if len(ln.phrases) != 1 or not after or len(g.col_edges) < 3 or after[0].y0 - ln.y1 > EDGE_GAP * pitch:
        return False
    p = ln.phrases[0]
    if not (p.x0 >= g.col_edges[0] - em and p.x1 <= g.col_edges[1] + 0.5 * em) \
            or not LEADER.sub(" ", p.text).strip().endswith(":"):
        return False
    return row_like(after[0], g, em, header=False) or _row_head(after[0], g, after[1:], em) is not None


def _row_head(ln, g: Grid, after: list, em: float) -> int | None:
    """`ln` is the first line of a closing row's label, set in the label column, that goes
    on over lines to the row with its amounts (`table_words.label_head`), a row of the
    table's columns: the number of label lines between them, or None."""
    p = ln.phrases[0]
    if len(g.col_edges) < 3 or not (p.x0 >= g.col_edges[0] - em and p.x1 <= g.col_edges[1] + 0.5 * em):
        return None
    lines = label_head(ln, after)
    if lines is None or not row_like(after[len(lines)], g, em, header=False):
        return None
    return len(lines)


def _cells_wrapped_down(ln, g: Grid, after: list, pitch: float, em: float) -> int | None:
    """`ln` opens a closing row whose text cells wrap over lines, its amounts on the last
    (a product and its indication: "Zirabev  Treatment of mCRC; unresectable, ..." /
    "NSCLC; recurrent glioblastoma; ..." / "or metastatic cervical cancer  106  138  235
    286"): lines set left of the table's first amount column, each a line pitch under the
    one above, down to a line whose pieces in the amount columns are amounts. The number
    of lines between `ln` and that line, or None."""
    found = amount_columns(g)
    if not found:
        return None
    edge = g.col_edges[found[0]]
    chain = [ln] + after[:MAX_LABEL_LINES - 1]
    for n, nxt in enumerate(chain):
        if n and nxt.y0 - chain[n - 1].y1 > EDGE_GAP * pitch:
            return None
        if all(p.x1 <= edge for p in nxt.phrases):
            continue                        # text cells only: the row goes on
        amounts = [p for p in nxt.phrases if p.x1 > edge]
        return n - 1 if n and len(amounts) >= 2 and all(is_number(p.text) for p in amounts) else None
    return None


def _first_row_head(g: Grid, lines: list, mine: list[Word], em: float) -> float:
    """The top of the table with the lines of its first row's label above it (cells
    aligned to the bottom: a page a statement goes on to opens with "Proceeds from
    maturities of" over "marketable securities  965  588"): one phrase each, set in the
    label column, reading on into the row (`table_words.label_head`)."""
    top = g.bbox[1]
    first = text_lines(mine)[:1]
    if not first or len(g.col_edges) < 3:
        return top
    chain: list = []
    for ln in sorted((ln for ln in lines if ln.cy < top), key=lambda ln: -ln.cy)[:MAX_LABEL_LINES - 1]:
        p = ln.phrases[0]
        if len(ln.phrases) != 1 or p.x0 < g.col_edges[0] - em or p.x1 > g.col_edges[1] + 0.5 * em:
            break
        chain.insert(0, ln)
        between = label_head(ln, chain[1:] + first)
        if between is not None and len(between) == len(chain) - 1:
            return ln.y0 - 0.5
    return top


def _label_rest(ln, g: Grid, last: str, em: float) -> bool:
    """`ln` is the wrapped rest of the label of the row right above it ("Total liabilities
    and stockholders'" / "equity"): one phrase in the label column under a row label with
    amounts beside it, reading on from it (`table_grid.goes_on`), ending no sentence (a
    note under the table does: "a Measured on one core."), no statement of a test under
    it ("χ 2 = 25.49, v = 11"). The last row's cells are
    aligned to the top, its rule (or band) drawn around its first line only. Or the leader
    of that label, wrapped alone onto the line under it (`table_numbers.is_fill`)."""
    if len(ln.phrases) != 1 or len(g.col_edges) < 3 or not last or not g.rows \
            or not any(is_number(v) for v in g.rows[-1][1:] if v):
        return False
    p = ln.phrases[0]
    text = LEADER.sub(" ", p.text).strip()      # the dots leading to its amounts end no sentence
    # a column of bare `$` beside the labels is blank on most rows: a label may reach into it
    right = g.col_edges[2] if len(g.col_edges) > 3 and sign_column(g.rows[g.header_rows:], 1) \
        else g.col_edges[1]
    if not (p.x0 >= g.col_edges[0] - em and p.x1 <= right + 0.5 * em):
        return False
    if is_fill(p.text):
        return True                     # the leader of the label above, wrapped alone
    return bool(text) and not _NOTE.match(text) and not text.endswith(".") and "=" not in text \
        and goes_on(LEADER.sub(" ", last).strip(), text)


def period_label(ln, g: Grid, em: float, centre: float | None = None) -> bool:
    """A header line of one short label set over two or more of the amount columns, clear
    of the label column ("As of December 31," over "2017" and "2016"), centred nearer to
    the amount columns than to the table (a title is centred over the whole table): the
    upper level of a statement's header, taken only right above a row of column labels
    clear of the label column. A year over three columns may be narrower than the middle
    one: it is theirs when centred on the text of the columns (`centre`, the middle of
    the table's words right of its label column)."""
    if len(ln.phrases) != 1 or len(g.col_edges) < 4:
        return False
    p = ln.phrases[0]
    edges = g.col_edges
    text = p.text
    mid = (p.x0 + p.x1) / 2
    over_amounts = abs(mid - (edges[1] + edges[-1]) / 2) < abs(mid - (edges[0] + edges[-1]) / 2)
    # over two columns or more, or a year centred over them all ("2021" over three)
    spans = col_index(p.x1 - 0.3 * em, edges) > col_index(p.x0 + 0.3 * em, edges) or (
        centre is not None and abs(mid - centre) <= 0.5 * em
        and any(YEAR.match(w.text.rstrip(",")) for w in p.words))
    return p.x0 > edges[1] and p.x1 <= edges[-1] + em and len(p.words) <= 2 * MAX_CELL_WORDS \
        and over_amounts and spans \
        and not text.endswith((".", ";")) and not CAPTION_LABEL.match(text) and not _NOTE.match(text)


def section_row(ln, g: Grid, em: float) -> bool:
    """A line that may sit between a table's header and its first row: one short phrase
    set at the table's left edge (a statement's "Assets" or "ASSETS"); it belongs to the
    table only when a header row is found above it."""
    text = " ".join(w.text for w in ln.words)
    return len(ln.phrases) == 1 and abs(ln.words[0].x0 - g.bbox[0]) <= em \
        and len(ln.words) <= 2 * MAX_CELL_WORDS and not text.endswith((".", ";", ",")) \
        and not CAPTION_LABEL.match(text) and not _NOTE.match(text)


_PARENTHESISED = re.compile(r"^\(.{1,40}\)$")


def column_qualifier(ln, g: Grid, em: float) -> bool:
    """A line that may sit under a table's header labels, over its rows: one short phrase
    in brackets over one amount column, or over one and the sign column before it
    ("(Unaudited)" under "July 2, 2023": a filing's word on that column only), clear of
    the label column, no unit (a unit is said of the whole table); it belongs to the
    table only when a header row is found above it."""
    if len(ln.phrases) != 1 or len(g.col_edges) < 3:
        return False
    p = ln.phrases[0]
    first = col_index(p.x0 + 0.3 * em, g.col_edges)
    return p.x0 > g.col_edges[1] and col_index(p.x1 - 0.3 * em, g.col_edges) - first <= 1 \
        and len(p.words) <= MAX_CELL_WORDS and _PARENTHESISED.match(p.text) is not None \
        and not UNIT_WORD.search(p.text)


def unit_line(ln, g: Grid) -> bool:
    """A table's unit set under its header labels, over the amount columns ("(in
    thousands)" centred under the years): one short phrase in brackets naming a unit,
    clear of the label column; it belongs to the table only when a header row is found
    above it."""
    return unit_alone(ln) and len(g.col_edges) >= 3 and ln.phrases[0].x0 > g.col_edges[1] \
        and len(ln.phrases[0].words) <= 2 * MAX_CELL_WORDS


def row_like(ln, g: Grid, em: float, header: bool) -> bool:
    """A line that reads as a row of table `g`: inside its width, two or more short
    pieces in different columns, not a caption, a table note or math. A closing row
    ("Total", "Average") starts in the first column and keeps each piece in one column;
    header labels may span columns."""
    x0, _, x1, _ = g.bbox
    if ln.words[0].x0 < x0 - em or ln.words[-1].x1 > x1 + em or len(ln.phrases) < 2:
        return False
    text = " ".join(w.text for w in ln.words)
    if CAPTION_LABEL.match(text) or _NOTE.match(text) or sum(w.math for w in ln.words) > MAX_MATH_SHARE * len(ln.words):
        return False
    if any(len(p.words) > 2 * MAX_CELL_WORDS for p in ln.phrases) and (header or not _labelled_amounts(ln, g)):
        return False
    edges = g.col_edges
    cols = [(col_index(p.x0 + 0.3 * em, edges), col_index(p.x1 - 0.3 * em, edges)) for p in ln.phrases]
    if len({a for a, _ in cols}) < 2:
        return False
    return header or (cols[0][0] == 0 and all(a == b for a, b in cols))


def _labelled_amounts(ln, g: Grid) -> bool:
    """A row label of any length set within the label column, then amounts only: a
    statement's last row ("Shares used to compute diluted net income per share"), not a
    line of prose, which runs on across the columns in one piece."""
    first, rest = ln.phrases[0], ln.phrases[1:]
    return first.x1 <= g.col_edges[1] and bool(rest) and all(is_number(p.text) for p in rest)
