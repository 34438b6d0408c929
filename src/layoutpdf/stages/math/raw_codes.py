"""Whether a TeX symbol font (cmsy family) reads as Unicode or as its raw codes.

A cmsy font without a usable encoding reads as its raw codes: code 0x7B is the pilcrow
(\\P) and the set braces are 'f' and 'g'. A font that maps its glyphs to Unicode (Latin
Modern, and the Type 1 CM fonts through their glyph names) reads '{' for the brace. The
same '{' means either, so the other characters of those fonts in the formula decide: a
raw code beside it (a control character, a letter or digit standing for a symbol) says
raw; anything else — a closing '}', Unicode symbols, or '{' alone, far more often a brace
than a pilcrow in maths — says Unicode."""
from __future__ import annotations

from typing import Sequence

from ...model.content import Span
from ...text import latex_symbols as sym

_PILCROW_CODE = "{"


def brace_not_pilcrow(spans: Sequence[Span]) -> bool:
    """True when a '{' in these spans' cmsy-family fonts is the set brace."""
    return not any(c in sym.CMSY_RAW and c != _PILCROW_CODE and c != " "
                   for s in spans if sym.font_family(s.font) == "cmsy" for c in s.text)


_LETTER_FAMILIES = frozenset({"cmmi", "cmmib"})


def tex_fonts_unicode(spans: Sequence[Span]) -> bool:
    """True when the formula's TeX maths fonts carry a ToUnicode map (newtxmath, newpxmath:
    NewTXMI letters under txmi names): a letter font that gives Mathematical Alphanumeric
    Symbols (U+1D44B for x) was named by such a map, as raw codes and Adobe glyph names
    give ASCII letters. The sibling fonts of the set are then read as Unicode too: their
    '=' and '[' are themselves, not cmmi's slash and cmsy's union at those codes."""
    return any(0x1D400 <= ord(c) <= 0x1D7FF for s in spans
               if sym.font_family(s.font) in _LETTER_FAMILIES for c in s.text)
