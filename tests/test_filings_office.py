"""Statements typed in a word processor keep each row's label with its amounts (issue 39;
`filings_office_pdfs`, measured by benchmarks/filings_office.py). Each test reproduces one
class of rows the benchmark finds lost on seeds 39 and 40; they fail today (strict xfail:
a fix flips them)."""
from __future__ import annotations

import pytest

import layoutpdf
from filings_office_pdfs import (DECIMAL_ROWS, LEADER_ROWS, WRAPPED_ROWS, decimal_tab_statement_pdf,
                                 leader_tab_statement_pdf, wrapped_cell_label_pdf)


def _rows(pdf: bytes) -> list[tuple[str, ...]]:
    return [row for t in layoutpdf.parse(pdf).tables for row in t.rows]


def _missing(rows, expected) -> list[str]:
    """Labels of `expected` (label, first amount) with no table row holding the label in
    its first cell and the amount in the second."""
    return [label for label, first in expected
            if not any(r[0] == label and len(r) > 1 and r[1] == first for r in rows)]


DOTS_GLUED = pytest.mark.xfail(strict=True, reason="dot fill glued to the first amount "
                                "('amortization.....41,596') is parted from both (extract/table_words.unglued) "
                                "and kept as a word of its own, so a contents line keeps its leader; the "
                                "grid's columns are still built from the held words with the dots bridging "
                                "label and first amount (extract/tables._text_grids -> build_grid), so the "
                                "first amount shares the label's cell")


@pytest.mark.parametrize("fill,columns", [("_", 3), pytest.param(".", 3, marks=DOTS_GLUED), ("_", 2)])
def test_a_leader_tab_into_the_first_amount_keeps_the_row_in_a_table(fill, columns):
    """Word and LibreOffice draw a leader tab's fill as glyphs of the label's font right up
    to where the amount starts, one word with both in the text layer. The fill is no
    part of the label or of the amount: each row is a table row of its label and its
    amounts (extract/table_words.unglued parts the word and the line's pieces; before,
    with three amount columns a table of the other two was found, with two none)."""
    rows = _rows(leader_tab_statement_pdf(fill, columns))
    assert not _missing(rows, [(label, amounts[0]) for label, _, amounts, _ in LEADER_ROWS]), rows


def test_underscore_leader_fill_is_no_display_math():
    """A row of a statement whose label is filled out with underscores to its amount is
    text, not an equation: no element of the page is display math. A run of underscores
    is typed fill, not maths (stages/math/stage._line_counts); before, every '_' counted
    and the rows became '\\mathrm{Accounts} \\mathrm{receivable}\\_\\_...(971)'."""
    d = layoutpdf.parse(leader_tab_statement_pdf("_"))
    maths = [e.text for e in d.elements if "display math" in e.reasons]
    assert not maths, maths


def test_rows_under_a_group_label_that_crosses_the_amounts_keep_their_labels():
    """A statement set with decimal tabs (a negative's ')' hanging past the column): the
    rows under 'Changes in operating assets and liabilities:' and 'Cash flows from
    investing activities:' are table rows with their labels, like the rows above. Before,
    the labels (6 of 9 about as long as the longest) were read as lines of set prose going
    on from the group label above them (extract/tables._label_column, _set_prose) and only
    the amounts stayed a table; each opens as an item does, with a capital (`_items`)."""
    rows = _rows(decimal_tab_statement_pdf())
    assert not _missing(rows, [(label, amounts[0]) for label, _, amounts in DECIMAL_ROWS]), rows


def test_a_label_wrapped_over_three_lines_in_its_cell_keeps_its_amounts():
    """A word-processor table cell wraps the long equity label over three lines, the
    amounts bottom-aligned on the last: the row's label is the three lines joined
    (extract/table_words.label_head follows a label down to its amounts; before, its first
    line counted as a third stacked group label and ended the run)."""
    rows = _rows(wrapped_cell_label_pdf())
    expected = [(" ".join(lines), amounts[0]) for lines, _, amounts, _ in WRAPPED_ROWS if amounts]
    assert not _missing(rows, expected), rows
