"""Group and section labels outnumbering the rows of amounts they head, every row ruled
(issue 39 B; fixture: tests/statement_group_pdfs.py): a table, each row of amounts under
its labels, not runs of bare numbers."""
from __future__ import annotations

import layoutpdf
from statement_group_pdfs import AMOUNT_LABELS, COLUMNS, SECTIONS, maturity_table


def test_a_statement_of_more_labels_than_amount_rows_is_a_table(tmp_path):
    path = tmp_path / "maturity.pdf"
    maturity_table(path)
    tables = layoutpdf.parse(str(path), {"ocr": {"mode": "never"}}).tables
    assert len(tables) == 1
    t = tables[0]
    assert list(t.rows[0][1:]) == list(COLUMNS)
    body = [[c.lstrip("$ ") for c in r if c.lstrip("$ ")] for r in t.rows[t.header_rows or 1:]]
    expected = []
    for section, group, item, amounts, rates in SECTIONS:
        expected += [[section], [group], [item], [AMOUNT_LABELS[0], *amounts], [AMOUNT_LABELS[1], *rates]]
    assert body == expected


def test_prose_between_two_rules_is_no_statement():
    """Lines that carry no amounts, or lines of running text, are no group labels."""
    from layoutpdf.extract.table_numbers import labelled_amounts
    rows = [["Foreign Exchange Risk", ""], ["Principal payments", "$ 6"], ["Average interest rate", "2.4%"]]
    assert labelled_amounts(rows)
    assert not labelled_amounts(rows[:2])                     # one row of amounts
    assert not labelled_amounts([["The Company hedges its exposure to foreign currency risk.", ""]] + rows[1:])
    assert not labelled_amounts([["Risk", ""], ["Principal payments", "see below"], ["Rate", "2.4%"]])
