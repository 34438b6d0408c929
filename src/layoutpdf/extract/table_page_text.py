"""The words of a page that tables are built from: the text page's word boxes read once
a page (`PageText`), each matched once to the span of the lines that holds it, with its
font's size, weight and kind (maths, monospaced), then handed out box by box."""
from __future__ import annotations

from ..model import Line
from ..text.monospace import is_mono
from .table_grid import Word
from .table_words import _in_any, _is_math_font, _touches_any, unglued


class PageText:
    """The text page's word boxes, read from MuPDF once, and the words the spans of a list
    of lines hold, matched once: the finders ask for the words of one page up to four
    times (rules crossing words, the words of ruled regions, of turned labels, of aligned
    bands and captioned bands), each time over the same lines in other boxes, and each
    `extractWORDS` walks the whole text page."""

    def __init__(self, textpage) -> None:
        self._textpage = textpage
        self._words: list | None = None
        self._matched: list = []            # (lines, their matches), the lines kept alive

    def extractWORDS(self) -> list:   # noqa: N802 (the TextPage method it stands for)
        if self._words is None:
            self._words = self._textpage.extractWORDS()
        return self._words

    def matched(self, lines: list[Line]) -> list:
        """`matched_words` of `lines` (the same list object: read once)."""
        for known, found in self._matched:
            if known is lines:
                return found
        found = matched_words(self.extractWORDS(), lines)
        self._matched.append((lines, found))
        return found


def page_words(textpage, lines: list[Line], em: float, boxes=None) -> list[Word]:
    """Word boxes with the size and weight of the span they sit in (only those inside
    `boxes` when given, held by a span of a line that reaches into them)."""
    if isinstance(textpage, PageText):
        found = textpage.matched(lines)
    else:
        found = matched_words(textpage.extractWORDS(), lines)
    if boxes is None:
        return [w for _, _, held in found for w in held[0][1]]
    kept = [_touches_any(ln.bbox, boxes) for ln in lines]
    grown = [(b[0] - 1, b[1] - 1, b[2] + 1, b[3] + 1) for b in boxes]
    out: list[Word] = []
    for cx, cy, held in found:
        if not _in_any(cx, cy, grown):
            continue
        for k, words in held:               # the first span of a kept line that holds it
            if kept[k]:
                out.extend(words)
                break
    return out


def matched_words(extracted: list, lines: list[Line]) -> list[tuple[float, float, list]]:
    """(centre x, centre y, held) of each word of the text page (`extracted`, in its order)
    that a span of `lines` holds; `held` lists (index of the line, the word's Words) for
    each span that holds it, in the order of the lines and their spans: the word belongs
    to the first of them among the lines asked for."""
    buckets: dict[int, list[tuple]] = {}     # 8 pt bands of y -> (reach of a span, span)
    for k, ln in enumerate(lines):
        for s in ln.spans:
            if s.text.strip():
                b = s.bbox
                entry = (b.x0 - 0.5, b.x1 + 0.5, b.y0 - 0.5, b.y1 + 0.5, 1.5 * b.height + 1, s, k)
                for j in range(int(b.y0 // 8), int(b.y1 // 8) + 1):
                    bucket = buckets.get(j)
                    if bucket is None:
                        buckets[j] = [entry]
                    else:
                        bucket.append(entry)
    out = []
    styles: dict[str, tuple] = {}            # span id -> (size, bold, math, mono)
    # (run once a page over every word of it: the loop is kept to plain locals)
    for x0, y0, x1, y1, text, _block, _line, _word in extracted:
        cy = (y0 + y1) / 2
        near = buckets.get(int(cy // 8))
        if near is None or not text.strip():
            continue                          # no span of the lines read lies there
        cx = (x0 + x1) / 2
        h = y1 - y0
        held = []
        for sx0, sx1, sy0, sy1, tall, s, k in near:
            if sx0 <= cx <= sx1 and sy0 <= cy <= sy1 and h <= tall:
                style = styles.get(s.id)
                if style is None:
                    style = styles[s.id] = (s.size, s.bold, _is_math_font(s.font), is_mono(s))
                if "__" in text or "...." in text:
                    held.append((k, [Word(a, y0, b, y1, piece, *style) for a, b, piece in unglued(x0, x1, text)]))
                else:
                    held.append((k, [Word(x0, y0, x1, y1, text, *style)]))
        if held:
            out.append((cx, cy, held))
        # else: rotated, vertical or furniture text is never a table cell
    return out
