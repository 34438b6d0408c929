"""TeX maths fonts read as raw character codes, and TeX's atom kinds.

Classic pdfTeX output often has no usable ToUnicode map for its maths fonts: PyMuPDF then
reports each glyph's raw code. The tables here map cmex (big operators, big delimiters,
radicals), cmsy, cmmi and cmr control-range codes to LaTeX, accept glyph names as a fallback
key, and put re-encoded cmex subsets and Adobe's private-use delimiter pieces back on the
standard codes. Pure data plus a few lookups; imports nothing of layoutpdf.
"""
from __future__ import annotations

import re

# ----------------------------------------------------------------------------------------
# atom kinds (TeX's math classes, simplified)
# ----------------------------------------------------------------------------------------
ORD, BIN, REL, OPEN, CLOSE, PUNCT, BIGOP, RADICAL, ACCENT = (
    "ord", "bin", "rel", "open", "close", "punct", "bigop", "radical", "accent")


# ----------------------------------------------------------------------------------------
# TeX math fonts read as raw codes
# ----------------------------------------------------------------------------------------
# cmex10: code -> (glyph name, latex, kind, height em, depth em). The reference point of every
# cmex glyph is at its top; the glyph hangs below the baseline (height ~0, depth = size).
_DELIMS = [("parenleft", "(", OPEN), ("parenright", ")", CLOSE), ("bracketleft", "[", OPEN),
           ("bracketright", "]", CLOSE), ("floorleft", r"\lfloor", OPEN),
           ("floorright", r"\rfloor", CLOSE), ("ceilingleft", r"\lceil", OPEN),
           ("ceilingright", r"\rceil", CLOSE), ("braceleft", r"\{", OPEN),
           ("braceright", r"\}", CLOSE), ("angbracketleft", r"\langle", OPEN),
           ("angbracketright", r"\rangle", CLOSE)]


def _cmex_delimiters(t: dict[int, tuple[str, str, str, float, float]]) -> None:
    for i, (name, tex, kind) in enumerate(_DELIMS):                      # 0x00..0x0B: big
        t[i] = (name + "big", tex, kind, 0.04, 1.16)
    t[0x0C] = ("vextendsingle", "|", ORD, 0.0, 0.6)
    t[0x0D] = ("vextenddouble", r"\|", ORD, 0.0, 0.6)
    t[0x0E] = ("slashbig", "/", ORD, 0.04, 1.16)
    t[0x0F] = ("backslashbig", r"\backslash", ORD, 0.04, 1.16)
    t[0x10] = ("parenleftBig", "(", OPEN, 0.04, 1.76)
    t[0x11] = ("parenrightBig", ")", CLOSE, 0.04, 1.76)
    for i, (name, tex, kind) in enumerate(_DELIMS):                      # 0x12..0x1D: bigg
        t[0x12 + i] = (name + "bigg", tex, kind, 0.04, 2.36)
    t[0x1E] = ("slashbigg", "/", ORD, 0.04, 2.36)
    t[0x1F] = ("backslashbigg", r"\backslash", ORD, 0.04, 2.36)
    for i, (name, tex, kind) in enumerate(_DELIMS):                      # 0x20..0x2B: Bigg
        t[0x20 + i] = (name + "Bigg", tex, kind, 0.04, 2.96)
    t[0x2C] = ("slashBigg", "/", ORD, 0.04, 2.96)
    t[0x2D] = ("backslashBigg", r"\backslash", ORD, 0.04, 2.96)
    t[0x2E] = ("slashBig", "/", ORD, 0.04, 1.76)
    t[0x2F] = ("backslashBig", r"\backslash", ORD, 0.04, 1.76)
    pieces = ["parenlefttp", "parenrighttp", "bracketlefttp", "bracketrighttp",
              "bracketleftbt", "bracketrightbt", "bracketleftex", "bracketrightex",
              "bracelefttp", "bracerighttp", "braceleftbt", "bracerightbt", "braceleftmid",
              "bracerightmid", "braceex", "arrowvertex", "parenleftbt", "parenrightbt",
              "parenleftex", "parenrightex"]
    for i, name in enumerate(pieces):                                    # 0x30..0x43: pieces
        tex = {"paren": "(", "bracket": "[", "brace": r"\{", "arrow": "|"}[
            re.match(r"paren|bracket|brace|arrow", name).group(0)]
        if "right" in name:
            tex = {"(": ")", "[": "]", r"\{": r"\}"}[tex]
        kind = OPEN if "left" in name else CLOSE if "right" in name else ORD
        t[0x30 + i] = (name, tex, kind, 0.0, 0.6 if name.endswith("ex") else 1.8)
    t[0x44] = ("angbracketleftBig", r"\langle", OPEN, 0.04, 1.76)
    t[0x45] = ("angbracketrightBig", r"\rangle", CLOSE, 0.04, 1.76)


def _cmex_operators(t: dict[int, tuple[str, str, str, float, float]]) -> None:
    ops = [("unionsq", r"\bigsqcup"), ("contintegral", r"\oint"), ("circledot", r"\bigodot"),
           ("circleplus", r"\bigoplus"), ("circlemultiply", r"\bigotimes")]
    for i, (name, tex) in enumerate(ops):                                # 0x46..0x4F
        deep = 2.22 if "integral" in name else 1.4
        t[0x46 + 2 * i] = (name + "text", tex, BIGOP, 0.0, 1.11 if "integral" in name else 1.0)
        t[0x47 + 2 * i] = (name + "display", tex, BIGOP, 0.0, deep)
    ops2 = [("summation", r"\sum"), ("product", r"\prod"), ("integral", r"\int"),
            ("union", r"\bigcup"), ("intersection", r"\bigcap"), ("unionmulti", r"\biguplus"),
            ("logicaland", r"\bigwedge"), ("logicalor", r"\bigvee")]
    for i, (name, tex) in enumerate(ops2):                               # 0x50..0x5F
        integral = name == "integral"
        t[0x50 + i] = (name + "text", tex, BIGOP, 0.0, 1.11 if integral else 1.0)
        t[0x58 + i] = (name + "display", tex, BIGOP, 0.0, 2.22 if integral else 1.4)
    t[0x60] = ("coproducttext", r"\coprod", BIGOP, 0.0, 1.0)
    t[0x61] = ("coproductdisplay", r"\coprod", BIGOP, 0.0, 1.4)
    for i, name in enumerate(["hatwide", "hatwider", "hatwidest"]):
        t[0x62 + i] = (name, r"\widehat", ACCENT, 0.75, 0.0)
    for i, name in enumerate(["tildewide", "tildewider", "tildewidest"]):
        t[0x65 + i] = (name, r"\widetilde", ACCENT, 0.75, 0.0)
    big2 = [("bracketleft", "[", OPEN), ("bracketright", "]", CLOSE),
            ("floorleft", r"\lfloor", OPEN), ("floorright", r"\rfloor", CLOSE),
            ("ceilingleft", r"\lceil", OPEN), ("ceilingright", r"\rceil", CLOSE),
            ("braceleft", r"\{", OPEN), ("braceright", r"\}", CLOSE)]
    for i, (name, tex, kind) in enumerate(big2):                         # 0x68..0x6F: Big
        t[0x68 + i] = (name + "Big", tex, kind, 0.04, 1.76)
    for i, (name, d) in enumerate([("radicalbig", 1.16), ("radicalBig", 1.76),
                                   ("radicalbigg", 2.36), ("radicalBigg", 2.96)]):
        t[0x70 + i] = (name, r"\sqrt", RADICAL, 0.04, d)
    t[0x74] = ("radicalbt", r"\sqrt", RADICAL, 0.0, 1.8)
    t[0x75] = ("radicalvertex", "", ORD, 0.0, 0.6)
    t[0x76] = ("radicaltp", "", ORD, 0.0, 0.6)
    t[0x77] = ("arrowvertexdbl", r"\|", ORD, 0.0, 0.6)


def _cmex_table() -> dict[int, tuple[str, str, str, float, float]]:
    t: dict[int, tuple[str, str, str, float, float]] = {}
    _cmex_delimiters(t)
    _cmex_operators(t)
    return t


CMEX: dict[int, tuple[str, str, str, float, float]] = _cmex_table()
CMEX_BY_NAME = {v[0]: k for k, v in CMEX.items()}

# cmsy10 raw codes that a ToUnicode map would never produce as these ASCII characters
CMSY_RAW: dict[str, tuple[str, str]] = {
    "\x00": ("-", BIN), "\x01": (r"\cdot", BIN), "\x02": (r"\times", BIN), "\x03": ("*", BIN),
    "\x04": (r"\div", BIN), "\x05": (r"\diamond", BIN), "\x06": (r"\pm", BIN),
    "\x07": (r"\mp", BIN), "\x08": (r"\oplus", BIN), "\x09": (r"\ominus", BIN),
    "\x0a": (r"\otimes", BIN), "\x0b": (r"\oslash", BIN), "\x0c": (r"\odot", BIN),
    "\x0d": (r"\bigcirc", BIN), "\x0e": (r"\circ", BIN), "\x0f": (r"\bullet", BIN),
    "\x10": (r"\asymp", REL), "\x11": (r"\equiv", REL), "\x12": (r"\subseteq", REL),
    "\x13": (r"\supseteq", REL), "\x14": (r"\leq", REL), "\x15": (r"\geq", REL),
    "\x16": (r"\preceq", REL), "\x17": (r"\succeq", REL), "\x18": (r"\sim", REL),
    "\x19": (r"\approx", REL), "\x1a": (r"\subset", REL), "\x1b": (r"\supset", REL),
    "\x1c": (r"\ll", REL), "\x1d": (r"\gg", REL), "\x1e": (r"\prec", REL), "\x1f": (r"\succ", REL),
    "0": (r"\prime", ORD), "1": (r"\infty", ORD), "2": (r"\in", REL), "3": (r"\ni", REL),
    "4": (r"\triangle", ORD), "5": (r"\triangledown", ORD), "6": (r"\not", REL),
    "7": (r"\mapstochar", REL), "8": (r"\forall", ORD), "9": (r"\exists", ORD),
    ":": (r"\neg", ORD), ";": (r"\emptyset", ORD), "<": (r"\Re", ORD), "=": (r"\Im", ORD),
    ">": (r"\top", ORD), "?": (r"\perp", ORD), "@": (r"\aleph", ORD), "[": (r"\cup", BIN),
    "]": (r"\uplus", BIN), "^": (r"\wedge", BIN), "_": (r"\vee", BIN), "`": (r"\vdash", REL),
    "a": (r"\dashv", REL), "b": (r"\lfloor", OPEN), "c": (r"\rfloor", CLOSE),
    "d": (r"\lceil", OPEN), "e": (r"\rceil", CLOSE), "f": (r"\{", OPEN), "g": (r"\}", CLOSE),
    "h": (r"\langle", OPEN), "i": (r"\rangle", CLOSE), "j": ("|", ORD), "k": (r"\|", ORD),
    "l": (r"\updownarrow", REL), "m": (r"\Updownarrow", REL), "n": (r"\backslash", ORD),
    "o": (r"\wr", BIN), "p": (r"\sqrt", RADICAL), "q": (r"\amalg", BIN), "r": (r"\nabla", ORD),
    "s": (r"\int", BIGOP), "t": (r"\sqcup", BIN), "u": (r"\sqcap", BIN),
    "v": (r"\sqsubseteq", REL), "w": (r"\sqsupseteq", REL), "x": (r"\S", ORD),
    "y": (r"\dagger", BIN), "z": (r"\ddagger", BIN), "{": (r"\P", ORD),
}
_CMMI_GREEK = [r"\Gamma", r"\Delta", r"\Theta", r"\Lambda", r"\Xi", r"\Pi", r"\Sigma",
               r"\Upsilon", r"\Phi", r"\Psi", r"\Omega", r"\alpha", r"\beta", r"\gamma",
               r"\delta", r"\epsilon", r"\zeta", r"\eta", r"\theta", r"\iota", r"\kappa",
               r"\lambda", r"\mu", r"\nu", r"\xi", r"\pi", r"\rho", r"\sigma", r"\tau",
               r"\upsilon", r"\phi", r"\chi", r"\psi", r"\omega", r"\varepsilon", r"\vartheta",
               r"\varpi", r"\varrho", r"\varsigma", r"\varphi"]
CMMI_RAW: dict[str, tuple[str, str]] = {chr(i): (t, ORD) for i, t in enumerate(_CMMI_GREEK)}
CMMI_RAW.update({"@": (r"\partial", ORD), "`": (r"\ell", ORD), "{": (r"\imath", ORD),
                 "|": (r"\jmath", ORD), "}": (r"\wp", ORD), "?": (r"\star", BIN),
                 "=": ("/", ORD), "~": (r"\vec", ACCENT), "\x7f": (r"\frown", REL)})
CMR_RAW: dict[str, tuple[str, str]] = {chr(i): (t, ORD) for i, t in enumerate(_CMMI_GREEK[:11])}

# glyph names (as PyMuPDF may report for unmapped glyphs) -> latex
GLYPH_NAMES: dict[str, str] = {v[0]: v[1] for v in CMEX.values() if v[1]}
GLYPH_NAMES.update({"minus": "-", "periodcentered": r"\cdot", "multiply": r"\times",
                    "lessequal": r"\leq", "greaterequal": r"\geq", "infinity": r"\infty",
                    "element": r"\in", "partialdiff": r"\partial", "nabla": r"\nabla",
                    "radical": r"\sqrt", "prime": r"\prime", "arrowright": r"\to",
                    "plusminus": r"\pm", "similar": r"\sim", "proportional": r"\propto",
                    "approxequal": r"\approx", "equivalence": r"\equiv", "notequal": r"\neq",
                    "universal": r"\forall", "existential": r"\exists", "emptyset": r"\emptyset",
                    "lscript": r"\ell", "bardbl": r"\|", "bar": "|"})

def recode_cmex(text: str, glyph_names: dict[int, str]) -> str:
    """Re-encoded cmex subsets (dvipdfmx, some publishers) number their glyphs freely and
    name them in the font's /Encoding /Differences; map such codes back to the standard
    cmex positions this module's tables use (code 4 named 'integraltext' -> 0x52)."""
    out = []
    for c in text:
        code = CMEX_BY_NAME.get(glyph_names.get(ord(c), ""))
        out.append(chr(code) if code is not None else c)
    return "".join(out)


# Adobe's private-use code points for extensible-delimiter pieces (the Adobe Glyph List
# maps cmex's glyph names 'bracketlefttp' ... to them when a font has no ToUnicode entry)
_ADOBE_PIECES = dict(zip(range(0xF8EB, 0xF8FF), (
    "parenlefttp", "parenleftex", "parenleftbt", "bracketlefttp", "bracketleftex",
    "bracketleftbt", "bracelefttp", "braceleftmid", "braceleftbt", "braceex", "integralex",
    "parenrighttp", "parenrightex", "parenrightbt", "bracketrighttp", "bracketrightex",
    "bracketrightbt", "bracerighttp", "bracerightmid", "bracerightbt")))
_ADOBE_PIECES[0xF8E6] = "arrowvertex"


def recode_adobe_pieces(text: str) -> str:
    """Delimiter pieces read as Adobe private-use characters (U+F8EE 'bracketlefttp')
    -> the standard cmex codes this module's tables use."""
    if not any("\uf8e6" <= c <= "\uf8fe" for c in text):
        return text
    return "".join(chr(CMEX_BY_NAME[n]) if (n := _ADOBE_PIECES.get(ord(c))) in CMEX_BY_NAME
                   else c for c in text)


def cmex_extent(ch: str) -> tuple[float, float] | None:
    """(height, depth) in em of a raw-coded cmex glyph, None if not a cmex code."""
    v = CMEX.get(ord(ch)) if len(ch) == 1 else None
    return (v[3], v[4]) if v else None


# big operators a cmex-family font with a ToUnicode map names by their Unicode character
# (newtx's txexs: code 0x58, the display summation, is U+2211 + U+FE01)
_UNICODE_BIG_OPS = {"\u2211": "summationdisplay", "\u220f": "productdisplay",
                    "\u2210": "coproductdisplay", "\u222b": "integraldisplay",
                    "\u222e": "contintegraldisplay", "\u22c3": "uniondisplay",
                    "\u22c2": "intersectiondisplay", "\u2a04": "unionmultidisplay",
                    "\u22c0": "logicalanddisplay", "\u22c1": "logicalordisplay",
                    "\u2a00": "circledotdisplay", "\u2a01": "circleplusdisplay",
                    "\u2a02": "circlemultiplydisplay", "\u2a06": "unionsqdisplay"}


def recode_unicode_big_ops(text: str) -> str:
    """Big operators of a cmex-family font read as Unicode -> their cmex display codes. The
    glyph is still the extension font's: it hangs from its origin like every cmex glyph,
    whatever character the font's map names it by; the size variant the map does not tell
    (text and display sizes share a code point), and TeX's displays set the display one."""
    if not any(c in _UNICODE_BIG_OPS for c in text):
        return text
    return "".join(chr(CMEX_BY_NAME[_UNICODE_BIG_OPS[c]]) if c in _UNICODE_BIG_OPS else c
                   for c in text)
