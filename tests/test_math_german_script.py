"""A German LaTeX lecture script (tests/fixtures/tex/german_script.pdf, committed; no TeX at
test time): utf8 input, T1 fonts (Latin Modern) on pages 1 and 3, the OT1 default on page
2 (an umlaut is an accent over its letter there), amsthm theorems, examples enumerated
"1)" and "(a)", set braces, theorems boxed in a frame on page 3.

Prose stays prose in any language: words with umlauts are whole words (no 'Rä\\mathrm{ume}'),
an enumerated statement is prose with inline maths (not a display), the set brace is '\\{'
(not the cmsy pilcrow '\\P'), and a framed theorem is a paragraph, not a table."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import layoutpdf
from layoutpdf import Role
from layoutpdf.stages.math import stage as math_stage
from layoutpdf.stages.math.serialize import MathResult, MathRun

TEX = Path(__file__).resolve().parent / "fixtures" / "tex"
# a letter glued to a \mathrm word, or a letter outside \text{...} that is not ASCII
GLUED = re.compile(r"[^\W\d_]\\mathrm\{|\\mathrm\{[^}]*\}[^\W\d_]")


@pytest.fixture(scope="module")
def doc():
    return layoutpdf.parse(str(TEX / "german_script.pdf"))


def _equations(doc):
    return [e for e in doc.elements if e.role is Role.EQUATION]


def _outside_text(latex: str) -> str:
    return re.sub(r"\\text\{[^}]*\}", "", latex)


def test_words_with_umlauts_stay_whole_in_displays(doc):
    displays = [e.text for e in _equations(doc)]
    assert any(r"\text{Teilräume" in t for t in displays)           # page 1, T1
    assert any(r"\text{Räume" in t for t in displays)               # page 2, OT1
    for t in displays:
        assert not GLUED.search(t), t
        assert _outside_text(t).isascii(), t      # every umlaut inside a \text{...} word


def test_enumerated_statements_are_prose_with_inline_math(doc):
    for e in _equations(doc):
        assert "Für" not in e.text and "Überdeckungen" not in e.text, e.text
    item = next(e for e in doc.elements if e.text.startswith("(b) Für"))
    assert item.role is not Role.EQUATION
    assert r"$U, V \in\mathcal{T}$ ist" in item.text
    assert r"Überdeckungen $\{U_{i}\}_{i\in I}" in item.text


def test_statement_heads_are_recognised():
    from layoutpdf.stages.math.prose import opens_statement
    assert opens_statement("6) X = {(x, y)} ist keine Mannigfaltigkeit")
    assert opens_statement("Satz 1.1 (Heine-Borel). Eine Teilmenge K")
    assert opens_statement("Beweis: Sei K kompakt")
    assert opens_statement("Bemerkung 30 Für x ∈ X gilt")
    assert opens_statement("(b) Für U, V ∈ T ist U ∩ V ∈ T")
    assert not opens_statement("(1) x = y + z")                     # an equation number
    assert not opens_statement("(2) f(x) = sin x + log y")          # operator names
    assert not opens_statement("x = y + z (3)")


def test_set_braces_are_braces_not_pilcrows(doc):
    md = doc.to_markdown()
    assert r"\P" not in md
    assert md.count(r"\{\emptyset, X\}") >= 3
    assert r"$\{U_{i}\}_{i\in I}$" in md        # scripts under the brace, no \left \right


def test_framed_theorems_are_paragraphs_not_tables(doc):
    assert not [t for t in doc.tables if t.page == 2]
    text = " ".join(e.text for e in doc.elements if e.page == 2)
    for words in ("Satz 3.1 (Tychonoff). Ein Produkt kompakter Räume",
                  r"$\prod_{i\in I} X_{i}$ ist kompakt",
                  r"Satz 3.2 (Heine-Borel). Eine Teilmenge $K \subset \mathbb{R}^{n}$ ist "
                  "genau dann kompakt",
                  "nimmt auf $K$ ihr Maximum und ihr Minimum an.",
                  "Satz 3.3 (Heine-Borel)"):
        assert words in text


def test_two_formulas_side_by_side_are_not_glued(monkeypatch):
    """Two runs of one line that touch ('x;' then '⇔ y', cut at the prose semicolon) are
    two formulas with a space between, never '$x;$$\\Leftrightarrow y$' (a display)."""
    doc = layoutpdf.parse(str(TEX / "german_script.pdf"), pages=[0])
    line = next(ln for p in doc.pages for ln in p.lines if "gilt:" in ln.text)
    cut = line.text.index("gilt:") + len("gilt:")

    def runs(ln, body, rules=(), **kw):
        if ln is not line:
            return []
        return [MathRun(cut - 5, cut - 1, 0, 1, MathResult("a")),     # 'gilt'
                MathRun(cut - 1, cut, 0, 1, MathResult("b"))]         # ':'  (touching)

    monkeypatch.setattr(math_stage, "inline_math_runs", runs)
    text, results = math_stage._line_markdown(line, 10.0, [])
    assert len(results) == 2 and "$$" not in text and "$a$ $b$" in text
