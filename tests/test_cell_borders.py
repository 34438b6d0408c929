"""Tables ruled cell by cell (`cell_border_pdfs`): a converter draws each cell's piece of
a row's rule with the cell spacing left open, and the rows of pieces are one table's
rules, not one small table per column (issue 39 B). And two tables ruled across the
measure, one under the other, stay two when a sentence or a paragraph stands between
them."""
from __future__ import annotations

import layoutpdf
from cell_border_pdfs import (BETWEEN, COST_ROWS, PARAGRAPH, PLAN_ROWS, PRODUCTS, product_revenues_pdf,
                              tables_between_sentence_pdf)


def _prose(d) -> str:
    return " ".join(e.text for e in d.elements if e.role.name != "TABLE")


def test_every_product_keeps_its_amounts_on_its_row():
    """Each product's row holds its label and its four amounts; no amount is left in the
    page's text (the columns had been read as tables of their own and the labels lost)."""
    d = layoutpdf.parse(product_revenues_pdf())
    rows = [r for t in d.tables for r in t.rows]
    for label, text, amounts, _ in PRODUCTS:     # (a wrapped description's amounts on its last line)
        row = next((r for r in rows if r[0].startswith(label)), None)
        assert row is not None, label
        assert [c.replace("$", "").strip() for c in row if any(ch.isdigit() for ch in c)][-4:] == \
            [a.replace("$", "").strip() for a in amounts], row
    prose = _prose(d)
    for _, _, amounts, _ in PRODUCTS:
        assert amounts[1].replace("$ ", "") not in prose


def test_the_header_heads_the_products():
    """The period header over the amount columns heads the table, and the rows set under
    the last total rule, with no rule of their own, are rows of the same table."""
    d = layoutpdf.parse(product_revenues_pdf())
    first = next(t for t in d.tables if any(r[0].startswith("TOTAL REVENUES") for r in t.rows))
    header = " ".join(c for r in first.rows[:first.header_rows] for c in r)
    assert "Three Months Ended" in header
    assert first.rows[-1][0] == PRODUCTS[-1][0]
    assert len(d.tables) == 1


def test_a_sentence_between_two_ruled_tables_parts_them():
    """One sentence set across the measure ("… are as follows:") between the bottom rule
    of one table and the header rule of the next: two tables, the sentence prose."""
    d = layoutpdf.parse(tables_between_sentence_pdf())
    assert len(d.tables) == 2
    assert "are as follows:" in _prose(d) and BETWEEN.split()[3] in _prose(d)
    first, second = sorted(d.tables, key=lambda t: t.bbox.y0)
    assert [r[0] for r in first.rows[1:]] == [label for label, _ in PLAN_ROWS]
    assert [r[0] for r in second.rows[1:]] == [label for label, _ in COST_ROWS]


def test_a_paragraph_between_two_ruled_tables_parts_them():
    """A paragraph of one line across the measure and a short last line: two tables."""
    d = layoutpdf.parse(tables_between_sentence_pdf(paragraph=True))
    assert len(d.tables) == 2
    assert PARAGRAPH[1].split()[-1] in _prose(d)
    assert not any("decrease" in c for t in d.tables for r in t.rows for c in r)


def test_a_group_label_centred_over_its_columns_spans_them_all():
    """"Before Perturb" sits over the middle of its five columns (and its text over two of
    them): it labels all five, and "After Perturb" the four after the vertical rule."""
    from cell_border_pdfs import GROUPS, centred_groups_pdf
    t = layoutpdf.parse(centred_groups_pdf()).tables[0]
    assert t.header_rows == 2
    groups = [t.rows[0][c] for c in range(1, len(t.rows[0]))]
    spans = {(s[1], s[3]) for s in t.spans if s[0] == 0}
    assert spans == {(1, 5), (6, 9)}
    assert groups[0] == GROUPS[0][0] and groups[5] == GROUPS[1][0]


def test_the_text_after_a_table_is_not_the_rest_of_its_introduction():
    """A sentence ending in a colon right above a table introduces the table; the
    paragraph set under the table is its own, read after the table."""
    from cell_border_pdfs import AFTER, INTRO, colon_intro_pdf
    d = layoutpdf.parse(colon_intro_pdf())
    kinds = [(e.role.name, e.text) for e in d.elements]
    intro = next(k for k, (_, text) in enumerate(kinds) if text.endswith(INTRO[1]))
    after = next(k for k, (_, text) in enumerate(kinds) if text == AFTER)
    table = next(k for k, (role, _) in enumerate(kinds) if role == "TABLE")
    assert intro < table < after


def test_a_double_rule_under_the_header_closes_the_header_only():
    """A double rule under a statement's totals ends the table; one under a header (no
    amounts over it) does not: the statistics table stays one table with all its rows."""
    from cell_border_pdfs import STATS, double_rule_header_pdf
    tables = layoutpdf.parse(double_rule_header_pdf()).tables
    assert len(tables) == 1
    t = tables[0]
    assert [r[0] for r in t.rows[t.header_rows:]] == [label for label, _ in STATS]


def test_two_ruled_tables_each_under_its_header_stay_two():
    """A ruled table a few points under another is not the rows of the one above going on
    when it opens with a header of its own."""
    from cell_border_pdfs import TOPICS, stacked_ruled_tables_pdf
    tables = sorted(layoutpdf.parse(stacked_ruled_tables_pdf()).tables, key=lambda t: t.bbox.y0)
    assert len(tables) == 2
    for t, rows in zip(tables, TOPICS):
        assert [r[0] for r in t.rows[t.header_rows:]] == [label for label, _ in rows]


def test_a_last_row_wrapped_down_to_its_amounts_is_the_tables():
    """Under the last rule, a product whose indication wraps over three lines, its amounts
    on the last one, is the table's closing row: the product and its amounts in the table,
    none of them left in the page's text."""
    from cell_border_pdfs import LAST_ROW, wrapped_last_row_pdf
    d = layoutpdf.parse(wrapped_last_row_pdf())
    assert len(d.tables) == 1
    cells = [c for r in d.tables[0].rows for c in r]
    assert any(c.startswith(LAST_ROW[0]) for c in cells)
    assert all(a in cells for a in LAST_ROW[2])
    assert "cervical cancer" not in _prose(d)
