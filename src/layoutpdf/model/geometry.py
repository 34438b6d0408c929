"""Geometry in one coordinate system.

All coordinates are PDF points (1/72 inch) with the origin at the top-left corner of the
page as a viewer displays it (its crop box after /Rotate), x to the right, y downwards.
Two exceptions, both recorded in `Page.view_rotation` (the turn from these coordinates to
the displayed page): a page whose text reads upright only on the unrotated page keeps the
unrotated coordinates, and a scan OCR'd after turning it upright keeps the upright ones.
`Page.rotation` is the page's /Rotate. Pages are 0-based indexes. Every element keeps
`page` and `bbox` in this system.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from .fast_init import stores_slots


@stores_slots
@dataclass(frozen=True, slots=True)
class BBox:
    x0: float
    y0: float
    x1: float
    y1: float

    def __reduce__(self):   # pickled as its four numbers: pages cross process boundaries
        return (BBox, (self.x0, self.y0, self.x1, self.y1))

    @classmethod
    def of(cls, seq: Sequence[float]) -> "BBox":
        x0, y0, x1, y1 = (float(v) for v in seq)
        return cls(x0, y0, x1, y1)

    @classmethod
    def union_all(cls, boxes: Iterable["BBox"]) -> "BBox":
        it = iter(boxes)
        first = next(it, None)
        if first is None:
            return cls(0.0, 0.0, 0.0, 0.0)
        x0, y0, x1, y1 = first.x0, first.y0, first.x1, first.y1
        for b in it:
            if b.x0 < x0:
                x0 = b.x0
            if b.y0 < y0:
                y0 = b.y0
            if b.x1 > x1:
                x1 = b.x1
            if b.y1 > y1:
                y1 = b.y1
        return cls(x0, y0, x1, y1)

    def __iter__(self):
        """Unpacks like PyMuPDF's Rect: x0, y0, x1, y1 = bbox."""
        return iter((self.x0, self.y0, self.x1, self.y1))

    def __len__(self) -> int:
        return 4

    @property
    def width(self) -> float:
        d = self.x1 - self.x0
        return d if d > 0.0 else 0.0

    @property
    def height(self) -> float:
        d = self.y1 - self.y0
        return d if d > 0.0 else 0.0

    @property
    def area(self) -> float:
        return self.width * self.height

    @property
    def cx(self) -> float:
        return (self.x0 + self.x1) / 2

    @property
    def cy(self) -> float:
        return (self.y0 + self.y1) / 2

    def union(self, other: "BBox") -> "BBox":
        return BBox(min(self.x0, other.x0), min(self.y0, other.y0),
                    max(self.x1, other.x1), max(self.y1, other.y1))

    def intersection(self, other: "BBox") -> "BBox | None":
        x0, y0 = max(self.x0, other.x0), max(self.y0, other.y0)
        x1, y1 = min(self.x1, other.x1), min(self.y1, other.y1)
        if x1 <= x0 or y1 <= y0:
            return None
        return BBox(x0, y0, x1, y1)

    def overlap_x(self, other: "BBox") -> float:
        return max(0.0, min(self.x1, other.x1) - max(self.x0, other.x0))

    def overlap_y(self, other: "BBox") -> float:
        return max(0.0, min(self.y1, other.y1) - max(self.y0, other.y0))

    def iou(self, other: "BBox") -> float:
        inter = self.intersection(other)
        if inter is None:
            return 0.0
        union = self.area + other.area - inter.area
        return inter.area / union if union > 0 else 0.0

    def contains(self, other: "BBox", tol: float = 0.0) -> bool:
        return (other.x0 >= self.x0 - tol and other.y0 >= self.y0 - tol
                and other.x1 <= self.x1 + tol and other.y1 <= self.y1 + tol)

    def covers_fraction(self, other: "BBox") -> float:
        """Fraction of `other`'s area that lies inside self."""
        inter = self.intersection(other)
        if inter is None or other.area <= 0:
            return 0.0
        return inter.area / other.area

    def expand(self, d: float) -> "BBox":
        return BBox(self.x0 - d, self.y0 - d, self.x1 + d, self.y1 + d)

    def to_list(self, ndigits: int = 2) -> list[float]:
        return [round(self.x0, ndigits), round(self.y0, ndigits),
                round(self.x1, ndigits), round(self.y1, ndigits)]
