"""Display rows read from how TeX places them (tests/fixtures/tex/display_rows.pdf, made by
make_tex_fixtures.py from display_rows.tex; no TeX at test time).

* An algorithm's lines set as inline maths one under the other: a text-style sum (a cmex
  glyph hanging from an origin above its row's baseline) right under the line before it.
  That line is not the sum's upper limit: a limit lives inside the operator's box and never
  reaches over the operator row's own glyphs ('= ' before the sum).
"""
from __future__ import annotations

from pathlib import Path

import pytest

import layoutpdf
from layoutpdf import Role

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
