"""Stitch: a figure placed in the middle of a column cuts a paragraph the way a column
break does; the two halves are one paragraph again, the figure after it."""
from __future__ import annotations

import pymupdf

import layoutpdf
from layoutpdf.model import Role

from test_footnote_columns import _words
from test_errors_support import set_lines


def _page_with_figure_between(end_of_upper: str) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = set_lines(page, 72, 540, 72, _words(150) + end_of_upper.split())
    page.draw_rect(pymupdf.Rect(150, y, 460, y + 160), color=(0, 0, 0), fill=(0.6, 0.7, 0.9))
    page.insert_text((72, y + 178), "Figure 1: The three waves of the survey.", fontname="tiro", fontsize=9)
    set_lines(page, 72, 540, y + 205, "of the national office in the final report.".split() + _words(150, 3))
    return doc.tobytes()


def test_a_paragraph_cut_by_a_figure_mid_column_is_joined():
    doc = layoutpdf.parse(_page_with_figure_between("as described in the records"))
    para = next(e for e in doc.elements if e.role is Role.PARAGRAPH)
    assert "as described in the records of the national office in the final report." in para.text
    md = doc.to_markdown()
    assert md.index("final report.") < md.index("Figure 1: The three waves")


def test_a_paragraph_that_ends_before_the_figure_stays_apart():
    doc = layoutpdf.parse(_page_with_figure_between("as described in the records."))
    paras = [e for e in doc.elements if e.role is Role.PARAGRAPH]
    assert len(paras) == 2
