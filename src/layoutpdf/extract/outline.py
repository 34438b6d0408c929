"""The PDF's outline (bookmarks), read once per document and handed to each page.

An outline is the author's (or the typesetter's: pdflatex with hyperref writes one for
every sectioning command) own list of headings with the page each starts on. The stages
read it as evidence that a line is a heading: never a running header, and nested as the
outline nests it.
"""
from __future__ import annotations

import logging

import pymupdf

from ..model import OutlineEntry

log = logging.getLogger("layoutpdf")


def outline_by_page(pdf: pymupdf.Document) -> dict[int, tuple[OutlineEntry, ...]]:
    """0-based page index -> the outline entries pointing at it, in outline order.
    Entries pointing nowhere (external links, named destinations that do not resolve) are
    left out; a damaged outline gives none rather than failing the document."""
    try:
        toc = pdf.get_toc(simple=True)
    except Exception as exc:      # a broken /Outlines tree: read the pages without it
        log.debug("outline not read: %s", exc)
        return {}
    pages: dict[int, list[OutlineEntry]] = {}
    for item in toc:
        level, title, number = item[0], item[1], item[2]
        title = " ".join(str(title or "").split())
        if title and isinstance(number, int) and 1 <= number <= pdf.page_count:
            pages.setdefault(number - 1, []).append(OutlineEntry(level=int(level), title=title))
    return {index: tuple(entries) for index, entries in pages.items()}
