"""Paragraphs cut by a column or page break become one paragraph again.

A paragraph that is the last body text of its column and does not end a sentence (or
whose last line runs to the column's right edge) continues in the first body paragraph
of the next column or page when that one starts flush left. Floats between the two
halves (captions, figures, tables, footnotes, equations set apart) move after the joined
paragraph, so no sentence is interrupted. They wait for the rest of the flow unit too:
display equations that follow the paragraph and the clause that goes on after them
("where ... is"): a float set at the top of the next page or column, read between the
sentence that introduces a display and the display, moves after them.
"""
from __future__ import annotations

import re
from dataclasses import replace

from ..elements import float_order
from ..elements.line_kinds import BULLET_CHARS, ROW_CELL, SIGNATURE_BLOCK, is_toc_entry
from ..model import BBox, Document, Element, Layer, Line, Region, Role
from ..settings import Settings
from ..text.lines import SENTENCE_END, hyphen_compounds, join_lines

# enum members read in per-element loops, bound once: reading Role.X or Layer.X goes
# through EnumType's attribute hook, several times slower than a global on Python 3.11
_BODY = Layer.BODY
_FIGURE_OR_TABLE = (Role.FIGURE, Role.TABLE)

FLOATS = {Role.CAPTION, Role.FIGURE, Role.TABLE, Role.FOOTNOTE, Role.MARGIN_NOTE}
FLOWING = {Role.PARAGRAPH, Role.LIST_ITEM}


def run(doc: Document, settings: Settings) -> Document:
    lines = doc.lines_by_id()
    compounds = hyphen_compounds(ln.text for ln in lines.values())
    elements = list(doc.elements)
    float_boxes: dict[int, list[BBox]] = {}
    body_boxes: dict[int, list[BBox]] = {}
    for e in elements:
        if e.role in _FIGURE_OR_TABLE:
            float_boxes.setdefault(e.page, []).append(e.bbox)
        if e.layer is _BODY:
            body_boxes.setdefault(e.page, []).append(e.bbox)
    i = 0
    while i < len(elements):
        a = elements[i]
        if a.layer is not _BODY or a.role not in FLOWING:
            i += 1
            continue
        j, between = _next_body(elements, i, lines)
        if j is None or not _continues(a, elements[j], [elements[k] for k in between], lines, doc,
                                       float_boxes, body_boxes):
            i += 1
            continue
        b = elements[j]
        markup, ta, tb = _same_markup(a, b)
        joined = replace(a, text=join_lines([ta, tb], compounds), markup=markup, line_ids=a.line_ids + b.line_ids,
                         continuation=a.continuation + (Region(b.page, b.bbox),) + b.continuation)
        floats = [elements[k] for k in between]
        elements[i:j + 1] = [joined] + floats
        # stay on the joined paragraph: it may continue once more
    return replace(doc, elements=tuple(_floats_after_displays(elements)))


def _floats_after_displays(elements: list[Element]) -> list[Element]:
    """Floats read between a paragraph and its displays (or its continuation after them)
    move after that flow unit; the body text keeps its order (`elements.float_order`)."""
    def kind(k: int, _held: int | None) -> str:
        e = elements[k]
        if e.layer is not _BODY:
            return float_order.SKIP     # furniture keeps its place (it is not read)
        if e.role in FLOATS:
            return float_order.FLOAT
        if e.role is Role.EQUATION:
            return float_order.DISPLAY
        return float_order.PROSE if e.role in FLOWING else float_order.OTHER

    order = float_order.floats_after_displays(
        len(elements), kind, lambda k: float_order.starts_lowercase(elements[k].text))
    return [elements[k] for k in order]


def _same_markup(a: Element, b: Element) -> tuple[str, str, str]:
    """Texts of both halves in one format: Markdown if either half holds inline math."""
    if a.markup == b.markup:
        return a.markup, a.text, b.text
    esc = lambda e: e.text if e.markup == "markdown" else e.text.replace("\\", "\\\\").replace("$", "\\$")
    return "markdown", esc(a), esc(b)


def _next_body(elements: list[Element], i: int,
               lines: dict[str, Line]) -> tuple[int | None, list[int]]:
    """The next body text after element i, and the floats read before it (with the notes
    and source lines set under a figure or table, `_float_note`, and the text a float
    holds, `_float_text`)."""
    between = []
    for k in range(i + 1, len(elements)):
        e = elements[k]
        if e.layer is not _BODY or e.role in FLOATS \
                or _float_note(elements[i], e, [elements[j] for j in between], lines) \
                or _float_text(e, elements[k + 1:k + 2], [elements[j] for j in between]):
            between.append(k)
            continue
        return k, between
    return None, between


def _float_text(e: Element, after: list[Element], between: list[Element]) -> bool:
    """`e` is text a float holds, read before the place where the paragraph `a` goes on:
    text set between a caption read before it and the figure or table right under it (the
    rows of a table its region missed). A caption is set next to its float, so what lies
    between the two is the float's; a paragraph does not run into a float and out again."""
    if e.role not in FLOWING:
        return False
    captions = [c for c in between if c.role is Role.CAPTION and c.page == e.page]
    return any(c.bbox.y1 <= e.bbox.y0 + 2 and c.bbox.overlap_x(e.bbox) > 0.5 * e.bbox.width
               for c in captions) and any(
        f.role in _FIGURE_OR_TABLE and f.page == e.page and 0 <= f.bbox.y0 - e.bbox.y1 < 1.0 * _size(e)
        and f.bbox.overlap_x(e.bbox) > 0.5 * e.bbox.width for f in after)


def _size(e: Element) -> float:
    """A rough type size of an element: its height per line, at least 6 pt."""
    return max(6.0, e.bbox.height / max(1, len(e.line_ids)))


def _float_note(a: Element, e: Element, between: list[Element], lines: dict[str, Line]) -> bool:
    """`e` is a note of a float read before it ('– Represents zero.', 'Source: ...'): text
    in smaller type than the paragraph `a`, set under a figure or table of its page. A
    report sets a table's notes and source that way, between the table and the text that
    goes on after it; they are the table's, not the paragraph's continuation."""
    if e.role not in FLOWING or not any(
            f.role in _FIGURE_OR_TABLE and f.page == e.page and e.bbox.y0 >= f.bbox.y1 - 2
            and e.bbox.overlap_x(f.bbox) > 0 for f in between):
        return False
    end, own = _last_line(a, lines), [lines[i].size for i in e.line_ids if i in lines]
    return end is not None and bool(own) and max(own) < 0.85 * end.size


def _last_part(e: Element):
    return e.continuation[-1] if e.continuation else e


def _continues(a: Element, b: Element, between: list[Element], lines: dict[str, Line],
               doc: Document, floats: dict[int, list[BBox]], body: dict[int, list[BBox]]) -> bool:
    if b.role not in FLOWING or b.role is Role.LIST_ITEM and a.role is not Role.LIST_ITEM:
        return False
    if SIGNATURE_BLOCK in a.reasons:
        return False          # a signature closes what it signs
    if (ROW_CELL in a.reasons or ROW_CELL in b.reasons) and a.page == b.page \
            and b.bbox.overlap_x(a.bbox) <= 0:
        return False          # a cell runs into no cell beside it (signers side by side)
    if b.role is Role.LIST_ITEM and _next_item(a.text, b.text):
        return False          # the list's next item: '6. ...' then '7. ...' (a justified item
                              # ends at the column's edge, as a cut one does)
    last = _last_part(a)
    if b.page == last.page and b.bbox.y0 > last.bbox.y1 and b.bbox.overlap_x(last.bbox) > 0.5 * min(
            b.bbox.width, last.bbox.width) and not _float_between(last, b, between, floats):
        return False  # below it in the same column, nothing set between them
    if b.page == last.page and b.bbox.y1 <= _column_top(last.bbox, body.get(b.page, ())):
        return False  # set above where the column it goes on from begins: the page's head
    if b.page > last.page + 1:
        return False
    if _titles_float(a, between, lines, doc.stats.body_size):
        return False          # a statement's title: it names the table under it
    text = a.text.rstrip()
    if not text or not b.text or is_toc_entry(text):
        return False          # a contents entry ends with its page number
    if _sizes_differ(a, b, lines):
        return False
    first = _first_line(b, lines)
    indented = first is not None and first.bbox.x0 > b.bbox.x0 + 0.6 * doc.stats.body_size
    if text.endswith(":") and any(f.role in _FIGURE_OR_TABLE and f.page == last.page for f in between):
        return False          # "... are as follows:" introduces the table under it, and ends there
    if not text.endswith(SENTENCE_END) and _heads_table(a, between, lines) and not b.text[:1].islower():
        return False          # a table's unit line or column heads: the table goes on under it
    if text.endswith(SENTENCE_END):
        end = _last_line(a, lines)
        full = end is not None and end.bbox.x1 >= last.bbox.x1 - 1.0 * doc.stats.body_size
        return full and not indented and len(a.line_ids) > 1
    return not indented or b.text[:1].islower()


def _column_top(box: BBox, body: list[BBox]) -> float:
    """Where the column of `box` begins on its page: the top of the highest body block over
    it (a block across the columns, a title or a figure, counts). The next column's text
    goes on from the top of the columns; a line set above them all (a report's band at the
    head of its main column, over a sidebar) opens that column, it does not continue the
    sidebar."""
    return min((b.y0 for b in body if b.overlap_x(box) > 0.5 * min(b.width, box.width)), default=box.y0)


TITLE_GAP = 1.5           # a title is set at most this many body sizes above its float


def _titles_float(a: Element, between: list[Element], lines: dict[str, Line], size: float) -> bool:
    """The text `a` is one short line set right above a table or figure read between it
    and the next text: the title of that float ("Consolidated Statements of Operations"
    in the body font, no full stop), which names what is under it and does not go on
    after it. A paragraph that a float cuts mid-column has lines above the float (and
    its last one there runs to the column's right edge)."""
    end = _last_line(a, lines)
    if end is None:
        return False
    under = _right_under(a, end, between, _FIGURE_OR_TABLE, TITLE_GAP * size)
    return len(a.line_ids) == 1 and any(end.bbox.x1 < f.bbox.x1 - 4 * size for f in under)


def _right_under(a: Element, end: Line, between: list[Element], roles, reach: float) -> list[Element]:
    """The floats of `roles` read between `a` and the next text that start right under
    `a`'s last line `end` (within `reach` points), across it."""
    page = _last_part(a).page
    return [f for f in between if f.role in roles and f.page == page
            and -2 <= f.bbox.y0 - end.bbox.y1 <= reach and f.bbox.overlap_x(end.bbox) > 0]


HEAD_GAP = 2.0            # a table starts at most this many of the text's sizes under its head


def _heads_table(a: Element, between: list[Element], lines: dict[str, Line]) -> bool:
    """A table with no caption starts right under the last line of `a` (a blank line at
    most), which ends no sentence: the table's head (a unit line, column heads the table's
    region missed, the words that introduce it). A word processor or a browser sets a
    table between paragraphs, never inside one, so the text over it ends there; only a
    float placed mid-paragraph (TeX's, set off by a caption) cuts one, and text that reads
    on after a table in one sentence starts lowercase (the caller lets that through)."""
    end = _last_line(a, lines)
    if end is None:
        return False
    reach = HEAD_GAP * end.size
    captions = [c for c in between if c.role is Role.CAPTION]
    return any(not _captioned(f, captions, reach) for f in _right_under(a, end, between, (Role.TABLE,), reach))


def _captioned(f: Element, captions: list[Element], reach: float) -> bool:
    """A caption is set right above or right under the float `f` (within `reach`)."""
    return any(c.page == f.page and c.bbox.overlap_x(f.bbox) > 0
               and (0 <= c.bbox.y0 - f.bbox.y1 < reach or 0 <= f.bbox.y0 - c.bbox.y1 < reach)
               for c in captions)


_NUMBER = re.compile(r"^\s*\(?(\d{1,3})[.)]\s")
_BULLET = re.compile(r"^\s*[" + BULLET_CHARS + r"]\s")


def _next_item(a: str, b: str) -> bool:
    """`b` opens with the number after the one `a` opens with (the next item of a numbered
    list: a book's notes, '6.' then '7.'), or both open with the same bullet: the next
    item, never the rest of `a` (an item cut by a page break goes on without a bullet)."""
    if _BULLET.match(b):
        return a.lstrip()[:1] == b.lstrip()[:1]
    ma, mb = _NUMBER.match(a), _NUMBER.match(b)
    return ma is not None and mb is not None and int(mb.group(1)) == int(ma.group(1)) + 1


INTERRUPTING = {Role.FIGURE, Role.TABLE, Role.CAPTION}


def _float_between(upper: Element, lower: Element, between: list[Element],
                   floats: dict[int, list[BBox]]) -> bool:
    """A figure or table (or its caption) set across the column between the two blocks:
    a float placed mid-column cuts a paragraph like a column break does. Text inside a
    figure's box (a code listing, labels) is the figure's, not a paragraph cut by it."""
    return any(f.role in INTERRUPTING and f.page == upper.page and f.bbox.y0 >= upper.bbox.y1 - 2
               and f.bbox.y1 <= lower.bbox.y0 + 2 and f.bbox.overlap_x(upper.bbox) > 0
               for f in between) and not any(
        box.covers_fraction(e.bbox) > 0.5 for e in (upper, lower) for box in floats.get(e.page, ()))


def _first_line(e: Element, lines: dict[str, Line]) -> Line | None:
    own = [lines[i] for i in e.line_ids if i in lines and lines[i].page == e.page]
    return min(own, key=lambda ln: (ln.bbox.y0, ln.bbox.x0)) if own else None


def _last_line(e: Element, lines: dict[str, Line]) -> Line | None:
    page = _last_part(e).page
    own = [lines[i] for i in e.line_ids if i in lines and lines[i].page == page]
    return max(own, key=lambda ln: (ln.bbox.y1, ln.bbox.x1)) if own else None


def _sizes_differ(a: Element, b: Element, lines: dict[str, Line]) -> bool:
    la, lb = _last_line(a, lines), _first_line(b, lines)
    if la is None or lb is None:
        return False
    return abs(la.size - lb.size) > 0.15 * max(la.size, lb.size)
