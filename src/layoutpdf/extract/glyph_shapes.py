"""Glyph shapes as small ink bitmaps, and the reference shapes of known characters.

`glyph_repair` reads a glyph by rendering it, reducing the ink to a ``GRID`` x ``GRID``
bitmap (`ink_bitmap`) and comparing it (`similarity`) with the same bitmaps of characters
drawn in the Base-14 fonts (`references`). Reference bitmaps are process-wide (they depend
only on the character and the Base-14 fonts) and are rendered in batches, many characters
on one scratch page, each at the same pixel position inside its own cell as on a page of
its own (up to a whole-pixel shift, which leaves the bitmap as it is), so every bitmap is
exactly what rendering it alone gives.
"""
from __future__ import annotations

from typing import Iterable

import pymupdf

GLYPH_PX = 48          # rendered glyph height, pixels (references: the font size)
GRID = 16              # bitmap side after scaling
REFERENCE_FONTS = ("tiro", "tiit", "helv", "symb", "zadb")
CELL = 96              # a reference character's cell: CELL x CELL points at 72 dpi; the ink
                       # of every character a reference can be asked for stays 4 px or more
                       # inside it (a test checks)
PITCH = CELL
ROW_CELLS = 16         # cells per row of the scratch page
ORIGIN = (16, 72)      # where the character stands in its cell
DRAWN = {"►": ((20, 12), (68, 36), (20, 60))}   # in no Base-14 font: drawn as a polygon

Shape = tuple[int, float]          # (bits, ink width / ink height)
Reference = tuple[int, float, int]  # (bits, aspect, number of bits set)

_INK = bytes(1 if v < 128 else 0 for v in range(256))   # translate: grey < 128 is ink
_REFERENCES: dict[str, tuple[Reference, ...]] = {}


def ink_bitmap(samples: bytes, width: int, height: int) -> Shape | None:
    """Ink (grey < 128) of a one-byte-per-pixel image cropped to its box, centred in a
    square and reduced to GRID x GRID cells (a cell is ink if any pixel in it is, so thin
    strokes survive): (bits as an int, width / height of the ink)."""
    if width <= 0 or height <= 0:
        return None
    return _ink_shape(samples[:width * height].translate(_INK), width, height)


def _ink_shape(flags: bytes, width: int, height: int) -> Shape | None:
    """`ink_bitmap` of an image already reduced to 1 (ink) and 0 bytes."""
    first = flags.find(1)
    if first < 0:
        return None
    y0, y1 = first // width, flags.rfind(1) // width + 1
    return _shape([int.from_bytes(flags[y * width:(y + 1) * width], "big") for y in range(y0, y1)],
                  y0, width)


def _shape(rows: list[int], y0: int, width: int) -> Shape:
    """The shape of the ink rows `rows` (each an integer of `width` bits, the leftmost
    pixel the highest; the first and the last with ink) of an image, the first being row
    `y0`. Rows are OR-ed together per grid row and tested against one mask per grid
    column, so the per-pixel work is done in C."""
    y1 = y0 + len(rows)
    every = 0
    for r in rows:
        every |= r
    ink = every.to_bytes(width, "big")
    x0, x1 = ink.find(1), ink.rfind(1) + 1
    bw, bh = x1 - x0, y1 - y0
    side = max(bw, bh)
    ox, oy = (side - bw) / 2 - x0, (side - bh) / 2 - y0
    scale = GRID / side
    top = GRID - 1
    grid_rows: dict[int, int] = {}
    for y, r in enumerate(rows, y0):
        if r:
            cy = min(top, int((y + oy) * scale))
            grid_rows[cy] = grid_rows.get(cy, 0) | r
    columns = _column_cells(x0, x1, ox, scale, width)
    bits = 0
    for cy, r in grid_rows.items():
        base = cy * GRID
        for cx, mask in columns:
            if r & mask:
                bits |= 1 << (base + cx)
    return bits, bw / bh


def _column_cells(x0: int, x1: int, ox: float, scale: float, width: int) -> list[tuple[int, int]]:
    """(grid column, mask of the image's pixel columns that fall in it) for the columns
    x0..x1 of a row integer: pixel x falls in grid column int((x + ox) * scale), which
    never decreases with x, so each grid column takes one run of pixels."""
    top = GRID - 1
    out: list[tuple[int, int]] = []
    start, cell = x0, min(top, int((x0 + ox) * scale))
    for x in range(x0 + 1, x1 + 1):
        c = min(top, int((x + ox) * scale)) if x < x1 else -1
        if c != cell:
            out.append((cell, int.from_bytes(bytes(start) + b"\x01" * (x - start) + bytes(width - x),
                                              "big")))
            start, cell = x, c
    return out


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
    """Each job in its own cell of one page; the shape of the ink in each cell."""
    if not jobs:
        return []
    rows = -(-len(jobs) // ROW_CELLS)
    doc = pymupdf.open()
    try:
        page = doc.new_page(width=PITCH * min(len(jobs), ROW_CELLS), height=PITCH * rows)
        writer = pymupdf.TextWriter(page.rect)
        show = _shower(writer)
        for n, (ch, how) in enumerate(jobs):
            dx, dy = PITCH * (n % ROW_CELLS), PITCH * (n // ROW_CELLS)
            if isinstance(how, pymupdf.Font):
                show((ORIGIN[0] + dx, ORIGIN[1] + dy), ch, how)
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
        rows = [int.from_bytes(flags[at:at + CELL], "big")
                for at in range(y * stride + x, (y + CELL) * stride, stride)]
        inked = [r for r, bits in enumerate(rows) if bits]
        if inked:
            out.append((ch, _shape(rows[inked[0]:inked[-1] + 1], inked[0], CELL)))
    return out


def _shower(writer: pymupdf.TextWriter):
    """`writer.append(pos, ch, font=font, fontsize=GLYPH_PX)` for one character: MuPDF's
    show-string with the matrix `append` makes, without `append`'s bookkeeping (it bounds
    all the text so far on every call); `append` itself where PyMuPDF's low-level
    interface is not there."""
    mupdf = getattr(pymupdf, "mupdf", None)
    if mupdf is None or not hasattr(writer, "this") or not hasattr(writer, "ictm"):
        return lambda pos, ch, font: writer.append(pos, ch, font=font, fontsize=GLYPH_PX)
    language = mupdf.fz_text_language_from_string(None)

    def show(pos, ch, font):
        p = pymupdf.Point(pos) * writer.ictm
        trm = mupdf.fz_make_matrix(GLYPH_PX, 0, 0, GLYPH_PX, p.x, p.y)
        mupdf.fz_show_string(writer.this, font.this, trm, ch, 0, 0, 0, language)
    return show
