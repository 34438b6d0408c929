"""A font whose ToUnicode map gives glyph ids is a garbled text layer (issue 36, item 7).

A font whose map sends each glyph to its own id (an identity ToUnicode, common in Arabic
PDFs made by some office tools) reads the space, glyph 3 of a TrueType font, as U+0003
and the letters as whatever block their ids fall in, Greek and Coptic for an Arabic
font. A page where such lines sat among good ones had too few control characters to pass
the share that flags a layer, and its junk reached the user unflagged.
"""
from __future__ import annotations

import unicodedata

import pymupdf
import pytest

import layoutpdf
from layoutpdf.text.quality import garbled_chars
from tounicode_pdfs import replace_type0_tounicode, tounicode_cmap

GOOD = "The annual report of the ministry lists the results of each district in turn."
BROKEN = "the regional office counts the votes of each town and sends them on to the capital"
COPTIC_AT = 0x03A0     # glyph id + this: the block the ids of the broken font fall in


def _cmap(font: pymupdf.Font, text: str) -> bytes:
    """A ToUnicode CMap sending the space to U+0003 and every other glyph to its id
    moved into the Greek and Coptic block."""
    pairs = sorted({(font.has_glyph(ord(ch)), 0x0003 if ch == " " else COPTIC_AT + font.has_glyph(ord(ch)))
                    for ch in text})
    return tounicode_cmap((g, f"{u:04X}") for g, u in pairs)


def broken_pdf(path, good_lines: int = 6, broken_lines: int = 3) -> None:
    """One page: lines in a sound font (Helvetica) and, under them, lines in an embedded
    font whose ToUnicode stream is then replaced by the glyph-id map (`_cmap`)."""
    doc = pymupdf.open()
    page = doc.new_page()
    font = pymupdf.Font("tiro")
    page.insert_font(fontname="F0", fontbuffer=font.buffer)
    y = 72
    for _ in range(good_lines):
        page.insert_text((72, y), GOOD, fontname="helv", fontsize=10)
        y += 14
    for _ in range(broken_lines):
        page.insert_text((72, y), BROKEN, fontname="F0", fontsize=10)
        y += 14
    replace_type0_tounicode(doc, _cmap(font, BROKEN))
    doc.save(str(path))


@pytest.fixture(scope="module")
def parsed(tmp_path_factory):
    path = tmp_path_factory.mktemp("tounicode") / "broken.pdf"
    broken_pdf(path)
    return layoutpdf.parse(str(path), {"ocr": {"mode": "never"}})


def test_the_fixture_reads_as_the_broken_sample_did(parsed):
    junk = [ln.text for ln in parsed.pages[0].lines if "report" not in ln.text]
    assert len(junk) == 3
    for text in junk:    # control characters between Greek and Coptic letters
        assert any(ord(c) < 0x20 for c in text)
        assert any("COPTIC" in unicodedata.name(c, "") for c in text)


def test_the_page_is_flagged_garbled(parsed):
    codes = [i.code for i in parsed.issues if i.page == 0]
    assert "garbled_text_layer" in codes


def test_the_sound_lines_alone_are_not_flagged(tmp_path):
    path = tmp_path / "sound.pdf"
    broken_pdf(path, broken_lines=0)
    doc = layoutpdf.parse(str(path), {"ocr": {"mode": "never"}})
    assert not [i for i in doc.issues if i.code == "garbled_text_layer"]


@pytest.mark.parametrize("text, garbage", [
    ("\u03e2\u03e3\u0001\u03f0\u03f1", 5),           # glyph ids: Coptic letters, a control
    ("\u03b1\u03b2\u0001\u0431\u0432", 5),           # glyph ids: Greek and Cyrillic mixed
    ("e\x0cciency of the method", 1),                # an old TeX ligature code: one bad char
    ("\u0394\u03bf\u03ba\u03b9\u03bc\u03ae\x03\u03ba\u03b5\u03b9", 1),   # Greek, one raw code
    ("\u03e2\u03e3 \u03f0\u03f1", 0),                # Coptic without a raw code: left alone
])
def test_glyph_ids_read_as_text_are_garbage_as_a_whole(text, garbage):
    assert garbled_chars(text) == garbage
