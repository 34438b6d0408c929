"""A segment table printed from EDGAR HTML keeps its header and each amount in its column
(issue 39 B, D; `segment_table_pdfs`)."""
from __future__ import annotations

import pytest

import layoutpdf
from segment_table_pdfs import COLUMNS, ROWS, segment_tables_pdf

HEADERS = ["(Dollars in millions)"] + [" ".join(lines) for lines, _, _ in COLUMNS]
RULED = pytest.mark.parametrize("row_rules", [True, False], ids=["rule-under-each-row", "rules-under-header-and-last-row"])


def _tables(row_rules: bool):
    return layoutpdf.parse(segment_tables_pdf(row_rules)).tables


def _expected_row(label, cells):
    return (label,) + tuple(("$ " + v if sign and v else v) for (_, _, sign), v in zip(COLUMNS, cells))


@RULED
def test_a_dollar_sign_set_close_after_a_percentage_opens_the_next_amount(row_rules):
    """`$` sits flush left in its cell a few points right of the percentage before it
    ("3%  $  2,042"): it is the next amount's sign, and every amount stays in its column.
    Before, the sign and the percentage made one phrase ("3% $") and the next column's
    amount stood alone (extract/table_grid._phrases, text_separators)."""
    tables = _tables(row_rules)
    assert len(tables) == 2, [t.rows for t in tables]
    for t in tables:
        body = t.rows[t.header_rows:]
        assert list(body) == [_expected_row(label, cells) for label, cells in ROWS], body


@RULED
def test_header_cells_wrapped_over_four_lines_are_the_tables_header(row_rules):
    """The header cells are bottom-aligned over the rule under them, the narrow ones wrapped
    onto four lines: all of it is the table's one header row, each label over its column.
    Before, three lines at most were taken above the rule (extract/table_edges.edge_rows)
    and the grid with them was refused for having fewer columns than the one without,
    its `$` columns joined to their amounts (tables._with_edge_rows); the header came out
    as headings after the table. Without a rule between the rows, the lines of a wrapped
    cell are one row, not three header rows over the labels (extract/table_stacked)."""
    doc = layoutpdf.parse(segment_tables_pdf(row_rules))
    for t in doc.tables:
        assert t.header_rows == 1, t.rows
        assert list(t.rows[0]) == HEADERS, t.rows[0]
    outside = [e.text for e in doc.elements if "FISCAL 2017" in e.text and "|" not in e.text]
    assert not outside, outside
