"""The document: pages with their raw content, and elements in reading order."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterator

from ..errors import Issue
from .content import Drawing, ImagePlacement, Line
from .elements import Element, Equation, Figure, Footnote, Layer, Table, TextSource
from .geometry import BBox

# The Document's outputs that need more than the model (the Markdown renderer, figure crops
# from the PDF, the inspector's HTML) live above it. The package root plugs them in when
# `layoutpdf` is imported (layoutpdf/outputs.py), so `doc.to_markdown()` works while the
# model imports none of them.
_OUTPUTS: dict[str, Callable[..., Any]] = {}


def provide_output(name: str, function: Callable[..., Any]) -> None:
    """Register the function behind one of the Document's output methods."""
    _OUTPUTS[name] = function


def _output(name: str) -> Callable[..., Any]:
    try:
        return _OUTPUTS[name]
    except KeyError:
        raise RuntimeError(f"Document.{name} is provided by the layoutpdf package: "
                           f"import layoutpdf first") from None


@dataclass(frozen=True, slots=True)
class TableCandidate:
    """A table as read from the raw page (rules, word boxes) during extraction."""
    bbox: BBox
    rows: tuple[tuple[str, ...], ...] = ()
    header_rows: int = 0
    strategy: str = "lines"             # lines (ruled grid) | rules (booktabs) | text (aligned)
    col_edges: tuple[float, ...] = ()   # x of the column boundaries, left to right
    row_edges: tuple[float, ...] = ()   # y of the row boundaries, top to bottom
    spans: tuple[tuple[int, int, int, int], ...] = ()  # merged cells: row, col, last row, last col
    score: float = 0.0
    reasons: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class OutlineEntry:
    """An entry of the PDF's outline (bookmarks) that points at this page: the author's own
    statement that a heading with this title starts here, and at which depth (1 = top)."""
    level: int
    title: str


@dataclass(frozen=True, slots=True)
class Page:
    index: int                          # 0-based
    width: float
    height: float
    rotation: int = 0                   # the page's /Rotate (how a viewer turns it)
    view_rotation: int = 0              # turn (degrees, as /Rotate) from these coordinates to
                                        # the displayed page: 0 unless the text reads sideways
                                        # when displayed, or OCR turned a sideways scan upright
    label: str = ""                     # printed page label if the PDF defines one
    lines: tuple[Line, ...] = ()
    drawings: tuple[Drawing, ...] = ()
    images: tuple[ImagePlacement, ...] = ()
    columns: tuple[BBox, ...] = ()      # column boxes found by the layout stage
    text_source: TextSource = TextSource.NATIVE
    fallback: bool = False              # True when a stage failed and the page is plain text
    drawings_truncated: bool = False    # more paths than Settings.limits allowed
    table_candidates: tuple[TableCandidate, ...] = ()  # tables read during extraction
    extraction_confidence: str = "high"  # "low": OCR read most of the page's text with low
                                         # confidence (handwriting, a damaged scan)
    outline: tuple[OutlineEntry, ...] = ()  # outline entries pointing at this page, in order

    @property
    def rect(self) -> BBox:
        return BBox(0.0, 0.0, self.width, self.height)

    @property
    def view(self) -> tuple[int, float, float]:
        """What a renderer needs to map these coordinates onto the displayed page."""
        return (self.view_rotation, self.width, self.height)


@dataclass(frozen=True, slots=True)
class Stats:
    """Document-wide statistics, computed once by the stats stage."""
    body_size: float = 10.0
    body_font: str = ""
    line_height: float = 12.0           # typical baseline-to-baseline distance of body text
    body_left_margin: float = 0.0
    char_width: float = 5.0             # typical width of a body character
    heading_sizes: tuple[float, ...] = ()  # distinct sizes above body size, largest first


@dataclass(frozen=True, slots=True)
class Document:
    source: str = ""
    metadata: dict[str, Any] = field(default_factory=dict)
    pages: tuple[Page, ...] = ()
    elements: tuple[Element, ...] = ()
    figures: tuple[Figure, ...] = ()
    tables: tuple[Table, ...] = ()
    footnotes: tuple[Footnote, ...] = ()
    equations: tuple[Equation, ...] = ()
    issues: tuple[Issue, ...] = ()
    stats: Stats = field(default_factory=Stats)

    # -- navigation -------------------------------------------------------------------
    def page_elements(self, page: int) -> list[Element]:
        return [e for e in self.elements if e.page == page]

    def body_elements(self) -> Iterator[Element]:
        return (e for e in self.elements if e.layer is Layer.BODY)

    def element(self, element_id: str) -> Element | None:
        for e in self.elements:
            if e.id == element_id:
                return e
        return None

    def lines_by_id(self) -> dict[str, Line]:
        return {ln.id: ln for p in self.pages for ln in p.lines}

    def with_(self, **changes: Any) -> "Document":
        return replace(self, **changes)

    # -- output -----------------------------------------------------------------------
    def to_markdown(self, *, layers: tuple[Layer, ...] = (Layer.BODY,),
                    image_dir: str | None = None) -> str:
        return _output("to_markdown")(self, layers=layers, image_dir=image_dir)

    def to_dict(self, *, include_raw: bool = True) -> dict[str, Any]:
        from .serialize import to_jsonable
        d = to_jsonable(self)
        if not include_raw:
            for p in d["pages"]:
                p["lines"], p["drawings"], p["images"] = [], [], []
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Document":
        from .serialize import from_jsonable
        return from_jsonable(cls, data)

    def save_figures(self, directory: str, dpi: int | None = None, *, source=None,
                     password: str | None = None, overwrite: bool = False,
                     settings: Any = None) -> "Document":
        """Write figure crops (`<stem>-p<page>-fig<n>.png`) into directory; returns the
        document with `Figure.image_path` set. `source`: the PDF again when the document
        was parsed from bytes or a file object. `dpi` defaults to the settings'
        `figures.crop_dpi` (pass the settings the document was parsed with, as a mapping
        or Settings), always within `limits.max_crop_pixels`."""
        return _output("save_figures")(self, directory, dpi=dpi, source=source,
                                       password=password, overwrite=overwrite,
                                       settings=settings)

    def _repr_html_(self) -> str:
        return _output("_repr_html_")(self)
