"""A converter's header band (issue 39 B, C; fixture: tests/edgar_header_pdfs.py): the date
wrapped in its column is one label, and the qualifier and section label under the header
rule keep the header in the table."""
from __future__ import annotations

import pytest

import layoutpdf
from edgar_header_pdfs import BAND_ROWS, OTHER_ROWS, ROWS, balance_sheet, header_band, periods


def _tables(write, tmp_path):
    path = tmp_path / "statement.pdf"
    write(path)
    return layoutpdf.parse(str(path), {"ocr": {"mode": "never"}}).tables


def test_the_balance_sheet_keeps_its_header(tmp_path):
    tables = _tables(balance_sheet, tmp_path)
    assert len(tables) == 1
    t = tables[0]
    header = [" ".join(col) for col in zip(*t.rows[:t.header_rows])]
    assert header[1:] == ["July 2, 2023", "December 31, 2022"]
    labels = [r[0] for r in t.rows]
    assert "Assets" in labels and labels.index("Assets") < labels.index(ROWS[0][0])
    assert any("(Unaudited)" in c for r in t.rows for c in r)


def test_each_period_names_its_dates_whole(tmp_path):
    tables = _tables(periods, tmp_path)
    assert len(tables) == 1
    md = layoutpdf.parse(str(tmp_path / "statement.pdf")).to_markdown()
    head = next(ln for ln in md.splitlines() if ln.startswith("| (MILLIONS)"))
    assert head == ("| (MILLIONS) | Three Months Ended / July 2, 2023 | Three Months Ended / July 3, 2022 "
                    "| Six Months Ended / July 2, 2023 | Six Months Ended / July 3, 2022 |")
    t = tables[0]
    assert [r[0] for r in t.rows[t.header_rows:]] == [label for label, _, _ in OTHER_ROWS]


@pytest.mark.parametrize("upper, lower, one", [
    ("July 2,", "2023", True), ("Dec. 31,", "2022", True), ("2023", "Revenue", False),
    ("Fiscal", "2023", False),
])
def test_a_date_wrapped_in_its_column_is_one_label(upper, lower, one):
    from layoutpdf.extract.table_grid import Phrase, TextLine, Word
    def line(text, y):
        w = Word(400.0, y, 430.0, y + 9.0, text, 9.0)
        ln = TextLine([w])
        ln.phrases = [Phrase(w)]
        return ln
    from layoutpdf.extract.table_stacked import stacked_over
    assert stacked_over(line(upper, 100.0), line(lower, 109.0), 300.0) is one


def test_a_shaded_header_band_heads_the_rows_under_it(tmp_path):
    """The band (white on blue, ruled cell by cell) is read as a ruled table of its own;
    the rows under it, past the section label "ASSETS", by their alignment: one table."""
    tables = _tables(header_band, tmp_path)
    assert len(tables) == 1
    t = tables[0]
    header = [" / ".join(c for c in col if c) for col in zip(*t.rows[:t.header_rows])]
    assert header[1:] == ["December 31, / 2023", "December 31, / 2022"] or \
        (t.spans and header[1:] == ["December 31, / 2023", "2022"])
    labels = [r[0] for r in t.rows[t.header_rows:]]
    assert labels[:2] == ["ASSETS", "Current assets:"]
    assert labels[2:] == [label for label, _, _ in BAND_ROWS]
    md = layoutpdf.parse(str(tmp_path / "statement.pdf")).to_markdown()
    assert md.index("CONSOLIDATED BALANCE SHEETS") < md.index("December 31,")


@pytest.mark.parametrize("text, label", [
    ("December 31,", True), ("2023", True), ("Year Ended Dec. 31, 2022", True), ("Fair Value", True),
    ("118 (73%)", False), ("161", False), ("$ 478", False), ("Level 2", False),
])
def test_what_a_header_band_holds(text, label):
    from layoutpdf.extract.table_bands import column_label
    assert column_label(text) is label



@pytest.mark.parametrize("upper, lower, one", [
    (("July 2,", "%"), ("2023", "Change"), True),        # "% Change" wraps beside the dates
    (("Total", "%"), ("Revenue", "Change"), False),      # no date: two lines of the body's weight
    (("July 2,", "%"), ("2023", "12.5"), False),         # an amount under a label: a row
])
def test_a_label_wraps_beside_a_wrapped_date(upper, lower, one):
    """In the body's weight, a label set flush over one label under it is the upper line
    of a wrapped header cell only in a line that also wraps a date over its year."""
    from layoutpdf.extract.table_grid import Phrase, TextLine, Word
    from layoutpdf.extract.table_stacked import stacked_over

    def line(texts, y):
        words = [Word(400.0 + 80 * k, y, 430.0 + 80 * k, y + 9.0, t, 9.0) for k, t in enumerate(texts)]
        ln = TextLine(words)
        ln.phrases = [Phrase(w) for w in words]
        return ln
    assert stacked_over(line(upper, 100.0), line(lower, 109.0), 300.0) is one


def test_a_unit_under_the_years_keeps_the_header_in_the_table(tmp_path):
    """"(in thousands)" centred under the years, over the rule: the header above it is
    the table's, and the unit, said of the whole table, stands in the stub's cell."""
    from edgar_header_pdfs import SUMMARY_ROWS, YEARS, unit_under_years
    tables = _tables(unit_under_years, tmp_path)
    assert len(tables) == 1
    t = tables[0]
    header = [" / ".join(c for c in col if c) for col in zip(*t.rows[:t.header_rows])]
    assert header[0] == "(in thousands)"
    assert header[1:] == ["As of December 31, / " + y for y in YEARS] or \
        [h.split(" / ")[-1] for h in header[1:]] == list(YEARS)
    assert [r[0] for r in t.rows[t.header_rows:]] == [label for label, _ in SUMMARY_ROWS]


@pytest.mark.parametrize("text, unit", [
    ("(in thousands)", True), ("(Dollars in millions)", True),
    ("(in thousands, except revenue per membership and percentages)", True),
    ("(In millions, except per share amounts)", True), ("(Unaudited)", False), ("(a)", False),
    ("in thousands", False),
])
def test_what_a_unit_line_is(text, unit):
    """A filing's unit line, however much it excepts, is a unit in brackets."""
    from layoutpdf.text.units import unit_label
    assert unit_label(text) is unit


def test_two_rows_under_a_ruled_header_are_a_table(tmp_path):
    """Two rows under a ruled header band with its unit centred under the years (issue 39
    B): each row keeps its label with its five amounts, under the years."""
    from edgar_header_pdfs import CASH_ROWS, YEARS, two_row_summary
    tables = _tables(two_row_summary, tmp_path)
    assert len(tables) == 1
    t = tables[0]
    header = [" / ".join(c for c in col if c) for col in zip(*t.rows[:t.header_rows])]
    assert [h.split(" / ")[-1] for h in header[-5:]] == list(YEARS)
    body = [[c.lstrip("$ ") for c in r if c.lstrip("$ ")] for r in t.rows[t.header_rows:]]
    assert body == [[label, *amounts] for label, amounts in CASH_ROWS]


def test_shaded_rows_go_on_under_a_header_found_by_its_text(tmp_path):
    """A header of labels centred over a sign and an amount each, its unit under it and a
    first row on white, then rows on shaded bands drawn cell by cell (a ruled region of
    their own, with no header): one table, the header over every row, the first row a
    body row (issue 39 B; Netflix 2017 10-K, note 4)."""
    from edgar_header_pdfs import FAIR_COLUMNS, FAIR_FIRST, FAIR_ROWS, FAIR_TOTAL, fair_value_table
    tables = _tables(fair_value_table, tmp_path)
    assert len(tables) == 1
    t = tables[0]
    header = [" ".join(c for c in col if c) for col in zip(*t.rows[:t.header_rows])]
    assert header[0] == "(in thousands)"
    assert header[1:] == [" ".join(label) for label in FAIR_COLUMNS]
    body = [[c.lstrip("$ ") for c in r if c.lstrip("$ ")] for r in t.rows[t.header_rows:]]
    rows = [FAIR_FIRST, *FAIR_ROWS, FAIR_TOTAL]
    assert body == [[label, *(amounts or ())] for label, amounts in rows]


def test_shaded_label_cells_keep_their_words_in_the_table_found_by_its_text(tmp_path):
    """The same table shaded cell by cell with white gaps between the cells: the shading
    makes a ruled region of the label column alone. The table found by its alignment over
    it reads its words too: every row keeps its label (issue 36, 39 B)."""
    from edgar_header_pdfs import FAIR_FIRST, FAIR_ROWS, FAIR_TOTAL, fair_value_table
    tables = _tables(lambda p: fair_value_table(p, spacers=False), tmp_path)
    assert len(tables) == 1
    t = tables[0]
    labels = [r[0] for r in t.rows[t.header_rows:]]
    assert labels == [label for label, _ in (FAIR_FIRST, *FAIR_ROWS, FAIR_TOTAL)]


def test_a_year_centred_over_three_columns_heads_them_all(tmp_path):
    """'2021' centred over three columns, narrower than the middle one's label, is the
    upper level of each column's label; '(In millions)' stands in the stub (American
    Water Works 2021 10-K)."""
    from edgar_header_pdfs import LIQUIDITY_COLUMNS, LIQUIDITY_ROWS, year_over_three
    tables = _tables(year_over_three, tmp_path)
    assert len(tables) == 1
    t = tables[0]
    from layoutpdf.render.markdown import header_labels
    header = header_labels([list(r) for r in t.rows], t.header_rows, t.spans)
    assert header == ["(In millions)"] + ["2021 / " + label for label in LIQUIDITY_COLUMNS]
    assert [r[0] for r in t.rows[t.header_rows:]] == [label for label, _ in LIQUIDITY_ROWS]


@pytest.mark.parametrize("unit, group", [
    ("(in thousands, except revenue per membership and percentages)", "Year Ended December 31,"),
    ("(in thousands)", "As of / Year Ended December 31,")])
def test_a_long_unit_or_a_slashed_period_keeps_the_header_one_row(tmp_path, unit, group):
    """The Markdown header joins the header rows into one ("Year Ended December 31, /
    2017"): a long unit line, said of the whole table, and a slash between two period
    labels are no long label that would keep them apart (Netflix 2017 10-K, MD&A)."""
    from edgar_header_pdfs import CASH_ROWS, YEARS, two_row_summary
    path = tmp_path / "summary.pdf"
    two_row_summary(path, unit, group)
    md = layoutpdf.parse(str(path), {"ocr": {"mode": "never"}}).to_markdown()
    table = [ln for ln in md.split("\n") if ln.startswith("|")]
    assert table[0].split(" | ")[1:] == [f"{group} / {y}" for y in YEARS[:-1]] + [f"{group} / {YEARS[-1]} |"]
    assert table[0].startswith("| " + unit + " | ")
    assert table[2].startswith("| " + CASH_ROWS[0][0] + " |")


def test_a_unit_line_is_no_sparse_row_of_a_two_row_table(tmp_path):
    """Two rows under a two-level header and its unit line, with no rule: the unit line,
    said of the whole table, does not count as a sparse row against it (the table found
    by its alignment stays a table), and each row keeps its label with its amounts."""
    from edgar_header_pdfs import TAX_ROWS, change_table
    tables = _tables(change_table, tmp_path)
    assert len(tables) == 1
    t = tables[0]
    body = [[c.lstrip("$ ") for c in r if c.lstrip("$ ")] for r in t.rows[t.header_rows:]]
    assert body == [[label, *(v for v in cells if v not in ("", "$"))] for label, cells in TAX_ROWS]
    assert "(in thousands, except percentages)" in [r[0] for r in t.rows[:t.header_rows]]
