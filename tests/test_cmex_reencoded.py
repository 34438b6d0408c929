"""TeX's extension font re-encoded (publishers' pipelines, dvipdfmx-era subsets): the cmex
glyphs are numbered freely from code 2 up and named in the font's /Encoding /Differences.
The extractor reads the names and hands the maths stage the standard cmex codes, so a
\\Big( at code 2 is a parenthesis, not the standard layout's code-2 \\big[ bracket.

The PDFs are written in-code with PyMuPDF's xref API: a Times text, and a CMEX10 Type 1
font (not embedded) whose glyphs are shown by code, once at the standard cmex positions and
once re-encoded."""
from __future__ import annotations

import pymupdf
import pytest

import layoutpdf
from layoutpdf import Role

PROSE = ("The measurements were repeated on every sample of the series and the results "
         "were collected in one table for the comparison that follows").split()
# glyph name -> standard cmex10 code, advance width (cmex10.afm)
GLYPHS = {"parenleftBig": (0x10, 597), "parenrightBig": (0x11, 597), "radicalbig": (0x70, 1000)}
REENCODED = {"parenleftBig": 2, "parenrightBig": 3, "radicalbig": 4}


def _font(doc: pymupdf.Document, reencoded: bool, basefont: str) -> int:
    codes = {n: (REENCODED[n] if reencoded else c) for n, (c, _w) in GLYPHS.items()}
    widths = [333] * 128
    for n, (_c, w) in GLYPHS.items():
        widths[codes[n]] = w
    enc = ""
    if reencoded:
        enc = "/Encoding << /Type /Encoding /Differences [ 2 " + " ".join(
            "/" + n for n in sorted(REENCODED, key=REENCODED.get)) + " ] >>"
    xref = doc.get_new_xref()
    doc.update_object(xref, f"<< /Type /Font /Subtype /Type1 /BaseFont /{basefont} /FirstChar 0 "
                            f"/LastChar 127 /Widths [{' '.join(map(str, widths))}] {enc} >>")
    return xref


def _text(font: str, size: float, x: float, y: float, s: bytes) -> bytes:
    return b"BT /%s %g Tf %g %g Td <%s> Tj ET\n" % (font.encode(), size, x, y, s.hex().encode())


def _page(path, reencoded: bool, basefont: str) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    fonts = {"R": "/Times-Roman", "I": "/Times-Italic"}
    res = " ".join(f"/{k} << /Type /Font /Subtype /Type1 /BaseFont {v} "
                   f"/Encoding /WinAnsiEncoding >>" for k, v in fonts.items())
    ex = _font(doc, reencoded, basefont)
    code = {n: (REENCODED[n] if reencoded else c) for n, (c, _w) in GLYPHS.items()}
    out = b""
    y = 700.0
    for _ in range(3):                     # prose above
        out += _text("R", 10, 72, y, " ".join(PROSE[:12]).encode())
        y -= 12
    y -= 22
    base = y                               # the display: x = \Big( a + b \Big) \sqrt{c}
    x = 250.0
    out += _text("I", 10, x, base, b"x")
    out += _text("R", 10, x + 8, base, b"=")
    x += 20
    out += _text("X", 10, x, base + 11.5, bytes([code["parenleftBig"]]))
    x += 6.5
    out += _text("I", 10, x, base, b"a")
    out += _text("R", 10, x + 8, base, b"+")
    out += _text("I", 10, x + 18, base, b"b")
    x += 24
    out += _text("X", 10, x, base + 11.5, bytes([code["parenrightBig"]]))
    x += 9
    out += _text("X", 10, x, base + 8.5, bytes([code["radicalbig"]]))
    out += b"0.4 w %g %g m %g %g l S\n" % (x + 10, base + 8.3, x + 16, base + 8.3)
    out += _text("I", 10, x + 10.5, base, b"c")
    y = base - 34
    for _ in range(3):                     # prose below
        out += _text("R", 10, 72, y, " ".join(PROSE[12:]).encode())
        y -= 12
    doc.xref_set_key(page.xref, "Resources",
                     f"<< /Font << {res} /X {ex} 0 R >> >>")
    cxref = doc.get_new_xref()
    doc.update_object(cxref, "<< >>")
    doc.update_stream(cxref, out)
    doc.xref_set_key(page.xref, "Contents", f"{cxref} 0 R")
    doc.save(str(path))


def _equations(path) -> list[str]:
    doc = layoutpdf.parse(str(path))
    return [e.text for e in doc.elements if e.role is Role.EQUATION]


@pytest.mark.parametrize("reencoded,basefont", [
    (False, "CMEX10"),
    (True, "CMEX10"),
    # a subset tag and a name longer than the 31 characters MuPDF keeps for spans
    (True, "IJJDKH+LMMathExtension10-Regular"),
])
def test_big_parentheses_and_radical_of_a_reencoded_cmex(tmp_path, reencoded, basefont):
    path = tmp_path / "cmex.pdf"
    _page(path, reencoded, basefont)
    assert _equations(path) == [r"x = \left( a + b \right) \sqrt{c}"]
