"""A page count ('3/10', 'Page 3 of 10') counts pages; a reference written the same way
does not (issue 35): the letterhead of a form, 'Kom.: 04/2395' beside the company's name,
is the form's text, not a header. A page count has its page among the pages counted
(n <= N) and is written as counting software writes it (no zeros padding n past N's width).
Pages are drawn here with PyMuPDF."""
from __future__ import annotations

import pymupdf
import pytest

import layoutpdf
from layoutpdf.model import Layer, Role
from layoutpdf.text.margin_lines import is_page_count, page_number

WORDS = ("the pipe section was laid and welded according to the plan and inspected before the "
         "trench was closed by the site supervisor on the given date").split()


def _body(n: int, start: int = 0) -> str:
    return " ".join(WORDS[(i + start) % len(WORDS)] for i in range(n)).capitalize() + "."


def letterhead_pdf(reference: str) -> bytes:
    """A form's first rows: the company flush left, 'Kom.:' and its reference on a tab
    stop at the right, a second field under them; white space; the form's text."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 50), "Ruhrgas AG Essen", fontname="helv", fontsize=10)
    page.insert_text((400, 62), "Kom.:", fontname="helv", fontsize=10)
    page.insert_text((452, 62), reference, fontname="helv", fontsize=10)
    page.insert_text((400, 76), "Kenns.: 27", fontname="helv", fontsize=10)
    assert page.insert_textbox(pymupdf.Rect(72, 130, 523, 760), _body(420), fontname="helv",
                               fontsize=10) >= 0
    return doc.tobytes()


def test_a_reference_written_like_a_page_count_is_no_header():
    doc = layoutpdf.parse(letterhead_pdf("04/2395"))
    furniture = {e.text for e in doc.elements if e.layer is Layer.FURNITURE}
    assert not furniture & {"04/2395", "Kom.:", "Ruhrgas AG Essen", "Kenns.: 27"}
    md = doc.to_markdown()
    assert "04/2395" in md and "Ruhrgas AG Essen" in md


def test_a_page_count_in_the_same_place_is_still_a_header():
    doc = layoutpdf.parse(letterhead_pdf("4/12"))
    roles = {e.text: e.role for e in doc.elements if e.layer is Layer.FURNITURE}
    assert "4/12" in roles


@pytest.mark.parametrize("text, counts", [("04/2395", False), ("12/4", False), ("0/3", False),
                                          ("4/012", False), ("4/12", True), ("04/12", True),
                                          ("Page 3 of 10", True), ("3 of 10", True)])
def test_what_counts_pages(text, counts):
    assert is_page_count(text) is counts
    assert (page_number(text) is not None) is counts
