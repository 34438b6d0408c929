"""Where one table ends and the next begins across the page (issue 37).

Two tables set side by side share baselines when their rows have the same pitch, and the
text-alignment finder reads their rows as one row of six columns. Each table, though, has
its own head: a filled header bar or a rule over or under its header row that runs across
that table only. Bars or rules at one height that end with a clear gap between them, over
a gap in the text that no row crosses, divide the region into the tables they head.
"""
from __future__ import annotations

from ..model import BBox, Drawing
from .table_grid import Word, text_lines
from .table_numbers import CURRENCY, is_number

BAR_EM = 2.0            # a header bar is at most this many em high (a panel is taller)
MIN_BAR_EM = 3.0        # and at least this many em wide
HEAD_ROWS = 2.5         # the head marks lie within this many row pitches of the top
SAME_HEIGHT = 2.0       # pt: marks of side-by-side heads start at one height
CLEAR_GAP_EM = 1.5      # a gap between two heads this wide is a clear gap
AMOUNT_LINES = 0.8      # share of a part's lines opening with an amount: a column of amounts


def head_marks(drawings: list[Drawing], em: float) -> list[BBox]:
    """Filled bars and rules wide and low enough to head a table."""
    return [d.bbox for d in drawings
            if (d.fill is not None or d.stroke is not None)
            and d.bbox.width >= MIN_BAR_EM * em and d.bbox.height <= BAR_EM * em]


def side_by_side_cuts(box, words: list[Word], marks: list[BBox], em: float) -> list[float]:
    """x positions that divide the region `box` into tables set side by side: the middle
    of each clear gap between head marks at one height over the region's top rows, when
    every word of the region lies under one of them (each table under its own head)."""
    x0, y0, x1, y1 = box
    held = [w for w in words if x0 - 1 <= w.cx <= x1 + 1 and y0 - 1 <= w.cy <= y1 + 1]
    if not held:
        return []
    pitch = sorted(w.h for w in held)[len(held) // 2]
    top = [m for m in marks if y0 - BAR_EM * em <= m.y0 <= y0 + HEAD_ROWS * pitch * 1.5
           and m.x0 >= x0 - em and m.x1 <= x1 + em and m.width < 0.8 * (x1 - x0)]
    cuts: list[float] = []
    for row in _same_height(top):
        row.sort(key=lambda m: m.x0)
        if any(b.x0 - a.x1 < CLEAR_GAP_EM * em for a, b in zip(row, row[1:])):
            continue                        # bars that touch: one head in several pieces
        if not all(any(m.x0 - em <= w.x0 and w.x1 <= m.x1 + em for m in row) for w in held):
            continue                        # text outside the heads (a label column beside
                                            # group bars): one table under several heads
        mids = [(a.x1 + b.x0) / 2 for a, b in zip(row, row[1:])]
        if any(_amounts_only([w for w in held if a <= w.cx < b])
               for a, b in zip([x0 - 1] + mids, mids + [x1 + 1])):
            continue                        # a column of amounts under its own rule is
                                            # the amounts of the rows beside it
        cuts.extend(mids)
    return sorted(set(round(c, 1) for c in cuts))


def _amounts_only(words: list[Word]) -> bool:
    """The words' lines nearly all open with an amount or a currency sign: a statement's
    amount column (each cell ruled at its head, the rule broken at the `$` cells between
    columns, as filing agents print HTML), not a table with labels of its own."""
    lines = text_lines(words)
    opening = sum(1 for ln in lines if is_number(ln.words[0].text) or CURRENCY.match(ln.words[0].text))
    return bool(lines) and opening >= AMOUNT_LINES * len(lines)


def _same_height(marks: list[BBox]) -> list[list[BBox]]:
    rows: list[list[BBox]] = []
    for m in sorted(marks, key=lambda m: m.y0):
        if rows and abs(m.y0 - rows[-1][0].y0) <= SAME_HEIGHT:
            rows[-1].append(m)
        else:
            rows.append([m])
    return [r for r in rows if len(r) >= 2]


STACK_GAP_ROWS = 2.5    # text tables this many row pitches apart or less may be one table


def stacked_pairs(grids: list, lines_between, em: float) -> list[tuple[int, int]]:
    """Pairs (i, j) of borderless tables one right under the other that are one table cut
    at a blank row (a statement's blank line between its blocks, an empty zebra stripe):
    the same columns (three or more), edges within an em, the gap at most a few row pitches and no text
    in it (`lines_between(y0, y1, x0, x1)` counts the page's lines there)."""
    out = []
    order = sorted(range(len(grids)), key=lambda k: grids[k].bbox[1])
    for a, b in zip(order, order[1:]):
        g, h = grids[a], grids[b]
        if g.strategy != "text" or h.strategy != "text" or len(g.col_edges) != len(h.col_edges):
            continue
        # the label column's edge follows its longest label, which differs from block to
        # block; the edges between the other columns agree
        if len(g.col_edges) < 4 or any(abs(x - y) > em for x, y in zip(g.col_edges[2:-1], h.col_edges[2:-1])):
            continue
        pitch = (g.bbox[3] - g.bbox[1]) / max(1, len(g.rows))
        gap = h.bbox[1] - g.bbox[3]
        x0, x1 = min(g.bbox[0], h.bbox[0]), max(g.bbox[2], h.bbox[2])
        if 0 <= gap <= STACK_GAP_ROWS * pitch and not lines_between(g.bbox[3], h.bbox[1], x0, x1):
            out.append((a, b))
    return out
