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
   raw codes are decoded by the math stage), dingbat fonts and CJK fonts (set a glyph at
   a time in vertical text; their Latin-1 is a broken encoding) are not examined.
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
   Up to ``VOTES`` occurrences of a character are read and the majority decides; the
   reads are kept for the document (per font object and code), so a later page reuses
   them instead of rendering the same glyph again.

Everything else on the page is untouched, and pages without the evidence cost one pass
over their spans.
"""
from __future__ import annotations

import functools
import re

import pymupdf

from ..text.latex_symbols import font_family
from ..text.quality import is_cjk_font
from .text_dict import text_spans
from .glyph_shapes import GLYPH_PX, Shape, best_likeness, ink_bitmap, prepare, references
from .glyph_shapes import similarity  # noqa: F401  (re-exported: the shape measure)

PI_SPAN_CHARS = 3
MIN_MATCH = 0.45
VOTES = 3              # occurrences of a character read (per document) before deciding
MARGIN = 0.25
LIE_MEDIAN = 0.3       # a Pi font whose glyphs' median likeness to their claims is lower lies
# what a Pi font's glyph may be: operators, relations, brackets, arrows, Greek letters
SYMBOLS = "=+−×±∓()[]{}<>≤≥∼≈≡≠/|∈∞∂∑∏√→←↔⊗⊕∝"
GREEK = "αβγδεζηθικλμνξπρστυφχψωΓΔΘΛΞΠΣΦΨΩ"
BULLETS = "►●■•"
CANDIDATES = SYMBOLS + GREEK + BULLETS
DINGBATS = ("dingbat", "wingding", "webding")


def _suspect(ch: str) -> bool:
    o = ord(ch)
    return (o < 0x20 and ch not in "\t\n\r") or (0xBC <= o <= 0xFF and ch not in "×÷")


# the characters `_suspect` accepts, as one class (C0 controls but tab/newline/return;
# U+00BC..U+00FF but × and ÷)
_SUSPECT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\xbc-\xd6\xd8-\xf6\xf8-\xff]")


def _examinable(font: str) -> bool:
    """Not a TeX math font (its raw codes are decoded by the math stage), not a dingbat
    font (its pictures are not symbols) and not a CJK font (vertical text sets it a glyph
    at a time, and its stray Latin-1 is a broken encoding, which OCR replaces)."""
    name = font.lower()
    return font_family(font) == "" and not any(w in name for w in DINGBATS) \
        and not is_cjk_font(font)


def pi_fonts(raw: dict, among: set[str] | None = None) -> set[str]:
    """Fonts used only in short spans on this page (isolated symbols), TeX math fonts and
    dingbats aside (only fonts `among` these, when given)."""
    longest: dict[str, int] = {}
    for s in text_spans(raw):
        if among is not None and s["font"] not in among:
            continue
        text = s.get("text")
        if text is None:
            text = "".join(c["c"] for c in s.get("chars", ()))
        n = sum(1 for ch in text if not ch.isspace())
        if n:
            longest[s["font"]] = max(longest.get(s["font"], 0), n)
    return {f for f, n in longest.items() if n <= PI_SPAN_CHARS and _examinable(f)}


def needs_repair(raw: dict) -> bool:
    """Does a Pi font on the page yield a character no symbol font should? (a dict)

    The evidence first: fonts with an impossible character (one regular-expression search
    per span); only those are then measured for being Pi fonts."""
    suspects = {s["font"] for s in text_spans(raw) if _SUSPECT.search(s.get("text", ""))}
    return bool(suspects) and bool(pi_fonts(raw, suspects))


def repair(page: pymupdf.Page, rawdict: dict) -> dict[tuple[str, str], str]:
    """Rewrite the characters of Pi fonts in `rawdict` (``extractRAWDICT`` of `page`, in
    page coordinates) by their shapes, in place; set each span's ``text``. Returns the
    replacements made, (font, claimed) -> symbol.

    Readings are kept with the open document (`_document_reads`): a character of a font
    already read ``VOTES`` times on earlier pages is not rendered again; one read fewer
    times gets this page's occurrences added to its votes."""
    fonts = pi_fonts(rawdict)
    boxes: dict[tuple[str, str], list] = {}
    for span in text_spans(rawdict):
        if span["font"] not in fonts:
            continue
        for c in span["chars"]:
            if not c["c"].isspace() and ord(c["c"]) <= 0xFF:
                seen = boxes.setdefault((span["font"], c["c"]), [])
                if len(seen) < VOTES:
                    seen.append(c["bbox"])
    readings = _readings(page, boxes, _font_ids(page, fonts))
    made = {}
    for font in fonts:
        own = sorted(r[0] for (f, _), r in readings.items() if f == font)
        lying = bool(own) and own[len(own) // 2] < LIE_MEDIAN
        for (f, claimed), (score, best, best_score) in readings.items():
            if f != font or best is None or not (lying or _suspect(claimed)):
                continue
            if best_score >= MIN_MATCH and best_score >= score + MARGIN:
                made[(f, claimed)] = best
    for span in text_spans(rawdict):
        if made and span["font"] in fonts:
            for c in span["chars"]:
                c["c"] = made.get((span["font"], c["c"]), c["c"])
        span["text"] = "".join(c["c"] for c in span["chars"])
    return made


Read = tuple[float, "str | None", float]


def _readings(page: pymupdf.Page, boxes: dict[tuple[str, str], list],
              ids: dict[str, tuple]) -> dict[tuple[str, str], Read]:
    """(font, claimed) -> the vote of its reads: those kept from earlier pages first, then
    this page's occurrences, up to VOTES in all."""
    known = _document_reads(page)
    reads: dict[tuple[str, str], list[Read]] = {}
    todo: list[tuple[tuple[str, str], object]] = []
    for key, found in boxes.items():
        ident = ids.get(key[0])
        earlier = list(known.get((ident, key[1]), ())) if ident is not None else []
        reads[key] = earlier
        todo.extend((key, bbox) for bbox in found[:max(0, VOTES - len(earlier))])
    if todo:
        prepare(CANDIDATES + "".join(claimed for (_, claimed), _ in todo))  # one scratch page
        drawing = page.get_displaylist()    # the page's drawing read once, rendered per glyph
        for key, bbox in todo:
            reads[key].append(_read_glyph(drawing, bbox, key[1]))
    for key, found in reads.items():
        ident = ids.get(key[0])
        if ident is not None:
            known[(ident, key[1])] = tuple(found)
    return {key: _vote(found) for key, found in reads.items()}


_READS_ATTR = "_layoutpdf_glyph_reads"


def _document_reads(page: pymupdf.Page) -> dict:
    """Glyph reads kept for as long as the page's document is open (so across the pages
    of one parse, or of one batch worker's page range), keyed by font identity."""
    doc = page.parent
    found = getattr(doc, _READS_ATTR, None) if doc is not None else None
    if found is None:
        found = {}
        if doc is not None:
            setattr(doc, _READS_ATTR, found)
    return found


_INDIRECT_NAME = re.compile(r"\(\d+ 0 R\)$")     # MuPDF names an anonymous Type 3 font by its object


def _font_ids(page: pymupdf.Page, fonts: set[str]) -> dict[str, tuple]:
    """Font name -> what identifies that font across the document's pages: the name with
    the font objects of that name on this page. Fonts that cannot be told apart by their
    objects (no match) are read afresh on every page."""
    xrefs: dict[str, list[int]] = {}
    for xref, _, _, basefont, *_ in page.get_fonts():
        xrefs.setdefault(basefont.split("+", 1)[-1], []).append(xref)
    out: dict[str, tuple] = {}
    for font in fonts:
        if font in xrefs:
            out[font] = (font, tuple(sorted(xrefs[font])))
        elif _INDIRECT_NAME.search(font):
            out[font] = (font, ())
    return out


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
    shape = ink_bitmap(pix.samples, pix.width, pix.height)
    if shape is None:
        return 0.0, None, 0.0
    return _likeness(shape, claimed)


@functools.lru_cache(maxsize=8192)
def _likeness(shape: Shape, claimed: str) -> tuple[float, str | None, float]:
    """`_read_glyph`'s comparisons for one ink bitmap (kept: a glyph set many times at
    one size and position within the pixel grid gives the same bitmap each time)."""
    own = best_likeness(shape, references(claimed))
    best, best_score = None, 0.0
    for sym in CANDIDATES:
        if sym == claimed:
            continue
        score = best_likeness(shape, references(sym))
        if score > best_score:
            best, best_score = sym, score
    return own, best, best_score


def _references(ch: str) -> tuple[tuple[int, float], ...]:
    """`ch` drawn in each Base-14 font that has it, as (bits, aspect) bitmaps."""
    return tuple((bits, aspect) for bits, aspect, _ in references(ch))


_bitmap = ink_bitmap
