"""Combining accents of Unicode maths fonts (issue 32): MuPDF's text dict leaves out a
zero-advance U+0302 drawn over 𝜃 (LuaLaTeX + unicode-math, STIX Two, Libertinus), so
`\\hat{\\theta}` read as `\\theta`. The committed fixtures are typeset by
tests/fixtures/tex/make_tex_fixtures.py from the .tex beside them."""
from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

import layoutpdf
from layoutpdf.extract.combining import _marks_with_bases, restore_marks

TEX = Path(__file__).resolve().parent / "fixtures" / "tex"
FLAGS = pymupdf.TEXT_PRESERVE_WHITESPACE | pymupdf.TEXT_CID_FOR_UNKNOWN_UNICODE


@pytest.mark.parametrize("font", ["luatermes", "stix2", "libertinus"])
def test_hat_over_theta_is_read(font):
    doc = layoutpdf.parse(str(TEX / f"operators_{font}.pdf"))
    displays = [q.latex for q in doc.equations if q.display]
    assert any(d.replace(" ", "").startswith(r"\hat{\theta}=") for d in displays), displays


def test_the_mark_follows_its_letter_in_the_dict():
    with pymupdf.open(TEX / "operators_luatermes.pdf") as pdf:
        page = pdf[0]
        textpage = page.get_textpage(flags=FLAGS)
        raw = restore_marks(page, textpage, textpage.extractDICT())
    texts = [s["text"] for b in raw["blocks"] for ln in b.get("lines", ()) for s in ln["spans"]]
    with_mark = [t for t in texts if "\u0302" in t]
    assert with_mark == [t for t in texts if t.startswith("\U0001d703\u0302=")], with_mark
    assert len(with_mark) == 1


def test_pages_without_a_maths_font_read_no_trace(monkeypatch):
    calls = []
    real = pymupdf.Page.get_texttrace
    monkeypatch.setattr(pymupdf.Page, "get_texttrace",
                        lambda self: calls.append(self.number) or real(self))
    layoutpdf.parse(str(TEX / "operators_cm.pdf"))
    assert calls == []
    layoutpdf.parse(str(TEX / "operators_luatermes.pdf"))
    assert calls


def _span(font, size, chars):
    """A get_texttrace span: chars as (unicode, glyph, origin, bbox)."""
    return {"font": font, "size": size, "type": 0, "chars": chars}


def _ch(c, x0, x1, base, size=10.0):
    return (ord(c) if isinstance(c, str) else c, 1, (x0, base), (x0, base - 0.8 * size, x1, base + 0.2 * size))


def test_a_zero_advance_mark_belongs_to_the_letter_that_ends_at_its_origin():
    # LuaLaTeX: U+0302 drawn first, its origin where 𝜃 ends and '=' begins after a gap
    mark = _ch("\u0302", 144.35, 144.35, 118.86)
    theta, eq = _ch("\U0001d703", 138.5, 144.35, 120.6), _ch("=", 144.35, 151.0, 120.6)
    found = _marks_with_bases([_span("TeXGyreTermesMath", 10.0, [mark, theta, eq])])
    assert [(m[0], b[0]) for m, b in found] == [(0x302, 0x1D703)]


def test_a_stretched_arrow_belongs_to_the_letter_under_its_middle():
    # Word's arrow over h_2: extension pieces (unmapped glyphs) and the head over the '2'
    row = 176.9
    pieces = [_ch(0x10FFFD, 90.1, 93.3, row), _ch(0x10FFFD, 93.1, 96.3, row),
              _ch(0x10FFFD, 95.0, 98.3, row)]
    h, two = _ch("\u210e", 90.1, 96.2, 179.3), _ch("2", 96.2, 100.7, 181.5, 7.0)
    head = _ch("\u20d7", 97.0, 101.0, row)
    found = _marks_with_bases([_span("CambriaMath", 11.0, [h, two, head] + pieces)])
    assert [(m[0], chr(b[0])) for m, b in found] == [(0x20D7, "\u210e")]


def test_an_arrow_over_a_word_is_no_letters():
    row = 263.3
    word = [_ch(c, 240.0 + 9.4 * i, 249.4 + 9.4 * i, 265.5) for i, c in enumerate("LSTM")]
    pieces = [_ch(0x10FFFD, 240.0 + 3 * i, 243.3 + 3 * i, row) for i in range(12)]
    head = _ch("\u20d7", 273.5, 277.6, row)
    assert _marks_with_bases([_span("CambriaMath", 11.0, word + pieces + [head])]) == []


def test_a_mark_the_dict_keeps_is_not_added_again():
    # Word: an arrow head in the same span as the extension piece before it stays in the dict
    from layoutpdf.extract.combining import _is_kept
    head = _ch("\u20d7", 77.2, 81.2, 176.9, 11.0)
    assert _is_kept(head, [("\u20d7", (81.2, 145.1, 81.2, 206.4))])
    assert not _is_kept(head, [("\u20d7", (101.0, 145.1, 101.0, 206.4))])
    assert not _is_kept(head, [("\u0302", (81.2, 145.1, 81.2, 206.4))])
