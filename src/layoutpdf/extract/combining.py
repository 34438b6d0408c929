"""Combining accents that MuPDF's text dict leaves out, put back after their base letter.

Unicode maths fonts (Cambria Math in Word, STIX Two, Latin Modern Math and TeX Gyre Math
through XeLaTeX/LuaLaTeX, `unicode-math`) draw `\\hat{\\theta}` as the letter and a
combining mark (U+0302) of zero advance, placed over the letter by its own origin (TeX
draws it before the letter). MuPDF's structured text files such a mark at the end of
the character before it in the content stream (often the last prose line), with a box of
no width; set in another font than that character, it is a span of its own, and
PyMuPDF's dict leaves a span with an empty box out: the hat is gone from
`get_text("dict"/"rawdict")` (no TEXT_* flag brings it back in its place;
TEXT_ACCURATE_SIDE_BEARINGS keeps it, on the wrong line). The page's glyph trace
(`get_texttrace`) has it with its origin: the letter it stands over is the glyph of the
trace whose advance holds that origin (a zero-advance mark's ink lies left of its
origin, over the letter that ends there). The mark goes into the dict span holding that
letter, right after it, where Unicode puts it and the math stage reads it (`\\hat`).
Word stretches an arrow over `h_2` from extension glyphs and the mark as its head: the
accent's extent is the head and those pieces, its letter the one under the extent's
centre; an accent over a whole group (`\\overrightarrow{LSTM}`) is no letter's and
stays out, as do marks the math stage has no command for.

Only pages that set a span in a Unicode maths font (its name says Math) read the trace;
other pages pay one pass over their span fonts.
"""
from __future__ import annotations

import unicodedata

import pymupdf

from ..text.latex_symbols import COMBINING_ACCENTS
from .text_dict import text_spans

_VISIBLE = (0, 1)                   # trace types: filled and stroked text (not clip/invisible)
BASELINE_SHARE = 0.2                # same baseline: origins within this share of the size
EDGE_SHARE = 0.1                    # the origin may lie this share of the size past the letter
PIECE_GAP_SHARE = 0.05              # pieces of a stretched accent: on its baseline, this close
GROUP_SHARE = 2.0                   # an accent wider than this many times its letter spans a group
LIFT_SHARE = 0.6                    # a raised accent's baseline: at most this share above


def is_mark(code: int) -> bool:
    """A combining accent the math stage reads (`\\hat`, `\\vec`, ...); others are left
    as the dict has them."""
    return 0 <= code < 0x110000 and chr(code) in COMBINING_ACCENTS


def _maths_font(font: str) -> bool:
    return "math" in font.lower()


def restore_marks(page: pymupdf.Page, textpage: pymupdf.TextPage, raw: dict) -> dict:
    """`raw` (the page's dict from `textpage`, spans with "text") with the combining marks
    of maths fonts the dict lacks put back after their base letter (in place). Pages
    without a maths font are returned as they are, unread."""
    if not any(_maths_font(s.get("font", "")) for s in text_spans(raw)):
        return raw
    try:
        found = _marks_with_bases(page.get_texttrace())
        if found:          # a mark with an advance MuPDF keeps, where it is drawn
            kept = _kept_marks(textpage.extractRAWDICT())
            found = [(m, b) for m, b in found if not _is_kept(m, kept)]
    except Exception:      # a trace MuPDF cannot build, coordinates past any number: as it is
        return raw
    for mark, base in found:
        _insert(raw, mark, base)
    return raw


def _kept_marks(rawdict: dict) -> list[tuple[str, tuple]]:
    """The combining marks the text dict holds, with their boxes."""
    return [(ch["c"], ch["bbox"]) for span in text_spans(rawdict)
            for ch in span.get("chars", ()) if ch["c"] and is_mark(ord(ch["c"][0]))]


def _is_kept(mark: tuple, kept: list[tuple[str, tuple]]) -> bool:
    """The dict holds this mark: the same character, its box centred within the trace's."""
    c = chr(mark[0])
    x0, _, x1, _ = mark[3]
    tol = max(x1 - x0, 1.0) * 0.5
    return any(k == c and x0 - tol <= (b[0] + b[2]) / 2 <= x1 + tol
               and abs((b[1] + b[3]) / 2 - (mark[3][1] + mark[3][3]) / 2) <= max(x1 - x0, 1.0) * 2
               for k, b in kept)


def _marks_with_bases(trace: list[dict]) -> list[tuple[tuple, tuple]]:
    """(mark, base) trace characters (unicode, glyph, origin, bbox): each combining mark of
    a maths font and the glyph on its baseline whose advance ends at or holds its origin."""
    glyphs: dict[int, list] = {}        # whole-point baseline -> glyphs on it
    marks = []
    for span in trace:
        if span.get("type", 0) not in _VISIBLE:
            continue
        size = float(span.get("size", 0.0)) or 1.0
        is_math = _maths_font(span.get("font", ""))
        for ch in span.get("chars", ()):
            if is_mark(ch[0]):
                if is_math:
                    marks.append((ch, size))
            elif ch[0] > 32:
                glyphs.setdefault(int(ch[2][1]), []).append(ch)
    return [(mark, base) for mark, size in marks
            if (base := _base(mark, size, glyphs)) is not None]


def _base(mark: tuple, size: float, glyphs: dict[int, list]) -> tuple | None:
    """The glyph `mark` stands over: on its baseline or below it by less than a raised
    accent's lift (pdfLaTeX sets a Type 1 font's accent on a raised baseline), and holding
    the mark's centre, or for a mark of no advance its origin (its ink lies left of it, so
    of two glyphs meeting there the one that ends there). The nearest baseline wins, then
    the nearest end."""
    ox, oy = mark[2]
    near = range(int(oy - BASELINE_SHARE * size) - 1, int(oy + LIFT_SHARE * size) + 2)
    candidates = [ch for y in near for ch in glyphs.get(y, ())]
    mx0, mx1, pieces = _extent(mark, size, candidates)
    x = (mx0 + mx1) / 2
    best, best_key = None, None
    for ch in candidates:
        if any(ch is p for p in pieces):
            continue
        x0, _, x1, _ = ch[3]
        dy = ch[2][1] - oy
        if x1 <= x0 or not -BASELINE_SHARE * size <= dy <= LIFT_SHARE * size:
            continue
        if mx1 > mx0 and not x0 <= x <= x1:
            continue
        if mx1 <= mx0 and not x0 < ox <= x1 + EDGE_SHARE * size:
            continue
        key = (abs(dy), abs(x1 - x))
        if best_key is None or key < best_key:
            best, best_key = ch, key
    if best is not None and pieces and mx1 - mx0 > GROUP_SHARE * (best[3][2] - best[3][0]):
        return None                  # an arrow stretched over a group (LSTM): not one letter's
    return best


def _extent(mark: tuple, size: float, glyphs: list) -> tuple[float, float, list]:
    """The x-extent of an accent and the pieces it is built of: a stretched accent
    (Word's arrow over h_2) is its head, the mark, and extension glyphs on the mark's own
    baseline (no letters or digits) that touch or overlap it."""
    x0, _, x1, _ = mark[3]
    if x1 <= x0:
        return x0, x1, []
    oy, gap = mark[2][1], PIECE_GAP_SHARE * size
    row = [ch for ch in glyphs if abs(ch[2][1] - oy) <= gap
           and not unicodedata.category(chr(ch[0]))[0] in "LN"]
    pieces: list = []
    grown = True
    while grown:
        grown = False
        for ch in row:
            if any(ch is p for p in pieces):
                continue
            if ch[3][0] <= x1 + gap and ch[3][2] >= x0 - gap:
                x0, x1 = min(x0, ch[3][0]), max(x1, ch[3][2])
                pieces.append(ch)
                grown = True
    return x0, x1, pieces


def _insert(raw: dict, mark: tuple, base: tuple) -> None:
    """Put `mark` after `base`'s character in the dict span that holds it (the span on
    the base's baseline whose box holds its centre; of several such characters in it,
    the one whose share of the span's width is nearest), unless it is there already."""
    c, m = chr(base[0]), chr(mark[0])
    bx0, _, bx1, _ = base[3]
    cx, oy = (bx0 + bx1) / 2, base[2][1]
    for span in text_spans(raw):
        text = span.get("text", "")
        x0, _, x1, _ = span["bbox"]
        size = float(span.get("size", 0.0)) or 1.0
        if c not in text or not x0 <= cx <= x1 \
                or abs(span["origin"][1] - oy) > BASELINE_SHARE * size:
            continue
        at = [i for i, t in enumerate(text) if t == c]
        n, width = len(text), max(x1 - x0, 1e-6)
        i = min(at, key=lambda k: abs(x0 + (k + 0.5) / n * width - cx))
        if text[i + 1:i + 2] == m:
            return
        span["text"] = text[:i + 1] + m + text[i + 1:]
        return
