"""Running a stage page by page with each page isolated: a page that fails becomes an
Issue and a plain-text fallback (`fallback_elements`), never a failed document. The
pipeline degrades pages over their time budget with the same fallback."""
from __future__ import annotations

import logging
import time
from dataclasses import replace
from typing import Callable

from ..errors import Issue, PageProcessingError
from ..model import BBox, Document, Element, Layer, Page, Role
from ..settings import Settings
from .ids import element_id

log = logging.getLogger("layoutpdf")

PageFn = Callable[[Document, Page, list[Element], Settings], tuple[Page, list[Element]]]


def per_page(stage: str, fn: PageFn, doc: Document, settings: Settings) -> Document:
    """Run fn on every page; a failing page becomes an Issue and a plain-text fallback."""
    by_page: dict[int, list[Element]] = {p.index: [] for p in doc.pages}
    for e in doc.elements:
        by_page.setdefault(e.page, []).append(e)
    pages, elements, issues = [], [], list(doc.issues)
    for page in doc.pages:
        current = by_page.get(page.index, [])
        if page.fallback:
            pages.append(page)
            elements.extend(current)
            continue
        started = time.perf_counter()
        try:
            new_page, new_elems = fn(doc, page, current, settings)
        except Exception as exc:  # isolation: one bad page never stops the document
            if settings.strict:
                raise PageProcessingError(f"stage {stage!r} failed on page {page.index + 1}: {exc}") from exc
            log.warning("stage %s failed on page %d: %s", stage, page.index + 1, exc)
            issues.append(Issue(stage, page.index, "stage_failed", f"{type(exc).__name__}: {exc}"))
            new_page, new_elems = replace(page, fallback=True), fallback_elements(page, current)
        elapsed = time.perf_counter() - started
        if elapsed > settings.limits.page_time_budget_s:
            issues.append(Issue(stage, page.index, "slow_page",
                                f"stage took {elapsed:.1f}s (budget {settings.limits.page_time_budget_s}s)"))
        pages.append(new_page)
        elements.extend(new_elems)
    return replace(doc, pages=tuple(pages), elements=tuple(elements), issues=tuple(issues))


def fallback_elements(page: Page, existing: list[Element]) -> list[Element]:
    """Plain text of the page in simple top-to-bottom, left-to-right order."""
    kept = [e for e in existing if e.layer is not Layer.BODY]
    used = {lid for e in kept for lid in e.line_ids}
    lines = sorted((ln for ln in page.lines if ln.id not in used),
                   key=lambda ln: (round(ln.bbox.y0), ln.bbox.x0))
    if not lines:
        return kept
    text = "\n".join(ln.text.strip() for ln in lines if ln.text.strip())
    bbox = BBox.union_all(ln.bbox for ln in lines)
    return kept + [Element(id=element_id(page.index, bbox, text), role=Role.PARAGRAPH,
                           layer=Layer.BODY, page=page.index, bbox=bbox, text=text,
                           line_ids=tuple(ln.id for ln in lines), reasons=("fallback",))]
