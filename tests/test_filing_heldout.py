"""Statements of issue 39's held-out seeds are tables with their labels
(`filings_heldout_pdfs`)."""
from __future__ import annotations

import pytest

import layoutpdf
from filings_heldout_pdfs import (EQUITY_ROWS, LONG_ROWS, RECON_ROWS, ZEBRA_LAST, bottom_aligned_pdf, equity_section_pdf, long_leader_statement_pdf,
                                  zebra_last_wrap_pdf)


def _rows(pdf: bytes) -> list[tuple[str, ...]]:
    d = layoutpdf.parse(pdf)
    return [row for t in d.tables for row in t.rows]


def test_long_labels_padded_by_dot_leaders_are_no_column_of_prose():
    """Leaders pad every label, long or short, to about one length: measured with them the
    label lines look like a column of running text (wordy, even), and the footnote under
    the statement looks like that text going on. Measured without their fill they are
    labels: each stays on the row of its amounts."""
    rows = _rows(long_leader_statement_pdf())
    for label, amounts, sign, _ in LONG_ROWS:
        first = f"$ {amounts[0]}" if sign else amounts[0]
        assert any(r[0] == label and first in r[1:] for r in rows), (label, rows)


def test_a_wrapped_row_label_under_two_label_lines_is_no_third_stacked_group_label():
    """"Commitments and contingencies (Note 12)" and "Stockholders' equity:" stand alone
    on their rows; the next line is the first line of a row label whose amounts stand on
    its last line. It is counted as that row's label, not as a third group label in a row
    that would end the statement: the equity rows stay in one table with their labels."""
    d = layoutpdf.parse(equity_section_pdf())
    assert len(d.tables) == 1, [t.rows for t in d.tables]
    rows = d.tables[0].rows
    for lines, amounts, _ in EQUITY_ROWS:
        if amounts:
            label = " ".join(lines)
            assert any(r[0] == label and r[1] == amounts[0] for r in rows), (label, rows)


@pytest.mark.parametrize("leaders", [False, True])
def test_last_row_label_wrapped_below_the_rules_keeps_its_rest(leaders):
    """The bands and rules end with the last row's first line; the rest of its label
    ("equity") stands one line under it in the label column and reads on from it: it is
    taken with the table's closing rows, into that row's label. Dot leaders after it
    ("equity .........") end no sentence."""
    d = layoutpdf.parse(zebra_last_wrap_pdf(leaders=leaders))
    label = " ".join(ZEBRA_LAST[0])
    rows = [r for t in d.tables for r in t.rows]
    assert any(r[0] == label and r[1] == ZEBRA_LAST[1][0] for r in rows), rows


def test_label_wrapped_onto_its_amounts_under_a_row_with_amounts_is_a_row_of_its_own():
    """"Amortization of acquired intangible" hangs indented under "GAAP net income" and its
    amounts, but the next line reads on from it and sets amounts in the same columns: a
    row has one set of amounts, so the label line heads that next row."""
    d = layoutpdf.parse(bottom_aligned_pdf())
    rows = [r for t in d.tables for r in t.rows]
    for lines, amounts, _ in RECON_ROWS:
        label = " ".join(lines)
        assert any(r[0] == label and r[1] == amounts[0] for r in rows), (label, rows)


def test_a_statistic_under_the_last_row_is_no_rest_of_its_label():
    """A line in the label column under the last row that starts in lower case but states
    a test ("t = 2.31, p = 0.02") is no wrapped label: it stays out of the table."""
    statistic = "t = 2.31, p = 0.02"
    d = layoutpdf.parse(zebra_last_wrap_pdf(statistic))
    rows = [r for t in d.tables for r in t.rows]
    assert any(r[0] == " ".join(ZEBRA_LAST[0]) for r in rows), rows
    assert not any(statistic in c for r in rows for c in r), rows
