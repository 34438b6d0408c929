"""A ruled table whose rows go on under its last rule (issue 39 B).

A converter that rules a table cell by cell draws rules only where the source table has
borders: under the header and around the rows it totals. The rows after the last total
("Oncology  $ 2,956 …" and the products under it) are set in the same columns with no rule
under them; they fall outside the ruled region and are found by their alignment as a
second table with no header, or, past a wrapped row, as paragraphs. Rows of the same
columns right under a ruled table, nothing between, are its rows: the grid read over both
keeps them in one table under its header. So do the ruled rows under a double rule that a
converter draws as two cells' borders a point apart (`table_rules._totals_double`).

The other way round, a header found by its text (labels centred over a currency sign and
an amount each, a unit line, a first row on white) may stand over rows a converter shades
cell by cell, which make a ruled region of their own with no header: those rows go under
it (`ruled_under_header`). And where the shading makes a ruled region of a table's label
column alone, the table found by its alignment over it reads its words too (`over_ruled`)."""
from __future__ import annotations

from dataclasses import replace

from ..model.geometry import BBox
from .table_bottom import amount_columns
from .table_build import build_grid
from .table_grid import Grid, Seg, Word
from .table_numbers import CURRENCY, is_number
from .table_signs import columns, join_sign_columns
from .table_words import held

OVERLAP = 0.8       # share of the narrower grid's width the two share at least
GAP_LINES = 1.5     # the text grid starts within this many of the table's row pitches


def continued_tables(grids: list[Grid], words: list[Word], hs: list[Seg], vs: list[Seg],
                     em: float, plausible) -> list[Grid]:
    """`grids` with each grid that goes on a ruled table right above it joined to it (when
    the grid read over both is `plausible`, keeps the ruled table's amount columns, adds
    none, and keeps all the rows of both)."""
    out, tried = list(grids), set()
    while True:
        pair = next(((top, rest) for top in sorted(out, key=lambda g: g.bbox[1])
                     if top.strategy != "text" and len(top.rows) >= 2
                     for rest in out if rest is not top and (top.bbox, rest.bbox) not in tried
                     and _goes_on(top, rest, words)), None)
        if pair is None:
            return out
        top, rest = pair
        tried.add((top.bbox, rest.bbox))
        box = (min(top.bbox[0], rest.bbox[0]), top.bbox[1], max(top.bbox[2], rest.bbox[2]), rest.bbox[3])
        if any(g is not top and g is not rest and _overlap(box, g.bbox) for g in out):
            continue                        # another table beside them: their words are its
        joined = build_grid(box, words, hs, vs, top.strategy, em)
        # (read over more rows, two text columns a long label runs across may join; amounts never)
        if joined is None or not plausible(joined) or columns(joined) > max(columns(top), columns(rest)) \
                or len(amount_columns(join_sign_columns(joined))) < len(amount_columns(join_sign_columns(top))) \
                or len(joined.rows) < len(top.rows) + len(rest.rows):
            continue
        joined.reasons.extend(top.reasons)
        joined.reasons.append("with the rows that go on under its last rule")
        out = [joined if g is top else g for g in out if g is not rest]


def _goes_on(top: Grid, g: Grid, words: list[Word]) -> bool:
    """Grid `g` starts right under `top`, across its width, within a row pitch and a half
    of it: a text-aligned one with nothing between, a ruled one with no header of labels
    and nothing or the one row of amounts set between a double rule and the next rule."""
    tx0, _, tx1, ty1 = top.bbox
    x0, y0, x1, _ = g.bbox
    pitch = (top.bbox[3] - top.bbox[1]) / len(top.rows)
    if min(tx1, x1) - max(tx0, x0) < OVERLAP * min(tx1 - tx0, x1 - x0) or not 0 <= y0 - ty1 <= GAP_LINES * pitch:
        return False
    if g.strategy != "text" and any(any(row[1:]) and not any(is_number(v) for v in row[1:] if v)
                                    for row in g.rows[:g.header_rows]):
        return False                        # a header of its own: another table
    between = [w for w in words if ty1 < w.cy < y0 and tx0 <= w.cx <= tx1]
    if not between or g.strategy == "text":
        return not between
    # under a double rule: the one row of the table between it and the next rule, its
    # amounts in the table's amount columns (the upper one's, or the lower's under a header)
    edge = next((t.col_edges[c[0]] for t in (top, g) if (c := amount_columns(t))), None)
    if edge is None:
        return False
    amounts = [w for w in between if w.x1 > edge]
    return len(amounts) >= 2 and all(is_number(w.text) or CURRENCY.match(w.text) or w.text == "%" for w in amounts)


def over_ruled(ruled: list[Grid], texts: list[Grid], words: list[Word], em: float, plausible) -> list[Grid]:
    """`ruled` and the tables found by their text (`texts`, read from the words no ruled
    grid holds), each text table that covers most of a ruled grid read again over every
    word of its box, in place of the grids it covers: shaded rows a converter draws cell
    by cell make a ruled region of part of a table (its label column), whose words the
    table found by its alignment would otherwise miss. Kept as found when read again it is
    no table, or loses columns or rows."""
    out = list(ruled)
    for t in texts:
        box = BBox(*t.bbox)
        under = [g for g in out if box.covers_fraction(BBox(*g.bbox)) > 0.5]
        if under:
            again = build_grid(t.bbox, held(t.bbox, words), [], [], t.strategy, em)
            if again is not None and plausible(again) and columns(again) >= columns(t) \
                    and len(again.rows) >= len(t.rows):
                again.reasons.extend(t.reasons)
                again.reasons.append("with the words of the ruled rows it covers")
                out = [g for g in out if not any(g is u for u in under)]
                t = again
        out.append(t)
    return out


def ruled_under_header(grids: list[Grid], words: list[Word]) -> list[Grid]:
    """`grids` with each ruled table that goes on a text-aligned one right above it (a
    header found by its text, its unit line and first row, over rows ruled or shaded
    below: `_goes_on`) stacked under it, when their columns are the same (`_stacked`)."""
    out = list(grids)
    for top in sorted(grids, key=lambda g: g.bbox[1]):
        if top not in out or top.strategy != "text" or not top.header_rows:
            continue
        rest = next((g for g in out if g is not top and g.strategy != "text" and _goes_on(top, g, words)), None)
        if rest is None:
            continue
        box = (min(top.bbox[0], rest.bbox[0]), top.bbox[1], max(top.bbox[2], rest.bbox[2]), rest.bbox[3])
        if any(g is not top and g is not rest and _overlap(box, g.bbox) for g in out):
            continue
        joined = _stacked(top, rest, box)
        if joined is not None:
            out = [joined if g is top else g for g in out if g is not rest]
    return out


def _stacked(top: Grid, rest: Grid, box) -> Grid | None:
    """The ruled rows of `rest` under the header and rows of `top`, found by its text (its
    labels centred over a currency sign and an amount each), each column of `rest` in the
    column of `top` it lies most under: one table when, currency signs joined to their
    amounts, every column of `rest` lies under a column of its own, in order. (Read again
    as one grid, the labels over the signs would make columns of their own.)"""
    a, b = join_sign_columns(top), join_sign_columns(rest)
    spans_a = list(zip(a.col_edges, a.col_edges[1:]))
    under = []
    for b0, b1 in zip(b.col_edges, b.col_edges[1:]):
        shared = [min(a1, b1) - max(a0, b0) for a0, a1 in spans_a]
        best = max(range(len(shared)), key=shared.__getitem__)
        if shared[best] <= 0:
            return None
        under.append(best)
    if any(y <= x for x, y in zip(under, under[1:])):
        return None                          # two columns in one, or out of order
    width = len(spans_a)
    rows = [list(r) for r in a.rows]
    for r in b.rows:
        row = [""] * width
        for c, v in enumerate(r):
            row[under[c]] = v
        rows.append(row)
    n = len(a.rows)
    spans = a.spans + [(r0 + n, under[c0], r1 + n, under[c1]) for r0, c0, r1, c1 in b.spans]
    return replace(a, bbox=box, rows=rows, row_edges=a.row_edges + b.row_edges[1:], spans=spans,
                   strategy=b.strategy, reasons=a.reasons + b.reasons + ["the ruled rows under its header"])


def _overlap(a, b) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])
