"""A statement whose header cells are each ruled by their own border keeps its rows (issue
39 B; `filings_column_rules_pdfs`)."""
from __future__ import annotations

import layoutpdf
from filings_column_rules_pdfs import (DEBT_ROWS, GROUP, PRODUCT_ROWS, ROWS, cell_borders_pdf,
                                       column_rules_statement_pdf, long_labels_debt_pdf)


def _one_table_keeps_its_rows(pdf: bytes, expected_rows) -> None:
    """The page holds one table, each (label, amounts, sign) row its label and amounts
    (`$ ` before each amount of a row with a sign)."""
    tables = layoutpdf.parse(pdf).tables
    assert len(tables) == 1, [t.rows for t in tables]
    rows = {r[0]: r[1:] for r in tables[0].rows}
    for label, amounts, sign in expected_rows:
        expected = tuple(("$ " + a) if sign else a for a in amounts)
        assert rows.get(label) == expected, (label, rows.get(label), tables[0].rows)


def test_amount_columns_under_rules_of_their_own_are_the_rows_amounts():
    """The rules over and under the header break at the `$` cells between the columns, a
    clear gap wide, so each column stands under a rule of its own, as side-by-side tables
    do. A column whose lines all open with an amount is no table of its own, though: the
    statement is one table, each row its label and its two amounts. Before, it was cut
    into three tables (extract/table_regions.side_by_side_cuts), the label column came out
    as one paragraph and each amount column as a run of bare numbers."""
    _one_table_keeps_its_rows(column_rules_statement_pdf(), ROWS)


def test_an_indented_group_label_under_a_row_heads_the_rows_under_it():
    """"Adjustments to reconcile ... operating activities:", indented a few points under a
    row and its amounts, ends in a colon: it introduces the rows under it and is a row of
    its own, not the rest of the label above (extract/table_rows.hangs_under), which
    stays whole with its amounts."""
    rows = layoutpdf.parse(column_rules_statement_pdf()).tables[0].rows
    assert (GROUP, "", "") in rows, rows
    assert ("Net income from continuing operations before allocation to noncontrolling interests",
            "7,895", "17,756") in rows, rows


def test_a_table_whose_line_items_are_long_is_no_prose():
    """Line items longer than a cell's usual words ("Notes due 2030-2034 (4.1% for 2023 and
    2.9% for 2022)") in the first column, amounts in the others: a table, each row its
    label and amounts. Before, the long labels (more than a quarter of the cells) made the
    region "lines of prose side by side" (extract/tables._regular): the labels came out
    as one paragraph and the amounts as a run of numbers."""
    _one_table_keeps_its_rows(long_labels_debt_pdf(), DEBT_ROWS)


def test_rows_bordered_cell_by_cell_are_one_table():
    """Each cell is bordered on its own, a few points apart (an EDGAR converter's HTML
    table): the pieces of each row's rule are one rule, and each product's row keeps its
    amounts. Before, each column's stack of pieces was a ruled region of its own
    (extract/table_rules._stack_rules), the text columns one table and the amounts,
    refused alone, apart from them. (Written for branch borders39, superseded by
    table_rules._bordered_rows.)"""
    tables = layoutpdf.parse(cell_borders_pdf()).tables
    rows = [r for t in tables for r in t.rows]
    for label, indication, amounts in PRODUCT_ROWS:
        assert any(r[0].startswith(label) and r[-2:] == amounts for r in rows), (label, rows)
