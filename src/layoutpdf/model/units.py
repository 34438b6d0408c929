"""Rendered units: the structural pieces of a document's Markdown, in order.

The renderer produces them; `Document.to_markdown()` is their texts joined by a blank
line; the splitter packs them into chunks. A unit is never cut, except plain prose at a
sentence boundary and a table between rows.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .geometry import BBox


class UnitKind(str, Enum):
    HEADING = "heading"
    PARAGRAPH = "paragraph"      # prose, with the footnote definitions it anchors
    LIST_ITEM = "list_item"
    EQUATION = "equation"        # display math block $$ ... $$
    TABLE = "table"              # pipe table with its caption line
    FIGURE = "figure"            # image line with its caption line
    CAPTION = "caption"          # a caption not bound to any figure or table
    FOOTNOTE = "footnote"        # a footnote definition with no anchor
    CODE = "code"
    OTHER = "other"


@dataclass(frozen=True, slots=True)
class Unit:
    kind: UnitKind
    text: str
    element_ids: tuple[str, ...] = ()
    pages: tuple[int, ...] = ()
    bboxes: tuple[tuple[int, BBox], ...] = ()
    heading_level: int = 0
    figure_ids: tuple[str, ...] = ()
    table_ids: tuple[str, ...] = ()
    footnote_ids: tuple[str, ...] = ()
    has_math: bool = False
    low_confidence: bool = False     # holds math extracted with confidence="low", or text
                                     # of a page OCR read with low confidence
