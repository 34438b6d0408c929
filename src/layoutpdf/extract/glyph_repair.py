"""Symbol fonts whose character codes lie: read the glyphs' shapes instead.

Typesetting systems with their own "Pi" fonts for mathematics (Advent 3B2, used by many
journal publishers, is the common case) put operators and brackets at the codes of Latin
letters and digits, and the PDF maps those codes to the letters: "(1þc)" for "(1+c)",
"ð1Þ" for "(1)", "W 5 A 1 B" for "W = A + B". A ToUnicode map, when there is one, repeats
the lie. The page still *draws* the right glyphs, so the shapes are the evidence:

1. A page is examined only when a *Pi font* on it shows a character no symbol font should
   yield: a C0 control character or a Latin-1 letter (ð, Þ, þ, ¼, À...). A Pi font is one
   whose every span on the page is short (at most ``PI_SPAN_CHARS`` characters that are not
   spaces): such fonts set isolated symbols, never running text. TeX's math fonts (their
   raw codes are decoded by the math stage) and dingbat fonts are not examined.
2. Then every distinct single-byte character (the lie is at the codes of Latin-1
   characters) of every Pi font on the page is rendered from the page
   (its own box, at a resolution giving the glyph about ``GLYPH_PX`` pixels), reduced to a
   ``GRID`` x ``GRID`` ink bitmap (aspect ratio kept) and compared with the same bitmaps of
   the character it claims to be and of a small set of mathematical symbols, each drawn in
   the Base-14 fonts.
3. A font *lies* when the median likeness of its glyphs to the characters they claim is
   under ``LIE_MEDIAN`` (a math italic font's letters look like letters; a Pi font's "5"
   does not look like a 5). In a lying font any character, and in another Pi font only the
   impossible ones of step 1, is replaced when a symbol or Greek letter matches clearly
   (similarity >= ``MIN_MATCH``) and clearly better than the claimed character (by
   ``MARGIN``); glyphs matching nothing (pieces of tall brackets, say) are left as they are.
   Up to ``VOTES`` occurrences of a character are read and the majority decides.

Everything else on the page is untouched, and pages without the evidence cost one pass
over their spans.
"""
from __future__ import annotations

import functools
from typing import Iterable

import pymupdf

from ..text.latex_symbols import font_family

PI_SPAN_CHARS = 3
GLYPH_PX = 48          # rendered glyph height, pixels
GRID = 16              # bitmap side after scaling
MIN_MATCH = 0.45
VOTES = 3              # occurrences of a character read (per page) before deciding
MARGIN = 0.25
REFERENCE_FONTS = ("tiro", "tiit", "helv", "symb")
LIE_MEDIAN = 0.3       # a Pi font whose glyphs' median likeness to their claims is lower lies
# what a Pi font's glyph may be: operators, relations, brackets, arrows, Greek letters
SYMBOLS = "=+−×±∓()[]{}<>≤≥∼≈≡≠/|∈∞∂∑∏√→←↔⊗⊕∝"
GREEK = "αβγδεζηθικλμνξπρστυφχψωΓΔΘΛΞΠΣΦΨΩ"
BULLETS = "►●■•"
CANDIDATES = SYMBOLS + GREEK + BULLETS
REFERENCE_FONTS_BULLETS = ("zadb",)
DINGBATS = ("dingbat", "wingding", "webding")


def _suspect(ch: str) -> bool:
    o = ord(ch)
    return (o < 0x20 and ch not in "\t\n\r") or (0xBC <= o <= 0xFF and ch not in "×÷")


def _examinable(font: str) -> bool:
    """Not a TeX math font (its raw codes are decoded by the math stage) and not a dingbat
    font (its pictures are not symbols)."""
    name = font.lower()
    return font_family(font) == "" and not any(w in name for w in DINGBATS)


def pi_fonts(raw: dict) -> set[str]:
    """Fonts used only in short spans on this page (isolated symbols), TeX math fonts and
    dingbats aside."""
    longest: dict[str, int] = {}
    for s in _spans(raw):
        text = s.get("text")
        if text is None:
            text = "".join(c["c"] for c in s.get("chars", ()))
        n = sum(1 for ch in text if not ch.isspace())
        if n:
            longest[s["font"]] = max(longest.get(s["font"], 0), n)
    return {f for f, n in longest.items() if n <= PI_SPAN_CHARS and _examinable(f)}


def needs_repair(raw: dict) -> bool:
    """Does a Pi font on the page yield a character no symbol font should? (a dict)"""
    fonts = pi_fonts(raw)
    return bool(fonts) and any(s["font"] in fonts and any(_suspect(ch) for ch in s.get("text", ""))
                               for s in _spans(raw))


def repair(page: pymupdf.Page, rawdict: dict) -> dict[tuple[str, str], str]:
    """Rewrite the characters of Pi fonts in `rawdict` (``extractRAWDICT`` of `page`, in
    page coordinates) by their shapes, in place; set each span's ``text``. Returns the
    replacements made, (font, claimed) -> symbol."""
    fonts = pi_fonts(rawdict)
    boxes: dict[tuple[str, str], list] = {}
    for span in _spans(rawdict):
        if span["font"] not in fonts:
            continue
        for c in span["chars"]:
            if not c["c"].isspace() and ord(c["c"]) <= 0xFF:
                seen = boxes.setdefault((span["font"], c["c"]), [])
                if len(seen) < VOTES:
                    seen.append(c["bbox"])
    drawing = page.get_displaylist()    # the page's drawing read once, rendered per glyph
    readings = {key: _vote([_read_glyph(drawing, bbox, key[1]) for bbox in found])
                for key, found in boxes.items()}
    made = {}
    for font in fonts:
        own = sorted(r[0] for (f, _), r in readings.items() if f == font)
        lying = bool(own) and own[len(own) // 2] < LIE_MEDIAN
        for (f, claimed), (score, best, best_score) in readings.items():
            if f != font or best is None or not (lying or _suspect(claimed)):
                continue
            if best_score >= MIN_MATCH and best_score >= score + MARGIN:
                made[(f, claimed)] = best
    for span in _spans(rawdict):
        if made and span["font"] in fonts:
            for c in span["chars"]:
                c["c"] = made.get((span["font"], c["c"]), c["c"])
        span["text"] = "".join(c["c"] for c in span["chars"])
    return made


def _vote(reads: list[tuple[float, str | None, float]]) -> tuple[float, str | None, float]:
    """One reading from several occurrences of a glyph (a neighbour's ink can spoil one):
    the symbol most of them saw (ties: the better match), with mean similarities."""
    own = sum(r[0] for r in reads) / len(reads)
    seen = [r for r in reads if r[1] is not None]
    if not seen:
        return own, None, 0.0
    symbols = {r[1] for r in seen}
    best = max(symbols, key=lambda sym: (sum(1 for r in seen if r[1] == sym),
                                         sum(r[2] for r in seen if r[1] == sym)))
    scores = [r[2] for r in seen if r[1] == best]
    return own, best, sum(scores) / len(scores)


def _spans(raw: dict) -> Iterable[dict]:
    for block in raw.get("blocks", ()):
        for ln in block.get("lines", ()) if block.get("type", 0) == 0 else ():
            yield from ln.get("spans", ())


def _read_glyph(page: pymupdf.DisplayList, bbox, claimed: str) -> tuple[float, str | None, float]:
    """How much the glyph drawn in `bbox` looks like `claimed`, and the symbol (or Greek
    letter) it looks most like, with that similarity."""
    rect = pymupdf.Rect(bbox)
    if rect.is_empty or rect.height <= 0:
        return 0.0, None, 0.0
    zoom = max(1.0, min(16.0, GLYPH_PX / rect.height))
    try:
        pix = page.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom), clip=rect,
                              colorspace=pymupdf.csGRAY, alpha=False)
    except Exception:
        return 0.0, None, 0.0
    shape = _bitmap(pix.samples, pix.width, pix.height)
    if shape is None:
        return 0.0, None, 0.0
    own = max((similarity(shape, r) for r in _references(claimed)), default=0.0)
    best, best_score = None, 0.0
    for sym in CANDIDATES:
        if sym == claimed:
            continue
        score = max((similarity(shape, r) for r in _references(sym)), default=0.0)
        if score > best_score:
            best, best_score = sym, score
    return own, best, best_score


def _bitmap(samples: bytes, width: int, height: int) -> tuple[int, float] | None:
    """Ink (grey < 128) cropped to its box, centred in a square and reduced to GRID x GRID
    cells (a cell is ink if any pixel in it is, so thin strokes survive): (bits as an int,
    width / height of the ink)."""
    if width <= 0 or height <= 0:
        return None
    ink = [(x, y) for y in range(height) for x, v in enumerate(samples[y * width:(y + 1) * width])
           if v < 128]
    if not ink:
        return None
    x0, x1 = min(x for x, _ in ink), max(x for x, _ in ink) + 1
    y0, y1 = min(y for _, y in ink), max(y for _, y in ink) + 1
    bw, bh = x1 - x0, y1 - y0
    side = max(bw, bh)
    ox, oy = (side - bw) / 2 - x0, (side - bh) / 2 - y0
    scale = GRID / side
    bits = 0
    for x, y in ink:
        bits |= 1 << (min(GRID - 1, int((y + oy) * scale)) * GRID + min(GRID - 1, int((x + ox) * scale)))
    return bits, bw / bh


def similarity(a: tuple[int, float], b: tuple[int, float]) -> float:
    """Overlap of two ink bitmaps (intersection over union), scaled down when their ink
    boxes have different shapes (a bar is not a dot)."""
    union = (a[0] | b[0]).bit_count()
    if not union:
        return 0.0
    aspect = min(a[1], b[1]) / max(a[1], b[1])
    return (a[0] & b[0]).bit_count() / union * (0.5 + 0.5 * aspect)


@functools.lru_cache(maxsize=512)
def _references(ch: str) -> tuple[tuple[int, float], ...]:
    """`ch` drawn in each Base-14 font that has it, as bitmaps."""
    out = []
    if ch == "►":     # in no Base-14 font: drawn
        out.append(_drawn(lambda page: page.draw_polyline(
            [(40, 40), (88, 64), (40, 88)], color=(0, 0, 0), fill=(0, 0, 0), closePath=True)))
    for name in REFERENCE_FONTS + REFERENCE_FONTS_BULLETS:
        font = pymupdf.Font(name)
        if font.has_glyph(ord(ch)):
            out.append(_drawn(lambda page: _write(page, ch, font)))
    return tuple(shape for shape in out if shape is not None)


def _write(page: pymupdf.Page, ch: str, font: pymupdf.Font) -> None:
    writer = pymupdf.TextWriter(page.rect)
    writer.append((36, 100), ch, font=font, fontsize=GLYPH_PX)
    writer.write_text(page)


def _drawn(draw) -> tuple[int, float] | None:
    doc = pymupdf.open()
    try:
        page = doc.new_page(width=144, height=144)
        draw(page)
        pix = page.get_pixmap(dpi=72, colorspace=pymupdf.csGRAY, alpha=False)
        return _bitmap(pix.samples, pix.width, pix.height)
    finally:
        doc.close()
