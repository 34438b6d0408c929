"""A statement a page break leaves two rows of at the top of the next page (issue 39 B):
"Capital expenditures  (436)  (47,593)" and "Free cash flow  $ 144  $ 311". Two rows that each hold a label and two amounts or more, their amounts
ending in the same columns, are a table though a borderless one needs three aligned rows;
it continues the statement that ends the page before (its label column's right boundary
moves with the labels each piece holds, its amount columns do not). Two lines of prose
with figures in them stay prose. Drawn with PyMuPDF (Helvetica 10 pt, points, top-left
origin)."""
from __future__ import annotations

import pymupdf

import layoutpdf

RIGHTS = (330, 410, 490, 570)            # right edges of the four amount columns
ROWS = [("GAAP net income", "420", "89,819", "521", "75,986"),
        ("Amortization of acquired intangible assets", "82,446", "753", "39,990", "596"),
        ("Restructuring and related charges", "296", "516", "1,739", "7,189"),
        ("Acquisition-related costs", "266", "670", "15,613", "12,887"),
        ("Litigation settlement", "974", "667", "847", "94,984"),
        ("Stock-based compensation", "46,509", "38,603", "20,203", "809"),
        ("Depreciation and amortization", "98,184", "93,480", "917", "24,592")] * 6 + [
        ("Net cash provided by operating activities", "629", "46,428", "35,417", "91,329")]
OVERLEAF = [("Capital expenditures", "(436)", "(47,593)", "(41,128)", "(33,440)"),
            ("Free cash flow", "$ 144", "$ 311", "$ 239", "$ 2,709")]
PROSE = ("We believe that our cash, cash equivalents and short-term investments, together with 1,250",
         "million of cash from operations in 2023, will be sufficient to meet our liquidity needs.")


def _row(page: pymupdf.Page, y: float, row: tuple[str, ...]) -> None:
    page.insert_text((72, y), row[0], fontsize=10)
    for right, value in zip(RIGHTS, row[1:]):
        page.insert_text((right - pymupdf.get_text_length(value, fontsize=10), y), value, fontsize=10)


def _release() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 72), "Reconciliation of GAAP to Non-GAAP Financial Measures", fontsize=11, fontname="hebo")
    for right, year in zip(RIGHTS, ("2023", "2022", "2023", "2022")):
        page.insert_text((right - pymupdf.get_text_length(year, fontsize=10), 96), year, fontsize=10)
    y = 112.0
    for row in ROWS[:48]:
        _row(page, y, row)
        y += 13
    page.insert_text((300, 760), "4", fontsize=9)
    page = doc.new_page(width=612, height=792)
    y = 72.0
    for row in OVERLEAF:
        _row(page, y, row)
        y += 13
    y += 16
    for line in PROSE:
        page.insert_text((72, y), line, fontsize=10)
        y += 13
    page.insert_text((300, 760), "5", fontsize=9)
    return doc.tobytes()


def test_two_rows_overleaf_continue_the_statement():
    d = layoutpdf.parse(_release())
    assert d.tables, d.to_markdown()
    rows = [list(r) for r in d.tables[0].rows]
    assert ["Capital expenditures", "(436)", "(47,593)", "(41,128)", "(33,440)"] in rows, rows[-3:]
    assert ["Free cash flow", "$ 144", "$ 311", "$ 239", "$ 2,709"] in rows, rows[-3:]
    assert rows.index(["Free cash flow", "$ 144", "$ 311", "$ 239", "$ 2,709"]) == len(rows) - 1


def test_two_lines_of_prose_with_figures_stay_prose():
    d = layoutpdf.parse(_release())
    assert " ".join(PROSE) in [e.text for e in d.elements], [e.text[:60] for e in d.elements if e.page == 1]
