"""A note cut at the foot of a page goes on at the top of the next page's note area: the
area starts without a mark, under a note with no closing punctuation. The note keeps its
end, and the next note of that area (set in the same block) stays a note of its own."""
from __future__ import annotations

import pymupdf
import pytest

import layoutpdf

from test_errors_support import set_lines

# the same note texts as the column case
from test_footnote_continued_column import NEXT_NOTE, NOTE_END, NOTE_START, _body  # noqa: E402


def _marked(page, y: float, words: str, mark: str, after: str) -> None:
    page.insert_text((72, y), words, fontname="tiro", fontsize=10)
    x = 72 + pymupdf.get_text_length(words, "tiro", 10)
    page.insert_text((x, y - 4), mark, fontname="tiro", fontsize=6.5)
    page.insert_text((x + 6, y), after, fontname="tiro", fontsize=10)


def _pdf(next_pitch: float) -> bytes:
    """Page 1: text marked 5, note 5 at the foot, unended. Page 2: text marked 6; its note
    area opens with the end of note 5, then note 6 (`next_pitch` below)."""
    doc = pymupdf.open()
    for p, (mark, claim) in enumerate((("5", "The pickled data was read back"),
                                       ("6", "All counts were checked"))):
        page = doc.new_page(width=612, height=792)
        y = set_lines(page, 72, 540, 80, _body(300 - 40 * p), 10, 12)
        _marked(page, y, claim, mark, "without loss.")
        set_lines(page, 72, 540, y + 12, _body(200), 10, 12)
        page.draw_line((72, 690), (150, 690), width=0.4)
    first, second = doc[0], doc[1]
    first.insert_text((72, 702), "5", fontname="tiro", fontsize=5)
    set_lines(first, 76, 540, 705, NOTE_START.split(), 8, 9.5)
    y = set_lines(second, 72, 540, 705, NOTE_END.split(), 8, 9.5) - 9.5 + next_pitch
    second.insert_text((72, y - 3), "6", fontname="tiro", fontsize=5)
    set_lines(second, 76, 540, y, NEXT_NOTE.split(), 8, 9.5)
    return doc.tobytes()


@pytest.mark.parametrize("next_pitch", [9.5, 16.0])
def test_a_note_runs_on_into_the_next_pages_note_area(next_pitch):
    doc = layoutpdf.parse(_pdf(next_pitch))
    notes = {f.marker: f for f in doc.footnotes}
    assert notes["5"].text.startswith("Read a pickled") and notes["5"].text.endswith(NOTE_END)
    assert "note continued on the next page" in notes["5"].reasons
    assert notes["6"].text == NEXT_NOTE and notes["6"].anchor_element_id is not None
    md = doc.to_markdown()
    assert "[^6]: " + NEXT_NOTE in md and md.count("wrote earlier") == 1
