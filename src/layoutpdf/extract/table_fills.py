"""Filled boxes as table edges: only the edges one can see, and no zebra stripes (issue 37).

A filled box without an outline is a background. Where its colour meets the paper, the
reader sees an edge, and office suites shade cells so (a grey block over the cells that
do not apply, a header bar); those edges may bound cells as rules do. But:

- a white box on white paper shows no edge at all;
- two boxes of one colour that touch show no edge between them (word processors export a
  shaded row as one box per cell, with narrow boxes in the cell padding between them);
- zebra shading -- stripes of one colour over every other row, all of one width -- is a
  reading aid over the rows, not a grid: its stripes give no cell edges (the rows and
  columns are read from the text and the thin rules); the run of stripes marks the
  table's extent, as a rule above and one below it would.
"""
from __future__ import annotations

from typing import Sequence

from ..model import Line
from .table_grid import Seg

PAPER = 0.9            # a fill lighter than this in every channel is the paper's colour
TOUCH = 0.75           # pt: boxes closer than this touch
SHARED = 0.9           # share of an edge a touching box of the same colour must cover
SAME_WIDTH = 2.0       # pt: stripes of one zebra start and end within this
STRIPE_GAP = (0.3, 3.0)  # gap between two stripes, in stripe heights (every other row)
MAX_ROWS = 3.0         # a stripe over a row of up to three lines
HUG = 1.5              # pt: a highlighter mark's edges lie this close to its line's


def fill_edges(fills: list[tuple], max_area: float, thin: float,
               lines: Sequence[Line] = ()) -> tuple[list[Seg], list[Seg]]:
    """Horizontal and vertical edges that the filled boxes `fills` ((x0, y0, x1, y1,
    colour) each) show on the page; a box no thicker than `thin` that touches none of its
    colour is a rule. Highlighter marks over the text `lines` give none (`_highlight`)."""
    boxes = [f for f in fills if not paper(f[4]) and (f[2] - f[0]) * (f[3] - f[1]) < max_area]
    blocks = _row_blocks(boxes)
    hs: list[Seg] = []
    vs: list[Seg] = []
    rules = {k for k, b in enumerate(blocks) if b[3] - b[1] <= thin or b[2] - b[0] <= thin}
    for k in rules:
        x0, y0, x1, y1, _ = blocks[k]
        if y1 - y0 <= thin and x1 - x0 > y1 - y0:
            hs.append(Seg((y0 + y1) / 2, x0, x1))
        elif x1 - x0 <= thin and y1 - y0 > x1 - x0:
            vs.append(Seg((x0 + x1) / 2, y0, y1))
    blocks = [b for k, b in enumerate(blocks) if k not in rules]
    chains = _zebra(blocks)
    stripes = {k for chain in chains for k in chain}
    for chain in chains:     # the striped rows are one table: its top and its bottom
        first, last = blocks[chain[0]], blocks[chain[-1]]
        x0, x1 = min(blocks[k][0] for k in chain), max(blocks[k][2] for k in chain)
        hs.extend((Seg(first[1], x0, x1), Seg(last[3], x0, x1)))
    for k, (x0, y0, x1, y1, colour) in enumerate(blocks):
        if k in stripes or (lines and _highlight(blocks[k], lines)):
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


def _highlight(box: tuple, lines: Sequence[Line]) -> bool:
    """A highlighter mark: a box (the touching boxes of one colour on a line joined) laid
    under words of one text line, as high as the line and within its ends. A shaded cell
    or bar has room around its text (padding, the cell's width); a mark hugs the words it
    marks, so its edges bound no cell. (Zebra stripes are told apart before.)"""
    x0, y0, x1, y1 = box[:4]
    if y1 - y0 <= 0:
        return False
    for ln in lines:
        b = ln.bbox
        if abs(b.y0 - y0) <= HUG and abs(b.y1 - y1) <= HUG and x0 >= b.x0 - HUG and x1 <= b.x1 + HUG:
            return True
    return False


def paper(colour) -> bool:
    """The colour of the paper (white or nearly): a fill of it shows no edge on the page.
    `colour` as PyMuPDF gives it (a tuple of 0..1 channels) or packed 0xRRGGBB."""
    if isinstance(colour, int):
        colour = ((colour >> 16 & 255) / 255, (colour >> 8 & 255) / 255, (colour & 255) / 255)
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


def _zebra(blocks: list[tuple]) -> list[list[int]]:
    """Runs of zebra stripes (indexes of the blocks, top to bottom): two or more of one
    colour and one width, each over a row of one to three lines, one over the other with
    a row's gap between each."""
    groups: dict[tuple, list[int]] = {}
    for k, b in enumerate(blocks):
        key = next((g for g in groups if g[0] == b[4] and abs(g[1] - b[0]) <= SAME_WIDTH
                    and abs(g[2] - b[2]) <= SAME_WIDTH), (b[4], b[0], b[2]))
        groups.setdefault(key, []).append(k)
    out: list[list[int]] = []
    for members in groups.values():
        members.sort(key=lambda k: blocks[k][1])
        run: list[int] = []
        for a, b in zip(members, members[1:]):
            ha, hb = blocks[a][3] - blocks[a][1], blocks[b][3] - blocks[b][1]
            gap = blocks[b][1] - blocks[a][3]
            low = min(ha, hb)           # a row of two lines has a stripe twice as high
            if hb <= MAX_ROWS * ha and ha <= MAX_ROWS * hb \
                    and STRIPE_GAP[0] * low <= gap <= STRIPE_GAP[1] * max(ha, hb):
                run = run + [b] if run and run[-1] == a else [a, b]
                if len(run) == 2:
                    out.append(run)
                else:
                    out[-1] = run
            else:
                run = []
    return out
