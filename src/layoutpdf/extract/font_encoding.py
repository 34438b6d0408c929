"""Glyph codes of re-encoded TeX extension fonts, read from the font's /Encoding; the
private-use codes of office suites' symbol fonts, read through the encoding they name.

TeX's extension font (cmex and its Times/Palatino twins) has no Unicode for most glyphs
('parenleftBig', 'radicalbig' are not Adobe Glyph List names), so MuPDF reports such a
glyph by its code, and the maths stage reads the code in the standard cmex layout. Some
producers re-encode the font (publishers' pipelines, dvipdfmx-era subsets: the used glyphs
numbered from code 2 up) and name the glyphs in the /Encoding /Differences array; their
codes mean other glyphs in the standard layout (code 2 is a \\big[ there). This module maps
the codes of such fonts back to the standard positions (`latex_symbols.recode_cmex`).

Each font object is looked at once per document (the result is kept on the document, keyed
by xref), and only fonts of the cmex family have their encoding read.
"""
from __future__ import annotations

import re

import pymupdf

from ..text.latex_symbols import CMEX_BY_NAME, font_family, recode_cmex
from ..text.symbol_codes import font_encoding, from_symbol_codes
from .page_resources import page_fonts
from .text_dict import text_spans

_CACHE_ATTR = "_layoutpdf_cmex_recodes"
_DIFFERENCES = re.compile(r"/Differences\s*\[(.*?)\]", re.S)
_TOKEN = re.compile(r"\d+|/[^\s/\[\]<>()]+")
# MuPDF puts word spaces (code 32) into spans by itself, which cannot be told from a glyph
# at code 32: that code keeps its standard meaning (a Bigg parenthesis)
_SPACE = 0x20
_NAME_CHARS = 31      # MuPDF's font name buffer (fz_font.name[32])
# a span's font name this long may be cut (31 characters of the /BaseFont, a six-letter
# subset tag and its '+' included): its family cannot be told from what is left
_MAY_BE_CUT = _NAME_CHARS - 7


def recode_tex_fonts(page: pymupdf.Page, raw: dict) -> dict:
    """`raw` (a text dict of `page`) with the span text of re-encoded cmex-family fonts in
    standard cmex codes; spans of other fonts are left as they are. The page's font list
    is only read when a span's font may be of the cmex family."""
    if not any(font_family(f) == "cmex" or len(f) >= _MAY_BE_CUT
               for f in {span.get("font", "") for span in text_spans(raw)}):
        return raw
    recodes = _page_recodes(page)
    if not recodes:
        return raw
    for span in text_spans(raw):
        names = recodes.get(_span_name(span.get("font", "")))
        if names and "text" in span:
            span["text"] = recode_cmex(span["text"], names)
    return raw


def _base(fontname: str) -> str:
    return fontname.split("+", 1)[-1]


def _span_name(basefont: str) -> str:
    """The font name spans carry: MuPDF keeps 31 characters of the /BaseFont (subset tag
    included: 'IJJDKH+LMMathExtension10-Regular' -> 'LMMathExtension10-Regula')."""
    return _base(basefont[:_NAME_CHARS])


def _page_recodes(page: pymupdf.Page) -> dict[str, dict[int, str]]:
    """Font name (as spans give it) -> {code: glyph name} for the re-encoded codes of the
    page's cmex-family fonts. Two fonts of one name that disagree are not recoded."""
    doc = page.parent
    cache = getattr(doc, _CACHE_ATTR, None)
    if cache is None:
        cache = {}
        setattr(doc, _CACHE_ATTR, cache)
    try:
        fonts = page_fonts(doc, page)
    except Exception:   # a damaged resource dictionary: the codes stay as they are
        return {}
    out: dict[str, dict[int, str]] = {}
    conflicting: set[str] = set()
    for xref, _ext, _kind, basefont, *_ in fonts:
        if xref not in cache:
            cache[xref] = _font_recode(doc, xref) if font_family(basefont) == "cmex" else {}
        name, names = _span_name(basefont), cache[xref]
        if name in out and out[name] != names:
            conflicting.add(name)
        out.setdefault(name, names)
    return {k: v for k, v in out.items() if v and k not in conflicting}


def _font_recode(doc: pymupdf.Document, xref: int) -> dict[int, str]:
    """{code: glyph name} for the codes whose /Differences name is a cmex glyph kept at
    another code in the standard layout; {} when the font follows that layout."""
    names = _differences(doc, xref) or _extended_builtin(doc, xref)
    return {code: name for code, name in names.items()
            if code != _SPACE and CMEX_BY_NAME.get(name, code) != code}


_BUILTIN = re.compile(rb"dup\s+(\d+)\s*/([^\s/\[\]<>()]+)\s+put")
_CMEX_CODES = 128


def _extended_builtin(doc: pymupdf.Document, xref: int) -> dict[int, str]:
    """Glyph names at codes beyond cmex's 128 in the built-in encoding of an embedded Type 1
    font that has no /Encoding: newtx's and newpx's txexs extend the cmex layout with
    variants up there ('summationtext.1' at 205), which MuPDF reports by their bare code.
    The name, its variant suffix dropped, is the cmex glyph; codes below 128 keep their
    cmex meaning."""
    try:
        if doc.xref_get_key(xref, "Encoding")[0] != "null":
            return {}
        _name, ext, _kind, buf = doc.extract_font(xref)
    except Exception:   # no embedded program, or a damaged one: the codes stay as they are
        return {}
    if ext != "pfa" or not buf:
        return {}
    head = buf[:buf.find(b"eexec")] if b"eexec" in buf else buf[:20000]
    return {int(code): name.decode("latin-1").split(".", 1)[0]
            for code, name in _BUILTIN.findall(head) if int(code) >= _CMEX_CODES}


def _differences(doc: pymupdf.Document, xref: int) -> dict[int, str]:
    """The font's /Encoding /Differences as {code: glyph name}, {} if it has none."""
    try:
        kind, value = doc.xref_get_key(xref, "Encoding")
        if kind == "xref":
            value = doc.xref_object(int(value.split()[0]))
        elif kind != "dict":
            return {}
    except Exception:   # a damaged font dictionary: the codes stay as they are
        return {}
    found = _DIFFERENCES.search(value)
    names: dict[int, str] = {}
    code = 0
    for tok in _TOKEN.findall(found.group(1)) if found else ():
        if tok[0] == "/":
            names[code] = tok[1:]
            code += 1
        else:
            code = int(tok)
    return names


def read_symbol_codes(raw: dict) -> dict:
    """`raw` with the codes of symbol fonts (Word's Symbol bullet, U+F0B7) read through
    the encoding the font's name says (`text/symbol_codes.py`)."""
    for span in text_spans(raw):
        font = span.get("font", "")
        if font_encoding(font) is None:
            continue
        span["text"] = from_symbol_codes(span.get("text", ""), font)
        for ch in span.get("chars", ()):
            ch["c"] = from_symbol_codes(ch["c"], font)
    return raw
