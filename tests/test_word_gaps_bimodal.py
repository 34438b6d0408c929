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


def _chars(text: str, letter: float, word: float, size: float = 10.0) -> list[dict]:
    """Glyphs 5 pt wide, `letter` pt apart (a little more after every third) and `word` pt
    apart where `text` has a space; no space glyph is written."""
    out, x = [], 0.0
    for k, ch in enumerate(text.replace(" ", "")):
        out.append({"c": ch, "bbox": (x, 0.0, x + 5.0, 12.0), "origin": (x, 10.0), "size": size,
                    "synthetic": False})
        x += 5.0 + letter + 0.05 * (k % 3)
    starts = [k for k, w in enumerate(text.split()) for _ in w]
    shift = 0.0
    for k in range(1, len(out)):
        if starts[k] != starts[k - 1]:
            shift += word - letter
        out[k]["bbox"] = (out[k]["bbox"][0] + shift, 0.0, out[k]["bbox"][2] + shift, 12.0)
    return out


def test_word_gaps_wider_by_a_step_are_spaces():
    """Word gaps a step (0.05 em) wider than the letter gaps are spaces; one glyph whose
    gaps are wide wherever it stands (a wrong advance width) makes none."""
    chars = _chars("data for the pretraining mix", -0.3, 0.2)
    texts = [c["c"] for c in chars]
    assert respace(chars, texts)
    assert "".join(texts) == "data for the pretraining mix"
    chars = _chars("Shore l ine", -0.3, 0.2)       # 'l' set wide on both sides: no word
    texts = [c["c"] for c in chars]
    assert not respace(chars, texts)
    assert "".join(texts) == "Shoreline"


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
