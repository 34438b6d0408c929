"""The PDF's outline as evidence for headings (read by furniture and classify).

pdflatex with hyperref, office suites and most publishers write an outline entry for each
heading, pointing at the page the heading starts on. A line of that page reading as the
entry's title is that heading: never a running header (a section title repeated in the
top rows of the next pages has the same words), and it nests as the outline nests it.
Titles are compared with their section numbers left out, since outlines hold them or not
as the class decides ('Foo' in the outline for '1 Foo' on the page).
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from ..model import Layer, Line, Page

# a leading section number: '1', '2.3', '2.3.', 'IV.', 'A.' (a letter or a Roman numeral needs
# its point: 'A Short Report' keeps its 'A')
_NUMBER = re.compile(r"^(?:\d+(?:\.\d+)*\.?|[IVXLC]+\.|[A-Z]\.)\s+")
_EDGE_PUNCT = " .:;,\u2013\u2014-"


@lru_cache(maxsize=4096)
def title_key(text: str) -> str:
    """The words of a heading as an outline and a page both spell them: case, spacing,
    ligatures and a leading section number folded away."""
    t = " ".join(unicodedata.normalize("NFKC", text).split())
    t = _NUMBER.sub("", t)
    return t.strip(_EDGE_PUNCT).casefold()


def page_titles(page: Page) -> dict[str, int]:
    """Title key -> outline level of the entries pointing at this page (the shallowest,
    when two entries share a title)."""
    out: dict[str, int] = {}
    for entry in page.outline:
        key = title_key(entry.title)
        if key and (key not in out or entry.level < out[key]):
            out[key] = entry.level
    return out


def heading_lines(page: Page) -> set[str]:
    """Ids of the lines of the page that are its outline's headings. Where a title reads
    on several lines of the page (a running header above the heading it repeats), the
    lowest is the heading: a running header sits above the text it accompanies."""
    titles = page_titles(page)
    if not titles:
        return set()
    found: dict[str, Line] = {}
    for ln in page.lines:
        key = title_key(ln.text)
        if key in titles and (key not in found or ln.bbox.y0 > found[key].bbox.y0):
            found[key] = ln
    return {ln.id for ln in found.values()}


def unmark_headings(marks: dict[str, tuple], headings: set[str]) -> None:
    """The furniture stage's marks (line id -> (role, layer, why)) less those of the lines
    the outline names as headings: no furniture, however much they look like a running
    header."""
    for lid in headings:
        if lid in marks and marks[lid][1] is Layer.FURNITURE:
            del marks[lid]
