"""Rendering page images and clips (debug overlays, figure crops)."""
from __future__ import annotations

from typing import Sequence

import pymupdf

from ..model import BBox
from .open import PYMUPDF_LOCK, Source, open_pdf

Shape = tuple[str, tuple, tuple[float, float, float], str]  # kind, coords, rgb, label


def view_matrix(view_rotation: int, width: float, height: float) -> pymupdf.Matrix:
    """Matrix from a page's coordinates (`width` x `height`, shown turned by
    `view_rotation`, see `Page.view_rotation`) to the displayed page's."""
    m = pymupdf.Matrix(view_rotation % 360)
    r = pymupdf.Rect(0, 0, width, height) * m
    return m * pymupdf.Matrix(1, 0, 0, 1, -r.x0, -r.y0)


View = tuple[int, float, float]   # (view_rotation, width, height) of a model Page


def render_page(source: Source, page_index: int, *, dpi: int = 100, shapes: Sequence[Shape] = (),
                password: str | None = None, clip: BBox | None = None,
                view: View | None = None) -> bytes:
    """PNG of one page (or a clip of it), with optional overlay shapes drawn on top.
    Shapes and clip are in the page's coordinates (`view`: how they are turned against the
    displayed page); the image shows the page in those coordinates."""
    with PYMUPDF_LOCK:
        return _render(source, page_index, dpi, shapes, password, clip, view)


def _render(source: Source, page_index: int, dpi: int, shapes: Sequence[Shape],
            password: str | None, clip: BBox | None, view: View | None) -> bytes:
    pdf = open_pdf(source, password)
    try:
        page = pdf[page_index]
        turn = view[0] % 360 if view else 0
        to_display = view_matrix(*view) if view else pymupdf.Identity
        to_raw = to_display * page.derotation_matrix    # drawing happens on the unrotated page
        label_turn = (page.rotation - turn) % 360
        for kind, coords, rgb, label in shapes:
            if kind == "rect":
                page.draw_rect(pymupdf.Rect(*coords) * to_raw, color=rgb, width=0.8, overlay=True)
                if label:
                    page.insert_text(pymupdf.Point(coords[0] + 1, coords[1] + 6) * to_raw, label,
                                     fontsize=6, color=rgb, overlay=True, rotate=label_turn)
            elif kind == "line":
                page.draw_line(pymupdf.Point(*coords[:2]) * to_raw, pymupdf.Point(*coords[2:]) * to_raw,
                               color=rgb, width=0.8, overlay=True)
        zoom = dpi / 72.0
        rect = pymupdf.Rect(*clip.to_list()) * to_display if clip else None
        pix = page.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom).prerotate(-turn), clip=rect)
        pix.set_dpi(dpi, dpi)
        return pix.tobytes("png")
    finally:
        pdf.close()
