"""A 10-K income statement as filings typeset it (`filings_pdfs.income_statement_pdf`):
zebra-shaded rows, a header stacking a period line over dates set on two lines, a group
label under the dates, a row label that wraps onto the line carrying its amounts, and a
last row with a long label under double rules (issue 39 B/D, issue 35 item 5)."""
from __future__ import annotations

import layoutpdf
from filings_pdfs import income_statement_pdf
from layoutpdf.render.markdown import header_labels


def _statement():
    d = layoutpdf.parse(income_statement_pdf())
    assert len(d.tables) == 1
    return d, d.tables[0]


def test_a_label_that_wraps_onto_the_line_of_its_amounts_is_one_row():
    """The label's first line carries no amounts; the line under it continues the label
    and carries them: one row, label whole, amounts beside it."""
    _, t = _statement()
    label = "Preferred stock, $0.001 par value; 10,000,000 shares authorized; none issued and outstanding"
    assert (label, "-", "-", "-") in t.rows
    assert not any(r[0].endswith("shares") for r in t.rows)


def test_the_period_line_over_the_dates_is_in_the_header():
    """"Years Ended" over the two-line dates is the upper level of the header: it heads
    the amount columns and is no paragraph of its own."""
    d, t = _statement()
    labels = header_labels([list(r) for r in t.rows], t.header_rows, t.spans)
    assert all(lab.startswith("Years Ended") for lab in labels[1:]), labels
    assert "Years Ended" not in " ".join(e.text for e in d.elements if e.role.name != "TABLE")


def test_a_group_label_under_the_dates_is_the_first_body_row():
    """"Revenue:" alone in the label column under the dates labels the rows below it, not
    the label column: it is the first row under the header."""
    _, t = _statement()
    assert not any(r[0] for r in t.rows[:t.header_rows])
    assert t.rows[t.header_rows] == ("Revenue:", "", "", "")


def test_a_last_row_with_a_long_label_under_double_rules_is_in_the_table():
    """The last row, unshaded, with a label longer than a cell's usual words and double
    rules under its amounts, closes the table."""
    d, t = _statement()
    assert t.rows[-1] == ("Shares used to compute diluted net income per share", "504,299", "507,164", "508,480")


def test_a_section_label_under_the_dates_is_no_header_label():
    """"ASSETS" on its own baseline right under the dates (tight leading, no rule between)
    starts the rows: the dates are the header, alone, and the label column's header cell
    stays empty."""
    import pymupdf
    from test_tables_statements import _balance_sheet
    for gap in (0, 4):
        d = layoutpdf.parse(pymupdf.open("pdf", _balance_sheet(gap)).tobytes())
        t = d.tables[0]
        assert t.rows[0] == ("", "May 31, 2020", "May 26, 2019"), gap
        assert t.rows[t.header_rows] == ("ASSETS", "", ""), gap
