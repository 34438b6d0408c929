"""Running furniture of filings printed from HTML (issue 39, F): the footer sits right
under each page's last row of text, high on a short page, not at the foot of the sheet;
and the company line over every statement's title is that title's first line, not a
running header."""
from __future__ import annotations

import re

import layoutpdf
from layoutpdf.model import Layer, Role

from filings_pdfs import COMPANY, GROUP, RUNNING_HEAD, STATEMENTS, filing_pdf, footer_text

PAGES = 10


def _parsed():
    return layoutpdf.parse(filing_pdf(prose_pages=6, statement_pages=4))


def test_a_footer_under_the_last_row_of_text_is_furniture_on_every_page():
    doc = _parsed()
    footers = {e.text: e.role for e in doc.elements if e.layer is Layer.FURNITURE}
    for number in range(1, PAGES + 1):
        assert footers.get(footer_text(number)) is Role.PAGE_FOOTER, number
    md = doc.to_markdown()
    assert COMPANY not in md and "FORM 10-K" not in md


def test_a_paragraph_runs_on_across_the_page_join_without_the_footer():
    md = _parsed().to_markdown()
    # each prose page ends in mid-sentence ('... and'); the next page's text follows it
    joins = re.findall(r"\band (\S+ \S+)", md)
    assert joins and not any(re.match(r"\d+ ACME|2019 FORM", j) for j in joins)
    assert not re.search(r"(?m)^\d+ ACME|\band \d+ ACME|\band 2019 FORM 10-K", md)


def test_the_company_line_over_each_statement_title_stays_in_the_body():
    doc = _parsed()
    body = [e for e in doc.elements if e.layer is Layer.BODY]
    text = "\n".join(e.text for e in body)
    for title in STATEMENTS:
        assert re.search(re.escape(GROUP) + r"\s+" + re.escape(title), text), title
    assert all(e.text != GROUP for e in doc.elements if e.layer is Layer.FURNITURE)
    # the running head set apart above it is still furniture
    heads = [e for e in doc.elements if e.role is Role.PAGE_HEADER and e.text == RUNNING_HEAD]
    assert len(heads) == PAGES
