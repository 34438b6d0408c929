"""Captions cut in two by a change of style are assembled again (classify, with
`captions.assemble`): the label line and the title line under it are one caption."""
from __future__ import annotations

import pymupdf

import layoutpdf
from layoutpdf.model import Role

from test_footnote_columns import LEFT, RIGHT, _words
from test_errors_support import set_lines

TITLE_II = "THROUGHPUT OF THE THREE LOOKUP METHODS"
TITLE_2 = "Results of the second survey wave by region"


def _centred(page, x0: float, x1: float, y: float, text: str, size: float, font: str = "tiro") -> None:
    w = pymupdf.get_text_length(text, font, size)
    page.insert_text(((x0 + x1 - w) / 2, y), text, fontname=font, fontsize=size)


def _table(page, x0: float, x1: float, y: float, rows) -> float:
    page.draw_line((x0, y), (x1, y), width=0.5)
    y += 10
    for a, b in rows:
        page.insert_text((x0 + 10, y), a, fontname="tiro", fontsize=8)
        page.insert_text((x0 + 130, y), b, fontname="tiro", fontsize=8)
        y += 11
    page.draw_line((x0, y - 6), (x1, y - 6), width=0.5)
    return y + 12


def tables_pdf() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    # left column: a centred 'TABLE II' over a smaller small-caps title (IEEE)
    y = set_lines(page, *LEFT, 72, _words(150)) + 10
    _centred(page, *LEFT, y, "TABLE II", 8)
    _centred(page, *LEFT, y + 10, TITLE_II, 7)
    y = _table(page, 80, 280, y + 18, (("Method", "Throughput"), ("Trie", "14.3"), ("Hash", "12.1")))
    set_lines(page, *LEFT, y, _words(120, 3))
    # right column: a bold 'Table 2.' line over its title line
    y = set_lines(page, *RIGHT, 72, _words(100, 4)) + 10
    page.insert_text((RIGHT[0], y), "Table 2.", fontname="tibo", fontsize=9)
    page.insert_text((RIGHT[0], y + 11), TITLE_2, fontname="tiro", fontsize=9)
    y = _table(page, *RIGHT, y + 19, (("Region", "Share"), ("North", "0.31"), ("South", "0.44")))
    set_lines(page, *RIGHT, y, _words(150, 6))
    return doc.tobytes()


def test_label_line_and_title_line_are_one_caption():
    doc = layoutpdf.parse(tables_pdf())
    captions = {t.label: t.caption for t in doc.tables}
    assert captions == {"Table II": "TABLE II " + TITLE_II, "Table 2": "Table 2. " + TITLE_2}
    assert not any(e.role is Role.PARAGRAPH and e.text in (TITLE_II, TITLE_2) for e in doc.elements)
    md = doc.to_markdown()
    assert "TABLE II " + TITLE_II in md and "Table 2. " + TITLE_2 in md


def figure_pdf(gap: float) -> bytes:
    """An image, a caption whose first line is bold, then body text `gap` below."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = set_lines(page, 72, 540, 72, _words(120) + ["ended."])
    page.draw_rect(pymupdf.Rect(150, y, 460, y + 150), color=(0, 0, 0), fill=(0.6, 0.7, 0.9))
    y += 165
    page.insert_text((72, y), "Figure 3. Overview of the processing", fontname="tibo", fontsize=9)
    page.insert_text((72, y + 10.5), "pipeline with its three stages and the data flow between them.",
                     fontname="tiro", fontsize=9)
    set_lines(page, 72, 540, y + 10.5 + gap, ["Body"] + _words(200, 2))
    return doc.tobytes()


def test_a_bold_first_line_and_the_rest_of_the_caption_are_one_caption():
    doc = layoutpdf.parse(figure_pdf(gap=20))
    cap = next(e for e in doc.elements if e.role is Role.CAPTION)
    assert cap.text == ("Figure 3. Overview of the processing pipeline with its three stages "
                        "and the data flow between them.")
    body = next(e for e in doc.elements if e.text.startswith("Body"))
    assert body.role is Role.PARAGRAPH                   # the text under it stays text


def test_a_caption_label_alone_does_not_take_the_paragraph_below():
    """'TABLE II' with the table under it and body text a paragraph's distance away."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = set_lines(page, 72, 540, 72, _words(200)) + 14
    _centred(page, 72, 540, y, "TABLE II", 9)
    set_lines(page, 72, 540, y + 22, ["Then"] + _words(100, 1))
    parsed = layoutpdf.parse(doc.tobytes())
    cap = next(e for e in parsed.elements if e.role is Role.CAPTION)
    assert cap.text == "TABLE II"
