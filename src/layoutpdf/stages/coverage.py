"""Every line of the text layer reaches the user, or the document says which did not.

Run last. Each stage relabels lines into elements (body, furniture, background; a figure's
own words are its text; a formula's glyphs its LaTeX) and never deletes one, so every
non-blank line of a page is held by some element. A line held by none is text the reader
and the index would never see: this stage names each such page in an Issue
(`text_dropped`), with the count and the first words, instead of losing it in silence.
"""
from __future__ import annotations

from ..errors import Issue
from ..model import Document
from ..settings import Settings

SAMPLE_CHARS = 60      # how much of the dropped text the message quotes


def run(doc: Document, settings: Settings) -> Document:
    held = {lid for e in doc.elements for lid in e.line_ids}
    issues = []
    for page in doc.pages:
        if page.fallback:
            continue                          # the page is its plain text already
        lost = [ln for ln in page.lines if ln.id not in held and ln.text.strip()]
        if not lost:
            continue
        words = sum(len(ln.text.split()) for ln in lost)
        sample = " ".join(ln.text.strip() for ln in lost)[:SAMPLE_CHARS]
        issues.append(Issue("coverage", page.index, "text_dropped",
                            f"page {page.index + 1}: {len(lost)} text lines ({words} words) reached "
                            f"no element and are missing from the output: {sample!r}"))
    if not issues:
        return doc
    return doc.with_(issues=doc.issues + tuple(issues))
