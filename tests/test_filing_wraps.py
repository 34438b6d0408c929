"""Row labels wrapped over three lines and more stay with their amounts, in one table
(`filings_wraps_pdfs`; issue 39, seeds 40-45 of the filings benchmark)."""
from __future__ import annotations

import layoutpdf
from layoutpdf.extract.table_numbers import goes_on
from filings_wraps_pdfs import (CASH_GOES_ON, COMMON_BOTTOM, COMMON_TOP, EQUITY_BOTTOM, EQUITY_TOP, INCOME_BARE,
                                INCOME_TOP, TOTAL_BOTTOM, WEIGHTED, ZEBRA_ROWS, label, statement_pdf, zebra_pdf)


def _rows(pdf: bytes) -> list[tuple[str, ...]]:
    return [row for t in layoutpdf.parse(pdf).tables for row in t.rows]


def _has(rows: list, row: tuple) -> bool:
    """A row of the tables holds the label whole, and its first amount right after it."""
    return any(r[0] == label(row) and r[1] == row[2][0] for r in rows)


def test_a_clause_after_a_semicolon_goes_on_though_it_starts_with_a_figure():
    """"value: 900 shares authorized;" / "486 and 491 shares issued and": a row label ends
    in no semicolon; it parts the clauses of one label, so the line under it goes on with
    it though it starts with a figure (cells aligned to the top, amounts on the first
    line): no row of its own without amounts."""
    rows = _rows(statement_pdf(EQUITY_TOP, "top"))
    assert _has(rows, COMMON_TOP), rows
    assert not any(r[0].startswith("486") for r in rows), rows


def test_a_bullet_after_a_semicolon_starts_the_next_item():
    """A list set in a cell ends its items in semicolons: the line a bullet opens is the
    next item, not the rest of the label above."""
    assert goes_on("value: 900 shares authorized;", "486 and 491 shares issued and")
    assert not goes_on("(hypoaldosteronism) ;", "\u2022 Distal tubular acidosis (type 1)")


def test_the_last_rows_label_wrapped_under_its_amounts_over_three_lines_is_read_whole():
    """The statement's last row sets its amounts on the first of four label lines: the
    lines hang under it, further down than the margin of the band of aligned rows
    reaches; the band goes down to them, and the table takes them in."""
    rows = _rows(statement_pdf(INCOME_TOP, "top"))
    assert _has(rows, WEIGHTED), rows


def test_a_row_label_over_four_lines_above_its_amounts_heads_its_row():
    """Cells aligned to the bottom: after a row without amounts and a group label, a label
    stands on three lines above the line with its amounts. Its first line heads that row
    (it reads on, line by line, into it): no third group label ending the statement."""
    d = layoutpdf.parse(statement_pdf(EQUITY_BOTTOM, "bottom"))
    assert len(d.tables) == 1, [t.rows for t in d.tables]
    rows = d.tables[0].rows
    for row in EQUITY_BOTTOM:
        if row[2]:
            assert _has(rows, row), (label(row), rows)
    assert _has(rows, COMMON_BOTTOM)


def test_a_page_a_statement_goes_on_to_opens_with_a_label_line():
    """The page opens with the first line of an indented row's label, its amounts on the
    next line; after two rows the next group label stands out one indent from that first
    line (two from the rows' last lines). The first line marks the label column's left
    edge, so the group label lies in it: one table, the first row's label whole."""
    d = layoutpdf.parse(statement_pdf(CASH_GOES_ON, "bottom", continued=True))
    assert len(d.tables) == 1, [t.rows for t in d.tables]
    rows = d.tables[0].rows
    for row in CASH_GOES_ON:
        if row[2]:
            assert _has(rows, row), (label(row), rows)


def test_a_closing_row_whose_label_stands_above_its_amounts_is_taken():
    """Under the last band and rule, the last row's label stands on a line of its own
    above the line with its amounts (cells aligned to the bottom): the closing row is
    taken, label and all."""
    rows = _rows(zebra_pdf(ZEBRA_ROWS, [TOTAL_BOTTOM], "bottom"))
    assert _has(rows, TOTAL_BOTTOM), rows


def test_the_lines_a_closing_rows_label_wraps_onto_count_as_no_rows():
    """Two bare rows under the last band, the last one's label wrapped over four lines
    under its amounts: the lines are the rest of one row's label, not closing rows of
    their own, and do not use up the rows a table may close with."""
    rows = _rows(zebra_pdf(ZEBRA_ROWS, INCOME_BARE, "top"))
    for row in INCOME_BARE:
        assert _has(rows, row), (label(row), rows)
