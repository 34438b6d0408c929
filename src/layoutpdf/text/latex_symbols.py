"""Unicode glyph -> LaTeX tables for the math serializer, and the one lookup the stages use.

Pure data plus a few lookups; imports nothing of layoutpdf. Unicode math characters (what
PyMuPDF reports when the PDF font has a usable ToUnicode map or standard glyph names) live
here: Greek, operators, relations, arrows, the Mathematical Alphanumeric Symbols block,
letterlike symbols, combining and spacing accents. Two neighbours hold the rest, and are
re-exported so that callers keep one import:

* `tex_font_codes.py`: TeX maths fonts read as raw codes (cmex, cmsy, cmmi, cmr) and the
  atom kinds (ORD, BIN, REL, ...);
* `math_font_names.py`: font-name signals (`is_math_font`, `is_symbol_font`, `font_family`).
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from .math_font_names import (base_font_name, font_family, is_math_font,  # noqa: F401
                              is_opensymbol, is_symbol_font)
from .tex_font_codes import (ACCENT, BIGOP, BIN, CLOSE, CMEX, CMEX_BY_NAME, CMMI_RAW,  # noqa: F401
                             CMR_RAW, CMSY_RAW, GLYPH_NAMES, OPEN, ORD, PUNCT, RADICAL, REL,
                             cmex_extent, recode_adobe_pieces, recode_cmex,
                             recode_unicode_big_ops)

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

# LibreOffice Math draws its error mark, an inverted question mark in OpenSymbol, in place of
# a node it could not build. Writer's MathML import makes one of every relation that opens
# the right-hand cell of an aligned row (`&=`: a relation with no left operand); the mark
# then stands for that relation, which the text layer does not hold. `=` is the relation
# aligned rows open with far most often; a formula read this way says so (its reasons).
WRITER_ERROR_MARK = "\u00bf"
WRITER_ERROR_RELATION = "="

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
# operator names of two words that take limits (amsmath's \\DeclareMathOperator* habit):
# the words read together, thin space dropped -> their LaTeX
LIMIT_OPERATOR_NAMES = {"argmin": r"\operatorname*{arg\,min}",
                        "argmax": r"\operatorname*{arg\,max}"}

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


# STIX names its calligraphic (chancery) capitals A..Z by private-use code points
_STIX_CALLIGRAPHIC = 0xE22D


def recode_calligraphic(text: str) -> str:
    """The private-use capitals of a STIX calligraphy font (U+E22D 'A' .. U+E246 'Z', as
    its ToUnicode map gives them) -> the Latin capitals they are drawn from."""
    return "".join(chr(ord("A") + ord(c) - _STIX_CALLIGRAPHIC)
                   if _STIX_CALLIGRAPHIC <= ord(c) < _STIX_CALLIGRAPHIC + 26 else c
                   for c in text)


def is_private_use(ch: str) -> bool:
    return unicodedata.category(ch) in ("Co", "Cn") or ch == "\ufffd"


def lookup(ch: str, family: str = "", raw: bool = True) -> tuple[str, str] | None:
    """(latex, kind) for one character in a font of the given TeX `family` (see
    `font_family`), or None when unknown. Plain ASCII letters/digits are returned as is
    (kind ord); fonts decide \\mathbb / \\mathcal / \\mathfrak styling. `raw=False`: the
    font's text is Unicode (a ToUnicode map names its glyphs), so an ASCII character is
    itself, not the glyph at that code in the family's layout ('=' is '=', not cmmi's '/')."""
    if not raw and family in ("cmsy", "cmmi", "cmmib", "cmr", "bold") and (
            ch in CMSY_RAW or ch in CMMI_RAW or ch in CMR_RAW):
        return lookup(ch)
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
    if family == "cal" and ch.isalpha() and ch.isascii():
        return rf"\mathcal{{{ch}}}", ORD
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
