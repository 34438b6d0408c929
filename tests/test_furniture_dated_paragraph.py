"""A paragraph at the foot of a page whose last line names a date is body, not a dated
footer (issue 39, issue 36; `furniture_dated_paragraph_pdfs`, General Mills' 2020 10-K page
72): the short line "$4.7 million as of May 31, 2020." ends the sentence that the full
line above it begins, so it is no footer line, and the lines above do not "continue" one
(stages/furniture/outer_rows.furniture_kind). Before, the three lines went out as furniture
with no Issue."""
from __future__ import annotations

import layoutpdf
from layoutpdf.model import Layer

from furniture_dated_paragraph_pdfs import dated_paragraph_pdf


def test_a_paragraph_ending_on_a_date_stays_body():
    data, page, lines = dated_paragraph_pdf()
    doc = layoutpdf.parse(data)
    body = " ".join(e.text for e in doc.elements if e.page == page and e.layer is Layer.BODY)
    assert all(text in body for text in lines), body[-300:]
    furniture = [e.text for e in doc.elements if e.page == page and e.layer is Layer.FURNITURE]
    assert furniture == [str(page + 70)]
