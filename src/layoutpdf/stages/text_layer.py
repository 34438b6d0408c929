"""Decide, per page, whether the text layer can be trusted, and say so when it cannot."""
from __future__ import annotations

from dataclasses import replace

from ..errors import Issue
from ..model import Document
from ..settings import Settings

UNMAPPED = "\ufffd"


def run(doc: Document, settings: Settings) -> Document:
    issues = list(doc.issues)
    for page in doc.pages:
        if page.fallback and not page.lines:
            continue
        chars = sum(len(ln.text.strip()) for ln in page.lines)
        covered = sum(im.bbox.area for im in page.images) / max(page.width * page.height, 1.0)
        if chars == 0 and page.images:
            issues.append(Issue("text_layer", page.index, "no_text_layer",
                                f"page {page.index + 1} is an image with no text layer (scanned?); "
                                "its text is missing unless OCR is enabled"))
        elif chars == 0 and page.drawings:
            issues.append(Issue("text_layer", page.index, "no_text",
                                f"page {page.index + 1} has drawings but no extractable text"))
        elif chars and covered > 0.8 and chars < 40:
            issues.append(Issue("text_layer", page.index, "sparse_text_on_image",
                                f"page {page.index + 1} is mostly an image with little text"))
        else:
            unmapped = sum(ln.text.count(UNMAPPED) for ln in page.lines)
            if chars and unmapped > 0.1 * chars:
                issues.append(Issue("text_layer", page.index, "unmapped_glyphs",
                                    f"page {page.index + 1}: {unmapped} of {chars} characters have "
                                    "no Unicode mapping (broken font encoding)"))
    return replace(doc, issues=tuple(issues))
