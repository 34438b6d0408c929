"""Words of a line as its glyphs set them (issue 35, classes 6 and 7).

A caption set glyph by glyph, with no space characters, in a font whose advance widths
overstate its glyphs: every letter gap reads a little below zero and every word gap only
a few hundredths of an em above it, under any fixed bar for a word space. The two groups
of gaps still fall apart, and the wider one is the word spaces. TeX's doubled single
quotes (a font without the `` and '' ligatures) read as the double quotes they print as.
PDFs are drawn here with PyMuPDF's TextWriter (the generator of `text_fidelity_pdfs`).
"""
from __future__ import annotations

import re

import pymupdf

import layoutpdf
from layoutpdf.extract.words import respace

import text_fidelity_pdfs as gen

CAPTION = "Table 1 Composition of the pretraining data for OLMo 2 and the sources it draws on."
BODY = ("The mixture of sources follows the earlier release with a larger share of academic "
        "text and a cleaner web crawl than before.")


def _tight_line(tw, y: float, words: list[str], letter_em: float, word_em: float,
                size: float = gen.SIZE) -> None:
    """Words written glyph by glyph: `letter_em` between letters (below zero: glyphs set
    closer than their advance widths), `word_em` between words, no space characters. The
    letter gaps vary a little, as rounded positions do."""
    x = gen.LEFT
    for w in words:
        for k, ch in enumerate(w):
            tw.append((x, y), ch, font=gen.FONT, fontsize=size)
            x += gen.FONT.text_length(ch, size) + (letter_em + 0.004 * (k % 3 - 1)) * size
        x += (word_em - letter_em) * size
    return None


def tight_caption_pdf(word_em: float = 0.05) -> bytes:
    doc, page = gen._doc_page()
    tw = pymupdf.TextWriter(page.rect)
    _tight_line(tw, 100, CAPTION.split(), -0.03, word_em, 9.0)
    y = 130
    words = BODY.split()
    for n in range(0, len(words), 9):
        gen.spaceless_line(tw, y, words[n:n + 9], 0.25)
        y += 13
    tw.write_text(page)
    return gen._bytes(doc)


def test_tight_word_gaps_of_a_positioned_caption_are_spaces():
    md = re.sub(r"\s+", " ", layoutpdf.parse(tight_caption_pdf()).to_markdown())
    assert CAPTION in md, md
    # letters set as tight as the words (no second group): nothing is inferred
    md = layoutpdf.parse(tight_caption_pdf(word_em=-0.03)).to_markdown()
    assert "Table1CompositionofthepretrainingdataforOLMo2" in md.replace(" ", "")
    assert "Composition of" not in md


def _chars(gaps: list[float], size: float = 10.0) -> list[dict]:
    out, x = [], 0.0
    for k, gap in enumerate(gaps + [0.0]):
        out.append({"c": "abcdefghij"[k % 10], "bbox": (x, 0.0, x + 5.0, 12.0), "origin": (x, 10.0),
                    "size": size, "synthetic": False})
        x += 5.0 + gap
    return out


def test_word_gaps_wider_by_a_step_are_spaces():
    """Three gaps a step wider than the letter gaps (0.05 em above them) are spaces; one
    pair kerned wider than the rest (a single gap) is no word spacing."""
    gaps = [-0.3, -0.2, 0.5, -0.3, -0.25, -0.3, 0.5, -0.2, -0.3, -0.3, 0.5, -0.2]
    chars = _chars(gaps)
    texts = [c["c"] for c in chars]
    assert respace(chars, texts)
    assert "".join(texts).count(" ") == 3
    chars = _chars([-0.3, -0.2, -0.3, 0.6, -0.3, -0.25, -0.3, -0.2, -0.3, -0.3])
    texts = [c["c"] for c in chars]
    assert not respace(chars, texts)


def test_doubled_single_quotes_are_double_quotes():
    doc, page = gen._doc_page()
    tw = pymupdf.TextWriter(page.rect)
    tw.append((72, 100), "The committee called it \u2018\u2018a careful extension\u2019\u2019 of the work.",
              font=gen.FONT, fontsize=10)
    tw.append((72, 120), "Its \u2018single\u2019 quotes and the survey\u2019s apostrophe stay.",
              font=gen.FONT, fontsize=10)
    tw.write_text(page)
    md = layoutpdf.parse(gen._bytes(doc)).to_markdown()
    assert "\u201ca careful extension\u201d of the work." in md, md
    assert "Its \u2018single\u2019 quotes and the survey\u2019s apostrophe stay." in md
