"""Furniture on a page that nothing repeats: a one-page document (or a page read alone)
keeps its header, footer, page number and 'Downloaded from' line out of the text, as a
FURNITURE layer, decided from position, separation from the body and the kind of line."""
from __future__ import annotations

import pymupdf

import layoutpdf
from layoutpdf.model import Layer, Role

WORDS = ("the committee reviewed the evidence gathered during the survey and agreed that the "
         "results support a careful extension of the programme to other regions next year").split()
HEADER = "Journal of Applied Survey Methods 12 (2019) 101-118"
RUNNING_HEAD = "A. Author and B. Author"
STAMP = "Downloaded from https://academic.example.org/jasm/article/12/101 on 3 March 2021"
PAGE_NUMBER = "107"


def _body(n: int, start: int = 0) -> str:
    return " ".join(WORDS[(i + start) % len(WORDS)] for i in range(n)).capitalize() + "."


def one_page_pdf(header: str = HEADER) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 50), header, fontname="tiro", fontsize=8)
    assert page.insert_textbox(pymupdf.Rect(72, 80, 540, 400), _body(260), fontname="tiro",
                               fontsize=10) >= 0
    assert page.insert_textbox(pymupdf.Rect(72, 410, 540, 700), _body(230, 3), fontname="tiro",
                               fontsize=10) >= 0
    page.insert_text((72, 742), STAMP, fontname="tiro", fontsize=7)
    page.insert_text((300, 762), PAGE_NUMBER, fontname="tiro", fontsize=9)
    return doc.tobytes()


def _furniture(doc) -> dict[str, Role]:
    return {e.text: e.role for e in doc.elements if e.layer is Layer.FURNITURE}


def test_one_page_header_footer_page_number_and_stamp_are_furniture():
    doc = layoutpdf.parse(one_page_pdf())
    furniture = _furniture(doc)
    assert furniture.get(HEADER) is Role.PAGE_HEADER
    assert furniture.get(STAMP) is Role.PAGE_FOOTER
    assert furniture.get(PAGE_NUMBER) is Role.PAGE_NUMBER
    md = doc.to_markdown()
    assert "Downloaded from" not in md and "Applied Survey" not in md and PAGE_NUMBER not in md
    assert "The committee reviewed" in md and "The evidence gathered" in md   # the body is all there
    body = [e for e in doc.elements if e.layer is Layer.BODY]
    assert len(body) == 2 and all(e.role is Role.PARAGRAPH for e in body)


def test_a_small_running_head_with_no_pattern_is_furniture_at_the_top():
    doc = layoutpdf.parse(one_page_pdf(header=RUNNING_HEAD))
    assert _furniture(doc).get(RUNNING_HEAD) is Role.PAGE_HEADER


def test_a_page_read_alone_from_a_longer_document_loses_its_furniture_too():
    src = pymupdf.open()
    for _ in range(3):
        src.insert_pdf(pymupdf.open("pdf", one_page_pdf()))
    doc = layoutpdf.parse(src.tobytes(), pages=[1])
    assert {HEADER, STAMP, PAGE_NUMBER} <= set(_furniture(doc))


def test_body_rows_close_to_the_text_block_stay_body():
    """The same lines without white space between them and the body are text."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 80), "Downloaded from the survey office archive, the data show", fontname="tiro",
                     fontsize=10)
    assert page.insert_textbox(pymupdf.Rect(72, 83, 540, 700), _body(400), fontname="tiro",
                               fontsize=10) >= 0
    parsed = layoutpdf.parse(doc.tobytes())
    assert not _furniture(parsed)
    assert "Downloaded from the survey office" in parsed.to_markdown()


def test_a_caption_over_a_table_at_the_page_top_is_no_running_head():
    """'TABLE III' and its small title line over a table are set apart from the table rows
    by white space, like a header: the caption label keeps the block in the text."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((250, 56), "TABLE III", fontname="tiro", fontsize=8)
    page.insert_text((150, 66), "Throughput of the three lookup methods", fontname="tiro", fontsize=8)
    for k, row in enumerate((("Method", "Throughput"), ("Trie", "14.3"), ("Hash", "12.1"))):
        page.insert_text((200, 92 + 14 * k), row[0], fontname="tiro", fontsize=9)
        page.insert_text((340, 92 + 14 * k), row[1], fontname="tiro", fontsize=9)
    assert page.insert_textbox(pymupdf.Rect(72, 150, 540, 700), _body(400), fontname="tiro",
                               fontsize=10) >= 0
    parsed = layoutpdf.parse(doc.tobytes())
    assert not _furniture(parsed)


def test_a_footnote_closing_the_page_is_no_footer():
    """A note under the text, even one with a URL or a licence in it, stays a note."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    assert page.insert_textbox(pymupdf.Rect(72, 72, 540, 690), _body(480), fontname="tiro",
                               fontsize=10) >= 0
    page.insert_text((72, 730), "3You may copy it under the licence at https://example.org/licence",
                     fontname="tiro", fontsize=7)
    parsed = layoutpdf.parse(doc.tobytes())
    assert not _furniture(parsed)


def test_a_number_that_breaks_the_page_count_is_no_page_number():
    """Page numbers count with the pages; a section number '6' alone in the top rows of
    a page whose number is elsewhere is text."""
    doc = pymupdf.open()
    for n in range(4):
        page = doc.new_page(width=612, height=792)
        page.insert_text((300, 762), str(n + 11), fontname="tiro", fontsize=9)
        top = 72
        if n == 2:
            page.insert_text((72, 72), "6", fontname="tiro", fontsize=10)
            top = 90
        assert page.insert_textbox(pymupdf.Rect(72, top, 540, 700), _body(400, n), fontname="tiro",
                                   fontsize=10) >= 0
    parsed = layoutpdf.parse(doc.tobytes())
    numbers = sorted(e.text for e in parsed.elements if e.role is Role.PAGE_NUMBER)
    assert numbers == ["11", "12", "13", "14"]


PERMISSION = ("Permission to make digital or hard copies of all or part of this work for personal or "
              "classroom use is granted without fee. © 2023 Copyright held by the owner/author(s). "
              "ACM ISBN 978-1-4503-9421-5/23/04. https://doi.org/10.1145/3544548.3580847")


def _two_column_first_page(note: str) -> bytes:
    from test_footnote_columns import LEFT, RIGHT, _words
    from test_errors_support import set_lines
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    set_lines(page, *LEFT, 72, _words(300))
    assert page.insert_textbox(pymupdf.Rect(LEFT[0], 640, LEFT[1], 740), note, fontname="tiro",
                               fontsize=7) >= 0
    set_lines(page, *RIGHT, 72, _words(470, 5))
    return doc.tobytes()


def test_a_permission_block_at_the_foot_of_a_first_page_column_is_furniture():
    doc = layoutpdf.parse(_two_column_first_page(PERMISSION))
    block = next(e for e in doc.elements if e.text.startswith("Permission to make"))
    assert (block.role, block.layer) == (Role.PAGE_FOOTER, Layer.FURNITURE)
    assert "Permission to make" not in doc.to_markdown() and not doc.footnotes


def test_an_unmarked_note_without_a_rights_notice_stays_a_note():
    note = "Corresponding author: the survey office, 12 Main Street, Springfield."
    doc = layoutpdf.parse(_two_column_first_page(note))
    block = next(e for e in doc.elements if e.text.startswith("Corresponding author"))
    assert (block.role, block.layer) == (Role.FOOTNOTE, Layer.BODY)


def test_a_note_carried_to_the_top_of_a_page_is_no_running_head():
    """A browser prints a note at the top of the next page, set apart from the body: it
    opens with a smaller marker, so it is a note, not a header."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 60), "1", fontname="tiro", fontsize=5)
    page.insert_text((76, 62), "Return the pair of survey waves.", fontname="tiro", fontsize=8)
    assert page.insert_textbox(pymupdf.Rect(72, 90, 540, 700), _body(400), fontname="tiro",
                               fontsize=10) >= 0
    assert not _furniture(layoutpdf.parse(doc.tobytes()))


def test_folio_lines_of_a_book_are_furniture():
    """'INTRODUCTION 3' under the text of a right-hand page, '4 FREE CULTURE' of a left one."""
    for folio in ("INTRODUCTION 3", "4 FREE CULTURE"):
        doc = pymupdf.open()
        page = doc.new_page(width=396, height=594)
        assert page.insert_textbox(pymupdf.Rect(54, 60, 348, 520), _body(300), fontname="tiro",
                                   fontsize=10.5) >= 0
        page.insert_text((150, 546), folio, fontname="cour", fontsize=7.5)
        assert _furniture(layoutpdf.parse(doc.tobytes())).get(folio) is Role.PAGE_FOOTER


def _top_line_page(text: str, font: str, gap: float) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 60), text, fontname=font, fontsize=10)
    assert page.insert_textbox(pymupdf.Rect(72, 60 + gap, 540, 720), _body(420), fontname="tiro",
                               fontsize=10) >= 0
    return doc.tobytes()


def test_a_body_size_italic_running_head_is_furniture():
    doc = layoutpdf.parse(_top_line_page("Survey waves in three regions", "tiit", 28))
    assert _furniture(doc).get("Survey waves in three regions") is Role.PAGE_HEADER


def test_a_heading_at_the_top_of_a_page_stays_a_heading():
    """Bold, or with only a heading's space under it: no running head."""
    for font, gap in (("tibo", 28), ("tiit", 8)):
        doc = layoutpdf.parse(_top_line_page("Survey waves in three regions", font, gap))
        assert not _furniture(doc)


def test_a_title_on_the_row_of_the_page_number_is_the_running_head():
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 50), "Gabriele Ferrario on the survey of waves", fontname="tiro", fontsize=10)
    page.insert_text((520, 50), "215", fontname="tiro", fontsize=10)
    assert page.insert_textbox(pymupdf.Rect(72, 80, 540, 720), _body(420), fontname="tiro",
                               fontsize=10) >= 0
    furniture = _furniture(layoutpdf.parse(doc.tobytes()))
    assert furniture.get("215") is Role.PAGE_NUMBER
    assert furniture.get("Gabriele Ferrario on the survey of waves") is Role.PAGE_HEADER


def test_a_note_whose_marker_is_a_line_of_its_own_is_no_footer():
    """'1' set small right before 'Pub. L. No. 105-304, ...' (a legal citation: a journal
    line by its words) under the text, above the repeated footer: a footnote."""
    doc = pymupdf.open()
    for n in range(3):
        page = doc.new_page(width=612, height=792)
        assert page.insert_textbox(pymupdf.Rect(108, 72, 504, 630), _body(330, n), fontname="tiro",
                                   fontsize=12) >= 0
        if n == 0:
            page.insert_text((147.6, 692), "Pub. L. No. 105-304, 112 Stat. 2860 (Oct. 28, 1998).",
                             fontname="tiro", fontsize=11)
        page.insert_text((108, 717), "Copyright Office Summary", fontname="tiro", fontsize=12)
        page.insert_text((476, 717), f"Page {n + 1}", fontname="tiro", fontsize=12)
        if n == 0:     # written last, the marker is a line of its own (as Word's PDFs have it)
            page.insert_text((144, 687), "1", fontname="tiro", fontsize=7.2)
    parsed = layoutpdf.parse(doc.tobytes())
    assert not any("Pub. L." in text for text in _furniture(parsed))
    assert "Pub. L. No. 105-304" in parsed.to_markdown()
