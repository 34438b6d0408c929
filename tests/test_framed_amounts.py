"""Rules over one amount column are no frame around prose (issue 39): each amount column
of a printed filing's statement is ruled on its own (`filings_amount_rules_pdfs`), and in
the widest one a "$ 34,382" line fills its width as a line of text fills a framed box.
Read as a box of prose, the region was withheld from every table finder and its amounts
vanished from the output."""
from __future__ import annotations

import re

import pymupdf
import pytest

import layoutpdf
from layoutpdf.extract.framed_text import framed_prose
from layoutpdf.model import BBox, Line, Span

from filings_amount_rules_pdfs import COLUMNS, ROWS, amount_rules_statement_pdf


@pytest.fixture(scope="module")
def doc():
    return layoutpdf.parse(amount_rules_statement_pdf())


def _digits(text: str) -> str:
    return re.sub(r"[^\d]", "", text)


def test_every_row_keeps_its_four_amounts(doc):
    """Each label's table row holds all of its amounts, the last column's included."""
    rows = {r[0]: r for t in doc.tables for r in t.rows if r}
    for label, _, amounts in ROWS:
        assert label in rows, label
        cells = [_digits(c) for c in rows[label][1:]]
        assert [_digits(a) for a in amounts] == [c for c in cells if c], label


def test_no_word_of_the_page_vanishes(doc):
    """Every word printed on the page comes out, in a table or as text."""
    printed = pymupdf.open(stream=amount_rules_statement_pdf())[0].get_text()
    out = set(_words(doc.to_markdown()))
    assert not [w for w in _words(printed) if w not in out]


def _words(text: str) -> list[str]:
    """Words and amounts, without the signs and brackets around them."""
    return [w.strip(",") for w in re.findall(r"[\w,]+", text)]


def _span(text: str, x0: float, x1: float, y: float) -> Span:
    return Span("s", text, BBox(x0, y - 8, x1, y + 2), "Helvetica", 10.0, 0, 0, 255, (x0, y))


def _line(*spans: Span) -> Line:
    return Line.build("l", 0, spans)


def test_a_framed_line_of_words_is_still_prose():
    """The same frame holding lines of words across it stays a box of prose; holding the
    same widths in amounts it does not."""
    x0, x1 = COLUMNS[-1]
    words = [_line(_span("Net sales", x0 + 2, x0 + 20, y), _span("rose", x0 + 26, x1 - 6, y))
             for y in (140.0, 154.0, 168.0)]
    amounts = [_line(_span("$", x0 + 2, x0 + 8, y), _span("34,382", x0 + 16, x1 - 6, y))
               for y in (140.0, 154.0, 168.0)]
    box = (x0, 130.0, x1, 175.0)
    assert framed_prose(box, words, [])
    assert not framed_prose(box, amounts, [])
