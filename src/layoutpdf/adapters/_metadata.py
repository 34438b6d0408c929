"""Metadata both adapters put on a page (or whole-file) Document: page, label, totals,
issues, text source, the PDF's document-info keys as LangChain's PyMuPDFLoader gives them,
and the names of the hidden keys that carry layoutpdf's own data."""
from __future__ import annotations

import datetime as _dt
import json
import re
from typing import Any, Mapping

from ..model import Document, TextSource
from ._pages import PageText

PROVENANCE_KEY = "layoutpdf_units"      # hidden metadata: provenance of the text's units
ISSUES_KEY = "layoutpdf_issues"
TEXT_SOURCE_KEY = "text_source"
# Page documents: headings in force where the page starts, JSON [[level, text], ...].
HEADINGS_KEY = "layoutpdf_headings_at_start"
# The notes written in the text that are endnotes (kind "endnote"), JSON [id, ...]; only
# when there are some: a chunk's `footnote_ids` found here are endnotes.
ENDNOTES_KEY = "layoutpdf_endnote_ids"
_DEFINITION = re.compile(r"^\[\^([^\]\n]+)\]: ", re.M)


def page_label(doc: Document, page: int) -> str:
    for p in doc.pages:
        if p.index == page:
            return p.label or str(page + 1)
    return str(page + 1)


def total_pages(doc: Document) -> int:
    n = doc.metadata.get("page_count")
    return int(n) if isinstance(n, int) else len(doc.pages)


def issue_count(doc: Document, page: int | None) -> int:
    """Issues of the page, and those of the whole document (page None), which hold for
    every page (an empty body, a repaired file)."""
    if page is None:
        return len(doc.issues)
    return sum(1 for i in doc.issues if i.page == page or i.page is None)


def text_source(doc: Document, page: int | None) -> str:
    kinds = {p.text_source for p in doc.pages if page is None or p.index == page}
    if not kinds:
        return TextSource.NATIVE.value
    if len(kinds) == 1:
        return next(iter(kinds)).value
    return TextSource.MIXED.value


def part_metadata(doc: Document, part: PageText) -> dict[str, Any]:
    """Keys both adapters share: page (0-based), page_label, total_pages, issues, text source."""
    meta: dict[str, Any] = {}
    if part.page is not None:
        meta["page"] = part.page
        meta["page_label"] = page_label(doc, part.page)
    meta["total_pages"] = total_pages(doc)
    meta[ISSUES_KEY] = issue_count(doc, part.page)
    meta[TEXT_SOURCE_KEY] = text_source(doc, part.page)
    endnotes = endnote_ids(doc, part.text)
    if endnotes:
        meta[ENDNOTES_KEY] = json.dumps(endnotes, ensure_ascii=False)
    return meta


def endnote_ids(doc: Document, text: str) -> list[str]:
    """Ids of the endnotes whose definitions (`[^id]: `) the text holds, in text order."""
    kinds = {fn.id: fn.kind for fn in doc.footnotes}
    if "endnote" not in kinds.values():
        return []
    return [i for i in dict.fromkeys(_DEFINITION.findall(text)) if kinds.get(i) == "endnote"]


_PDF_INFO_KEYS = ("format", "title", "author", "subject", "keywords", "creator", "producer",
                  "creationDate", "modDate", "trapped")


def _iso_date(value: str) -> str:
    """PDF date 'D:20090401163925-07'00'' -> ISO 8601, as langchain's PDF parsers write it."""
    try:
        return _dt.datetime.strptime(value.replace("'", ""), "D:%Y%m%d%H%M%S%z").isoformat("T")
    except ValueError:
        return value


def pdf_info(doc: Document) -> dict[str, Any]:
    """The document-info keys LangChain's PyMuPDFLoader puts on every Document."""
    md = doc.metadata
    info: dict[str, Any] = {k: _stripped(_flat(md.get(k, ""))) for k in _PDF_INFO_KEYS}
    info["creationdate"] = _iso_date(info["creationDate"]) if info["creationDate"] else ""
    info["moddate"] = _iso_date(info["modDate"]) if info["modDate"] else ""
    if md.get("encryption"):
        info["encryption"] = _flat(md["encryption"])
    return info


def _stripped(value: Any) -> Any:
    """Document-info strings without surrounding whitespace, as PyMuPDFLoader gives them."""
    return value.strip() if isinstance(value, str) else value


def _flat(value: Any) -> Any:
    if value is None or isinstance(value, (str, int, float)):
        return value
    return str(value)


def flat_metadata(meta: Mapping[str, Any]) -> dict[str, Any]:
    """Values as str/int/float/bool/None; anything else becomes compact JSON (or str)."""
    out = {}
    for k, v in meta.items():
        if v is None or isinstance(v, (str, int, float)):
            out[k] = v
        else:
            try:
                out[k] = json.dumps(v, separators=(",", ":"), ensure_ascii=False, default=str)
            except (TypeError, ValueError):
                out[k] = str(v)
    return out
