"""Accents set as separate glyphs, composed with their base letter.

Older TeX (OT1 fonts: `\\accent` draws the accent glyph, then kerns back over the letter)
and some office exports draw `é` as two glyphs, a spacing accent (`´`, U+00B4) and `e`,
so the text layer reads `´etude`, `Schr¨odinger`, `Lemaˆıtre`, `Ageˆncia`. The accent is
drawn over (or, for a cedilla or ogonek, under) its letter: its box is centred on the
letter's box, before or after it in the content stream, in the letter's own font (a math
accent, `\\hat{A}`, comes from another font than its italic letter, or sits on a math
letter such as 𝑓, and is the math stage's to read). Such a pair becomes the letter
with the combining mark, NFC-composed (`é`); a dotless ı/ȷ under an accent is the i/j
whose dot the accent replaced (`ˆı` -> `î`). An accent with no letter under it (the
`¨` of a symbol font, a `^` in code, `the ´ key`) stays as it is.
"""
from __future__ import annotations

import re
import unicodedata

# spacing accent -> combining mark
COMBINING = {
    "\u00b4": "\u0301", "\u02ca": "\u0301", "`": "\u0300", "\u02cb": "\u0300",
    "\u02c6": "\u0302", "^": "\u0302", "\u00a8": "\u0308", "\u02dc": "\u0303", "~": "\u0303",
    "\u00af": "\u0304", "\u02c9": "\u0304", "\u02d8": "\u0306", "\u02c7": "\u030c",
    "\u02d9": "\u0307", "\u02da": "\u030a", "\u00b8": "\u0327", "\u02db": "\u0328",
    "\u02dd": "\u030b",
}
DOTLESS = {"\u0131": "i", "\u0237": "j"}
CENTRE_TOLERANCE = 0.1   # the accent's centre may lie this share of the letter's width outside it


ACCENT = re.compile("[" + re.escape("".join(COMBINING)) + "]")


def has_accent(text: str) -> bool:
    return ACCENT.search(text) is not None


def compose(chars: list[dict], texts: list[str]) -> bool:
    """Compose the separate accents among a line's characters (rawdict `chars`, their
    current `texts`, changed in place: the accent's text becomes "", the letter's the
    composed one). True if anything was composed."""
    changed = False
    for i, ch in enumerate(texts):
        mark = COMBINING.get(ch)
        if mark is None:
            continue
        base = _base(chars, texts, i)
        if base is None:
            continue
        letter = texts[base]
        texts[base] = unicodedata.normalize("NFC", DOTLESS.get(letter[0], letter[0]) + mark + letter[1:])
        texts[i] = ""
        changed = True
    return changed


def _base(chars: list[dict], texts: list[str], i: int) -> int | None:
    """The letter next to accent `i` (before or after it, synthetic spaces skipped) that
    the accent is centred on; the nearer centre wins when both are."""
    cx = _centre(chars[i]["bbox"])
    best, best_d = None, None
    for j in (_neighbour(chars, texts, i, -1), _neighbour(chars, texts, i, 1)):
        if j is None or not texts[j][:1].isalpha() or _math_letter(texts[j][0]) \
                or chars[j].get("font") != chars[i].get("font"):
            continue                  # a math accent (\\hat{A}) is the math stage's
        x0, _, x1, _ = chars[j]["bbox"]
        tol = CENTRE_TOLERANCE * max(x1 - x0, 0.0)
        if not x0 - tol <= cx <= x1 + tol:
            continue
        d = abs(cx - _centre(chars[j]["bbox"]))
        if best_d is None or d < best_d:
            best, best_d = j, d
    return best


def _neighbour(chars: list[dict], texts: list[str], i: int, step: int) -> int | None:
    j = i + step
    while 0 <= j < len(chars):
        if texts[j] == "":                       # an accent already composed
            j += step
            continue
        if texts[j] == " " and chars[j].get("synthetic"):
            j += step
            continue
        return j
    return None


def _math_letter(ch: str) -> bool:
    """A letter of the Mathematical Alphanumeric Symbols block (𝑓, 𝐀): math, not words."""
    return "\U0001d400" <= ch <= "\U0001d7ff"


def _centre(bbox) -> float:
    return (bbox[0] + bbox[2]) / 2
