"""A line set wholly in italic at the running text's size, alone above the paragraph it
heads, is a heading, as a bold one is (issue 39 E): filings set their lowest headings in
italic ("Regulated Businesses Revenue", "Pending General Rate Case Filings"), and a heading
names the chunk it opens. An italic sentence (it ends with a full stop), a table's unit
line in italic and a signer's italic title under a conformed signature stay text."""
from __future__ import annotations

import pymupdf

import layoutpdf
from layoutpdf.model import Role

PROSE = ("Revenues from the regulated businesses are recognized as water and wastewater services are "
         "delivered to customers and include amounts billed and unbilled at the end of each period. ")
HEADS = ("Regulated Businesses Revenue", "Pending General Rate Case Filings")
SENTENCE = "Amounts are presented in millions unless stated otherwise."
UNIT = "$ in millions, except per share amounts"


def _page() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 60.0
    for head in HEADS:
        page.insert_text((54, y), head, fontname="tiit", fontsize=10)
        page.insert_textbox(pymupdf.Rect(54, y + 12, 558, y + 86), PROSE * 3, fontname="tiro", fontsize=10)
        y += 100
    page.insert_text((54, y), SENTENCE, fontname="tiit", fontsize=10)
    page.insert_textbox(pymupdf.Rect(54, y + 12, 558, y + 86), PROSE * 3, fontname="tiro", fontsize=10)
    page.insert_text((54, y + 110), UNIT, fontname="tiit", fontsize=10)
    page.insert_textbox(pymupdf.Rect(54, y + 122, 558, y + 196), PROSE * 3, fontname="tiro", fontsize=10)
    return doc.tobytes()


def test_an_italic_line_over_its_paragraph_is_a_heading():
    d = layoutpdf.parse(_page())
    for head in HEADS:
        roles = [e.role for e in d.elements if e.text.strip() == head]
        assert roles == [Role.HEADING], (head, [(e.role, e.text[:50]) for e in d.elements])
        assert f"#### {head}" in d.to_markdown()


def test_an_italic_sentence_or_unit_line_is_text():
    d = layoutpdf.parse(_page())
    for text in (SENTENCE, UNIT):
        roles = [e.role for e in d.elements if e.text.strip().startswith(text[:20])]
        assert roles and Role.HEADING not in roles, (text, roles)


def _signature_page() -> bytes:
    """A certification's end (8 pt, loosely spaced, as Best Buy's Exhibit 31 sets it): the
    conformed signature, the signer's printed name under it and the signer's title in
    italic under that."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_textbox(pymupdf.Rect(63, 90, 558, 300), PROSE * 6, fontname="helv", fontsize=8)
    page.insert_text((323, 508), "/s/ Jane Doe", fontname="helv", fontsize=8)
    page.insert_text((323, 526), "Jane Doe", fontname="helv", fontsize=8)
    page.insert_text((323, 544), "Chief Executive Officer", fontname="heit", fontsize=8)
    page.insert_textbox(pymupdf.Rect(63, 600, 558, 740), PROSE * 5, fontname="helv", fontsize=8)
    return doc.tobytes()


def test_a_signers_italic_title_is_no_heading():
    d = layoutpdf.parse(_signature_page())
    titles = [e for e in d.elements if e.text.strip() == "Chief Executive Officer"]
    assert titles and all(e.role is not Role.HEADING for e in titles), [(e.role, e.text) for e in d.elements]


MATH_LINE = "+ 6r(t) (tf(t)) + 6r(tf(t) (0"


def _maths_page() -> bytes:
    """A line of an equation set in italic on its own, space under it, as a display's
    continuation is (and as an OCR layer reads a scanned formula: no maths fonts)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_textbox(pymupdf.Rect(54, 60, 558, 134), PROSE * 3, fontname="tiro", fontsize=10)
    page.insert_text((120, 160), MATH_LINE, fontname="tiit", fontsize=10)
    page.insert_textbox(pymupdf.Rect(54, 180, 558, 254), PROSE * 3, fontname="tiro", fontsize=10)
    return doc.tobytes()


def test_an_italic_line_of_maths_is_no_heading():
    d = layoutpdf.parse(_maths_page())
    lines = [e for e in d.elements if "6r" in e.text]
    assert lines and all(e.role is not Role.HEADING for e in lines), [(e.role, e.text[:50]) for e in d.elements]
