"""Footnotes bound to their in-text anchors.

A footnote is a FOOTNOTE block (small text closing a column) that starts with a marker;
a block holding several notes is split where a line starts with a new marker. An anchor
is a raised, smaller glyph run (or a Unicode superscript) in body text whose value is a
marker (anchors.py); it binds to the note with the same marker on its page, else on the
next page (notes can be set one page later). The marker is taken out of the paragraph
text and its position kept as `anchor_offset`, so the renderer writes `[^id]` there and
the definition right after the paragraph. A mark in a table cell stays in its cell; its
note is written under the table with the table's notes. Unbound notes are kept and
flagged.

Endnotes (endnotes.py: numbered notes lists after the text) bind by number to the first
such note after the mark, are written the same way, and have `kind` "endnote" (and the
reason `kind: endnote`, their blocks too). A note's id, its Markdown label, is its
printed mark (`[^3]`).
"""
from __future__ import annotations

import re
from itertools import accumulate
from dataclasses import dataclass, replace

from ...model import BBox, Document, Element, Footnote, Layer, Line, Role, Span
from ...settings import Settings
from ...text.lines import SENTENCE_END, join_lines, line_text
from .anchors import (ANCHOR_ROLES, MARKER, find_anchors, raised, without_affiliation_marks,
                      without_labelled_marks)
from .endnotes import find_endnotes, number_of, strip_number, trailing_notes
from .plain_marks import plain_marks

# enum members read in per-element loops, bound once: reading Role.X or Layer.X goes
# through EnumType's attribute hook, several times slower than a global on Python 3.11
_BODY = Layer.BODY
_FOOTNOTE = Role.FOOTNOTE

# '3 Note', '3) Note' (CJK style); not the section number '5.1: Build ...' or '12.5 %'
_LEADING = re.compile(r"^\s*(" + MARKER + r")(?!\d|[.,]\d)\)?(?=\s*\S)")
_SUPERSCRIPT_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
_UNICODE_SUP = re.compile(r"(?<=\w)([⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3})")
_FULL_STOPS = (".", "!", "?", "。", "！", "？", ".\u201d", ".\u2019", '."')   # not ')' or ':'
ENDNOTE = "kind: endnote"   # the reason that marks a note (and its block) as an endnote


@dataclass
class _Note:
    marker: str
    lines: list[Line]
    element: Element
    continuation: list[Element]
    endnote: bool = False     # in a notes list after the text: bound by number, not by page
    order: int = 0            # reading-order index of `element` (endnotes)
    run: int = 0              # endnotes: which numbering (each note 1 starts one: a chapter's)


def run(doc: Document, settings: Settings) -> Document:
    if not settings.footnotes.enabled:
        return doc
    lines = doc.lines_by_id()
    order = {e.id: k for k, e in enumerate(doc.elements)}
    notes, in_lists, anchors = _notes_and_anchors(doc, lines, order)
    if not notes:
        return doc
    ids = _note_ids(notes)
    elements = {e.id: e for e in doc.elements}
    bound, removals = _bind(notes, anchors, elements, order)
    _bind_plain(notes, bound, removals, doc, lines)
    new_text, shift = _strip_markers(elements, removals)
    footnotes = [_footnote(note, ids[k], bound.get(k), shift) for k, note in enumerate(notes)]
    out = [replace(e, text=new_text[e.id]) if e.id in new_text else e for e in doc.elements]
    out = [_as_endnote(e) if e.id in in_lists else e for e in out]
    return replace(doc, elements=tuple(out), footnotes=tuple(footnotes),
                   equations=_still_written(doc.equations, elements, new_text),
                   tables=_with_cell_notes(doc.tables, footnotes, elements))


def _with_cell_notes(tables, footnotes: list[Footnote], elements: dict[str, Element]):
    """Tables with the notes their cells mark written under them, as table notes are
    ('† The lower number ...'): a note bound to a table is read with the table, not left
    at the page foot. (The mark stays printed in its cell.)"""
    extra: dict[str, list[str]] = {}
    for fn in footnotes:
        anchor = elements.get(fn.anchor_element_id or "")
        if anchor is not None and anchor.role is Role.TABLE:
            extra.setdefault(anchor.id, []).append(f"{fn.marker} {fn.text}")
    if not extra:
        return tables
    return tuple(replace(t, footnotes=t.footnotes + tuple(extra[t.element_id]))
                 if t.element_id in extra else t for t in tables)


def _footnote(note: _Note, fid: str, binding, shift) -> Footnote:
    """The note as the model keeps it: bound to its anchor (`binding`), or flagged."""
    bbox = BBox.union_all(ln.bbox for ln in note.lines if ln.page == note.element.page)
    runs_on = (ENDNOTE,) * note.endnote + _runs_on(note)
    common = dict(id=fid, marker=note.marker, text=_note_text(note), page=note.element.page, bbox=bbox,
                  element_id=note.element.id, kind="endnote" if note.endnote else "footnote",
                  continuation_element_ids=tuple(c.id for c in note.continuation))
    if binding is None:
        return Footnote(**common, score=0.0, reasons=("no anchor found",) + runs_on, needs_review=True)
    anchor, offset, span, score, why = binding
    return Footnote(**common, anchor_element_id=anchor.id,
                    anchor_offset=None if offset is None else shift(anchor.id, offset),
                    anchor_span_id=span.id if span is not None else None,
                    score=score, reasons=(why,) + runs_on, needs_review=score < 0.8)


def _still_written(equations, elements: dict[str, Element], new_text: dict[str, str]):
    """Inline formulas less those a mark was taken out of: a note mark the math stage
    wrote as a script ('$v3.0.0^{9}$') leaves plain text, and no formula."""
    def gone(q) -> bool:
        el = q.element_id
        return not q.display and el in new_text and "$" + q.latex + "$" in elements[el].text \
            and "$" + q.latex + "$" not in new_text[el]
    return tuple(q for q in equations if not gone(q))


def _bind(notes: list[_Note], anchors, elements: dict[str, Element], order: dict[str, int]):
    """Each mark, in reading order, to its note: the page-foot note with its marker on its
    page or the next, else the endnote with its number after it. Returns the bindings
    {note index: (anchor element, offset, span, score, reason)} and the marks to take
    out of each element's text."""
    bound: dict[int, tuple[Element, int, Span, float, str]] = {}
    removals: dict[str, list[tuple[int, int]]] = {}
    run = 0                                   # the numbering the last endnote mark bound in
    for el_id, page, marker, span, offset, cuts in anchors:
        k = _match(notes, bound, marker.rstrip(")"), page)      # anchor '3)' -> note 3
        if k is None:
            k = _match_endnote(notes, bound, marker.rstrip(")"), order[el_id], run)
            if k is None:
                continue
            run = notes[k].run
            why = (0.9, "raised marker matches the note with its number in the notes list after it")
        else:
            why = (1.0, "raised marker matches on the same page") if notes[k].element.page == page \
                else (0.7, "raised marker matches a note on the next page")
        bound[k] = (elements[el_id], offset, span) + why
        removals.setdefault(el_id, []).extend(cuts)
    return bound, removals


def _bind_plain(notes: list[_Note], bound: dict, removals: dict, doc: Document,
                lines: dict[str, Line]) -> None:
    """Marks printed on the baseline, glued to their word (plain_marks.py), for the
    page-foot notes no raised mark answered."""
    unanswered = [(k, n.marker, n.element.page) for k, n in enumerate(notes)
                  if k not in bound and not n.endnote]
    if not unanswered:
        return
    body = [e for e in doc.elements
            if e.layer is _BODY and e.role in ANCHOR_ROLES and e.markup == "text"]
    for k, e, offset, span in plain_marks(unanswered, body, lines):
        if any(off == offset for off, _ in removals.get(e.id, ())):
            continue
        bound[k] = (e, offset, span, 0.6, "a number glued to a word on the note's page (a mark "
                                          "printed without its raise)")
        removals.setdefault(e.id, []).append((offset, len(notes[k].marker)))


def _note_text(note: _Note) -> str:
    """The note's lines without its marker, then the blocks it runs on into."""
    text = join_lines([line_text([ln]) for ln in note.lines])
    if note.endnote:
        text = strip_number(text)
    elif _starts_with_marker(note):
        text = _LEADING.sub("", text, count=1).strip()
    for cont in note.continuation:
        text = join_lines([text, cont.text])
    return text


def _notes_and_anchors(doc: Document, lines: dict[str, Line], order: dict[str, int]):
    """The notes (page-foot notes in reading order, then endnotes), the blocks of the notes
    lists, and the marks in the text. A notes list without a heading (Writer's endnotes
    page) is one only when the text before it marks each of its numbers."""
    headed = find_endnotes(doc, lines)
    trailing = [] if headed else trailing_notes(doc, lines)
    while True:
        lists = headed + trailing
        in_lists = _elements_of(lists)
        romans = frozenset(n.marker for n in lists if not n.marker.isdigit())
        anchors = find_anchors(doc, lines, in_lists, romans)
        foot = _collect_notes(doc, lines, in_lists)
        if not trailing or _all_marked(trailing, anchors, foot, order):
            break
        trailing = []
    anchors = without_labelled_marks(doc, lines, without_affiliation_marks(anchors), in_lists)
    runs = list(accumulate(number_of(n.marker) == 1 for n in lists))
    endnotes = [_Note(n.marker, n.lines, n.element, n.continuation, True, n.order, run)
                for n, run in zip(lists, runs)]
    return foot + endnotes, in_lists, anchors


def _all_marked(notes, anchors, foot: list[_Note], order: dict[str, int]) -> bool:
    """Every note's number is a mark in the text before the notes that no page-foot note
    answers (a mark binds to the note on its page, or the next, first)."""
    start = min(n.order for n in notes)
    at_foot = {(n.marker, n.element.page) for n in foot}
    marked = {marker for el_id, page, marker, *_ in anchors if order[el_id] < start
              and (marker, page) not in at_foot and (marker, page + 1) not in at_foot}
    return all(n.marker in marked for n in notes)


def _elements_of(endnotes) -> set[str]:
    """The blocks a notes list is made of: each note's own, its continuation blocks, and
    blocks whose first lines end the note before."""
    return {el for n in endnotes for el in (n.element.id, *(c.id for c in n.continuation))}


def _as_endnote(e: Element) -> Element:
    """A block of a notes list becomes a note block: its notes are written after their
    anchors (or as loose definitions), not as a numbered list."""
    reasons = e.reasons if ENDNOTE in e.reasons else e.reasons + (ENDNOTE,)
    return replace(e, role=_FOOTNOTE, reasons=reasons)


def _match_endnote(notes: list[_Note], bound: dict, marker: str, at: int, run: int) -> int | None:
    """The first unbound endnote with the anchor's number after it, in the numbering of the
    last bound mark or a later one: numbering restarts with each chapter, in the text and
    in the notes alike, so a chapter's marks never go back to an earlier chapter's notes
    (not even to a note whose mark was missed)."""
    best = None
    for k, n in enumerate(notes):
        if n.endnote and k not in bound and n.marker == marker and n.order > at and n.run >= run \
                and (best is None or (n.run, n.order) < (notes[best].run, notes[best].order)):
            best = k
    return best


# -- notes ----------------------------------------------------------------------------------
def _line_marker(line: Line) -> str | None:
    spans = [s for s in line.spans if s.text.strip()]
    if not spans:
        return None
    if len(spans) > 1 and raised(spans[0], line) and re.fullmatch(MARKER, spans[0].text.strip()):
        return spans[0].text.strip()
    m = _LEADING.match(line.text)
    if m and (m.group(1).isdigit() or not m.group(1).isalpha()):
        return m.group(1)
    sup = re.match(r"^\s*([⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3})", line.text)
    return sup.group(1).translate(_SUPERSCRIPT_DIGITS) if sup else None


def _raised_first(line: Line) -> bool:
    spans = [s for s in line.spans if s.text.strip()]
    return len(spans) > 1 and raised(spans[0], line)


def _small_first(line: Line) -> bool:
    """The line opens with a marker set in smaller type (a note number on the baseline)."""
    spans = [s for s in line.spans if s.text.strip()]
    return len(spans) > 1 and spans[0].size <= line.size * 0.8 and re.fullmatch(MARKER, spans[0].text.strip()) is not None


def _follows(current: str, marker: str) -> bool:
    """`marker` is the next note after `current`: n then n+1, or a symbol note (the
    corresponding-author star) then the first numbered note."""
    cur = current.rstrip(")")
    nxt = marker.rstrip(")")
    if cur.isdigit() and nxt.isdigit():
        return int(nxt) == int(cur) + 1
    return not cur.isalnum() and nxt == "1"


def _starts_with_marker(note: _Note) -> bool:
    return bool(note.lines) and _line_marker(note.lines[0]) is not None


def _collect_notes(doc: Document, lines: dict[str, Line], skip: set[str]) -> list[_Note]:
    notes: list[_Note] = []
    for e in doc.elements:
        if e.role is not _FOOTNOTE or e.layer is not _BODY or e.id in skip:
            continue
        own = sorted((lines[i] for i in e.line_ids if i in lines), key=lambda ln: (ln.bbox.y0, ln.bbox.x0))
        if not own:
            continue
        first_marker = _line_marker(own[0])
        if first_marker is None:
            prev = notes[-1] if notes else None
            if prev is None or prev.lines[-1].text.rstrip().endswith(SENTENCE_END):
                continue
            # a note continued at the top of the next page's note area, or of the next column's
            if not (prev.element.page == e.page - 1 and _is_page_top_note(doc, e)) \
                    and not _next_column_notes(doc, prev.element, e):
                continue
            start = next((k for k, ln in enumerate(own) if _opens_note(ln, own[k - 1] if k else None)),
                         len(own))
            if start == len(own):
                prev.continuation.append(e)
                continue
            prev.lines.extend(own[:start])    # its end, then the area's own notes
            own = own[start:]
            first_marker = _line_marker(own[0])
        left = own[0].bbox.x0
        current = _Note(first_marker, [own[0]], e, [])
        notes.append(current)
        for ln in own[1:]:
            mk = _line_marker(ln)
            ended = current.lines[-1].text.rstrip().endswith(SENTENCE_END + (",",))
            if mk is not None and abs(ln.bbox.x0 - left) < 0.6 * ln.size and mk != current.marker \
                    and (ended or _raised_first(ln) or _small_first(ln) or _follows(current.marker, mk)):
                current = _Note(mk, [ln], e, [])
                notes.append(current)
            else:
                current.lines.append(ln)
    return notes


def _opens_note(line: Line, before: Line | None) -> bool:
    """In a block that goes on with a note from the column or page before, the line opens
    the next note: it starts with a marker set apart (raised, or smaller than the text) or
    after a line that ended a sentence ('(Lett.)' then '35, 1081 (1997)' is not note 35)."""
    marker = _line_marker(line)
    if marker is None or re.match(r"\s*" + re.escape(marker) + r"\s*[,;:]", line.text):
        return False                  # '35, 1081': a number in a reference, not a note mark
    return _raised_first(line) or _small_first(line) \
        or (before is not None and before.text.rstrip().endswith(_FULL_STOPS))


def _runs_on(note: _Note) -> tuple[str, ...]:
    """The reason that says a note was joined across a column or page break (for the debug
    report and the inspector)."""
    pages = {c.page for c in note.continuation} | {ln.page for ln in note.lines}
    pages.discard(note.element.page)
    if pages:
        return ("note continued on the next page",)
    if note.continuation or note.lines[-1].bbox.x0 >= note.lines[0].bbox.x1:
        return ("note continued in the next column",)
    return ()


def _next_column_notes(doc: Document, prev: Element, e: Element) -> bool:
    """`e` is the first note block of a column to the right of `prev`'s on the same page:
    where a note cut at the foot of one column goes on (LaTeX's two-column notes, a
    Writer section in columns)."""
    if e.page != prev.page or e.bbox.x0 < prev.bbox.x1 - 1:
        return False
    return not any(o.page == e.page and o.role is _FOOTNOTE and o.id != e.id
                   and o.bbox.overlap_x(e.bbox) > 0 and o.bbox.y0 < e.bbox.y0
                   for o in doc.elements)


def _is_page_top_note(doc: Document, e: Element) -> bool:
    """The first footnote block of its page."""
    for other in doc.elements:
        if other.page == e.page and other.role is Role.FOOTNOTE:
            return other.id == e.id
    return False


def _note_ids(notes: list[_Note]) -> list[str]:
    """Note ids, which are the Markdown labels: the printed mark ('3' -> `[^3]`). A mark
    printed again (numbering restarts on each page or chapter) keeps the bare mark for its
    first note (page-foot notes in reading order, then endnotes); the later ones add
    their page (`[^1-p4]`), then a count when a page has it twice (`[^a-p4-2]`): unique,
    and the same on every run."""
    first: dict[str, int] = {}
    for k, n in enumerate(notes):          # page-foot notes in reading order, then endnotes
        first.setdefault(n.marker, k)
    out, used = [], set()
    for k, n in enumerate(notes):
        base = _safe(n.marker)
        fid = base if first[n.marker] == k else f"{base}-p{n.element.page + 1}"
        stem, count = fid, 1
        while fid in used:
            count += 1
            fid = f"{stem}-{count}"
        used.add(fid)
        out.append(fid)
    return out


def _safe(marker: str) -> str:
    names = {"*": "star", "†": "dagger", "‡": "ddagger", "§": "section", "¶": "para", "‖": "parallel", "#": "hash"}
    return "".join(names.get(c, c) for c in marker)


def _match(notes: list[_Note], bound: dict, marker: str, page: int) -> int | None:
    for target in (page, page + 1):
        for k, n in enumerate(notes):
            if k not in bound and not n.endnote and n.marker == marker and n.element.page == target:
                return k
    return None


def _strip_markers(elements: dict[str, Element], removals: dict[str, list[tuple[int, int]]]):
    new_text: dict[str, str] = {}
    for el_id, cuts in removals.items():
        text = elements[el_id].text
        for off, n in sorted(cuts, reverse=True):
            text = text[:off] + text[off + n:]
        new_text[el_id] = text

    def shift(el_id: str, offset: int) -> int:
        return offset - sum(n for off, n in removals.get(el_id, ()) if off < offset)
    return new_text, shift
