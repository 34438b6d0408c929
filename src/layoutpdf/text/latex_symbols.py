"""Unicode / TeX-font glyph -> LaTeX tables for the math serializer.

Pure data plus a few lookups; imports nothing of layoutpdf. Three sources of truth meet here:

* Unicode math characters (what PyMuPDF reports when the PDF font has a usable ToUnicode
  map or standard glyph names): Greek, operators, relations, arrows, the Mathematical
  Alphanumeric Symbols block, letterlike symbols, combining and spacing accents.
* TeX math fonts without a usable map (classic pdfTeX output): PyMuPDF then reports the raw
  character code. CMEX (big operators, big delimiters, radicals) is the common case; CMSY and
  CMMI control-range codes are mapped too. Glyph names are accepted as a fallback key.
* Font-name signals: ``is_math_font`` tells math fonts (CMMI, CMSY, CMEX, LMMath*, STIX Math,
  Cambria Math, ...) from text fonts.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# ----------------------------------------------------------------------------------------
# atom kinds (TeX's math classes, simplified)
# ----------------------------------------------------------------------------------------
ORD, BIN, REL, OPEN, CLOSE, PUNCT, BIGOP, RADICAL, ACCENT = (
    "ord", "bin", "rel", "open", "close", "punct", "bigop", "radical", "accent")

GREEK: dict[str, str] = {
    "α": r"\alpha", "β": r"\beta", "γ": r"\gamma", "δ": r"\delta", "ε": r"\varepsilon",
    "ϵ": r"\epsilon", "ζ": r"\zeta", "η": r"\eta", "θ": r"\theta", "ϑ": r"\vartheta",
    "ι": r"\iota", "κ": r"\kappa", "ϰ": r"\varkappa", "λ": r"\lambda", "μ": r"\mu", "µ": r"\mu",
    "ν": r"\nu", "ξ": r"\xi", "ο": "o", "π": r"\pi", "ϖ": r"\varpi", "ρ": r"\rho",
    "ϱ": r"\varrho", "σ": r"\sigma", "ς": r"\varsigma", "τ": r"\tau", "υ": r"\upsilon",
    "ϕ": r"\phi", "φ": r"\varphi", "χ": r"\chi", "ψ": r"\psi", "ω": r"\omega",
    "Γ": r"\Gamma", "Δ": r"\Delta", "∆": r"\Delta", "Θ": r"\Theta", "Λ": r"\Lambda",
    "Ξ": r"\Xi", "Π": r"\Pi", "Σ": r"\Sigma", "Υ": r"\Upsilon", "ϒ": r"\Upsilon",
    "Φ": r"\Phi", "Ψ": r"\Psi", "Ω": r"\Omega", "Ω": r"\Omega",
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M",
    "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Χ": "X",
    "\u2126": r"\Omega",          # OHM SIGN, used for capital omega by some math fonts
}

# (latex, kind)
SYMBOLS: dict[str, tuple[str, str]] = {
    # big operators
    "∑": (r"\sum", BIGOP), "∏": (r"\prod", BIGOP), "∐": (r"\coprod", BIGOP),
    "∫": (r"\int", BIGOP), "∬": (r"\iint", BIGOP), "∭": (r"\iiint", BIGOP),
    "∮": (r"\oint", BIGOP), "⋃": (r"\bigcup", BIGOP), "⋂": (r"\bigcap", BIGOP),
    "⋁": (r"\bigvee", BIGOP), "⋀": (r"\bigwedge", BIGOP), "⨁": (r"\bigoplus", BIGOP),
    "⨂": (r"\bigotimes", BIGOP), "⨀": (r"\bigodot", BIGOP), "⨄": (r"\biguplus", BIGOP),
    "⨆": (r"\bigsqcup", BIGOP),
    "√": (r"\sqrt", RADICAL), "∛": (r"\sqrt[3]", RADICAL), "∜": (r"\sqrt[4]", RADICAL),
    # binary operators
    "+": ("+", BIN), "-": ("-", BIN), "−": ("-", BIN), "–": ("-", BIN), "±": (r"\pm", BIN),
    "∓": (r"\mp", BIN), "×": (r"\times", BIN), "÷": (r"\div", BIN), "·": (r"\cdot", BIN),
    "⋅": (r"\cdot", BIN), "∙": (r"\bullet", BIN), "•": (r"\bullet", BIN), "∘": (r"\circ", BIN),
    "∗": ("*", BIN), "*": ("*", BIN), "⋆": (r"\star", BIN), "∪": (r"\cup", BIN),
    "∩": (r"\cap", BIN), "∧": (r"\wedge", BIN), "∨": (r"\vee", BIN), "⊕": (r"\oplus", BIN),
    "⊖": (r"\ominus", BIN), "⊗": (r"\otimes", BIN), "⊙": (r"\odot", BIN), "⊘": (r"\oslash", BIN),
    "∖": (r"\setminus", BIN), "⊎": (r"\uplus", BIN), "⊓": (r"\sqcap", BIN), "⊔": (r"\sqcup", BIN),
    "†": (r"\dagger", BIN), "‡": (r"\ddagger", BIN), "≀": (r"\wr", BIN), "⋄": (r"\diamond", BIN),
    "△": (r"\triangle", ORD), "▽": (r"\triangledown", ORD),
    # relations
    "=": ("=", REL), "<": ("<", REL), ">": (">", REL), "≤": (r"\leq", REL), "≥": (r"\geq", REL),
    "⩽": (r"\leqslant", REL), "⩾": (r"\geqslant", REL), "≦": (r"\leqq", REL), "≧": (r"\geqq", REL),
    "≠": (r"\neq", REL), "≈": (r"\approx", REL), "≡": (r"\equiv", REL), "∼": (r"\sim", REL),
    "≃": (r"\simeq", REL), "≅": (r"\cong", REL), "∝": (r"\propto", REL), "≪": (r"\ll", REL),
    "≫": (r"\gg", REL), "≺": (r"\prec", REL), "≻": (r"\succ", REL), "⪯": (r"\preceq", REL),
    "⪰": (r"\succeq", REL), "∈": (r"\in", REL), "∉": (r"\notin", REL), "∋": (r"\ni", REL),
    "⊂": (r"\subset", REL), "⊆": (r"\subseteq", REL), "⊃": (r"\supset", REL),
    "⊇": (r"\supseteq", REL), "⊊": (r"\subsetneq", REL), "⊄": (r"\not\subset", REL),
    "⊏": (r"\sqsubset", REL), "⊑": (r"\sqsubseteq", REL), "⊒": (r"\sqsupseteq", REL),
    "≐": (r"\doteq", REL), "≜": (r"\triangleq", REL), "≍": (r"\asymp", REL),
    "⊢": (r"\vdash", REL), "⊣": (r"\dashv", REL), "⊨": (r"\models", REL), "∣": (r"\mid", REL),
    "∤": (r"\nmid", REL), "∥": (r"\|", ORD), "‖": (r"\|", ORD), "⊥": (r"\perp", REL),
    "⊤": (r"\top", ORD), "≔": (":=", REL), "≺": (r"\prec", REL),
    "→": (r"\to", REL), "←": (r"\leftarrow", REL), "↔": (r"\leftrightarrow", REL),
    "⇒": (r"\Rightarrow", REL), "⇐": (r"\Leftarrow", REL), "⇔": (r"\Leftrightarrow", REL),
    "⟶": (r"\longrightarrow", REL), "⟵": (r"\longleftarrow", REL), "⟹": (r"\Longrightarrow", REL),
    "⟸": (r"\Longleftarrow", REL), "⟺": (r"\iff", REL), "↦": (r"\mapsto", REL),
    "⟼": (r"\longmapsto", REL), "↑": (r"\uparrow", REL), "↓": (r"\downarrow", REL),
    "⇑": (r"\Uparrow", REL), "⇓": (r"\Downarrow", REL), "↗": (r"\nearrow", REL),
    "↘": (r"\searrow", REL), "↪": (r"\hookrightarrow", REL), "⇀": (r"\rightharpoonup", REL),
    "⇌": (r"\rightleftharpoons", REL),
    # delimiters
    "(": ("(", OPEN), ")": (")", CLOSE), "[": ("[", OPEN), "]": ("]", CLOSE),
    "{": (r"\{", OPEN), "}": (r"\}", CLOSE), "⟨": (r"\langle", OPEN), "⟩": (r"\rangle", CLOSE),
    "〈": (r"\langle", OPEN), "〉": (r"\rangle", CLOSE), "⌊": (r"\lfloor", OPEN),
    "⌋": (r"\rfloor", CLOSE), "⌈": (r"\lceil", OPEN), "⌉": (r"\rceil", CLOSE), "|": ("|", ORD),
    "⟦": (r"\llbracket", OPEN), "⟧": (r"\rrbracket", CLOSE),
    # punctuation
    ",": (",", PUNCT), ";": (";", PUNCT), ":": (":", REL), "!": ("!", ORD), ".": (".", ORD),
    "/": ("/", ORD), "\\": (r"\backslash", ORD), "'": ("'", ORD), "?": ("?", ORD),
    # ordinary symbols
    "∞": (r"\infty", ORD), "∂": (r"\partial", ORD), "∇": (r"\nabla", ORD), "¬": (r"\neg", ORD),
    "∀": (r"\forall", ORD), "∃": (r"\exists", ORD), "∄": (r"\nexists", ORD),
    "∅": (r"\emptyset", ORD), "ø": (r"\emptyset", ORD), "⌀": (r"\varnothing", ORD),
    "ℓ": (r"\ell", ORD), "ℏ": (r"\hbar", ORD), "ħ": (r"\hbar", ORD), "℘": (r"\wp", ORD),
    "ℑ": (r"\Im", ORD), "ℜ": (r"\Re", ORD), "ℵ": (r"\aleph", ORD), "ℶ": (r"\beth", ORD),
    "ı": (r"\imath", ORD), "ȷ": (r"\jmath", ORD), "∠": (r"\angle", ORD), "°": (r"^{\circ}", ORD),
    "⋯": (r"\cdots", ORD), "…": (r"\ldots", ORD), "⋮": (r"\vdots", ORD), "⋱": (r"\ddots", ORD),
    "′": (r"\prime", ORD), "″": (r"\prime\prime", ORD), "‴": (r"\prime\prime\prime", ORD),
    "♯": (r"\sharp", ORD), "♭": (r"\flat", ORD), "♮": (r"\natural", ORD), "★": (r"\bigstar", ORD),
    "□": (r"\square", ORD), "■": (r"\blacksquare", ORD), "∎": (r"\blacksquare", ORD),
    "§": (r"\S", ORD), "¶": (r"\P", ORD), "♣": (r"\clubsuit", ORD), "♢": (r"\diamondsuit", ORD),
    "♡": (r"\heartsuit", ORD), "♠": (r"\spadesuit", ORD), "%": (r"\%", ORD), "#": (r"\#", ORD),
    "&": (r"\&", ORD), "$": (r"\$", ORD), "_": (r"\_", ORD), "~": (r"\sim", REL), "^": (r"\wedge", BIN),
}

PRIMES = {"′": 1, "″": 2, "‴": 3, "'": 1}

# \not + relation (TeX overlays a negation slash; Unicode uses U+0338 or a precomposed sign)
NEGATED: dict[str, str] = {"=": r"\neq", "<": r"\nless", ">": r"\ngtr", r"\leq": r"\nleq",
                           r"\geq": r"\ngeq", r"\in": r"\notin", r"\sim": r"\nsim",
                           r"\equiv": r"\not\equiv", r"\subset": r"\not\subset",
                           r"\subseteq": r"\nsubseteq", r"\mid": r"\nmid",
                           r"\approx": r"\not\approx", r"\simeq": r"\not\simeq",
                           r"\cong": r"\ncong", r"\parallel": r"\nparallel"}
NEGATION_SLASH = "\u0338"

# superscript / subscript code points (x² typed as a character)
SUPERSCRIPT_CHARS = dict(zip("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱ", "0123456789+-=()ni"))
SUBSCRIPT_CHARS = dict(zip("₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₒₓₕₖₗₘₙₚₛₜᵢⱼ", "0123456789+-=()aeoxhklmnpstij"))

# combining marks -> accent command
COMBINING_ACCENTS: dict[str, str] = {
    "\u0302": r"\hat", "\u0304": r"\bar", "\u0305": r"\overline", "\u0307": r"\dot",
    "\u0308": r"\ddot", "\u20d7": r"\vec", "\u20d1": r"\vec", "\u0303": r"\tilde",
    "\u030c": r"\check", "\u0306": r"\breve", "\u0301": r"\acute", "\u0300": r"\grave",
    "\u030a": r"\mathring", "\u20db": r"\dddot",
}
# spacing accents as TeX typesets them (a separate glyph above the accentee)
SPACING_ACCENTS: dict[str, str] = {
    "ˆ": r"\hat", "^": r"\hat", "˜": r"\tilde", "~": r"\tilde", "¯": r"\bar", "ˉ": r"\bar",
    "˙": r"\dot", "¨": r"\ddot", "ˇ": r"\check", "˘": r"\breve", "´": r"\acute",
    "`": r"\grave", "˚": r"\mathring", "→": r"\vec", "⃗": r"\vec", "\u20d7": r"\vec",
}

FUNCTION_NAMES = frozenset(
    "arccos arcsin arctan arg cos cosh cot coth csc deg det dim exp gcd hom inf ker lg lim "
    "liminf limsup ln log max min Pr sec sin sinh sup tan tanh".split())
# operators whose limits TeX sets below/above in display style
LIMIT_FUNCTIONS = frozenset("det gcd inf lim liminf limsup max min Pr sup".split())

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

# ----------------------------------------------------------------------------------------
# font-name signals
# ----------------------------------------------------------------------------------------
_MATH_FONT_RX = re.compile(
    r"^(cmmi|cmmib|cmsy|cmbsy|cmex|msam|msbm|eufm|eufb|eusm|eusb|rsfs|mtmi|mtsy|mtex|mt2mit|"
    r"r?txmi|r?txsy|txex|r?pxmi|pxsy|pxex|zxmi|zxsy|ntxmi|ntxsy|ntxex|newtxmi|newtxbmi|"
    r"ntxbmi|txbmi|pxbmi|stmary|wasy|esint|dsrom|bbm|bbold|"
    r"lmmathitalic|lmmathsymbols|lmmathextension|symbol|mathematicalpi|euclid|mathtime)"
    r"|math|rsfs|msbm|msam|cambria.?math|stix.*(math|integrals|sizes|variants|nonuni)",
    re.I)
_SUBSET_RX = re.compile(r"^[A-Z]{6}\+")


@lru_cache(maxsize=4096)
def base_font_name(fontname: str) -> str:
    """Font name without the 6-letter subset prefix ('ABCDEF+CMMI10' -> 'CMMI10')."""
    return _SUBSET_RX.sub("", fontname or "")


@lru_cache(maxsize=4096)
def is_math_font(fontname: str) -> bool:
    """True for fonts that only math uses: TeX math fonts (CMMI, CMSY, CMEX, AMS, LM Math,
    mathtime), OpenType math fonts (Cambria Math, STIX Two Math, Latin Modern Math,
    TeX Gyre * Math), Symbol. Text fonts that merely contain Greek do not count."""
    name = base_font_name(fontname)
    return bool(name) and bool(_MATH_FONT_RX.search(name.replace(" ", "")))


_SYMBOL_FONT_RX = re.compile(r"^(opensymbol|symbol(mt)?|standardsym|mtextra|euclidsymbol|"
                             r"mathematicalpi|universalmath|wingdings)", re.I)


@lru_cache(maxsize=4096)
def is_symbol_font(fontname: str) -> bool:
    """Symbol fonts that office suites set formula operators in (LibreOffice Math:
    OpenSymbol; Word's equation editor 3: Symbol, MT Extra). Their letters and digits
    come from the text font, and lists take bullets from them too: a signal that a
    character is maths, not a maths font."""
    return bool(_SYMBOL_FONT_RX.search(base_font_name(fontname).replace(" ", "")))


@lru_cache(maxsize=4096)
def font_family(fontname: str) -> str:
    """Coarse TeX family of a font: 'cmex', 'cmsy', 'cmmi', 'msbm', 'eufm', 'rsfs', 'cmr'
    (any TeX text roman), 'bold' (TeX bold text), or '' (anything else)."""
    n = base_font_name(fontname).lower().replace(" ", "")
    # Times and Palatino TeX maths (txfonts, pxfonts, newtx, mathtime) keep cm's layouts
    if "cmex" in n or "mathextension" in n or n.startswith(("txex", "pxex", "mtex", "esint",
                                                             "ntxex", "zxex")):
        return "cmex"
    # blackboard letters: mathpazo's PazoMathBlackboardBold, txfonts' and pxfonts'
    # symbol font B (their msbm)
    if "blackboard" in n or n.startswith(("txsyb", "pxsyb", "rtxsyb", "rpxsyb")):
        return "msbm"
    if "cmsy" in n or "cmbsy" in n or "mathsymbols" in n or n.startswith(
            ("txsy", "pxsy", "mtsy", "rtxsy", "ntxsy", "zxsy")):
        return "cmsy"
    if "cmmi" in n or "mathitalic" in n or n.startswith(
            ("txmi", "pxmi", "mtmi", "rtxmi", "rpxmi", "ntxmi", "newtxmi", "zxmi")):
        return "cmmib" if ("cmmib" in n or "bold" in n) else "cmmi"
    if n.startswith(("newtxbmi", "ntxbmi", "txbmi", "pxbmi", "rtxbmi", "rpxbmi")):
        return "cmmib"
    if n.startswith(("msbm", "bbold", "dsrom", "bbm")):
        return "msbm"
    if n.startswith(("eufm", "eufb")):
        return "eufm"
    if n.startswith("rsfs"):
        return "rsfs"
    if n.startswith(("cmbx", "cmb10")) or ("lmroman" in n and "bold" in n and "italic" not in n):
        return "bold"
    if n.startswith(("cmr", "lmroman", "sfrm", "ecrm")) and "caps" not in n:
        return "cmr"
    return ""


# ----------------------------------------------------------------------------------------
# character lookups
# ----------------------------------------------------------------------------------------
_ALPHA_STYLES = [("BOLD ITALIC", r"\boldsymbol"), ("BOLD SCRIPT", r"\mathcal"),
                 ("BOLD FRAKTUR", r"\mathfrak"), ("SANS-SERIF BOLD ITALIC", r"\boldsymbol"),
                 ("SANS-SERIF BOLD", r"\mathbf"), ("SANS-SERIF ITALIC", r"\mathsf"),
                 ("SANS-SERIF", r"\mathsf"), ("BOLD", r"\mathbf"), ("ITALIC", ""),
                 ("SCRIPT", r"\mathcal"), ("FRAKTUR", r"\mathfrak"),
                 ("DOUBLE-STRUCK ITALIC", r"\mathbb"), ("DOUBLE-STRUCK", r"\mathbb"),
                 ("MONOSPACE", r"\mathtt")]
_LETTERLIKE = {"ℂ": r"\mathbb{C}", "ℍ": r"\mathbb{H}", "ℕ": r"\mathbb{N}", "ℙ": r"\mathbb{P}",
               "ℚ": r"\mathbb{Q}", "ℝ": r"\mathbb{R}", "ℤ": r"\mathbb{Z}", "ℎ": "h",
               "ℬ": r"\mathcal{B}", "ℰ": r"\mathcal{E}", "ℱ": r"\mathcal{F}", "ℋ": r"\mathcal{H}",
               "ℐ": r"\mathcal{I}", "ℒ": r"\mathcal{L}", "ℳ": r"\mathcal{M}", "ℛ": r"\mathcal{R}",
               "ℯ": "e", "ℊ": "g", "ℴ": "o", "ℭ": r"\mathfrak{C}", "ℌ": r"\mathfrak{H}",
               "ℨ": r"\mathfrak{Z}", "ⅅ": r"\mathbb{D}", "ⅆ": "d", "ⅇ": "e", "ⅈ": "i"}
# small letters only: the capital's name ends in the same word ('GREEK CAPITAL LETTER
# LAMDA'); capitals are made from the small form in _alnum_word
_GREEK_NAMES = {unicodedata.name(c).split()[-1].lower(): t for c, t in GREEK.items()
                if t.startswith("\\") and "SMALL LETTER" in unicodedata.name(c, "")
                and "FINAL" not in unicodedata.name(c, "") and c not in "εφ"}
_GREEK_NAMES.update({"epsilon": r"\varepsilon", "phi": r"\varphi"})
_GREEK_SYMBOL_FORMS = {"epsilon": r"\epsilon", "theta": r"\vartheta", "phi": r"\phi",
                       "rho": r"\varrho", "pi": r"\varpi", "kappa": r"\varkappa"}
_DIGITS = ["ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"]


def _alnum_word(case: str | None, base: str, symbol: bool) -> str | None:
    if case == "DIGIT":
        return str(_DIGITS.index(base)) if base in _DIGITS else None
    if len(base) == 1:
        return base if case == "CAPITAL" else base.lower()
    key = base.lower()
    if symbol:
        return _GREEK_SYMBOL_FORMS.get(key)
    word = _GREEK_NAMES.get(key)
    if word is None:
        return None
    if case == "CAPITAL":
        word = "\\" + word[1:].capitalize()
    return word


def math_alphanumeric(ch: str) -> str | None:
    """LaTeX for a character of the Mathematical Alphanumeric Symbols block (U+1D400..)
    or a letterlike symbol (ℝ, ℒ, ...); None for anything else."""
    if ch in _LETTERLIKE:
        return _LETTERLIKE[ch]
    if not 0x1D400 <= ord(ch) <= 0x1D7FF:
        return None
    name = unicodedata.name(ch, "")
    if name.endswith("NABLA"):
        return r"\nabla"
    if name.endswith("PARTIAL DIFFERENTIAL"):
        return r"\partial"
    m = re.match(r"MATHEMATICAL (.+?) (?:(CAPITAL|SMALL|DIGIT) )?(\w+)( SYMBOL)?$", name)
    if not m:
        return None
    style, case, base, symbol = m.groups()
    word = _alnum_word(case, base, bool(symbol))
    if word is None:
        return None
    if case == "CAPITAL" and word.startswith("\\") and word[1:] in ("Alpha", "Beta", "Epsilon",
            "Zeta", "Eta", "Iota", "Kappa", "Mu", "Nu", "Omicron", "Rho", "Tau", "Chi"):
        word = {"Alpha": "A", "Beta": "B", "Epsilon": "E", "Zeta": "Z", "Eta": "H", "Iota": "I",
                "Kappa": "K", "Mu": "M", "Nu": "N", "Omicron": "O", "Rho": "P", "Tau": "T",
                "Chi": "X"}[word[1:]]
    for prefix, cmd in _ALPHA_STYLES:
        if style == prefix:
            if not cmd:
                return word
            if cmd != r"\mathbf" and cmd != r"\boldsymbol" and word.startswith("\\"):
                return word          # no \mathbb{\alpha}: keep the Greek letter
            if cmd == r"\mathbf" and word.startswith("\\"):
                cmd = r"\boldsymbol"
            return f"{cmd}{{{word}}}"
    return word


@lru_cache(maxsize=8192)
def is_math_char(ch: str) -> bool:
    """True for characters that only occur in math: Greek, operators, relations, arrows,
    math alphanumerics, letterlike symbols, primes, combining accents."""
    if not ch:
        return False
    if ch in GREEK and ch not in "Α Β Ε Ζ Η Ι Κ Μ Ν Ο Ρ Τ Χ ο µ":
        return True
    if ch in "ıȷ":                  # dotless i/j carry text accents (Lemaître) as often
        return False
    if ch in PRIMES and ch != "'":
        return True
    if ch in SYMBOLS:
        return ch not in "()[]{}|,;:!./\\'?+-–*<>=%#&$_~^•§¶†‡°…" or ch in "±×÷"
    if ch in COMBINING_ACCENTS or math_alphanumeric(ch) is not None:
        return True
    cat = unicodedata.category(ch)
    return cat == "Sm" and ord(ch) > 0x7F


def is_private_use(ch: str) -> bool:
    return unicodedata.category(ch) in ("Co", "Cn") or ch == "\ufffd"


def lookup(ch: str, family: str = "") -> tuple[str, str] | None:
    """(latex, kind) for one character in a font of the given TeX `family` (see
    `font_family`), or None when unknown. Plain ASCII letters/digits are returned as is
    (kind ord); fonts decide \\mathbb / \\mathcal / \\mathfrak styling."""
    if family == "cmex":
        code = ord(ch)
        if code in CMEX:
            _, tex, kind, _, _ = CMEX[code]
            return tex, kind
    if family == "cmsy":
        if ch in CMSY_RAW:
            return CMSY_RAW[ch]
        if "A" <= ch <= "Z":
            return rf"\mathcal{{{ch}}}", ORD
    if family in ("cmmi", "cmmib") and ch in CMMI_RAW:
        return CMMI_RAW[ch]
    if family in ("cmr", "bold") and ch in CMR_RAW:
        return CMR_RAW[ch]
    if family == "msbm" and ch.isalpha() and ch.isascii():
        return rf"\mathbb{{{ch}}}", ORD
    if family == "eufm" and ch.isalpha() and ch.isascii():
        return rf"\mathfrak{{{ch}}}", ORD
    if family == "rsfs" and ch.isalpha() and ch.isascii():
        return rf"\mathscr{{{ch}}}", ORD
    if ch.isascii() and ch.isalnum():
        return ch, ORD
    if ch in GREEK:
        return GREEK[ch], ORD
    if ch in SYMBOLS:
        return SYMBOLS[ch]
    alpha = math_alphanumeric(ch)
    if alpha is not None:
        return alpha, ORD
    if ch in SPACING_ACCENTS:
        return SPACING_ACCENTS[ch], ACCENT
    if ch.isalpha():                                # accented Latin and other scripts
        return ch, ORD
    return None


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
