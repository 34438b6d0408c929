"""Body text at the foot of 10-K pages printed from HTML stays body (issue 39 F, issue 36;
`filings_furniture_pdfs`): the page number stands right under each page's content, at a
different height on every page, so one page's number at some height makes no running
zone there (a short item's "None." is no footer), and a row of amounts at the foot of a
full sheet is no page number. The same failures on the real filings are in
integration_tests/test_filing_furniture_corpus.py (Netflix 2017 page 32, Pfizer 2023 Q2
page 46); these pages reproduce them without the corpus. A contents page's last row
(Netflix page 1) is one more such row, its page reference the last of a column of them."""
from __future__ import annotations

import pytest

import layoutpdf
from layoutpdf.model import Layer, Role

from filings_furniture_pdfs import CONTENTS, FOOT_ROW, ITEM_HEADING, RUNNING_HEAD, printed_filing_pdf


@pytest.fixture(scope="module")
def parsed():
    data, where = printed_filing_pdf()
    return layoutpdf.parse(data), where


def _layer(doc, page: int, layer: Layer) -> list:
    return [e for e in doc.elements if e.page == page and e.layer is layer]


def test_none_under_a_short_item_at_the_foot_of_a_page_stays_body(parsed):
    """'None.' stands where another page's number stood, set apart by white space in the
    page's bottom band: one page is no running zone."""
    doc, where = parsed
    page, _, _ = where["none"]
    assert [e.text for e in _layer(doc, page, Layer.FURNITURE)] == [RUNNING_HEAD, str(where["numbers"][page])]
    body = " ".join(e.text for e in _layer(doc, page, Layer.BODY))
    assert "None." in body and ITEM_HEADING[1] in body


def test_every_page_number_stays_furniture(parsed):
    """The page numbers, the one at the height of 'None.' and the one printed on the sheet
    after the full one included, are still page numbers."""
    doc, where = parsed
    for page, number in where["numbers"].items():
        roles = {e.text: e.role for e in _layer(doc, page, Layer.FURNITURE)}
        assert roles.get(str(number)) is Role.PAGE_NUMBER, page
        assert roles.get(RUNNING_HEAD) is Role.PAGE_HEADER, page


def test_a_row_of_amounts_at_the_foot_of_a_full_sheet_is_no_page_number(parsed):
    """The sheet has no page number of its own (it went to the next sheet with the rest
    of the HTML page); the amounts in its last rows are table cells."""
    doc, where = parsed
    page = where["amounts"]
    assert [e.text for e in _layer(doc, page, Layer.FURNITURE)] == [RUNNING_HEAD]
    cells = [c for t in doc.tables if t.page == page for r in t.rows for c in r]
    body = " ".join([e.text for e in _layer(doc, page, Layer.BODY)] + cells)
    for amount in FOOT_ROW[1]:
        if amount != "$":
            assert amount in body.split(), amount


def test_the_last_row_of_the_contents_is_no_footer(parsed):
    """'Item 15.' under 'PART IV' ends the contents on a sheet without a page number, set
    apart by white space, at the height of one other page's number: no running zone."""
    doc, where = parsed
    page = where["contents"]
    assert CONTENTS[-1][0] not in [e.text for e in _layer(doc, page, Layer.FURNITURE)]
    assert CONTENTS[-1][0] in " ".join(e.text for e in _layer(doc, page, Layer.BODY))


def test_the_last_row_of_the_contents_keeps_its_title_and_page_reference(parsed):
    """'36' ends the column of page references right-aligned above it, each beside its
    item's title: a reference, not the page number of a sheet that has none (nor the
    title beside it a running footer), though it stands in the bottom rows."""
    doc, where = parsed
    page = where["contents"]
    assert [e.text for e in _layer(doc, page, Layer.FURNITURE)] == [RUNNING_HEAD]
