"""Stitch: a statement's title set in the body font with no full stop, right above its
table ("Consolidated Statements of Operations"), names the table; it is not the start of
a sentence that goes on in the paragraph after the table (issue 39, C). Drawn here with
PyMuPDF (Helvetica, points, top-left origin)."""
from __future__ import annotations

import pymupdf

import layoutpdf
from layoutpdf.model import Role

from ruled_statement_pdfs import ruled_statement

TITLE = "Consolidated Statements of Operations"
AFTER = ("The accompanying notes are an integral part of these statements and should be read "
         "together with the discussion of results in the preceding section of this report.")
ROWS = [("Revenues", "12,734", "27,742"), ("Cost of sales", "3,904", "8,032"),
        ("Selling, general and administrative expenses", "3,355", "3,427"),
        ("Research and development expenses", "2,720", "2,547"), ("Net income", "2,327", "9,906")]


def _page(title: str = TITLE) -> bytes:
    """Prose, the title line, a ruled statement right under it, a paragraph after it that
    starts flush left with a capital."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 72.0
    for line in ("We report our results of operations for the periods presented below, in",
                 "millions of dollars, as required by the rules of the Commission for quarterly reports."):
        page.insert_text((72, y), line, fontsize=10)
        y += 12
    y += 10
    page.insert_text((72, y), title, fontsize=10)
    y = ruled_statement(page, y + 4, ROWS) + 14
    words, line = AFTER.split(), ""
    for w in words:
        if pymupdf.get_text_length(line + " " + w, fontsize=10) > 468:
            page.insert_text((72, y), line, fontsize=10)
            y, line = y + 12, w
        else:
            line = (line + " " + w).strip()
    page.insert_text((72, y), line, fontsize=10)
    return doc.tobytes()


def test_a_title_line_right_above_a_table_is_not_joined_to_the_text_after_it():
    """The title stays a block of its own before the table; the paragraph after the
    table starts with its own first words, and the Markdown reads title, table,
    paragraph."""
    d = layoutpdf.parse(_page())
    assert len(d.tables) == 1
    texts = [e.text for e in d.elements if e.role is not Role.TABLE]
    assert not any(TITLE in t and "accompanying notes" in t for t in texts), texts
    assert any(t.startswith("The accompanying notes") for t in texts), texts
    md = d.to_markdown()
    assert md.index(TITLE) < md.index("| Revenues") < md.index("The accompanying notes")
