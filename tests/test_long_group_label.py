"""A statement's group label too long for its label column runs on over the amount columns
(issue 39 B): "Adjustments to reconcile net income to net cash provided by operating
activities:", alone on its row, ending in a colon, under "Net income ... $ 31,206". It is a
group label between the statement's rows; the rows above it stay in the table with their
years (they were read as prose, the amounts apart from "Net income"). Drawn with PyMuPDF
(Times 10 pt, points, top-left origin), as an office suite sets a cash-flow statement with
tab stops."""
from __future__ import annotations

import pymupdf

import layoutpdf

RIGHTS = (398, 466, 534)
GROUP = "Adjustments to reconcile net income to net cash provided by operating activities:"
ROWS = [("Depreciation and amortization", "423", "72,359", "809"),
        ("Stock-based compensation expense", "613", "537", "150"),
        ("Deferred income taxes", "(308)", "(31,766)", "(640)"),
        ("Accounts receivable", "(1,204)", "2,310", "(96)")]


def _right(page: pymupdf.Page, x: float, y: float, text: str) -> None:
    page.insert_text((x - pymupdf.get_text_length(text, fontname="tiro", fontsize=10), y), text,
                     fontname="tiro", fontsize=10)


def _statement() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((205, 88), "Consolidated Statements of Cash Flows", fontname="tibo", fontsize=12)
    for right, year in zip(RIGHTS, ("2023", "2022", "2021")):
        _right(page, right, 115, year)
    page.insert_text((72, 128), "Cash flows from operating activities:", fontname="tiro", fontsize=10)
    page.insert_text((83, 141), "Net income", fontname="tiro", fontsize=10)
    for right, value in zip(RIGHTS, ("$ 31,206", "$ 35,380", "$ 94,427")):
        _right(page, right, 141, value)
    page.insert_text((83, 154), GROUP, fontname="tiro", fontsize=10)   # runs past the first amount column
    y = 167.0
    for label, *amounts in ROWS:
        page.insert_text((94, y), label, fontname="tiro", fontsize=10)
        for right, value in zip(RIGHTS, amounts):
            _right(page, right, y, value)
        y += 13
    return doc.tobytes()


def test_a_long_group_label_keeps_the_rows_above_it_in_the_statement():
    d = layoutpdf.parse(_statement())
    assert len(d.tables) == 1, d.to_markdown()
    rows = [list(r) for r in d.tables[0].rows]
    assert ["Net income", "$ 31,206", "$ 35,380", "$ 94,427"] in rows, rows
    assert [GROUP, "", "", ""] in rows, rows
    assert ["Depreciation and amortization", "423", "72,359", "809"] in rows, rows
