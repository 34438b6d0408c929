"""Math serializer on small PDFs built in the test with PyMuPDF (no TeX fonts: Nimbus Roman
via TextWriter, glyph fallbacks as PyMuPDF picks them), read back through the engine's
extractor when present, and on hand-made spans for the TeX-specific cases."""
from __future__ import annotations

import pymupdf

from layoutpdf.model.content import Line, Span
from layoutpdf.model.geometry import BBox
from layoutpdf.stages.math.serialize import (attach_script_lines, inline_math_runs,
                                             line_to_markdown_with_math, lines_to_latex,
                                             rules_from_drawings, spans_to_latex)

from math_pdf_helpers import engine_lines, page_lines, page_rules

ROMAN = pymupdf.Font("tiro")
ITALIC = pymupdf.Font("tiit")


class Sheet:
    """A one-page PDF drawn glyph run by glyph run."""

    def __init__(self) -> None:
        self.doc = pymupdf.open()
        self.page = self.doc.new_page()
        self.tw = pymupdf.TextWriter(self.page.rect)

    def text(self, x: float, y: float, s: str, size: float = 10, font=ITALIC) -> float:
        """Write s with its baseline at y; returns the x where it ends."""
        self.tw.append((x, y), s, font=font, fontsize=size)
        return x + font.text_length(s, fontsize=size)

    def rule(self, x0: float, x1: float, y: float, width: float = 0.4) -> None:
        self.page.draw_line((x0, y), (x1, y), width=width)

    def read(self) -> tuple[list[Line], list[BBox]]:
        self.tw.write_text(self.page)
        page = pymupdf.open("pdf", self.doc.tobytes())[0]
        got = engine_lines(page)
        if got is not None:
            return got
        return page_lines(page), page_rules(page)

    def latex(self) -> str:
        lines, rules = self.read()
        return lines_to_latex(lines, rules).latex


def test_superscript():
    s = Sheet()
    x = s.text(100, 100, "x")
    s.text(x + 0.3, 96.4, "2", 7, ROMAN)
    assert s.latex() == "x^{2}"


def test_subscript():
    s = Sheet()
    x = s.text(100, 100, "w")
    s.text(x, 102.5, "i", 7)
    assert s.latex() == "w_{i}"


def test_sub_and_superscript_stacked():
    s = Sheet()
    x = s.text(100, 100, "x")
    s.text(x + 0.3, 96.4, "2", 7, ROMAN)
    s.text(x, 102.5, "i", 7)
    assert s.latex() == "x_{i}^{2}"


def test_superscript_with_greek_and_minus():
    s = Sheet()
    x = s.text(100, 100, "e")
    s.text(x + 0.3, 96.4, "−λt", 7)
    assert s.latex() == r"e^{-\lambda t}"


def test_nested_scripts():
    s = Sheet()
    x = s.text(100, 100, "e")
    x = s.text(x + 0.3, 96.4, "−x", 7)
    s.text(x + 0.2, 93.5, "2", 5, ROMAN)
    assert s.latex() == r"e^{-x^{2}}"


def test_fraction():
    s = Sheet()
    s.text(101, 96, "a")
    s.text(101, 111, "b")
    s.rule(99, 109, 99)
    assert s.latex() == r"\frac{a}{b}"


def test_fraction_in_context():
    s = Sheet()
    x = s.text(100, 103, "y")
    x = s.text(x + 3, 103, "=", 10, ROMAN)
    s.text(x + 4, 96, "1", 10, ROMAN)
    s.text(x + 3, 111, "n", 10)
    s.rule(x + 2, x + 10, 100)
    assert s.latex() == r"y = \frac{1}{n}"


def test_greek_relation():
    s = Sheet()
    x = s.text(100, 100, "α")
    x = s.text(x + 3, 100, "≤", 10, ROMAN)
    s.text(x + 3, 100, "β")
    assert s.latex() == r"\alpha \leq \beta"


def test_sum_with_limits():
    s = Sheet()
    s.text(100, 104, "∑", 18, ROMAN)            # display-size operator, limits stacked
    s.text(102, 119, "i", 7)
    s.text(104.3, 119, "=1", 7, ROMAN)
    s.text(104, 86, "n", 7)
    x = s.text(121, 100, "x")
    s.text(x, 102.5, "i", 7)
    assert s.latex() == r"\sum_{i=1}^{n} x_{i}"


def test_square_root():
    s = Sheet()
    x = s.text(100, 100, "√", 10, ROMAN)
    s.text(x + 0.5, 100, "x")
    s.rule(x, x + 6.5, 92.5)
    assert s.latex() == r"\sqrt{x}"


def test_function_names_upright():
    s = Sheet()
    x = s.text(100, 100, "sin", 10, ROMAN)
    x = s.text(x + 1.7, 100, "x")
    x = s.text(x + 2.8, 100, "+", 10, ROMAN)
    x = s.text(x + 2.8, 100, "log", 10, ROMAN)
    s.text(x + 1.7, 100, "y")
    assert s.latex() == r"\sin x + \log y"


def test_equation_number_is_a_tag():
    s = Sheet()
    x = s.text(100, 100, "E")
    x = s.text(x + 3, 100, "=", 10, ROMAN)
    x = s.text(x + 3, 100, "mc")
    s.text(x + 0.3, 96.4, "2", 7, ROMAN)
    s.text(400, 100, "(3)", 10, ROMAN)
    lines, rules = s.read()
    res = lines_to_latex(lines, rules)
    assert (res.latex, res.tag, res.confidence) == ("E = mc^{2}", "3", "high")


def test_aligned_rows():
    s = Sheet()
    x = s.text(100, 100, "a")
    x = s.text(x + 3, 100, "=", 10, ROMAN)
    eq_x = x - ROMAN.text_length("=", fontsize=10)
    x = s.text(x + 3, 100, "b")
    x = s.text(x + 2.2, 100, "+", 10, ROMAN)
    s.text(x + 2.2, 100, "c")
    x = s.text(eq_x, 116, "=", 10, ROMAN)
    s.text(x + 3, 116, "d")
    assert s.latex() == r"\begin{aligned} a &= b + c \\ &= d \end{aligned}"


def test_matrix_in_tall_parentheses():
    s = Sheet()
    s.text(100, 112, "(", 26, ROMAN)
    s.text(112, 102, "a")
    s.text(126, 102, "b")
    s.text(112, 116, "c")
    s.text(126, 116, "d")
    s.text(136, 112, ")", 26, ROMAN)
    assert s.latex() == r"\begin{pmatrix} a & b \\ c & d \end{pmatrix}"


def test_binomial_in_tall_parentheses():
    s = Sheet()
    s.text(100, 112, "(", 26, ROMAN)
    s.text(111, 102, "n")
    s.text(111, 116, "k")
    s.text(120, 112, ")", 26, ROMAN)
    assert s.latex() == r"\binom{n}{k}"


def test_integral_scripts_to_the_right():
    s = Sheet()
    x = s.text(100, 104, "∫", 18, ROMAN)
    s.text(x - 2, 110, "0", 7, ROMAN)
    s.text(x + 1, 88, "1", 7, ROMAN)
    x = s.text(x + 6, 100, "f")
    x = s.text(x + 0.5, 100, "(", 10, ROMAN)
    x = s.text(x, 100, "x")
    x = s.text(x, 100, ")", 10, ROMAN)
    s.text(x + 2, 100, "dx")
    assert s.latex() == r"\int_{0}^{1} f(x) dx"


def test_nested_fraction():
    s = Sheet()
    s.text(103, 88, "a")
    s.text(103, 99, "b")
    s.rule(101, 110, 92)
    s.text(104, 112, "c")
    s.rule(99, 112, 103)
    assert s.latex() == r"\frac{\frac{a}{b}}{c}"


def test_root_with_index():
    s = Sheet()
    s.text(100.5, 94, "3", 6, ROMAN)
    x = s.text(100, 100, "√", 10, ROMAN)
    s.text(x + 0.5, 100, "x")
    s.rule(x, x + 6.5, 92.5)
    assert s.latex() == r"\sqrt[3]{x}"


def test_prime_and_set_membership():
    s = Sheet()
    x = s.text(100, 100, "f")
    x = s.text(x + 1, 100, "′", 10, ROMAN)
    x = s.text(x + 3, 100, "∈", 10, ROMAN)
    x = s.text(x + 3, 100, "ℝ", 10, ROMAN)
    s.text(x, 96.4, "n", 7)
    assert s.latex() == r"f^{\prime} \in \mathbb{R}^{n}"


def test_tall_parentheses_with_superscript():
    s = Sheet()
    s.text(100, 106, "(", 20, ROMAN)
    s.text(109, 96, "a")
    s.text(109, 111, "b")
    s.rule(107, 115, 100)
    s.text(117, 106, ")", 20, ROMAN)
    s.text(124, 93, "2", 7, ROMAN)
    assert s.latex() == r"\left( \frac{a}{b} \right)^{2}"


def test_cases():
    s = Sheet()
    x = s.text(100, 108, "f")
    x = s.text(x + 3, 108, "=", 10, ROMAN)
    s.text(x + 3, 112, "{", 26, ROMAN)
    s.text(x + 16, 100, "1", 10, ROMAN)
    s.text(x + 30, 100, "if x > 0", 10, ROMAN)
    s.text(x + 16, 116, "0", 10, ROMAN)
    s.text(x + 30, 116, "otherwise", 10, ROMAN)
    assert s.latex() == (r"f = \begin{cases} 1 & \text{if } x > 0 \\ 0 & \text{otherwise} "
                         r"\end{cases}")


def test_word_subscript_is_mathrm():
    s = Sheet()
    x = s.text(100, 100, "x")
    s.text(x, 102.5, "train", 7, ROMAN)
    assert s.latex() == r"x_{\mathrm{train}}"


def test_limit_set_below_lim():
    s = Sheet()
    s.text(100, 100, "lim", 10, ROMAN)
    s.text(99.5, 108, "n→∞", 7)
    x = s.text(118, 100, "a")
    s.text(x, 102.5, "n", 7)
    assert s.latex() == r"\lim_{n\to\infty} a_{n}"


def test_combining_accent():
    # Unicode text with a combining circumflex (as Word/MathML exports carry it)
    span = Span("s0", "x\u0302", BBox(100, 92, 105, 102), "Cambria Math", 10, 0, 0, 255,
                (100, 100))
    assert spans_to_latex([span]).latex == r"\hat{x}"


def test_spacing_accent_glyph_over_its_base():
    # TeX sets \hat{\beta} as a separate 'ˆ' glyph above the letter (before it in the stream)
    s = Sheet()
    s.text(101.2, 97.4, "ˆ", 10, ROMAN)
    s.text(100, 100, "β")
    assert s.latex() == r"\hat{\beta}"


def test_unmapped_glyph_lowers_confidence():
    span = Span("s0", "x\ue001", BBox(100, 92, 112, 102), "Foo", 10, 0, 0, 255, (100, 100))
    res = spans_to_latex([span])
    assert res.confidence == "low"
    assert any("U+E001" in r for r in res.reasons)


def test_unbalanced_delimiters_lower_confidence():
    s = Sheet()
    x = s.text(100, 100, "f", 10)
    x = s.text(x + 0.5, 100, "(", 10, ROMAN)
    s.text(x, 100, "x")
    lines, rules = s.read()
    res = lines_to_latex(lines, rules)
    assert res.latex == "f(x"
    assert res.confidence == "low" and "unbalanced delimiters" in res.reasons


# ------------------------------------------------------------------ TeX-specific, hand-made spans
def _span(text, x0, x1, base, size=10.0, font="CMMI10", i=[0]):
    i[0] += 1
    return Span(f"s{i[0]}", text, BBox(x0, base - 0.75 * size, x1, base + 0.25 * size), font,
                size, 6, 0, 255, (x0, base))


def test_cmex_raw_codes_big_operator_with_limits():
    # pdfTeX without ToUnicode: cmex 'X' is \sum (display), hanging from its origin
    spans = [_span("X", 100, 114.4, 90.0, 9.96, "CMEX10"),
             _span("i", 105.5, 108.3, 108.5, 6.97, "CMMI7"),
             _span("=1", 108.3, 116.0, 108.5, 6.97, "CMR7"),
             _span("n", 104.5, 108.7, 85.5, 6.97, "CMMI7"),
             _span("x", 118, 123.7, 100.0, 9.96)]
    assert spans_to_latex(spans).latex == r"\sum_{i=1}^{n} x"


def test_cmsy_radical_hangs_below_its_origin():
    spans = [_span("√", 100, 108.3, 92.0, 9.96, "CMSY10"), _span("x", 108.3, 114, 100.0)]
    res = spans_to_latex(spans, [BBox(108.3, 91.8, 115, 92.2)])
    assert res.latex == r"\sqrt{x}"


def test_span_on_two_baselines_is_split_by_the_fraction_rule():
    # PyMuPDF joins 'α' and the numerator '∂' (same font) into one span on two baselines
    span = Span("s1", "α∂", BBox(100, 92.5, 112, 103.0), "CMMI10", 10, 6, 0, 255, (100, 100))
    den = _span("t", 106, 110, 110.0)
    ref = _span("y", 90, 96, 100.0)                      # same font: its box calibrates
    res = spans_to_latex([ref, span, den], [BBox(105.5, 97.3, 112.5, 97.7)])
    assert res.latex == r"y \alpha\frac{\partial}{t}"


def test_leading_synthesized_space_keeps_the_real_baseline():
    # ' −' inherits the origin of the subscript before it
    spans = [_span("x", 100, 105.7, 100.0), _span("t", 105.7, 108.7, 101.5, 6.97, "CMMI7"),
             Span("s9", " −", BBox(108.7, 92.5, 119.2, 102.5), "CMSY10", 10, 6, 0, 255,
                  (108.7, 101.5)),
             _span("−", 130, 137.8, 100.0, 10.0, "CMSY10"), _span("y", 121, 126, 100.0)]
    assert spans_to_latex(spans).latex.startswith("x_{t} -")


# ------------------------------------------------------------------ inline math in prose
def _prose(parts) -> Line:
    s = Sheet()
    x = 72.0
    for text, dy, size, font in parts:
        x = s.text(x, 100 + dy, text, size, font)
    lines, _ = s.read()
    spans = tuple(sp for ln in lines for sp in ln.spans)
    return Line.build("l0", 0, tuple(sorted(spans, key=lambda sp: sp.bbox.x0)))


def test_inline_superscript_in_prose():
    line = _prose([("the loss ", 0, 10, ROMAN), ("x", 0, 10, ITALIC), ("2", -3.6, 7, ROMAN),
                   (" decays", 0, 10, ROMAN)])
    text, results = line_to_markdown_with_math(line, 10)
    assert text == "the loss $x^{2}$ decays"
    assert [r.latex for r in results] == ["x^{2}"]


def test_inline_subscript_in_prose():
    line = _prose([("weights ", 0, 10, ROMAN), ("w", 0, 10, ITALIC), ("i", 2.5, 7, ITALIC),
                   (" are positive.", 0, 10, ROMAN)])
    assert line_to_markdown_with_math(line, 10)[0] == "weights $w_{i}$ are positive."


def test_inline_greek_and_sentence_end():
    line = _prose([("scaled by ", 0, 10, ROMAN), ("θ", 0, 10, ITALIC), ("0", 2.5, 7, ROMAN),
                   (".", 0, 10, ROMAN)])
    assert line_to_markdown_with_math(line, 10)[0] == r"scaled by $\theta_{0}$."


def test_inline_unicode_superscript_character():
    line = _prose([("area in m² here", 0, 10, ROMAN)])
    assert line_to_markdown_with_math(line, 10)[0] == "area in $m^{2}$ here"


def test_footnote_marker_is_flagged_not_math():
    line = _prose([("end of the sentence.", 0, 10, ROMAN), ("3", -3.6, 7, ROMAN),
                   (" Next one", 0, 10, ROMAN)])
    runs = inline_math_runs(line, 10)
    assert [(r.maybe_footnote_marker, line.text[r.start:r.end]) for r in runs] == [(True, "3")]
    assert line_to_markdown_with_math(line, 10)[0] == line.text


def test_inline_fraction_split_off_by_the_extractor():
    s = Sheet()
    x = s.text(72, 100, "up to a factor of ", 10, ROMAN)
    s.text(x + 1, 96.5, "p", 7)
    s.text(x + 1, 104.5, "q", 7)
    s.rule(x, x + 6, 98)
    s.text(x + 1 + ITALIC.text_length("q", fontsize=7), 100, ". The next sentence goes on here.",
           10, ROMAN)
    lines, rules = s.read()
    lines = attach_script_lines(lines)
    host = next(ln for ln in lines if "factor" in ln.text)
    text, results = line_to_markdown_with_math(host, 10, rules)
    assert text == r"up to a factor of $\frac{p}{q}$. The next sentence goes on here."


def test_number_in_math_font_stays_plain():
    spans = (Span("a", "0", BBox(72, 92, 77, 102), "LMRoman8-Regular", 8, 0, 0, 255, (72, 100)),
             Span("b", ".", BBox(77, 92, 79, 102), "LMMathItalic8-Regular", 8, 0, 0, 255,
                  (77, 100)),
             Span("c", "5", BBox(79, 92, 84, 102), "LMRoman8-Regular", 8, 0, 0, 255, (79, 100)))
    line = Line.build("l", 0, spans)
    assert line_to_markdown_with_math(line, 8) == ("0.5", [])


def test_body_font_that_is_a_math_font():
    # a document set entirely in Cambria Math: its words are prose, not formulas
    spans = (Span("a", "plain words here", BBox(72, 92, 150, 102), "CambriaMath", 10, 0, 0, 255,
                  (72, 100)),)
    line = Line.build("l", 0, spans)
    assert inline_math_runs(line, 10, body_fonts=["CambriaMath"]) == []
    assert inline_math_runs(line, 10) != []


def test_citation_superscripts_are_marker_candidates():
    line = _prose([("quantum ", 0, 10, ROMAN), ("gates", 0, 10, ROMAN), ("5–7", -3.6, 7, ROMAN),
                   (" and entangled states", 0, 10, ROMAN), ("8,9", -3.6, 7, ROMAN),
                   (".", 0, 10, ROMAN)])
    runs = inline_math_runs(line, 10)
    assert [line.text[r.start:r.end] for r in runs if r.maybe_footnote_marker] == ["5–7", "8,9"]
    assert line_to_markdown_with_math(line, 10) == (line.text, [])


def test_function_power_is_math_not_a_marker():
    line = _prose([("where ", 0, 10, ROMAN), ("sin", 0, 10, ROMAN), ("2", -3.6, 7, ROMAN),
                   ("θ", 0, 10, ITALIC), (" is small", 0, 10, ROMAN)])
    assert line_to_markdown_with_math(line, 10)[0] == r"where $\sin^{2}\theta$ is small"


def test_formula_extends_to_its_closing_parenthesis():
    line = _prose([("the sum ", 0, 10, ROMAN), ("W", 0, 10, ITALIC), ("DC", 2.5, 7, ROMAN),
                   ("(x, y, z) of both parts", 0, 10, ROMAN)])
    assert line_to_markdown_with_math(line, 10)[0] == \
        r"the sum $W_{\mathrm{DC}}(x, y, z)$ of both parts"


def test_negated_relation():
    # Unicode order ('=' then U+0338) and TeX order (cmsy negation slash '6' first)
    uni = Span("a", "a=\u0338b", BBox(100, 92, 120, 102), "CambriaMath", 10, 0, 0, 255,
               (100, 100))
    assert spans_to_latex([uni]).latex == r"a\neq b"
    tex = [_span("a", 100, 105, 100.0), _span("6", 108, 113, 100.0, 10, "CMSY10"),
           _span("=", 108, 116, 100.0, 10, "CMR10"), _span("b", 119, 124, 100.0)]
    assert spans_to_latex(tex).latex == r"a \neq b"


def test_rules_from_images():
    from layoutpdf.model.content import ImagePlacement
    from layoutpdf.stages.math.serialize import rules_from_images
    got = rules_from_images([ImagePlacement("i0", BBox(158.6, 279.4, 162.9, 279.9), 5),
                             ImagePlacement("i1", BBox(10, 10, 200, 150), 6)])
    assert got == [BBox(158.6, 279.4, 162.9, 279.9)]


def test_plain_prose_has_no_math():
    line = _prose([("A plain sentence with 2 numbers and a - dash, 10 items.", 0, 10, ROMAN)])
    assert inline_math_runs(line, 10) == []


def test_rules_from_drawings():
    from layoutpdf.model.content import Drawing
    got = rules_from_drawings([Drawing(BBox(10, 50, 30, 50), "line", stroke=0, width=0.4),
                               Drawing(BBox(10, 60, 30, 60.5), "rect", fill=0),
                               Drawing(BBox(10, 70, 30, 90), "rect", fill=0),
                               Drawing(BBox(10, 10, 10, 40), "line", stroke=0, width=0.4)])
    assert got == [BBox(10, 49.8, 30, 50.2), BBox(10, 60, 30, 60.5)]
