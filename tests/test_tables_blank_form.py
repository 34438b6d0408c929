"""A printed form to fill in (issue 37): a ruled grid, labels in the left column and
the value column empty, row rules across both columns, one inner vertical rule the
grid's height and a frame around it. Every cell is closed by drawn rules, so the value
column exists because its rules draw it, although no text fills it. Drawn here with
PyMuPDF (Helvetica, points, top-left origin)."""
from __future__ import annotations

import pymupdf

import layoutpdf

LEFT, MID, RIGHT = 72.0, 250.0, 540.0
ROW_H = 22.0
SIZE = 10.0
LABELS = ["Name of applicant", "Date of birth", "Street address", "City and postal code",
          "Telephone number", "E-mail address", "Membership number", "Signature"]
VALUES = ["Jane Q. Public", "12 March 1980", "14 Elm Street", "Springfield 12345",
          "555 0100", "jane@example.org", "A-20417", "J. Public"]
PROSE_ABOVE = ("Please complete every field of the form below in block capitals and return it "
               "to the membership office before the end of the month.")
PROSE_BELOW = ("Applications received after the closing date will be considered for the following "
               "year. The office will confirm receipt of your application by post.")


def _form(values: list[str] | None = None, rules: bool = True, boxes: bool = False) -> bytes:
    """Prose, the form (eight rows; the value column blank unless `values`), prose.
    Without `rules` the labels stand alone, a column of text and nothing drawn; with
    `boxes` each cell is drawn as a rectangle of its own (form software often does)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_textbox(pymupdf.Rect(LEFT, 60, RIGHT, 120), PROSE_ABOVE, fontsize=SIZE)
    top = 130.0
    bottom = top + ROW_H * len(LABELS)
    if boxes:
        for k in range(len(LABELS)):
            for a, b in ((LEFT, MID), (MID, RIGHT)):
                page.draw_rect(pymupdf.Rect(a, top + k * ROW_H, b, top + (k + 1) * ROW_H),
                               color=(0, 0, 0), width=0.6)
    elif rules:
        page.draw_rect(pymupdf.Rect(LEFT, top, RIGHT, bottom), color=(0, 0, 0), width=0.8)
        page.draw_line((MID, top), (MID, bottom), color=(0, 0, 0), width=0.8)
        for k in range(1, len(LABELS)):
            page.draw_line((LEFT, top + k * ROW_H), (RIGHT, top + k * ROW_H), color=(0, 0, 0), width=0.5)
    for k, label in enumerate(LABELS):
        base = top + k * ROW_H + 15
        page.insert_text((LEFT + 4, base), label, fontsize=SIZE)
        if values:
            page.insert_text((MID + 4, base), values[k], fontsize=SIZE)
    page.insert_textbox(pymupdf.Rect(LEFT, bottom + 20, RIGHT, bottom + 80), PROSE_BELOW, fontsize=SIZE)
    return doc.tobytes()


def test_blank_ruled_form_is_a_table_with_an_empty_value_column():
    """The blank form is one table of eight rows and two columns: the labels, then the
    value cells the rules draw, all empty; the prose above and below stays prose."""
    for boxes in (False, True):
        d = layoutpdf.parse(_form(boxes=boxes))
        assert len(d.tables) == 1, boxes
        t = d.tables[0]
        assert [list(r) for r in t.rows] == [[label, ""] for label in LABELS], boxes
        assert t.bbox.y0 > 120 and t.bbox.y1 < 130 + ROW_H * len(LABELS) + 15, boxes


def test_filled_ruled_form_is_a_table_with_its_values():
    d = layoutpdf.parse(_form(VALUES))
    assert len(d.tables) == 1
    assert [list(r) for r in d.tables[0].rows] == [[a, b] for a, b in zip(LABELS, VALUES)]


def test_labels_without_rules_are_no_table():
    """The same labels with nothing drawn: no rule draws a value column, and a column of
    labels alone is no table."""
    assert not layoutpdf.parse(_form(rules=False)).tables
