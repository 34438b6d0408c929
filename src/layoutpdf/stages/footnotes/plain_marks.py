"""Note marks that lost their raise: a document converted without its superscripts (or a
producer that never set them) prints the note number glued to the end of the word it
follows, on the baseline, in the text's own size ('evaluation1.'). Such a mark is read
only for a page-foot note that no raised mark answered, and only when its page holds
exactly one word glued to that number (a lowercase word of three letters or more, then
the number, then punctuation or a space) and the document never uses that token again:
'covid19' twice is a name, 'ACE2005' is not a lowercase word.
"""
from __future__ import annotations

import re
from collections import Counter

from ...model import Element, Line, Span

_GLUED = r"(?<![\w.\-/])([a-z]{{3,}})({n})(?=[.,;:!?)]|\s|$)"


def plain_marks(unanswered: list[tuple[int, str, int]], elements: list[Element],
                lines: dict[str, Line]) -> list[tuple[int, Element, int, Span | None]]:
    """(note index, element, offset of the number in its text, the span holding it) for
    each note of `unanswered` (index, marker, page) whose page has one glued mark."""
    out = []
    for k, marker, page in unanswered:
        if not marker.isdigit():
            continue
        pattern = re.compile(_GLUED.format(n=re.escape(marker)))
        found = [(e, m) for e in elements if _on(e, page) for m in pattern.finditer(e.text)]
        if len(found) != 1:
            continue                    # (the document is read for the token only then)
        tokens = Counter(m.group(0) for e in elements for m in pattern.finditer(e.text))
        if tokens[found[0][1].group(0)] != 1:
            continue
        e, m = found[0]
        out.append((k, e, m.start(2), _span_of(e, m.group(0), lines)))
    return out


def _on(e: Element, page: int) -> bool:
    return e.page == page or any(r.page == page for r in e.continuation)


def _span_of(e: Element, token: str, lines: dict[str, Line]) -> Span | None:
    for i in e.line_ids:
        ln = lines.get(i)
        for sp in ln.spans if ln is not None else ():
            if token in sp.text:
                return sp
    return None
