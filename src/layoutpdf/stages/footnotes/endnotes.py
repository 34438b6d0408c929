"""Endnotes: the numbered notes a document sets after its text instead of at the page
foot (an HTML `<ol>` of notes printed by a browser, LibreOffice Writer endnotes, a
journal's "Notes" section).

A notes list opens under a heading that names it ("Notes", "Endnotes", ...) and runs
until the next heading. Its notes are numbered in sequence (1, 2, 3 ... or i, ii, iii as
Writer numbers endnotes): a line starts a note when it opens with the next number, a
line that does not is the previous note going on (a wrapped line, a second paragraph).
The in-text marks bind to these notes by number (stage.py), which is what makes a
list printed pages away from its marks a set of notes rather than a numbered list.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...model import Document, Element, Layer, Line, Role
from ...text.lines import SENTENCE_END

# the heading of a notes list (plural: a single "Note" heads a remark, not a list); a
# "References" list is not one: its entries are cited, not annotations, and cited again
_NOTES_HEADING = re.compile(
    r"^\s*(?:[\dIVX]+(?:\.\d+)*\.?\s+)?(?:end\s*-?\s*notes|notes|foot\s*-?\s*notes|"
    r"anmerkungen|endnoten|fu(?:ß|ss)noten|notas|remarques)\s*:?\s*$", re.I)
# '1. Text', '1) Text', '[1] Text', '1 Text', 'ii. Text' (the number as printed, then text);
# Writer sets the number of its note area right before the text: '1Text', 'iiText';
# a number with a decimal part ('5.1: Build ...') is a section or figure number, no note's
_NUMBERED = re.compile(r"^\s*\[?(\d{1,3}|[ivxlc]{1,7})(?:[.)\]](?!\d)\s*|\s+|(?=[A-Z\u201c\"(]))(?=\S)")
_ROMAN = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}
_NOTE_ROLES = {Role.PARAGRAPH, Role.LIST_ITEM, Role.FOOTNOTE}


@dataclass
class Endnote:
    marker: str                      # as printed: '3', 'iv'
    lines: list[Line]
    element: Element                 # the block it starts in
    continuation: list[Element] = field(default_factory=list)
    order: int = 0                   # reading-order index of `element`


def number_of(marker: str) -> int | None:
    """The value of a printed note number: '12' -> 12, 'iv' -> 4 (Writer's endnotes)."""
    if marker.isdigit():
        return int(marker)
    if not marker or any(c not in _ROMAN for c in marker):
        return None
    total = 0
    for k, c in enumerate(marker):
        v = _ROMAN[c]
        total += -v if k + 1 < len(marker) and _ROMAN[marker[k + 1]] > v else v
    return total if 0 < total < 400 and _roman(total) == marker else None   # 'civil' is a word


def _roman(n: int) -> str:
    out = ""
    for value, digits in ((100, "c"), (90, "xc"), (50, "l"), (40, "xl"), (10, "x"), (9, "ix"),
                          (5, "v"), (4, "iv"), (1, "i")):
        while n >= value:
            out, n = out + digits, n - value
    return out


def leading_number(line: Line) -> str | None:
    """The note number a line opens with: a raised number, or one on the baseline
    followed by '.', ')', ']' or a space."""
    spans = [s for s in line.spans if s.text.strip()]
    if len(spans) > 1 and spans[0].size <= line.size * 0.85 \
            and spans[0].origin[1] < line.baseline - 0.15 * line.size \
            and re.fullmatch(r"\d{1,3}|[ivxlc]{1,7}", spans[0].text.strip()):
        return spans[0].text.strip()
    m = _NUMBERED.match(line.text)
    return m.group(1) if m and number_of(m.group(1)) is not None else None


def strip_number(text: str) -> str:
    """The note text without the number it opens with."""
    return _NUMBERED.sub("", text, count=1).strip()


def find_endnotes(doc: Document, lines: dict[str, Line]) -> list[Endnote]:
    """The notes of every notes list, in reading order."""
    body = [(k, e) for k, e in enumerate(doc.elements) if e.layer is Layer.BODY]
    out: list[Endnote] = []
    for pos, (_, e) in enumerate(body):
        if e.role in (Role.HEADING, Role.TITLE) and _NOTES_HEADING.match(e.text):
            out += _notes_under(body[pos + 1:], lines, e.level)
    return out


def trailing_notes(doc: Document, lines: dict[str, Line]) -> list[Endnote]:
    """A notes list with no heading: the blocks that end the document, numbered from 1 (or
    i) in sequence to the last block, set apart from the text before them by a page break
    (Writer's endnotes, on a page of their own) or by smaller type (a web page's notes
    list). Only a candidate: the stage keeps it when the text marks each of its numbers."""
    body = [(k, e) for k, e in enumerate(doc.elements) if e.layer is Layer.BODY]
    start = len(body)
    while start and body[start - 1][1].role in _NOTE_ROLES:
        start -= 1
    for pos in range(max(start, 1), len(body)):
        order, e = body[pos]
        before = body[pos - 1][1]
        if before.role in (Role.HEADING, Role.TITLE):
            continue                             # a list under a heading is that heading's
        if before.page == e.page and (e.role is Role.FOOTNOTE or not _smaller(e, before, lines)):
            continue                             # (notes at a page foot are page-foot notes)
        if not _restarts([(order, e)], lines):
            continue                             # the list opens with its first note
        notes = _notes_under(body[pos:], lines)
        if notes and _reaches_the_end(notes, body[-1][1]):
            return notes
    return []


def _smaller(e: Element, before: Element, lines: dict[str, Line]) -> bool:
    """`e` is set in smaller type than the block before it."""
    def size(x: Element) -> float:
        sizes = [lines[i].size for i in x.line_ids if i in lines]
        return max(sizes) if sizes else 0.0
    return 0 < size(e) < 0.95 * size(before)


def _reaches_the_end(notes: list[Endnote], last: Element) -> bool:
    """The notes hold the last block (nothing unnumbered is left after them)."""
    note = notes[-1]
    return last.id == note.element.id or any(c.id == last.id for c in note.continuation)


def _notes_under(following: list[tuple[int, Element]], lines: dict[str, Line],
                 level: int | None = None) -> list[Endnote]:
    """The numbered notes from the element after a notes heading (of `level`) to the next
    heading; a heading below the notes heading's level that opens a chapter's notes (1
    again) is the chapter's label inside the list."""
    notes: list[Endnote] = []
    pending: list[tuple[int, Element]] = []     # unnumbered blocks: kept only if a note follows
    for pos, (order, e) in enumerate(following):
        if e.role in (Role.HEADING, Role.TITLE):
            inside = level is not None and e.role is Role.HEADING and e.level > level
            if not (inside and _restarts(following[pos + 1:pos + 2], lines)):
                break
            pending = []                         # a chapter's label among the notes: its own
            continue
        if e.role not in _NOTE_ROLES:
            continue
        own = [lines[i] for i in e.line_ids if i in lines]
        if not own:
            continue
        start = next((k for k, ln in enumerate(own) if _opens(ln, notes, k == 0)), None)
        if start is None:
            pending.append((order, e))
            continue
        if notes and not (start == 0 and _restarts([(order, e)], lines)):
            last = notes[-1]
            for _, p in pending:
                last.continuation.append(p)
            last.lines.extend(own[:start])
        elif start and not notes:
            break                                # text before the first note: not a list
        pending = []
        _split_block(own[start:], e, order, notes)
    return notes if _is_sequence(notes) else []


def _restarts(blocks: list[tuple[int, Element]], lines: dict[str, Line]) -> bool:
    """The block opens with note 1 (or i): a chapter's notes start again (the unnumbered
    blocks before it are that chapter's label, not the end of the note before)."""
    for _, e in blocks:
        first = next((lines[i] for i in e.line_ids if i in lines), None)
        mk = leading_number(first) if first is not None else None
        return mk is not None and number_of(mk) == 1
    return False


def _opens(line: Line, notes: list[Endnote], block_start: bool) -> bool:
    """The line opens the next note: it starts with the next number (the first note: any
    number), at the start of a block or after a line that closed a sentence."""
    mk = leading_number(line)
    if mk is None:
        return False
    if not notes:
        return number_of(mk) is not None and block_start
    follows = _next_number(notes[-1].marker, mk) or number_of(mk) == 1   # 1: a chapter's notes
    return follows and (block_start or _ended(notes[-1].lines[-1]))


def _split_block(own: list[Line], e: Element, order: int, notes: list[Endnote]) -> None:
    """Lines of one block (opening with a note) cut where the next note starts."""
    left = own[0].bbox.x0
    for k, ln in enumerate(own):
        if k == 0 or (abs(ln.bbox.x0 - left) < 0.6 * ln.size and _opens(ln, notes, False)):
            notes.append(Endnote(leading_number(ln) or "", [ln], e, [], order))
        else:
            notes[-1].lines.append(ln)


def _ended(line: Line) -> bool:
    return line.text.rstrip().endswith(SENTENCE_END)


def _next_number(current: str, marker: str) -> bool:
    a, b = number_of(current), number_of(marker)
    same_kind = current.isdigit() == marker.isdigit()
    return a is not None and b is not None and same_kind and b == a + 1


def _is_sequence(notes: list[Endnote]) -> bool:
    """A list of notes: at least one, numbered from 1 (a chapter's notes restart at 1)."""
    return bool(notes) and number_of(notes[0].marker) == 1
