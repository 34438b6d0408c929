"""A ruled table whose rows go on under its last rule (issue 39 B).

A converter that rules a table cell by cell draws rules only where the source table has
borders: under the header and around the rows it totals. The rows after the last total
("Oncology  $ 2,956 …" and the products under it) are set in the same columns with no rule
under them; they fall outside the ruled region and are found by their alignment as a
second table with no header, or, past a wrapped row, as paragraphs. Rows of the same
columns right under a ruled table, nothing between, are its rows: the grid read over both
keeps them in one table under its header."""
from __future__ import annotations

from .table_build import build_grid
from .table_grid import Grid, Seg, Word
from .table_signs import columns

OVERLAP = 0.8       # share of the narrower grid's width the two share at least
GAP_LINES = 1.5     # the text grid starts within this many of the table's row pitches


def continued_tables(grids: list[Grid], words: list[Word], hs: list[Seg], vs: list[Seg],
                     em: float, plausible) -> list[Grid]:
    """`grids` with each text-aligned grid that goes on a ruled table right above it
    joined to it (when the grid read over both is `plausible`, keeps the ruled table's
    columns and all the rows of both)."""
    out = list(grids)
    for top in sorted(grids, key=lambda g: g.bbox[1]):
        if top not in out or top.strategy == "text" or len(top.rows) < 2:
            continue
        rest = next((g for g in out if g.strategy == "text" and _goes_on(top, g, words)), None)
        if rest is None:
            continue
        box = (min(top.bbox[0], rest.bbox[0]), top.bbox[1], max(top.bbox[2], rest.bbox[2]), rest.bbox[3])
        joined = build_grid(box, words, hs, vs, top.strategy, em)
        if joined is None or not plausible(joined) or columns(joined) != columns(top) \
                or len(joined.rows) < len(top.rows) + len(rest.rows):
            continue
        joined.reasons.extend(top.reasons)
        joined.reasons.append("with the rows that go on under its last rule")
        out = [joined if g is top else g for g in out if g is not rest]
    return out


def _goes_on(top: Grid, g: Grid, words: list[Word]) -> bool:
    """Grid `g` starts right under `top` (within a row pitch and a half, no word between),
    across its width."""
    tx0, _, tx1, ty1 = top.bbox
    x0, y0, x1, _ = g.bbox
    pitch = (top.bbox[3] - top.bbox[1]) / len(top.rows)
    if min(tx1, x1) - max(tx0, x0) < OVERLAP * min(tx1 - tx0, x1 - x0) or not 0 <= y0 - ty1 <= GAP_LINES * pitch:
        return False
    return not any(ty1 < w.cy < y0 and tx0 <= w.cx <= tx1 for w in words)
