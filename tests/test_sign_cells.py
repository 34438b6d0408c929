"""A long row label that runs up to the `$` of the first amount column keeps its words, and
the `$` goes with its amount (issue 39 B; fixture: tests/sign_cells_pdfs.py)."""
from __future__ import annotations

import pytest

import layoutpdf
from sign_cells_pdfs import LONG_LABEL, ROWS, write


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    path = tmp_path_factory.mktemp("signs") / "sign_cells.pdf"
    write(path)
    doc = layoutpdf.parse(str(path), {"ocr": {"mode": "never"}})
    assert len(doc.tables) == 1
    return doc.tables[0]


def test_the_long_label_is_a_cell_of_its_own(table):
    first = next(r for r in table.rows if r[0].startswith("Net earnings"))
    assert first[0] == LONG_LABEL
    assert [c.replace("$", "").strip() for c in first[1:]] == list(ROWS[0][1])


def test_every_row_keeps_its_label_and_amounts(table):
    body = {r[0]: [c.replace("$", "").strip() for c in r[1:]] for r in table.rows}
    for label, amounts, _ in ROWS:
        assert body[label] == list(amounts)


@pytest.mark.parametrize("last, sign, after, opens", [
    ("interests", "$", "2,210.8", True),    # a label's end: the amount after says whose
    ("3%", "$", "2,042", True),             # right after an amount
    ("2023", "$", "million", False),        # a year over its unit: the word's
    ("Amounts in", "$", "thousands", False),
])
def test_a_sign_opens_the_amount_after_it(last, sign, after, opens):
    from layoutpdf.extract.table_numbers import sign_opens_amount
    assert sign_opens_amount(last, sign, after) is opens
