"""Stitch: text set right above a table (a statement's unit line, column heads its region
missed, the words that introduce it) ends there; it does not go on in the paragraph after
the table on the same page, nor on the next page (issue 39, C and F). A word processor or a
browser sets a table between paragraphs, never inside one. Text that reads on after the
table in the same sentence starts lowercase and is still joined. Drawn with PyMuPDF
(Helvetica, points, top-left origin)."""
from __future__ import annotations

import pymupdf

import layoutpdf
from layoutpdf.model import Role

from ruled_statement_pdfs import ruled_statement

ROWS = [("Revenues", "12,734", "27,742"), ("Cost of sales", "3,904", "8,032"),
        ("Selling, general and administrative expenses", "3,355", "3,427"),
        ("Research and development expenses", "2,720", "2,547"), ("Net income", "2,327", "9,906")]
UNIT = ("Amounts in millions of U.S. dollars, except per share amounts and", "the number of shares")
NOTES = "See Notes to Consolidated Financial Statements."
INTRO = ("The following heads name the periods of the reconciliation under them,",
         "by quarter and by year to date")


def _unit_lines_over_a_statement() -> bytes:
    """Title, a two-line unit line with no full stop right over the table, the statement's
    'See Notes' line under it."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 72), "Consolidated Statements of Operations", fontsize=10, fontname="hebo")
    page.insert_text((72, 88), UNIT[0], fontsize=10)
    page.insert_text((72, 102), UNIT[1], fontsize=10)
    y = ruled_statement(page, 108, ROWS)
    page.insert_text((72, y + 14), NOTES, fontsize=10)
    return doc.tobytes()


def _table_at_the_foot(after: tuple[str, str]) -> bytes:
    """Two lines with no full stop right over a table that ends the page; `after` opens
    the next page, flush left."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 72), "Reconciliation of GAAP to Non-GAAP Financial Measures", fontsize=10,
                     fontname="hebo")
    page.insert_text((72, 600), INTRO[0], fontsize=10)
    page.insert_text((72, 614), INTRO[1], fontsize=10)
    ruled_statement(page, 620, ROWS * 2)
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 72), after[0], fontsize=10)
    page.insert_text((72, 86), after[1], fontsize=10)
    return doc.tobytes()


def _texts(pdf: bytes) -> list[str]:
    return [e.text for e in layoutpdf.parse(pdf).elements if e.role is not Role.TABLE]


def test_a_unit_line_over_a_table_is_not_joined_to_the_line_under_it():
    d = layoutpdf.parse(_unit_lines_over_a_statement())
    assert len(d.tables) == 1
    texts = [e.text for e in d.elements if e.role is not Role.TABLE]
    assert " ".join(UNIT) in texts, texts
    assert NOTES in texts, texts
    md = d.to_markdown()
    assert md.index(UNIT[1]) < md.index("| Revenues") < md.index(NOTES)


def test_text_over_a_table_that_ends_the_page_does_not_go_on_overleaf():
    after = ("Free cash flow is a non-GAAP measure that we define as net cash provided by operating",
             "activities less capital expenditures.")
    texts = _texts(_table_at_the_foot(after))
    assert " ".join(INTRO) in texts, texts
    assert " ".join(after) in texts, texts


def test_a_sentence_that_reads_on_after_the_table_is_still_joined():
    after = ("of the statement above, as the notes to the financial statements explain for each",
             "period presented.")
    texts = _texts(_table_at_the_foot(after))
    assert " ".join(INTRO + after) in texts, texts
