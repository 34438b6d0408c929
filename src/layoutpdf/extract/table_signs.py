"""Currency signs set apart from their amounts: statements set `$` at the left of a money
cell, on the first row and the totals only, in a column of its own; it belongs to the
amount column on its right (`tables` joins them, and counts columns so)."""
from __future__ import annotations

from dataclasses import replace

from .table_grid import Grid
from .table_numbers import CURRENCY


def sign_column(rows, c: int) -> bool:
    """A column of bare currency signs: statements set `$` apart at the left of a money
    cell, on the first row and the totals only; it is part of the amount column beside it,
    not a column of its own."""
    vals = [row[c] for row in rows if c < len(row) and row[c]]
    return bool(vals) and all(CURRENCY.match(v) for v in vals)


def _sign_columns(g: Grid) -> list[int]:
    """The columns of bare currency signs with an amount column on their right."""
    body = g.rows[g.header_rows:]
    return [c for c in range(len(g.col_edges) - 2) if sign_column(body, c) and not sign_column(body, c + 1)]


def join_sign_columns(g: Grid) -> Grid:
    """The grid with each column of bare currency signs joined to the amount column on its
    right: `$ 4,584,833` in one cell, and the header over both ("December 2," over the
    sign, "2016" over the amount) one label."""
    signs = _sign_columns(g)
    if not signs:
        return g
    rows, edges, spans = [list(r) for r in g.rows], list(g.col_edges), list(g.spans)
    for c in reversed(signs):
        for row in rows:
            row[c:c + 2] = [" ".join(t for t in (row[c], row[c + 1]) if t)]
        del edges[c + 1]
        spans = [(r0, c0 - (c0 > c), r1, c1 - (c1 > c)) for r0, c0, r1, c1 in spans]
    spans = sorted({s for s in spans if s[1] != s[3] or s[0] != s[2]})
    return replace(g, rows=rows, col_edges=edges, spans=spans,
                   reasons=g.reasons + ["currency signs joined to their amounts"])


def columns(g: Grid) -> int:
    """The grid's columns, each column of bare currency signs counted with its amounts."""
    return len(g.col_edges) - 1 - len(_sign_columns(g))
