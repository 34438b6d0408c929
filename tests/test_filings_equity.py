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


def test_a_year_centred_over_its_shares_and_amount_heads_both():
    """General Mills' statement of equity (p. 50): "2019" (x 431.4-451.5) is centred over
    its "Shares" and "Amount" columns (edges 396, 434, 490). It starts 2.6 pt inside the
    shares column, and its cell is the amount column, where its middle lies: the group it
    is centred over is both columns, not the amount column and the next year's shares
    (`table_header._centred_around` reads the label by its middle, as its cell is)."""
    from layoutpdf.extract.table_grid import Phrase, TextLine, Word
    from layoutpdf.extract.table_header import _centred_around
    edges = [38.0, 297.0, 335.0, 348.0, 396.0, 434.0, 490.0, 527.0, 579.0]
    word = Word(431.4, 100.2, 451.5, 111.2, "2019", 11.0)
    row = TextLine([word])
    row.phrases = [Phrase(word)]
    assert _centred_around([row], 5, 5, 4, 6, edges, 9.9) == (4, 5)
