"""What a page number is: one pattern (`text.margin_lines.PAGE_NUMBER`), read through one
function (`page_number`, which also checks that a page count counts pages) by every rule of
the furniture stage, so the rule for running numbers and the rule for rows set apart
at a page's edge cannot disagree about it."""
from __future__ import annotations

import pytest

from layoutpdf.model import BBox, Line, Span
from layoutpdf.stages.furniture import folio_rows, footer_rows, outer_rows, stage
from layoutpdf.stages.furniture.outer_rows import OuterBlock, furniture_kind
from layoutpdf.text.margin_lines import PAGE_NUMBER, page_number


@pytest.mark.parametrize("text, number, count", [
    ("12", "12", None),
    ("Page 12", "12", None),
    ("page12", "12", None),
    ("- 12 -", "12", None),
    ("– 7 –", "7", None),
    ("(iv)", "iv", None),
    ("[3]", "3", None),
    ("XII", "XII", None),
    ("3 of 10", "3", "10"),
    ("Page 3 of 10", "3", "10"),
    ("3/10", "3", "10"),
])
def test_a_page_number_and_its_count(text, number, count):
    m = PAGE_NUMBER.match(text)
    assert m is not None
    assert (m.group("number"), m.group("count")) == (number, count)


@pytest.mark.parametrize("text", [
    "12345",                 # five digits: a year range, a figure, not a folio
    "Figure 3", "Table 2",   # a label with a number
    "12.5", "3.",            # a value, a list number
    "1 2",                   # two numbers
    "Chapter 4",             # a title with its number
    "page",                  # the word alone
    "ivy",                   # a word made of roman letters and more
    "3 of",                  # a count without its total
])
def test_what_is_no_page_number(text):
    assert PAGE_NUMBER.match(text) is None


def test_both_furniture_rules_read_the_one_pattern():
    # the running-number rules (stage.py), the set-apart rows (outer_rows.py), footer rows
    # and folio rows
    assert all(m.page_number is page_number for m in (stage, outer_rows, footer_rows, folio_rows))


def _line(text: str, size: float = 9.0) -> Line:
    span = Span(id="s0", text=text, bbox=BBox(300, 760, 300 + 5 * len(text), 770), font="Times-Roman",
                size=size, flags=0, color=0, alpha=255, origin=(300, 768))
    return Line.build("l0", 0, (span,))


@pytest.mark.parametrize("text, kind", [
    ("12", "page number"),
    ("- iv -", "page number"),
    ("3 of 10", "page count"),        # a page number with its count reads as a page count line
    ("Page 3 of 10", "page count"),
])
def test_an_outer_row_holding_a_page_number(text, kind):
    ln = _line(text)
    block = OuterBlock("bottom", (ln,), gap=30.0)
    assert furniture_kind(ln, block, body_size=10.0, pitch=12.0) == kind
