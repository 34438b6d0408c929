"""A row label that wraps right up to a currency sign set alone at the left of the amount
cell stays the row's label (issue 39 B). A word processor's table or an EDGAR '$' column
sets the sign at its cell's left edge, a cell padding from the label's cell, and a long
label ("Common stock and additional paid-in capital, $0.0001 par value: / 900 shares
authorized; ...") runs up to its cell's right edge: its wrapped line lies in the label
column though it ends less than an em before the sign. Drawn with PyMuPDF (Times, points,
top-left origin), as LibreOffice sets a statement in a table at 11 pt."""
from __future__ import annotations

import pymupdf

import layoutpdf

SIZE = 11
LABEL = ("Common stock and additional paid-in capital, $0.0001 par value:",
         "900 shares authorized; 486 and 491 shares issued and outstanding")
ROWS = [("Total liabilities", ("$", "84,893"), ("$", "26,714")),
        ("Commitments and contingencies (Note 12)", None, None),
        ("Stockholders' equity:", None, None),
        (LABEL, ("", "36,290"), ("", "136")),
        ("Retained earnings", ("", "169"), ("", "69,969")),
        ("Accumulated other comprehensive loss", ("", "(799)"), ("", "(37,203)")),
        ("Total stockholders' equity", ("", "992"), ("", "237")),
        ("Total liabilities and stockholders' equity", ("$", "792"), ("$", "529"))]
COLUMNS = ((390, 456), (466, 532))      # each amount cell: its sign's x, its amount's right edge


def _right(page: pymupdf.Page, x: float, y: float, text: str) -> None:
    page.insert_text((x - pymupdf.get_text_length(text, fontname="tiro", fontsize=SIZE), y), text,
                     fontname="tiro", fontsize=SIZE)


def _statement() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((74, 90), "Condensed Consolidated Balance Sheets (In millions)", fontname="tibo",
                     fontsize=SIZE)
    _right(page, 456, 110, "2023")
    _right(page, 532, 110, "2022")
    y = 130.0
    for label, *cells in ROWS:
        lines = label if isinstance(label, tuple) else (label,)
        page.insert_text((84, y), lines[0], fontname="tiro", fontsize=SIZE)
        for (sign_x, right_x), cell in zip(COLUMNS, cells):
            if cell:
                if cell[0]:
                    page.insert_text((sign_x, y), cell[0], fontname="tiro", fontsize=SIZE)
                _right(page, right_x, y, cell[1])
        for more in lines[1:]:          # the wrapped line, indented, ends ~6 pt before the sign
            y += 12
            page.insert_text((95, y), more, fontname="tiro", fontsize=SIZE)
        y += 17
    return doc.tobytes()


def test_the_wrapped_label_line_stays_in_its_row():
    d = layoutpdf.parse(_statement())
    assert len(d.tables) == 1, d.to_markdown()
    rows = [list(r) for r in d.tables[0].rows]
    assert [" ".join(LABEL), "36,290", "136"] in rows, rows
    assert ["Retained earnings", "169", "69,969"] in rows, rows
    assert not any(LABEL[1] in e.text for e in d.elements if e.role.name != "TABLE")
