"""Statements whose labels end in dot leaders, or whose amounts hold their `$` in the cell,
are tables with their labels (issue 39): a contents list is told from a statement by what
its leaders lead to (page references, not amounts), and a label column whose rows carry
"$ 99,247" beside them is no prose set beside the table (`filings_leaders_pdfs`)."""
from __future__ import annotations

import pytest

import layoutpdf
from filings_leaders_pdfs import (CONTENTS, LEADER_ROWS, SIGN_ROWS, WRAPPED_LABEL, leader_contents_pdf,
                                  leader_statement_pdf, sign_cell_statement_pdf)
from layoutpdf.extract.table_grid import Grid
from layoutpdf.extract.table_numbers import is_number
from layoutpdf.extract.table_prose import contents_refusal


def _one_table(pdf: bytes):
    d = layoutpdf.parse(pdf)
    assert len(d.tables) == 1, [t.rows for t in d.tables]
    return d, d.tables[0]


def _expected(label: str, amounts: tuple[str, ...], sign: bool) -> tuple[str, ...]:
    return (label,) + tuple(f"$ {v}" if sign else v for v in amounts)


@pytest.mark.parametrize("glued", [False, True])
def test_a_statement_with_dot_leaders_is_one_table_with_its_labels(glued):
    """The leaders lead to amounts ($, thousands separators, parentheses, three columns):
    the statement is a table, every label on the row of its amounts, the dots taken out.
    Leaders pad every label to one length: the footnote line right under them does not
    make the label column a column of prose. The dots may follow the label's last word
    with or without a space."""
    _, t = _one_table(leader_statement_pdf(glued))
    body = t.rows[t.header_rows:]
    for label, amounts, sign in LEADER_ROWS:
        assert _expected(label, amounts, sign) in body, body
    assert not any("...." in c for row in t.rows for c in row)


def test_a_statement_with_dot_leaders_puts_each_label_next_to_its_amount_in_markdown():
    md = layoutpdf.parse(leader_statement_pdf()).to_markdown()
    for label, amounts, _ in LEADER_ROWS:
        at = md.index(label)
        assert amounts[0] in md[at:at + 120], md[at:at + 200]


@pytest.mark.parametrize("glued", [False, True])
def test_a_table_of_contents_with_dot_leaders_is_refused_with_its_reason(glued):
    """Leaders that lead to page numbers (one small plain number a row) make a contents
    list: no table, and its entries say why their text stayed text."""
    d = layoutpdf.parse(leader_contents_pdf(glued))
    assert not d.tables
    entries = [e for e in d.elements if any(title in e.text for _, title, _ in CONTENTS)]
    assert len(entries) == len(CONTENTS)
    assert all(any("table of contents" in r for r in e.reasons) for e in entries), \
        [e.reasons for e in entries]


def _grid(rows: list[list[str]]) -> Grid:
    ncols = len(rows[0])
    return Grid(bbox=(0, 0, 100, 10 * len(rows)), rows=rows, col_edges=[10.0 * c for c in range(ncols + 1)],
                row_edges=[10.0 * r for r in range(len(rows) + 1)], spans=[], header_rows=0,
                strategy="text", score=1.0, reasons=[])


@pytest.mark.parametrize("rows, contents", [
    ([["Business .......", "4"], ["Risk Factors .......", "12"], ["Properties ......", "26"]], True),
    ([["Balance Sheets .......", "F-3"], ["Statements of Income ......", "F-4"],
      ["Notes ......", "F-8"]], True),
    ([["Introduction ....... 1"], ["Methods ....... 7"], ["Results ....... 19"]], True),
    ([["Net revenue .......", "$", "35,034"], ["Cost of revenue .......", "", "14,382"],
      ["Net income .......", "$", "6,860"]], False),
    ([["Interest expense .......", "(692)"], ["Other income ......", "564"],
      ["Earnings per share ......", "0.22"]], False),
    ([["Revenue .......", "564", "412"], ["Costs ......", "302", "288"], ["Other ......", "12", "-"]], False),
])
def test_leaders_to_page_references_make_a_contents_list_and_to_amounts_a_statement(rows, contents):
    assert (contents_refusal(_grid(rows)) is not None) is contents


def test_a_statement_whose_amounts_hold_their_dollar_sign_keeps_its_label_column():
    """"$ 99,247" is an amount, so most label rows have one beside them: the label column
    is no prose of a text column, though the last label wraps below in a line of seven
    words."""
    _, t = _one_table(sign_cell_statement_pdf())
    body = t.rows[t.header_rows:]
    for label, amounts, sign in SIGN_ROWS:
        if amounts:
            assert _expected(label, amounts, sign) in body, body
    assert body[-1][0].startswith(WRAPPED_LABEL[0])
    assert "without the prose of the column beside it" not in t.reasons


@pytest.mark.parametrize("text, number", [
    ("$ 99,247", True), ("$ (1,234)", True), ("($ 12)", True), ("€ 1.50", True), ("$", False),
    ("$ and", False), ("US$", False),
])
def test_a_currency_sign_set_apart_belongs_to_its_number(text, number):
    assert is_number(text) is number
