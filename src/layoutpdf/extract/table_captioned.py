"""A table that a "Table N" caption labels, ruled booktabs-style, whose cells hold prose
(issue 37).

A paper may set a table of text: summaries, quotations, examples one per row, each row a
paragraph, between a top rule, thin rules between the rows and a bottom rule, under a
"Table 1:" caption. The rule stack finder (`table_rules._stack_rules`) refuses to join
rules with paragraphs between them -- a report rules a statement's top and bottom and
sets its prose between two statements -- so such a table had no region. Two things mark
it as one table all the same, both from how such tables are made:

- the caption: a "Table N" caption right above the top rule (or right under the bottom
  rule) labels what the rules hold;
- the rule weights: booktabs draws the top and bottom rules heavier than the rules
  between the rows (\\toprule and \\bottomrule against \\midrule), so the table ends at the
  next rule as heavy as its top rule.

The region's rows are the bands between the rules, each one cell of text: the region is
what counts, its text is kept as it reads. An uncaptioned box or pair of rules around
prose (a sidebar) stays prose.
"""
from __future__ import annotations

import re

from ..model import Drawing, Line
from ..text.lines import hyphen_compounds, join_lines
from .table_grid import Grid, Seg, Word
from .table_rules import RULE_THICK, STACK_ALIGN_EM, crosses_or_captions

CAPTIONED = "captioned"  # the strategy of a table of text under its caption
CAPTION_GAP_EM = 1.5     # the top rule lies at most this far under the caption (or over it)
HEAVY = 0.9              # a rule at least this share of the top rule's weight is as heavy
MIN_ROWS_TEXT = 2        # a table of text holds at least this many lines
TABLE_LABEL = re.compile(r"^\s*(?:table|tab\.?)\s*(?:[A-Z]?\d+|[IVXLC]+\b)", re.I)


def captioned_bands(hs: list[Seg], drawings: list[Drawing], lines: list[Line], em: float):
    """Boxes of tables of text: a stack of rules of one length under a
    "Table N" caption (or over it), from the top rule to the next rule as heavy, with
    the rules between."""
    out = []
    for ln in lines:
        if not TABLE_LABEL.match(ln.text):
            continue
        top, bottom = _caption_extent(ln, lines)
        for below in (True, False):
            band = _band(hs, drawings, lines, em, (ln.bbox.x0, top, ln.bbox.x1, bottom), below)
            if band is not None:
                out.append(band)
                break
    return out


def _caption_extent(first: Line, lines: list[Line]) -> tuple[float, float]:
    """Top and bottom of the caption that opens with `first`: it and the lines set closely
    under it in its size (a caption wraps at line spacing)."""
    size = first.size or 10.0
    bottom = first.bbox.y1
    for ln in sorted(lines, key=lambda l: l.bbox.y0):
        if ln is first or ln.bbox.y0 < first.bbox.y0:
            continue
        if ln.bbox.y0 > bottom + 0.6 * size:
            break
        if ln.bbox.overlap_x(first.bbox) > 0 and abs((ln.size or size) - size) <= 0.15 * size:
            bottom = max(bottom, ln.bbox.y1)
    return first.bbox.y0, bottom


def _band(hs: list[Seg], drawings: list[Drawing], lines: list[Line], em: float, cap, below: bool):
    """The table ruled under (`below`) or over the caption box `cap`, or None."""
    x0, y0, x1, y1 = cap
    mid = (x0 + x1) / 2
    if below:
        near = [h for h in hs if y1 - 1 <= h.pos <= y1 + CAPTION_GAP_EM * em and h.a <= mid <= h.b]
        first = min(near, key=lambda h: h.pos, default=None)
    else:
        near = [h for h in hs if y0 - CAPTION_GAP_EM * em <= h.pos <= y0 + 1 and h.a <= mid <= h.b]
        first = max(near, key=lambda h: h.pos, default=None)
    if first is None or first.length < 0.5 * (x1 - x0):
        return None
    run = _run(first, hs, lines, em, below)
    heavy = _weight(first, drawings)
    end = next((k for k, h in enumerate(run) if _weight(h, drawings) >= HEAVY * heavy), None)
    if end is None or heavy <= 0:
        return None
    if end == 0 and len(run) > 1 and _weight(run[1], drawings) >= HEAVY * heavy:
        return None                         # rules all of one weight: where it ends is not told
    rules = sorted([first] + run[:end + 1], key=lambda h: h.pos)
    box = (min(h.a for h in rules), rules[0].pos, max(h.b for h in rules), rules[-1].pos)
    held = [ln for ln in lines if box[1] < ln.bbox.cy < box[3] and box[0] - em <= ln.bbox.cx <= box[2] + em]
    if len(held) < MIN_ROWS_TEXT:
        return None
    return box


def _run(first: Seg, hs: list[Seg], lines: list[Line], em: float, below: bool) -> list[Seg]:
    """The rules of the same length stacked on from `first` (down when `below`, else up),
    nearest first, up to a caption, a heading or text running past the rules' ends."""
    same = [h for h in hs if h is not first and abs(h.a - first.a) <= STACK_ALIGN_EM * em
            and abs(h.b - first.b) <= STACK_ALIGN_EM * em and (h.pos > first.pos + 0.5 if below
                                                               else h.pos < first.pos - 0.5)]
    same.sort(key=lambda h: h.pos, reverse=not below)
    out: list[Seg] = []
    last = first.pos
    for h in same:
        lo, hi = sorted((last, h.pos))
        if _apart(lines, lo, hi, first.a, first.b, em):
            break
        out.append(h)
        last = h.pos
    return out


def _apart(lines: list[Line], y0: float, y1: float, x0: float, x1: float, em: float) -> bool:
    """Text between two rules that no table holds: a caption, or a line running past the
    rules' ends (the page's text, not the table's)."""
    return any(y0 < ln.bbox.cy < y1 and ln.bbox.x1 >= x0 and ln.bbox.x0 <= x1
               and crosses_or_captions(ln, x0, x1, em) for ln in lines)


def _weight(h: Seg, drawings: list[Drawing]) -> float:
    """How heavy the rule is drawn: the stroke width of a line or of the outlined box
    whose top or bottom side it is, the height of a thin bar (the heaviest piece on it)."""
    best = 0.0
    for d in drawings:
        b = d.bbox
        if b.x1 < h.a or b.x0 > h.b:
            continue
        if b.height <= RULE_THICK and abs(b.cy - h.pos) <= 1.0:
            best = max(best, b.height, d.width if d.stroke is not None else 0.0)
        elif d.stroke is not None and min(abs(b.y0 - h.pos), abs(b.y1 - h.pos)) <= 1.0:
            best = max(best, d.width)       # a side of a box drawn round the table
    return best


def text_grid(box, hs: list[Seg], words: list[Word]) -> Grid | None:
    """The table of text in `box` (a captioned band): one row per band between its rules
    (`hs`: the page's), one cell holding the band's text as it reads (line by line, left
    to right)."""
    x0, y0, x1, y1 = box
    cuts = sorted({round(h.pos, 1) for h in hs if y0 - 1 <= h.pos <= y1 + 1
                   and abs(h.a - x0) <= 2 and abs(h.b - x1) <= 2})
    rows: list[list[str]] = []
    edges: list[float] = []
    compounds = hyphen_compounds(w.text for w in words)
    for a, b in zip(cuts, cuts[1:]):
        held = [w for w in words if a < w.cy < b and x0 - 1 <= w.cx <= x1 + 1]
        if held:
            lines = [" ".join(w.text for w in ln) for ln in _reading(held)]
            rows.append([join_lines(lines, compounds)])
            edges.append(a)
    if not rows:
        return None
    return Grid(box, rows, [x0, x1], edges + [y1], [], 0, CAPTIONED, 0.6,
                ["a table of text: rows between the rules under its 'Table' caption, "
                 "ending at the rule as heavy as its top rule"])


def _reading(words: list[Word]) -> list[list[Word]]:
    """Words in reading order: lines top to bottom (a word within half its height of a
    line's centre is on it), each left to right. The lines are joined as a paragraph's
    (`join_lines`: 'imple-' / 'ment' is one word; a compound the page writes whole keeps
    its hyphen)."""
    lines: list[list[Word]] = []
    for w in sorted(words, key=lambda w: w.cy):
        if lines and abs(w.cy - lines[-1][0].cy) <= 0.5 * w.h:
            lines[-1].append(w)
        else:
            lines.append([w])
    return [sorted(ln, key=lambda w: w.x0) for ln in lines]
