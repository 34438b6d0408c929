"""Row labels set turned (90 degrees) in a ruled table, on two lines: "TA" / "urinaire",
"pH" / "urinaire" (a French textbook's table of acidoses). A turned word as short as
"TA" is about as tall as its line is wide; it was taken for a word set upright and
left out of the grid, and the table element held its line with the word in no cell:
lost with no Issue (issue 36). Both lines are the label (`table_words.turned_labels`);
and a table holds only the lines its cells read (`stages.tables._read_by`). Drawn with
PyMuPDF (Helvetica 9 pt, points, top-left origin)."""
from __future__ import annotations

import pymupdf

import layoutpdf

COLS = (150, 190, 300, 420, 540)
ROWS = (100, 130, 180, 230, 280)
HEADS = ("Diarrhée", "Proximale", "Distale")
BODY = [(("TA", "urinaire"), ("uuu", "v", "vvv")), (("pH", "urinaire"), ("<< 0", "peu modifié", "> 0")),
        (("Kaliémie",), ("basse", "basse", "haute"))]


def _table() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for x in COLS:
        page.draw_line((x, ROWS[0]), (x, ROWS[-1]))
    for y in ROWS:
        page.draw_line((COLS[0], y), (COLS[-1], y))
    for x, head in zip(COLS[1:], HEADS):
        page.insert_text((x + 5, 120), head, fontsize=9)
    for (label, values), y0, y1 in zip(BODY, ROWS[1:], ROWS[2:]):
        mid = (y0 + y1) / 2
        for k, line in enumerate(label):        # turned: read bottom to top, lines left to right
            x = COLS[0] + 12 + 11 * k
            page.insert_text((x, mid + pymupdf.get_text_length(line, fontsize=9) / 2), line, fontsize=9, rotate=90)
        for x, value in zip(COLS[1:], values):
            page.insert_text((x + 5, mid + 3), value, fontsize=9)
    return doc.tobytes()


def test_turned_two_line_row_labels_are_read_whole():
    d = layoutpdf.parse(_table())
    assert len(d.tables) == 1, d.to_markdown()
    labels = [row[0] for row in d.tables[0].rows[1:]]
    assert labels == [" ".join(label) for label, _ in BODY], d.tables[0].rows


def test_no_word_of_the_table_is_lost():
    d = layoutpdf.parse(_table())
    text = d.to_markdown()
    for label, values in BODY:
        for word in (*label, *values):
            assert word in text, (word, text)
