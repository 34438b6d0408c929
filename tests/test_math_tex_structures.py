"""Multi-row displays typeset by pdfLaTeX (tests/fixtures/tex/, committed PDFs: no TeX at
test time): matrices inside tall delimiters and cases braces come out as one display block
each, with the matrix's left-hand side, every row, and the exact environment."""
from __future__ import annotations

from pathlib import Path

import pytest

import layoutpdf
from layoutpdf import Role

TEX = Path(__file__).resolve().parent / "fixtures" / "tex"


@pytest.fixture(scope="module")
def matrices():
    return layoutpdf.parse(str(TEX / "matrices.pdf"))


def _equations(doc) -> list[str]:
    return [e.text for e in doc.elements if e.role is Role.EQUATION]


@pytest.mark.parametrize("latex", [
    r"R = \begin{pmatrix} a & b \\ c & d \end{pmatrix}",
    # '|' bars of cmex pieces (code 0x0C, a control character to str.strip) and the '='
    # after them (a span on two levels) on the row's baseline
    r"\det A = \begin{vmatrix} a & b \\ c & d \end{vmatrix} = ad - bc",
    # bracket pieces read as Adobe private-use characters (U+F8EE bracketlefttp ...)
    r"M = \begin{bmatrix} 1 & 0 & x \\ 0 & 1 & y \\ 0 & 0 & 1 \end{bmatrix}",
    # the row 'x otherwise' inside the brace's height belongs to the display
    r"|x| = \begin{cases} x & \text{if } x \geq 0 \\ -x & \text{otherwise} \end{cases}",
])
def test_matrix_and_cases_displays_are_whole(matrices, latex):
    assert latex in _equations(matrices)


def test_prose_stays_prose_around_matrices(matrices):
    paragraphs = [e.text for e in matrices.elements if e.role is Role.PARAGRAPH]
    assert len(paragraphs) == 5
    assert all("$" not in p and "\\" not in p for p in paragraphs)
    assert len(_equations(matrices)) == 4


@pytest.fixture(scope="module")
def matrix_dots():
    return layoutpdf.parse(str(TEX / "matrix_dots.pdf"))


@pytest.mark.parametrize("latex", [
    # \vdots and \ddots come as a span of three periods a line taller than one; the
    # fractions' numerators stop at the dot row above them
    r"J = \begin{pmatrix} \frac{\partial f_{1}}{\partial x_{1}} & \cdots & "
    r"\frac{\partial f_{1}}{\partial x_{n}} \\ \vdots & \ddots & \vdots \\ "
    r"\frac{\partial f_{m}}{\partial x_{1}} & \cdots & \frac{\partial f_{m}}{\partial x_{n}} "
    r"\end{pmatrix}",
    # three close \cdotp are one \cdots, a row of them stays in the matrix
    r"A = \begin{bmatrix} a_{11} & \cdots & a_{1n} \\ \cdots & \cdots & \cdots \\ "
    r"a_{m1} & \cdots & a_{mn} \end{bmatrix}",
    # the '=' after the bar: a one-glyph span whose box the space before it made tall
    r"\begin{vmatrix} x & y \\ z & w \end{vmatrix} = xw - yz",
])
def test_matrices_with_dot_rows(matrix_dots, latex):
    assert latex in _equations(matrix_dots)


def test_dot_rows_are_not_list_items(matrix_dots):
    assert not any(e.role is Role.LIST_ITEM for e in matrix_dots.elements)
    assert len(_equations(matrix_dots)) == 4


def test_inline_stacked_fraction_stays_in_its_line():
    """\\frac{a+b}{c} in a prose line: the denominator, a smaller line of its own just below
    the baseline, stays in the row (no block of its own), and the word after the fraction
    is prose again."""
    doc = layoutpdf.parse(str(TEX / "inline_fraction.pdf"))
    assert [e.role for e in doc.elements] == [Role.PARAGRAPH]
    text = doc.elements[0].text
    assert r"the ratio $\frac{a+b}{c}$ of the two sums" in text
    assert r"is $\frac{1}{2}$ in the fair case" in text
