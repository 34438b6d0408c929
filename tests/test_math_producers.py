"""Display math as browsers (MathML) and office suites (LibreOffice Math) set it: the block
is found from the rows' maths evidence, not from TeX fonts or a large gap, and its LaTeX
keeps the Greek letters' case."""
from __future__ import annotations

import os

import pymupdf
import pytest

import layoutpdf
from layoutpdf.model import BBox, Line, Role, Span, Stats
from layoutpdf.model.content import FLAG_ITALIC
from layoutpdf.elements.blocks import segment
from layoutpdf.elements.rows import rows_of
from layoutpdf.text.latex_symbols import is_math_font, is_symbol_font, lookup
from math_pdf_helpers import ITALIC_TTF, MATH_TTF, PROSE_WORDS, centred, prose

needs_fonts = pytest.mark.skipif(not (os.path.exists(MATH_TTF) and os.path.exists(ITALIC_TTF)),
                                 reason="needs fonts-dejavu-extra and fonts-liberation")


def test_math_italic_greek_keeps_its_case():
    # MATHEMATICAL ITALIC SMALL/CAPITAL LAMDA, THETA, PI, XI, SIGMA (what MathML writes)
    assert lookup("\U0001D706")[0] == r"\lambda"
    assert lookup("\U0001D6EC")[0] == r"\Lambda"
    assert lookup("\U0001D703")[0] == r"\theta"
    assert lookup("\U0001D70B")[0] == r"\pi"
    assert lookup("\U0001D709")[0] == r"\xi"
    assert lookup("\U0001D70E")[0] == r"\sigma"
    assert lookup("\U0001D6F4")[0] == r"\Sigma"


def test_office_symbol_fonts_are_symbol_fonts_not_text():
    for name in ("FAAAAA+OpenSymbol", "Symbol", "StandardSymbolsPS", "MT Extra"):
        assert is_symbol_font(name), name
    for name in ("LiberationSerif-Italic", "DejaVuSerif", "TimesNewRomanPSMT"):
        assert not is_symbol_font(name) and not is_math_font(name), name
    assert is_math_font("DAAAAA+DejaVuMathTeXGyre-Regular")


def _browser_display_pdf() -> bytes:
    """A paragraph, a centred display numbered at the margin, and the next paragraph right
    under it at the ordinary line pitch with no indent (a browser's MathML block)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    tw = pymupdf.TextWriter(page.rect)
    y = prose(tw, 100, 3)
    right = 72 + pymupdf.Font("tiro").text_length(" ".join(PROSE_WORDS[:15]), fontsize=10)
    m = pymupdf.Font(fontfile=MATH_TTF)
    centred(tw, [("e", m, 10, 0), ("iπ", m, 7, -4), (" + 1 = 0", m, 10, 0)], y + 2, 72, right)
    tw.append((right - pymupdf.Font("tiro").text_length("(1)", fontsize=10), y + 2), "(1)",
              font=pymupdf.Font("tiro"), fontsize=10)
    prose(tw, y + 14, 3)
    tw.write_text(page)
    return doc.tobytes()


@needs_fonts
def test_browser_display_is_its_own_block_with_exact_latex():
    doc = layoutpdf.parse(_browser_display_pdf())
    eqs = [e for e in doc.elements if e.role is Role.EQUATION]
    assert len(eqs) == 1, [(e.role, e.text) for e in doc.elements]
    assert eqs[0].text == r"e^{i\pi} + 1 = 0 \tag{1}"
    paragraphs = [e.text for e in doc.elements if e.role is Role.PARAGRAPH]
    assert len(paragraphs) == 2 and not any("$" in t for t in paragraphs), paragraphs


def _office_formula_pdf() -> bytes:
    """LibreOffice Math closing the page: italic letters of the text font, operators in a
    symbol font, subscripts that outnumber the full-size glyphs."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    tw = pymupdf.TextWriter(page.rect)
    y = prose(tw, 560, 6)
    it, sy = pymupdf.Font(fontfile=ITALIC_TTF), pymupdf.Font("symb")
    roman = pymupdf.Font("tiro")
    pieces = [("F", it, 11, 0), ("n", it, 6.5, 2), ("=", sy, 11, 0), ("F", it, 11, 0),
              ("n", it, 6.5, 2), ("−", sy, 6.5, 2), ("1", roman, 6.5, 2), ("+", sy, 11, 0),
              ("F", it, 11, 0), ("n", it, 6.5, 2), ("−", sy, 6.5, 2), ("2", roman, 6.5, 2)]
    centred(tw, pieces, y + 8, 72, 540)          # the last thing on the page
    tw.write_text(page)
    return doc.tobytes()


@needs_fonts
def test_office_formula_at_the_page_foot_is_an_equation_not_a_footnote():
    doc = layoutpdf.parse(_office_formula_pdf())
    eqs = [e for e in doc.elements if e.role is Role.EQUATION]
    assert [e.text.replace(" ", "") for e in eqs] == ["F_{n}=F_{n-1}+F_{n-2}"], \
        [(e.role, e.text) for e in doc.elements]
    assert not any(e.role is Role.FOOTNOTE for e in doc.elements)


def _line(i: int, x0: float, x1: float, base: float, text: str, font: str = "CMMI10") -> Line:
    span = Span(f"s{i}", text, BBox(x0, base - 8, x1, base + 2), font, 10, 0, 0, 255, (x0, base))
    return Line.build(f"l{i}", 0, (span,))


def test_two_equations_one_under_the_other_are_two_blocks():
    """Two centred fractions, J = a/b and C = c/d, their '=' not aligned: two displays."""
    stats = Stats(body_size=10, line_height=12, char_width=5)
    column = BBox(72, 50, 540, 700)
    lines = [_line(0, 72, 540, 100, "prose " * 20, "Times-Roman")]
    for k, (lhs, x) in enumerate((("J =", 250), ("C =", 270))):
        base = 130 + 36 * k
        lines += [_line(10 * k + 1, x + 25, x + 60, base - 7, "|N ∩ M|"),
                  _line(10 * k + 2, x, x + 18, base, lhs),
                  _line(10 * k + 3, x + 25, x + 70 + 10 * k, base + 8, "|N ∪ M|")]
    lines.append(_line(99, 72, 540, 230, "prose " * 20, "Times-Roman"))
    blocks = segment(rows_of(tuple(lines)), stats, column)
    texts = [" ".join(ln.text for r in b for ln in r.lines) for b in blocks]
    assert len(blocks) == 4, texts
    assert "J =" in texts[1] and "C =" not in texts[1] and "C =" in texts[2], texts


def test_number_on_its_own_baseline_does_not_cut_the_fraction():
    """TeX centres a fraction on the axis and sets the number '(1)' on a baseline between
    the formula's and the denominator's: all of it is one display block."""
    stats = Stats(body_size=10, line_height=12, char_width=5)
    column = BBox(72, 50, 540, 700)
    lines = [_line(0, 72, 540, 392, "prose " * 20, "Times-Roman"),
             _line(1, 263, 348, 413, "ρX,Y = cov(X, Y )"),
             _line(2, 526, 540, 420, "(1)", "Times-Roman"),
             _line(3, 311, 336, 427, "σXσY"),
             _line(4, 72, 540, 450, "prose " * 20, "Times-Roman")]
    blocks = segment(rows_of(tuple(lines)), stats, column)
    texts = [" ".join(ln.text for r in b for ln in r.lines) for b in blocks]
    assert texts[1:-1] == ["ρX,Y = cov(X, Y ) (1) σXσY"], texts


def _browser_matrix_pdf() -> bytes:
    """A 2x2 matrix as a browser sets MathML: the parentheses are stretched variants of the
    text-size glyph on the middle baseline (their box says nothing of their height), the
    rows above and below it, the columns an em and a half apart."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    tw = pymupdf.TextWriter(page.rect)
    y = prose(tw, 100, 3)
    m, it = pymupdf.Font(fontfile=MATH_TTF), pymupdf.Font(fontfile=ITALIC_TTF)
    x = 260.0
    for text, font, size, dx, dy in [
            ("A", it, 10, 0, 0), ("= (", m, 10, 9, 0), ("a", it, 10, 30, -6),
            ("11", m, 7, 35.5, -4.5), ("a", it, 10, 55, -6), ("12", m, 7, 60.5, -4.5),
            ("a", it, 10, 30, 6), ("21", m, 7, 35.5, 7.5), ("a", it, 10, 55, 6),
            ("22", m, 7, 60.5, 7.5), (")", m, 10, 72, 0)]:
        tw.append((x + dx, y + 8 + dy), text, font=font, fontsize=size)
    prose(tw, y + 28, 3)
    tw.write_text(page)
    return doc.tobytes()


@needs_fonts
def test_browser_matrix_with_stretched_parentheses():
    doc = layoutpdf.parse(_browser_matrix_pdf())
    eqs = [e.text for e in doc.elements if e.role is Role.EQUATION]
    assert eqs == [r"A = \begin{pmatrix} a_{11} & a_{12} \\ a_{21} & a_{22} \end{pmatrix}"], \
        [(e.role, e.text) for e in doc.elements]


def test_gap_between_matrix_columns_is_not_a_column_gutter():
    """A display region alone (a matrix's two columns of cells, rows of maths, an em and a
    half apart, its number at the margin) stays one reading-order leaf: the gap between
    the matrix's columns is not a gutter."""
    from layoutpdf.settings import Settings
    from layoutpdf.stages.layout.columns import reading_order
    lines = [_line(0, 236, 257, 406, "J ="), _line(1, 262, 294, 382, "(∂f1"),
             _line(2, 276, 294, 390, "∂x1"), _line(3, 282, 286, 405, "⋮"),
             _line(4, 274, 294, 420, "∂fm"), _line(5, 276, 294, 433, "∂x1"),
             _line(6, 309, 346, 382, "∂f1)"), _line(7, 328, 346, 390, "∂xn"),
             _line(8, 334, 338, 405, "⋮"), _line(9, 327, 346, 420, "∂fm"),
             _line(10, 328, 346, 433, "∂xn"), _line(11, 516, 529, 406, "(4)", "LiberationSerif")]
    leaves = reading_order(lines, 10.0, Settings().columns)
    assert len(leaves) == 1 and len(leaves[0].lines) == len(lines)


def _span(text, font, size, box, base):
    flags = FLAG_ITALIC if "Ital" in font else 0
    return Span(f"s{box[0]}", text, BBox(*box), font, size, flags, 0, 255, (box[0], base))


def test_script_span_after_a_space_takes_its_own_level():
    """LibreOffice Math: the subscript X, Y of rho comes as ' X ', its box reaching from the
    space (on rho's baseline, where the span's origin is) down to the subscript."""
    from layoutpdf.stages.math.serialize import spans_to_latex
    it = "LiberationSerif-Italic"
    spans = [_span("ρ", it, 13.0, (246.2, 332.0, 254.6, 341.7), 339.7),
             _span(" X ", it, 7.8, (254.6, 335.1, 262.5, 343.3), 339.7),
             _span(",Y", it, 7.8, (264.9, 337.5, 274.0, 343.3), 342.1)]
    assert spans_to_latex(spans).latex.replace(" ", "") == r"\rho_{X,Y}"


def test_span_after_a_raised_script_returns_to_the_main_line():
    """mathptmx: ' dx' after the raised 2 of e^{-x^2}: its origin is the 2's (the space's),
    its box reaches down to d and x on the main baseline."""
    from layoutpdf.stages.math.serialize import spans_to_latex
    it, rm = "NimbusRomNo9L-ReguItal", "NimbusRomNo9L-Regu"
    spans = [_span("e", it, 9.96, (179.2, 118.9, 183.6, 127.5), 125.5),
             _span("x", it, 6.97, (189.3, 116.5, 192.6, 122.9), 121.4),
             _span("2", rm, 4.98, (192.6, 114.7, 195.6, 120.0), 118.8),
             _span(" dx", it, 9.96, (195.6, 112.1, 207.6, 127.5), 118.8),
             _span("=", rm, 9.96, (210.6, 118.6, 217.6, 127.5), 125.5)]
    assert spans_to_latex(spans).latex.replace(" ", "") == r"e^{x^{2}}dx="


def test_appendix_equation_number_is_a_tag():
    """'t(z) = 1/H0 ... (A.2)': the appendix number is the equation's tag, so the row of
    't(z) = 1' (parentheses, '=' and the numerator in the text roman) is a maths row and the
    display, with the denominator below, is one block."""
    def line(i, pieces, base):
        spans = tuple(Span(f"s{i}{k}", t, BBox(x0, base - 8, x1, base + 2), f, 12, 0, 0, 255,
                           (x0, base)) for k, (t, f, x0, x1) in enumerate(pieces))
        return Line.build(f"l{i}", 0, spans)
    stats = Stats(body_size=12, line_height=14, char_width=6)
    col = BBox(82, 0, 514, 800)
    prose_rm = "The last scattering instant is found from the formula below for the model"
    lines = [line(0, [(prose_rm, "CMR12", 82, 514)], 588),
             line(2, [("t", "CMMI12", 154, 158), ("(", "CMR12", 158, 163), ("z", "CMMI12", 163, 169),
                      (") = ", "CMR12", 169, 200), ("1", "CMR12", 208, 214)], 613),
             line(3, [("(A.2)", "CMR12", 487, 514)], 613),
             line(4, [("H", "CMMI12", 204, 214), ("0", "CMR8", 214, 218)], 621),
             line(5, [(prose_rm, "CMR12", 82, 514)], 644)]
    blocks = segment(rows_of(tuple(lines)), stats, col)
    texts = [[ln.text for row in b for ln in row.lines] for b in blocks]
    assert texts == [[prose_rm], ["t(z) = 1", "(A.2)", "H0"], [prose_rm]], texts
