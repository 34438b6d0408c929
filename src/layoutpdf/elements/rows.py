"""Rows: the line fragments of one column that share a baseline, left to right, and what
each row is made of (text or maths fonts, maths signs, prose words, hanging TeX
extension glyphs), counted once per row. The block segmenter, the layout, classify,
math and figure stages all read lines as these rows."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter

from ..model import BBox, Line
from ..text.latex_symbols import cmex_extent, font_family, is_math_char, is_math_font, is_symbol_font
from .line_kinds import EQUATION_TAG, is_toc_entry


class _once:
    """A property computed on first read and kept in the instance (as
    functools.cached_property, without the lock it takes on every first read in 3.11)."""

    def __init__(self, fn):
        self.fn, self.name = fn, fn.__name__
        self.__doc__ = fn.__doc__

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.fn(obj)
        return value


@dataclass(frozen=True, init=False)
class Row:
    """Line fragments sharing a baseline, left to right."""
    lines: tuple[Line, ...]
    bbox: BBox
    size: float
    baseline: float

    def __init__(self, lines: tuple[Line, ...], bbox: BBox, size: float, baseline: float):
        # straight into the instance dict: the generated __init__ of a frozen dataclass
        # stores each field through object.__setattr__, slower (a page builds many rows)
        self.__dict__.update(lines=lines, bbox=bbox, size=size, baseline=baseline)

    # segmenting asks for these of every row (as a row and as the row before the next one)
    @_once
    def bold(self) -> bool:
        """Every span with text is bold (and there is one)."""
        seen = False
        for ln in self.lines:
            for s in ln.spans:
                if s.text.strip():
                    if not s.bold:
                        return False
                    seen = True
        return seen

    @_once
    def text(self) -> str:
        """The row's fragments joined by a space, left to right."""
        return " ".join([ln.text for ln in self.lines])

    @_once
    def toc_entry(self) -> bool:
        return is_toc_entry(self.text)

    @_once
    def no_maths(self) -> bool:
        """Set in text fonts only, without a maths sign: no maths row, as its counts would
        say (a maths row needs a sign), found at a fraction of their cost."""
        spans = [sp for ln in self.lines for sp in ln.spans]
        if not all(map(_text_font, [sp.font for sp in spans])):
            return False
        joined = " ".join([sp.text for sp in spans])
        return _ASCII_MATH_SIGN.search(joined) is None and \
            (joined.isascii() or not any(map(_maths_sign, set(_NON_ASCII.findall(joined)))))

    @_once
    def tall_extents(self) -> list[tuple[float, float, float]]:
        """`_tall_extents` of the row (asked for each row near it)."""
        return _tall_extents(self)

    @_once
    def math_counts(self) -> tuple[int, int, int, bool]:
        """`row_math` of the row, counted once (segmenting asks for it several times)."""
        return _count_math(self)


_TEXT_FONT = (False, False)
_LEFT = attrgetter("bbox.x0")
_BASELINE_LEFT = attrgetter("baseline", "bbox.x0")


@lru_cache(maxsize=4096)
def _cmex_font(font: str) -> bool:
    return _font_kind(font)[0]


@lru_cache(maxsize=4096)
def _text_font(font: str) -> bool:
    """Neither TeX's extension font nor a maths or symbol font."""
    return _font_kind(font) == _TEXT_FONT


@lru_cache(maxsize=4096)
def _font_kind(font: str) -> tuple[bool, bool]:
    """(TeX's extension font, a maths or symbol font): what counting maths asks of a span's
    font, in one look-up per span."""
    return font_family(font) == "cmex", is_math_font(font) or is_symbol_font(font)


def _cmex_glyphs(sp) -> str:
    """The glyphs of a span of TeX's extension font, '' for other fonts. Raw cmex codes
    below 0x20 are glyphs (0x0C: a vertical bar piece), not white space, and code 0x20 is
    a Bigg left parenthesis: a lone wide ' ' in cmex is that glyph."""
    if not _cmex_font(sp.font):
        return ""
    if sp.text == " " and sp.bbox.width > 0.45 * sp.size:
        return " "
    return sp.text.strip(" ")


def has_glyphs(ln: Line) -> bool:
    """The line prints something. Raw-coded TeX extension glyphs below 0x20 (cmex 0x0C, a
    vertical bar piece) read as control characters that str.strip() takes for space."""
    return bool(ln.text.strip()) or any(_cmex_glyphs(s) for s in ln.spans)


def text_baseline(ln: Line) -> float:
    """The baseline a line's text sits on. TeX's extension font (cmex: big delimiters and
    operators, their pieces) hangs its glyphs from the reference point, so a span of it
    has its origin at the glyph's top: the line's baseline is that of its other spans, and
    a line of such glyphs alone sits on the row through its middle (delimiters and big
    operators are centred on the maths axis, a quarter em above the baseline)."""
    hanging = [s for s in ln.spans if _cmex_glyphs(s)]
    if not hanging:
        return ln.baseline
    rest = [s for s in ln.spans if font_family(s.font) != "cmex" and s.text.strip()]
    if rest:
        return max(rest, key=lambda s: len(s.text.strip())).origin[1]
    depth = max(sum((cmex_extent(c) or (0.0, 1.0))[1] for c in _cmex_glyphs(s)) * s.size
                for s in hanging)
    top = min(s.origin[1] for s in hanging)
    size = max(s.size for s in hanging)
    return top + depth / 2 + 0.25 * size


def rows_of(lines: tuple[Line, ...]) -> list[Row]:
    base = {id(ln): text_baseline(ln) for ln in lines}   # each line's, computed once
    ordered = sorted(lines, key=lambda ln: base[id(ln)])
    rows: list[_OpenRow] = []
    for ln in ordered:
        if rows and rows[-1].takes(ln, base):
            rows[-1].add(ln)
        else:
            rows.append(_OpenRow(ln))
    out = []
    for row in rows:
        group = row.lines
        if len(group) == 1:                      # most rows: one line, nothing to choose
            ln = group[0]
            out.append(Row((ln,), ln.bbox, ln.size, base[id(ln)]))
            continue
        group.sort(key=_LEFT)
        full = max(ln.size for ln in group)      # the row's baseline is its full-size text's
        main = max(group, key=lambda ln: (ln.size >= 0.9 * full, len(ln.text.strip()), ln.size))
        out.append(Row(tuple(group), BBox.union_all(ln.bbox for ln in group), main.size,
                       base[id(main)]))
    out.sort(key=_BASELINE_LEFT)
    return out


class _OpenRow:
    """A row being gathered: its lines, its first largest line (`ref`) and the vertical
    extent of all its fragments, kept up to date as lines join."""
    __slots__ = ("lines", "ref", "y0", "y1")

    def __init__(self, ln: Line):
        self.lines = [ln]
        self.ref = ln
        self.y0, self.y1 = ln.bbox.y0, ln.bbox.y1

    def add(self, ln: Line) -> None:
        self.lines.append(ln)
        if ln.size > self.ref.size:
            self.ref = ln
        self.y0, self.y1 = min(self.y0, ln.bbox.y0), max(self.y1, ln.bbox.y1)

    def takes(self, ln: Line, base: dict[int, float]) -> bool:
        ref = self.ref
        near = abs(base[id(ln)] - base[id(ref)]) <= 0.25 * max(ln.size, ref.size)
        smaller = ln.size < ref.size * 0.9
        if not (near or smaller):
            return False                 # (most lines: the next row)
        small = min(ln.bbox.height, ref.bbox.height)
        if small <= 0:
            return False
        if near:
            return True
        # raised or lowered smaller glyphs (scripts, markers, an inline fraction's denominator)
        # inside the row's vertical extent, that of all its fragments
        return max(0.0, min(ln.bbox.y1, self.y1) - max(ln.bbox.y0, self.y0)) >= 0.6 * small


# -- maths in a row -----------------------------------------------------------------------
# A maths sign is a character of a maths font or a maths symbol; a prose word four letters
# at least. `blocks.py` reads these counts to find display formulas.
_WORD = re.compile(r"[A-Za-z]{4,}")
_ASCII_MATH = frozenset("=+<>^_|/")
_ASCII_MATH_SIGN = re.compile(r"[=+<>^_|/]")


_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def _maths_signs(text: str) -> int:
    """How many characters of a text font's `text` count as maths (`_maths_sign`): the
    ASCII signs by one expression, the few other characters one by one."""
    n = len(_ASCII_MATH_SIGN.findall(text))
    return n if text.isascii() else n + sum(map(_maths_sign, _NON_ASCII.findall(text)))


@lru_cache(maxsize=8192)
def _maths_sign(c: str) -> bool:
    """A character of a text font that counts as maths: an ASCII sign or `is_math_char`
    (asked once per character: maths text repeats its few symbols)."""
    return c in _ASCII_MATH or (c > "\x7f" and is_math_char(c))


def row_math(row: Row) -> tuple[int, int, int, bool]:
    """(characters, maths characters, prose words, has a maths sign) of a row: a maths sign
    is a character of a maths font or a maths symbol, not a digit or a bracket."""
    return row.math_counts


def _count_math(row: Row) -> tuple[int, int, int, bool]:
    lines = _formula_lines(row)
    if all(map(_text_font, [sp.font for ln in lines for sp in ln.spans])):
        return _count_text_math(lines)
    total = math = words = 0
    sign = False
    for ln in lines:
        for sp in ln.spans:
            cmex, maths = _font_kind(sp.font)
            text = (cmex and _cmex_glyphs(sp)) or "".join(sp.text.split())
            if not text:
                continue
            total += len(text)
            if maths:
                math += len(text)
                sign = sign or any(not c.isdigit() and c not in "()[].," for c in text)
                continue
            m = _maths_signs(text)
            math, sign = math + m, sign or m > 0
            if len(text) >= 4:              # a word is four letters at least
                words += len(_WORD.findall(sp.text))
    return total, math, words, sign


def _count_text_math(lines: tuple[Line, ...]) -> tuple[int, int, int, bool]:
    """`_count_math` of lines set in text fonts only (most rows): every count adds up span
    by span, so it is taken once over the spans joined by a space (which is no maths sign,
    is left out of the characters and ends a word)."""
    joined = " ".join([sp.text for ln in lines for sp in ln.spans])
    chars = "".join(joined.split())
    math = _maths_signs(chars)
    return len(chars), math, len(_WORD.findall(joined)), math > 0


def _tall_extents(row: Row) -> list[tuple[float, float, float]]:
    """(x0, top, bottom) of the row's hanging extension glyphs (big braces, brackets,
    bars of matrices and cases): the rows they enclose belong to the same display."""
    out = []
    for ln in row.lines:
        for sp in ln.spans:
            text = _cmex_glyphs(sp)
            if text:
                depth = sum((cmex_extent(c) or (0.0, 0.0))[1] for c in text) * sp.size
                out.append((sp.bbox.x0, sp.origin[1], sp.origin[1] + depth))
    return out


def _formula_lines(row: Row, em: float | None = None) -> tuple[Line, ...]:
    """The row's lines without an equation number set apart at the right margin."""
    lines = row.lines
    em = em or row.size
    if len(lines) > 1 and EQUATION_TAG.match(lines[-1].text.strip()) \
            and lines[-1].bbox.x0 - max(ln.bbox.x1 for ln in lines[:-1]) > 2 * em:
        return lines[:-1]
    return lines


def formula_x1(row: Row, em: float) -> float:
    """Right end of a row without an equation number set apart at the margin."""
    return max(ln.bbox.x1 for ln in _formula_lines(row, em))


def prose_line(ln: Line) -> bool:
    """The line holds three prose words (`row_math` counts them the same way, span by span,
    outside maths and symbol fonts): whatever row it joins has words > 2 and more than 12
    characters, so that row is neither a maths row nor a wordless piece of one."""
    words = 0
    for sp in ln.spans:
        if len(sp.text) >= 4 and not _font_kind(sp.font)[1]:
            words += len(_WORD.findall(sp.text))
    return words > 2
