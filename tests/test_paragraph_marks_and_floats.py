"""Sentences that straddle a break the page does not make (issue #31, realdev pair misses).

Two ways a paragraph was cut where its maker set it whole, each drawn here with PyMuPDF:
- a note mark written as a separate text object after its line (`copying²`): the text
  layer holds it as a line of its own, read as a paragraph that cut the sentence;
- the text a float holds between its caption and the rest of it, at the top of the next
  page: the paragraph from the page before ran into it and out again.
"""
from __future__ import annotations

import re

import pymupdf

import layoutpdf

FONT = pymupdf.Font("tiro")
SIZE = 10.0


def _md(data: bytes) -> str:
    return re.sub(r"\s+", " ", layoutpdf.parse(data).to_markdown())


LINE_A = "Section 1201 divides measures into two kinds: those that prevent unauthorized"
LINE_B = "copying of a copyrighted work and those that prevent access to it at all."
NOTE = "Copying is used here as a short-hand for the exclusive rights of an author."


def raised_mark_pdf() -> bytes:
    """Body lines first, then the marks, each its own text object after all the text."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    tw = pymupdf.TextWriter(page.rect)
    tw.append((72, 100), "The act has two parts and this summary takes them in turn, starting",
              font=FONT, fontsize=12)
    tw.append((72, 114), LINE_A, font=FONT, fontsize=12)
    tw.append((72, 128), LINE_B, font=FONT, fontsize=12)
    tw.append((76, 700), NOTE, font=FONT, fontsize=10)
    tw.write_text(page)
    page.draw_line((72, 688), (216, 688), width=0.5)
    end = 72 + FONT.text_length("copying", 12)
    for x, y in ((end, 123.5), (72, 696)):
        tw2 = pymupdf.TextWriter(page.rect)
        tw2.append((x, y), "2", font=FONT, fontsize=7)
        tw2.write_text(page)
    return doc.tobytes()


def test_raised_mark_stored_apart_goes_back_on_its_line():
    data = raised_mark_pdf()
    with pymupdf.open(stream=data) as d:    # the text layer holds the mark as a line apart
        lines = [ln for b in d[0].get_text("dict")["blocks"] for ln in b.get("lines", [])]
        assert any("".join(s["text"] for s in ln["spans"]).strip() == "2" for ln in lines)
    md = _md(data)
    assert "those that prevent unauthorized copying" in md and " 2 " not in md, md
    assert "[^2]: Copying is used here" in md, md


def caption_sandwich_pdf() -> bytes:
    """Page 1 ends mid-sentence; page 2 opens with a table caption, a line of the table's
    own text set above its image, the image, then the sentence that goes on."""
    doc = pymupdf.open()
    p1 = doc.new_page(width=612, height=792)
    y = 660
    for line in ("The earlier work on this task mostly extracts sentences from the source,",
                 "and one group of authors builds a graph of the sentences, while Galgani et al."):
        p1.insert_text((72, y), line, fontname="tiro", fontsize=10)
        y += 12
    p2 = doc.new_page(width=612, height=792)
    p2.insert_text((80, 80), "Table 1: Three summaries for one case, with the facts each covers.",
                   fontname="tiro", fontsize=9)
    p2.insert_text((84, 100), "Long Summary L: This case is about an apprenticeship test that had",
                   fontname="tiro", fontsize=9)
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 200, 120), 0)
    pix.clear_with(200)
    p2.insert_image(pymupdf.Rect(84, 105, 528, 371.4), pixmap=pix)   # the image's own shape
    y = 430
    for line in ("experiment with summaries based on citations on reports from another",
                 "institute, and later systems summarize documents from both institutes."):
        p2.insert_text((72, y), line, fontname="tiro", fontsize=10)
        y += 12
    return doc.tobytes()


def test_paragraph_skips_the_text_between_a_caption_and_its_float():
    md = _md(caption_sandwich_pdf())
    assert "while Galgani et al. experiment with summaries" in md, md
