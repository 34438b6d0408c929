"""Operator names, blackboard and calligraphic letters in each TeX maths font set (committed
pdfLaTeX PDFs tests/fixtures/tex/operators_{cm,times,palatino,tx}.pdf, the same formulas with
Computer Modern, mathptmx, mathpazo and txfonts; no TeX at test time). The same set in more
font sets and producers: test_math_font_similarity.py."""
from __future__ import annotations

from pathlib import Path

import pytest

import layoutpdf

TEX = Path(__file__).resolve().parent / "fixtures" / "tex"
FONTS = ("cm", "times", "palatino", "tx")


def _squeeze(latex: str) -> str:
    return latex.replace(r"\quad", "").replace(" ", "")


@pytest.fixture(scope="module")
def equations():
    out = {}
    for font in FONTS:
        doc = layoutpdf.parse(str(TEX / f"operators_{font}.pdf"))
        out[font] = {q.tag: _squeeze(q.latex) for q in doc.equations if q.display and q.tag}
    return out


@pytest.mark.parametrize("font", FONTS)
def test_operator_name_in_a_numerator_keeps_the_display_whole(equations, font):
    # Palatino: the number '(1)' sits on a line above the denominator, so the block read
    # '(1) σXσY' and was taken for an enumerated statement: the display fell apart
    assert equations[font].get("1") == _squeeze(
        r"\rho_{X,Y} = \frac{\operatorname{cov}(X,Y)}{\sigma_{X}\sigma_{Y}}")


@pytest.mark.parametrize("font", FONTS)
def test_blackboard_expectation(equations, font):
    # PazoMathBlackboardBold (mathpazo) and txsyb (txfonts) are msbm's kin: E was plain
    # or calligraphic
    assert equations[font].get("4") == _squeeze(
        r"\operatorname{Var}(X) = \mathbb{E}[X^{2}] - \mathbb{E}[X]^{2}")


@pytest.mark.parametrize("font", FONTS)
def test_calligraphic_normal_distribution(equations, font):
    # mathptmx sets \mathcal in rsfs, which beside cmmi letters is \mathscr
    assert r"\varepsilon\sim\mathcal{N}(0,\sigma^{2}I)" in equations[font].get("5", "")


@pytest.mark.parametrize("font", FONTS)
def test_display_before_a_paragraph_is_its_own_block(equations, font):
    # Times, Palatino, txfonts: the display ran into the paragraph after it (TeX's short
    # skip below it; letters in the text italic) and the whole block stayed prose
    assert equations[font].get("3", "").startswith(
        _squeeze(r"\operatorname{softmax}(z)_{i} = \frac{\exp(z_{i})}{\sum_{j} \exp"))


@pytest.mark.parametrize("font", FONTS)
def test_bracket_matrix_is_one_display(equations, font):
    # txfonts: the second row 'sin θ cos θ' (text-roman names, little maths share) under
    # the tall brackets' hanging lower half was a display of its own
    assert equations[font].get("6") == _squeeze(
        r"R_{\theta} = \begin{bmatrix} \cos\theta & -\sin\theta \\ \sin\theta & \cos\theta "
        r"\end{bmatrix}")


@pytest.mark.parametrize("font", FONTS)
def test_two_word_operator_name_takes_its_limit(equations, font):
    # 'arg' and 'min' a thin space apart with theta centred under both came as
    # \arg_{\theta}\min (CM, Times, txfonts) or \mathrm{argmin}_{\theta} (Palatino)
    assert equations[font].get("2", "").startswith(_squeeze(
        r"\hat{\theta} = \operatorname*{arg\,min}_{\theta} \sum_{i=1}^{n}"))
