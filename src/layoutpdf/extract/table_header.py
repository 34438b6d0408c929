"""Header rows of a cell grid: how many rows head it (the rows above its header rule, its
bold leading rows, a period label over the column labels, a text row above numbers) and
which columns the labels of its upper rows span (the partial rule drawn under a label,
its merged cell, a lone period label over every labelled amount column, or the empty
cells to its right up to the next label, a drawn rule or the end of the label above)."""
from __future__ import annotations

import re
from dataclasses import replace

from ..text.dates import YEAR
from ..text.units import unit_label
from .table_grid import SNAP, Grid, Seg, TextLine, band_of, col_index
from .table_numbers import NUMBER

def header_count(rows: list[list[TextLine]], cells: list[list[str]], hcuts: list[float]) -> tuple[int, str]:
    """Rows above the first inner rule (when the rule is not between every row), or the
    leading bold rows, or one non-numeric row above numeric ones."""
    n = len(rows)
    if n < 2:
        return 0, ""
    bands = [band_of(min(ln.cy for ln in row), hcuts) for row in rows]
    if hcuts and len(set(bands)) < n:
        k = sum(1 for b in bands if b == bands[0])
        if 1 <= k <= max(3, n // 3) and k < n:
            return _without_group_labels(cells, k), "rows above the header rule"
    if hcuts and len(set(bands)) == n:
        pass  # a rule under every row says nothing about the header
    if _period_over_labels(cells):
        return 2, "a period label over the column labels"
    bold = [all(p.bold for ln in row for p in ln.phrases) for row in rows]
    if bold[0] and not all(bold):
        k = bold.index(False)
        if k <= max(3, n // 3):
            return k, "bold leading rows"
    first_numeric = any(NUMBER.match(c) for c in cells[0][1:] if c)
    body_numeric = sum(1 for row in cells[1:] for c in row[1:] if c and NUMBER.match(c))
    body_cells = sum(1 for row in cells[1:] for c in row[1:] if c)
    if not first_numeric and body_cells and body_numeric >= 0.5 * body_cells and any(cells[0]):
        k = _label_rows(cells)
        if 2 <= k <= max(3, n // 3) and k < n:
            return k, "text rows above numeric rows"
        return 1, "text row above numeric rows"
    return 0, ""


def _without_group_labels(cells: list[list[str]], k: int) -> int:
    """The header without the rows at its foot that hold a label in the label column only,
    under a row that labels the amount columns: a group label ("Revenue:", "ASSETS") set
    above the header rule labels the rows under it, not the columns; a unit line set in
    parentheses there ("(In millions)") stays in the header, and so does the last line of
    a stub label stacked in the label column ("If Form" / "1040NR," / "line 40, is--")."""
    while k > 1 and cells[k - 1][0] and not any(cells[k - 1][1:]) and any(cells[k - 2][1:]) \
            and not any(row[0] for row in cells[:k - 1]) \
            and not (cells[k - 1][0].startswith("(") and cells[k - 1][0].endswith(")")):
        k -= 1
    return k


def _label_rows(cells: list[list[str]]) -> int:
    """Leading rows that label the columns: words over the amount columns and no amount
    among them (a group label over its columns, then the column labels). A row with words
    in the first column only ("Current assets:") is a body row's group label, not one; a
    first row with words in the first column is a title or the only header row (the
    stub's label sits on the last row of a stacked header, under empty cells). Under
    group labels, a row of years with an empty label cell above labelled rows is the
    column labels' row: years label columns there, they are no amounts."""
    if cells[0][0]:
        return 1                # the stub's label sits on the last header row, never above
    k = 0
    for n, row in enumerate(cells):
        amounts = [c for c in row[1:] if c]
        if not amounts:
            break
        if any(NUMBER.match(c) for c in amounts):
            years = k and not row[0] and n + 1 < len(cells) and cells[n + 1][0] \
                and all(YEAR.match(c) for c in amounts)
            return k + 1 if years else k
        k += 1
    return k


def _period_over_labels(cells: list[list[str]]) -> bool:
    """The first row is one label clear of the first column ("As of December 31,") and
    the second labels the other columns only ("2017", "2016"): a two-row header of a
    statement, above rows that start with their labels."""
    if len(cells) < 4:
        return False
    first = [c for c, v in enumerate(cells[0]) if v]
    second = [c for c, v in enumerate(cells[1]) if v]
    return len(first) == 1 and first[0] > 0 and len(second) >= 2 and second[0] > 0 \
        and sum(1 for row in cells[2:] if row[0]) >= 0.5 * (len(cells) - 2)


def unit_to_stub(cells: list[list[str]], k: int) -> None:
    """The table's unit set under its header labels ("(in thousands)" centred under the
    years, read as a header row of its own or as the last line of a year's label: a
    period has no unit of its own) is said of the whole table: it moves to its row's stub
    cell, where a statement's "(In millions)" stands, and labels no one column. A unit
    under a measure's label ("Stock Options (in thousands)") stays that column's."""
    for row in cells[:k]:
        units = [(c, m) for c in range(1, len(row)) if (m := _UNIT_AT_END.search(row[c])) and unit_label(m.group(1))]
        if row[0] or len(units) != 1:
            continue                        # two units in a row: each its column's
        (c, m), = units
        rest = row[c][:m.start()].rstrip()
        if rest and not _PERIOD_END.search(rest) or not rest and sum(1 for v in row if v) > 1:
            continue
        row[0], row[c] = m.group(1), rest


def without_unit_rows(g: Grid) -> Grid:
    """The grid without the rows that hold a unit line alone ("(in thousands, except
    percentages)" under the column labels): said of the whole table, no row of its data,
    left out when measuring how regular its rows are."""
    keep = [k for k, r in enumerate(g.rows) if not (sum(1 for c in r if c) == 1 and any(unit_label(c) for c in r))]
    if len(keep) == len(g.rows):
        return g
    return replace(g, rows=[g.rows[k] for k in keep], header_rows=sum(1 for k in keep if k < g.header_rows))


_UNIT_AT_END = re.compile(r"(\([^()]{1,80}\))\s*$")
_PERIOD_END = re.compile(r"\b(?:19|20)\d\d$")


def header_spans(rows: list[list[TextLine]], cells: list[list[str]], k: int,
                 spans: list[tuple[int, int, int, int]], edges: list[float],
                 hrules: list[Seg], em: float, vrules: list[Seg] = ()) -> list[tuple[int, int, int, int]]:
    """Spans of the labels in the upper rows (0..k-2) of a k-row header: the columns under
    the partial rule drawn beneath a label (booktabs cmidrule), else its merged-cell span
    (the columns under its extent), else the empty cells to its right that have a label
    below, up to the next label, a drawn vertical rule or the end of the spanning label
    above it ("EPS" over "(Diluted" under a period label stays in that period)."""
    ncols = len(edges) - 1
    out = [s for s in spans if not (s[0] == s[2] < k - 1)]
    texts = _column_texts(rows, edges)
    for r in range(k - 1):
        lone = _lone_label(cells, r, k)
        if lone is not None:
            out = [s for s in out if s[0] != r]
            out.append((r, *lone))
            continue
        row_bottom = max(ln.y1 for ln in rows[r])
        next_top = min(ln.y0 for ln in rows[r + 1])
        for c in range(ncols):
            if not cells[r][c]:
                continue
            across = _rule_across(cells[r], edges, texts, c, row_bottom, next_top, hrules, em)
            if across is not None:         # centred over a cmidrule that starts further left
                first, ruled = across
                cells[r][first], cells[r][c] = cells[r][c], ""
                out = [s for s in out if not (s[0] == r and s[1] == c)]
                out.append((r, first, r, ruled))
                continue
            last = _rule_under(edges, texts, c, row_bottom, next_top, hrules, em)
            if last is not None:       # one rule under several labels: each keeps its own part
                last = min([last] + [q - 1 for q in range(c + 1, ncols) if cells[r][q]])
            span = next((s for s in spans if s[0] == r == s[2] and s[1] == c), None)
            if last is None:
                own = span[3] if span is not None else c
                first, wide = _open_around(cells, rows[r], r, k, c, own, out, edges, vrules, ncols)
                around = _centred_around(rows[r], c, own, first, wide, edges, em)
                if around is not None:      # centred over a group that starts left of it
                    first, last = around
                    cells[r][first], cells[r][c] = cells[r][c], ""
                    out = [s for s in out if not (s[0] == r and s[1] == c)]
                    out.append((r, first, r, last))
                    continue
                last = span[3] if span is not None else _centred_end(rows[r], c, wide, edges, em)
            if last is not None and last > c:
                out.append((r, c, r, last))
    return sorted(set(out))


def _open_around(cells, row, r: int, k: int, c: int, own: int, out, edges, vrules, ncols: int) -> tuple[int, int]:
    """(first, last): the columns around a label's own (c..own) it may span: the empty
    cells beside it that have a label below, up to the next label, a drawn vertical rule,
    a span already given, the stub or the end of the spanning label above it."""
    last, bound = own, _parent_end(out, r, c, ncols)
    while last + 1 <= bound and not cells[r][last + 1] and \
            any(cells[q][last + 1] for q in range(r + 1, k)) and not _rule_at(edges[last + 1], row, vrules):
        last += 1
    first = c
    lo = max([1, _parent_start(out, r, c)] + [q + 1 for q in range(c) if cells[r][q]]
             + [s[3] + 1 for s in out if s[0] == r and s[1] < c])
    while first - 1 >= lo and not cells[r][first - 1] and \
            any(cells[q][first - 1] for q in range(r + 1, k)) and not _rule_at(edges[first], row, vrules):
        first -= 1
    return first, last


def _centred_around(row: list[TextLine], c: int, own: int, first: int, last: int, edges: list[float],
                    em: float) -> tuple[int, int] | None:
    """(a, b): the widest group of columns from `first` to `last` that starts left of the
    label's column c, takes in its own columns (c..own), and that the label is centred
    over (within an em), as a group label set over an odd number of columns ("Before
    Perturb" over five) sits in a middle one; None when there is none. The label is in
    the column its middle falls in, as its cell is ("2019" centred over "Shares" and
    "Amount" starts in the first and is the second's)."""
    mids = [m for ln in row for p in ln.phrases if edges[c] <= (m := (p.x0 + p.x1) / 2) < edges[own + 1]]
    if first == c or not mids:
        return None
    centred = [(a, b) for a in range(first, c) for b in range(own, last + 1)
               if abs(mids[0] - (edges[a] + edges[b + 1]) / 2) <= em]
    return max(centred, key=lambda ab: ab[1] - ab[0]) if centred else None


def _parent_start(spans, r: int, c: int) -> int:
    """The first column a label of header row r in column c may span from: the start of
    the spanning label above it, else the first."""
    starts = [s[1] for s in spans if s[0] < r and s[1] <= c <= s[3] and s[3] > s[1]]
    return max(starts) if starts else 0


def _lone_label(cells: list[list[str]], r: int, k: int) -> tuple[int, int, int] | None:
    """A header row holding one label, clear of the first column, over two or more
    labelled columns below ("For the Years Ended December 31," over "2021 2020 2019",
    however it is centred): it spans the columns from the first to the last one labelled
    below it, its text moved to the first of them. None for any other row."""
    filled = [c for c, v in enumerate(cells[r]) if v]
    if len(filled) != 1 or filled[0] == 0:
        return None
    below = [c for c in range(1, len(cells[r])) if any(cells[q][c] for q in range(r + 1, k))]
    if len(below) < 2 or not below[0] <= filled[0] <= below[-1]:
        return None
    c = filled[0]
    cells[r][c], cells[r][below[0]] = "", cells[r][c]
    return below[0], r, below[-1]


def _centred_end(row: list[TextLine], c: int, last: int, edges: list[float], em: float) -> int:
    """The last column of a label in column c that may span up to `last`: a spanning
    label is centred over its group ("Test" over its "P" and "R", not over the "Avg"
    beside them), so the first end past its own column it is centred over (within an
    em) when there is one, else `last` (a label set flush left over its group, or centred
    over an odd number of columns: it sits in the middle one)."""
    if last == c:
        return last
    mids = [(p.x0 + p.x1) / 2 for ln in row for p in ln.phrases]
    own = [m for m in mids if edges[c] <= m < edges[c + 1]]
    x0s = [p.x0 for ln in row for p in ln.phrases if edges[c] <= p.x0 < edges[c + 1]]
    centre = own[0] if own else None
    if centre is None and x0s:
        centre = next((m for ln in row for p in ln.phrases for m in [(p.x0 + p.x1) / 2]
                       if p.x0 == x0s[0]), None)
    if centre is None:
        return last
    for end in range(c + 1, last + 1):
        if abs(centre - (edges[c] + edges[end + 1]) / 2) <= em:
            return end
    return last


def _parent_end(spans, r: int, c: int, ncols: int) -> int:
    """The last column a label of header row r in column c may span: the end of the
    spanning label above it ("EPS" under "Twelve Months Ended June 30, 2022" stays inside
    that period's columns), else the last column."""
    ends = [s[3] for s in spans if s[0] < r and s[1] <= c <= s[3] and s[3] > s[1]]
    return min(ends) if ends else ncols - 1


def _rule_at(x: float, row: list[TextLine], vrules) -> bool:
    """A vertical rule drawn at x through the height of the header row."""
    y0, y1 = min(ln.y0 for ln in row), max(ln.y1 for ln in row)
    return any(abs(v.pos - x) <= SNAP and v.a <= y1 and v.b >= y0 for v in vrules)


def _header_rules(edges: list[float], texts: list[tuple[float, float]], y0: float, y1: float,
                  hrules: list[Seg], em: float) -> list[tuple[int, int]]:
    """(first, last) columns of each partial rule between two header rows (booktabs
    cmidrules), within the table's width: the columns under most of whose text it runs
    (`texts`: each column's text from left to right; a rule drawn under a label may reach
    into the gutters, where a column's edge lies)."""
    out = []
    for h in hrules:
        if y0 - 0.3 * em <= h.pos <= y1 + 0.3 * em and h.a >= edges[0] - em and h.b <= edges[-1] + em:
            under = [c for c, (a, b) in enumerate(texts) if min(b, h.b) - max(a, h.a) >= 0.5 * (b - a)]
            if under:
                out.append((under[0], under[-1]))
    return out


def _column_texts(rows: list[list[TextLine]], edges: list[float]) -> list[tuple[float, float]]:
    """Each column's text from its leftmost to its rightmost phrase over all rows (a
    column without text: its edges)."""
    ext = [[b, a] for a, b in zip(edges, edges[1:])]
    for row in rows:
        for ln in row:
            for p in ln.phrases:
                e = ext[col_index((p.x0 + p.x1) / 2, edges)]
                e[0], e[1] = min(e[0], p.x0), max(e[1], p.x1)
    return [(a, b) if a < b else (edges[c], edges[c + 1]) for c, (a, b) in enumerate(ext)]


def _rule_across(row: list[str], edges: list[float], texts, c: int, y0: float, y1: float,
                 hrules: list[Seg], em: float) -> tuple[int, int] | None:
    """(first, last) columns of a partial rule between two header rows that starts left of
    the label in column `c`, runs under it and past it, with nothing else over it: a
    spanning label centred over its cmidrule sits in a middle column ("Test" over the P, R
    and F1 its rule spans); None when there is none."""
    return next(((first, last) for first, last in _header_rules(edges, texts, y0, y1, hrules, em)
                 if first < c <= last and not any(row[q] for q in range(first, last + 1) if q != c)),
                None)


def _rule_under(edges: list[float], texts, c: int, y0: float, y1: float, hrules: list[Seg],
                em: float) -> int | None:
    """The last column covered by a partial rule between two header rows that starts in
    column `c` (a booktabs cmidrule under a spanning label)."""
    return next((last for first, last in _header_rules(edges, texts, y0, y1, hrules, em)
                 if first == c and last > c), None)
