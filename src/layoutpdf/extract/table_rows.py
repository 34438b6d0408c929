"""Rows of a table's grid from its text lines (`table_grid`): the lines between two
inner horizontal rules, joined where a cell wraps (a label set on two or more lines, its
amounts on the first or the last), never across a rule."""
from __future__ import annotations

import re
from statistics import median

from ..text.dates import MONTH, YEAR
from ..text.units import unit_label
from .table_grid import TextLine, band_of, col_index, same_weight
from .table_numbers import goes_on, is_number, letters, wordy
from .table_stacked import stacked_over


MAX_LABEL_LINES = 6     # lines of one row label wrapped in a narrow label column, at most


def _cols_of(line: TextLine, edges: list[float], em: float) -> set[int]:
    return {col_index(p.x0 + 0.3 * em, edges) for p in line.phrases}


def group_rows(lines: list[TextLine], hcuts: list[float], edges: list[float],
               em: float) -> list[list[TextLine]]:
    """Text lines -> rows. Never joins across an inner horizontal rule."""
    if not lines:
        return []
    bands: dict[int, list[TextLine]] = {}
    for ln in lines:
        bands.setdefault(band_of(ln.cy, hcuts), []).append(ln)
    ruled_rows = bool(hcuts) and sum(len(v) == 1 for v in bands.values()) >= 0.6 * len(bands)
    usual = median(len(v) for v in bands.values())
    rows: list[list[TextLine]] = []
    for key in sorted(bands):
        band = bands[key]
        if ruled_rows and not _rows_in_band(band, usual, edges, em):
            rows.append(band)              # the band between two rules is one row
            continue
        rows.extend(_join_wrapped(band, edges, em))   # a block of rows between two rules
    return rows


def _rows_in_band(band: list[TextLine], usual: float, edges: list[float], em: float) -> bool:
    """A ruled band far taller than the others, whose lines nearly all start in its first
    column, holds several rows (a block ruled only around), not one row of wrapped cells;
    so does a band with a group label over a row (`_group_over`), and one each of whose
    lines sets its own amounts in the columns of the line above (booktabs: rules close the
    header and a group of rows, not each row; a cell's wrapped text never repeats the
    amounts of its row)."""
    if len(band) >= 2 and all(_own_amounts(a, b, edges, em) for a, b in zip(band, band[1:])):
        return True
    if len(band) >= 2 and any(_sentence(ln) for ln in band[1:]):
        return True                         # a sentence under a row is no wrapped cell of it
    if any(_group_over(a, b, edges, em) for a, b in zip(band, band[1:])):
        return True                         # a group label heads the row under it
    if len(band) < 3 or len(band) <= 2 * usual:
        return False
    firsts = [min(_cols_of(ln, edges, em)) for ln in band]
    return sum(1 for c in firsts if c == min(firsts)) >= 0.75 * len(band)


def _group_over(up: TextLine, low: TextLine, edges: list[float], em: float) -> bool:
    """`up` is a statement's group label over the row `low` ("Cash flows from investing
    activities:" / "Purchases of property and equipment  (886)  ..."): one phrase in the
    label column ending in a colon, over a label that opens with a capital and sets
    amounts beside it. A label broken after its colon goes on in lower case or with a
    count ("... par value:" / "900 shares authorized; ..."); a new label opens so."""
    if len(up.phrases) != 1 or len(low.phrases) < 2 or _cols_of(up, edges, em) != {0}:
        return False
    label = low.phrases[0].text
    return letters(up.phrases[0].text).endswith(":") and label[:1].isupper() \
        and col_index(low.phrases[0].x0 + 0.3 * em, edges) == 0 \
        and any(is_number(p.text) for p in low.phrases[1:])


def _sentence(ln: TextLine) -> bool:
    """A line of running text that ends a sentence ("The components of deferred tax assets
    were as follows:"): six words or more, mostly words, no amount, ending in a full stop
    or a colon. A wrapped label's lines are its pieces; its last piece ends it."""
    words = [w.text for w in ln.words]
    return wordy(words) and words[-1].endswith((".", ":")) and not any(is_number(w) for w in words)


def _join_wrapped(band: list[TextLine], edges: list[float], em: float) -> list[list[TextLine]]:
    rows: list[list[TextLine]] = []
    for k, ln in enumerate(band):
        if rows and not unit_alone(ln) and not (len(rows[-1]) == 1 and unit_alone(rows[-1][0])):
            prev = rows[-1]
            if len(edges) > 2 and ln.y0 - prev[-1].y1 < 0.25 * em and all(
                    stacked_over(up, low, edges[1]) for up, low in zip(prev, prev[1:] + [ln])):
                prev.append(ln)            # header cells wrapped over lines, aligned to the bottom
                continue
            prev_cols = set().union(*(_cols_of(p, edges, em) for p in prev))
            cols = _cols_of(ln, edges, em)
            gap = ln.y0 - prev[-1].y1
            overlapping = gap < -0.2 * em
            if cols.isdisjoint(prev_cols) and (overlapping or gap < 0.25 * em) and len(edges) > 2 \
                    and (overlapping or not _label_under_column_labels(rows, cols, edges, em)):
                prev.append(ln)            # a value set beside a two-line label
                continue
            if cols == {0} and 0 in prev_cols and _beside_amounts(prev, ln, edges, em):
                prev.append(ln)            # the next line of a label its amounts are centred on
                continue
            if cols <= prev_cols and _continues(prev[-1], ln, edges, em, band[k + 1:k + MAX_LABEL_LINES]):
                if _heads_next_row(prev, ln, edges, em):
                    rows.append([prev.pop(), ln])
                else:
                    prev.append(ln)
                continue
            if _label_wraps_onto_amounts(prev, ln, edges, em):
                prev.append(ln)
                continue
        rows.append([ln])
    return rows


def with_wrapped_heads(lines: list[TextLine], left: float, em: float) -> list[TextLine]:
    """`lines` with the wrapped rest of each centred column head joined to that head (a
    head too long for its cell, centred over its columns: "Three Months Ended June" /
    "30," over "2023" and "2022"): one short phrase of words, a day or a year (no amount:
    "$469" under "(operationally)" is a cell of its own), centred under a wider phrase of
    the line right above, a tight line pitch below it, clear of the label column at the
    table's left edge (`left`: "Regulated Businesses:" / "Water services:" are group
    labels), the line above holds no amounts and a row of cells follows (the head's last
    line). Centred over two columns, the rest would otherwise fall into one of them; two
    phrases or more under a spanning head are its columns' own heads, a level of their own."""
    out: list[TextLine] = []
    for k, ln in enumerate(lines):
        up = out[-1] if out else None
        below = lines[k + 1] if k + 1 < len(lines) else None
        # the head's last line: a row of cells under it (a cell's lines stacked further,
        # "Enter the result here" / "and on" / "Form 1040NR, line 41", are read as a stack)
        head = centred_over(up, ln, left, em) if up is not None and below is not None \
            and len(below.phrases) >= 2 else None
        if head is None:
            out.append(ln)
            continue
        for w in ln.words:
            head.add(w)                     # the head reads on: "... June 30,"
        out[-1] = TextLine(sorted(up.words + ln.words, key=lambda w: w.x0), up.phrases)
    return out


def centred_over(up: TextLine, ln: TextLine, left: float, em: float):
    """The phrase of `up` that `ln` is the centred rest of (`with_wrapped_heads`), or None."""
    if len(ln.phrases) != 1 or len(ln.phrases[0].words) > 2 or ln.y0 - up.y1 > 0.5 * (ln.y1 - ln.y0):
        return None
    if any(is_number(p.text) and not _date_part(p.text) for p in up.phrases + ln.phrases):
        return None
    p = ln.phrases[0]
    mid = (p.x0 + p.x1) / 2
    if not any(ch.isalnum() for ch in p.text):
        return None
    return next((q for q in up.phrases if q.x0 > left + em and q.x1 - q.x0 > p.x1 - p.x0
                 and abs((q.x0 + q.x1) / 2 - mid) <= 0.5 * em and _reads_on(q.text, p.text)), None)


def _reads_on(head: str, rest: str) -> bool:
    """`rest` reads on from `head` as one head's words: a date cut after its month
    ("June" / "30,", "February" / "2023"), or a line that goes on (`goes_on`: lower case,
    an open end). A head of its own under a spanning one ("Average" over the middle
    column, "Fiscal Year" over the years) does not."""
    return bool(_MONTH_END.search(head) and _date_part(rest)) or goes_on(head, rest)


def _date_part(text: str) -> bool:
    """A year, or a day of a month ("30,")."""
    return bool(YEAR.match(text) or _DAY.match(text))


_DAY = re.compile(r"^[0-3]?\d,?$")
_MONTH_END = re.compile(r"\b" + MONTH + r"$", re.I)


def unit_alone(ln: TextLine) -> bool:
    """A table's unit alone on its line ("(in thousands)" centred under the column
    labels): a row of its own, said of the whole table (`table_header.unit_to_stub`),
    neither the last line of the label it stands under nor the first of the row under it."""
    return len(ln.phrases) == 1 and unit_label(ln.phrases[0].text)


def _label_under_column_labels(rows: list[list[TextLine]], cols: set[int], edges: list[float],
                               em: float) -> bool:
    """A line in the label column only, on its own baseline under lines with nothing in
    the label column (the dates over the amount columns, then "ASSETS"): a row label under
    the column labels starts the rows; it is no second line of theirs, however tight the
    leading. (Where the label column has a label of its own above, "If Form" / "1040NR,"
    / "line 40, is--", the line goes on with that stacked label.)"""
    return cols == {0} and not any(0 in _cols_of(ln, edges, em) for row in rows for ln in row)


def _label_wraps_onto_amounts(prev: list[TextLine], ln: TextLine, edges: list[float], em: float) -> bool:
    """A row label set on two or more lines with its amounts on the last one (statements
    align amounts with a label's last line): the lines above hold the label only, in the
    label column, and this line goes on with it there (it starts in lower case, or the
    text above ends open, a comma or a connector), one line pitch under it, and carries
    amounts in the columns to its right. A label ending in a colon ("Tables:") introduces
    the rows under it and is continued by none of them."""
    if len(edges) < 3 or len(ln.phrases) < 2 or ln.y0 - prev[-1].y1 > 0.5 * em:
        return False
    if letters(prev[-1].phrases[-1].text).endswith(":"):
        return False
    if any(_cols_of(p, edges, em) != {0} for p in prev):
        return False
    if col_index(ln.phrases[0].x0 + 0.3 * em, edges) != 0:
        return False
    return any(is_number(p.text) for p in ln.phrases[1:]) and _continues(prev[-1], ln, edges, em)


def _continues(prev: TextLine, ln: TextLine, edges: list[float], em: float, after: list = ()) -> bool:
    """A wrapped line of a cell: starts in lower case or with a bracket, or the text above
    it in its column ends in a comma or a connector; same weight as the line above. Or a
    label line indented under a row's label and amounts (`hangs_under`), unless the lines
    after it (`after`) read on from it down to amounts of their own (`label_head`): then
    it heads that row (cells aligned to the bottom; a statement indents its totals too:
    "marketable securities ....  90,501" / "Net cash used in" / "investing" / "activities
    ....  (97,145)")."""
    if not ln.phrases or not prev.phrases:
        return False
    head = ln.phrases[0]
    col = col_index(head.x0 + 0.3 * em, edges)
    above = [p for p in prev.phrases if col_index(p.x0 + 0.3 * em, edges) == col]
    if not above or not same_weight(above[-1], head):
        return False
    if _own_amounts(prev, ln, edges, em):
        return False
    return goes_on(above[-1].text, head.text) or (col == 0 and hangs_under(prev, ln, em)
                                                  and label_head(ln, list(after)) is None) \
        or (col == 0 and len(prev.phrases) == 1 and _clause_under(prev, ln, list(after)))


def _beside_amounts(row: list[TextLine], ln: TextLine, edges: list[float], em: float) -> bool:
    """`ln`, a label line in the weight of the row's label, is the next line of it: the
    row's amounts reach down beside it (by a quarter of an em or more). Cells aligned to
    the middle set a row's amounts between the lines of its two-line label ("Comparable
    Constant Currency" / "Growth %"); the next row's label starts under them."""
    label = next((p for r in row for p in r.phrases if col_index(p.x0 + 0.3 * em, edges) == 0), None)
    amounts = [p for r in row for p in r.phrases if col_index(p.x0 + 0.3 * em, edges) > 0 and is_number(p.text)]
    return label is not None and len(ln.phrases) == 1 and ln.phrases[0].bold == label.bold \
        and bool(amounts) and max(p.y1 for p in amounts) - ln.y0 >= 0.25 * em


_COUNT = re.compile(r"^\d[\d,.]*\s+[a-z]")    # a count in a clause: "900 shares authorized"


def _clause_under(first: TextLine, nxt: TextLine, after: list) -> bool:
    """`nxt`, a line of one phrase with no amounts under the first line of a label, reads on
    from it though that line closes with a colon: it opens with a count in running words
    ("... par value:" / "900 shares authorized; 486 and ..."), hangs under it (set in half a
    line or more) and the first line is the widest of the label's lines down to its row of
    amounts (broken for want of room, where a group label is as short as its words).
    A row label under a group label opens with a capital ("Current assets:" / "Cash ...")."""
    if len(nxt.phrases) != 1 or not _COUNT.match(nxt.phrases[0].text):
        return False
    pitch = nxt.y1 - nxt.y0
    start = first.phrases[0]
    if nxt.phrases[0].x0 < start.x0 + 0.5 * pitch:
        return False
    chain = []
    for line in after[:MAX_LABEL_LINES - 1]:
        chain.append(line.phrases[0])
        if len(line.phrases) >= 2:
            break
    return all(start.x1 >= p.x1 for p in chain)


def hangs_under(prev: TextLine, ln: TextLine, em: float) -> bool:
    """`ln` goes on with the row label of `prev`, amounts and all, set with a hanging indent
    ("... par value:" / "  900 shares authorized; ..."): rows are indented under group
    labels, which carry no amounts, and an indented line under amounts heads nothing --
    unless it ends in a colon: "Adjustments to reconcile net income ... activities:" under
    a row and its amounts introduces the rows under it, as a group label does."""
    if len(ln.phrases) != 1 or len(prev.phrases) < 2 or letters(ln.phrases[0].text).endswith(":"):
        return False
    label, head = prev.phrases[0], ln.phrases[0]
    return head.x0 >= label.x0 + 0.5 * em and head.x0 < label.x1 and head.bold == label.bold \
        and any(is_number(p.text) for p in prev.phrases[1:]) and not letters(label.text).endswith(".")


def _heads_next_row(prev: list[TextLine], ln: TextLine, edges: list[float], em: float) -> bool:
    """The label line last taken into row `prev` heads the row of `ln` instead: `ln` reads
    on from it and sets amounts in columns where `prev` has its own (a row has one set of
    amounts; statements align them with a label's last line: "Amortization of acquired
    intangible" / "assets  9,279")."""
    return len(prev) > 1 and _cols_of(prev[-1], edges, em) == {0} \
        and any(_own_amounts(p, ln, edges, em) for p in prev[:-1])


def _own_amounts(prev: TextLine, ln: TextLine, edges: list[float], em: float) -> bool:
    """The line has an amount in a column where the line above has one too: a row of its
    own (a lower-case row label such as "train" under "test"), not the wrapped rest of
    the row above, whose amounts are set once."""
    above = {col_index(p.x0 + 0.3 * em, edges) for p in prev.phrases if is_number(p.text)}
    return any(is_number(p.text) and col_index(p.x0 + 0.3 * em, edges) in above
               for p in ln.phrases[1:])


def label_head(ln, after: list) -> list | None:
    """`ln` is the first line of the label of a row under it (cells aligned to the bottom:
    "Common stock ..., par value: 900 shares" / "authorized; ... outstanding  496 27,211"):
    one phrase, each line after it one pitch under the one above and reading on from it
    (`table_grid.goes_on`), one phrase each, down to a row with amounts (at most
    MAX_LABEL_LINES lines in all). Returns the label's lines between `ln` and that row
    (none for a label of two lines), or None. A row label, however many group labels
    stand above it, so no stacked group label."""
    if len(ln.phrases) != 1:
        return None
    above, lines = ln, []
    for nxt in after[:MAX_LABEL_LINES - 1]:
        if nxt.y0 - above.y1 > 1.5 * (nxt.y1 - nxt.y0):
            return None
        head, label = above.phrases[0], nxt.phrases[0]
        if not same_weight(head, label) or not (goes_on(head.text, label.text) or _clause_under(ln, nxt, after)):
            return None
        if len(nxt.phrases) >= 2:
            return lines if any(is_number(p.text) for p in nxt.phrases[1:]) else None
        lines.append(nxt)
        above = nxt
    return None
