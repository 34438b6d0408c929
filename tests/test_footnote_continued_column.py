"""A note cut at the foot of the first column goes on at the foot of the next one: the
next column's note area starts without a mark, under a note with no closing punctuation.
The note keeps its end, and the next column's own notes stay notes."""
from __future__ import annotations

import pymupdf

import layoutpdf

from test_errors_support import set_lines

WORDS = ("the survey of the northern region was carried out by the regional office "
         "over many seasons").split()
NOTE_START = ("Read a pickled object representation from the open file object and return "
              "the reconstituted object hierarchy specified in the")
NOTE_END = "stream of bytes that the pickler wrote earlier."
NEXT_NOTE = "True if all counts are positive and the sum is one."


def _body(n: int) -> list[str]:
    return [WORDS[i % len(WORDS)] for i in range(n)]


def _pdf(next_pitch: float) -> bytes:
    """Two columns of body text, note 5 at the foot of the left column running on at the
    foot of the right one, followed there by note 6 (`next_pitch` below the run-on line)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for x0, x1 in ((72, 297), (315, 540)):
        set_lines(page, x0, x1, 80, _body(420), 10, 12)
    for x0 in (72, 315):
        page.draw_line((x0, 660), (x0 + 78, 660), width=0.4)
    page.insert_text((72, 672), "5", fontname="tiro", fontsize=5)
    set_lines(page, 76, 297, 675, NOTE_START.split(), 8, 9.5)
    y = set_lines(page, 315, 540, 675, NOTE_END.split(), 8, 9.5) - 9.5 + next_pitch
    page.insert_text((315, y - 3), "6", fontname="tiro", fontsize=5)
    set_lines(page, 319, 540, y, NEXT_NOTE.split(), 8, 9.5)
    return doc.tobytes()


def _check(next_pitch: float) -> None:
    doc = layoutpdf.parse(_pdf(next_pitch))
    notes = {f.marker: f for f in doc.footnotes}
    assert notes["5"].text.startswith("Read a pickled")
    assert notes["5"].text.endswith(NOTE_END)
    assert notes["6"].text == NEXT_NOTE
    assert "note continued in the next column" in notes["5"].reasons
    assert doc.to_markdown().count("wrote earlier") == 1


def test_a_note_runs_on_into_the_next_columns_note_area():
    _check(next_pitch=16.0)          # the run-on end and note 6: two blocks


def test_a_note_runs_on_into_a_block_that_holds_the_next_note_too():
    _check(next_pitch=9.5)           # the run-on end and note 6 set as one block
