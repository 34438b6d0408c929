"""The text_layer stage: can the text layer be trusted? Each page's assessment
(`text.quality.assess`, also read by extraction to decide whether to OCR a page) becomes
an issue, so no page is ever silently empty (the `text_source` stage, last, copies each
page's OCR decision onto its elements).
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import Issue
from ..model import Document, Page, TextSource
from ..settings import Settings
from ..text.quality import TextLayerReport, assess


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
