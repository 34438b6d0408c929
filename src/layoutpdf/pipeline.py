"""parse(): open, extract page by page, run the stages in order."""
from __future__ import annotations

import logging
from dataclasses import replace
from typing import Callable, Iterable, Sequence

from .errors import Issue, LayoutPDFError, ResourceLimitError
from .extract import Source, extract_page, open_pdf, pdf_metadata, source_name
from .model import Document, Page
from .settings import Settings
from .stages import classify, figures, footnotes, furniture, layout, stats, stitch, text_layer

log = logging.getLogger("layoutpdf")

Stage = Callable[[Document, Settings], Document]

# The order of work, in one place. Each stage is (Document, Settings) -> Document.
STAGES: tuple[tuple[str, Stage], ...] = (
    ("text_layer", text_layer.run),  # pages with no usable text layer are flagged
    ("stats", stats.run),            # body size, line pitch: read by every later stage
    ("furniture", furniture.run),    # watermarks, running headers/footers, page numbers
    ("figures", figures.run),        # figure regions (with their labels) before the prose flow
    ("layout", layout.run),          # columns, reading order, paragraph blocks
    ("classify", classify.run),      # title, headings, lists, captions, footnote blocks
    ("stitch", stitch.run),          # paragraphs cut by column and page breaks
    ("footnotes", footnotes.run),    # notes split, bound to their anchors by marker
    ("captions", figures.bind),      # figure captions bound to figures; mentions, context
)


def parse(source: Source, settings: Settings | dict | None = None, *,
          pages: Sequence[int] | None = None, password: str | None = None,
          progress: Callable[[int, int], None] | None = None) -> Document:
    """Parse a PDF (path, bytes or binary file object) into a Document.

    pages: 0-based page indexes to read (default: all). Raises a LayoutPDFError subclass
    for input that cannot be read at all; per-page problems are recorded in `issues`.
    """
    settings = _settings(settings)
    name = source_name(source)
    pdf = open_pdf(source, password)
    try:
        indexes = _page_indexes(pdf.page_count, pages, settings, name)
        raw_pages, issues = [], []
        for n, i in enumerate(indexes):
            raw_pages.append(_extract(pdf, i, settings, issues))
            if progress:
                progress(n + 1, len(indexes))
        doc = Document(source=name, metadata=pdf_metadata(pdf, name), pages=tuple(raw_pages),
                       issues=tuple(issues))
    finally:
        pdf.close()
    return run_stages(doc, settings)


def run_stages(doc: Document, settings: Settings) -> Document:
    for stage_name, stage in STAGES:
        try:
            doc = stage(doc, settings)
        except LayoutPDFError:
            raise
        except Exception as exc:  # a document-wide stage failed: keep what we have
            if settings.strict:
                raise
            log.warning("stage %s failed: %s", stage_name, exc)
            doc = replace(doc, issues=doc.issues + (Issue(stage_name, None, "stage_failed",
                                                          f"{type(exc).__name__}: {exc}"),))
    return doc


def _settings(settings: Settings | dict | None) -> Settings:
    if settings is None:
        return Settings()
    if isinstance(settings, dict):
        return Settings.from_dict(settings)
    if not isinstance(settings, Settings):
        raise TypeError("settings must be a layoutpdf.Settings or a dict")
    return settings


def _page_indexes(count: int, pages: Sequence[int] | None, settings: Settings, name: str) -> list[int]:
    if pages is None:
        indexes = list(range(count))
    else:
        indexes = sorted({int(p) for p in pages})
        bad = [p for p in indexes if not 0 <= p < count]
        if bad:
            raise ValueError(f"{name}: page index {bad[0]} out of range (document has {count} pages, 0-based)")
    if len(indexes) > settings.limits.max_pages:
        if settings.strict:
            raise ResourceLimitError(f"{name}: {len(indexes)} pages exceed limits.max_pages="
                                     f"{settings.limits.max_pages}; raise the limit or pass pages=")
        indexes = indexes[:settings.limits.max_pages]
    return indexes


def _extract(pdf, index: int, settings: Settings, issues: list[Issue]) -> Page:
    try:
        page = extract_page(pdf[index], index, settings)
    except Exception as exc:  # a damaged page: keep its place, say why
        if settings.strict:
            raise
        issues.append(Issue("extract", index, "extract_failed", f"{type(exc).__name__}: {exc}"))
        return Page(index=index, width=0.0, height=0.0, fallback=True)
    if page.drawings_truncated:
        issues.append(Issue("extract", index, "too_many_drawings",
                            f"more than {settings.limits.max_drawings_per_page} vector paths; "
                            "only the first ones are used"))
    return page


def iter_pages(source: Source, settings: Settings | None = None, *, password: str | None = None,
               batch: int = 1) -> Iterable[Document]:
    """Parse page by page (bounded memory): yields one Document per page batch."""
    settings = _settings(settings)
    pdf = open_pdf(source, password)
    try:
        count = pdf.page_count
    finally:
        pdf.close()
    for start in range(0, count, batch):
        yield parse(source, settings, pages=range(start, min(count, start + batch)), password=password)
