"""Formulas as LibreOffice Writer prints its Math objects (committed PDFs in
tests/fixtures/libreoffice/, made by make_libreoffice_fixtures.py: latex2mathml's MathML
embedded in a flat ODF document, imported and printed by LibreOffice; no office suite at
test time). Writer's MathML import draws an error mark, OpenSymbol's inverted question
mark, for each relation that opens an aligned row's right-hand cell, and only the first
letter of a multi-letter operator; its scripts follow a space whose origin is on the
base's line; its inline objects are scaled to the frame the converter sized."""
from __future__ import annotations

from pathlib import Path

import pytest

import layoutpdf

WRITER = Path(__file__).resolve().parent / "fixtures" / "libreoffice"


def _squeeze(latex: str) -> str:
    return latex.replace(r"\quad", "").replace(" ", "")


@pytest.fixture(scope="module")
def docs():
    return {name: layoutpdf.parse(str(WRITER / f"{name}.pdf"))
            for name in ("writer_displays", "writer_operators")}


def _displays(doc) -> list:
    return [q for q in doc.equations if q.display]


@pytest.mark.parametrize("index,want", [
    (0, r"\begin{aligned}\operatorname{V}(X)&=\mathbb{E}[X^{2}]-\mathbb{E}[X]^{2}\\"
        r"&=\sigma^{2}\end{aligned}"),
    (5, r"\begin{aligned}a&=b+c\\&=d\end{aligned}"),
    # the bar over the second row's ell, at script size, was a limit of the sum above it
    (2, r"\begin{aligned}L(\theta)&=\sum_{i=1}^{n}\ell_{i}(\theta)\\&=n\bar{\ell}"
        r"\end{aligned}"),
])
def test_error_mark_opening_aligned_rows_is_their_relation(docs, index, want):
    # the rows came as '\begin{gathered} V(X) \quad ¿\mathbb{E}...' with an unmapped glyph
    q = _displays(docs["writer_displays"])[index]
    assert _squeeze(q.latex) == _squeeze(want)
    # which relation the mark stands for is not in the text layer: the equation says so
    assert q.confidence == "low" and any("error mark" in r for r in q.reasons)


@pytest.mark.parametrize("font,want", [("ABCDEF+OpenSymbol", ("=", "rel", False)),
                                       ("LiberationSerif", ("\u00bf", "ord", True))])
def test_error_mark_is_a_relation_in_opensymbol_only(font, want):
    from layoutpdf.model.content import Span
    from layoutpdf.model.geometry import BBox
    from layoutpdf.stages.math.glyphs import glyphs_from_spans
    span = Span("s0", "\u00bf", BBox(100, 90, 106, 102), font, 12.0, 0, 0, 255, (100, 100))
    (g,) = glyphs_from_spans([span], [])
    assert (g.tex, g.kind, g.unmapped) == want


@pytest.mark.parametrize("name,index,want", [
    ("writer_displays", 3,
     r"\operatorname{l}_{n\to\infty}\left(1+\frac{1}{n}\right)^{n}=e"),
    ("writer_operators", 1,
     r"\rho_{X,Y}=\frac{\operatorname{c}(X,Y)}{\sigma_{X}\sigma_{Y}}"),
])
def test_script_after_a_space_on_the_base_line_is_lowered(docs, name, index, want):
    # the span ' X ,Y' (' n') carries the space's origin, on the base's line: 'rho X ,Y',
    # 'l n_{\to\infty}'; its box is on the glyphs' level
    assert _squeeze(_displays(docs[name])[index].latex) == _squeeze(want)


def test_operator_name_cut_to_one_letter_says_so(docs):
    displays = _displays(docs["writer_operators"])
    attention = displays[0]
    assert _squeeze(attention.latex).startswith(r"\operatorname{A}(Q,K,V)=\operatorname{s}")
    assert attention.confidence == "low"
    assert any("cut to its first letter" in r for r in attention.reasons)
    # a formula with no operator name keeps its confidence
    assert _squeeze(displays[-1].latex) == "E=mc^{2}" and displays[-1].confidence == "high"


@pytest.mark.parametrize("want", [r"n^{-1/2}", r"x_{i,j}"])
def test_inline_script_with_a_space_in_it_stays_whole(docs, want):
    # LibreOffice writes spaces inside a formula: '$n^{-1/}$ 2' (the '2' taken for a
    # note marker), '$x_{i ,}$ $j$' (the comma taken for prose punctuation)
    inline = [_squeeze(q.latex) for q in docs["writer_operators"].equations if not q.display]
    assert want in inline, inline


def _span(i: int, text: str, font: str, size: float, x0: float, x1: float,
          top: float, bottom: float, base: float):
    from layoutpdf.model.content import Span
    from layoutpdf.model.geometry import BBox
    return Span(f"s{i}", text, BBox(x0, top, x1, bottom), font, size, 0, 0, 255, (x0, base))


def test_lone_subscript_after_a_space_keeps_its_level():
    # F_n = F_{n-1} + F_{n-2} as Writer prints it at 11.5 pt (webdev-02): each ' n' span
    # carries the space's origin on the base's line, its box 2 pt lower. The first 'n' has
    # no other script beside it and was put back on its neighbours' line: 'F n=F_{n-1}...'
    from layoutpdf.stages.math.display import spans_to_latex
    it, sym_, rm = "LiberationSerif-Italic", "OpenSymbol", "LiberationSerif"
    rows = [("F", it, 11.47, 121.0, 130.6, 684.4, 692.6, 691.0),
            (" n", it, 6.84, 130.6, 136.6, 687.1, 694.0, 691.0),
            ("=", sym_, 11.47, 137.2, 149.6, 684.4, 692.6, 691.0),
            ("F", it, 11.47, 151.2, 160.8, 684.4, 692.6, 691.0),
            (" n", it, 6.84, 160.8, 166.8, 687.1, 694.0, 691.0),
            ("\u2212", sym_, 6.84, 167.6, 174.8, 689.1, 694.0, 693.0),
            ("1", rm, 6.84, 175.2, 178.6, 689.1, 694.0, 693.0),
            ("+", sym_, 11.47, 180.8, 189.6, 684.4, 692.6, 691.0),
            ("F", it, 11.47, 191.6, 201.2, 684.4, 692.6, 691.0),
            (" n", it, 6.84, 201.2, 207.2, 687.1, 694.0, 691.0),
            ("\u2212", sym_, 6.84, 208.0, 215.2, 689.1, 694.0, 693.0),
            ("2", rm, 6.84, 215.6, 219.0, 689.1, 694.0, 693.0)]
    spans = [_span(i, *r) for i, r in enumerate(rows)]
    assert _squeeze(spans_to_latex(spans).latex) == "F_{n}=F_{n-1}+F_{n-2}"


def test_a_display_opening_an_untitled_page_is_no_title():
    # a title is the largest text on page 1's upper half; a display's big operators are
    # large too, and an untitled page's first display was taken for the title (a heading
    # of glyph soup: "# n 2 σ 2=1n∑i=1 (xi−μ)")
    doc = layoutpdf.parse(str(WRITER / "writer_untitled.pdf"))
    roles = [e.role for e in doc.elements]
    assert layoutpdf.Role.TITLE not in roles
    assert len(_displays(doc)) == 2
    assert not doc.to_markdown().lstrip().startswith("#")
