"""Rendering page images and clips (debug overlays, figure crops)."""
from __future__ import annotations

from typing import Sequence

import pymupdf

from ..model import BBox
from .open import PYMUPDF_LOCK, Source, open_pdf

Shape = tuple[str, tuple, tuple[float, float, float], str]  # kind, coords, rgb, label


def render_page(source: Source, page_index: int, *, dpi: int = 100, shapes: Sequence[Shape] = (),
                password: str | None = None, clip: BBox | None = None) -> bytes:
    """PNG of one page (or a clip of it), with optional overlay shapes drawn on top."""
    with PYMUPDF_LOCK:
        return _render(source, page_index, dpi, shapes, password, clip)


def _render(source: Source, page_index: int, dpi: int, shapes: Sequence[Shape],
            password: str | None, clip: BBox | None) -> bytes:
    pdf = open_pdf(source, password)
    try:
        page = pdf[page_index]
        for kind, coords, rgb, label in shapes:
            if kind == "rect":
                page.draw_rect(pymupdf.Rect(*coords), color=rgb, width=0.8, overlay=True)
                if label:
                    page.insert_text((coords[0] + 1, coords[1] + 6), label, fontsize=6, color=rgb,
                                     overlay=True)
            elif kind == "line":
                page.draw_line(pymupdf.Point(*coords[:2]), pymupdf.Point(*coords[2:]), color=rgb,
                               width=0.8, overlay=True)
        pix = page.get_pixmap(dpi=dpi, clip=pymupdf.Rect(*clip.to_list()) if clip else None)
        return pix.tobytes("png")
    finally:
        pdf.close()
