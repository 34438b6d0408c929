"""Note marks inside table cells ('Accuracy¹' in the header, '6.8*' in a cell) bind to the
page-foot notes with their markers; the notes are written under the table with its own
notes, so a chunk holding the table holds them, and the marks stay in their cells (issue
#31, class 7). A raised digit after a number in a cell ('10³') is a power, not a mark."""
from __future__ import annotations

import pymupdf

import layoutpdf

NOTES = {"1": "Measured on the held-out test set of each corpus.",
         "*": "Fewer entries were linked because their titles are missing."}
BODY = ("The corpus is parsed by two systems and the counts of what each one finds are set "
        "out in the table below for every kind of item. ")


def _cell(page, x: float, y: float, text: str, mark: str = "") -> None:
    page.insert_text((x, y), text, fontname="helv", fontsize=9)
    if mark:
        x += pymupdf.get_text_length(text, "helv", 9)
        page.insert_text((x + 0.5, y - 3.5), mark, fontname="helv", fontsize=6)


def _page(power_note: bool = False) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 80
    for _ in range(6):
        page.insert_text((72, y), BODY[:95], fontname="tiro", fontsize=10)
        y += 12
    rows = [("Statistic", "Parser", "Accuracy"), ("Paragraphs", "9.9", "93.3"),
            ("Cite spans", "45.2", "46.8"), ("Linked entries", "19.3", "6.8"),
            ("Area (m2)", "10", "12")]
    marks = {(0, 2): "1", (3, 2): "*", (4, 1): "3"}     # (4, 1): '10³', a power
    cols = (140.0, 300.0, 400.0, 480.0)
    top = y + 10
    y = top
    for r, row in enumerate(rows):
        page.draw_line((cols[0], y), (cols[-1], y), width=0.8 if r == 0 else 0.4)
        for c, text in enumerate(row):
            _cell(page, cols[c] + 5, y + 12, text, marks.get((r, c), ""))
        y += 17
    page.draw_line((cols[0], y), (cols[-1], y), width=0.8)
    y += 30
    for _ in range(8):
        page.insert_text((72, y), BODY[:95], fontname="tiro", fontsize=10)
        y += 12
    page.draw_line((72, 700), (200, 700), width=0.4)
    extra = {"3": "A note that no mark in the table points to."} if power_note else {}
    for k, (mark, text) in enumerate({**NOTES, **extra}.items()):
        page.insert_text((72, 711 + 11 * k), mark, fontname="tiro", fontsize=5)
        page.insert_text((78, 714 + 11 * k), text, fontname="tiro", fontsize=8)
    return doc.tobytes()


def test_marks_in_table_cells_bind_and_their_notes_follow_the_table():
    doc = layoutpdf.parse(_page())
    (table,) = doc.tables
    notes = {f.marker: f for f in doc.footnotes}
    assert set(notes) == set(NOTES)
    for mark, text in NOTES.items():
        assert notes[mark].anchor_element_id == table.element_id, mark
        assert f"{mark} {text}" in table.footnotes
    md = doc.to_markdown()
    grid_end = md.index("| Linked entries")
    for text in NOTES.values():
        assert md.count(text) == 1 and md.index(text) > grid_end
    assert ("6.8\\*" in md or "6.8*" in md) and "Accuracy1" in md.replace(" ", "")


def test_a_raised_digit_after_a_number_in_a_cell_is_a_power():
    doc = layoutpdf.parse(_page(power_note=True))
    notes = {f.marker: f for f in doc.footnotes}
    assert notes["3"].anchor_element_id is None
