"""Paragraph blocks inside one column leaf: its rows (`rows.py`) split into paragraphs,
headings, list items and display formulas."""
from __future__ import annotations

import re

from ..model import BBox, Line, Stats
from .captions import parse_label
from .line_kinds import EQUATION_TAG, LABEL_ONLY, is_list_start
from .rows import Row, formula_x1, prose_line, row_math, rows_of


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
        and row.bbox.x0 <= formula_x1(anchor, em) + 2 * em \
        and formula_x1(row, em) <= formula_x1(anchor, em) + 4 * em \
        and abs(row.baseline - anchor.baseline) < 2.5 * em


def is_formula_block(lines: tuple[Line, ...] | list[Line]) -> bool:
    """Every row of the block is maths (or a wordless piece of it), one at least a maths
    row: a formula, whatever its size or its first character (not a note, not a list)."""
    if any(prose_line(ln) for ln in lines):    # its row is prose: no need to build rows
        return False
    rows = rows_of(tuple(lines))
    if not rows or not all(_math_row(r) or (row_math(r)[0] <= 12 and row_math(r)[2] == 0)
                           for r in rows):
        return False
    return any(_math_row(r) for r in rows)


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
    x1 = max(formula_x1(r, em) for r in body)
    left, right = x0 - column.x0, column.x1 - x1
    if left > 1.5 * em:
        return True
    if left > 0.8 * em and right > 0.8 * em and abs(left - right) < max(2 * em, 0.15 * column.width):
        return True
    numbered = len(body) < len(rows) or any(formula_x1(r, em) < r.bbox.x1 - 2 * em for r in rows)
    return numbered and left > 0.8 * em


def _starts_block(block: list[Row], row: Row, stats: Stats, column: BBox) -> bool:
    prev = block[-1]
    size = max(prev.size, row.size)
    pitch = stats.line_height * (size / stats.body_size) if stats.body_size else size * 1.2
    gap = row.baseline - prev.baseline
    if gap > pitch * 1.45 or gap < -0.5 * size:
        return True
    if gap > pitch + PARAGRAPH_SPACE_EM * size and _closes_with_room(block, row, size):
        return True   # paragraphs set apart by a margin, not indented (a browser's <p>)
    if abs(row.size - prev.size) > 0.12 * size:
        return True
    if prev.bold != row.bold and (len(block) == 1 or row.bold):
        return True
    if is_list_start(row.text.strip()) and (row.bbox.x0 <= block[0].bbox.x0 + 2 * stats.char_width):
        return True
    em = size
    if len(block) == 1 and _centered(prev, column, em) and not _centered(row, column, em) \
            and row.bbox.width > prev.bbox.width + 4 * em \
            and not LABEL_ONLY.match(prev.text) and not _broken_prose(prev, row, column, em):
        return True   # a centred heading or label line above flush text (a paragraph's
                      # indented first line, ended where the next word did not fit, is none)
    if size <= stats.body_size * 1.1 and _set_apart(block, column, em) \
            and row.bbox.width > 0.7 * column.width and not _centered(row, column, em) \
            and _leaves_display(block, row, column, em) \
            and not LABEL_ONLY.match(block[0].text) and not _broken_prose(prev, row, column, em):
        return True   # out of a display set apart from the prose into a full prose line
    indent = row.bbox.x0 - column.x0
    prev_short = prev.bbox.x1 < _right_edge(block, column, em) - 1.5 * em
    if prev.toc_entry or (row.toc_entry and prev.bbox.x1 < column.x0 + 0.75 * column.width):
        return True   # one contents entry per block (the first line of a wrapped entry is long)
    if _hanging(block, em) and abs(row.bbox.x0 - block[0].bbox.x0) < 0.5 * em \
            and (ENTRY_LABEL.match(row.text) or is_list_start(row.text.strip())):
        return True   # back out of a hanging indent to the next entry's label ("[5] ...")
    if indent > 0.6 * em and indent < 4 * em and prev_short and prev.bbox.x0 < row.bbox.x0 - 0.5 * em \
            and (prev.text.rstrip().endswith(SENTENCE_CLOSE) or not _wants_room(prev, row, column, em)):
        return True   # an indented line after a short one opens a paragraph (not under a
                      # line broken mid-sentence for want of room: a hanging indent's body)
    if prev_short and prev.text.rstrip().endswith((".", "!", "?", ":")) and indent > 0.6 * em:
        return True
    return _caption_ended(block, row, stats, em)


ENTRY_LABEL = re.compile(r"\s*\[\d{1,3}\]\s")   # a reference list's entry label


def _hanging(block: list[Row], em: float) -> bool:
    """The block is set with a hanging indent: every row after its first starts at one
    place, an em or more right of the first (a reference list's, a numbered item's)."""
    if len(block) < 2:
        return False
    x0 = block[1].bbox.x0
    return x0 >= block[0].bbox.x0 + em and all(abs(r.bbox.x0 - x0) < 0.5 * em for r in block[2:])


def _right_edge(block: list[Row], column: BBox, em: float) -> float:
    """Where the block's full lines end: the column's right edge, or the block's own when
    the block is set in from both edges of the column, as an abstract or a quotation is,
    and justified (two of its rows or more end at one edge). A line of the inset block
    that runs to its own edge and ends a sentence is a full line, not a paragraph's short
    last line."""
    if len(block) < 2:
        return column.x1
    x0 = min(r.bbox.x0 for r in block)
    x1 = max(r.bbox.x1 for r in block)
    full = sum(1 for r in block if r.bbox.x1 >= x1 - 0.5 * em)
    if x0 - column.x0 > 0.6 * em and column.x1 - x1 > 1.5 * em and full >= 2:
        return x1
    return column.x1


def _caption_ended(block: list[Row], row: Row, stats: Stats, em: float) -> bool:
    """A caption is one paragraph: it ends at a line that closes a sentence with room left
    for the next row's first word within the measure (a line breaker, TeX's or a browser's,
    moves a word down only when it does not fit, so only a paragraph's last line leaves such
    room). Then a row below in body type is the text that goes on after the float, even when
    it is set flush left right under the caption (a centred or body-font caption); smaller
    type under a caption is the float's own notes ('*', '†' table notes) and stays."""
    if row.size < 0.95 * stats.body_size or parse_label(block[0].text.lstrip()) is None:
        return False
    return _closes_with_room(block, row, em)


PARAGRAPH_SPACE_EM = 0.25   # extra space between paragraphs that a margin sets (0.4 em and up)


def _closes_with_room(block: list[Row], row: Row, em: float) -> bool:
    """The block's last line closes a sentence and leaves room for the next row's first
    word within the measure: a line breaker (TeX's or a browser's) moves a word down only
    when it does not fit, so only a paragraph's last line leaves such room."""
    prev = block[-1]
    if not prev.text.rstrip().endswith((".", "!", "?")):
        return False
    first = _first_word(row)
    if first is None:
        return False
    measure = max(max(r.bbox.width for r in block), row.bbox.width)
    return prev.bbox.width + 0.25 * em + first < measure - 0.25 * em


FLUSH_EM = 0.5       # a paragraph's lines after its first start this close to the column's edge


def _broken_prose(prev: Row, row: Row, column: BBox, em: float) -> bool:
    """`prev` is a line of prose words the line breaker broke because the next row's first
    word did not fit before the column's right edge: running text (ragged right, so it may
    end short of the edge, and indented as a paragraph's first line), neither a centred
    label nor a display set apart. The paragraph goes on flush left under it; a line over
    another line set in from the edge (a title block, an author over the affiliation, both
    centred) is no such line."""
    if row.bbox.x0 > column.x0 + FLUSH_EM * em:
        return False          # the line under it is set in too (a title block's next line,
                              # an author's affiliation): lines centred one over the other
    return _wants_room(prev, row, column, em)


SENTENCE_CLOSE = (".", "!", "?", ":", ";")
FULL_WORDS = 5       # a line of running text broken for want of room holds several words
                     # (a name over its affiliation does not; a long word moved down, a
                     # link, may leave the line short of the measure)


def _wants_room(prev: Row, row: Row, column: BBox, em: float) -> bool:
    """`prev` is prose and the next row's first word would not have fit after it
    before the column's right edge: the line breaker moved that word down."""
    first = _first_word(row)
    if first is None or not prose_line(max(prev.lines, key=lambda ln: ln.bbox.width)):
        return False          # (its widest piece: a list item's number stands beside it)
    if len(prev.text.split()) < FULL_WORDS:
        return False          # a name over its affiliation: a few words, whatever follows
    return prev.bbox.x1 + 0.25 * em + first > column.x1 - WORD_SLACK * em


WORD_SLACK = 0.25    # the first word's width is estimated from its row's average character
                     # (spaces and narrow letters in it): a word of wide letters is wider


def _first_word(row: Row) -> float | None:
    """The width of the row's first word, by its share of the row's characters (None for
    a row without one): what a line breaker would have had to fit on the line above."""
    text = row.text.strip()
    if not text:
        return None
    return row.bbox.width * len(text.split()[0]) / len(text)


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
