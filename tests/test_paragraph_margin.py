"""Paragraphs a browser sets apart by a small margin and no first-line indent (issue 35):
`p { margin: 0.4em 0; text-indent: 0 }` adds 0.4 em between paragraphs, 1.33 line pitches
from baseline to baseline, under the 1.45 pitches that alone make a break. The extra
space starts a paragraph when the line above closes a sentence and leaves room for the
next word (only a paragraph's last line does). Pages are drawn with PyMuPDF."""
from __future__ import annotations

import pymupdf

import layoutpdf
from layoutpdf.model import Layer

WORDS = ("the committee reviewed the evidence gathered during the survey and agreed that the "
         "results support a careful extension of the programme to other regions next year").split()
LENGTHS = (60, 45, 70, 38, 52)
SIZE, LINE_HEIGHT, MEASURE = 11.0, 1.2, 468.0


def _lines(n: int, start: int) -> list[str]:
    """A paragraph broken into lines as a line breaker does: a word goes down when it
    does not fit."""
    font = pymupdf.Font("helv")
    words = (" ".join(WORDS[(i + start) % len(WORDS)] for i in range(n)).capitalize() + ".").split()
    lines, line = [], ""
    for w in words:
        t = f"{line} {w}".strip()
        if font.text_length(t, SIZE) > MEASURE:
            lines.append(line)
            line = w
        else:
            line = t
    return lines + [line]


def browser_pdf(margin_em: float = 0.4, extra_inside_em: float = 0.0) -> bytes:
    """Five paragraphs, `margin_em` between them; with `extra_inside_em`, each paragraph's
    second line sits that much lower (a taller line box: a superscript or inline formula)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 72 + SIZE
    for k, n in enumerate(LENGTHS):
        for i, text in enumerate(_lines(n, 5 * k)):
            y += extra_inside_em * SIZE if i == 1 else 0.0
            page.insert_text((72, y), text, fontname="helv", fontsize=SIZE)
            y += LINE_HEIGHT * SIZE
        y += margin_em * SIZE
    return doc.tobytes()


def _paragraphs(pdf: bytes) -> list[str]:
    doc = layoutpdf.parse(pdf)
    return [e.text for e in doc.elements if e.layer is Layer.BODY]


def test_paragraphs_set_apart_by_a_small_margin_are_paragraphs():
    paragraphs = _paragraphs(browser_pdf())
    assert len(paragraphs) == len(LENGTHS)
    assert all(p.endswith(".") for p in paragraphs)


def test_a_taller_line_inside_a_paragraph_does_not_break_it():
    paragraphs = _paragraphs(browser_pdf(margin_em=0.0, extra_inside_em=0.4))
    assert len(paragraphs) == 1
