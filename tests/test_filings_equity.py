"""A statement of equity whose share columns are mostly empty is a table (issue 39 B;
`filings_equity_pdfs`)."""
from __future__ import annotations

import layoutpdf
from filings_equity_pdfs import ROWS, equity_statement_pdf


def test_share_columns_filled_on_few_rows_keep_the_statement_a_table():
    """Three of the seven columns (each year's shares) hold amounts on the few rows about
    shares only: they are columns of the statement, and every row keeps its label and
    amounts. Before, fewer than 0.6 of the columns were filled on half the rows
    (extract/tables._regular), the statement was refused and came out as paragraphs;
    sparse columns of amounts beside full ones no longer count against it
    (`tables._sparse_amounts`)."""
    tables = layoutpdf.parse(equity_statement_pdf()).tables
    assert len(tables) == 1, [t.rows for t in tables]
    body = [r for r in tables[0].rows if any(r[1:])]
    expected = [(label,) + tuple(v or "" for v in cells) for label, cells in ROWS if cells]
    assert [r for r in body if r[0] in {e[0] for e in expected}] == [r for r in expected], body
