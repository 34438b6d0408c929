"""Stacked structures outside Computer Modern (committed pdfLaTeX PDFs in tests/fixtures/tex/,
structures_times.tex with mathptmx, structures_palatino.tex with mathpazo; no TeX at test
time). Their letters are the text italic, not a maths font, and the big delimiters come from
cmex: fractions, binomials and matrices must be read from the geometry (a fraction bar with
glyphs above and below it, a delimiter spanning the rows it encloses), not from font names."""
from __future__ import annotations

from pathlib import Path

import pytest

import layoutpdf
from layoutpdf import Role

TEX = Path(__file__).resolve().parent / "fixtures" / "tex"
FRACTIONS = r"\frac{d}{dx} \left( \frac{u}{v} \right) = \frac{u^{\prime}v - uv^{\prime}}{v^{2}}"
BINOMIAL = r"\binom{n}{k} = \frac{n!}{k!(n - k)!}"
MATRIX = r"A = \begin{pmatrix} a_{11} & a_{12} \\ a_{21} & a_{22} \end{pmatrix}"


def _squeeze(latex: str) -> str:
    return latex.replace(" ", "")


@pytest.fixture(scope="module", params=["structures_times", "structures_palatino"])
def doc(request):
    return layoutpdf.parse(str(TEX / f"{request.param}.pdf"))


def _equations(doc) -> list[str]:
    return [_squeeze(e.text) for e in doc.elements if e.role is Role.EQUATION]


def test_nested_fractions_in_a_delimiter_are_one_display(doc):
    # the denominator row 'dx v v^2' (text italic, no maths font) was left as prose
    assert _squeeze(FRACTIONS) in _equations(doc)


def test_binomial_beside_a_fraction_is_one_display(doc):
    # the binomial's tall parentheses overlap the block of its numerator row
    assert _squeeze(BINOMIAL) in _equations(doc)


def test_matrix_in_tall_parentheses(doc):
    # every entry is a text-font letter or digit: the tall parentheses say it is maths
    assert _squeeze(MATRIX) in _equations(doc)


def test_every_display_is_whole(doc):
    """No piece of a display is left behind as a paragraph between the prose lines."""
    paragraphs = [e.text for e in doc.elements if e.role is Role.PARAGRAPH]
    assert len(paragraphs) == 4 and all(len(p) > 60 for p in paragraphs)
    assert len(_equations(doc)) == 3


def test_inline_fraction_in_text_italic(doc):
    # the raised text-italic numerator 'p' looked like a footnote marker, and the bar over
    # 'q' alone like an overline
    last = [e for e in doc.elements if e.role is Role.PARAGRAPH][-1]
    assert r"The ratio $\frac{p}{q}$ of two coprime integers" in last.text


def test_text_style_fractions_end_at_their_row():
    # the full-size '0' and '1' of the next row were read as part of the denominators
    doc = layoutpdf.parse(str(TEX / "matrix_fractions.pdf"))
    want = (r"J = \begin{pmatrix} \frac{\partial f}{\partial x} & \frac{\partial f}{\partial y}"
            r" \\ 0 & 1 \end{pmatrix}")
    assert _squeeze(want) in _equations(doc)
