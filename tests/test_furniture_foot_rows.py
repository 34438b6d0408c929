"""An entry of a column the page repeats is no footer (issue 39 F, issue 36;
`filing_foot_rows_pdfs`): the exhibit index's last "X" in its "Filed Herewith" column
stands in the page's bottom rows where a folio might, and reads as a Roman page number,
but the same "X" stands at the same edge in the rows above it; a footer says its words
once on its page. Taken for the page number it took the exhibit's number and title
beside it for a running footer too."""
from __future__ import annotations

import pytest

import layoutpdf
from layoutpdf.model import Layer

from filing_foot_rows_pdfs import EXHIBITS, RUNNING_HEAD, foot_rows_pdf


@pytest.fixture(scope="module")
def parsed():
    data, where = foot_rows_pdf()
    return layoutpdf.parse(data), where


def _texts(doc, page: int, layer: Layer) -> list[str]:
    return [e.text for e in doc.elements if e.page == page and e.layer is layer]


def test_the_last_filed_herewith_mark_and_its_row_stay_body(parsed):
    doc, where = parsed
    page = where["exhibits"]
    assert _texts(doc, page, Layer.FURNITURE) == [RUNNING_HEAD, str(where["numbers"][page])]
    words = " ".join(_texts(doc, page, Layer.BODY)).split()
    assert words.count("X") == sum(1 for *_, filed in EXHIBITS if filed)
    number, title, _ = EXHIBITS[-1]
    assert number in words and title.split()[-1] in words

