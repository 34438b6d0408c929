"""Symbol tables and font signals for the math serializer."""
import pytest

from layoutpdf.text import latex_symbols as sym


@pytest.mark.parametrize("font", [
    "ABCDEF+CMMI10", "CMSY7", "CMEX10", "CMBSY10", "MSAM10", "MSBM10", "EUFM10",
    "LMMathItalic10-Regular", "LMMathSymbols7-Regular", "LMMathExtension10-Regular",
    "STIXTwoMath-Regular", "CambriaMath", "Cambria-Math", "LatinModernMath-Regular",
    "TeXGyreTermesMath-Regular", "Symbol", "MTMI", "MTSY", "rsfs10", "NotoSansMath-Regular"])
def test_math_fonts(font):
    assert sym.is_math_font(font)


@pytest.mark.parametrize("font", ["LMRoman10-Regular", "CMR10", "Times-Roman", "Helvetica",
                                  "NimbusRoman-Italic", "ArialMT", "Calibri", "CMBX12"])
def test_text_fonts(font):
    assert not sym.is_math_font(font)


@pytest.mark.parametrize("ch,latex", [
    ("α", r"\alpha"), ("Ω", r"\Omega"), ("ϵ", r"\epsilon"), ("ε", r"\varepsilon"),
    ("ϑ", r"\vartheta"), ("ϕ", r"\phi"), ("φ", r"\varphi"), ("ϱ", r"\varrho"),
    ("ς", r"\varsigma"), ("∑", r"\sum"), ("∏", r"\prod"), ("∫", r"\int"), ("∮", r"\oint"),
    ("∞", r"\infty"), ("∂", r"\partial"), ("∇", r"\nabla"), ("±", r"\pm"), ("∓", r"\mp"),
    ("×", r"\times"), ("÷", r"\div"), ("·", r"\cdot"), ("∘", r"\circ"), ("≤", r"\leq"),
    ("≥", r"\geq"), ("≠", r"\neq"), ("≈", r"\approx"), ("≡", r"\equiv"), ("∼", r"\sim"),
    ("≃", r"\simeq"), ("∝", r"\propto"), ("∈", r"\in"), ("∉", r"\notin"), ("⊂", r"\subset"),
    ("⊆", r"\subseteq"), ("⊃", r"\supset"), ("∪", r"\cup"), ("∩", r"\cap"), ("∧", r"\wedge"),
    ("∨", r"\vee"), ("¬", r"\neg"), ("∀", r"\forall"), ("∃", r"\exists"), ("→", r"\to"),
    ("←", r"\leftarrow"), ("↔", r"\leftrightarrow"), ("⇒", r"\Rightarrow"),
    ("⇐", r"\Leftarrow"), ("⇔", r"\Leftrightarrow"), ("↦", r"\mapsto"), ("⊤", r"\top"),
    ("⊥", r"\perp"), ("∥", r"\|"), ("‖", r"\|"), ("⟨", r"\langle"), ("⟩", r"\rangle"),
    ("ℓ", r"\ell"), ("ℏ", r"\hbar"), ("ℝ", r"\mathbb{R}"), ("ℕ", r"\mathbb{N}"),
    ("ℤ", r"\mathbb{Z}"), ("ℚ", r"\mathbb{Q}"), ("ℂ", r"\mathbb{C}"), ("∅", r"\emptyset"),
    ("⋯", r"\cdots"), ("…", r"\ldots"), ("⋮", r"\vdots"), ("⋱", r"\ddots"), ("−", "-"),
    ("𝐱", r"\mathbf{x}"), ("𝑥", "x"), ("𝔼", r"\mathbb{E}"), ("𝔸", r"\mathbb{A}"),
    ("𝒜", r"\mathcal{A}"), ("𝔉", r"\mathfrak{F}"), ("𝛼", r"\alpha"), ("𝜖", r"\epsilon"),
    ("𝛂", r"\boldsymbol{\alpha}"), ("𝟏", r"\mathbf{1}")])
def test_lookup(ch, latex):
    assert sym.lookup(ch)[0] == latex


def test_prime_is_a_superscript_prime():
    assert sym.lookup("′")[0] == r"\prime"


def test_tex_font_raw_codes():
    assert sym.lookup("X", "cmex") == (r"\sum", sym.BIGOP)       # summationdisplay
    assert sym.lookup("s", "cmex") == (r"\sqrt", sym.RADICAL)    # radicalBigg
    assert sym.lookup(" ", "cmex")[0] == "("                     # parenleftBigg
    assert sym.lookup("N", "cmsy")[0] == r"\mathcal{N}"
    assert sym.lookup("\x14", "cmsy")[0] == r"\leq"
    assert sym.lookup("\x0b", "cmmi")[0] == r"\alpha"
    assert sym.lookup("@", "cmmi")[0] == r"\partial"
    assert sym.lookup("E", "msbm")[0] == r"\mathbb{E}"
    assert sym.lookup("F", "eufm")[0] == r"\mathfrak{F}"
    assert sym.font_family("ABCDEF+LMMathExtension10-Regula") == "cmex"
    assert sym.cmex_extent("X") == (0.0, 1.4)


def test_math_chars():
    for ch in "α∑≤∞∂∇−±×∈→𝑥ℝ":
        assert sym.is_math_char(ch), ch
    for ch in "aZ1-+=(),.é–":
        assert not sym.is_math_char(ch), ch


def test_combining_accents_table():
    assert sym.COMBINING_ACCENTS["\u0302"] == r"\hat"
    assert sym.COMBINING_ACCENTS["\u0304"] == r"\bar"
    assert sym.COMBINING_ACCENTS["\u0307"] == r"\dot"
    assert sym.COMBINING_ACCENTS["\u20d7"] == r"\vec"
    assert sym.COMBINING_ACCENTS["\u0303"] == r"\tilde"


def test_recode_cmex_by_glyph_names():
    # a re-encoded subset: code 4 is named integraltext, code 11 vextendsingle
    names = {2: "parenleftbig", 4: "integraltext", 11: "vextendsingle"}
    assert sym.recode_cmex("\x04\x02\x0bX", names) == "R\x00\x0cX"
    assert sym.lookup(sym.recode_cmex("\x04", names), "cmex")[0] == r"\int"
