"""A row whose amounts stand at the bottom of its cells (issue 39 B).

A converter sets a row's cells in one box as tall as its longest cell: the label and its
description at the top, wrapped over lines ("Eliquis alliance revenues and direct sales" /
"Nonvalvular atrial fibrillation, deep vein thrombosis," "pulmonary embolism"), the
amounts at the bottom, on the last line or under it. Read line by line, that is a row of
text with no amounts over a row of amounts with no label: one row of the table."""
from __future__ import annotations

from dataclasses import replace

from .table_grid import Grid
from .table_numbers import is_number


def amount_columns(g: Grid) -> list[int]:
    """The columns after the stub most of whose filled body cells are amounts."""
    body = g.rows[g.header_rows:]
    return [c for c in range(1, len(g.col_edges) - 1)
            if (cells := [r[c] for r in body if r[c]]) and sum(is_number(v) for v in cells) >= 0.5 * len(cells)]


def amounts_below_labels(g: Grid) -> Grid:
    """The grid with each body row of text and no amounts joined to the row right under
    it that holds amounts and no label: the text of both rows' text cells read on, the
    amounts the lower row's. A group label ending in a colon ("Current assets:") heads
    the rows under it and stays a row; so do rows under a span."""
    amounts = set(amount_columns(g))
    if not amounts or len(g.rows) - g.header_rows < 2:
        return g
    spanned = {r for s in g.spans for r in range(s[0], s[2] + 1)}
    rows, edges, gone = [list(r) for r in g.rows[:g.header_rows]], list(g.row_edges[:g.header_rows + 1]), []
    k = g.header_rows
    while k < len(g.rows):
        a = g.rows[k]
        b = g.rows[k + 1] if k + 1 < len(g.rows) else None
        if b is not None and _bottom_amounts(a, b, amounts) and not {k, k + 1} & spanned:
            rows.append([" ".join(x for x in (a[c], b[c]) if x) if c not in amounts else b[c] for c in range(len(a))])
            gone.append(k + 1)
            k += 2
        else:
            rows.append(list(a))
            k += 1
        edges.append(g.row_edges[k])
    if not gone:
        return g
    spans = [(r0 - sum(1 for r in gone if r <= r0), c0, r1 - sum(1 for r in gone if r <= r1), c1)
             for r0, c0, r1, c1 in g.spans]
    return replace(g, rows=rows, row_edges=edges, spans=spans,
                   reasons=g.reasons + ["rows whose amounts stand at the bottom of their cells joined"])


def _bottom_amounts(a: list[str], b: list[str], amounts: set[int]) -> bool:
    """Row `b` holds the amounts of row `a`, set at the bottom of its cells: `a` has a
    label (no group label's colon) and no amount, `b` no label and two amounts or more,
    nothing else in its amount columns."""
    return bool(a[0]) and not a[0].rstrip().endswith(":") and not b[0] \
        and not any(a[c] for c in amounts) and sum(1 for c in amounts if b[c]) >= 2 \
        and all(is_number(b[c]) for c in amounts if b[c])
