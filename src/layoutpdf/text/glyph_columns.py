"""Vertical writing (tategaki) as extraction finds it: stacked single glyphs rebuilt into
vertical lines, one per column.

MuPDF often reports vertically set text one glyph per "line" (horizontal writing mode,
each glyph its own line, stacked). `glyph_columns` rebuilds the columns as vertical
`Line`s (extraction calls it); `thin_bands` finds the empty horizontal bands between tiers
(the layout stage's vertical reading order uses it too).
"""
from __future__ import annotations

import math
import unicodedata

from ..model import BBox, Line
from .scripts import is_cjk

MIN_GLYPHS = 4           # a column of fewer stacked glyphs is not taken for vertical text
MIN_SHORT_GLYPHS = 2     # ... unless the page has longer columns
MAX_GAP = 1.2            # ... and follow each other within one blank cell
MAX_GLYPH_CHARS = 2      # a "line" of this many characters can be one cell of a column
TIER_BAND = 0.5          # a band this tall (in glyph sizes) crossed by almost nothing: tier break
THIN_SHARE = 0.1         # ... "almost nothing": this share of the busiest row
DOWN = (0.0, 1.0)


def glyph_columns(lines: list[Line]) -> list[Line]:
    """Replace stacks of single glyphs (and MuPDF's own vertical-mode lines) that form a
    column by one vertical line per column; other lines are returned unchanged."""
    cand = [ln for ln in lines if _glyph_like(ln)]
    # only columns holding CJK are rebuilt: without any, nothing changes
    if len(cand) < MIN_GLYPHS or not any(is_cjk(ch) for ln in cand for ch in ln.text):
        return lines
    size = sorted(ln.size for ln in cand)[len(cand) // 2] or 1.0
    order = {ln.id: n for n, ln in enumerate(lines)}
    cuts = thin_bands([(ln.bbox.y0, ln.bbox.y1) for ln in cand], TIER_BAND * size)
    found = _Columns(size)
    lettered: set[int] = set()       # columns whose head is a letter or digit
    alive = None                     # a column whose last glyph ends above this is left behind
    for ln in sorted(cand, key=lambda l: (l.bbox.y0, l.bbox.x0)):
        box = ln.bbox
        fits = [n for n in found.near(box, alive)
                if _fits(found.lines[n], ln, max(ln.size, 1.0), cuts, found.heads[n])]
        n = min(fits, key=lambda n: abs(found.lines[n][0].bbox.cx - box.cx)) if fits \
            else found.add(box)
        found.lines[n].append(ln)
        if n not in lettered and _lettered(ln):
            found.set_head(n, box)
            lettered.add(n)
        # lines come top down: a column left behind never takes a glyph again
        alive = box.y0 - 2 * size
    columns = found.lines
    merged: dict[str, Line] = {}
    absorbed: set[str] = set()
    cjk = [c for c in columns if any(is_cjk(ch) for ln in c for ch in ln.text)]
    # once the page has real columns, short ones (a three-glyph heading) are columns too
    least = MIN_SHORT_GLYPHS if any(len(c) >= MIN_GLYPHS for c in cjk) else MIN_GLYPHS
    for col in cjk:
        if len(col) < least:
            continue
        # content order, not y: vertical punctuation boxes sit off their cell
        col.sort(key=lambda ln: order[ln.id])
        spans = tuple(s for ln in col for s in ln.spans)
        merged[col[0].id] = Line.build(col[0].id, col[0].page, spans, DOWN, True)
        absorbed.update(ln.id for ln in col[1:])
    if not merged:
        return lines
    return [merged.get(ln.id, ln) for ln in lines if ln.id not in absorbed]


class _Columns:
    """The columns being built, in the order they were started, found by the x range of
    their head: a glyph can only join a column whose head it overlaps (`_fits`), so it
    is compared with its neighbours, not with every open column of the tier (a page of
    vertical text holds dozens side by side). The index is a grid of `cell`-wide slots;
    a box wider than `WIDE_SLOTS` of them (or not finite) is looked at every time."""

    WIDE_SLOTS = 64

    def __init__(self, cell: float) -> None:
        self.lines: list[list[Line]] = []
        self.heads: list[BBox] = []
        self._cell = cell
        self._slots: dict[int | None, list[int]] = {}   # None: the wide boxes

    def add(self, head: BBox) -> int:
        self.lines.append([])
        self.heads.append(head)
        self._file(len(self.heads) - 1, head)
        return len(self.heads) - 1

    def set_head(self, n: int, head: BBox) -> None:
        if head is not self.heads[n]:
            self.heads[n] = head          # slots of the old head are dropped when read
            self._file(n, head)

    def near(self, box: BBox, alive: float | None) -> list[int]:
        """Columns still open (last glyph not above `alive`) whose head overlaps `box`
        in x, in the order they were started; left-behind ones leave the index."""
        if alive is None:
            return []
        keys = self._keys(box)
        slots = self._slots.values() if keys is None else \
            [self._slots.get(k) for k in keys] + [self._slots.get(None)]
        lines, heads = self.lines, self.heads
        out: set[int] = set()
        for slot in slots:
            if slot:
                slot[:] = [n for n in slot if lines[n][-1].bbox.y1 >= alive]
                out.update(n for n in slot if _overlaps(heads[n], box))
        return sorted(out)

    def _file(self, n: int, head: BBox) -> None:
        for k in self._keys(head) or [None]:
            self._slots.setdefault(k, []).append(n)

    def _keys(self, box: BBox) -> range | None:
        a, b = box.x0 / self._cell, box.x1 / self._cell
        if not (math.isfinite(a) and math.isfinite(b) and 0 <= b - a <= self.WIDE_SLOTS):
            return None
        return range(math.floor(a), math.floor(b) + 1)


def _overlaps(head: BBox, box: BBox) -> bool:
    """The x ranges meet (the first test of `_fits`, the same arithmetic)."""
    return min(head.x1, box.x1) - max(head.x0, box.x0) >= 0


def _fits(col: list[Line], ln: Line, size: float, cuts: list[float], head: BBox) -> bool:
    """Below the column's last glyph, within a blank cell, across the column's first glyph
    (`head`: its first letter or digit, else its first glyph; punctuation in vertical text
    sits off-centre, so the last glyph is a poor guide), and not across a band that is
    empty all along the page (a tier break)."""
    last, box = col[-1].bbox, ln.bbox
    if box.y0 - last.y1 > MAX_GAP * size:      # the cheap tests first
        return False
    overlap = min(head.x1, box.x1) - max(head.x0, box.x0)
    if overlap < 0:                             # (the bound below is never negative)
        return False
    return (overlap >= 0.5 * min(head.width, box.width, size)
            and not any(last.cy < c < box.cy for c in cuts))


def _lettered(ln: Line) -> bool:
    """Starts with a letter or digit (punctuation boxes in vertical text sit off-centre)."""
    return unicodedata.category(ln.text.strip()[:1] or " ")[0] in "LN"


def thin_bands(intervals: list[tuple[float, float]], min_len: float) -> list[float]:
    """Middles of the bands, at least min_len long, that almost nothing crosses (at most
    THIN_SHARE of the busiest point): whitespace between tiers, where a stray punctuation
    mark may still poke through."""
    steps: list[tuple[float, int]] = []          # (position, coverage from there on)
    cover = 0
    for pos, delta in sorted([(a, 1) for a, _ in intervals] + [(b, -1) for _, b in intervals]):
        cover += delta
        steps.append((pos, cover))
    peak = max((c for _, c in steps), default=0)
    limit = max(int(THIN_SHARE * peak), 1 if peak >= 8 else 0)
    cuts: list[float] = []
    start = end = None
    for (pos, cov), (nxt, _) in zip(steps, steps[1:]):
        if cov <= limit:
            start = pos if start is None else start
            end = nxt
            continue
        if start is not None and end - start >= min_len:
            cuts.append((start + end) / 2)
        start = None
    return cuts


def _glyph_like(ln: Line) -> bool:
    if ln.vertical:
        return bool(ln.text.strip())
    size = max(ln.size, 1.0)
    if ln.bbox.width > 1.3 * size:
        return False
    text = ln.text.strip()
    if not text:
        return False
    return (len(text) <= MAX_GLYPH_CHARS and ln.bbox.width <= 1.3 * size
            and abs(ln.direction[1]) < 0.05)
