"""The page-break rule an HTML filing prints under each page's number (`<hr>` after the
folio, issue 39 F): it closes the page, not the statement above it, so the statement's
rows stop at its last line item, the page number stays furniture, and the `$` cells join
their amounts (`filings_pdfs.printed_statements_pdf`)."""
from __future__ import annotations

import layoutpdf
from filings_pdfs import PRINTED_ROWS, printed_statements_pdf
from layoutpdf.extract.table_grid import Seg
from layoutpdf.extract.table_rules import page_end_rule
from layoutpdf.model import BBox, Line, Span


def test_the_statement_ends_at_its_last_row_not_at_the_page_break_rule():
    d = layoutpdf.parse(printed_statements_pdf(pages=3))
    assert [t.page for t in d.tables] == [0, 1, 2]
    for t in d.tables:
        labels = [r[0] for r in t.rows[t.header_rows:]]
        assert labels == [label for label, _ in PRINTED_ROWS], t.rows
        assert str(40 + t.page) not in {cell for r in t.rows for cell in r}


def test_the_page_number_over_the_page_break_rule_is_furniture():
    d = layoutpdf.parse(printed_statements_pdf(pages=3))
    numbers = {e.page: e.text for e in d.elements if e.role.name == "PAGE_NUMBER" and e.text.isdigit()
               and int(e.text) >= 40}
    assert numbers == {0: "40", 1: "41", 2: "42"}
    assert "41" not in d.to_markdown().split()


def test_dollar_cells_join_their_amounts_once_the_page_number_is_out():
    d = layoutpdf.parse(printed_statements_pdf(pages=3))
    t = d.tables[0]
    assert len(t.rows[0]) == 3
    assert t.rows[t.header_rows] == ("Revenue", "$ 46,298", "$ 51,761")


def test_the_same_pages_without_the_rule_read_the_same():
    with_rule = layoutpdf.parse(printed_statements_pdf(pages=3))
    without = layoutpdf.parse(printed_statements_pdf(pages=3, page_end_rule=False))
    assert [t.rows for t in with_rule.tables] == [t.rows for t in without.tables]


def _line(x0: float, y0: float, x1: float, text: str) -> Line:
    box = BBox(x0, y0, x1, y0 + 9)
    span = Span(f"s{x0:.0f}-{y0:.0f}", text, box, "Helvetica", 9.0, 0, 0, 255, (x0, y0 + 9))
    return Line.build(f"l{x0:.0f}-{y0:.0f}", 0, (span,))


def test_a_bottom_rule_under_the_last_row_of_a_table_stays():
    """A table's closing rule at the foot of the page, with its last row right above it
    (a label and amounts across the rule) and no page number, is the table's."""
    rule = Seg(200.0, 36.0, 576.0)
    last_row = [_line(36, 188, 150, "Total"), _line(430, 188, 460, "1,234"), _line(530, 188, 560, "1,111")]
    assert not page_end_rule(rule, sorted(last_row, key=lambda ln: -ln.bbox.cy))
    folio = [_line(300, 188, 312, "40")]
    assert page_end_rule(rule, folio)
    below = [_line(36, 210, 200, "a line under the rule")] + folio
    assert not page_end_rule(rule, sorted(below, key=lambda ln: -ln.bbox.cy))
