"""Filled boxes as table edges: only the edges one can see, and no zebra stripes (issue 37).

A filled box without an outline is a background. Where its colour meets the paper, the
reader sees an edge, and office suites shade cells so (a grey block over the cells that
do not apply, a header bar); those edges may bound cells as rules do. But:

- a white box on white paper shows no edge at all;
- two boxes of one colour that touch show no edge between them (word processors export a
  shaded row as one box per cell, with narrow boxes in the cell padding between them);
- zebra shading -- stripes of one colour over every other row, all of one width -- is a
  reading aid over the rows, not a grid: its stripes give no edges (the rows and
  columns are read from the text and the thin rules).
"""
from __future__ import annotations

from .table_grid import Seg

PAPER = 0.95           # a fill lighter than this in every channel is the paper's colour
TOUCH = 0.75           # pt: boxes closer than this touch
SHARED = 0.9           # share of an edge a touching box of the same colour must cover
SAME_WIDTH = 2.0       # pt: stripes of one zebra start and end within this
STRIPE_GAP = (0.3, 3.0)  # gap between two stripes, in stripe heights (every other row)


def fill_edges(fills: list[tuple], max_area: float) -> tuple[list[Seg], list[Seg]]:
    """Horizontal and vertical edges that the filled boxes `fills` ((x0, y0, x1, y1,
    colour) each) show on the page."""
    boxes = [f for f in fills if not _paper(f[4]) and (f[2] - f[0]) * (f[3] - f[1]) < max_area]
    blocks = _row_blocks(boxes)
    stripes = _zebra(blocks)
    hs: list[Seg] = []
    vs: list[Seg] = []
    for k, (x0, y0, x1, y1, colour) in enumerate(blocks):
        if k in stripes:
            continue
        others = [b for j, b in enumerate(blocks) if j != k and b[4] == colour]
        if not any(abs(b[3] - y0) <= TOUCH and _overlap(b[0], b[2], x0, x1) >= SHARED * (x1 - x0) for b in others):
            hs.append(Seg(y0, x0, x1))
        if not any(abs(b[1] - y1) <= TOUCH and _overlap(b[0], b[2], x0, x1) >= SHARED * (x1 - x0) for b in others):
            hs.append(Seg(y1, x0, x1))
        if not any(abs(b[2] - x0) <= TOUCH and _overlap(b[1], b[3], y0, y1) >= SHARED * (y1 - y0) for b in others):
            vs.append(Seg(x0, y0, y1))
        if not any(abs(b[0] - x1) <= TOUCH and _overlap(b[1], b[3], y0, y1) >= SHARED * (y1 - y0) for b in others):
            vs.append(Seg(x1, y0, y1))
    return hs, vs


def _paper(colour) -> bool:
    return colour is not None and len(colour) >= 3 and min(colour[:3]) >= PAPER


def _overlap(a0: float, a1: float, b0: float, b1: float) -> float:
    return max(0.0, min(a1, b1) - max(a0, b0))


def _row_blocks(boxes: list[tuple]) -> list[tuple]:
    """Boxes of one colour side by side on one band (same top and bottom, touching) as one
    block: a shaded row exported one box per cell."""
    out: list[list] = []
    for x0, y0, x1, y1, colour in sorted(boxes, key=lambda b: (round(b[1]), round(b[3]), b[0])):
        last = out[-1] if out else None
        if last and last[4] == colour and abs(last[1] - y0) <= TOUCH and abs(last[3] - y1) <= TOUCH \
                and -TOUCH <= x0 - last[2] <= TOUCH:
            last[2] = max(last[2], x1)
            continue
        out.append([x0, y0, x1, y1, colour])
    return [tuple(b) for b in out]


def _zebra(blocks: list[tuple]) -> set[int]:
    """Indexes of the blocks that are zebra stripes: two or more of one colour and one
    width, of about one height, one over the other with a row's gap between each."""
    groups: dict[tuple, list[int]] = {}
    for k, b in enumerate(blocks):
        key = next((g for g in groups if g[0] == b[4] and abs(g[1] - b[0]) <= SAME_WIDTH
                    and abs(g[2] - b[2]) <= SAME_WIDTH), (b[4], b[0], b[2]))
        groups.setdefault(key, []).append(k)
    out: set[int] = set()
    for members in groups.values():
        members.sort(key=lambda k: blocks[k][1])
        for a, b in zip(members, members[1:]):
            ha, hb = blocks[a][3] - blocks[a][1], blocks[b][3] - blocks[b][1]
            gap = blocks[b][1] - blocks[a][3]
            if 0.7 * ha <= hb <= 1.4 * ha and STRIPE_GAP[0] * ha <= gap <= STRIPE_GAP[1] * ha:
                out.update((a, b))
    return out
