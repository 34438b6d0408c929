"""Repetition over two pages is weak evidence of running text (issue 35): a document of
two pages that repeats its own text (filler paragraphs, a form printed twice) has lines
at the same place on both pages that are body. There a repeated line is a header or footer
only when white space sets it apart from the body, as headers and footers are set.
Pages are drawn with PyMuPDF."""
from __future__ import annotations

import pymupdf

import layoutpdf
from layoutpdf.model import Layer

FILLER = ("Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut "
          "labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco "
          "laboris nisi ut aliquip ex ea commodo consequat. ")
FOOTER = "Acme Corporation quarterly notes"


def filler_pdf(footer: bool = False) -> bytes:
    """Two pages of the same filler paragraphs, run to the same bottom edge, so the last
    lines of the text block are the same words at the same place on both pages; with
    `footer`, a small footer under the text block on both pages."""
    doc = pymupdf.open()
    for k in range(2):
        page = doc.new_page(width=612, height=792)
        y = 72.0
        for _ in range(5 - k):
            used = page.insert_textbox(pymupdf.Rect(72, y, 540, 720), "      " + FILLER * 3,
                                       fontname="tiro", fontsize=11)
            y = 720 - used + 2
        if footer:
            page.insert_text((72, 760), FOOTER, fontname="helv", fontsize=8)
    return doc.tobytes()


def test_the_same_text_on_both_pages_of_a_two_page_document_stays_body():
    doc = layoutpdf.parse(filler_pdf())
    assert not [e for e in doc.elements if e.layer is Layer.FURNITURE]
    md = doc.to_markdown()
    assert md.count("veniam, quis nostrud exercitation") >= 2 * 3      # every repeat on both pages


def test_a_footer_set_apart_on_both_pages_is_still_furniture():
    doc = layoutpdf.parse(filler_pdf(footer=True))
    furniture = [e for e in doc.elements if e.layer is Layer.FURNITURE]
    assert {e.text for e in furniture} == {FOOTER} and {e.page for e in furniture} == {0, 1}
