"""Note marks: a raised digit after a closing quote and full stop in a text font whose name
says STIX (STIX Two Text is a text face, not a math one) is a note's anchor; affiliation
superscripts repeated on an author line do not take the body note with the same number."""
from __future__ import annotations

import pymupdf

import layoutpdf
from layoutpdf.model import BBox, Line, Span
from layoutpdf.stages.footnotes.anchors import anchor_marker as _anchor_marker


def _span(i: int, text: str, x0: float, size: float, baseline: float, font: str) -> Span:
    width = 0.5 * size * len(text)
    return Span(f"s{i}", text, BBox(x0, baseline - size, x0 + width, baseline + 0.2 * size),
                font, size, 0, 0, 255, (x0, baseline))


def test_a_raised_digit_after_a_quote_in_a_stix_text_font_is_a_note_mark():
    font = "STIXTwoText-Regular"
    spans = (_span(0, "“Sciant artifices non posse”.", 72, 10, 220, font),
             _span(1, "1 ", 217, 6, 216.7, font),
             _span(2, "Ibn Sina's judgment", 222, 10, 220, font))
    line = Line.build("l0", 0, spans)
    assert _anchor_marker(spans[1], list(spans[:1]), line) == "1"


def _raised(page, x: float, y: float, word: str, mark: str) -> float:
    """`word` then a raised small `mark`; returns the x after them."""
    page.insert_text((x, y), word, fontname="tiro", fontsize=10)
    x += pymupdf.get_text_length(word, "tiro", 10)
    page.insert_text((x, y - 4), mark, fontname="tiro", fontsize=6)
    return x + pymupdf.get_text_length(mark, "tiro", 6) + 3


def test_affiliation_marks_on_the_author_line_leave_the_body_note_to_its_claim():
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((150, 80), "A Survey of the Northern Region", fontname="tibo", fontsize=16)
    x = 150
    for name in ("Ann Lee,", "Bob Ray,", "Cy Dee"):
        x = _raised(page, x, 110, name, "1")
    page.insert_text((150, 126), "University of the North, Department of Surveys",
                     fontname="tiro", fontsize=9)
    y = 170
    for _ in range(6):
        page.insert_text((72, y), "The survey of the northern region was carried out by the "
                         "regional office over", fontname="tiro", fontsize=10)
        y += 12
    x = _raised(page, 72, y, "many seasons and the records were kept with great care.", "1")
    page.insert_text((x, y), "Later surveys", fontname="tiro", fontsize=10)
    page.draw_line((72, 700), (200, 700), width=0.4)
    page.insert_text((72, 712), "1", fontname="tiro", fontsize=5)
    page.insert_text((76, 715), "The records are held in the archive of the regional office.",
                     fontname="tiro", fontsize=8)
    parsed = layoutpdf.parse(doc.tobytes())
    note = next(f for f in parsed.footnotes if f.marker == "1")
    anchor = parsed.element(note.anchor_element_id)
    assert anchor is not None and "records were kept with great care" in anchor.text
    assert note.kind == "footnote"
