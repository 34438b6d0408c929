"""Times-based TeX maths (mathptmx, txfonts; committed pdfLaTeX PDFs in tests/fixtures/tex/,
no TeX at test time). Their letters come from the text italic or a tx maths italic (rtxmi),
operators from a maths roman the prose never uses (CMR10, rtxr), big operators from cmex or
txex: the displays come out exact and inline formulas are found in the prose."""
from __future__ import annotations

from pathlib import Path

import pytest

import layoutpdf
from layoutpdf import Role
from layoutpdf.text.latex_symbols import font_family, is_math_font

TEX = Path(__file__).resolve().parent / "fixtures" / "tex"
DISPLAYS = [r"\sum_{n=1}^{\infty} \frac{1}{n^{2}} = \frac{\pi^{2}}{6}",
            # the radical after '= ' hangs from a space's origin; dx after a raised 2
            r"\int_{-\infty}^{\infty} e^{-x^{2}} dx = \sqrt{\pi}",
            r"\|x + y\| \leq \|x\| + \|y\|, \quad \alpha\beta\gamma \in \Omega"]


def _squeeze(latex: str) -> str:
    return latex.replace(" ", "")


@pytest.fixture(scope="module", params=["mathptmx", "txfonts"])
def doc(request):
    return layoutpdf.parse(str(TEX / f"{request.param}.pdf"))


def test_displays_are_exact(doc):
    eqs = [_squeeze(e.text) for e in doc.elements if e.role is Role.EQUATION]
    assert eqs == [_squeeze(d) for d in DISPLAYS]


def test_inline_formula_in_text_italic_is_found(doc):
    first = next(e for e in doc.elements if e.role is Role.PARAGRAPH)
    assert "let $f(x) = ax + b$ be the linear map" in first.text


@pytest.mark.parametrize("name,family", [
    ("JNBDUZ+rtxmi", "cmmi"), ("Rpxmi", "cmmi"), ("NewTXMI", "cmmi"), ("NewTXMI7", "cmmi"),
    ("NewTXBMI", "cmmib"), ("txsys", "cmsy"), ("ntxsy", "cmsy"), ("Pxsy", "cmsy"),
    ("txexs", "cmex"), ("ntxexx", "cmex"), ("Pxex", "cmex"),
    ("XITSMath", ""), ("CambriaMath", ""), ("Cambria Math", ""), ("STIXTwoMath-Regular", ""),
    ("STIXMath-Regular", ""), ("TeXGyreTermesMath-Regular", ""), ("PazoMath-Italic", "")])
def test_maths_fonts_of_other_typesetters(name, family):
    assert is_math_font(name) and font_family(name) == family


@pytest.mark.parametrize("name", ["rtxr", "NimbusRomNo9L-ReguItal", "STIXGeneral-Italic",
                                  "TimesNewRomanPS-ItalicMT", "Rpxr"])
def test_text_fonts_are_not_maths_fonts(name):
    assert not is_math_font(name)
