"""A row label wrapped onto three lines with its amounts on the last (cells aligned to the
bottom, as a browser prints an EDGAR statement), broken after a colon: "Common stock and
additional paid-in capital, $0.0001 par value:" / "900 shares authorized; 486 and 491
shares issued and" / "outstanding   569   44,496". The line under the colon opens with a
count in running words and hangs under the first, which is the widest of the label's
lines (broken for want of room): all three are the row's label, in one table with the
rows around it (issue 39 B). A group label over a row ("Current assets:" / "Cash ...")
stays a row of its own. Drawn with PyMuPDF (Helvetica 8 pt, points, top-left origin)."""
from __future__ import annotations

import pymupdf

import layoutpdf

SIZE = 8
LABEL = ("Common stock and additional paid-in capital, $0.0001 par value:",
         "900 shares authorized; 486 and 491 shares issued and", "outstanding")
ROWS = [  # (indent, label lines, amounts or None, currency signs)
    (0, ("Current liabilities:",), None, False),
    (8, ("Accounts payable",), ("8,331", "7,532"), False),
    (8, ("Accrued compensation and benefits",), ("1,453", "5,525"), False),
    (0, ("Long-term debt, net of current portion",), ("611", "323"), False),
    (0, ("Total liabilities",), ("10,395", "13,380"), True),
    (0, ("Stockholders' equity:",), None, False),
    (8, LABEL, ("569", "44,496"), False),
    (8, ("Retained earnings",), ("973", "638"), False),
    (8, ("Accumulated other comprehensive loss",), ("(9,263)", "(32,910)"), False),
    (0, ("Total liabilities and stockholders' equity",), ("$ 2,674", "$ 25,604"), False),
]


def _right(page: pymupdf.Page, x: float, y: float, text: str) -> None:
    page.insert_text((x - pymupdf.get_text_length(text, fontsize=SIZE), y), text, fontsize=SIZE)


def _statement() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((54, 60), "CONDENSED CONSOLIDATED BALANCE SHEETS (In millions)", fontsize=10, fontname="hebo")
    _right(page, 435, 80, "2023")
    _right(page, 556, 80, "2022")
    y = 96.0
    for indent, lines, amounts, signs in ROWS:
        for k, line in enumerate(lines):   # later lines of a label hang a further 9 pt in
            page.insert_text((54 + indent + (9 if k else 0), y), line, fontsize=SIZE)
            if k < len(lines) - 1:
                y += 9
        if amounts:                          # on the label's last line (bottom-aligned)
            for (sign_x, right_x), value in zip(((328, 435), (449, 556)), amounts):
                if signs:
                    page.insert_text((sign_x, y), "$", fontsize=SIZE)
                _right(page, right_x, y, value)
        y += 11
    return doc.tobytes()


def test_a_label_broken_after_its_colon_is_one_row_label():
    d = layoutpdf.parse(_statement())
    assert len(d.tables) == 1, d.to_markdown()
    rows = [list(r) for r in d.tables[0].rows]
    assert [" ".join(LABEL), "569", "44,496"] in rows, rows
    assert ["Retained earnings", "973", "638"] in rows, rows


def test_a_group_label_stays_its_own_row():
    rows = [list(r) for r in layoutpdf.parse(_statement()).tables[0].rows]
    assert ["Current liabilities:", "", ""] in rows, rows
    assert ["Accounts payable", "8,331", "7,532"] in rows, rows
