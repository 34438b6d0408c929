"""Column detection and reading order by whitespace gaps (recursive XY-cut).

At each node we first look for vertical gutters: x-intervals at least `min_gutter_em`
wide that no line crosses, separating columns at least `min_column_em` wide. Failing
that, the node is cut into horizontal slabs at y-gaps, and consecutive slabs whose lines
do not cross each other's gutters are merged again before recursing: two columns whose
paragraph gaps happen to line up stay one two-column region (the classic XY-cut braid),
while a full-width title, abstract or float, which crosses the gutter, separates regions.
Leaves come out in reading order: regions top to bottom, columns left to right.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from operator import attrgetter

from ...elements.blocks import is_formula_block
from ...model import BBox, Line
from ...settings import ColumnSettings
from .bands import cut_at, float_cuts, foot_band, with_columns

MAX_DEPTH = 12
_TOP = attrgetter("bbox.y0")
_TOP_LEFT = attrgetter("bbox.y0", "bbox.x0")


@dataclass(frozen=True)
class Leaf:
    lines: tuple[Line, ...]
    bbox: BBox


def reading_order(lines: list[Line], em: float, cfg: ColumnSettings,
                  columns_out: list[BBox] | None = None,
                  rules: list[float] = (), floats: list[BBox] = ()) -> list[Leaf]:
    """Leaves in reading order; the boxes of the columns split on go to `columns_out`.

    The page is first cut at `rules` (the y of separator rules across the text width)
    and at the top and bottom of each float that spans the gutters (`bands.float_cuts`)
    into bands read top to bottom; a full-width band of small type at the foot of the
    last one (footnotes under the columns) is read after that band's columns. `floats`
    are the boxes of figures and tables already taken out of the text."""
    if not lines:
        return []
    found = columns_out if columns_out is not None else []
    rules = sorted(rules)
    if rules:
        bands = [[ln for ln in lines if lo < ln.bbox.cy <= hi]
                 for lo, hi in zip([float("-inf")] + rules, rules + [float("inf")])]
        rules = with_columns(bands, rules, lambda band: bool(band) and bool(gutters(band, em, cfg, 2)))
    rules = sorted(set(rules) | set(float_cuts(lines, list(floats), em, cfg, gutters)))
    bands = cut_at(lines, rules)
    body, foot = foot_band(bands[-1], em, cfg, gutters)
    bands[-1:] = [b for b in (body, foot) if b]
    floats = tuple(floats)
    return [leaf for band in bands for leaf in _order(band, em, cfg, 0, found, floats)]


def _order(lines: list[Line], em: float, cfg: ColumnSettings, depth: int,
           found: list[BBox], floats: tuple[BBox, ...] = ()) -> list[Leaf]:
    if len(lines) < 2 or depth > MAX_DEPTH:
        return [_leaf(lines)]
    columns = None if is_display_region(lines) else split_columns(lines, em, cfg)
    rows = numbered_grid_rows(columns, em) if columns else None
    if rows:
        return [leaf for row in rows for leaf in _order(row, em, cfg, depth + 1, found, floats)]
    if columns:
        found.extend(BBox.union_all(ln.bbox for ln in col) for col in columns)
        return [leaf for col in columns for leaf in _order(col, em, cfg, depth + 1, found, floats)]
    groups = _regions(lines, em, cfg, floats)
    if len(groups) <= 1:
        return [_leaf(lines)]
    return [leaf for g in groups for leaf in _order(g, em, cfg, depth + 1, found, floats)]


_NUMBERED = re.compile(r"^\s*\(?(\d{1,2})[.):]?\s+\S")


def numbered_grid_rows(columns: list[list[Line]], em: float) -> list[list[Line]] | None:
    """A grid of numbered cards (boxes in two columns and two or more rows, each opening
    with its number: '1. Plan your route') can be read down the columns or across the
    rows: the white space above each row of cards runs through every column, so either
    cut is the page's. Its numbers say which the maker meant: when they run across the
    rows and not down the columns, the lines are returned in bands cut above each row of
    numbered openings (each band read with its own columns); else None (columns first,
    the usual order of text in columns)."""
    heads = [[ln for ln in col if _NUMBERED.match(ln.text) and _opens_block(ln, col, em)]
             for col in columns]
    k = len(heads[0])
    if k < 2 or any(len(h) != k for h in heads):
        return None
    heads = [sorted(h, key=_TOP) for h in heads]
    for r in range(k):
        if max(h[r].bbox.y0 for h in heads) - min(h[r].bbox.y0 for h in heads) > em:
            return None                 # the openings do not line up in rows
    number = {(r, c): int(_NUMBERED.match(h[r].text).group(1)) for c, h in enumerate(heads) for r in range(k)}
    across = [number[(r, c)] for r in range(k) for c in range(len(columns))]
    down = [number[(r, c)] for c in range(len(columns)) for r in range(k)]
    if not _counts(across) or _counts(down):
        return None
    lines = [ln for col in columns for ln in col]
    cuts = [min(h[r].bbox.y0 for h in heads) - 0.5 for r in range(k)]
    if any(ln.bbox.y0 < y < ln.bbox.y1 for y in cuts for ln in lines):
        return None                     # a line runs through the row gap: no grid
    return cut_at(lines, cuts)


def _opens_block(ln: Line, column: list[Line], em: float) -> bool:
    """Nothing in the column lies close above the line: it opens a block."""
    return not any(o is not ln and o.bbox.y1 <= ln.bbox.y0 + 1 and ln.bbox.y0 - o.bbox.y1 < SLAB_GAP_EM * em
                   and o.bbox.overlap_x(ln.bbox) > 0 for o in column)


def _counts(numbers: list[int]) -> bool:
    return all(b == a + 1 for a, b in zip(numbers, numbers[1:]))


def is_display_region(lines: list[Line]) -> bool:
    """A region made of a display formula alone (every row maths, or a wordless piece of
    it): the white space between a matrix's columns or around an equation number is not
    a column gutter."""
    return is_formula_block(lines)


def _leaf(lines: list[Line]) -> Leaf:
    ordered = sorted(lines, key=_TOP_LEFT)
    return Leaf(tuple(ordered), BBox.union_all(ln.bbox for ln in ordered))


def gutters(lines: list[Line], em: float, cfg: ColumnSettings,
            min_lines: int = 1) -> list[tuple[float, float]]:
    """x-intervals no line crosses, wide enough, with wide enough text on both sides
    (and at least `min_lines` lines on each side)."""
    if len(lines) == 1:
        return []                 # (a one-line slab, often) nothing beside it
    spans = sorted([(ln.bbox.x0, ln.bbox.x1) for ln in lines])
    gaps: list[tuple[float, float]] = []
    reach = spans[0][1]
    min_gap = cfg.min_gutter_em * em
    for x0, x1 in spans[1:]:
        if x0 - reach >= min_gap:
            gaps.append((reach, x0))
        if x1 > reach:
            reach = x1
    if not gaps:
        return []
    left_edge = spans[0][0]
    edges = [left_edge] + [g for gap in gaps for g in gap] + [reach]
    valid: list[tuple[float, float]] = []
    # a column is the stretch between two kept gaps; merge away gaps that leave a too-narrow one
    start = left_edge
    for i, gap in enumerate(gaps):
        if gap[0] - start >= cfg.min_column_em * em:
            valid.append(gap)
            start = gap[1]
    while valid and reach - valid[-1][1] < cfg.min_column_em * em:
        valid.pop()
    del edges
    if min_lines > 1:
        valid = [g for g in valid
                 if _rows(ln for ln in lines if ln.bbox.x1 <= g[0] + 0.01) >= min_lines
                 and _rows(ln for ln in lines if ln.bbox.x0 >= g[1] - 0.01) >= min_lines]
    if len(valid) + 1 > cfg.max_columns:
        valid = sorted(sorted(valid, key=lambda g: g[0] - g[1])[:cfg.max_columns - 1])
    return valid


def _rows(lines) -> int:
    """Distinct baselines among the lines (fragments of one row count once)."""
    return len({round(ln.baseline / 2.0) for ln in lines})


def split_columns(lines: list[Line], em: float, cfg: ColumnSettings) -> list[list[Line]] | None:
    gaps = gutters(lines, em, cfg, min_lines=2)
    if not gaps:
        return None
    reach = [g[0] + 0.01 for g in gaps] + [float("inf")]    # ascending, as the gaps are
    cols: list[list[Line]] = [[] for _ in reach]
    for ln in lines:
        cols[bisect_left(reach, ln.bbox.x1)].append(ln)      # the first column it ends in
    cols = [c for c in cols if c]
    return cols if len(cols) > 1 else None


SLAB_GAP_EM = 0.5   # vertical whitespace that separates slabs; rows closer belong together


def _slabs(lines: list[Line], em: float) -> list[list[Line]]:
    ordered = sorted(lines, key=_TOP)
    slabs = [[ordered[0]]]
    bottom = ordered[0].bbox.y1
    for ln in ordered[1:]:
        # rows of one block touch or nearly do (small print has a little leading);
        # a clear band of whitespace starts a new slab
        if ln.bbox.y0 > bottom + SLAB_GAP_EM * em:
            slabs.append([])
        slabs[-1].append(ln)
        bottom = max(bottom, ln.bbox.y1)
    return slabs


def _regions(lines: list[Line], em: float, cfg: ColumnSettings,
             floats: tuple[BBox, ...] = ()) -> list[list[Line]]:
    slabs = _slabs(lines, em)
    if len(slabs) <= 1:
        return slabs
    groups: list[list[list[Line]]] = [[slabs[0]]]   # regions as lists of slabs
    # a one-row slab with a gap (a name row, a wide justified space) is not yet a column
    group_gaps = gutters(slabs[0], em, cfg, min_lines=2)
    for slab in slabs[1:]:
        slab_gaps = gutters(slab, em, cfg, min_lines=2)
        if not group_gaps and not slab_gaps:
            groups[-1].append(slab)          # single column continues
            continue
        joined_gaps = gutters(_flat(groups[-1]) + slab, em, cfg)
        if joined_gaps:                      # the slab fits the region's columns
            groups[-1].append(slab)
            group_gaps = joined_gaps
            continue
        # it crosses the gutter: a new region, which takes along the closely preceding
        # slabs that fit its columns (the first rows of columns that start side by side,
        # or rows set beside a float taken out of the neighbouring column)
        new = [slab]
        prev = groups[-1]
        while len(prev) > 1 and slab_gaps \
                and (_close_above(prev[-1], new[0], em) or _beside_float(prev[-1], floats)) \
                and gutters(prev[-1] + _flat(new), em, cfg):
            new.insert(0, prev.pop())
        groups.append(new)
        group_gaps = gutters(_flat(new), em, cfg, min_lines=2) or slab_gaps
    return [_flat(g) for g in groups]


def _flat(slabs: list[list[Line]]) -> list[Line]:
    return [ln for slab in slabs for ln in slab]


def _close_above(upper: list[Line], lower: list[Line], em: float) -> bool:
    gap = min(ln.bbox.y0 for ln in lower) - max(ln.bbox.y1 for ln in upper)
    return gap < 1.0 * em


def _beside_float(slab: list[Line], floats: tuple[BBox, ...]) -> bool:
    """The slab is set beside a float (a figure or table taken out before layout): the
    float spans most of the slab's height and lies wholly to its left or right, so the
    slab is one column of a multi-column region whose other column holds the float."""
    box = BBox.union_all(ln.bbox for ln in slab)
    for f in floats:
        beside = f.x1 <= box.x0 or f.x0 >= box.x1
        if beside and min(f.y1, box.y1) - max(f.y0, box.y0) >= 0.5 * box.height:
            return True
    return False
