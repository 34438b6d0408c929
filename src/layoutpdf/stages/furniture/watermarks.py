"""Watermarks: text set faint, see-through, turned or tiled over the page.

Faint means pale against the ground the text is printed on. A pale line on the paper is a
stamp ('DRAFT', 'CONFIDENTIAL' in light grey); white or pale type on a dark filled band is
reversed out: a report's title or a label printed in white on its accent colour, as legible
as black on white, and read (issue 36: every word reaches the user). Called by
`furniture.stage.run` before the other furniture rules.
"""
from __future__ import annotations

import math
import re
from functools import lru_cache

from ...model import BBox, Document, Layer, Line, Page, Role, Span
from ...settings import FurnitureSettings
from .outer_rows import normalize_for_repeat

LEGIBLE_CONTRAST = 3.0    # WCAG 2 contrast ratio for large text: type at least this far from
                          # its ground in luminance is legible, not faint
GROUND_COVER = 0.9        # a filled path under at least this share of a line's box is its ground


class Ground:
    """The filled paths of a page that text may be printed on, and the one under a box:
    the smallest fill covering it (a band drawn on a larger panel is painted over it);
    none means the paper, white."""

    def __init__(self, page: Page):
        self.page = page
        self._fills: list | None = None

    def under(self, box: BBox) -> int | None:
        if self._fills is None:
            self._fills = sorted(((d.bbox.area, d.bbox, d.fill) for d in self.page.drawings
                                  if d.fill is not None and d.bbox.area > 0), key=lambda t: t[0])
        for _, bbox, fill in self._fills:
            if bbox.area >= box.area and bbox.covers_fraction(box) >= GROUND_COVER:
                return fill
        return None


def faint(ln: Line, spans: list[Span], cfg: FurnitureSettings, ground: Ground) -> bool:
    """Every span is pale (its darkest channel at least `light_lightness`) and the line is
    not reversed out: its ground is not dark enough for the pale type to stand out."""
    if min(s.lightness for s in spans) < cfg.light_lightness:
        return False
    fill = ground.under(ln.bbox)
    return fill is None or min(contrast(s.color, fill) for s in spans) < LEGIBLE_CONTRAST


def contrast(a: int, b: int) -> float:
    """WCAG 2 contrast ratio of two 0xRRGGBB colours (1 .. 21)."""
    la, lb = _luminance(a), _luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def _luminance(color: int) -> float:
    def channel(v: int) -> float:
        c = v / 255.0
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = color >> 16 & 0xFF, color >> 8 & 0xFF, color & 0xFF
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _watermark_signal(ln: Line, cfg: FurnitureSettings, body: float, ground: Ground) -> str | None:
    size = ln.size
    if ln.horizontal and size < body * cfg.watermark_size_ratio and size < body * 1.5:
        return None      # upright text of an ordinary size is no watermark, whatever its colour
    spans = [s for s in ln.spans if s.text.strip()]
    if not spans:
        return None
    light = faint(ln, spans, cfg, ground)
    transparent = max(s.alpha for s in spans) < 200
    big = size >= body * cfg.watermark_size_ratio
    rotated = not ln.horizontal and not ln.vertical and _diagonal(ln)
    if rotated and (light or transparent or size >= body * 1.5):
        return "rotated faint or large text"
    if big and (light or transparent):
        return "very large faint text"
    if transparent and size >= body * 1.5:
        return "large transparent text"
    return None


def _diagonal(ln: Line) -> bool:
    """Rotated by an angle that is not a multiple of 90 degrees (page stamps are 90)."""
    angle = math.degrees(math.atan2(ln.direction[1], ln.direction[0])) % 90
    return 10 < angle < 80


def mark_watermarks(doc: Document, cfg: FurnitureSettings, body: float, marks: dict) -> None:
    repeats: set[str] = set()
    for page in doc.pages:
        per_page: dict[str, int] = {}
        ground = Ground(page)
        for ln in page.lines:
            why = _watermark_signal(ln, cfg, body, ground)
            if why:
                marks[ln.id] = (Role.WATERMARK, Layer.BACKGROUND, why)
            key = tile_key(ln.text)
            if key:
                per_page[key] = per_page.get(key, 0) + 1
        tiled = {k for k, n in per_page.items() if n >= cfg.tile_min_repeats}
        for ln in page.lines if tiled else ():
            if ln.id in marks or tile_key(ln.text) not in tiled:
                continue
            if _styled_apart(ln, cfg, body, ground):
                marks[ln.id] = (Role.WATERMARK, Layer.BACKGROUND, "tiled faint or rotated text")
        if marks:
            repeats.update({normalize_for_repeat(doc_line.text) for doc_line in page.lines
                            if doc_line.id in marks and marks[doc_line.id][0] is Role.WATERMARK})
    # the same string, already proven a watermark on some page, elsewhere in watermark style
    known = repeats
    for page in doc.pages if known else ():
        ground = Ground(page)
        for ln in page.lines:
            if ln.id not in marks and normalize_for_repeat(ln.text) in known \
                    and _styled_apart(ln, cfg, body, ground, large=True):
                marks[ln.id] = (Role.WATERMARK, Layer.BACKGROUND, "repeats a watermark")


@lru_cache(maxsize=65536)
def tile_key(text: str) -> str | None:
    """Tiled watermarks are words (digits kept: '1.1', '1.2' are not one string)."""
    if len(text) > 80:
        return None
    key = " ".join(text.lower().split())
    letters = len(LETTERS.findall(key))
    return key if 4 <= letters and len(key) <= 60 else None


LETTERS = re.compile(r"[^\W\d_]")


def _styled_apart(ln: Line, cfg: FurnitureSettings, body: float, ground: Ground,
                  large: bool = False) -> bool:
    """Set as a watermark is: turned on a slant, faint (pale as `light_lightness` says, or
    see-through), or, with `large`, large (a string already proven a watermark elsewhere).
    Dark upright type is read wherever it repeats: a mid-grey line of ordinary size is a
    heading in the document's accent colour (a 10-K's grey 'FISCAL 2019 COMPARED TO FISCAL
    2018' over each of three sections of a page), a large black one a section heading over
    each of a page's tables or a drawing sheet's view title ('KITCHEN ELEVATION' under each
    view); a line turned by a right angle, dark and of ordinary size, is a table's column
    head or a chart's axis label set upright to fit ('urinaire' under 'NH4+', 'TA' and
    'pH'). None of them is a stamp."""
    spans = [s for s in ln.spans if s.text.strip()]
    slanted = not ln.horizontal and not ln.vertical and _diagonal(ln)
    return bool(spans) and (slanted or faint(ln, spans, cfg, ground) or max(s.alpha for s in spans) < 200
                            or large and ln.size >= body * 1.5)
