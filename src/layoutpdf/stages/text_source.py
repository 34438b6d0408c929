"""The text_source stage, run last: each element says where its text came from (native
text layer, OCR, or both), copied from its page's decision; on a page read both ways the
element's own lines decide. Reads pages' `text_source` and elements' line ids; writes
`Element.text_source`."""
from __future__ import annotations

from dataclasses import replace

from ..model import Document, Element, TextSource
from ..settings import Settings
from ..text.quality import is_ocr_line


def run(doc: Document, settings: Settings) -> Document:
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
