"""Statements ruled as filing software rules them (`filings_pdfs.segment_statements_pdf`):
every rule a row of abutting per-cell filled boxes, and the running head, each statement's
top and bottom and the page foot ruled across the full measure, so that every such rule
lines up with the next one down. Only the two rules around each statement bound a table:
the paragraphs between one statement and the next are no table's rows (issue 39 B)."""
from __future__ import annotations

import layoutpdf
from filings_pdfs import SEGMENT_ROWS, segment_statements_pdf


def _tables():
    d = layoutpdf.parse(segment_statements_pdf())
    return d, d.tables


def test_each_statement_between_full_measure_rules_is_a_table():
    """Two statements, each its own table; the prose around them stays prose."""
    d, tables = _tables()
    assert len(tables) == 2
    prose = " ".join(e.text for e in d.elements if e.role.name != "TABLE")
    assert "designs manufactures" in prose
    assert not any("designs manufactures" in c for t in tables for r in t.rows for c in r)


def test_every_amount_stays_on_the_row_of_its_label():
    """Each row keeps its label with its four amounts (the `$` cells joined to them), and
    no amount is left in the page's text."""
    d, tables = _tables()
    for t in tables:
        for label, amounts, _ in SEGMENT_ROWS:
            if amounts is None:
                continue
            row = next(r for r in t.rows if r[0].startswith(label))
            assert [c.replace("$", "").strip() for c in row[1:]] == [a.replace("$", "").strip() for a in amounts]
    prose = " ".join(e.text for e in d.elements if e.role.name != "TABLE")
    assert "12,418" not in prose and "(1,184)" not in prose
