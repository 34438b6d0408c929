"""A figure region proposal: its box, where it came from, the label lines it takes."""
from __future__ import annotations

from dataclasses import dataclass, field

from ...model import BBox


@dataclass
class Proposal:
    bbox: BBox
    sources: set[str]
    line_ids: list[str] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    claim: bool = True           # take the label lines inside out of the text flow
    review: bool = False         # a guess (caption-first over text or an empty area)

    @property
    def kind(self) -> str:
        s = self.sources - {"caption"}
        if s == {"raster"}:
            return "raster"
        if "raster" in s and "vector" in s:
            return "mixed"
        return "vector"
