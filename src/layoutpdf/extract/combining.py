"""Combining accents that MuPDF's text dict leaves out, put back after their base letter.

Unicode maths fonts (Cambria Math in Word, STIX Two, Latin Modern Math and TeX Gyre Math
through XeLaTeX/LuaLaTeX, `unicode-math`) draw `\\hat{\\theta}` as the letter and a
combining mark (U+0302) of zero advance, placed over the letter by its own origin (TeX
draws it before the letter). MuPDF's structured text files such a mark as part of the
character before it in the content stream, at that character's end (often the last
prose line), with a box of no width, and PyMuPDF's dict leaves a box of no width out:
the hat is gone from `get_text("dict"/"rawdict")` (no TEXT_* flag brings it back in its
place; TEXT_ACCURATE_SIDE_BEARINGS keeps it, on the wrong line). The page's glyph trace
(`get_texttrace`) has it with its origin: the letter it stands over is the glyph of the
trace whose advance holds that origin (a zero-advance mark's ink lies left of its
origin, over the letter that ends there). The mark goes into the dict span holding that
letter, right after it, where Unicode puts it and the math stage reads it (`\\hat`).

Only pages that set a span in a Unicode maths font (its name says Math) read the trace;
other pages pay one pass over their span fonts.
"""
from __future__ import annotations

import pymupdf

from .text_dict import text_spans

# zero-advance marks a maths font sets over a letter (Combining Diacritical Marks, and
# those for Symbols: the arrow of \\vec)
_MARKS = (range(0x300, 0x370), range(0x20D0, 0x2100))
_VISIBLE = (0, 1)                   # trace types: filled and stroked text (not clip/invisible)
BASELINE_SHARE = 0.2                # same baseline: origins within this share of the size
EDGE_SHARE = 0.1                    # the origin may lie this share of the size past the letter
LIFT_SHARE = 0.6                    # a raised accent's baseline: at most this share above


def is_mark(code: int) -> bool:
    return any(code in r for r in _MARKS)


def _maths_font(font: str) -> bool:
    return "math" in font.lower()


def restore_marks(page: pymupdf.Page, raw: dict) -> dict:
    """`raw` (the page's dict, spans with "text") with the combining marks of maths fonts
    the dict lacks put back after their base letter (in place). Pages without a maths
    font are returned as they are, unread."""
    if not any(_maths_font(s.get("font", "")) for s in text_spans(raw)):
        return raw
    try:
        trace = page.get_texttrace()
    except Exception:      # a trace MuPDF cannot build: the dict stays as it is
        return raw
    for mark, base in _marks_with_bases(trace):
        _insert(raw, mark, base)
    return raw


def _marks_with_bases(trace: list[dict]) -> list[tuple[tuple, tuple]]:
    """(mark, base) trace characters (unicode, glyph, origin, bbox): each combining mark of
    a maths font and the glyph on its baseline whose advance ends at or holds its origin."""
    glyphs, marks = [], []
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
                glyphs.append((ch, size))
    return [(mark, base) for mark, size in marks
            if (base := _base(mark, size, glyphs)) is not None]


def _base(mark: tuple, size: float, glyphs: list) -> tuple | None:
    """The glyph `mark` stands over: on its baseline or below it by less than a raised
    accent's lift (pdfLaTeX sets a Type 1 font's accent on a raised baseline), and holding
    the mark's centre, or for a mark of no advance its origin (its ink lies left of it, so
    of two glyphs meeting there the one that ends there). The nearest baseline wins, then
    the nearest end."""
    ox, oy = mark[2]
    mx0, _, mx1, _ = mark[3]
    x = (mx0 + mx1) / 2
    best, best_key = None, None
    for ch, _ in glyphs:
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
    return best


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
