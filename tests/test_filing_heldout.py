"""Statements of issue 39's held-out seeds are tables with their labels
(`filings_heldout_pdfs`)."""
from __future__ import annotations

import layoutpdf
from filings_heldout_pdfs import LONG_ROWS, long_leader_statement_pdf


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
