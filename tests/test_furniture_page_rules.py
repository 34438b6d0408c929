"""A running footer printed right above an HTML converter's page-break rule stays furniture
on every sheet (issue 39 F; `filings_page_rules_pdfs`). The rule under the footer is drawn
inside the paper's bottom fifth on full sheets while the footer ends above it: the sheet's
text still leaves that band empty, so its bottom rows are measured from its content, as on
the short sheets (`stages/furniture/content_box.band_limits`). Before, the rule alone made
the sheet keep the paper's band, the footer fell outside it, and "52 NIKE, INC." ended the
chunk of every full sheet (8 of NIKE 2019 10-K's 45 footers). A footer astride the band's
edge, its foot in the band (so the sheet keeps the paper's band) and its top above it, is
the page's last row set apart and repeats the running footer of the other sheets
(`stages/furniture/last_folio`)."""
from __future__ import annotations

import pytest

import layoutpdf
from layoutpdf.model import Layer

from filings_page_rules_pdfs import FOLIO_LINES_PER_SHEET, folio_filing_pdf, last_line, rules_filing_pdf


@pytest.fixture(scope="module")
def parsed():
    data, footers = rules_filing_pdf()
    return layoutpdf.parse(data), footers


def test_every_running_footer_is_furniture(parsed):
    doc, footers = parsed
    body = {p: [e.text for e in doc.elements if e.page == p and e.layer is Layer.BODY] for p in footers}
    leaked = {p: text for p, text in footers.items() if any(text in t for t in body[p])}
    assert not leaked
    furniture = {p: [e.text for e in doc.elements if e.page == p and e.layer is Layer.FURNITURE] for p in footers}
    assert all(text in furniture[p] for p, text in footers.items())


def test_running_text_above_the_footer_stays_body(parsed):
    """Only the footer goes: the last line of running text over it stays body."""
    doc, footers = parsed
    body = " ".join(e.text for e in doc.elements if e.layer is Layer.BODY)
    for p in footers:
        assert last_line(p) in body, p


@pytest.fixture(scope="module")
def folios():
    data, numbers = folio_filing_pdf()
    return layoutpdf.parse(data), numbers


def test_a_page_number_under_a_short_pages_content_is_furniture(folios):
    """Most sheets print their number in the paper's bottom band, proving the count; a
    short page's number, its last row set apart above the band (or straddling its edge),
    counts the pages as well (`stages/furniture/last_folio`)."""
    doc, numbers = folios
    furniture = {p: [e.text for e in doc.elements if e.page == p and e.layer is Layer.FURNITURE] for p in numbers}
    assert {p: n for p, n in numbers.items() if n not in furniture[p]} == {}


def test_no_running_text_is_taken_for_a_page_number(folios):
    doc, numbers = folios
    body = " ".join(e.text for e in doc.elements if e.layer is Layer.BODY)
    for p in numbers:
        assert last_line(p, FOLIO_LINES_PER_SHEET) in body, p
