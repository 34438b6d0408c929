"""A line broken at a compound's own hyphen keeps it (issue 39: 'shortterm' in filings).

Filings break lines at the hyphen of `short-term`, `long-lived`, `stock-based` as often as
TeX breaks `exam-ple`. Undoing every break glued the compounds into words no question
uses ('shortterm'); keeping every hyphen would leave 'exam-ple'. The document tells them
apart: a pair it also writes with its hyphen inside a line is a compound.
"""
from __future__ import annotations

import pymupdf
import pytest

import layoutpdf
from layoutpdf.text.lines import hyphen_compounds, join_lines

PARAGRAPH = [
    "The company holds its short-term investments at fair value and reports",
    "the gains on them in other income each quarter. Most of the short-",
    "term investments mature within a year; the longer ones are held as",
    "available for sale. The rest of the portfolio is valued by an inde-",
    "pendent pricing service every month of the fiscal year under review.",
]


def _pdf(path) -> None:
    doc = pymupdf.open()
    page = doc.new_page()
    for i, text in enumerate(PARAGRAPH):
        page.insert_text((72, 100 + 13 * i), text, fontname="helv", fontsize=10)
    doc.save(str(path))


@pytest.fixture(scope="module")
def text(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("hyphens") / "compounds.pdf"
    _pdf(path)
    return layoutpdf.parse(path).to_markdown()


def test_a_compound_broken_at_its_hyphen_keeps_it(text):
    assert "Most of the short-term investments mature" in text
    assert "shortterm" not in text


def test_a_word_broken_by_hyphenation_is_rejoined(text):
    assert "valued by an independent pricing service" in text


def test_compounds_are_read_from_inside_lines_only():
    pairs = hyphen_compounds(["a state-of-the-art short-", "term plan"])
    assert ("state", "of") in pairs and ("the", "art") in pairs
    assert ("short", "term") not in pairs          # the break itself is no evidence
    assert join_lines(["the short-", "term plan"], pairs) == "the shortterm plan"
    assert join_lines(["the short-", "term plan"], pairs | {("short", "term")}) == "the short-term plan"


def test_a_pair_the_document_mostly_closes_up_is_no_compound():
    lines = ["copyright law and copyright holders", "what the early printers called copy-right"]
    assert ("copy", "right") not in hyphen_compounds(lines)
    assert ("copy", "right") in hyphen_compounds(lines[1:])


def test_closed_words_counted_alike_in_ascii_and_other_lines():
    """The words closing a pair up are counted in ASCII lines (read byte-wise) as in lines
    with other characters (read by the Unicode pattern): digits, '_' and punctuation cut
    a word in both, and a closed-up word in either outvotes the hyphenated pair."""
    hyphenated = ["a state-owned firm", "its co-op shares"]
    ascii_closed = ["stateowned_ 12stateowned3 Stateowned.", "STATEOWNED"]
    other_closed = ["café coop—coop «Coop»"]
    assert hyphen_compounds(hyphenated) == {("state", "owned"), ("co", "op")}
    assert hyphen_compounds(hyphenated + ascii_closed) == {("co", "op")}
    assert hyphen_compounds(hyphenated + other_closed) == {("state", "owned")}
    assert hyphen_compounds(hyphenated + ["stateowned Stateowned co_op"]) == {("co", "op")}
