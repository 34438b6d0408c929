"""Manuscript line numbers: a column of small numbers counting up beside the text lines
(a review copy, a legal draft) is furniture, not text. Marked before page numbers, since
the first and last of them sit in the page's outer rows."""
from __future__ import annotations

import re
from collections import Counter

from ...model import Document, Layer, Line, Role
from .in_text import BESIDE_SHARE
from .outer_rows import PageLines

_LINE_NUMBER = re.compile(r"\d{1,5}")
MIN_LINE_NUMBERS = 5      # a column of numbers this long, counting up, beside text lines


def mark_line_numbers(doc: Document, lines: PageLines, marks: dict) -> None:
    """Line numbers of a review manuscript (lineno, journal submission styles): bare
    numbers stacked at one x in a margin or gutter, counting up down the page, each on
    the baseline of a text line beside it. Read as text they would open every line."""
    for page in doc.pages:
        upright = [ln for ln in lines.upright[page.index] if ln.id not in marks]
        nums = [ln for ln in upright if _LINE_NUMBER.fullmatch(ln.text.strip())]
        if len(nums) < MIN_LINE_NUMBERS:
            continue
        text = [ln for ln in upright if not _LINE_NUMBER.fullmatch(ln.text.strip())]
        for stack in _aligned_stacks(nums):
            if _counts_up(stack, doc.stats.line_height) and _beside_text(stack, text, page.width):
                for ln in stack:
                    marks[ln.id] = (Role.LINE_NUMBER, Layer.FURNITURE, "line numbers in the margin")


def _aligned_stacks(nums: list[Line]) -> list[list[Line]]:
    """Numbers sharing a right edge or a left edge (within 2 pt), at least MIN long; the
    longer reading wins where the two disagree (mixed widths share only one edge)."""
    found: list[list[Line]] = []
    for edge in (lambda b: b.x1, lambda b: b.x0):
        ordered = sorted(nums, key=lambda ln: edge(ln.bbox))
        group: list[Line] = []
        for ln in ordered + [None]:
            if ln is not None and group and edge(ln.bbox) - edge(group[-1].bbox) <= 2.0:
                group.append(ln)
                continue
            if len(group) >= MIN_LINE_NUMBERS:
                found.append(group)
            group = [ln] if ln is not None else []
    out: list[list[Line]] = []
    seen: set[str] = set()
    for group in sorted(found, key=len, reverse=True):
        if not any(ln.id in seen for ln in group):
            out.append(sorted(group, key=lambda g: g.baseline))
            seen.update(ln.id for ln in group)
    return out


def _counts_up(stack: list[Line], pitch: float) -> bool:
    """The numbers count lines: one step (1, or the 5 of every-fifth-line numbering) almost
    everywhere, and about one line pitch down the page per line counted (section numbers
    of a contents page and brackets of a tax table count something else)."""
    values = [int(ln.text.strip()) for ln in stack]
    steps = [b - a for a, b in zip(values, values[1:])]
    step, n = Counter(steps).most_common(1)[0]
    if not 1 <= step <= 10 or n < 0.8 * len(steps):
        return False
    per_line = sorted((b.baseline - a.baseline) / step
                      for a, b, d in zip(stack, stack[1:], steps) if d == step)
    return 0.6 * pitch <= per_line[len(per_line) // 2] <= 2.0 * pitch


def _beside_text(stack: list[Line], text: list[Line], width: float) -> bool:
    """Most numbers sit on a text line's baseline beside them, and no text runs through the
    stack. A line number stands in the margin right beside the line it numbers (a gutter
    of a few points); the page references of an index or contents list count up one per
    row as well, but at the far end of the measure, across the white space (or leaders)
    from the titles they belong to: more than a quarter of the page away, where
    `in_text.alone_on_row` no longer finds a number beside its row's text."""
    x0, x1 = min(ln.bbox.x0 for ln in stack), max(ln.bbox.x1 for ln in stack)
    # in a margin or gutter no text crosses them anywhere on the page (a title may): the
    # row numbers of a table sit under and over prose that does
    crossing = sum(1 for t in text if t.bbox.x0 < x1 - 0.5 and t.bbox.x1 > x0 + 0.5)
    if crossing > max(2, 0.1 * len(stack)):
        return False
    on_baseline = sum(1 for n in stack
                      if any(abs(t.baseline - n.baseline) <= 0.3 * max(t.size, 1.0)
                             and _gap(n, t) <= BESIDE_SHARE * width for t in text))
    return on_baseline >= 0.6 * len(stack)


def _gap(a: Line, b: Line) -> float:
    """The white space between two lines of one row (0 where they overlap)."""
    return max(0.0, b.bbox.x0 - a.bbox.x1, a.bbox.x0 - b.bbox.x1)
