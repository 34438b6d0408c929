"""A page number printed right under an HTML page's content (issue 39 F).

EDGAR's converters print each HTML page's number right under that page's content, so it
stands at a different height on every sheet: on a short page far above the paper's bottom
band, on a full one astride the band's edge, where the rules for running text
(`stage._edges`, the bands of `content_box`) do not look. Such a number still counts the
pages. The page's last row is its number wherever it stands when it is a bare number alone
on its row, set apart from the row above by more white space than a line's pitch, and
keeping the page offset that the numbers in the bands prove (`stage._PageSequence.keeps`:
a figure that happens to be a number is not that page's number plus the offset).
"""
from __future__ import annotations

from ...model import Document, Layer, Role
from .outer_rows import PageLines

REASON = "page number as the page's last row, counting the pages"


def mark_last_row_folios(doc: Document, lines: PageLines, marks: dict, sequence) -> None:
    for page in doc.pages:
        rows = lines.rows(page, marks)
        if len(rows) < 2:
            continue
        (row, top, _), (_, _, above) = rows[-1], rows[-2]
        if len(row) == 1 and top - above > lines.pitch and sequence.keeps(row[0], page.index):
            marks[row[0].id] = (Role.PAGE_NUMBER, Layer.FURNITURE, REASON)
