"""A ruled table of one row (issue 39 B).

A note to a statement often gives one line item over the periods: "Amortization expense |
SG&A | $ 86 | $ 82 | $ 80" under "2023  2022  2021". A converter that draws the table cell
by cell shades the row (or rules it) and draws only a rule under the column heads, so the
ruled region holds the one row and no grid can be read from it: its amounts come out as
loose pieces read column by column, apart from their label. The column heads right above
it name the amount columns in order (each head over its amount's cell, right of the amount
before), so the region read with them is a table of a header and one row."""
from __future__ import annotations

from ..text.dates import YEAR_IN
from .table_build import build_grid
from .table_grid import Grid, Seg, TextLine, Word, text_lines
from .table_numbers import is_number
from .table_words import held

HEAD_GAP = 1.5          # the heads stand at most this many line heights above the row


def one_row_grid(box: tuple, words: list[Word], hs: list[Seg], vs: list[Seg], strategy: str,
                 em: float, plausible) -> Grid | None:
    """The grid of the ruled region `box` read with the period heads right above it, when
    the region holds one row of a label and its amounts and the heads name those amounts
    (as many heads as amounts, in their order); None otherwise."""
    x0, y0, x1, y1 = box
    rows = text_lines(held(box, words))
    if len(rows) != 1:
        return None
    row = rows[0]
    amounts = [p for p in row.phrases if is_number(p.text)]
    if len(amounts) < 2 or is_number(row.phrases[0].text):
        return None                         # a row of a label and two amounts or more
    pitch = row.y1 - row.y0
    above = [w for w in words if x0 - em <= w.cx <= x1 + em and row.y0 - (1 + HEAD_GAP) * pitch <= w.cy < row.y0]
    lines = text_lines(above)
    if not lines:
        return None
    heads_line = max(lines, key=lambda ln: ln.cy)
    if row.y0 - heads_line.y1 > HEAD_GAP * pitch or not _names(heads_line, amounts, em):
        return None
    grid = build_grid((x0, heads_line.y0 - 0.5, x1, y1), words, hs, vs, strategy, em)
    if grid is None or len(grid.rows) < 2 or not plausible(grid):
        return None
    grid.header_rows = max(grid.header_rows, 1)     # the heads: years read as numbers
    grid.reasons.append("one row under the period heads its rules leave out")
    return _heads_over_amounts(grid)


def _heads_over_amounts(g: Grid) -> Grid:
    """Each head read in a column of its own beside its amount's (a head centred over a
    cell whose amount is set flush right, clear of it) joined to that column: with one row
    under them, nothing else tells the columns apart."""
    head, row = g.rows[0], g.rows[-1]
    pairs = [c for c in range(len(head) - 1)
             if head[c] and not row[c] and not head[c + 1] and row[c + 1]]
    if len(g.rows) != 2 or not pairs:
        return g
    keep = [c for c in range(len(head)) if c - 1 not in pairs]
    rows = [[" ".join(t for t in (r[c], r[c + 1] if c in pairs else "") if t) for c in keep] for r in g.rows]
    edges = [g.col_edges[c] for c in keep] + [g.col_edges[-1]]
    g.rows, g.col_edges, g.spans = rows, edges, []
    return g


def _names(heads: TextLine, amounts: list, em: float) -> bool:
    """The line's period heads stand one over each amount, in order: as many as the
    amounts, each centred right of the amount before and not past its own (a head is
    centred over its amount's cell, a currency sign and the amount)."""
    periods = [p for p in heads.phrases if YEAR_IN.search(p.text)]
    if len(periods) != len(amounts):
        return False
    before = float("-inf")
    for head, amount in zip(periods, amounts):
        mid = (head.x0 + head.x1) / 2
        if not before < mid <= amount.x1 + em:
            return False
        before = amount.x1
    return True
