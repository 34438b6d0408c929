"""The encodings symbol fonts' private-use code points are read through
(text/symbol_codes.py; the page that shows them: test_symbol_bullets.py)."""
from __future__ import annotations

import pymupdf

from layoutpdf.text.symbol_codes import _ADOBE_SYMBOL, font_encoding, from_symbol_codes


def _mupdf_symbol_font() -> dict[int, str]:
    """What MuPDF reads for each code of the standard (base-14) Symbol font."""
    doc = pymupdf.open()
    page = doc.new_page()
    font = doc.get_new_xref()
    doc.update_object(font, "<< /Type /Font /Subtype /Type1 /BaseFont /Symbol >>")
    codes = [c for c in range(0x21, 0xFF) if not 0x7F <= c <= 0xA0]
    per_column = 48
    ops = [f"BT /S 10 Tf {40 + 140 * (i // per_column)} {780 - 15 * (i % per_column)} Td "
           f"<{c:02X}> Tj ET" for i, c in enumerate(codes)]
    content = doc.get_new_xref()
    doc.update_object(content, "<< >>")
    doc.update_stream(content, "\n".join(ops).encode())
    doc.xref_set_key(page.xref, "Contents", f"{content} 0 R")
    doc.xref_set_key(page.xref, "Resources", f"<< /Font << /S {font} 0 R >> >>")
    doc = pymupdf.open("pdf", doc.tobytes())
    # each code was shown alone, at its own place: read the characters back by place
    placed = sorted((round(ch["origin"][0]), round(ch["origin"][1]), ch["c"])
                    for b in doc[0].get_text("rawdict")["blocks"] for ln in b["lines"]
                    for s in ln["spans"] for ch in s["chars"])
    assert len(placed) == len(codes)
    return dict(zip(codes, (c for _, _, c in placed)))


def test_the_symbol_encoding_is_what_mupdf_reads_for_the_standard_font():
    read = _mupdf_symbol_font()
    # MuPDF names the serif and sans-serif (R), (C), TM by Adobe's private-use code points;
    # they are the ordinary signs
    ordinary = {0xD2: "\u00ae", 0xD3: "\u00a9", 0xD4: "\u2122",
                0xE2: "\u00ae", 0xE3: "\u00a9", 0xE4: "\u2122"}
    for code, ch in read.items():
        assert _ADOBE_SYMBOL[code] == ordinary.get(code, ch), hex(code)


def test_codes_of_a_font_naming_no_encoding_stay():
    assert font_encoding("ABCDEF+F4") is None
    assert from_symbol_codes("\uf0b7 x", "F4") == "\uf0b7 x"
    assert from_symbol_codes("\uf0b7 5 \uf06dm", "ABCDEF+SymbolMT") == "\u2022 5 \u00b5m"
    assert from_symbol_codes("\uf0a7", "Wingdings-Regular") == "\u25aa"
