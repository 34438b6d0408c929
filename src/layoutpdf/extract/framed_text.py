"""A frame drawn around running text is no table.

Lecture notes box their theorems ("Satz 1.1 (Heine-Borel). Eine Teilmenge ..."), reports
their notes and warnings: a rectangle, sometimes a title bar stacked on it, around a
paragraph. Its rules bound a region like a table's, and the paragraph's word gaps or the
edge of the title bar offer "columns", so the grid cut the sentences into cells and lost
words on the way (maths among them). What tells them apart is how the text runs: in a
paragraph most of the text sits on lines that run across the frame with word spaces only;
in a table no line runs across its columns — a column gap or a column rule cuts every row.
The lines are read from the page's spans, maths included (a formula is part of its line).
Running text is words: a narrow column of amounts under a statement's subtotal rules
("$ 34,382" fills the width between its rules) runs across its frame too, but a line with
no letter in it is no line of prose (issue 39). And a frame that holds two rows of amounts
or more (two amounts a row, no word) holds a table's body, whatever runs across it: a
pension note's small table ruled under its spanning head and its column heads, the next
table's spanning head under its numbers (issue 39).
"""
from __future__ import annotations

from typing import Sequence

from ..model import BBox, Line, Span
from .table_grid import Seg
from .table_numbers import is_number

FULL_LINE = 0.8        # share of the frame's width a line of running text spans
WORD_GAP_EM = 1.0      # widest gap between two pieces of one line of (justified) text
PROSE_SHARE = 0.5      # share of the frame's characters on such lines that makes it prose
_SNAP = 2.0            # pt: rule/text tolerance (as the grid's)


def framed_prose(box: tuple[float, float, float, float], lines: Sequence[Line],
                 vrules: Sequence[Seg]) -> bool:
    """True when the text inside `box` reads as running text, not as table rows."""
    x0, y0, x1, y1 = box
    spans = [s for ln in _lines_in(lines, x0 - 1, y0 - 1, x1 + 1, y1 + 1) for s in ln.spans if s.text.strip()]
    total = sum(len(s.text.strip()) for s in spans)
    if not total:
        return False
    running = 0
    centred = [(s.bbox.cy, s.bbox) for s in spans]    # (read once: a frame has many rows)
    rows = _rows(spans)
    if sum(1 for row in rows if _amounts_apart(row)) >= 2:
        return False        # rows of amounts in columns: a table's body (its head may run across)
    for row in rows:
        lo, hi = min(s.bbox.y0 for s in row), max(s.bbox.y1 for s in row)
        # a formula's pieces off the baseline (a big operator, a lowered limit) fill
        # the line's gaps too
        pieces = [b for cy, b in centred if lo <= cy <= hi]
        if _worded(row) and _runs_across(pieces, x1 - x0, vrules, max(s.size for s in row)):
            running += sum(len(s.text.strip()) for s in row)
    return running >= PROSE_SHARE * total


def _lines_in(lines: Sequence[Line], left: float, top: float, right: float, bottom: float) -> list[Line]:
    """The lines whose centre lies in the box, read once per line (asked per region)."""
    out = []
    for ln in lines:
        b = ln.bbox
        if left <= (b.x0 + b.x1) / 2 <= right and top <= (b.y0 + b.y1) / 2 <= bottom:
            out.append(ln)
    return out


def _rows(spans: list[Span]) -> list[list[Span]]:
    """Spans grouped by baseline (a script or a maths letter of another font sits on it
    or near it)."""
    rows: list[list[Span]] = []
    for s in sorted(spans, key=lambda s: s.origin[1]):
        if rows and abs(s.origin[1] - rows[-1][0].origin[1]) <= 0.25 * s.size:
            rows[-1].append(s)
        else:
            rows.append([s])
    return rows


def _worded(row: list[Span]) -> bool:
    """A line of words, not of amounts: prose has letters, an amount ("$ 34,382",
    "(23,608 )") has digits, signs and punctuation only."""
    return any(ch.isalpha() for s in row for ch in s.text)


def _amounts_apart(row: list[Span]) -> bool:
    """A row of two amounts or more and no word: a table's body row, never a line of a
    paragraph."""
    return not _worded(row) and sum(1 for s in row if is_number(s.text.strip())) >= 2


def _runs_across(pieces: list[BBox], width: float, vrules: Sequence[Seg], size: float) -> bool:
    """A line spanning the frame, with word spaces only and no rule between its pieces."""
    pieces = sorted(pieces, key=lambda b: b.x0)
    if max(b.x1 for b in pieces) - pieces[0].x0 < FULL_LINE * width:
        return False
    reach, cy = pieces[0].x1, sum(b.cy for b in pieces) / len(pieces)
    for b in pieces[1:]:
        if b.x0 - reach > WORD_GAP_EM * size:
            return False
        if any(reach - 1 < v.pos < b.x0 + 1 and v.a - _SNAP <= cy <= v.b + _SNAP
               for v in vrules):
            return False
        reach = max(reach, b.x1)
    return True
