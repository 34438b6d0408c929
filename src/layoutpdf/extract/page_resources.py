"""What MuPDF lists of a page's resource dictionary (its images, its fonts), read once per
dictionary and document.

MuPDF builds `page.get_images()` and `page.get_fonts()` by walking the page's /Resources
(inherited from the page tree when the page has none). The pages of a filing often hold
one shared resource dictionary, an indirect object naming every image and font of the
document: each page then walks all of them again. Pages holding the same dictionary get
the same lists, so the lists are kept on the document by the dictionary's reference.
"""
from __future__ import annotations

import re
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


def images_only_by_name(doc: pymupdf.Document, page: pymupdf.Page) -> bool:
    """True when the page's resource dictionary (a shared indirect one) lets no image be
    painted but by name (a `Do`) or inline (`BI`): no pattern, no soft mask (a group
    painted with no `Do`), no Type3 font (whose glyphs may hold images). False when not
    sure; kept per dictionary."""
    try:
        kind, ref = doc.xref_get_key(page.xref, "Resources")
    except Exception:
        return False
    if kind != "xref":
        return False
    known = document_memo(doc, "images_only_by_name")
    if ref not in known:
        try:
            known[ref] = _no_hidden_painters(doc, int(ref.split()[0])) and not any(
                f[2] == "Type3" for f in page_fonts(doc, page))
        except Exception:   # anything unexpected: not sure
            known[ref] = False
    return known[ref]


def _no_hidden_painters(doc: pymupdf.Document, resources: int) -> bool:
    kind, value = doc.xref_get_key(resources, "Pattern")
    if kind != "null" and not (kind == "dict" and "/" not in value):
        return False                 # patterns (an empty dictionary is none)
    kind, value = doc.xref_get_key(resources, "ExtGState")
    if kind == "null":
        return True
    if kind != "dict" or "<<" in value.strip()[2:]:
        return False                 # not one reference per graphics state: not sure
    for xref in re.findall(r"(\d+)\s+\d+\s+R", value):
        mask_kind, mask = doc.xref_get_key(int(xref), "SMask")
        if mask_kind != "null" and mask != "/None":
            return False
    return True
