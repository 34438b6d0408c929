"""Typed elements of a document, in reading order, and the objects bound to them."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .geometry import BBox


class Role(str, Enum):
    TITLE = "title"
    HEADING = "heading"
    PARAGRAPH = "paragraph"
    LIST_ITEM = "list_item"
    CAPTION = "caption"
    FOOTNOTE = "footnote"
    EQUATION = "equation"
    TABLE = "table"
    FIGURE = "figure"
    CODE = "code"
    PAGE_HEADER = "page_header"
    PAGE_FOOTER = "page_footer"
    PAGE_NUMBER = "page_number"
    WATERMARK = "watermark"
    MARGIN_NOTE = "margin_note"
    LINE_NUMBER = "line_number"   # manuscript line numbers in a margin or gutter


class Layer(str, Enum):
    BODY = "body"              # rendered by default
    FURNITURE = "furniture"    # running headers/footers, page numbers, margin stamps
    BACKGROUND = "background"  # watermarks


class TextSource(str, Enum):
    NATIVE = "native"
    OCR = "ocr"
    MIXED = "mixed"


@dataclass(frozen=True, slots=True)
class Region:
    """A further piece of an element that continues on another column or page."""
    page: int
    bbox: BBox


@dataclass(frozen=True, slots=True)
class Element:
    id: str
    role: Role
    layer: Layer
    page: int
    bbox: BBox
    text: str
    line_ids: tuple[str, ...] = ()
    column: int | None = None
    level: int = 0                     # heading level (1..6), list depth
    continuation: tuple[Region, ...] = ()  # where a joined paragraph goes on
    text_source: TextSource = TextSource.NATIVE
    reasons: tuple[str, ...] = ()      # why it got its role/layer (furniture, captions...)
    markup: str = "text"               # format of `text`: "text", or "markdown" when it holds
                                       # inline math `$...$` (literal $ and \\ escaped)


@dataclass(frozen=True, slots=True)
class Figure:
    id: str
    page: int
    bbox: BBox
    kind: str = "raster"               # raster | vector | mixed
    label: str | None = None           # "Figure 3"
    caption: str | None = None
    caption_bbox: BBox | None = None
    caption_element_id: str | None = None
    element_id: str | None = None
    score: float = 0.0
    reasons: tuple[str, ...] = ()
    needs_review: bool = False
    mentions: tuple[str, ...] = ()     # ids of paragraphs that refer to it
    context: tuple[str, ...] = ()      # ids of the paragraphs just before and after
    text: str = ""                     # text inside the figure (tick labels, legends)
    image_path: str | None = None      # set when crops were written


@dataclass(frozen=True, slots=True)
class Table:
    id: str
    page: int
    bbox: BBox
    rows: tuple[tuple[str, ...], ...] = ()
    header_rows: int = 0
    label: str | None = None
    caption: str | None = None
    caption_bbox: BBox | None = None
    caption_element_id: str | None = None
    element_id: str | None = None
    footnotes: tuple[str, ...] = ()
    score: float = 0.0
    reasons: tuple[str, ...] = ()
    needs_review: bool = False
    continued: bool = False
    spans: tuple[tuple[int, int, int, int], ...] = ()   # merged cells: (row0, col0, row1, col1)


@dataclass(frozen=True, slots=True)
class Footnote:
    id: str                            # unique per document, e.g. "3" or "p3-1"
    marker: str                        # as printed: "3", "*", "†"
    text: str
    page: int
    bbox: BBox
    element_id: str | None = None
    anchor_element_id: str | None = None
    anchor_offset: int | None = None   # character offset of the anchor in the element text
    anchor_span_id: str | None = None  # the raised marker glyphs in the body text
    continuation_element_ids: tuple[str, ...] = ()  # its text continued on the next page
    score: float = 0.0
    reasons: tuple[str, ...] = ()
    needs_review: bool = False
    kind: str = "footnote"             # footnote (at the page foot) | endnote (in a notes list
                                       # after the text, bound by number)


@dataclass(frozen=True, slots=True)
class Equation:
    id: str
    latex: str
    display: bool
    page: int
    bbox: BBox
    element_id: str | None = None
    confidence: str = "high"           # high | low
    reasons: tuple[str, ...] = ()
    tag: str | None = None             # equation number, emitted as \tag{}
