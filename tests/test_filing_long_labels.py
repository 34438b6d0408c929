"""A section of a statement whose row labels are all long keeps its labels (issue 39;
office-suite benchmark seed 43: a word processor's cash-flow table, its investing section
"Purchases of property and equipment" / "Acquisitions, net of cash acquired" / ...). Each
label is wider than a short piece (`extract/table_words.SHORT_PIECE` of the text width), so
the aligned rows' short phrases are their amounts alone. When the run of rows above ends at
the section's group label (set out further left than the label column reaches), the
section's rows make a region of their own; its box now reaches the label set left of a
row's amounts (`table_words._long_labels`). Before, the section was a
table of bare amounts under a paragraph of its labels. The page is drawn here in the
geometry LibreOffice gave that table (Arial 10 pt, pitch 15 pt)."""
from __future__ import annotations

from functools import partial

import pymupdf

import layoutpdf
from filings_pdfs import right_at, text_at

SIZE = 10.0
text = partial(text_at, size=SIZE, font="helv")
right = partial(right_at, size=SIZE, font="helv")
COLUMNS = (402.0, 470.0, 539.0)
SECTIONS = (
    ("Cash flows from operating activities:", (
        ("Net income", ("$74,092", "$521", "$828")),
        ("Depreciation and amortization", ("195", "28,796", "664")),
        ("Deferred income taxes", ("(4,447)", "(81,253)", "(30,000)")),
        ("Net cash provided by operating activities", ("497", "76,574", "51,140")))),
    ("Cash flows from investing activities:", (
        ("Purchases of property and equipment", ("(622)", "(405)", "(54,729)")),
        ("Acquisitions, net of cash acquired", ("(49,987)", "(78,003)", "(262)")),
        ("Purchases of marketable securities", ("(93,699)", "(44,139)", "(44,559)")),
        ("Proceeds from maturities of marketable securities", ("33,869", "846", "959")),
        ("Net cash used in investing activities", ("(7,446)", "(47,318)", "(86,813)")))),
)


def _statement_pdf() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    text(page, 220, 90, "CONSOLIDATED STATEMENTS OF CASH FLOWS", font="hebo")
    for x1, year in zip(COLUMNS, ("2023", "2022", "2021")):
        right(page, x1, 120, year, font="hebo")
    y = 140.0
    for heading, rows in SECTIONS:
        text(page, 64, y, heading)      # outdented two ems: the run ends above it
        y += 15
        for label, amounts in rows:
            text(page, 84, y, label)
            for x1, amount in zip(COLUMNS, amounts):
                right(page, x1, y, amount)
            y += 15
    data = doc.tobytes()
    doc.close()
    return data


def test_rows_of_long_labels_keep_their_labels():
    rows = [r for t in layoutpdf.parse(_statement_pdf()).tables for r in t.rows]
    for _, section in SECTIONS:
        for label, amounts in section:
            assert any(r[0] == label and r[1] == amounts[0] for r in rows), (label, rows)
