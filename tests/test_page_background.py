"""A page-sized picture is the page, not a figure (issue 35, class 1).

An image covering the whole page -- a scan under its text layer, a note app's paper -- is
the page's background: the running head and the folio set on it are page furniture like
anywhere else, and the lines written over it (with the ink strokes drawn there) are the
page's text, not the labels of a figure. PDFs are drawn here with PyMuPDF.
"""
from __future__ import annotations

import math

import pymupdf

import layoutpdf
from layoutpdf.model import Layer, Role

WORDS = ("the committee reviewed the evidence gathered during the survey and agreed that the "
         "results support a careful extension of the programme to other regions next year").split()
HEAD = "A Survey of Upland Farming"
FOLIO = "101"


def _body(n: int, start: int = 0) -> str:
    return " ".join(WORDS[(i + start) % len(WORDS)] for i in range(n)).capitalize() + "."


def _paper(width: int = 300, height: int = 400) -> bytes:
    """A scanned sheet or a note app's ruled paper: a pale tint with faint rules."""
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, width, height), 0)
    pix.set_rect(pix.irect, (244, 240, 228))
    for y in range(20, height, 25):
        pix.set_rect(pymupdf.IRect(0, y, width, y + 1), (170, 180, 215))
    return pix.tobytes("png")


def scanned_page_pdf() -> bytes:
    """One page read alone from a scanned book: the page image under an invisible text
    layer holding a small running head, the text and the folio."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_image(page.rect, stream=_paper())
    page.insert_text((72, 50), HEAD, fontname="tiro", fontsize=9, render_mode=3)
    assert page.insert_textbox(pymupdf.Rect(72, 80, 540, 700), _body(400), fontname="tiro",
                               fontsize=10, render_mode=3) >= 0
    page.insert_text((300, 750), FOLIO, fontname="tiro", fontsize=9, render_mode=3)
    return doc.tobytes()


def test_the_running_head_and_folio_on_a_scan_are_furniture():
    doc = layoutpdf.parse(scanned_page_pdf())
    furniture = {e.text: e.role for e in doc.elements if e.layer is Layer.FURNITURE}
    assert furniture.get(HEAD) is Role.PAGE_HEADER
    assert furniture.get(FOLIO) is Role.PAGE_NUMBER
    md = doc.to_markdown()
    assert HEAD not in md and "The committee reviewed the evidence" in md
    assert not doc.figures


def note_page_pdf(background: bool = True) -> bytes:
    """A note app's page: ruled paper as a page-sized image, handwritten strokes drawn as
    paths row by row, and under each row its text (recognised handwriting, invisible)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    if background:
        page.insert_image(page.rect, stream=_paper())
    shape = page.new_shape()
    for row in range(12):
        y = 120 + row * 30
        points = [pymupdf.Point(60 + t * 4, y + 12 * math.sin(t * 0.9 + row)) for t in range(110)]
        for a, b in zip(points, points[1:]):
            shape.draw_line(a, b)
        shape.finish(color=(0, 0, 0.6), width=1.5)
    shape.commit()
    page.insert_text((60, 80), "Lecture 4 notes", fontname="helv", fontsize=11)
    for row in range(12):
        page.insert_text((60, 124 + row * 30), f"row {row + 1} of the notes on plant cells and their walls",
                         fontname="helv", fontsize=11, render_mode=3)
    return doc.tobytes()


def test_handwriting_over_a_note_page_is_page_text_not_a_figure():
    doc = layoutpdf.parse(note_page_pdf())
    assert not doc.figures
    body = [e for e in doc.elements if e.layer is Layer.BODY]
    assert all(e.role is not Role.FIGURE for e in body)
    md = doc.to_markdown()
    for row in (1, 6, 12):
        assert f"row {row} of the notes on plant cells and their walls" in md
    assert "·" not in md                       # no figure text joined into one paragraph


TITLE = ("Rivers of the North and", "the Upland Catchments")


def _photo(width: int = 200, height: int = 260) -> bytes:
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, width, height), 0)
    for y in range(0, height, 4):
        pix.set_rect(pymupdf.IRect(0, y, width, y + 4), (30 + y % 200, 80, 120))
    return pix.tobytes("png")


def cover_pdf() -> bytes:
    """A cover: a photo over the whole page, a drawn logo, and the title in two lines
    beside it (the page's most common type size), a subtitle under it."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_image(page.rect, stream=_photo())
    shape = page.new_shape()
    shape.draw_circle((90, 200), 25)
    shape.finish(color=(1, 1, 1), fill=(0.9, 0.2, 0.2))
    shape.draw_bezier((60, 240), (200, 180), (300, 300), (550, 240))
    shape.finish(color=(1, 1, 1), width=3)
    shape.commit()
    for k, line in enumerate(TITLE):
        page.insert_text((60, 290 + 35 * k), line, fontname="hebo", fontsize=30, color=(1, 1, 1))
    page.insert_text((60, 360), "A field guide", fontname="helv", fontsize=14, color=(1, 1, 1))
    return doc.tobytes()


def test_a_cover_title_on_a_full_page_photo_is_page_text_not_figure_labels():
    doc = layoutpdf.parse(cover_pdf())
    for figure in doc.figures:
        assert "Rivers" not in (figure.text or "")
    titles = [e for e in doc.elements if e.layer is Layer.BODY and e.role is not Role.FIGURE
              and "Rivers of the North" in e.text]
    assert titles and "Upland Catchments" in titles[0].text
