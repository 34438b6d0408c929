"""Rows and paragraph blocks inside one column leaf."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter

from ..model import BBox, Line, Stats
from ..text.caption_labels import OTHER_LANGUAGE_WORDS
from ..text.latex_symbols import cmex_extent, font_family, is_math_char, is_math_font, is_symbol_font

# a caption label set alone on its line ("TABLE III", "Figure 2:", "Tabelle 2") above the
# caption text (the words of other languages: text/caption_labels.py)
LABEL_ONLY = re.compile(r"^\s*(?:fig(?:ure)?|table|tab|" + OTHER_LANGUAGE_WORDS
                        + r")\.?\s*(?:[A-Z]?\d+[a-z]?|[IVXLC]+)\s*[:.]?$", re.I)
# an equation number, "(2)", "(3.1)", "(4b)", an appendix's "(A.2)", at the end of a line
EQUATION_TAG = re.compile(r"\(\s*(?:[A-Z]\.?)?\d+(?:\.\d+)*[a-z]?\s*\)\s*$")
_LIST_START = re.compile(r"^\s*(?:[•·◦▪▫‣⁃●○■□➢►–—-]\s+|\(?\d{1,3}[.)]\s+|\(?[a-zA-Z][.)]\s+|\([ivx]{1,4}\)\s+)")


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


def segment(rows: list[Row], stats: Stats, column: BBox) -> list[list[Row]]:
    """Split the rows of one column into blocks (paragraphs, headings, list items). A
    display formula (see `display_runs`) is a block of its own, whatever its rows' sizes."""
    runs = display_runs(rows, stats, column)
    starts = {a for a, _ in runs}
    ends = {b for _, b in runs}
    inside = {i for a, b in runs for i in range(a + 1, b)}
    for a, b in runs:
        starts.update(_equation_breaks(rows[a:b], a, stats))
    blocks: list[list[Row]] = []
    for i, row in enumerate(rows):
        if i in starts or i in ends:
            new = True
        elif i in inside:
            new = _display_gap(blocks[-1][-1], row, stats)
        else:
            new = not blocks or _starts_block(blocks[-1], row, stats, column)
        if blocks and not new:
            blocks[-1].append(row)
        else:
            blocks.append([row])
    return blocks


# -- display formulas ---------------------------------------------------------------------
# Whoever sets a display (TeX, a browser's MathML, an office suite's formula object), it
# leaves the same evidence: rows made of maths (maths fonts, maths symbols, single letters,
# few words), set apart from the column's edges as a whole (centred, or indented), or
# numbered at the margin. Rows of the display that carry little (a numerator '1', a limit
# 'n = 1', a matrix row of dots) belong to it when they sit within its extent.
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


def _math_row(row: Row) -> bool:
    if row.no_maths:
        return False
    total, math, words, sign = row_math(row)
    return sign and total > 0 and words <= 2 and math >= 0.3 * total


def _fragment(row: Row, anchor: Row, em: float) -> bool:
    """A short row with no words starting inside the x-extent of a maths row next to it
    and ending at most a few em past it (a matrix row reaching further columns than the
    row that holds the matrix's left-hand side)."""
    total, _, words, _ = row_math(row)
    return total <= 12 and words == 0 and row.bbox.x0 >= anchor.bbox.x0 - em \
        and row.bbox.x0 <= _formula_x1(anchor, em) + 2 * em \
        and _formula_x1(row, em) <= _formula_x1(anchor, em) + 4 * em \
        and abs(row.baseline - anchor.baseline) < 2.5 * em


def is_formula_block(lines: tuple[Line, ...] | list[Line]) -> bool:
    """Every row of the block is maths (or a wordless piece of it), one at least a maths
    row: a formula, whatever its size or its first character (not a note, not a list)."""
    if any(_prose_line(ln) for ln in lines):    # its row is prose: no need to build rows
        return False
    rows = rows_of(tuple(lines))
    if not rows or not all(_math_row(r) or (row_math(r)[0] <= 12 and row_math(r)[2] == 0)
                           for r in rows):
        return False
    return any(_math_row(r) for r in rows)


def _prose_line(ln: Line) -> bool:
    """The line holds three prose words (`row_math` counts them the same way, span by span,
    outside maths and symbol fonts): whatever row it joins has words > 2 and more than 12
    characters, so that row is neither a maths row nor a wordless piece of one."""
    words = 0
    for sp in ln.spans:
        if len(sp.text) >= 4 and not _font_kind(sp.font)[1]:
            words += len(_WORD.findall(sp.text))
    return words > 2


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


def _enclosed(row: Row, anchor: Row, em: float) -> bool:
    """A row (a case 'x otherwise', a matrix row) inside the height of a tall delimiter of
    a maths row, to its right: part of that display, whatever words it holds."""
    return any(x0 - 0.2 * em <= row.bbox.x0 and top - 0.2 * em <= row.baseline <= bottom + 0.2 * em
               and bottom - top > 1.5 * em for x0, top, bottom in anchor.tall_extents)


def _tag_row(row: Row) -> bool:
    return ")" in row.text and bool(EQUATION_TAG.fullmatch(row.text.strip()))


def _tag_of(row: Row, anchor: Row, em: float) -> bool:
    """An equation number right of a maths row, within a line of its baseline."""
    return _tag_row(row) and row.bbox.x0 > anchor.bbox.x1 + em \
        and abs(row.baseline - anchor.baseline) < 1.5 * em


def display_runs(rows: list[Row], stats: Stats, column: BBox) -> list[tuple[int, int]]:
    """Runs [start, end) of rows that form display formulas set apart from the prose."""
    em = stats.body_size or 10.0
    core = [_math_row(r) for r in rows]
    if not any(core):
        return []                         # no maths row: no display, nothing to gather
    member = list(core)
    # numerators, limits, dot rows beside a maths row and its number, on a baseline of its own
    for i, r in enumerate(rows):
        if not member[i] and any(core[max(0, i - 2):i + 3]):    # a maths row two rows away at most
            member[i] = any(core[j] and (_fragment(r, rows[j], em) or _tag_of(r, rows[j], em)
                                         or _enclosed(r, rows[j], em))
                            for j in (i - 1, i + 1, i - 2, i + 2) if 0 <= j < len(rows))
    runs: list[tuple[int, int]] = []
    i = 0
    while i < len(rows):
        if not member[i]:
            i += 1
            continue
        j = i + 1
        while j < len(rows) and member[j] and not _display_gap(rows[j - 1], rows[j], stats):
            j += 1
        a, b = _without_flush_ends(rows, i, j, column, em)
        if any(core[a:b]) and _set_apart_run(rows[a:b], column, em) and b - a <= 12:
            runs.append((a, b))
        i = j
    if not runs and 1 < len(rows) <= 12 and all(member) \
            and is_formula_block([ln for r in rows for ln in r.lines]):
        runs.append((0, len(rows)))    # a region of its own (the column stage set it apart)
    return runs


def _without_flush_ends(rows: list[Row], i: int, j: int, column: BBox,
                       em: float) -> tuple[int, int]:
    """A run's first or last rows that start at the column's left edge are prose lines
    that end or begin with a formula ('... of x^2.'), not rows of the display below."""
    while i < j - 1 and rows[i].bbox.x0 - column.x0 < 0.5 * em:
        i += 1
    while j - 1 > i and rows[j - 1].bbox.x0 - column.x0 < 0.5 * em:
        j -= 1
    return i, j


_RELATIONS = frozenset("=<>≤≥≠≈≡∼≃≅∝∈⊂⊆→⇒⇔↦")


def _relation_x(row: Row) -> float | None:
    """Estimated x of the first relation sign of a row (within its span, by position)."""
    for ln in row.lines:
        for sp in ln.spans:
            k = next((i for i, c in enumerate(sp.text) if c in _RELATIONS), None)
            if k is not None and sp.text:
                return sp.bbox.x0 + sp.bbox.width * (k + 0.5) / len(sp.text)
    return None


def _equation_breaks(rows: list[Row], offset: int, stats: Stats) -> set[int]:
    """Two equations set one under the other are two displays: consecutive rows holding a
    relation, more than a line apart and not aligned on it (an `aligned` block's rows
    share the relation's x), split where the rows between them turn to the nearer one."""
    em = stats.body_size or 10.0
    pitch = stats.line_height or 1.2 * em
    anchors = [(i, x) for i, r in enumerate(rows) if (x := _relation_x(r)) is not None]
    out = set()
    for (i, xi), (j, xj) in zip(anchors, anchors[1:]):
        if rows[j].baseline - rows[i].baseline <= 1.45 * pitch or abs(xi - xj) <= 0.6 * em:
            continue
        mid = (rows[i].baseline + rows[j].baseline) / 2
        cut = next((k for k in range(i + 1, j + 1) if rows[k].baseline > mid), j)
        out.add(offset + cut)
    return out


def _display_gap(prev: Row, row: Row, stats: Stats) -> bool:
    """Two displays one under the other: a blank line's worth of space between rows."""
    return row.bbox.y0 - prev.bbox.y1 > 1.2 * (stats.line_height or 12.0)


def _set_apart_run(rows: list[Row], column: BBox, em: float) -> bool:
    """The run as a whole is indented, or centred clear of both edges, or numbered."""
    body = [r for r in rows if not _tag_row(r)] or rows
    x0 = min(r.bbox.x0 for r in body)
    x1 = max(_formula_x1(r, em) for r in body)
    left, right = x0 - column.x0, column.x1 - x1
    if left > 1.5 * em:
        return True
    if left > 0.8 * em and right > 0.8 * em and abs(left - right) < max(2 * em, 0.15 * column.width):
        return True
    numbered = len(body) < len(rows) or any(_formula_x1(r, em) < r.bbox.x1 - 2 * em for r in rows)
    return numbered and left > 0.8 * em


def _formula_lines(row: Row, em: float | None = None) -> tuple[Line, ...]:
    """The row's lines without an equation number set apart at the right margin."""
    lines = row.lines
    em = em or row.size
    if len(lines) > 1 and EQUATION_TAG.match(lines[-1].text.strip()) \
            and lines[-1].bbox.x0 - max(ln.bbox.x1 for ln in lines[:-1]) > 2 * em:
        return lines[:-1]
    return lines


def _formula_x1(row: Row, em: float) -> float:
    """Right end of a row without an equation number set apart at the margin."""
    return max(ln.bbox.x1 for ln in _formula_lines(row, em))


def _starts_block(block: list[Row], row: Row, stats: Stats, column: BBox) -> bool:
    prev = block[-1]
    size = max(prev.size, row.size)
    pitch = stats.line_height * (size / stats.body_size) if stats.body_size else size * 1.2
    gap = row.baseline - prev.baseline
    if gap > pitch * 1.45 or gap < -0.5 * size:
        return True
    if abs(row.size - prev.size) > 0.12 * size:
        return True
    if prev.bold != row.bold and (len(block) == 1 or row.bold):
        return True
    if _LIST_START.match(row.text.strip()) and (row.bbox.x0 <= block[0].bbox.x0 + 2 * stats.char_width):
        return True
    em = size
    if len(block) == 1 and _centered(prev, column, em) and not _centered(row, column, em) \
            and row.bbox.width > prev.bbox.width + 4 * em \
            and not LABEL_ONLY.match(prev.text):
        return True   # a centred heading or label line above flush text
    if size <= stats.body_size * 1.1 and _set_apart(block, column, em) \
            and row.bbox.width > 0.7 * column.width and not _centered(row, column, em) \
            and _leaves_display(block, row, column, em) \
            and not LABEL_ONLY.match(block[0].text):
        return True   # out of a display set apart from the prose into a full prose line
    indent = row.bbox.x0 - column.x0
    prev_short = prev.bbox.x1 < column.x1 - 1.5 * em
    if prev.toc_entry or (row.toc_entry and prev.bbox.x1 < column.x0 + 0.75 * column.width):
        return True   # one contents entry per block (the first line of a wrapped entry is long)
    if indent > 0.6 * em and indent < 4 * em and prev_short and prev.bbox.x0 < row.bbox.x0 - 0.5 * em:
        return True
    if prev_short and prev.text.rstrip().endswith((".", "!", "?", ":")) and indent > 0.6 * em:
        return True
    return False


def _leaves_display(block: list[Row], row: Row, column: BBox, em: float) -> bool:
    """`row` starts prose after the set-apart `block`: flush left; or with a paragraph
    indent (under 4 em) when the block is narrow, as a display formula is (a narrow
    column's ordinary lines can look centred, its indented lines must not end them)."""
    indent = row.bbox.x0 - column.x0
    if indent < 0.5 * em:
        return True
    return indent < 4 * em and max(r.bbox.width for r in block) < 0.4 * column.width


def _set_apart(rows: list[Row], column: BBox, em: float) -> bool:
    """Every row centred and clear of both column edges: a display, not prose."""
    for r in rows:      # a loop, not all(): the first row of prose ends it, at every row
        if not _centered(r, column, em):
            return False
    return True


def _centered(row: Row, column: BBox, em: float) -> bool:
    """Centred in the column, clear of both edges; an equation number "(2)" set at the
    right edge, apart from the rest, does not count."""
    lines = row.lines
    if len(lines) > 1 and EQUATION_TAG.match(lines[-1].text.strip()) \
            and lines[-1].bbox.x0 - lines[-2].bbox.x1 > 2 * em:
        x1 = max(ln.bbox.x1 for ln in lines[:-1])
    else:
        x1 = row.bbox.x1
    left, right = row.bbox.x0 - column.x0, column.x1 - x1
    return left > 2 * em and right > 2 * em and abs(left - right) < max(2 * em, 0.15 * column.width)




# a table-of-contents entry ends in leader dots (or an ellipsis) and a page number
_LEADER_RUN = r"(?:(?:\.\s?){4,}|[…⋯]+|(?:·\s?){4,})"       # dot leaders, or an ellipsis
LEADERS = re.compile(r"\s*" + _LEADER_RUN + r"\s*")
_PAGE_REF = r"(?:\d{1,4}|[ivxlc]{1,7})"
_TOC_ENTRY = re.compile(_LEADER_RUN + r"\s*" + _PAGE_REF
                        + r"(?:\s*[,–-]\s*" + _PAGE_REF + r")*\s*$", re.I)


_LEADER_HINT = re.compile(r"\.\s?\.|[…⋯·]")     # what every leader run starts with
_PAGE_REF_END = re.compile(r"[\divxlc]", re.I)     # what every page reference ends with


def is_toc_entry(text: str) -> bool:
    # an entry ends in a page reference: testing the last character first spares the
    # leader searches on almost every line and paragraph
    return _PAGE_REF_END.fullmatch(text.rstrip()[-1:]) is not None \
        and _LEADER_HINT.search(text) is not None and _TOC_ENTRY.search(text) is not None


def is_list_start(text: str) -> bool:
    return bool(_LIST_START.match(text))
