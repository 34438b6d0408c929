"""Body lines in a filing's outer rows that read like its furniture stay body (issue 39 F,
issue 36; `filings_furniture_places_pdfs`):

- running text repeats at the same place on its pages: a bare "x" of a cover's checkbox row,
  left of the middle, is no page number because bare numbers stand centred at the foot of
  the other sheets, and a contents sheet's centred title "TABLE OF CONTENTS" is no running
  link "Table of Contents", which stands at the top left of the other sheets
  (stages/furniture/places.repeating_at_one_place, for stage._mark_running);
- a column of page references counting up by one at the far right of an index's rows is no
  column of line numbers: a line number stands in the margin beside the line it numbers,
  not across the measure from it (stages/furniture/line_numbers._beside_text).

Before, all three went out as furniture (a page number, a running header, line numbers).

And page numbers outside the bands are furniture when they count the pages: after a sheet
that shows no number, carrying on the count (page_sequence.PageSequence.continues), and close under
notes set smaller than the body (last_folio._pitch_of). Before, they stayed in the text."""
from __future__ import annotations

import pytest

import layoutpdf
from layoutpdf.model import Layer, Role

from filings_furniture_places_pdfs import (CONTENTS, COVER, INDEX, NOTED, RUNNING_HEAD, noted_folio_pdf,
                                            places_filing_pdf, shifted_count_pdf)


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


def test_a_count_shifted_by_an_unnumbered_sheet_keeps_its_numbers():
    """After a sheet that shows no number (an HTML page run onto the next sheet), the page
    numbers count one less than the sheet's place; full sheets show that at the place of
    every page number, so a short sheet's number, its last row above the bottom band,
    counts the pages too (stages/furniture/page_sequence.PageSequence.continues, last_folio)."""
    data, numbers = shifted_count_pdf()
    doc = layoutpdf.parse(data)
    furniture = {p: [e.text for e in doc.elements if e.page == p and e.layer is not Layer.BODY]
                 for p in range(len(doc.pages))}
    assert {p: n for p, n in numbers.items() if n not in furniture[p]} == {}
    assert all(f == [RUNNING_HEAD] for p, f in furniture.items() if p not in numbers)


def test_a_page_number_close_under_the_notes_is_furniture():
    """The notes closing a page are set smaller, their lines closer: a page number under them
    with more white space than their line pitch (less than the body's) is set apart from
    them, the page's last row counting the pages (stages/furniture/last_folio._pitch_of)."""
    data, numbers = noted_folio_pdf()
    doc = layoutpdf.parse(data)
    furniture = {p: [e.text for e in doc.elements if e.page == p and e.layer is not Layer.BODY]
                 for p in range(len(doc.pages))}
    assert furniture == {p: [n] for p, n in numbers.items()}
    body = " ".join(e.text for e in doc.elements if e.page == NOTED and e.layer is Layer.BODY)
    assert "Derivative Instruments, for additional information." in body
