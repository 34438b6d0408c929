"""Characters of symbol fonts that a text layer reports as private-use code points.

An office suite that embeds a symbol-encoded font (Symbol, Wingdings: a TrueType font
whose only cmap is Microsoft's "symbol" cmap) writes each glyph's code `c` as U+F000 + c,
and its ToUnicode map says the same: Word's list bullet, the Symbol font's code 0xB7,
reads as U+F0B7, its Greek mu as U+F06D, a cover page's check boxes as U+F078 and U+F0A8.
No reader knows what such a code point means; the font's own encoding does. This module
reads the code back through the encoding its font names (the Adobe Symbol encoding for
Symbol, the chart of Wingdings for its bullets and boxes); a code of a font that names
no known encoding is left as it is (a line that opens with one is a list item:
elements/line_kinds.BULLET_CHARS).
"""
from __future__ import annotations

import re
from functools import lru_cache

from .math_font_names import base_font_name

SYMBOL_CODES = re.compile("[\uf020-\uf0ff]")

# The Adobe Symbol encoding, code -> character: what MuPDF reads for the standard Symbol
# font (tests/test_symbol_codes.py checks it against MuPDF). The serif and sans-serif
# registered, copyright and trademark signs, which the Adobe Glyph List names by
# private-use code points, are the ordinary signs; the pieces of extensible brackets keep
# Adobe's private-use code points, which the maths stage reads (text/tex_font_codes.py).
_ADOBE_SYMBOL = dict(zip(range(0x20, 0x7F), (
    " !\u2200#\u2203%&\u220b()\u2217+,\u2212./0123456789:;<=>?"
    "\u2245\u0391\u0392\u03a7\u2206\u0395\u03a6\u0393\u0397\u0399\u03d1\u039a\u039b\u039c"
    "\u039d\u039f\u03a0\u0398\u03a1\u03a3\u03a4\u03a5\u03c2\u2126\u039e\u03a8\u0396"
    "[\u2234]\u22a5_\uf8e5\u03b1\u03b2\u03c7\u03b4\u03b5\u03c6\u03b3\u03b7\u03b9\u03d5"
    "\u03ba\u03bb\u00b5\u03bd\u03bf\u03c0\u03b8\u03c1\u03c3\u03c4\u03c5\u03d6\u03c9\u03be"
    "\u03c8\u03b6{|}\u223c")))
_ADOBE_SYMBOL.update(zip(range(0xA0, 0xFF), (
    "\u20ac\u03d2\u2032\u2264\u2044\u221e\u0192\u2663\u2666\u2665\u2660\u2194\u2190\u2191"
    "\u2192\u2193\u00b0\u00b1\u2033\u2265\u00d7\u221d\u2202\u2022\u00f7\u2260\u2261\u2248"
    "\u2026\uf8e6\uf8e7\u21b5\u2135\u2111\u211c\u2118\u2297\u2295\u2205\u2229\u222a\u2283"
    "\u2287\u2284\u2282\u2286\u2208\u2209\u2220\u2207\u00ae\u00a9\u2122\u220f\u221a\u22c5"
    "\u00ac\u2227\u2228\u21d4\u21d0\u21d1\u21d2\u21d3\u25ca\u2329\u00ae\u00a9\u2122\u2211"
    "\uf8eb\uf8ec\uf8ed\uf8ee\uf8ef\uf8f0\uf8f1\uf8f2\uf8f3\uf8f4\u00f0\u232a\u222b\u2320"
    "\uf8f5\u2321\uf8f6\uf8f7\uf8f8\uf8f9\uf8fa\uf8fb\uf8fc\uf8fd\uf8fe")))

# Wingdings: the glyphs word processors offer as list bullets, and the boxes of a form's
# check boxes, read as ballot boxes (0x6F and 0xA8 empty, 0x78, the boxed X, ticked:
# filings' cover pages set them so); the rest of the chart, pictographs, stays as it is
_WINGDINGS = {
    0x6C: "\u25cf", 0x6E: "\u25a0", 0x6F: "\u2610", 0x71: "\u2751", 0x75: "\u25c6",
    0x76: "\u2756", 0x77: "\u2b25", 0x78: "\u2612", 0xA7: "\u25aa", 0xA8: "\u2610",
    0xD8: "\u27a2", 0xFC: "\u2713", 0xFD: "\u2612", 0xFE: "\u2611",
}

# a font's name -> its encoding; Wingdings has no letters, so a Latin-1 character its
# text layer reports ('x', '\u00a8', '\u00fe' on filings' cover pages) is the glyph's code
# too (Wingdings 2 and 3 have charts of their own, not read here)
_ENCODINGS = ((re.compile(r"^symbol(?:mt)?(?:[-,]|$)"), _ADOBE_SYMBOL, SYMBOL_CODES),
              (re.compile(r"^wingdings(?:-regular)?(?:[-,]|$)"), _WINGDINGS,
               re.compile("[\x21-\xff\uf020-\uf0ff]")))


@lru_cache(maxsize=1024)
def _encoding(fontname: str) -> tuple[dict[int, str], re.Pattern] | None:
    name = base_font_name(fontname).replace(" ", "").lower()
    for named, table, codes in _ENCODINGS:
        if named.match(name):
            return table, codes
    return None


def font_encoding(fontname: str) -> dict[int, str] | None:
    """The encoding a symbol font's name says it has ('SymbolMT', 'ABCDEF+Symbol',
    'Wingdings-Regular'), or None."""
    found = _encoding(fontname)
    return found[0] if found else None


def from_symbol_codes(text: str, fontname: str) -> str:
    """`text` of a span in font `fontname` with its symbol codes read through the font's
    encoding; codes the encoding has no character for stay."""
    found = _encoding(fontname)
    if found is None:
        return text
    table, codes = found
    return codes.sub(lambda m: table.get(ord(m.group()) & 0xFF, m.group()), text)
