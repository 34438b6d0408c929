"""What MuPDF lists of a page's resource dictionary (its images, its fonts), read once per
dictionary and document.

MuPDF builds `page.get_images()` and `page.get_fonts()` by walking the page's /Resources
(inherited from the page tree when the page has none). The pages of a filing often hold
one shared resource dictionary, an indirect object naming every image and font of the
document: each page then walks all of them again. Pages holding the same dictionary get
the same lists, so the lists are kept on the document by the dictionary's reference.
"""
from __future__ import annotations

from typing import Callable

import pymupdf

_MEMO_ATTR = "layoutpdf_resource_memo"


def document_memo(doc: pymupdf.Document, name: str) -> dict:
    """A dictionary kept on the document under `name` (facts about its shared objects)."""
    memo = getattr(doc, _MEMO_ATTR, None)
    if memo is None:
        memo = {}
        setattr(doc, _MEMO_ATTR, memo)
    return memo.setdefault(name, {})


def page_images(doc: pymupdf.Document, page: pymupdf.Page) -> list:
    """`page.get_images(full=True)`."""
    return _listed(doc, page, "images", lambda: page.get_images(full=True))


def page_fonts(doc: pymupdf.Document, page: pymupdf.Page) -> list:
    """`page.get_fonts()`."""
    return _listed(doc, page, "fonts", page.get_fonts)


def _listed(doc: pymupdf.Document, page: pymupdf.Page, what: str, read: Callable[[], list]) -> list:
    try:
        kind, ref = doc.xref_get_key(page.xref, "Resources")
    except Exception:      # a damaged page object: MuPDF answers for it as it can
        kind = ref = ""
    if kind != "xref":     # the page's own dictionary, or one inherited: asked as it is
        return read()
    known = document_memo(doc, what)
    if ref not in known:
        known[ref] = read()
    return known[ref]
