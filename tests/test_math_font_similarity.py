"""The same formula set in every maths font set and producer, scored by LaTeX token
similarity (committed PDFs in tests/fixtures/tex/: structures_<font>.pdf and
operators_<font>.pdf, typeset from the .tex beside them by make_tex_fixtures.py; no TeX
at test time). Computer Modern is the reference: each font must read its formulas about
as well as CM does, whatever its producer writes into the text layer.

- cm, times (mathptmx), palatino (mathpazo), tx (txfonts): raw TeX codes or glyph names;
- newtx, newpx (newtxmath, newpxmath): TeX layouts under a ToUnicode map (NewTXMI letters
  as Mathematical Alphanumerics, txexs operators as U+2211, codes beyond 128);
- stix2, libertinus (stix2-type1, libertinust1math): one font name for letters, symbols
  and the extension font's size variants, which hang from their origin;
- luatermes (LuaLaTeX, unicode-math, TeX Gyre Termes Math): an OpenType maths font.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import layoutpdf

TEX = Path(__file__).resolve().parent / "fixtures" / "tex"
FONTS = ("cm", "times", "palatino", "tx", "newtx", "newpx", "stix2", "libertinus", "luatermes")
STRUCTURES = (
    r"\frac{d}{dx} \left( \frac{u}{v} \right) = \frac{u^{\prime}v - uv^{\prime}}{v^{2}}",
    r"\binom{n}{k} = \frac{n!}{k!(n - k)!}",
    r"A = \begin{pmatrix} a_{11} & a_{12} \\ a_{21} & a_{22} \end{pmatrix}",
)
OPERATORS = (
    r"\rho_{X,Y} = \frac{\operatorname{cov}(X,Y)}{\sigma_{X}\sigma_{Y}}",
    r"\hat{\theta} = \operatorname*{arg\,min}_{\theta} \sum_{i=1}^{n} -\log p(x_{i} \mid \theta)",
    r"\operatorname{softmax}(z)_{i} = \frac{\exp(z_{i})}{\sum_{j} \exp(z_{j})}",
    r"\operatorname{Var}(X) = \mathbb{E}[X^{2}] - \mathbb{E}[X]^{2}",
    r"y = X \beta + \varepsilon, \quad \varepsilon \sim \mathcal{N}(0, \sigma^{2} I)",
    r"R_{\theta} = \begin{bmatrix} \cos\theta & -\sin\theta \\ \sin\theta & \cos\theta "
    r"\end{bmatrix}",
)
FORMULAS = STRUCTURES + OPERATORS
# what CM reaches (1.0), less a little: the set's mean and each formula against CM's own
MEAN_THRESHOLD = 0.98
PER_FORMULA_SLACK = 0.05

_SPACING = {r"\left", r"\right", r"\,", r"\;", r"\!", r"\quad", r"\qquad"}


def _tokens(latex: str) -> list[str]:
    """LaTeX tokens as the benchmark counts them: control words, single characters,
    spacing dropped, braces around one token dropped, tags and wrappers dropped."""
    latex = re.sub(r"\\tag\{[^{}]*\}", " ", latex)
    toks = [t for t in re.findall(r"\\[A-Za-z]+|\\.|\S", latex) if t not in _SPACING]
    changed = True
    while changed:
        changed, out, i = False, [], 0
        while i < len(toks):
            if i + 2 < len(toks) and toks[i] == "{" and toks[i + 2] == "}" \
                    and toks[i + 1] not in "{}":
                out.append(toks[i + 1])
                i, changed = i + 3, True
            else:
                out.append(toks[i])
                i += 1
        toks = out
    return toks


def similarity(a: str, b: str) -> float:
    """1 - token edit distance / the longer token list."""
    ta, tb = _tokens(a), _tokens(b)
    if not ta and not tb:
        return 1.0
    prev = list(range(len(tb) + 1))
    for i, x in enumerate(ta, 1):
        cur = [i]
        for j, y in enumerate(tb, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y)))
        prev = cur
    return 1.0 - prev[-1] / max(len(ta), len(tb))


@pytest.fixture(scope="module")
def scores() -> dict[str, list[float]]:
    """Per font, each formula's best similarity to the display equations of its page."""
    out = {}
    for font in FONTS:
        got = []
        for kind, want in (("structures", STRUCTURES), ("operators", OPERATORS)):
            doc = layoutpdf.parse(str(TEX / f"{kind}_{font}.pdf"))
            displays = [q.latex for q in doc.equations if q.display]
            got += [max((similarity(d, w) for d in displays), default=0.0) for w in want]
        out[font] = got
    return out


def test_similarity_counts_tokens():
    assert similarity(r"\frac{a}{b}", r"\frac a b") == 1.0
    assert similarity(r"x_{i}", r"x^{i}") == pytest.approx(1 - 1 / 3)


def test_computer_modern_meets_the_threshold(scores):
    assert sum(scores["cm"]) / len(FORMULAS) >= MEAN_THRESHOLD


@pytest.mark.parametrize("font", FONTS)
def test_each_font_reads_its_formulas_as_well_as_cm(scores, font):
    # newtx: '=' and '[' read as cmmi's slash and cmsy's union (raw codes under a ToUnicode
    # map); stix2, libertinus: a binomial's and a matrix's size-variant parentheses and a
    # sum hanging from its origin fell apart into rows
    got = scores[font]
    assert sum(got) / len(got) >= MEAN_THRESHOLD, scores[font]


@pytest.mark.parametrize("font", FONTS)
@pytest.mark.parametrize("index", range(len(FORMULAS)))
def test_each_formula_as_well_as_in_cm(scores, font, index):
    assert scores[font][index] >= scores["cm"][index] - PER_FORMULA_SLACK, FORMULAS[index]

