"""Raw page content as extracted: spans, lines, drawings and image placements."""
from __future__ import annotations

from dataclasses import dataclass

from .fast_init import stores_slots
from .geometry import BBox

# PyMuPDF span flag bits (documented in TextPage.extractDICT)
FLAG_SUPERSCRIPT = 1
FLAG_ITALIC = 2
FLAG_SERIF = 4
FLAG_MONO = 8
FLAG_BOLD = 16


@stores_slots
@dataclass(frozen=True, slots=True)
class Span:
    """A run of text with one font, size and colour on one baseline."""
    id: str
    text: str
    bbox: BBox
    font: str
    size: float
    flags: int
    color: int            # sRGB as 0xRRGGBB
    alpha: int            # 0 (invisible) .. 255 (opaque)
    origin: tuple[float, float]  # baseline start point

    def __reduce__(self):   # by position: about twice as fast as the default for slots
        return (Span, (self.id, self.text, self.bbox, self.font, self.size, self.flags,
                       self.color, self.alpha, self.origin))

    @property
    def bold(self) -> bool:
        return bool(self.flags & FLAG_BOLD) or "bold" in self.font.lower()

    @property
    def italic(self) -> bool:
        f = self.font.lower()
        return bool(self.flags & FLAG_ITALIC) or "italic" in f or "oblique" in f

    @property
    def mono(self) -> bool:
        return bool(self.flags & FLAG_MONO)

    @property
    def lightness(self) -> float:
        """0 (dark or saturated) .. 1 (white): the darkest sRGB channel. Pale tints and
        light greys score high; saturated colours (a red heading) do not."""
        r, g, b = (self.color >> 16) & 255, (self.color >> 8) & 255, self.color & 255
        return min(r, g, b) / 255.0


@stores_slots
@dataclass(frozen=True, slots=True)
class Line:
    """Spans on one baseline, as the text extractor grouped them (possibly re-split at wide
    gaps). `text`, `size` (dominant font size by characters) and `baseline` are derived
    from the spans once, by `Line.build`."""
    id: str
    page: int
    bbox: BBox
    spans: tuple[Span, ...]
    direction: tuple[float, float] = (1.0, 0.0)   # writing direction (cos, sin)
    vertical: bool = False                        # vertical writing mode (CJK tategaki)
    text: str = ""
    size: float = 0.0
    baseline: float = 0.0

    def __reduce__(self):
        return (Line, (self.id, self.page, self.bbox, self.spans, self.direction, self.vertical,
                       self.text, self.size, self.baseline))

    @classmethod
    def build(cls, id: str, page: int, spans: tuple[Span, ...], direction: tuple[float, float] = (1.0, 0.0),
              vertical: bool = False) -> "Line":
        first = spans[0]
        if len(spans) == 1:      # most lines of a page: every value is the span's own
            return cls(id, page, first.bbox, spans, direction, vertical, first.text,
                       round(first.size, 2), first.origin[1])
        weights: dict[float, int] = {}
        main, main_n = first, -1
        b = first.bbox
        x0, y0, x1, y1 = b.x0, b.y0, b.x1, b.y1
        for s in spans:
            n = len(s.text) if s.text != " " else 0
            if n:
                weights[s.size] = weights.get(s.size, 0) + n
            if n > main_n or (n == main_n and s.size > main.size):
                main, main_n = s, n
            b = s.bbox
            if b.x0 < x0:
                x0 = b.x0
            if b.y0 < y0:
                y0 = b.y0
            if b.x1 > x1:
                x1 = b.x1
            if b.y1 > y1:
                y1 = b.y1
        if len(weights) == 1:
            size = next(iter(weights))
        else:
            size = max(weights.items(), key=lambda kv: (kv[1], kv[0]))[0] if weights else first.size
        return cls(id, page, BBox(x0, y0, x1, y1), spans, direction, vertical,
                   "".join([s.text for s in spans]), round(size, 2), main.origin[1])

    @property
    def horizontal(self) -> bool:
        return abs(self.direction[1]) < 0.05 and self.direction[0] > 0 and not self.vertical


@stores_slots
@dataclass(frozen=True, slots=True)
class Drawing:
    """One vector path: its bounding box and how it is painted."""
    bbox: BBox
    kind: str                    # "line", "rect", "curve" or "path"
    fill: int | None = None      # 0xRRGGBB or None
    stroke: int | None = None
    width: float = 0.0

    def __reduce__(self):
        return (Drawing, (self.bbox, self.kind, self.fill, self.stroke, self.width))


@dataclass(frozen=True, slots=True)
class ImagePlacement:
    """Where a raster image is drawn on the page."""
    id: str
    bbox: BBox
    xref: int
    pixel_width: int = 0
    pixel_height: int = 0
    # the part of the image that is seen (its pixels not blank paper nor transparent), when
    # clearly smaller than `bbox`: a cut-out photo placed with blank paper around it, the
    # text of the page set over that paper. Looked for only where text lies on the image.
    visible: BBox | None = None
