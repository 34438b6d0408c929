"""Display rows read from how TeX places them (tests/fixtures/tex/display_rows.pdf, made by
make_tex_fixtures.py from display_rows.tex; no TeX at test time).

* An algorithm's lines set as inline maths one under the other: a text-style sum (a cmex
  glyph hanging from an origin above its row's baseline) right under the line before it.
  That line is not the sum's upper limit: a limit lives inside the operator's box and never
  reaches over the operator row's own glyphs ('= ' before the sum).
* A row of a display made only of glyphs without a Unicode mapping (a font whose glyph
  names say nothing: the extractor hands in control codes, as for the bracket pieces of
  a Scientific Reports formula) is no row: the display never opens with an empty row, and
  its confidence says what was left out (a PDF built with PyMuPDF below).
"""
from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

import layoutpdf
from layoutpdf import Role
from layoutpdf.stages.math.serialize import lines_to_latex

from math_pdf_helpers import engine_lines

TEX = Path(__file__).resolve().parent / "fixtures" / "tex"


@pytest.fixture(scope="module")
def doc():
    return layoutpdf.parse(str(TEX / "display_rows.pdf"))


def _equations(doc):
    return [e.text for e in doc.elements if e.role is Role.EQUATION]


def test_row_above_a_text_style_sum_is_not_its_limit(doc):
    text = next(t for t in _equations(doc) if r"\sum" in t)
    assert r"\sum^" not in text, text
    assert r"pairscore_{i} = \sum_{p\in P_{i}} \operatorname{weight}(p)" in text, text
    assert r"P_{i} = x_{Ai}.\mathrm{patterns} \cap x_{Bi}.\mathrm{patterns}" in text, text


def _unmapped_row_pdf() -> pymupdf.Document:
    """Two glyphs whose encoding names no known glyph (codes 4 and 5) drawn above a
    formula row: a text extractor can only hand in their codes."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((100, 100), "x", fontname="helv", fontsize=10)
    page.insert_text((100, 120), "x", fontname="tiit", fontsize=10)
    fonts = {f[3]: f for f in doc.get_page_fonts(0)}
    helv, tiit = fonts["Helvetica"], fonts["Times-Italic"]
    doc.xref_set_key(helv[0], "Encoding",
                     "<< /Type /Encoding /Differences [4 /brkA 5 /brkB] >>")
    stream = (f"BT /{helv[4]} 10 Tf 1 0 0 1 118 702 Tm <04> Tj 1 0 0 1 160 702 Tm <05> Tj ET "
              f"BT /{tiit[4]} 10 Tf 1 0 0 1 100 690 Tm (x + y = z) Tj ET").encode()
    first, *rest = page.get_contents()
    doc.update_stream(first, stream)
    for xref in rest:
        doc.update_stream(xref, b"")
    return doc


def test_a_row_of_unmapped_glyphs_is_not_an_empty_row():
    lines, rules = engine_lines(_unmapped_row_pdf()[0])
    assert len(lines) == 3                        # the two codes and the formula
    res = lines_to_latex(lines, rules)
    assert res.latex == "x + y = z", res.latex
    assert res.confidence == "low"
    assert any("unmapped" in r for r in res.reasons)
