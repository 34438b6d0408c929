"""Display maths as Chromium prints MathML (committed PDFs in tests/fixtures/mathml/, made by
make_mathml_fixtures.py: latex2mathml's MathML in DejaVu Math TeX Gyre, the number in the
page's text font; no browser at test time). PyMuPDF joins glyphs of one font and size into
one span whatever their level, so an accent over its base, a stretched delimiter and the
rows of a matrix come in spans whose characters' places are estimates: the structure is
read from the levels the spans' boxes show, the rules and the numbers' fonts."""
from __future__ import annotations

from pathlib import Path

import pytest

import layoutpdf
from layoutpdf import Role

MATHML = Path(__file__).resolve().parent / "fixtures" / "mathml"


def _squeeze(latex: str) -> str:
    return latex.replace(r"\quad", "").replace(" ", "")


@pytest.fixture(scope="module")
def equations():
    """Per fixture, the display equations' (LaTeX, tag) in page order."""
    out = {}
    for name in ("browser_displays", "browser_columns", "browser_newsletter"):
        doc = layoutpdf.parse(str(MATHML / f"{name}.pdf"))
        out[name] = [(_squeeze(q.latex), q.tag) for q in doc.equations if q.display]
    return out


def test_every_display_is_an_equation_with_its_number(equations):
    for name, eqs in equations.items():
        assert [tag for _, tag in eqs] == [str(n) for n in range(1, len(eqs) + 1)] \
            and len(eqs) >= 6, (name, eqs)


@pytest.mark.parametrize("name,index,want", [
    ("browser_displays", 0, r"\hat{\beta}=(X^{\top}X)^{-1}X^{\top}y"),
    ("browser_columns", 2, r"\hat{f}(\xi)=\int_{-\infty}^{\infty}f(x)e^{-2\pi ix\xi}dx"),
    ("browser_newsletter", 3, r"\hat{\theta}=\max_{\theta}\sum_{i}\logp(x_{i})"),
])
def test_caret_over_its_base_is_a_hat(equations, name, index, want):
    # '^' raised over beta came as \wedge, with the rest of the span on the caret's level
    assert equations[name][index][0] == _squeeze(want)


@pytest.mark.parametrize("index,want", [
    (0, r"p(x)=\sum_{k=1}^{K}\pi_{k}\mathcal{N}(x \mid \mu_{k},\Sigma_{k})"),
    (1, r"H(X)=-\sum_{x}p(x)\logp(x)"),
])
def test_number_squeezed_beside_a_long_formula_is_its_tag(equations, index, want):
    # three narrow columns: less than TeX's quad between formula and number, and the
    # number, centred on the display's box, below the baseline: 'p(x)_{(2)}'
    assert equations["browser_newsletter"][index] == (_squeeze(want), str(index + 1))


def test_number_drawn_over_a_formula_too_wide_for_its_column(equations):
    latex, tag = equations["browser_columns"][1]
    assert tag == "2" and latex.endswith(r"\right)V"), latex


@pytest.mark.parametrize("name,index", [("browser_columns", 1), ("browser_newsletter", 4)])
def test_stretched_parentheses_around_a_fraction(equations, name, index):
    # the parentheses' origin is the numerator's baseline: the display came out as rows
    latex = equations[name][index][0]
    assert r"\operatorname{softmax}\left(\frac{QK^{\top}}{\sqrt{d_{k}}}\right)V" in latex, latex


def test_stretched_parentheses_of_a_matrix_off_the_formula_baseline(equations):
    # their origin near the first row's baseline, not on the '=' line
    assert equations["browser_columns"][5][0] == \
        r"\Sigma=\begin{pmatrix}\sigma_{1}^{2}&\rho\\\rho&\sigma_{2}^{2}\end{pmatrix}"


def test_matrix_row_set_as_one_span_keeps_its_columns(equations):
    # the first row '[ cos θ − sin θ' is one span: the gap between its cells is spread
    # over its characters, the second row's cells are spans of their own
    assert equations["browser_displays"][4][0] == (
        r"R_{\theta}=\begin{bmatrix}\cos\theta&-\sin\theta\\\sin\theta&\cos\theta\end{bmatrix}")


def test_stretched_radical_takes_the_limit_of_its_radicand(equations):
    assert equations["browser_columns"][3][0] == r"\|x\|_{2}=\sqrt{\sum_{i}x_{i}^{2}}"


def test_numerator_after_a_stretched_parenthesis_in_one_span():
    """Spans as Chromium printed `softmax(QK^T / sqrt(d_k)) V` at 9.98 pt (a two-column web
    article): '(QK' is one span, the stretched parenthesis's origin on the numerator's
    baseline, so Q's place is the span's box divided by rough widths, a little left of
    where the bar starts. Its centre is over the bar: it is the numerator's."""
    from layoutpdf.model import BBox, Span
    from layoutpdf.stages.math.serialize import spans_to_latex
    font = "DejaVuMathTeXGyre-Regular"

    def span(i, text, size, box, base):
        return Span(f"s{i}", text, BBox(*box), font, size, 0, 0, 255, (box[0], base))
    spans = [span(0, "softmax ", 9.98, (438.8, 183.35, 478.62, 193.32), 191.2),
             span(1, "(𝑄𝐾", 9.98, (481.75, 176.6, 506.7, 186.83), 184.8),
             span(2, "⊤", 7.98, (506.71, 173.68, 513.0, 181.66), 180.0),
             span(3, "√", 9.98, (490.42, 194.01, 497.47, 203.99), 201.9),
             span(4, "𝑑", 9.98, (497.46, 191.6, 504.84, 201.57), 199.5),
             span(5, "𝑘", 7.98, (504.84, 196.18, 510.17, 204.16), 202.5),
             span(6, ")𝑉", 9.98, (514.55, 176.86, 529.35, 193.32), 184.8)]
    rules = [BBox(488.25, 188.25, 513.75, 189.0), BBox(497.25, 191.25, 510.75, 192.0)]
    latex = _squeeze(spans_to_latex(spans, rules).latex)
    assert latex == _squeeze(r"\operatorname{softmax} \left( \frac{QK^{\top}}{\sqrt{d_{k}}} "
                             r"\right) V"), latex


def test_matrix_of_fractions_in_stretched_parentheses(equations):
    # the parentheses' origin is the first row's: the bars of the first and last columns
    # stand right inside them (a guard against delimiters around a fraction that are not
    # beside it must keep this one)
    assert equations["browser_displays"][7][0] == _squeeze(
        r"J = \begin{pmatrix} \frac{\partial f_{1}}{\partial x_{1}} & \cdots & "
        r"\frac{\partial f_{1}}{\partial x_{n}} \\ \vdots & \ddots & \vdots \\ "
        r"\frac{\partial f_{m}}{\partial x_{1}} & \cdots & \frac{\partial f_{m}}{\partial x_{n}}"
        r" \end{pmatrix}")


def test_display_right_above_a_figure_is_no_label_of_it():
    # a numbered display set right above a plot (no prose between) was taken into the
    # figure's region as a label, and lost from the text with its number (webdev-04)
    doc = layoutpdf.parse(str(MATHML / "browser_figure.pdf"))
    eqs = [(_squeeze(q.latex), q.tag) for q in doc.equations if q.display]
    assert eqs == [("a^{2}+b^{2}=c^{2}", "1"), (r"\det(A-\lambdaI)=0", "2"),
                   (r"x_{t+1}=x_{t}-\eta\nablaf(x_{t})", "3")]
    for fig, q in zip(doc.figures, [q for q in doc.equations if q.tag in ("2", "3")]):
        assert fig.bbox.y0 >= q.bbox.y1           # the figure starts below its display


@pytest.mark.parametrize("name,index,want", [
    ("browser_displays", 3, r"\operatorname{softmax}(z)_{i}=\frac{e^{z_{i}}}{\sum_{j}e^{z_{j}}}"),
    ("browser_displays", 6, r"\operatorname{Attention}(Q,K,V)=\operatorname{softmax}\left("
                            r"\frac{QK^{\top}}{\sqrt{d_{k}}}\right)V"),
    ("browser_columns", 1, r"\operatorname{Attention}(Q,K,V)=\operatorname{softmax}\left("
                           r"\frac{QK^{\top}}{\sqrt{d_{k}}}\right)V"),
])
def test_operator_name_before_its_bracket_in_mathml(equations, name, index, want):
    # the browser sets <mo>Attention</mo> a thick space before its '(': the word came as
    # \mathrm{Attention} or \text{softmax } beside \operatorname{softmax}
    assert equations[name][index][0] == _squeeze(want)
