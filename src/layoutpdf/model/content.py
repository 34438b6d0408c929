"""Raw page content as extracted: spans, lines, drawings and image placements."""
from __future__ import annotations

from dataclasses import dataclass

from .geometry import BBox

# PyMuPDF span flag bits (documented in TextPage.extractDICT)
FLAG_SUPERSCRIPT = 1
FLAG_ITALIC = 2
FLAG_SERIF = 4
FLAG_MONO = 8
FLAG_BOLD = 16


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
        """0 (black) .. 1 (white): mean of the sRGB channels."""
        r, g, b = (self.color >> 16) & 255, (self.color >> 8) & 255, self.color & 255
        return (r + g + b) / 765.0


@dataclass(frozen=True, slots=True)
class Line:
    """Spans on one baseline, as the text extractor grouped them (possibly re-split at wide gaps)."""
    id: str
    page: int
    bbox: BBox
    spans: tuple[Span, ...]
    direction: tuple[float, float] = (1.0, 0.0)   # writing direction (cos, sin)
    vertical: bool = False                        # vertical writing mode (CJK tategaki)

    @property
    def text(self) -> str:
        return "".join(s.text for s in self.spans)

    @property
    def horizontal(self) -> bool:
        return abs(self.direction[1]) < 0.05 and self.direction[0] > 0 and not self.vertical

    @property
    def size(self) -> float:
        """Dominant font size by character count."""
        weights: dict[float, int] = {}
        for s in self.spans:
            n = len(s.text.strip())
            if n:
                weights[round(s.size, 1)] = weights.get(round(s.size, 1), 0) + n
        if not weights:
            return round(self.spans[0].size, 1) if self.spans else 0.0
        return max(weights.items(), key=lambda kv: (kv[1], kv[0]))[0]

    @property
    def baseline(self) -> float:
        main = max(self.spans, key=lambda s: (len(s.text.strip()), s.size), default=None)
        return main.origin[1] if main else self.bbox.y1


@dataclass(frozen=True, slots=True)
class Drawing:
    """One vector path: its bounding box and how it is painted."""
    bbox: BBox
    kind: str                    # "line", "rect", "curve" or "path"
    fill: int | None = None      # 0xRRGGBB or None
    stroke: int | None = None
    width: float = 0.0


@dataclass(frozen=True, slots=True)
class ImagePlacement:
    """Where a raster image is drawn on the page."""
    id: str
    bbox: BBox
    xref: int
    pixel_width: int = 0
    pixel_height: int = 0
