"""A centred display formula ends the paragraph before it, even when the next paragraph
starts with a first-line indent and the formula carries an equation number at the margin."""
from __future__ import annotations

import pymupdf

import layoutpdf

PROSE = ("The measurements were repeated on every sample of the series and the results were "
         "collected in one table for the comparison that follows in this section of the text")


def _prose_lines(page, y: float, first_indent: float = 0.0, n: int = 3) -> float:
    """A paragraph: full lines, the last one short and ending the sentence; returns the
    baseline of its last line."""
    words = PROSE.split()
    for i in range(n):
        x = 72 + (first_indent if i == 0 else 0)
        text = " ".join(words[:14]) if i == 0 else " ".join(words[:15])
        if i == n - 1:
            text = " ".join(words[:6]) + "."
        page.insert_text((x, y), text, fontname="tiro", fontsize=10)
        y += 12
    return y - 12


def display_pdf(tag: bool) -> bytes:
    """Paragraph, a display set as tightly as TeX sets it (one line pitch and a bit
    around it), then a paragraph that starts with a first-line indent."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    last = _prose_lines(page, 100, first_indent=17)
    right = 72 + pymupdf.get_text_length(" ".join(PROSE.split()[:15]), "tiro", 10)
    formula, width = last + 15, pymupdf.get_text_length("x + y = z", "tiit", 10)
    page.insert_text(((72 + right - width) / 2, formula), "x + y = z", fontname="tiit",
                     fontsize=10)
    if tag:   # the number at the right edge of the text
        page.insert_text((right - pymupdf.get_text_length("(1)", "tiro", 10), formula), "(1)",
                         fontname="tiro", fontsize=10)
    _prose_lines(page, formula + 15, first_indent=17)
    return doc.tobytes()


def _element_texts(pdf: bytes) -> list[str]:
    doc = layoutpdf.parse(pdf)
    return [e.text for e in doc.elements if e.text.strip()]


def test_display_between_indented_paragraphs_is_its_own_block():
    for tag in (False, True):
        texts = _element_texts(display_pdf(tag))
        with_formula = [t for t in texts if "y = z" in t or "y=z" in t.replace(" ", "")]
        assert with_formula, texts
        # the formula is not the start of the next paragraph, nor the end of the previous one
        assert not any("measurements" in t for t in with_formula), texts


def test_centring_ignores_an_equation_number_at_the_margin():
    from layoutpdf.model import BBox, Line, Span
    from layoutpdf.elements.blocks import _centered
    from layoutpdf.elements.rows import rows_of

    def line(x0, x1, text):
        span = Span(f"s{x0}", text, BBox(x0, 100, x1, 110), "Times", 10, 0, 0, 255, (x0, 108))
        return Line.build(f"l{x0}", 0, (span,))
    column = BBox(72, 50, 540, 700)
    row = rows_of((line(280, 330, "x + y = z"), line(520, 535, "(1)")))[0]
    assert _centered(row, column, 10)
    assert not _centered(rows_of((line(280, 330, "x + y = z"), line(520, 535, "the")))[0],
                         column, 10)
