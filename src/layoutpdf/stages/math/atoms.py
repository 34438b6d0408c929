"""The atom of a formula, `Glyph`; the estimated geometry of a character (advance width,
height and depth in em) that the serializer reads where a PDF gives no glyph box; and
what counts as a space (in TeX fonts read as raw codes, only ' ')."""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

AXIS = 0.25          # math axis above the baseline, in em (TeX: 0.25em for cmsy10)


@dataclass
class Glyph:
    """One atom of a formula: a character, or a composite already serialized to LaTeX."""
    tex: str
    kind: str                     # latex_symbols kinds, plus "word" and "comp"
    x0: float
    x1: float
    top: float
    bottom: float
    base: float                   # baseline y
    size: float
    # the fields a character's glyph sets, in this order (_make_glyph passes them by
    # position: keywords cost a generated __init__ twice the time, once per glyph)
    ch: str = ""
    family: str = ""
    upright: bool = False         # roman text font: candidates for \sin, \mathrm{...}
    math_font: bool = False
    big: bool = False             # tall glyph placed on the math axis (cmex, \left( ...)
    unmapped: bool = False
    pos: tuple[int, int] = (-1, -1)   # (span index, char index) of the first character
    end: tuple[int, int] = (-1, -1)   # (span index, char index) after the last character
    font: str = ""                # font name without subset prefix
    # the others
    composite: bool = False
    axis_y: float | None = None   # math axis of a composite / big glyph
    inner: str = ""               # "frac", "sqrt", "limits", "delim", "matrix", ...
    script_hint: int = 0          # +1 superscript char (²), -1 subscript char (₂)
    floating: bool = False        # vertical position unknown (2nd+ glyph of a cmex run)
    alt_base: float | None = None  # other possible baseline (span on two baselines)
    parts: list["Glyph"] = field(default_factory=list)

    @property
    def cx(self) -> float:
        return (self.x0 + self.x1) / 2

    @property
    def cy(self) -> float:
        return (self.top + self.bottom) / 2

    @property
    def width(self) -> float:
        return max(0.0, self.x1 - self.x0)

    @property
    def axis(self) -> float:
        if self.axis_y is not None:
            return self.axis_y
        if self.big:
            return self.cy
        return self.base - AXIS * self.size


# ----------------------------------------------------------------------------------------
# character geometry estimates (em units)
# ----------------------------------------------------------------------------------------
_NARROW = set("il.,;:!|'()[]ftrIj`´ˆ˙")
_WIDE = set("mwMW∑∏∫")
_TALL = set("bdfhkltℓ∂ßβδζθλξϑ!?/|()[]{}⟨⟩")
_DESC = set("gjpqyβγζημξρςφχψϕϱ,;()[]{}|/⟨⟩∫")
_OPS = set("+−-=<>≤≥≠≈≡∼≃∝±∓×÷·∘→←↔⇒⇐⇔↦∈∉⊂⊆⊃⊇∪∩∧∨")


def _plain_letter(c: str) -> str:
    """A letter of a maths alphabet (U+1D458 MATHEMATICAL ITALIC SMALL K) has the shape of
    its plain letter: its ascender, descender and width are the plain letter's."""
    if len(c) == 1 and 0x1D400 <= ord(c) <= 0x1D7FF:
        plain = unicodedata.normalize("NFKC", c)
        return plain if len(plain) == 1 else c
    return c


@lru_cache(maxsize=8192)
def char_width(c: str) -> float:
    c = _plain_letter(c)
    if c.isspace():
        return 0.33
    if c in _NARROW:
        return 0.3
    if c in _WIDE:
        return 0.85
    if c in _OPS:
        return 0.78
    if c.isupper() or c.isdigit():
        return 0.7 if c.isupper() else 0.5
    return 0.5


@lru_cache(maxsize=8192)
def char_extent(c: str) -> tuple[float, float]:
    """(height above baseline, depth below baseline) in em, a typographic estimate."""
    c = _plain_letter(c)
    if c in _OPS:
        return 0.58, 0.08
    h = 0.7 if (c in _TALL or c.isupper() or c.isdigit()
                or ("GREEK CAPITAL" in unicodedata.name(c, ""))) else 0.45
    if c in "ˆ˜¯ˉ˙¨ˇ˘´`˚^~\u20d7":
        return 0.72, -0.5
    if c in "∞∼≈−·":
        h = 0.45
    d = 0.22 if c in _DESC else 0.0
    return h, d


# ----------------------------------------------------------------------------------------
# spans -> glyphs
# ----------------------------------------------------------------------------------------
SPACES = frozenset(" \t\n\r\u00a0\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
                    "\u2008\u2009\u200a\u200b\u202f\u205f\u3000\u00ad")
RAW_CODED = frozenset({"cmex", "cmsy", "cmmi", "cmmib"})
RAW_SPACE = frozenset(" ")


def is_space(c: str, family: str = "") -> bool:
    """Real spaces only. In TeX math fonts read as raw codes, characters below 0x20 are
    glyphs (cmex '\\t' = a big right brace, cmmi '\\n' = Omega), only ' ' is a space."""
    if family in RAW_CODED:
        return c == " "
    return c in SPACES
