"""Raised note marks, trademark signs and ordinal suffixes in running text are typography,
not formulas (issue 39: 'Goodwill(1)' in a statement, 'Center®', '53rd week' in a 10-K;
issue 32: no false maths): the words stay plain text, while a raised exponent on a
variable stays maths."""
from __future__ import annotations

import pymupdf

import layoutpdf

BODY = ("The company reviews the carrying amounts of its assets every year and records any "
        "impairment in the period in which it is found, as described in the notes below. ")


def _line(page: pymupdf.Page, y: float, pieces) -> None:
    """pieces: (text, raised) set one after another on baseline y."""
    x = 72.0
    for text, raised in pieces:
        size = 6.5 if raised else 10.0
        page.insert_text((x, y - (3.5 if raised else 0)), text, fontname="helv", fontsize=size)
        x += pymupdf.get_text_length(text, fontname="helv", fontsize=size)


def _pdf() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_textbox(pymupdf.Rect(72, 60, 540, 200), BODY * 4, fontname="helv", fontsize=10)
    _line(page, 230, [("Goodwill", False), ("(1)", True), (" was tested for impairment in the fourth quarter.", False)])
    _line(page, 250, [("Fiscal 2020 included a 53", False), ("rd", True), (" week of sales in every segment.", False)])
    _line(page, 270, [("Sales at the Magnolia Design Center", False), ("®", True), (" stores rose again this year.", False)])
    return doc.tobytes()


def test_marks_and_ordinals_stay_text():
    md = layoutpdf.parse(_pdf()).to_markdown()
    assert "$" not in md, md
    assert "Goodwill(1) was tested" in md
    assert "53rd week" in md
    assert "Design Center® stores" in md


def test_a_raised_exponent_on_a_variable_stays_maths():
    doc = pymupdf.open("pdf", _pdf())
    _line(doc[0], 290, [("The cost grows as n", False), ("2", True), (" with the number of stores.", False)])
    md = layoutpdf.parse(doc.tobytes()).to_markdown()
    assert "$n^{2}$" in md, md
