"""Can the text layer be trusted? The `text_layer` stage turns each page's assessment
(`text.quality.assess`, also read by extraction to decide whether to OCR a page) into
issues, so no page is ever silently empty; the `text_source` stage copies each page's
decision onto its elements.
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import Issue
from ..model import Document, Element, Page, TextSource
from ..settings import Settings
from ..text.quality import TextLayerReport, assess, is_ocr_line


# -- the text_layer stage: issues ------------------------------------------------------------
def run(doc: Document, settings: Settings) -> Document:
    issues = list(doc.issues)
    for page in doc.pages:
        if page.fallback and not page.lines:
            continue
        issue = _page_issue(page, assess(page), settings)
        if issue is not None:
            issues.append(issue)
    return replace(doc, issues=tuple(issues))


def _page_issue(page: Page, report: TextLayerReport, settings: Settings) -> Issue | None:
    n = page.index + 1
    if page.text_source is not TextSource.NATIVE:
        if report.chars == 0:
            return Issue("text_layer", page.index, "ocr_no_text",
                         f"page {n}: OCR found no text (blank page, a picture, or a language "
                         f"missing from ocr.languages={'+'.join(settings.ocr.languages)})")
        return None
    why = {"never": "OCR is off (ocr.mode='never')"}.get(settings.ocr.mode,
                                                          "OCR did not run (see the ocr issue)")
    if report.chars == 0 and page.images:
        return Issue("text_layer", page.index, "no_text_layer",
                     f"page {n} is an image with no text layer (scanned?); its text is missing: {why}")
    if report.chars == 0 and page.drawings:
        return Issue("text_layer", page.index, "no_text",
                     f"page {n} has drawings but no extractable text (text drawn as outlines?)")
    if report.chars == 0:
        return Issue("text_layer", page.index, "empty_page", f"page {n} has no text and no images")
    if report.is_scan:
        return Issue("text_layer", page.index, "sparse_text_on_image",
                     f"page {n} is mostly an image with little text ({report.usable} characters); {why}")
    if report.is_garbled:
        return Issue("text_layer", page.index, "garbled_text_layer",
                     f"page {n}: {report.garbled} of {report.chars} characters have no usable "
                     f"Unicode mapping (broken font encoding, e.g. no ToUnicode map); {why}")
    return None


# -- the text_source stage: each element says where its text came from ------------------
def tag_elements(doc: Document, settings: Settings) -> Document:
    """Copy the page decision onto elements; on mixed pages decide by the element's lines."""
    source = {p.index: p.text_source for p in doc.pages}
    if all(s is TextSource.NATIVE for s in source.values()):
        return doc
    elements = [_tag(e, source) for e in doc.elements]
    return replace(doc, elements=tuple(elements))


def _tag(e: Element, source: dict[int, TextSource]) -> Element:
    pages = {e.page} | {r.page for r in e.continuation}
    kinds = {source.get(p, TextSource.NATIVE) for p in pages}
    if kinds == {TextSource.MIXED} or TextSource.MIXED in kinds:
        ocr = {is_ocr_line(lid) for lid in e.line_ids}
        kinds = (kinds - {TextSource.MIXED}) | {TextSource.OCR if o else TextSource.NATIVE for o in ocr}
    kind = next(iter(kinds)) if len(kinds) == 1 else TextSource.MIXED   # none or several
    return e if kind is e.text_source else replace(e, text_source=kind)
