"""A run of footnotes stacked under the first column of a three-column page (the Federal
Register layout): the rule sits above the first note only, and the run starts high on the
page because the other columns carry on with body text. Every note of the run is a note."""
from __future__ import annotations

import pymupdf

import layoutpdf
from layoutpdf.model import Role

WORDS = ("the agency reviewed the design of the control system and proposed four changes that "
         "operators must make before the airplanes return to service in the coming months").split()
NOTES = ["Preliminary investigation report, dated November 2018, can be found in the docket.",
         "The flight control system includes two computers which process inputs from the "
         "pilots and the sensors to move the control surfaces of the airplane.",
         "The pitch attitude is controlled by two movable surfaces on the tail of the airplane "
         "and by the trim system that moves the horizontal stabilizer.",
         "The angle of attack is the angle at which the wing meets the oncoming air, measured "
         "by two independent vanes on either side of the forward fuselage."]


def _body(n: int) -> str:
    return " ".join(WORDS[i % len(WORDS)] for i in range(n)).capitalize() + "."


def three_column_pdf() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    cols = [(45, 215), (222, 392), (399, 569)]
    # column 1: body text to y=330, the note rule, then four notes to the page bottom
    assert page.insert_textbox(pymupdf.Rect(45, 60, 215, 330), _body(110), fontname="tiro",
                               fontsize=9) >= 0
    page.draw_line((45, 338), (95, 338), width=0.5)
    y = 346.0
    for n, note in enumerate(NOTES, 1):
        page.insert_text((45, y + 5), str(n), fontname="tiro", fontsize=5)
        rect = pymupdf.Rect(50, y, 215, y + 120)
        spare = page.insert_textbox(rect, note, fontname="tiro", fontsize=7)
        assert spare >= 0
        y = rect.y1 - spare + 6                       # the next note a little below
    # columns 2 and 3: body text down to the bottom margin
    for x0, x1 in cols[1:]:
        assert page.insert_textbox(pymupdf.Rect(x0, 60, x1, 740), _body(300), fontname="tiro",
                                   fontsize=9) >= 0
    return doc.tobytes()


def test_every_note_of_a_run_under_the_first_column_is_a_footnote():
    doc = layoutpdf.parse(three_column_pdf())
    page = doc.pages[0]
    assert len(page.columns) == 3
    assert [f.marker for f in doc.footnotes] == ["1", "2", "3", "4"]
    for f, text in zip(doc.footnotes, NOTES):
        assert f.text.split()[:4] == text.split()[:4]
    second = next(e for e in doc.elements if "flight control system includes" in e.text)
    assert second.role is Role.FOOTNOTE
    assert second.bbox.y0 < page.height * 0.55         # the run starts high
    prose = " ".join(e.text for e in doc.elements if e.role is Role.PARAGRAPH)
    assert prose and not any(" ".join(t.split()[1:5]) in prose for t in NOTES)


def test_a_note_run_continues_only_directly_below_a_note():
    """A small-text block high up in a column, not under a note, stays prose."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    assert page.insert_textbox(pymupdf.Rect(72, 72, 540, 200), _body(80), fontname="tiro",
                               fontsize=10) >= 0
    page.insert_text((72, 230), "2", fontname="tiro", fontsize=5)
    assert page.insert_textbox(pymupdf.Rect(77, 225, 540, 280), NOTES[1], fontname="tiro",
                               fontsize=7) >= 0
    assert page.insert_textbox(pymupdf.Rect(72, 300, 540, 700), _body(250), fontname="tiro",
                               fontsize=10) >= 0
    parsed = layoutpdf.parse(doc.tobytes())
    block = next(e for e in parsed.elements if "flight control system" in e.text)
    assert block.role is not Role.FOOTNOTE


def test_parenthesised_markers_bind_like_plain_ones():
    """Korean, Japanese and German reports number notes '1)', '2)': raised in the text and
    at the head of each note. The ')' is part of the marker, not of the note's text."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = 90.0
    sentences = [("The revision of the act took effect in January", "1)"),
                 ("and the insurers changed their terms soon after", "2)")]
    for text, mark in sentences:
        page.insert_text((72, y), text, fontname="tiro", fontsize=11)
        x = 72 + pymupdf.get_text_length(text, fontname="tiro", fontsize=11)
        page.insert_text((x + 1, y - 4), mark, fontname="tiro", fontsize=7)
        y += 15
    assert page.insert_textbox(pymupdf.Rect(72, y, 523, y + 300), _body(200), fontname="tiro",
                               fontsize=11) >= 0
    page.draw_line((72, 742), (160, 742), width=0.5)
    page.insert_text((72, 756), "1) Act on the prevention of infectious diseases, article 2.",
                     fontname="tiro", fontsize=8)
    page.insert_text((72, 768), "2) Standard terms of life insurance, appendix 4.",
                     fontname="tiro", fontsize=8)
    parsed = layoutpdf.parse(doc.tobytes())
    notes = {f.marker: f for f in parsed.footnotes}
    assert set(notes) == {"1", "2"}
    assert notes["1"].text.startswith("Act on the prevention")
    assert notes["2"].text.startswith("Standard terms")
    assert all(f.anchor_span_id for f in parsed.footnotes)
    body = next(e for e in parsed.elements if "revision of the act" in e.text)
    assert "1)" not in body.text and "2)" not in body.text
