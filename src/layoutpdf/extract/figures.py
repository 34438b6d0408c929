"""Figure crops: PNG renderings of page clips (vector content included), one open per call."""
from __future__ import annotations

from typing import Sequence

import pymupdf

from ..model import BBox
from ..settings import LimitSettings
from .images import stand_ins
from .open import PYMUPDF_LOCK, Source, open_pdf
from .render import view_matrix


def render_clips(source: Source, clips: Sequence[tuple], *, dpi: int = 150,
                 max_pixels: int = 40_000_000, password: str | None = None,
                 max_image_pixels: int = LimitSettings.max_image_pixels) -> list[bytes]:
    """PNG bytes for each (page index, clip box[, view]) (`view`: the model page's
    (view_rotation, width, height), see `render.view_matrix`); the crop shows the clip
    the way the page's coordinates run. The resolution is lowered for a clip that would
    exceed `max_pixels`; an image over `max_image_pixels` is not decoded, a grey box
    stands in for it (`images.stand_ins`)."""
    if not clips:
        return []
    with PYMUPDF_LOCK:
        pdf = open_pdf(source, password)
        try:
            out = []
            for page_index, box, *rest in clips:
                page = pdf[page_index]
                if stand_ins(pdf, page, max_image_pixels):
                    page = pdf[page_index]       # reloaded: its images were replaced
                view = rest[0] if rest else None
                turn = view[0] % 360 if view else 0
                rect = pymupdf.Rect(*box.to_list())
                if view:
                    rect = rect * view_matrix(*view)
                rect = rect & page.rect
                if rect.is_empty:
                    rect = page.rect
                scale = dpi / 72.0
                pixels = rect.width * rect.height * scale * scale
                if pixels > max_pixels:
                    scale *= (max_pixels / pixels) ** 0.5
                pix = page.get_pixmap(matrix=pymupdf.Matrix(scale, scale).prerotate(-turn),
                                      clip=rect, alpha=False)
                out.append(pix.tobytes("png"))
            return out
        finally:
            pdf.close()
