"""A ruled table whose rows go on under its last rule (issue 39 B).

A converter that rules a table cell by cell draws rules only where the source table has
borders: under the header and around the rows it totals. The rows after the last total
("Oncology  $ 2,956 …" and the products under it) are set in the same columns with no rule
under them; they fall outside the ruled region and are found by their alignment as a
second table with no header, or, past a wrapped row, as paragraphs. Rows of the same
columns right under a ruled table, nothing between, are its rows: the grid read over both
keeps them in one table under its header. So do the ruled rows under a double rule that a
converter draws as two cells' borders a point apart (`table_rules._totals_double`)."""
from __future__ import annotations

from .table_bottom import amount_columns
from .table_build import build_grid
from .table_grid import Grid, Seg, Word
from .table_numbers import CURRENCY, is_number
from .table_signs import columns, join_sign_columns

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
    if g.strategy != "text" and any(not any(is_number(v) for v in row[1:] if v) for row in g.rows[:g.header_rows]):
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


def _overlap(a, b) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])
