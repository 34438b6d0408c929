"""parse(): open, extract page by page, run the stages in order."""
from __future__ import annotations

import inspect
import logging
import time
from dataclasses import replace
from typing import Any, Callable, Iterable, Mapping, Sequence

from . import gcpolicy
from .errors import Issue, LayoutPDFError, PageProcessingError, ResourceLimitError
from .extract import (PYMUPDF_LOCK, Source, extract_page, open_pdf, outline_by_page, pdf_metadata,
                      source_name)
from .extract.open import open_issues, read_source
from .extract.page import DENSE_SPAN_FACTOR
from .limits import DocumentClock, is_out_of_memory, out_of_memory_is_a_limit
from .model import Document, Element, Layer, Page, TextSource
from .settings import Settings
from .elements.per_page import fallback_elements
from .stages import (classify, coverage, figure_captions, figure_context, figures, footnotes,
                     furniture, layout, math, stats, stitch, table_captions, tables, text_layer,
                     text_source)

log = logging.getLogger("layoutpdf")

# PyMuPDF is not thread-safe: every use of it (open, extract, render) holds the re-entrant
# extract.PYMUPDF_LOCK; the stages after extraction are pure Python and need no lock.

Stage = Callable[[Document, Settings], Document]
OCR_BUDGET_FACTOR = 4   # recognising a scanned page may take this many page time budgets

# The order of work, in one place. Each stage is (Document, Settings) -> Document, the `run`
# of the module in stages/ of the same name (its name is the one its issues carry).
STAGES: tuple[tuple[str, Stage], ...] = (
    ("text_layer", text_layer.run),  # pages with no usable text layer are flagged
    ("stats", stats.run),            # body size, line pitch: read by every later stage
    ("furniture", furniture.run),    # watermarks, running headers/footers, page numbers
    ("tables", tables.run),          # table regions and notes out of the prose flow
    ("figures", figures.run),        # figure regions (with their labels) before the prose flow
    ("layout", layout.run),          # columns, reading order, paragraph blocks
    ("classify", classify.run),      # title, headings, lists, captions, footnote blocks
    ("math", math.run),              # display equations and inline $...$ as LaTeX
    ("figure_captions", figure_captions.run),  # figure captions bound to figures (before stitch)
    ("table_captions", table_captions.run), # table captions bound; continued tables joined
    ("stitch", stitch.run),          # paragraphs cut by column and page breaks
    ("footnotes", footnotes.run),    # notes split, bound to their anchors by marker
    ("figure_context", figure_context.run),  # paragraphs mentioning each figure, and around it
    ("text_source", text_source.run),  # native / ocr / mixed, per element
    ("coverage", coverage.run),      # a text line no element holds is named in an Issue
)


def parse(source: Source, settings: Settings | Mapping[str, Any] | None = None, *,
          pages: Sequence[int] | None = None, password: str | None = None,
          progress: Callable[..., None] | None = None) -> Document:
    """Parse a PDF (path, bytes or binary file object) into a Document.

    pages: 0-based page indexes to read (default: all). Raises a LayoutPDFError subclass
    for input that cannot be read at all (see `layoutpdf.errors` for the full contract:
    OSError for an unreadable path, TypeError/ValueError for wrong arguments); per-page
    problems are recorded in `issues` and never raise unless `settings.strict`.
    progress: called after each page read as ``progress(done, total)``, or
    ``progress(done, total, ocr_pages)`` when it takes a third argument.
    """
    settings = Settings.resolve(settings)
    with gcpolicy.relaxed(), out_of_memory_is_a_limit(source, settings):
        doc = extract(source, settings, pages=pages, password=password, progress=progress)
        return run_stages(doc, settings)


def extract(source: Source, settings: Settings | Mapping[str, Any] | None = None, *,
            pages: Sequence[int] | None = None, password: str | None = None,
            progress: Callable[..., None] | None = None) -> Document:
    """Extraction only: the Document `run_stages` takes (pages with their raw lines,
    drawings and images; no elements yet). `parse` is this, then `run_stages`.

    Pages are independent here, so a long document can be extracted in page ranges by
    several processes and put back together with `join_parts`; ``run_stages`` on the result
    gives exactly what `parse` gives (the document-wide stages then see every page).
    """
    settings = Settings.resolve(settings)
    with gcpolicy.relaxed(), out_of_memory_is_a_limit(source, settings):
        with PYMUPDF_LOCK:
            return _read(source, source_name(source), settings, pages, password, progress)


def join_parts(parts: Sequence[Document]) -> Document:
    """Documents extracted (`extract`) from consecutive page ranges of one PDF, in order,
    as the one Document extracting all those pages at once gives.

    Each part carries the document-level issues found on opening (page None); they are
    kept once, then every part's page issues follow in page order.
    """
    if not parts:
        raise ValueError("join_parts needs at least one part")
    first = parts[0]
    pages = [p for part in parts for p in part.pages]
    if any(a.index >= b.index for a, b in zip(pages, pages[1:])):
        raise ValueError("parts must hold consecutive page ranges in page order")
    if any(part.source != first.source for part in parts):
        raise ValueError("parts come from different documents")
    issues = list(first.issues) + [i for part in parts[1:] for i in part.issues
                                   if i.page is not None]
    return replace(first, pages=tuple(pages), issues=tuple(issues))


def _read(source: Source, name: str, settings: Settings, pages: Sequence[int] | None,
          password: str | None, progress: Callable[..., None] | None) -> Document:
    pdf = open_pdf(source, password)
    try:
        issues: list[Issue] = open_issues(pdf)
        indexes = _page_indexes(pdf.page_count, pages, settings, name, issues)
        raw_pages = []
        outline = outline_by_page(pdf)
        report, ocr_pages = _reporter(progress), 0
        with DocumentClock(settings, name) as clock:   # OCR is paid from it too
            for n, i in enumerate(indexes):
                if clock.over(indexes[n:], issues):
                    break
                raw_pages.append(_extract(pdf, i, settings, issues, outline))
                ocr_pages += int(raw_pages[-1].text_source is not TextSource.NATIVE)
                if report:
                    report(n + 1, len(indexes), ocr_pages)
        return Document(source=name, metadata=pdf_metadata(pdf, name), pages=tuple(raw_pages),
                        issues=tuple(issues))
    finally:
        pdf.close()


def _reporter(progress: Callable[..., None] | None) -> Callable[[int, int, int], None] | None:
    """`progress(done, total)`, or `progress(done, total, ocr_pages)` when the callback takes
    a third argument: the pages read by OCR so far (slow pages; the CLI shows them)."""
    if progress is None:
        return None
    try:
        inspect.signature(progress).bind(0, 0, 0)
    except TypeError:
        return lambda done, total, _ocr: progress(done, total)
    except ValueError:   # no signature to read (a builtin): the documented two arguments
        return lambda done, total, _ocr: progress(done, total)
    return progress


def run_stages(doc: Document, settings: Settings | Mapping[str, Any] | None = None) -> Document:
    settings = Settings.resolve(settings)
    doc = _degrade_slow_pages(doc, "extract", settings)
    for stage_name, stage in STAGES:
        try:
            doc = stage(doc, settings)
        except (LayoutPDFError, MemoryError):
            raise
        except Exception as exc:  # a document-wide stage failed: keep what we have
            if settings.strict:
                raise PageProcessingError(f"stage {stage_name!r} failed on the document: "
                                          f"{type(exc).__name__}: {exc}") from exc
            log.warning("stage %s failed: %s", stage_name, exc)
            doc = replace(doc, issues=doc.issues + (Issue(stage_name, None, "stage_failed",
                                                          f"{type(exc).__name__}: {exc}"),))
        doc = _degrade_slow_pages(doc, stage_name, settings)
    return _check_body(doc)


def _check_body(doc: Document) -> Document:
    """A text layer that gave no body text at all is said, never silently empty."""
    chars = sum(len(ln.text.strip()) for p in doc.pages for ln in p.lines)
    if not chars or any(e.layer is Layer.BODY and e.text.strip() for e in doc.elements):
        return doc
    return replace(doc, issues=doc.issues + (Issue(
        "pipeline", None, "empty_body", f"the text layer holds {chars} characters but none came "
        "out as body text (all of it was taken for furniture or background); "
        "Document.to_markdown(layers=...) shows those layers"),))


# issue codes after which a page is degraded to plain text for the remaining stages
DEGRADE_CODES = ("slow_page", "too_many_spans", "too_much_text")


def _degrade_slow_pages(doc: Document, stage_name: str, settings: Settings) -> Document:
    """Pages over the time budget (a `slow_page` issue) or the span limit (`too_many_spans`)
    become plain text for the remaining stages.

    Work already done on the page is kept; its lines not yet placed in an element become
    one plain-text paragraph in simple reading order, and later stages skip the page.
    """
    marks = {i.page: i.code for i in doc.issues if i.code in DEGRADE_CODES and i.page is not None}
    targets = {p.index for p in doc.pages if p.index in marks and not p.fallback}
    if not targets:
        return doc
    budget = settings.limits.page_time_budget_s
    pages, elements, issues = [], list(doc.elements), list(doc.issues)
    for page in doc.pages:
        if page.index not in targets:
            pages.append(page)
            continue
        used = {lid for e in elements if e.page == page.index for lid in e.line_ids}
        rest = tuple(ln for ln in page.lines if ln.id not in used)
        _insert_page_elements(elements, page.index, fallback_elements(replace(page, lines=rest), []))
        pages.append(replace(page, fallback=True))
        if marks[page.index] == "slow_page":
            issues.append(Issue(stage_name, page.index, "time_budget",
                                f"page {page.index + 1} went over the time budget "
                                f"(limits.page_time_budget_s={budget}) in {stage_name!r}; the "
                                "remaining stages treat it as plain text in simple reading order"))
    return replace(doc, pages=tuple(pages), elements=tuple(elements), issues=tuple(issues))


def _insert_page_elements(elements: list[Element], page: int, new: list[Element]) -> None:
    """Insert after the page's last element (or before the next page's first)."""
    if not new:
        return
    mine = [n for n, e in enumerate(elements) if e.page == page]
    at = mine[-1] + 1 if mine else next((n for n, e in enumerate(elements) if e.page > page),
                                        len(elements))
    elements[at:at] = new


def _page_indexes(count: int, pages: Sequence[int] | None, settings: Settings, name: str,
                  issues: list[Issue]) -> list[int]:
    if pages is None:
        indexes = list(range(count))
    else:
        indexes = sorted({int(p) for p in pages})
        bad = [p for p in indexes if not 0 <= p < count]
        if bad:
            raise ValueError(f"{name}: page index {bad[0]} out of range (document has {count} pages, 0-based)")
    cap = settings.limits.max_pages
    if len(indexes) > cap:
        if settings.strict:
            raise ResourceLimitError(f"{name}: {len(indexes)} pages exceed limits.max_pages={cap}; "
                                     "raise the limit or pass pages=")
        issues.append(_max_pages_issue(len(indexes), cap))
        indexes = indexes[:cap]
    return indexes


def _max_pages_issue(n: int, cap: int) -> Issue:
    return Issue("extract", None, "max_pages", f"{n} pages requested but limits.max_pages={cap}; "
                 f"only the first {cap} were read (raise the limit or pass pages=)")


def _extract(pdf, index: int, settings: Settings, issues: list[Issue],
             outline: dict | None = None) -> Page:
    """One page as `extract_page` reads it, with the outline entries pointing at it."""
    page = _extract_raw(pdf, index, settings, issues)
    entries = (outline or {}).get(index, ())
    return replace(page, outline=entries) if entries else page


def _extract_raw(pdf, index: int, settings: Settings, issues: list[Issue]) -> Page:
    limits = settings.limits
    started = time.perf_counter()
    try:
        page = extract_page(pdf[index], index, settings, issues)
    except (LayoutPDFError, MemoryError):   # OCRUnavailableError under ocr.mode='always'
        raise
    except Exception as exc:  # a damaged page: keep its place, say why
        if is_out_of_memory(exc):
            raise MemoryError(str(exc)) from exc
        if settings.strict:
            raise PageProcessingError(f"extraction failed on page {index + 1}: "
                                      f"{type(exc).__name__}: {exc}") from exc
        issues.append(Issue("extract", index, "extract_failed", f"{type(exc).__name__}: {exc}"))
        return Page(index=index, width=0.0, height=0.0, fallback=True)
    elapsed = time.perf_counter() - started
    if page.drawings_truncated:
        issues.append(Issue("extract", index, "too_many_drawings",
                            f"more than {limits.max_drawings_per_page} vector paths "
                            "(limits.max_drawings_per_page); only the first ones are used and "
                            "tables are not looked for on this page"))
    nspans = sum(len(ln.spans) for ln in page.lines)
    if nspans > limits.max_spans_per_page:
        dropped = nspans >= limits.max_spans_per_page * DENSE_SPAN_FACTOR
        issues.append(Issue("extract", index, "too_many_spans",
                            f"more than {limits.max_spans_per_page} text spans "
                            "(limits.max_spans_per_page): the page is plain text in simple reading "
                            "order, without tables or columns"
                            + (f"; text after the first {nspans} spans is dropped" if dropped else "")))
    budget = limits.page_time_budget_s * (OCR_BUDGET_FACTOR if page.text_source is not TextSource.NATIVE else 1)
    if elapsed > budget:
        issues.append(Issue("extract", index, "slow_page",
                            f"extraction took {elapsed:.1f}s (budget {budget}s)"))
    return page


def iter_pages(source: Source, settings: Settings | Mapping[str, Any] | None = None, *,
               password: str | None = None, batch: int = 1) -> Iterable[Document]:
    """Parse page by page (bounded memory): yields one Document per page batch.

    Document-wide statistics (body size, running headers) are computed per batch, so a
    larger `batch` trades memory for context. The PDF stays open while the generator runs
    (close the generator, or exhaust it, to release it); a file object is read once, up
    front. `limits.max_pages` applies to the whole run (the first batch carries the issue).
    """
    settings = Settings.resolve(settings)
    if batch < 1:
        raise ValueError("batch must be at least 1")
    name = source_name(source)
    source = read_source(source)
    with PYMUPDF_LOCK:
        pdf = open_pdf(source, password)
    try:
        with PYMUPDF_LOCK:
            count, opened, metadata = pdf.page_count, open_issues(pdf), pdf_metadata(pdf, name)
            outline = outline_by_page(pdf)
        cap = settings.limits.max_pages
        note: list[Issue] = []
        if count > cap:
            if settings.strict:
                raise ResourceLimitError(f"{name}: {count} pages exceed limits.max_pages={cap}; "
                                         "raise the limit")
            note, count = [_max_pages_issue(count, cap)], cap
        for start in range(0, count, batch):
            issues = note + opened
            note = []
            with gcpolicy.relaxed():   # per batch too: not while the caller holds a page
                with PYMUPDF_LOCK:
                    pages = tuple(_extract(pdf, i, settings, issues, outline)
                                  for i in range(start, min(count, start + batch)))
                part = run_stages(Document(source=name, metadata=metadata, pages=pages,
                                           issues=tuple(issues)), settings)
            yield part
    finally:
        with PYMUPDF_LOCK:
            pdf.close()
