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
