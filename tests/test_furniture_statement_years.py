"""A statement's column header of fiscal years at the top of every page is no page number
(issue 39 F, issue 36; `statement_years_pdfs`). The years stand in the top rows at the
same place on every page, outside any table, so taking one for furniture loses a word.
Their values happen to count with the pages across columns ("2021" on the first page,
"2022" on the second: one offset, printed number minus page index); a page number keeps
its count at one place on the page (or its mirror, on facing pages), so numbers agreeing
on an offset from different columns prove no page count."""
from __future__ import annotations

import pytest

import layoutpdf
from layoutpdf.model import Layer, Role

from statement_years_pdfs import YEARS, statement_years_pdf


@pytest.fixture(scope="module", params=[2, 3], ids=["two years", "three years"])
def parsed(request):
    data, numbers = statement_years_pdf(years=request.param)
    return layoutpdf.parse(data), numbers, YEARS[:request.param]


def test_the_years_over_the_amount_columns_stay_body(parsed):
    """Every page's header years are body words (a paragraph may carry a page's first
    rows back to the page before it: the words are counted over the document)."""
    doc, numbers, years = parsed
    furniture = [(e.page, e.text) for e in doc.elements if e.layer is Layer.FURNITURE]
    words = " ".join(e.text for e in doc.elements if e.layer is Layer.BODY).split()
    for year in years:
        assert [f for f in furniture if f[1] == year] == [], year
        assert words.count(year) == len(numbers), year


def test_the_page_numbers_stay_page_numbers(parsed):
    doc, numbers, _ = parsed
    for page, number in enumerate(numbers):
        roles = {e.text: e.role for e in doc.elements if e.page == page and e.layer is Layer.FURNITURE}
        assert roles == {str(number): Role.PAGE_NUMBER}, page
