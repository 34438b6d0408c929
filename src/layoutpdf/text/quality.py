"""What a page's text layer is worth, read by extraction and the text_layer stage alike.

`assess(page)` measures a raw page: how much text it has, how much of it is invisible
(an OCR layer laid over a scan, PDF render mode 3), how much is garbage (unmapped glyphs,
control characters, CJK fonts whose codes come out as Latin-1), and how much of the page
an image covers. Extraction (`extract/ocr.py`) uses it to decide whether to OCR a page;
the `text_layer` stage turns it into issues.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from ..model import BBox, Page
from .latex_symbols import is_math_font

UNMAPPED = "\ufffd"
MIN_TEXT_CHARS = 40          # fewer usable characters than this on a page-sized image: a scan
SCAN_COVER = 0.6             # an image covering this share of the page makes it a scan candidate
ANY_IMAGE_COVER = 0.1        # a page with no text at all is OCR'd when images cover this much
GARBLED_SHARE = 0.1          # this share of garbage characters flags the text layer
GARBLED_MIN = 10             # ... and at least this many
HIDDEN_SHARE = 0.5           # this share of invisible text over a scan: an existing OCR layer

# ids of lines and spans made by OCR carry this marker (see extract/ocr.py), so a page
# that mixes native and OCR'd text can say which element came from where
OCR_ID_MARK = "-ocr"

# fonts that should draw CJK glyphs; their text coming out as Latin-1 is an encoding failure
_CJK_FONT = re.compile(
    r"^(?:[A-Z]{6}\+)?(?:sim(?:sun|hei|kai|fang|li|you)|st(?:song|heiti|kaiti|fangsong|xihei|zhongsong)|"
    r"fangsong|kaiti|song|hei(?:ti)?\b|batang|gulim|dotum|gungsuh|malgun|microsoftyahei|yahei|"
    r"p?mingliu|ms-?p?(?:gothic|mincho)|hira(?:gino|min|kaku)|meiryo|yu(?:gothic|mincho)|"
    r"noto\w*cjk|sourcehan|adobe(?:song|heiti|ming|myungjo|kaiti|fangsong)|fz|dfk|df\w*(?:mincho|gothic)|"
    r"ryumin|gothicbbb|heisei|koz(?:min|go)|hy|msung|mhei|msyh|nsimsun)"
    r"|mincho|cjk|-uni(?:gb|cns|jis|ks)|gb2312|gbk|big5", re.I)
_CJK_TEXT = re.compile(r"[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]")
_LATIN1_HIGH = re.compile(r"[\u0080-\u024f\u02b0-\u02ff\u2000-\u206f\u2122\u0152\u0153\u0178\u0192]")


# a Latin-1 symbol between two letters ('èÜ•ÜáÜ§ê'): no language writes that; a font
# without a usable encoding read as Latin-1 does (spacing accents such as ´ are real text)
_SYMBOL_IN_WORD = re.compile(r"(?<=[^\W\d_])[•†‡§¶£¥¢¤¦¬¯°±©®](?=[^\W\d_])")
_BAD_CHARS = re.compile("[\ufffd\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
# any character that _BAD_CHARS, _SYMBOL_IN_WORD or _LATIN1_HIGH looks for: text without one
# (CJK, Greek, Cyrillic, most of Unicode) has nothing garbled_chars could count
_MAYBE_GARBLED = re.compile("[\ufffd\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\u024f\u02b0-\u02ff\u2000-\u206f\u2122]")


def garbled_chars(text: str, font: str = "") -> int:
    """Characters of one span that carry no usable text.

    Counts U+FFFD (no Unicode mapping) and C0/C1 control characters (raw glyph codes);
    a span whose font reads glyph ids as characters (control characters among Coptic or
    mixed-script letters, `_glyph_ids_as_text`) is garbage as a whole, and so is a span
    with Latin-1 symbols wedged between letters;
    in a CJK font whose span holds no CJK at all, every non-ASCII character (a CID read
    as Latin-1) and every control character is garbage, so is the whole span.
    """
    if text.isascii() and text.isprintable():
        return 0      # no U+FFFD, no control codes, nothing to read as Latin-1
    if not _MAYBE_GARBLED.search(text):
        return 0
    if is_math_font(font):                # TeX math fonts draw glyphs at control codes
        return text.count(UNMAPPED)
    bad = len(_BAD_CHARS.findall(text))
    if bad and _glyph_ids_as_text(text):
        return len(text.strip())          # the font's map gives glyph ids, letters and all
    if len(_SYMBOL_IN_WORD.findall(text)) >= 2 and len(text.strip()) >= 8:
        return len(text.strip())          # glyph codes read through the wrong encoding
    if font and is_cjk_font(font) and not _CJK_TEXT.search(text):
        strange = len(_LATIN1_HIGH.findall(text))
        if bad or strange:
            return len(text.strip()) or bad
    return bad


_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
# scripts whose blocks lie where the glyph ids of a font fall when read as code points
# (ids up to about 1300: Latin-1 and Latin Extended, Greek and Coptic, Cyrillic, Armenian)
_ID_SCRIPTS = ("LATIN", "GREEK", "COPTIC", "CYRILLIC", "ARMENIAN")


def _glyph_ids_as_text(text: str) -> bool:
    """A span whose font maps each glyph to its own glyph id (a ToUnicode map written as
    the identity, or glyph ids given for unmapped glyphs): the space, glyph 3 of a
    TrueType font, comes out as the control character U+0003 and the letters as whatever
    block their ids fall in. Its control characters are then separators between letters,
    and the letters are no one script's text: Coptic letters (no living language's), or
    letters of two of these scripts mixed. Real text with a stray raw code (an old TeX
    ligature at \x0c in 'e\x0cciency', Greek with one unmapped sign) keeps its letters."""
    if not _CONTROL.search(text):
        return False
    scripts: set[str] = set()
    for ch in text:
        if ch.isalpha() and not ch.isascii():
            script = unicodedata.name(ch, "").split(" ", 1)[0]
            if script == "COPTIC":
                return True
            if script in _ID_SCRIPTS:
                scripts.add(script)
    return len(scripts) >= 2


@lru_cache(maxsize=4096)
def is_cjk_font(font: str) -> bool:
    """A font named as one that draws Chinese, Japanese or Korean."""
    return _CJK_FONT.search(font) is not None


@dataclass(frozen=True, slots=True)
class TextLayerReport:
    """What the raw text layer of one page is worth."""
    chars: int = 0               # non-space characters
    invisible: int = 0           # of them drawn invisibly (alpha 0, render mode 3)
    garbled: int = 0             # of them garbage
    image_cover: float = 0.0     # share of the page under raster images (union)

    @property
    def usable(self) -> int:
        return max(0, self.chars - self.garbled)

    @property
    def is_garbled(self) -> bool:
        return self.garbled >= GARBLED_MIN and self.garbled > GARBLED_SHARE * self.chars

    @property
    def is_scan(self) -> bool:
        """An image page without a usable text layer: OCR it."""
        if self.has_hidden_ocr_layer:
            return False
        if self.usable == 0 and self.image_cover >= ANY_IMAGE_COVER:
            return True
        return self.image_cover >= SCAN_COVER and self.usable < MIN_TEXT_CHARS

    @property
    def has_hidden_ocr_layer(self) -> bool:
        """Mostly invisible text over a page-sized image: a scan that was OCR'd before."""
        return (self.image_cover >= SCAN_COVER and self.usable > 0
                and self.invisible >= HIDDEN_SHARE * self.chars)

    @property
    def ocr_reason(self) -> str | None:
        if self.is_scan:
            return "no_text_layer"
        if self.is_garbled:
            return "garbled_text_layer"
        return None


def assess(page: Page) -> TextLayerReport:
    chars = invisible = garbled = 0
    for ln in page.lines:
        for s in ln.spans:
            text = s.text
            n = len(text.strip())
            if not n:
                continue
            chars += n
            if s.alpha == 0:
                invisible += n
            if not (text.isascii() and text.isprintable()):   # (garbled_chars' own test)
                garbled += min(n, garbled_chars(text, s.font))
    return TextLayerReport(chars, invisible, garbled, image_cover(page))


def image_cover(page: Page) -> float:
    """Share of the page covered by the union of its image placements."""
    area = page.width * page.height
    if area <= 0 or not page.images:
        return 0.0
    rect = page.rect
    boxes = [b for b in (im.bbox.intersection(rect) for im in page.images[:400]) if b is not None]
    return min(1.0, _union_area(boxes) / area)


def _union_area(boxes: list[BBox]) -> float:
    """Area of a union of rectangles by coordinate compression (few boxes per page)."""
    if not boxes:
        return 0.0
    xs = sorted({b.x0 for b in boxes} | {b.x1 for b in boxes})
    total = 0.0
    for xa, xb in zip(xs, xs[1:]):
        spans = sorted((b.y0, b.y1) for b in boxes if b.x0 <= xa and b.x1 >= xb)
        covered, top, bottom = 0.0, None, None
        for y0, y1 in spans:
            if bottom is None or y0 > bottom:
                if bottom is not None:
                    covered += bottom - top
                top, bottom = y0, y1
            else:
                bottom = max(bottom, y1)
        if bottom is not None:
            covered += bottom - top
        total += covered * (xb - xa)
    return total


def is_ocr_line(line_id: str) -> bool:
    return OCR_ID_MARK in line_id
