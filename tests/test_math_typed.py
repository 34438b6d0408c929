"""Formulas typed as text (stages/math/typed.py): an office author types `F = (a + b)/(c – 1)`
in the body's roman on a line of its own, flush left, no equation object and no maths font.
The fixture is LibreOffice's print of such paragraphs (tests/fixtures/libreoffice/
writer_typed.fodt, made by make_libreoffice_fixtures.py): each typed line is a paragraph of
its own, the next one following with no space between when the template has none."""
from __future__ import annotations

from pathlib import Path

import pytest

import layoutpdf
from layoutpdf.model import BBox, Line, Role, Span
from layoutpdf.stages.math.typed import hard_break_after, typed_formula

WRITER = Path(__file__).resolve().parent / "fixtures" / "libreoffice"


def _squeeze(latex: str) -> str:
    return latex.replace(" ", "")


@pytest.fixture(scope="module")
def doc():
    return layoutpdf.parse(str(WRITER / "writer_typed.pdf"))


def test_typed_lines_are_displays(doc):
    got = [_squeeze(q.latex) for q in doc.equations if q.display]
    assert got == [r"F(\text{FillRate})=(a+b)/(c-1)",
                   r"\lambda_{max}=(x1+x2+x3\ldots+xn)/n",
                   r"\mu_{avg}=(4.20+5.31+4.39+4.27)/4=4.54",
                   r"G=(u-v)/2"]    # centred: too few maths characters for the share test


def test_typed_letters_are_letters_as_typed(doc):
    """Upright is all a typed formula has: 'xn' is no \\mathrm label, a gloss one \\text;
    'max' glued to lambda is its label, the script the typist could not lower (a Greek
    letter times a word is never written without a space): no \\max applied to nothing,
    no product of letters."""
    got = " ".join(q.latex for q in doc.equations if q.display)
    assert r"\mathrm" not in got and r"\max" not in got and r"\lambda max" not in got
    assert r"\lambda_{max}" in got and r"\mu_{avg}" in got
    assert r"\text{Fill Rate}" in got


def test_typed_displays_say_their_scripts_are_unread(doc):
    """'x1' may be x_1: the text layer cannot tell, the equation asks for review."""
    typed = [q for q in doc.equations if q.display]
    assert typed and all(q.confidence == "low" and any("typed as text" in r for r in q.reasons)
                         for q in typed)


def test_typed_displays_are_equation_elements_between_their_prose(doc):
    texts = [(e.role, e.text) for e in doc.elements if e.text]
    roles = [r for r, t in texts if t.startswith(("F (", "Where n", "Once the mean"))
             or "_{max} =" in t or "_{avg} =" in t]
    assert roles == [Role.EQUATION, Role.EQUATION, Role.PARAGRAPH, Role.EQUATION,
                     Role.PARAGRAPH]


@pytest.mark.parametrize("prose", [
    "Where n = Number of samples",              # a definition in words
    "Total = 5",                                 # a value, no expression
    "CR = CI/RI for the series",                 # a formula inside a wrapped sentence
])
def test_relations_in_prose_stay_prose(doc, prose):
    holders = [e for e in doc.elements if prose in e.text]
    assert holders and all(e.role is Role.PARAGRAPH for e in holders)


def _line(text: str, x0: float, x1: float, font: str = "LiberationSerif") -> Line:
    span = Span(id="s", text=text, bbox=BBox(x0, 100, x1, 112), font=font, size=10.0,
                flags=4, color=0, alpha=255, origin=(x0, 110))
    return Line.build("l", 0, (span,))


@pytest.mark.parametrize("text,want", [
    ("CI (Consistency Index) = (\u03bbmax \u2013 n)/ (n-1)", True),   # a gloss of two words
    ("\u03bbmax = (D1 + D2 +D3\u2026+Dn)/ n", True),
    ("n = Number of requirements", False),
    ("The value is given by = (a + b) as shown in the figure", False),
    ("= (a + b)", False),                        # no left side
    ("x = y + z,", False),                       # a sentence goes on
])
def test_typed_formula(text, want):
    assert typed_formula(_line(text, 72, 300)) is want


def test_a_maths_font_line_is_the_display_tests():
    assert not typed_formula(_line("x = (a + b)", 72, 150, font="CMMI10"))


def test_a_typewriter_line_is_code():
    assert typed_formula(_line("x = (a + b)", 72, 150, font="TimesNewRoman"))
    assert not typed_formula(_line("x = (a + b)", 72, 150, font="CourierNewPSMT"))


def test_hard_break_when_the_next_first_word_would_have_fitted():
    wrapped = _line("the words of a justified line that runs to the column edge", 72, 520)
    short = _line("x = (a + b)/2", 72, 160)
    nxt = _line("Where the values are read from the table", 72, 300)
    assert hard_break_after(short, nxt, 523)
    assert not hard_break_after(wrapped, nxt, 523)
