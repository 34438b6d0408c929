"""Glyph shapes as small ink bitmaps, and the reference shapes of known characters.

`glyph_repair` reads a glyph by rendering it, reducing the ink to a ``GRID`` x ``GRID``
bitmap (`ink_bitmap`) and comparing it (`similarity`) with the same bitmaps of characters
drawn in the Base-14 fonts (`references`). Reference bitmaps are process-wide (they depend
only on the character and the Base-14 fonts) and are rendered in batches, many characters
on one scratch page, each at the same pixel position inside its own cell as on a page of
its own, so every bitmap is exactly what rendering it alone gives.
"""
from __future__ import annotations

import re
from typing import Iterable

import pymupdf

GLYPH_PX = 48          # rendered glyph height, pixels (references: the font size)
GRID = 16              # bitmap side after scaling
REFERENCE_FONTS = ("tiro", "tiit", "helv", "symb", "zadb")
CELL = 144             # a reference character's own page: CELL x CELL points at 72 dpi
PITCH = CELL
ROW_CELLS = 16         # cells per row of the scratch page
ORIGIN = (36, 100)     # where the character stands in its cell
DRAWN = {"►": ((40, 40), (88, 64), (40, 88))}   # in no Base-14 font: drawn as a polygon

Shape = tuple[int, float]          # (bits, ink width / ink height)
Reference = tuple[int, float, int]  # (bits, aspect, number of bits set)

_INK = bytes(1 if v < 128 else 0 for v in range(256))   # translate: grey < 128 is ink
_RUN = re.compile(b"\x01+")
_REFERENCES: dict[str, tuple[Reference, ...]] = {}


def ink_bitmap(samples: bytes, width: int, height: int) -> Shape | None:
    """Ink (grey < 128) of a one-byte-per-pixel image cropped to its box, centred in a
    square and reduced to GRID x GRID cells (a cell is ink if any pixel in it is, so thin
    strokes survive): (bits as an int, width / height of the ink)."""
    if width <= 0 or height <= 0:
        return None
    return _ink_shape(samples[:width * height].translate(_INK), width, height)


def _ink_shape(flags: bytes, width: int, height: int) -> Shape | None:
    """`ink_bitmap` of an image already reduced to 1 (ink) and 0 bytes. Rows are read as
    integers and OR-ed together per grid row, so the per-pixel work is done in C."""
    first = flags.find(1)
    if first < 0:
        return None
    y0, y1 = first // width, flags.rfind(1) // width + 1
    rows = [(y, int.from_bytes(flags[y * width:(y + 1) * width], "big")) for y in range(y0, y1)]
    every = 0
    for _, r in rows:
        every |= r
    ink = every.to_bytes(width, "big")
    x0, x1 = ink.find(1), ink.rfind(1) + 1
    bw, bh = x1 - x0, y1 - y0
    side = max(bw, bh)
    ox, oy = (side - bw) / 2 - x0, (side - bh) / 2 - y0
    scale = GRID / side
    top = GRID - 1
    grid_rows: dict[int, int] = {}
    for y, r in rows:
        if r:
            cy = min(top, int((y + oy) * scale))
            grid_rows[cy] = grid_rows.get(cy, 0) | r
    bits = 0
    for cy, r in grid_rows.items():
        base = cy * GRID
        for m in _RUN.finditer(r.to_bytes(width, "big")):
            a, b = m.span()
            if scale <= 1.0:     # neighbouring pixels fall in the same or the next cell
                lo, hi = min(top, int((a + ox) * scale)), min(top, int((b - 1 + ox) * scale))
                bits |= ((1 << (hi - lo + 1)) - 1) << (base + lo)
            else:
                for x in range(a, b):
                    bits |= 1 << (base + min(top, int((x + ox) * scale)))
    return bits, bw / bh


def similarity(a: Shape, b: Shape) -> float:
    """Overlap of two ink bitmaps (intersection over union), scaled down when their ink
    boxes have different shapes (a bar is not a dot)."""
    union = (a[0] | b[0]).bit_count()
    if not union:
        return 0.0
    aspect = min(a[1], b[1]) / max(a[1], b[1])
    return (a[0] & b[0]).bit_count() / union * (0.5 + 0.5 * aspect)


def best_likeness(shape: Shape, refs: Iterable[Reference]) -> float:
    """max(similarity(shape, r)) over references, 0.0 for none (same arithmetic)."""
    bits, asp = shape
    count = bits.bit_count()
    best = None
    for rbits, rasp, rcount in refs:
        inter = (bits & rbits).bit_count()
        union = count + rcount - inter
        if not union:
            score = 0.0
        else:
            aspect = min(asp, rasp) / max(asp, rasp)
            score = inter / union * (0.5 + 0.5 * aspect)
        if best is None or score > best:
            best = score
    return 0.0 if best is None else best


def references(ch: str) -> tuple[Reference, ...]:
    """`ch` drawn in each Base-14 font that has it (or drawn as a shape), as bitmaps."""
    found = _REFERENCES.get(ch)
    if found is None:
        prepare(ch)
        found = _REFERENCES[ch]
    return found


def prepare(chars: Iterable[str]) -> None:
    """Render the references of every character not yet known, on one scratch page."""
    todo = [ch for ch in dict.fromkeys(chars) if ch not in _REFERENCES]
    if not todo:
        return
    jobs: list[tuple[str, object]] = []           # (character, font or polygon)
    for ch in todo:
        if ch in DRAWN:
            jobs.append((ch, DRAWN[ch]))
        jobs.extend((ch, font) for font in _fonts() if font.has_glyph(ord(ch)))
    shapes = _render(jobs)
    for ch in todo:
        _REFERENCES[ch] = tuple((s[0], s[1], s[0].bit_count()) for c, s in shapes if c == ch)


def _fonts() -> tuple[pymupdf.Font, ...]:
    global _FONTS
    if _FONTS is None:
        _FONTS = tuple(pymupdf.Font(name) for name in REFERENCE_FONTS)
    return _FONTS


_FONTS: tuple[pymupdf.Font, ...] | None = None


def _render(jobs: list[tuple[str, object]]) -> list[tuple[str, Shape]]:
    """Each job in its own cell of one page; the CELL x CELL window of each cell."""
    if not jobs:
        return []
    rows = -(-len(jobs) // ROW_CELLS)
    doc = pymupdf.open()
    try:
        page = doc.new_page(width=PITCH * min(len(jobs), ROW_CELLS), height=PITCH * rows)
        writer = pymupdf.TextWriter(page.rect)
        for n, (ch, how) in enumerate(jobs):
            dx, dy = PITCH * (n % ROW_CELLS), PITCH * (n // ROW_CELLS)
            if isinstance(how, pymupdf.Font):
                writer.append((ORIGIN[0] + dx, ORIGIN[1] + dy), ch, font=how, fontsize=GLYPH_PX)
            else:
                page.draw_polyline([(x + dx, y + dy) for x, y in how], color=(0, 0, 0),
                                   fill=(0, 0, 0), closePath=True)
        writer.write_text(page)
        pix = page.get_pixmap(dpi=72, colorspace=pymupdf.csGRAY, alpha=False)
        flags, stride = pix.samples_mv.tobytes().translate(_INK), pix.stride
    finally:
        doc.close()
    out = []
    for n, (ch, _) in enumerate(jobs):
        x, y = PITCH * (n % ROW_CELLS), PITCH * (n // ROW_CELLS)
        window = b"".join(flags[(y + r) * stride + x:(y + r) * stride + x + CELL]
                          for r in range(CELL))
        shape = _ink_shape(window, CELL, CELL)
        if shape is not None:
            out.append((ch, shape))
    return out
