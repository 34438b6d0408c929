"""Statements typed in a word processor keep each row's label with its amounts (issue 39;
`filings_office_pdfs`, measured by benchmarks/filings_office.py). Each test reproduces one
class of rows the benchmark found lost on held-out seeds; each failed before its fix."""
from __future__ import annotations

import pytest

import layoutpdf
from filings_office_pdfs import (BOLD_TOTAL_ROWS, CONTENTS_ROWS, CONTINUED_ROWS, DECIMAL_ROWS, DOTTED_ROWS,
                                 LEADER_ROWS, SIGN_ROWS, WIDE_ROWS, WRAPPED_ROWS, bold_total_leader_pdf,
                                 continued_cash_flow_pdf, decimal_tab_statement_pdf, dotted_wrapped_balance_pdf,
                                 leader_tab_contents_pdf, leader_tab_statement_pdf, leader_to_sign_statement_pdf,
                                 wide_cell_label_pdf, wrapped_cell_label_pdf)


def _rows(pdf: bytes) -> list[tuple[str, ...]]:
    return [row for t in layoutpdf.parse(pdf).tables for row in t.rows]


def _missing(rows, expected) -> list[str]:
    """Labels of `expected` (label, first amount) with no table row holding the label in
    its first cell and the amount in the second."""
    return [label for label, first in expected
            if not any(r[0] == label and len(r) > 1 and r[1] == first for r in rows)]


@pytest.mark.parametrize("fill,columns", [("_", 3), (".", 3), ("_", 2), (".", 2)])
def test_a_leader_tab_into_the_first_amount_keeps_the_row_in_a_table(fill, columns):
    """Word and LibreOffice draw a leader tab's fill as glyphs of the label's font right up
    to where the amount starts, one word with both in the text layer. The fill is no
    part of the label or of the amount: each row is a table row of its label and its
    amounts (extract/table_words.unglued parts the word and the line's pieces; before,
    with three amount columns a table of the other two was found, with two none). Dots
    are kept as a word of their own (a contents line keeps its leader): they fill the
    space between the label's cell and the amount's and take no room in either
    (extract/table_grid._phrases); before, they bridged the two and the first amount
    shared the label's cell ('Depreciation and amortization 41,596')."""
    rows = _rows(leader_tab_statement_pdf(fill, columns))
    assert not _missing(rows, [(label, amounts[0]) for label, _, amounts, _ in LEADER_ROWS]), rows


def test_a_contents_list_typed_with_a_leader_tab_into_the_page_number_is_no_table():
    """The same leader tab into a page number at a right stop makes a contents list:
    its dots lead to page references, so it is refused as a table and each
    entry keeps its title, leader and page on one line."""
    d = layoutpdf.parse(leader_tab_contents_pdf())
    assert not d.tables, [t.rows for t in d.tables]
    for title, number in CONTENTS_ROWS:
        entry = next(e for e in d.elements if title in e.text)
        assert entry.text.rstrip().endswith(number), entry.text


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


def _labelled(rows) -> dict[str, tuple[str, ...]]:
    return {r[0]: r[1:] for r in rows}


def test_a_solid_leader_glued_to_wrapped_labels_is_no_part_of_them():
    """Underscores a leader tab draws after a label are fill, not text: each label is
    whole, its wrapped rest joined with no fill between ('Amortization of acquired
    intangible assets'), and the first amount's `$` glued to the fill's end goes with
    the amount ('$ 67,570'), not with the label (extract/table_grid.fill_start: a phrase
    ends where its letters end; table_prose.LEADER takes the fill out of the cells).
    Before, 'Amortization of acquired intangible_______________ assets' and
    'Net revenue $' | '67,570'."""
    rows = _labelled(r for t in layoutpdf.parse(leader_to_sign_statement_pdf()).tables for r in t.rows)
    for lines, _, amounts, sign in SIGN_ROWS:
        if amounts:
            assert rows.get(" ".join(lines), ())[:1] == (f"$ {amounts[0]}" if sign else amounts[0],), rows


def test_a_dot_leader_leaves_a_wrapped_label_open_to_its_rest():
    """A label whose first line ends in a dot leader into its amounts ('... accounts
    of.........569') goes on with its rest on the next line ('$31 and $27', '900 shares
    authorized; ...'): the dots leave the clause open ('of') or closed (':') as the
    letters before them do, and end no sentence (table_numbers.letters). Before, the
    rest was a row of its own with no amounts."""
    rows = _labelled(r for t in layoutpdf.parse(dotted_wrapped_balance_pdf()).tables for r in t.rows)
    for lines, _, amounts in DOTTED_ROWS:
        if amounts:
            assert rows.get(" ".join(lines), ())[:1] == (amounts[0],), rows


def test_a_label_whose_long_first_line_ends_in_a_semicolon_keeps_its_amounts():
    """In a wide label cell the equity label wraps once: its first line, a clause ending
    in a semicolon ('... par value: 900 shares authorized;'), is as long as no short
    piece, and its amounts stand on the second line. The semicolon parts two clauses of
    one label, and the line heads the row under it (extract/table_words._section_label
    follows it down to its amounts with `label_head`). Before, the line ended the table
    as a sentence would, and the second line opened another table as its header."""
    rows = _rows(wide_cell_label_pdf())
    expected = [(" ".join(lines), amounts[0]) for lines, _, amounts, _ in WIDE_ROWS if amounts]
    assert not _missing(rows, expected), rows


def test_a_page_that_opens_with_indented_rows_keeps_them_above_the_next_group_label():
    """A page a statement goes on to opens with two rows indented under a group label on
    the page before; the next group label stands at the margin, one indent (0.15 in, more
    than an em) out from them. It is a group label of the statement between its rows
    (extract/table_words._in_label_column: a group label stands out up to two ems), so
    the two rows are rows of the table. Before, they were too few for a table of their
    own, and the first ('Proceeds from maturities of marketable' / 'securities') lost
    its amounts to a paragraph."""
    rows = _rows(continued_cash_flow_pdf())
    expected = [(" ".join(lines), amounts[0]) for lines, _, amounts, _ in CONTINUED_ROWS if amounts]
    assert not _missing(rows, expected), rows


def test_a_bold_label_keeps_its_weight_through_the_regular_leader_glued_to_it():
    """The bold total's second line ('of period') runs with no space into a leader drawn
    in the regular face ('..........$'): one word of the text page in two faces. Each
    piece the fill parts it into takes the face of the span it lies in
    (extract/table_page_text.SpanIndex._piece_style), and the dots weigh nothing
    (table_grid.Phrase.bold), so the line is bold like the line above and goes on with it.
    Before, 'period' took the leader's regular face and 'of period' was a row of its own."""
    rows = _rows(bold_total_leader_pdf())
    assert not _missing(rows, [(" ".join(lines), amounts[0]) for lines, amounts, _ in BOLD_TOTAL_ROWS]), rows
