"""Statements printed by a browser keep each row's label with its amounts on the pages
they go on to (issue 39; `filings_continued_pdfs`, measured by benchmarks/filings_html.py
on held-out seeds 47 to 49). Each test failed before its change."""
from __future__ import annotations

import pytest

import layoutpdf
from filings_continued_pdfs import (BOTTOM_ROWS, NARROW_ROWS, ZEBRA_GROUP, ZEBRA_LAST, bottom_aligned_totals_pdf,
                                    narrow_balance_foot_pdf, zebra_group_foot_pdf)


def _rows(pdf: bytes) -> dict[str, tuple[str, ...]]:
    return {r[0]: r[1:] for t in layoutpdf.parse(pdf).tables for r in t.rows}


def _amount(text: str) -> str:
    return text.replace("\xa0", " ").replace("$ ", "$")


def test_seven_label_lines_between_two_rows_stay_in_the_statement():
    """Between "Total liabilities" and the common stock row stand a row with no amounts
    on two lines, a group label and four lines of the next row's label: seven lines of
    one piece, more than one label wraps onto, but no label of them is longer than that
    (extract/table_words._label_sizes: the limit is one label's). Before, the statement
    broke there and the common stock row kept only its last line ('486 and 491 shares
    issued and outstanding') as its label."""
    rows = _rows(narrow_balance_foot_pdf())
    for lines, _, amounts, _ in NARROW_ROWS:
        label = " ".join(lines)
        assert label in rows, sorted(rows)
        if amounts:
            assert _amount(rows[label][0]) == _amount(amounts[0]), (label, rows[label])


def test_a_last_row_whose_dollar_sign_is_set_with_a_no_break_space_keeps_its_label():
    """"$\xa076,737" is an amount (a currency sign set apart from its number:
    table_numbers.is_number), so the label's first line ("Total liabilities and") heads
    the row of its amounts on the next line (table_words.label_head). Before, it was a row
    of its own with no amounts."""
    lines, _, amounts, _ = NARROW_ROWS[-1]
    rows = _rows(narrow_balance_foot_pdf())
    assert _amount(rows.get(" ".join(lines), ("",))[0]) == _amount(amounts[0]), sorted(rows)


def test_a_group_label_and_a_row_below_the_last_shaded_band_close_the_table():
    """Under the last shaded band a group label heads one more row, whose label wraps
    under its amounts: both belong to the statement (extract/table_edges._group_over_row).
    Before, the table ended at the band and the row's amounts stood apart from its label."""
    rows = _rows(zebra_group_foot_pdf())
    assert ZEBRA_GROUP in rows, sorted(rows)
    lines, _, amounts = ZEBRA_LAST
    assert rows.get(" ".join(lines), ("",))[0] == amounts[0], sorted(rows)


@pytest.mark.parametrize("leaders", [True, False])
def test_an_indented_total_whose_label_ends_on_its_amounts_heads_its_own_row(leaders):
    """Cells aligned to the bottom: "Net cash used in" / "investing" / "activities" with
    its amounts on the last line, indented under the row above and its amounts. It is no
    wrapped rest of that row's label (a hanging indent, `table_rows.hangs_under`): its
    lines read on down to amounts of their own (`label_head`), so it heads that row.
    Before, without leaders (and with them, once a leader no longer ended the label
    above as a full stop would), 'Net cash used in' joined the row above."""
    rows = _rows(bottom_aligned_totals_pdf(leaders))
    for lines, _, amounts in BOTTOM_ROWS:
        label = " ".join(lines)
        assert label in rows, sorted(rows)
        if amounts:
            assert rows[label][0] == amounts[0], (label, rows[label])
