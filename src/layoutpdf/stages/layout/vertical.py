"""Vertical CJK text (tategaki): columns of glyphs, read right to left, top to bottom.

Extraction has already rebuilt stacked glyphs into vertical lines
(`text.glyph_columns`); `reading_blocks` orders vertical lines the way they are
read: tiers (bands separated by horizontal whitespace) top to bottom, within a tier
column groups right to left (a recursive XY-cut with the axes swapped), and splits
paragraphs where a column stops short of the block's bottom.
"""
from __future__ import annotations

from ...model import Line
from ...text.glyph_columns import TIER_BAND, thin_bands

BLOCK_GAP_EM = 1.6       # vertical whitespace this wide separates column groups
SHORT_COLUMN_EM = 1.5    # a column ending this far above the block bottom ends a paragraph


def reading_blocks(lines: list[Line], em: float) -> list[list[Line]]:
    """Vertical lines grouped into paragraphs, in reading order."""
    if not lines:
        return []
    out: list[list[Line]] = []
    for leaf in _cut(lines, em):
        out.extend(_paragraphs(leaf, em))
    return out


def _cut(lines: list[Line], em: float, depth: int = 0) -> list[list[Line]]:
    """Recursive XY-cut for vertical text: tiers top to bottom, groups right to left."""
    if len(lines) <= 1 or depth > 12:
        return [sorted(lines, key=lambda l: -l.bbox.x1)]
    tiers = _tiers(lines, em)
    if len(tiers) > 1:
        return [leaf for t in tiers for leaf in _cut(t, em, depth + 1)]
    groups = _split(lines, lambda b: (b.x0, b.x1), BLOCK_GAP_EM * em)
    if len(groups) > 1:
        return [leaf for g in reversed(groups) for leaf in _cut(g, em, depth + 1)]
    return [sorted(lines, key=lambda l: -l.bbox.x1)]


def _tiers(lines: list[Line], em: float) -> list[list[Line]]:
    cuts = thin_bands([(ln.bbox.y0, ln.bbox.y1) for ln in lines], TIER_BAND * em)
    cuts = [c for c in cuts if min(ln.bbox.y0 for ln in lines) < c < max(ln.bbox.y1 for ln in lines)]
    if not cuts:
        return [lines]
    tiers: list[list[Line]] = [[] for _ in range(len(cuts) + 1)]
    for ln in lines:
        tiers[sum(1 for c in cuts if ln.bbox.cy > c)].append(ln)
    return [t for t in tiers if t]


def _split(lines: list[Line], interval, min_gap: float) -> list[list[Line]]:
    """Groups separated by whitespace of at least min_gap along one axis, in axis order."""
    ordered = sorted(lines, key=lambda l: interval(l.bbox))
    groups: list[list[Line]] = [[ordered[0]]]
    reach = interval(ordered[0].bbox)[1]
    for ln in ordered[1:]:
        lo, hi = interval(ln.bbox)
        if lo - reach >= min_gap:
            groups.append([])
        groups[-1].append(ln)
        reach = max(reach, hi)
    return groups


def _paragraphs(columns: list[Line], em: float) -> list[list[Line]]:
    """Columns right to left; a column that stops short of the bottom ends its paragraph."""
    if not columns:
        return []
    bottom = max(c.bbox.y1 for c in columns)
    paras: list[list[Line]] = [[]]
    for col in columns:
        paras[-1].append(col)
        if bottom - col.bbox.y1 > SHORT_COLUMN_EM * em:
            paras.append([])
    return [p for p in paras if p]
