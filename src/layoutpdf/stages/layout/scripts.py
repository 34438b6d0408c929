"""A raised mark that the text layer stores as a line of its own goes back on its line.

A producer that writes a note mark (`copying²`, `²“Copying” is used`) as a separate text
object, after the line it sits on, leaves it in the text layer as a line of its own: a
few small characters whose baseline is above the line's and whose box lies inside the
line's height, touching the line at a word's end or at its start. Read apart, the mark
becomes a paragraph of its own that cuts the sentence it belongs to (and its note loses
its mark). It is a script of that line, so it joins it, in x order.
"""
from __future__ import annotations

import re
from dataclasses import replace

from ...model import BBox, Line, Page, Span

SCRIPT_SIZE = 0.85   # a script is set at most this share of its line's size
MAX_CHARS = 3        # a mark: '2', '12', '*', '†', 'a,b'
WORD_END_CHARS = 2.0   # a mark inside a span stands at a word's end this near its estimate
# what a note mark (or a charge sign) is made of; a bracket or a letter run is maths
MARK = re.compile(r"[0-9*\u2020\u2021\u00a7\u00b6\u2016#,\-\u2013\u2212]{1,3}|[a-z]")


def merge_scripts(page: Page, used: set[str]) -> Page:
    """The page with each lone raised mark joined to the line it is a script of."""
    lines = [ln for ln in page.lines if ln.id not in used and ln.horizontal]
    marks = [ln for ln in lines if MARK.fullmatch(ln.text.strip())]
    if not marks:
        return page
    merged: dict[str, Line] = {}
    dropped: set[str] = set()
    for mark in marks:
        host = _host(mark, lines, merged, dropped)
        if host is None:
            continue
        current = merged.get(host.id, host)
        spans = tuple(sorted(_split_at(current.spans, mark.bbox.x0) + mark.spans,
                             key=lambda sp: sp.bbox.x0))
        merged[host.id] = Line.build(host.id, host.page, spans, host.direction, host.vertical)
        dropped.add(mark.id)
    if not merged:
        return page
    return replace(page, lines=tuple(merged.get(ln.id, ln) for ln in page.lines if ln.id not in dropped))


def _host(mark: Line, lines: list[Line], merged: dict[str, Line], dropped: set[str]) -> Line | None:
    """The one line `mark` is a raised script of: set larger, the mark inside its height and
    raised above its baseline, touching its start or a word's end (between two of its
    spans, or at its end). None when no line, or more than one, qualifies."""
    found = None
    for ln in lines:
        if ln is mark or ln.id in dropped:
            continue
        if mark.size > SCRIPT_SIZE * ln.size or len(ln.text.strip()) <= MAX_CHARS:
            continue
        box, m = ln.bbox, mark.bbox
        if m.y0 < box.y0 - 0.25 * ln.size or m.y1 > box.y1 or mark.baseline >= ln.baseline - 0.1 * ln.size:
            continue
        if not _touches(m, ln):
            continue
        if found is not None:
            return None
        found = ln
    return found


def _touches(m, ln: Line) -> bool:
    """The mark's box meets the line at its start, its end, a gap between two spans, or a
    word's end inside a span (`_word_end`)."""
    pad = 0.25 * ln.size
    if ln.bbox.x0 - pad <= m.x1 <= ln.bbox.x0 + 1.0 or ln.bbox.x1 - 1.0 <= m.x0 <= ln.bbox.x1 + pad:
        return True
    return any(abs(sp.bbox.x1 - m.x0) <= 1.0 for sp in ln.spans[:-1]) or \
        any(_word_end(sp, m.x0) is not None for sp in ln.spans)


def _word_end(sp: Span, x: float) -> int | None:
    """Where in `sp` a mark at `x` stands when it sits after one of the span's words: the
    character index of that word's end. A span keeps no glyph positions, so the index is
    read from the share of its width left of `x` (a proportional face's widths average
    out over a few words, to a character or two) and taken when a word ends within
    WORD_END_CHARS of it."""
    text, b = sp.text, sp.bbox
    if not (b.x0 < x < b.x1) or b.width <= 0 or len(text) < 2:
        return None
    at = (x - b.x0) / b.width * len(text)
    ends = [i for i in range(1, len(text)) if text[i] == " " and text[i - 1] != " "]
    best = min(ends, key=lambda i: abs(i - at), default=None)
    return best if best is not None and abs(best - at) <= WORD_END_CHARS else None


def _split_at(spans: tuple[Span, ...], x: float) -> tuple[Span, ...]:
    """The spans with the one a mark at `x` stands inside cut at the word's end there, so
    the mark sorts in after that word."""
    out: list[Span] = []
    for sp in spans:
        i = _word_end(sp, x)
        if i is None:
            out.append(sp)
            continue
        b = sp.bbox
        cut = min(b.x0 + b.width * i / len(sp.text), x)     # the estimate, never past the mark
        rest = max(cut, x + 0.01)                            # the words after it sort after it
        out.append(replace(sp, text=sp.text[:i], bbox=BBox(b.x0, b.y0, cut, b.y1)))
        out.append(replace(sp, id=sp.id + ".r", text=sp.text[i:], bbox=BBox(rest, b.y0, b.x1, b.y1),
                           origin=(rest, sp.origin[1])))
    return tuple(out)
