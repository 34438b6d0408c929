"""A statement's header band read as a table of its own (issue 39 A, C).

A filing printed from HTML may set the column labels of a statement in a band of their own,
boxed or shaded ("December 31," over "2023  2022"), and its rows below it with no rule at
all. The rules around the band make it a ruled region, found and read first; the rows under
it are found by their alignment, as a second table. The band is the header of the rows under
it: a grid of a few rows with no amount in them, set right on top of a table of amounts
across the same width, is read again with that table as one."""
from __future__ import annotations

import re

from ..text.dates import MONTH
from .table_build import build_grid
from .table_edges import EDGE_ROWS
from .table_grid import Grid, Seg, Word
from .table_rules import CAPTION_LABEL
from .table_signs import columns

OVERLAP = 0.8       # share of the narrower grid's width the two share at least
SECTION_GAP = 3.0   # ems between band and rows with a section label's line between them


def headed_bodies(grids: list[Grid], words: list[Word], hs: list[Seg], vs: list[Seg],
                  em: float, plausible) -> list[Grid]:
    """`grids` with each header band joined to the table of amounts right under it (when
    the grid read over both is `plausible` and keeps the body's columns and rows)."""
    out = list(grids)
    for band in sorted(grids, key=lambda g: g.bbox[1]):
        if band not in out or not _labels_only(band):
            continue
        body = next((g for g in out if g is not band and _right_under(band, g, words, em)), None)
        if body is None or _labels_only(body):
            continue
        box = (min(band.bbox[0], body.bbox[0]), band.bbox[1], max(band.bbox[2], body.bbox[2]), body.bbox[3])
        joined = build_grid(box, words, hs, vs, body.strategy, em)
        if joined is None or not plausible(joined) or columns(joined) < columns(body) \
                or len(joined.rows) < len(body.rows):
            continue
        joined.reasons.extend(body.reasons)
        joined.reasons.append("with the header band set over it")
        out = [joined if g is body else g for g in out if g is not band]
    return out


def _labels_only(g: Grid) -> bool:
    """A few rows of labels, no number in them but the years and days of their periods
    ("December 31," over "2023  2022")."""
    return len(g.rows) <= EDGE_ROWS and all(column_label(c) for row in g.rows for c in row if c)


def column_label(text: str) -> bool:
    """A header cell's text: words, and no number but a period's year or day ("December
    31,", "2023"; not "118 (73%)")."""
    return not _DIGITS.search(_PERIODS.sub("", text))


_PERIODS = re.compile(r"\b(?:" + MONTH + r"\s+\d{1,2}\b"
                      r"|(?:19|20)\d\d\b)", re.I)
_DIGITS = re.compile(r"\d")


def _right_under(band: Grid, g: Grid, words: list[Word], em: float) -> bool:
    """Grid `g` starts right under the band, across its width, or under a section label
    set between them in the label column ("ASSETS")."""
    bx0, _, bx1, by1 = band.bbox
    x0, y0, x1, _ = g.bbox
    shared = min(bx1, x1) - max(bx0, x0)
    if shared < OVERLAP * min(bx1 - bx0, x1 - x0) or not -0.5 * em <= y0 - by1 <= SECTION_GAP * em:
        return False
    between = [w for w in words if by1 < w.cy < y0 and x0 - em <= w.cx <= x1 + em]
    if any(CAPTION_LABEL.match(w.text) for w in between):
        return False                # a caption between: two tables, the second captioned
    return y0 - by1 <= em or bool(between) and len(g.col_edges) > 2 \
        and all(w.x1 <= g.col_edges[1] for w in between) \
        and max(w.y1 for w in between) - min(w.y0 for w in between) <= 1.5 * em
