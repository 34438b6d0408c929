"""Body lines in a filing's outer rows that read like its furniture stay body (issue 39 F,
issue 36; `filings_furniture_places_pdfs`):

- running text repeats at the same place on its pages: a bare "x" of a cover's checkbox row,
  left of the middle, is no page number because bare numbers stand centred at the foot of
  the other sheets, and a contents sheet's centred title "TABLE OF CONTENTS" is no running
  link "Table of Contents", which stands at the top left of the other sheets
  (stages/furniture/stage._mark_running);
- a column of page references counting up by one at the far right of an index's rows is no
  column of line numbers: a line number stands in the margin beside the line it numbers,
  not across the measure from it (stages/furniture/line_numbers._beside_text).

Before, all three went out as furniture (a page number, a running header, line numbers)."""
from __future__ import annotations

import pytest

import layoutpdf
from layoutpdf.model import Layer, Role

from filings_furniture_places_pdfs import CONTENTS, COVER, INDEX, RUNNING_HEAD, places_filing_pdf


@pytest.fixture(scope="module")
def parsed():
    data, body = places_filing_pdf()
    return layoutpdf.parse(data), body


def _furniture(doc, page):
    return [e.text for e in doc.elements if e.page == page and e.layer is not Layer.BODY]


def test_a_checkbox_mark_is_no_page_number(parsed):
    doc, body = parsed
    assert "x" not in _furniture(doc, COVER)
    assert _furniture(doc, COVER) == []


def test_a_contents_title_is_no_running_header(parsed):
    doc, body = parsed
    assert _furniture(doc, CONTENTS) == []
    text = " ".join(e.text for e in doc.elements if e.page == CONTENTS and e.layer is Layer.BODY)
    assert "TABLE OF CONTENTS" in text


def test_page_references_of_an_index_are_no_line_numbers(parsed):
    doc, body = parsed
    assert not any(e.role is Role.LINE_NUMBER for e in doc.elements)
    assert _furniture(doc, INDEX) == [RUNNING_HEAD, str(INDEX - 1)]


def test_the_running_furniture_still_goes(parsed):
    doc, body = parsed
    for page in range(CONTENTS + 1, len(doc.pages)):
        assert _furniture(doc, page) == [RUNNING_HEAD, str(page - 1)], page
