"""Glyph names: double-struck letters (msbm), calligraphic (cmsy) vs script (rsfs) capitals,
the two forms of phi, epsilon and theta, primes, operator names; from a committed pdfLaTeX
PDF (tests/fixtures/tex/glyph_names.pdf) and from Unicode maths fonts' characters."""
from __future__ import annotations

from pathlib import Path

import pytest

import layoutpdf
from layoutpdf import Role
from layoutpdf.model import BBox, Span
from layoutpdf.stages.math.serialize import spans_to_latex

TEX = Path(__file__).resolve().parent / "fixtures" / "tex"


@pytest.fixture(scope="module")
def equations():
    doc = layoutpdf.parse(str(TEX / "glyph_names.pdf"))
    return [e.text for e in doc.elements if e.role is Role.EQUATION]


def test_double_struck_calligraphic_and_script_letters(equations):
    assert equations[0] == (r"f : \mathbb{R}^{n} \to \mathbb{C}, \quad \mathcal{F} \subset "
                            r"\mathscr{P}(\mathbb{N})")


def test_letter_forms_are_kept_apart(equations):
    assert equations[1] == r"\phi + \varphi = \epsilon + \varepsilon + \theta + \vartheta"


def test_two_primes_are_one_superscript(equations):
    # y'' is y^{\prime\prime}, not a prime with a prime of its own
    assert equations[2] == r"y^{\prime\prime} + f^{\prime}(x) = \operatorname{softmax}(z)"


def _unicode(text: str) -> str:
    span = Span("s", text, BBox(0, 0, 12 * len(text), 10), "STIXTwoMath-Regular", 10, 0, 0, 255,
                (0, 8))
    return spans_to_latex([span]).latex


@pytest.mark.parametrize("text,latex", [
    ("\U0001D4AB\ufe01", r"\mathscr{P}"),     # roundhand (VS2): \mathscr
    ("\U0001D4AB\ufe00", r"\mathcal{P}"),     # chancery (VS1): \mathcal
    ("\U0001D719\U0001D711", r"\phi\varphi"),  # phi symbol (straight), small phi (loopy)
    ("\U0001D716\U0001D700", r"\epsilon\varepsilon"),
    ("\U0001D53D\u211D", r"\mathbb{F}\mathbb{R}"),
])
def test_unicode_maths_letters(text, latex):
    assert _unicode(text).replace(" ", "") == latex
