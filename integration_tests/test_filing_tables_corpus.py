"""Statements of the real filings keep every row's label with its amounts, under their
column labels (issue 39 B, C, D): the layouts the generated fixtures in tests/ stand for,
read where they were found. Reads single pages of the shared FinanceBench filings;
skipped without them."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

import layoutpdf
from layoutpdf.render.markdown import header_labels

FILINGS = Path(os.environ.get("LAYOUTPDF_FINANCEBENCH", "/work/shared/corpus/financebench_dev"))


def _table(name: str, page: int, label: str):
    """The one table on that page with a row labelled `label`: (header labels, that row)."""
    path = FILINGS / f"{name}.pdf"
    if not path.is_file():
        pytest.skip(f"filing {path} not found (set LAYOUTPDF_FINANCEBENCH to the financebench_dev folder)")
    tables = [t for t in layoutpdf.parse(str(path), pages=[page]).tables if any(r[0] == label for r in t.rows)]
    assert len(tables) == 1, (name, page, label, [t.rows[:3] for t in tables])
    t = tables[0]
    rows = [list(r) for r in t.rows]
    header = header_labels(rows, t.header_rows, t.spans) if t.header_rows > 1 else rows[0]
    return header, next(r for r in rows if r[0] == label), rows


YEARS = ("2017", "2016", "2015", "2014", "2013")


def test_two_rows_under_a_ruled_header_and_its_unit():
    """Netflix, selected financial data: the cash-flow summary (fixture two_row_summary)."""
    header, row, _ = _table("NETFLIX_2017_10K", 18, "Free cash flow (1)")
    assert header == ["(in thousands)"] + [f"Year Ended December 31, / {y}" for y in YEARS]
    assert row[1:] == ["(2,019,659)", "(1,659,755)", "(920,557)", "(126,699)", "(16,300)"]


def test_shaded_rows_under_a_header_found_by_its_text():
    """Netflix, note 4: the first row on white is a body row (fixture fair_value_table)."""
    header, row, rows = _table("NETFLIX_2017_10K", 50, "Cash")
    assert header[:3] == ["(in thousands)", "Amortized Cost", "Gross Unrealized Gains"]
    assert row[1] == "$ 1,267,523"
    assert [r[0] for r in rows].count("Total") == 1


def test_a_unit_line_over_two_rows_of_amounts_and_rates():
    """Netflix, MD&A: provision for income taxes (fixture change_table)."""
    header, row, _ = _table("NETFLIX_2017_10K", 26, "Effective tax rate")
    assert header[0] == "(in thousands, except percentages)"
    assert row[1:4] == ["(15)%", "28%", "14%"]


def test_group_labels_outnumbering_rows_of_amounts():
    """Nike, 7A: expected maturities (fixture maturity_table)."""
    header, row, rows = _table("NIKE_2019_10K", 46, "Principal payments")
    assert list(header[1:6]) == ["2020", "2021", "2022", "2023", "2024"]
    assert row[-2:] == ["$ 9", "$ 9"]
    assert "Foreign Exchange Risk" in [r[0] for r in rows]


def test_years_centred_over_shares_and_amounts():
    """General Mills, statement of equity (test_filings_equity)."""
    header, row, _ = _table("GENERALMILLS_2020_10K", 50, "Common stock")
    assert header[1:] == [f"{y} / {m}" for y in ("2020", "2019", "2018") for m in ("Shares", "Amount")]
    assert row[1:] == ["754.6", "75.5"] * 3


def test_a_two_line_label_beside_centred_amounts():
    """Amcor, earnings release: net sales growth (fixture growth_table)."""
    _, row, _ = _table("AMCOR_2023Q4_EARNINGS", 9, "Comparable Constant Currency Growth %")
    assert row[1:] == ["(5)", "(4)", "(5)", "1", "(3)", "—"]


def test_a_table_read_whole_under_its_header():
    """Pfizer, note 4: the rows the header found by its text stands over are its rows."""
    header, row, rows = _table("Pfizer_2023Q2_10Q", 16, "Interest income")
    assert header[1] == "Three Months Ended / July 2, 2023"
    labels = [r[0] for r in rows]
    assert labels.index("Interest income") < labels.index("Net interest expense (a)") < labels.index("Other, net (f)")
