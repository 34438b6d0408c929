"""Rules drawn only under the heads of the amount columns (issue 39 B): two small tables one
under another, whose head rules stack into one region over the amount columns, each come
out whole, every amount on its row with its label (`head_ruled_tables_pdfs`)."""
from __future__ import annotations

import pytest

import layoutpdf
from head_ruled_tables_pdfs import TABLES, pension_tables


@pytest.fixture(scope="module")
def doc(tmp_path_factory):
    path = tmp_path_factory.mktemp("head_ruled") / "pension_tables.pdf"
    pension_tables(path)
    return layoutpdf.parse(path)


def _rows(table):
    return [[c.strip() for c in row] for row in table.rows]


def test_each_table_keeps_its_rows_with_their_labels(doc):
    md = doc.to_markdown()
    for _, rows in TABLES:
        for label, cells in rows:
            amounts = [c for c in cells if c and c != "$"]
            hits = [ln for ln in md.splitlines() if ln.startswith(f"| {label} |")
                    and all(a in ln for a in amounts)]
            assert hits, (label, amounts, md)


def test_two_tables_each_under_its_head(doc):
    assert len(doc.tables) == 2, [_rows(t) for t in doc.tables]
    for t, (head, _) in zip(doc.tables, TABLES):
        text = " ".join(" ".join(r) for r in _rows(t))
        assert head[0].split()[0] in text and "2021" in text and "2020" in text, text
