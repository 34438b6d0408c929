"""A row label on two lines with its amounts centred between them (cells aligned to the
middle; issue 39 B; fixture: tests/middle_cells_pdfs.py) is one row, its label whole."""
from __future__ import annotations

import layoutpdf
from middle_cells_pdfs import ROWS, growth_table


def test_a_label_on_two_lines_beside_centred_amounts_is_one_row(tmp_path):
    path = tmp_path / "growth.pdf"
    growth_table(path)
    tables = layoutpdf.parse(str(path), {"ocr": {"mode": "never"}}).tables
    assert len(tables) == 1
    t = tables[0]
    body = [list(r) for r in t.rows[t.header_rows:]]
    expected = [[" ".join(label) if isinstance(label, tuple) else label, *amounts] for label, amounts in ROWS]
    assert body == expected
