"""Furniture bands from the content box, not the paper (issue 35, class 2); office footer
rows (class 3).

A report page printed smaller than its sheet (scaled onto larger paper) ends well above
the paper's bottom band: its centred folio over the closing rule sits in the middle of the
sheet and is still the page's folio. A word processor's footer row -- document number
flush left, part centred, date flush right, on tab stops -- set at body size with little
space above it is a footer by its geometry, while a table's last row (under rows of cells
like it) stays text. PDFs are drawn here with PyMuPDF.
"""
from __future__ import annotations

import pymupdf

import layoutpdf
from layoutpdf.model import Layer, Role

WORDS = ("the committee reviewed the evidence gathered during the survey and agreed that the "
         "results support a careful extension of the programme to other regions next year").split()
HEAD = "Annual Report of the Survey Office"


def _body(n: int, start: int = 0) -> str:
    return " ".join(WORDS[(i + start) % len(WORDS)] for i in range(n)).capitalize() + "."


def _furniture(doc) -> dict[str, Role]:
    return {e.text: e.role for e in doc.elements if e.layer is Layer.FURNITURE}


def _report_page(folio: str) -> pymupdf.Document:
    """A report page as printed on its own paper: running head over a rule, the text,
    and the folio centred over a closing rule."""
    src = pymupdf.open()
    page = src.new_page(width=612, height=792)
    page.insert_text((72, 50), HEAD, fontname="tiro", fontsize=9)
    page.draw_line((72, 56), (540, 56), width=0.5)
    assert page.insert_textbox(pymupdf.Rect(72, 80, 540, 700), _body(400), fontname="tiro",
                               fontsize=10) >= 0
    w = pymupdf.get_text_length(folio, "tiro", 10)
    page.insert_text((306 - w / 2, 745), folio, fontname="tiro", fontsize=10)
    page.draw_line((72, 752), (540, 752), width=0.5)
    return src


def scaled_page_pdf(scale: float = 0.64) -> bytes:
    """The report page scaled onto letter paper, at the sheet's top left."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.show_pdf_page(pymupdf.Rect(0, 0, 612 * scale, 792 * scale), _report_page("17"), 0)
    return doc.tobytes()


def test_the_folio_of_a_page_scaled_onto_larger_paper_is_furniture():
    doc = layoutpdf.parse(scaled_page_pdf())
    furniture = _furniture(doc)
    assert furniture.get("17") is Role.PAGE_NUMBER
    assert furniture.get(HEAD) is Role.PAGE_HEADER
    md = doc.to_markdown()
    assert "17" not in md and "The committee reviewed the evidence" in md


LINE_WORDS = 13


def _text_rows(page: pymupdf.Page, start: int, stop: float, k: int = 0) -> float:
    """Body lines at 12 pt pitch from y = start down to `stop`; returns the next baseline."""
    y, i = start, k * 7
    while y < stop:
        page.insert_text((57, y), " ".join(WORDS[(i + j) % len(WORDS)] for j in range(LINE_WORDS)),
                         fontname="helv", fontsize=10)
        y, i = y + 12, i + 5
    return y


def _three_pieces(page: pymupdf.Page, y: float, pieces: tuple[str, str, str], size: float = 10) -> None:
    left, centre, right = pieces
    page.insert_text((57, y), left, fontname="helv", fontsize=size)
    w = pymupdf.get_text_length(centre, "helv", size)
    page.insert_text((297.5 - w / 2, y), centre, fontname="helv", fontsize=size)
    w = pymupdf.get_text_length(right, "helv", size)
    page.insert_text((538 - w, y), right, fontname="helv", fontsize=size)


FOOTER = ("DOC-4711-A", "Part 2", "Revision C")


def office_page_pdf() -> bytes:
    """A Writer page: the text runs to the footer frame; the footer row, at body size,
    sits 6 pt under the last line of text."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = _text_rows(page, 70, 775)
    _three_pieces(page, y + 6, FOOTER)
    return doc.tobytes()


def table_page_pdf() -> bytes:
    """The same page ending with a three-column table whose cells sit where the footer's
    pieces would: its last row is text."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = _text_rows(page, 70, 700)
    for n in range(6):
        _three_pieces(page, y + 6 + 14 * n, (f"Region {n + 1}", f"{120 + n} farms", f"{30 + n} %"))
    return doc.tobytes()


def test_a_three_piece_office_footer_row_at_body_size_is_furniture():
    doc = layoutpdf.parse(office_page_pdf())
    furniture = _furniture(doc)
    assert all(furniture.get(piece) is Role.PAGE_FOOTER for piece in FOOTER), furniture
    md = doc.to_markdown()
    assert not any(piece in md for piece in FOOTER)
    assert "the committee reviewed" in md
    table = layoutpdf.parse(table_page_pdf())
    assert not _furniture(table)
    assert "Region 6" in table.to_markdown()
