"""Is there text on a scanned page, how sure is Tesseract of it, does it lie the right
way up (`reads_upright`), and which OCR'd lines stand out from the body (`stands_out`)?

Tesseract reads *something* on any page: the grain of blank paper, dust and the shadow of
a scanner's edge, pen strokes. The page is judged twice:

* its ink, before anything is read: a page whose darkest pixels are barely darker than
  its lightest (grain only, no stroke of any pen or printer, either way round) holds no
  text at all;
* Tesseract's own word confidences, from the very run that reads the page (the
  `tesseract` program's TSV, `ocr_tsv`): a page with no word read with confidence is
  blank (`blank_page`: empty text, never noise); a page where most of the text is read
  with low confidence (handwriting, a damaged scan) keeps its text, flagged
  `extraction_confidence: low` with an Issue.

When the `tesseract` program is not installed (only the library inside MuPDF is) the
confidences are not known and the page is read as before.
"""
from __future__ import annotations

from dataclasses import dataclass

import pymupdf

INK_DPI = 50             # enough to see any stroke a reader could read
INK_PERCENTILE = 0.0005  # the darkest and the lightest pixels (one in 2000 each), past
                         # single noise: ink and paper, whichever way round (white on black)
MIN_CONTRAST = 64        # levels (of 255) between paper and ink for any stroke to be there
WORD_CONFIDENCE = 60.0   # Tesseract's confidence (0..100) of a word read with confidence
LOW_SHARE = 0.5          # below this share of characters read with confidence: low


@dataclass(frozen=True)
class Reading:
    """What the probe found: `blank` (no text), `low` (most of it unsure), the numbers."""
    blank: bool
    low: bool
    words: int = 0
    confident_share: float = 1.0
    why: str = ""


def contrast(page: pymupdf.Page) -> int:
    """Grey levels between the page's darkest and lightest pixels (0: not a stroke on it,
    dark on light or light on dark)."""
    pix = page.get_pixmap(matrix=pymupdf.Matrix(INK_DPI / 72, INK_DPI / 72),
                          colorspace=pymupdf.csGRAY, alpha=False)
    counts = [0] * 256
    for pixel, count in pix.color_count(colors=True).items():   # a histogram, counted by MuPDF
        counts[pixel[0]] += count
    n = sum(counts)
    if not n:
        return 0
    return _level(counts, n, 1.0 - INK_PERCENTILE) - _level(counts, n, INK_PERCENTILE)


def _level(counts: list[int], n: int, share: float) -> int:
    acc = 0
    for level, c in enumerate(counts):
        acc += c
        if acc > share * n:
            return level
    return 255


def parse_tsv(text: str) -> list[tuple[float, str]]:
    """Words of Tesseract's TSV output (level 5 rows with some letter or digit)."""
    words = []
    for row in text.splitlines()[1:]:
        cols = row.split("\t")
        if len(cols) < 12 or cols[0] != "5":
            continue
        word = cols[11].strip()
        try:
            conf = float(cols[10])
        except ValueError:
            continue
        if word and any(ch.isalnum() for ch in word):
            words.append((conf, word))
    return words


def judge(words: list[tuple[float, str]]) -> Reading:
    """Blank when no word is read with confidence; low when fewer than `LOW_SHARE` of the
    characters are."""
    total = sum(len(w) for _, w in words)
    sure = sum(len(w) for c, w in words if c >= WORD_CONFIDENCE)
    if not sure:
        return Reading(True, False, len(words), 0.0,
                       f"Tesseract read {len(words)} word(s), none with confidence "
                       f"{WORD_CONFIDENCE:.0f} or more")
    share = sure / total
    return Reading(False, share < LOW_SHARE, len(words), share,
                   f"{share:.0%} of the characters read with confidence {WORD_CONFIDENCE:.0f} or more")


def reads_upright(words: list[tuple[float, str]] | None, lines: list) -> bool:
    """A reading to keep without asking which way is up: Tesseract is sure of it (not
    blank, not low: `judge`) and most of its text is set in lines wider than tall.
    Upside down, or in a script the languages do not read, Tesseract is unsure of most
    words; sideways it may read the words well, but in lines standing on end. Unknown
    confidences (MuPDF's OCR) prove nothing."""
    if not words:
        return False
    verdict = judge(words)
    if verdict.blank or verdict.low:
        return False
    across = sum(len(ln.text.strip()) for ln in lines if ln.bbox.width >= ln.bbox.height)
    return 2 * across > sum(len(ln.text.strip()) for ln in lines)


def inkless(page: pymupdf.Page) -> Reading | None:
    """A blank reading when the page has no stroke of ink; None when it has some."""
    c = contrast(page)
    if c < MIN_CONTRAST:
        return Reading(True, False, 0, 0.0, f"no ink on the page (contrast {c} of 255)")
    return None


def reading_of(words: list[tuple[float, str]] | None) -> Reading | None:
    """`judge` of Tesseract's words; None when they are not known."""
    return None if words is None else judge(words)


# -- which OCR'd lines stand out ------------------------------------------------------------
HEADING_MAX_WORDS = 12   # a heading is short: at most this many words...
HEADING_MAX_CHARS = 24   # ... or, in text without spaces (CJK), characters
HEADING_GAP = 0.5        # and set apart: this share of the body size clear above and below


def stands_out(ln, lines: list, body: float) -> bool:
    """An OCR'd line larger than the page's body keeps its size (and may become a heading)
    only on strong evidence, since word boxes make OCR sizes noisy: it is short and set
    apart from the lines around it (nothing within `HEADING_GAP` body sizes above or
    below it across its width)."""
    text = ln.text.strip()
    words = text.split()
    unspaced = len(text) > 8 * len(words)           # CJK: no spaces between words
    if len(words) > HEADING_MAX_WORDS or (unspaced and len(text) > HEADING_MAX_CHARS):
        return False
    gap = HEADING_GAP * body
    for o in lines:
        if o is ln or o.bbox.x1 <= ln.bbox.x0 or o.bbox.x0 >= ln.bbox.x1:
            continue
        if o.bbox.y1 > ln.bbox.y0 - gap and o.bbox.y0 < ln.bbox.y1 + gap:
            return False
    return True
