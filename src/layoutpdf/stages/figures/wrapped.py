"""Lines a typesetter broke because the next word did not fit: the lines of a paragraph.

A paragraph set in a column fills each line up to the column's right edge and moves the
next word down when it does not fit; so every line but the last reaches to within one word
of the widest line of its block. That holds however narrow the column: a sidebar box of two
narrow columns sets four or five words a line, fewer than a page's running text, and its
lines are still a paragraph's. A figure's labels and a chart's legend are not set that way:
a label ends where its words end. Read by `regions._prose_inside`.
"""
from __future__ import annotations

from typing import Sequence

from ...model import Line

PITCH = (0.9, 1.8)      # a paragraph's line pitch, in type sizes
SPACE = 0.25            # a word space, in type sizes
WORDED = 0.6            # share of a paragraph line's words that hold letters


def wrapped_lines(lines: Sequence[Line]) -> list[Line]:
    """The lines among `lines` that a paragraph wraps (lines of words, `_worded`): with a
    line of the same size set under it at a paragraph's pitch, flush with it on the left,
    whose first word would have overrun the block's right edge (the widest line flush with
    them) had it been set on it."""
    flat = sorted((ln for ln in lines if ln.horizontal and _worded(ln.text)),
                  key=lambda ln: (ln.bbox.y0, ln.bbox.x0))
    out = []
    for ln in flat:
        size = ln.size or 1.0
        flush = [b for b in flat if abs(b.bbox.x0 - ln.bbox.x0) <= 0.5 * size
                 and abs((b.size or size) - size) <= 0.1 * size]      # its block, top down
        below = next((b for b in flush if PITCH[0] * size <= b.bbox.y0 - ln.bbox.y0 <= PITCH[1] * size), None)
        if below is not None and ln.bbox.x1 + SPACE * size + _first_word_width(below) \
                > max(b.bbox.x1 for b in flush) - SPACE * size:
            out.append(ln)
    return out


def _worded(text: str) -> bool:
    """Three words or more, most of them words of letters: a line of a paragraph, not a
    row of a table's amounts (whose equal widths line up as a justified block's do)."""
    words = text.split()
    return len(words) >= 3 and sum(1 for w in words if any(ch.isalpha() for ch in w)) >= WORDED * len(words)


def _first_word_width(ln: Line) -> float:
    """The width of the line's first word, from its share of the line's characters."""
    text = ln.text.strip()
    first = text.split()[0] if text else ""
    return ln.bbox.width * len(first) / max(1, len(text))
