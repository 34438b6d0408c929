"""A ToUnicode map naming no character for some glyphs: the font's own cmap reads them.

Word writes Cambria Math's ToUnicode one UTF-16 code unit per glyph: math-italic letters
map to a lone surrogate (`<D835>`, or a low half), other glyphs to `<0000>`, which MuPDF
reports by the glyph id (a stray letter nobody wrote), and the space glyph to U+200D.
The fixture is the same damage done to an embedded DejaVu Sans: the extraction must give
the letters the font's cmap names, and a glyph the cmap has no character for (one reached
only through the font's substitutions) must come out as U+FFFD, flagged, not as the
character of its glyph id.
"""
from __future__ import annotations

import os

import pymupdf
import pytest

import layoutpdf
from layoutpdf.extract.font_cmap import repair_tounicode
from tounicode_pdfs import replace_type0_tounicode, tounicode_cmap

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
TEXT = "xyz x+y"
pytestmark = pytest.mark.skipif(not os.path.exists(FONT), reason="DejaVu Sans not installed")


def _unreachable_glyph(font: pymupdf.Font) -> int:
    """A glyph of the font no code point of its cmap reaches (an alternate form)."""
    reached = {font.has_glyph(cp) for cp in font.valid_codepoints()}
    return next(g for g in range(4, font.glyph_count) if g not in reached)


def _broken_cmap(font: pymupdf.Font, extra_glyph: int) -> bytes:
    """Word's damage: x a high surrogate, y U+0000, z a low surrogate, the space U+200D,
    `+` sound; the glyph without a character U+0000."""
    gid = {ch: font.has_glyph(ord(ch)) for ch in "xyz +"}
    pairs = [(gid["x"], "D835"), (gid["y"], "0000"), (gid["z"], "DC52"),
             (gid[" "], "200D"), (gid["+"], "002B"), (extra_glyph, "0000")]
    return tounicode_cmap(pairs)


def broken_pdf(path, damage: bool = True) -> int:
    """One page: a sentence in Helvetica, then TEXT and one glyph without a character in
    embedded DejaVu Sans (Identity-H), whose ToUnicode is then damaged. Returns that
    glyph's id."""
    doc = pymupdf.open()
    page = doc.new_page()
    font = pymupdf.Font(fontfile=FONT)
    page.insert_text((72, 80), "The equation below is set in the math font.", fontname="helv",
                     fontsize=11)
    page.insert_text((72, 120), TEXT, fontname="dv", fontfile=FONT, fontsize=14)
    extra = _unreachable_glyph(font)
    xref = page.get_contents()[-1]
    # a space and the extra glyph after TEXT, in the same string of glyph ids
    doc.update_stream(xref, doc.xref_stream(xref).replace(b">]TJ", b"0003%04X>]TJ" % extra, 1))
    if damage:
        replace_type0_tounicode(doc, _broken_cmap(font, extra))
    doc.save(str(path))
    return extra


def _page_text(path) -> str:
    doc = layoutpdf.parse(str(path))
    return "\n".join(ln.text for ln in doc.pages[0].lines)


def test_letters_come_from_the_font_cmap(tmp_path):
    path = tmp_path / "broken.pdf"
    extra = broken_pdf(path)
    text = _page_text(path)
    assert "xyz x+y" in text, text
    assert not any(0xD800 <= ord(c) <= 0xDFFF for c in text)
    assert "\u200d" not in text
    # y's glyph id (a backslash) and the extra glyph's id never pose as characters
    assert "\\" not in text and chr(extra) not in text


def test_a_glyph_without_a_character_is_flagged(tmp_path):
    path = tmp_path / "broken.pdf"
    broken_pdf(path)
    text = _page_text(path)
    assert text.count("\ufffd") == 1, text


def test_sound_fonts_are_left_alone(tmp_path):
    """A font whose ToUnicode names a character for every glyph is not rewritten (nor its
    program read): the repair costs nothing where it is not needed."""
    path = tmp_path / "sound.pdf"
    broken_pdf(path, damage=False)
    doc = pymupdf.open(str(path))
    streams = {x: doc.xref_stream(x) for x in range(1, doc.xref_length()) if doc.xref_is_stream(x)}
    assert repair_tounicode(doc[0]) == 0
    assert all(doc.xref_stream(x) == s for x, s in streams.items())


def test_damaged_font_entries_are_rewritten_once(tmp_path):
    path = tmp_path / "broken.pdf"
    broken_pdf(path)
    doc = pymupdf.open(str(path))
    assert repair_tounicode(doc[0]) == 5      # x, y, z, the space, the extra glyph
    assert repair_tounicode(doc[0]) == 0      # kept for the document
