"""The words of a page that tables are built from: the text page's word boxes read once
a page (`PageText`), each matched once, when first asked for, to the span of the lines
that holds it, with its font's size, weight and kind (maths, monospaced), then handed out
box by box."""
from __future__ import annotations

from ..model import Line
from ..text.monospace import is_mono
from ..text.symbol_codes import from_symbol_codes
from .table_grid import Word
from .table_words import _is_math_font, _touches_any, unglued


class PageText:
    """The text page's word boxes, read from MuPDF once, and the words the spans of a list
    of lines hold, each matched once: the finders ask for the words of one page up to
    four times (rules crossing words, the words of ruled regions, of turned labels, of
    aligned bands and captioned bands), each time over the same lines in other boxes, and
    each `extractWORDS` walks the whole text page."""

    def __init__(self, textpage) -> None:
        self._textpage = textpage
        self._words: list | None = None
        self._spans: list = []              # (lines, their SpanIndex), the lines kept alive

    def extractWORDS(self) -> list:   # noqa: N802 (the TextPage method it stands for)
        if self._words is None:
            self._words = self._textpage.extractWORDS()
        return self._words

    def spans(self, lines: list[Line]) -> SpanIndex:
        """The `SpanIndex` of `lines` (the same list object: built once)."""
        for known, index in self._spans:
            if known is lines:
                return index
        index = SpanIndex(lines)
        self._spans.append((lines, index))
        return index


def page_words(textpage, lines: list[Line], em: float, boxes=None) -> list[Word]:
    """Word boxes with the size and weight of the span they sit in (only those inside
    `boxes` when given, held by a span of a line that reaches into them), in the text
    page's order."""
    index = textpage.spans(lines) if isinstance(textpage, PageText) else SpanIndex(lines)
    kept = grown = None
    if boxes is not None:
        kept = [_touches_any(ln.bbox, boxes) for ln in lines]
        grown = [(b[0] - 1, b[1] - 1, b[2] + 1, b[3] + 1) for b in boxes]
    out: list[Word] = []
    for i, word in enumerate(textpage.extractWORDS()):
        if grown is not None:
            cx, cy = (word[0] + word[2]) / 2, (word[1] + word[3]) / 2
            for x0, y0, x1, y1 in grown:
                if x0 <= cx <= x1 and y0 <= cy <= y1:
                    break
            else:
                continue                      # in none of the boxes
        for k, words in index.held(i, word):  # the first span of a kept line that holds it
            if kept is None or kept[k]:
                out.extend(words)
                break
    return out


class SpanIndex:
    """The spans of a list of lines, by 8 pt bands of y, and what each word of the text
    page is held by, read on first ask: (index of the line, the word's Words) for each
    span that holds it, in the order of the lines and their spans. A word belongs to the
    first of them among the lines asked for; rotated, vertical or furniture text is held
    by none (never a table cell)."""

    def __init__(self, lines: list[Line]) -> None:
        self._buckets: dict[int, list[tuple]] = {}   # band -> (reach of a span, span, line)
        for k, ln in enumerate(lines):
            for s in ln.spans:
                if s.text.strip():
                    b = s.bbox
                    entry = (b.x0 - 0.5, b.x1 + 0.5, b.y0 - 0.5, b.y1 + 0.5, 1.5 * b.height + 1, s, k)
                    for j in range(int(b.y0 // 8), int(b.y1 // 8) + 1):
                        bucket = self._buckets.get(j)
                        if bucket is None:
                            self._buckets[j] = [entry]
                        else:
                            bucket.append(entry)
        self._held: dict[int, list] = {}            # index of a word -> what holds it
        self._styles: dict[str, tuple] = {}          # span id -> (size, bold, math, mono)

    def held(self, i: int, word: tuple) -> list:
        """What holds word `i` of the text page (`word`, as `extractWORDS` gives it)."""
        found = self._held.get(i)
        if found is None:
            found = self._held[i] = self._match(word)
        return found

    def _match(self, word: tuple) -> list:
        x0, y0, x1, y1, text = word[:5]
        cy = (y0 + y1) / 2
        near = self._buckets.get(int(cy // 8))
        if near is None or not text.strip():
            return []                         # no span of the lines read lies there
        cx = (x0 + x1) / 2
        h = y1 - y0
        held = []
        for sx0, sx1, sy0, sy1, tall, s, k in near:
            if sx0 <= cx <= sx1 and sy0 <= cy <= sy1 and h <= tall:
                style = self._style(s)
                read = from_symbol_codes(text, s.font)      # as the span's text reads them
                if "__" in read or "...." in read:
                    held.append((k, [Word(a, y0, b, y1, piece, *self._piece_style(near, k, (a + b) / 2, cy, style))
                                     for a, b, piece in unglued(x0, x1, read)]))
                else:
                    held.append((k, [Word(x0, y0, x1, y1, read, *style)]))
        return held

    def _style(self, s) -> tuple:
        style = self._styles.get(s.id)
        if style is None:
            style = self._styles[s.id] = (s.size, s.bold, _is_math_font(s.font), is_mono(s))
        return style

    def _piece_style(self, near: list, k: int, cx: float, cy: float, style: tuple) -> tuple:
        """The style of the span of line `k` that holds a piece of a glued word at (cx, cy):
        a bold label ('of period') and the regular leader drawn after it with no space
        ('.......$') are one word of the text page, but not one face."""
        for sx0, sx1, sy0, sy1, _, s, j in near:
            if j == k and sx0 <= cx <= sx1 and sy0 <= cy <= sy1:
                return self._style(s)
        return style
