"""Statement rows whose labels wrap (issue 39, classes 2, 4, 5 and 6 of the HTML-printed
filings benchmark): a label too long for its column goes on in the label column on the
next lines with no amounts, and its amounts stand on its first or its last line. The
statement stays one table, each label whole in the row of its amounts. Pages drawn by
tests/filings_rows_pdfs.py."""
from __future__ import annotations

import os

import layoutpdf
from filings_rows_pdfs import AMOUNTS, Row, short_rows, statement_page


def _parse(tmp_path, rows: list[Row], note: str = ""):
    path = os.path.join(tmp_path, "statement.pdf")
    statement_page(rows, note).save(path)
    return layoutpdf.parse(path)


def _row(d, label: str) -> list[str]:
    """The table row whose label cell is `label` (failing when none is)."""
    for t in d.tables:
        for r in t.rows:
            if r[0] == label:
                return list(r)
    raise AssertionError(f"no row labelled {label!r} in {[list(r) for t in d.tables for r in t.rows]}")


def test_last_row_label_wrapping_below_its_amounts_stays_in_the_table(tmp_path):
    """Amounts on the first line of the last row's label (cells aligned to the top): the
    line under them is the rest of that label, not text after the table. A note set under
    the statement ("See accompanying notes ...") reads on from no label and stays text."""
    rows = short_rows(["Net revenue", "Cost of revenue", "Gross profit", "Operating income"]) + [
        Row(["Weighted average shares outstanding used in computing basic",
             "and diluted net income per share"], ("622", "913", "593"))]
    note = "See accompanying notes to consolidated financial statements."
    d = _parse(tmp_path, rows, note)
    assert len(d.tables) == 1
    label = "Weighted average shares outstanding used in computing basic and diluted net income per share"
    assert _row(d, label)[1:] == ["622", "913", "593"]
    assert not any(note in " ".join(r) for r in d.tables[0].rows)
    assert note in d.to_markdown()


def _common_stock(valign: str) -> Row:
    return Row(["Common stock and additional paid-in", "capital, $0.0001 par value: 900",
                "shares authorized; 486 and 491", "shares issued and outstanding"],
               ("99,767", "342", "97,108"), valign=valign)


COMMON = ("Common stock and additional paid-in capital, $0.0001 par value: 900 shares authorized; "
          "486 and 491 shares issued and outstanding")


def test_label_wrapping_to_four_lines_mid_statement_cuts_no_table_top(tmp_path):
    """Amounts on a label's first line, then three more lines of it in a narrow label
    column: more lines than a statement's group labels ever stack, yet each goes on from
    the line above in the label column, so the statement runs on across them."""
    rows = short_rows(["Cash and cash equivalents", "Short-term investments", "Inventories"]) \
        + [_common_stock("top")] + short_rows(["Retained earnings", "Total equity"], 4)
    d = _parse(tmp_path, rows)
    assert len(d.tables) == 1
    assert _row(d, COMMON)[1:] == ["99,767", "342", "97,108"]
    assert _row(d, "Total equity")[1:] == list(AMOUNTS[5])


def test_label_wrapping_to_four_lines_mid_statement_cuts_no_table_bottom(tmp_path):
    """The same label with its amounts on its last line (cells aligned to the bottom):
    its first three lines stand alone between rows, and the statement runs on across them."""
    rows = short_rows(["Accounts payable", "Accrued compensation", "Total current liabilities"]) \
        + [_common_stock("bottom")] + short_rows(["Retained earnings", "Total equity"], 4)
    d = _parse(tmp_path, rows)
    assert len(d.tables) == 1
    assert _row(d, COMMON)[1:] == ["99,767", "342", "97,108"]
    assert _row(d, "Accounts payable")[1:] == list(AMOUNTS[0])


def test_long_label_left_of_indented_rows_loses_no_word(tmp_path):
    """A long label at the label column's left edge among rows indented under it: its
    first word lies left of the indented short labels, and is still the table's; the row
    is not taken for the wrapped rest of the row above."""
    rows = short_rows(["Acquisitions, net", "Purchases of securities", "Dividends paid"]) + [
        Row(["Effect of exchange rate changes on cash and cash equivalents"], AMOUNTS[3], indent=0.0),
        Row(["Net increase (decrease) in cash and cash equivalents"], AMOUNTS[4], indent=0.0)] \
        + short_rows(["Cash at beginning of period", "Cash at end of period"], 5)
    d = _parse(tmp_path, rows)
    assert len(d.tables) == 1
    assert _row(d, "Net increase (decrease) in cash and cash equivalents")[1:] == list(AMOUNTS[4])
    assert _row(d, "Effect of exchange rate changes on cash and cash equivalents")[1:] == list(AMOUNTS[3])


def test_wrapped_label_line_starting_with_an_amount_goes_on_with_it(tmp_path):
    """"... doubtful accounts of $31 and" / "$27": a line of the label column starting
    with a number is the rest of the label above it when that label ends open."""
    rows = short_rows(["Cash and cash equivalents", "Short-term investments"]) + [
        Row(["Accounts receivable, net of allowance for doubtful accounts of $31 and", "$27"], AMOUNTS[2])] \
        + short_rows(["Inventories", "Total current assets"], 3)
    d = _parse(tmp_path, rows)
    assert len(d.tables) == 1
    label = "Accounts receivable, net of allowance for doubtful accounts of $31 and $27"
    assert _row(d, label)[1:] == list(AMOUNTS[2])
    assert not any(r[0] == "$27" for r in d.tables[0].rows)


def test_label_line_set_with_a_hanging_indent_goes_on_whatever_it_starts_with(tmp_path):
    """"... par value:" / "900 shares authorized; ..." indented further than the label's
    first line, under its amounts: the hanging indent of a wrapped label, though the line
    starts with a number after a colon."""
    rows = short_rows(["Total liabilities", "Commitments and contingencies"]) + [
        Row(["Common stock and additional paid-in capital, $0.0001 par value:",
             "900 shares authorized; 486 and 491 shares issued and", "outstanding"], AMOUNTS[6])] \
        + short_rows(["Retained earnings", "Total stockholders' equity"], 2)
    d = _parse(tmp_path, rows)
    assert len(d.tables) == 1
    label = ("Common stock and additional paid-in capital, $0.0001 par value: 900 shares authorized; "
             "486 and 491 shares issued and outstanding")
    assert _row(d, label)[1:] == list(AMOUNTS[6])


def test_row_without_amounts_wrapped_over_two_lines_is_no_stacked_group_label(tmp_path):
    """"Commitments and contingencies (Note" / "12)" (a row with no amounts, its bracket
    left open on the first line), then "Stockholders' equity:", then a label with its
    amounts on its last line: two label lines stand alone between rows besides the rows'
    own wrapped lines, as group labels may, and the statement runs on across them."""
    rows = short_rows(["Accounts payable", "Accrued compensation", "Total liabilities"]) + [
        Row(["Commitments and contingencies (Note", "12)"], (), indent=0.0),
        Row(["Stockholders' equity:"], (), indent=0.0), _common_stock("bottom")] \
        + short_rows(["Retained earnings", "Total equity"], 4)
    d = _parse(tmp_path, rows)
    assert len(d.tables) == 1
    assert _row(d, COMMON)[1:] == ["99,767", "342", "97,108"]
    assert _row(d, "Total equity")[1:] == list(AMOUNTS[5])
