"""Every word of the text layer reaches the user (issue 36, item 1; issue 39, A).

Pages drawn here with PyMuPDF: a word set beside an inline image (as reportlab sets it), a
chart's labels, a publisher's stamp in the page margin, a borderless statement whose `$`
signs are set apart, and a document with a line no element holds.
"""
from __future__ import annotations

import os
from dataclasses import replace

import pymupdf

import layoutpdf
from layoutpdf.model import Layer, Role, UnitKind
from layoutpdf.settings import Settings
from layoutpdf.split import units_from_markdown
from layoutpdf.stages import coverage

W, H = 612.0, 792.0
PROSE = ("retrieval systems read documents in the order a careful person would follow them "
         "while columns figures and captions keep their places on every page of the report").split()


def _image(page, rect: pymupdf.Rect) -> None:
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 60, 40), False)
    pix.clear_with(90)
    page.insert_image(rect, pixmap=pix, keep_proportion=False)


def _prose(page, y: float, lines: int, seed: int = 0) -> float:
    for k in range(lines):
        words = [PROSE[(seed + k * 5 + i) % len(PROSE)] for i in range(12)]
        page.insert_text((72, y), " ".join(words), fontname="tiro", fontsize=10)
        y += 12
    return y


def _save(doc, tmp_path, name: str) -> str:
    path = os.path.join(tmp_path, name)
    doc.save(path)
    return path


def test_word_beside_an_inline_image_reaches_the_markdown(tmp_path):
    """reportlab's page: an image and one word next to it. The figure region takes the word
    as its label; the word must still be in the Markdown, right after the image."""
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    _image(page, pymupdf.Rect(100, 52, 160, 92))
    page.insert_text((170, 77), "Test", fontname="helv", fontsize=12)
    d = layoutpdf.parse(_save(doc, tmp_path, "inline.pdf"))
    assert [e.role for e in d.elements] == [Role.FIGURE]      # the word went to the figure
    md = d.to_markdown()
    assert md.index("![") < md.index("Test")


def test_figure_text_is_one_plain_paragraph_after_the_figure(tmp_path):
    """Labels that look like Markdown (a list number, a dash, a rule, a dollar amount) stay
    text: the block after the figure parses back as one paragraph."""
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    y = _prose(page, 80, 6)
    box = pymupdf.Rect(150, y + 20, 400, y + 200)
    page.draw_rect(box, color=(0, 0, 0), width=0.6)
    page.draw_bezier(box.bl, (box.x0 + 60, box.y0), (box.x1 - 60, box.y0), box.br, color=(1, 0, 0))
    page.draw_polyline([pymupdf.Point(box.x0 + 10 * i, box.y1 - (i * 37) % 150) for i in range(25)],
                       color=(0, 0, 1))
    for k, label in enumerate(("1. Ranker", "- Writer", "---", "$ 25 budget")):
        page.insert_text((box.x0 + 10 + 60 * k, box.y0 + 40 + 30 * k), label, fontname="helv", fontsize=7)
    _prose(page, box.y1 + 30, 6, seed=3)
    d = layoutpdf.parse(_save(doc, tmp_path, "labels.pdf"))
    md = d.to_markdown()
    units = units_from_markdown(md)
    kinds = [u.kind for u in units]
    at = kinds.index(UnitKind.FIGURE)
    block = units[at + 1]
    assert block.kind is UnitKind.PARAGRAPH
    for word in ("Ranker", "Writer", "budget"):
        assert word in block.text
    assert UnitKind.LIST_ITEM not in kinds and "$$" not in md


def test_stamp_in_the_page_margin_is_furniture_not_lost(tmp_path):
    """A publisher's stamp on an image below the text block (a conference line, a copyright
    notice) is page furniture: out of the body, kept in the furniture layer."""
    doc = pymupdf.open()
    for n in range(3):
        page = doc.new_page(width=W, height=H)
        y = 80
        for k in range(8):                   # paragraphs down to the foot of the text block
            y = _prose(page, y, 6, seed=n + k) + 8
    page = doc[0]
    _image(page, pymupdf.Rect(40, 732, 240, 772))
    page.insert_text((44, 750), "978-0-1234-5678-9/10 (c) 2010 Publisher", fontname="helv", fontsize=7)
    d = layoutpdf.parse(_save(doc, tmp_path, "stamp.pdf"))
    fig = [e for e in d.elements if e.role is Role.FIGURE]
    assert len(fig) == 1 and fig[0].layer is Layer.FURNITURE
    assert "Publisher" not in d.to_markdown()
    assert "Publisher" in d.to_markdown(layers=tuple(Layer))


STATEMENT = [("Revenues", "$", "11,692,713", "$", "8,830,669", "$", "6,779,511"),
             ("Cost of revenues", "", "7,659,666", "", "6,029,901", "", "4,591,476"),
             ("Marketing", "", "1,278,022", "", "991,078", "", "824,092"),
             ("Technology and development", "", "1,052,778", "", "852,098", "", "650,788"),
             ("General and administrative", "", "863,568", "", "577,799", "", "407,329"),
             ("Operating income", "$", "838,679", "$", "379,793", "$", "305,826")]


def test_statement_with_currency_signs_set_apart_is_a_table(tmp_path):
    """A borderless income statement as filing agents set it: the `$` of the first and the
    total row in a cell of its own, left of the right-aligned amount. The sign goes with
    its amount; the statement is a table and each line item keeps its numbers."""
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    page.insert_text((200, 70), "CONSOLIDATED STATEMENTS OF OPERATIONS", fontname="tibo", fontsize=10)
    for year, right in (("2017", 390), ("2016", 480), ("2015", 570)):
        page.insert_text((right - 20, 100), year, fontname="tibo", fontsize=9)
    font = pymupdf.Font("tiro")
    for k, (label, *cells) in enumerate(STATEMENT):
        y = 120 + 14 * k
        page.insert_text((20, y), label, fontname="tiro", fontsize=9)
        for sign, value, right in zip(cells[::2], cells[1::2], (390, 480, 570)):
            if sign:
                page.insert_text((right - 70, y), sign, fontname="tiro", fontsize=9)
            page.insert_text((right - font.text_length(value, 9), y), value, fontname="tiro", fontsize=9)
    d = layoutpdf.parse(_save(doc, tmp_path, "statement.pdf"))
    assert len(d.tables) == 1
    rows = [[c for c in row if c] for row in d.tables[0].rows]
    assert ["Marketing", "1,278,022", "991,078", "824,092"] in rows
    assert ["Revenues", "$ 11,692,713", "$ 8,830,669", "$ 6,779,511"] in rows   # the sign with its amount


def test_a_line_no_element_holds_is_named_in_an_issue(tmp_path):
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    _prose(page, 80, 5)
    d = layoutpdf.parse(_save(doc, tmp_path, "plain.pdf"))
    assert not [i for i in d.issues if i.code == "text_dropped"]
    first = d.elements[0]
    kept = replace(first, line_ids=first.line_ids[1:])      # as if a stage lost one line
    lost = coverage.run(d.with_(elements=(kept,) + d.elements[1:]), Settings())
    issue = [i for i in lost.issues if i.code == "text_dropped"]
    assert len(issue) == 1 and issue[0].page == 0 and issue[0].stage == "coverage"
    assert "1 text lines" in issue[0].message
