"""Page texts: the texts the adapters hand to a framework, one per page or one per file.

In page mode every page gets the text printed on it. The renderer keeps a paragraph that runs across a page break whole (one unit, on the page
where it starts), which is what the splitter needs. A page-mode Document, though, must
hold the text printed on its own page, as PyMuPDFLoader's and PDFReader's do. So a prose
unit that spans pages is cut at each page break for the page texts, and every page text
comes with its *split view*: the text the splitter reads for that page, where the unit
that starts on the page is whole again and the pieces continued from an earlier page are
left out (they were split with the page they started on). The split view is stored as
segments of the page text, so the Document carries only the tail of a cut unit twice.

Where the cut falls: at the first word of the unit's first line on the next page, found
near the position the line lengths predict; failing that at the whitespace nearest that
position (hyphenated or rewritten words), or at that position (text without spaces).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..elements.float_order import starts_lowercase
from ..model import Document, Unit, UnitKind

CUT_KINDS = (UnitKind.PARAGRAPH, UnitKind.LIST_ITEM)     # prose: cut at a page break
_DEFINITIONS = re.compile(r"\n\n\[\^[^\]\n]+\]: ")        # footnote definitions after the body
SEP = "\n\n"


@dataclass(frozen=True)
class Piece:
    unit: int           # index of the unit
    page: int
    text: str
    first: bool         # the unit starts here
    whole: bool         # the unit is not cut


def unit_pieces(doc: Document, units: Sequence[Unit]) -> list[Piece]:
    """Each unit as one piece, or a prose unit spanning pages as one piece per page."""
    elements = {e.id: e for e in doc.elements}
    lines = doc.lines_by_id()
    current = doc.pages[0].index if doc.pages else 0
    out: list[Piece] = []
    for i, u in enumerate(units):
        if u.pages:
            current = u.pages[0]
        pages = [p for p in u.pages if p >= current]
        if u.kind not in CUT_KINDS or len(pages) < 2:
            out.append(Piece(i, current, u.text, True, True))
            continue
        unit_lines = [lines[ln] for eid in u.element_ids if eid in elements
                      for ln in elements[eid].line_ids if ln in lines]
        texts = _cut(u.text, pages, unit_lines)
        if len(texts) < 2:
            out.append(Piece(i, current, u.text, True, True))
            continue
        for k, (page, text) in enumerate(texts):
            out.append(Piece(i, page, text, k == 0, False))
    return out


def _cut(text: str, pages: list[int], unit_lines: list[Any]) -> list[tuple[int, str]]:
    """The unit's text as (page, piece) pairs, footnote definitions on the last piece."""
    m = _DEFINITIONS.search(text)
    body, notes = (text[:m.start()], text[m.start():]) if m else (text, "")
    chars = {p: 0 for p in pages}
    first_word: dict[int, str] = {}
    for ln in unit_lines:
        if ln.page in chars and ln.text.strip():
            chars[ln.page] += len(ln.text.strip()) + 1
            first_word.setdefault(ln.page, ln.text.split()[0])
    total = sum(chars.values())
    if not total or not body.strip():
        return []
    cuts, before = [0], 0
    for prev, page in zip(pages, pages[1:]):
        before += chars[prev]
        at = _cut_at(body, round(len(body) * before / total), first_word.get(page, ""), cuts[-1])
        if at is None:
            return []
        cuts.append(at)
    cuts.append(len(body))
    out = []
    for k, page in enumerate(pages):
        piece = body[cuts[k]:cuts[k + 1]].strip() if k else body[:cuts[1]].rstrip()
        if k == len(pages) - 1:
            piece += notes
        if piece.strip():
            out.append((page, piece))
    return out if out and out[0][0] == pages[0] else []


def _cut_at(body: str, guess: int, word: str, after: int) -> int | None:
    """Where the next page's text starts in `body`: after position `after`, near `guess`."""
    lo, hi = after + 1, len(body) - 1
    if lo > hi:
        return None
    guess = min(max(guess, lo), hi)
    window = max(40, len(body) // 6)
    if word:
        hits = [m.start() for m in re.finditer(r"(?:(?<=\s)|^)" + re.escape(word), body)
                if lo <= m.start() <= hi and abs(m.start() - guess) <= window]
        if hits:
            return min(hits, key=lambda h: (abs(h - guess), h))
    spaces = [m.end() for m in re.finditer(r"\s+", body) if lo <= m.end() <= hi]
    if spaces:
        return min(spaces, key=lambda s: (abs(s - guess), s))
    return guess


MODES = ("page", "single")   # one text per page, or one for the whole file


def check_mode(mode: str) -> str:
    if mode not in MODES:
        raise ValueError(f"mode must be 'page' or 'single', not {mode!r}")
    return mode


@dataclass(frozen=True)
class PageText:
    """One text handed to a framework: a page (page=index) or the whole file (page=None).

    `text` is what the Document holds (in page mode the text printed on the page);
    `units` are the units of its split view, the text the splitter reads: the same text,
    except that a unit cut by a page break is whole on the page where it starts and left
    out of the pages it continues on. `segments` describe the split view as slices of
    `text`, each with the tail of a unit cut there; None when the split view is `text`.
    """
    page: int | None
    text: str
    units: tuple[Unit, ...]
    segments: tuple[tuple[int, int, str], ...] | None = None

    def view(self) -> str:
        return split_view(self.text, self.segments)


def split_view(text: str, segments: Sequence[tuple[int, int, str]] | None) -> str:
    if segments is None:
        return text
    return "\n\n".join(text[s:e] + tail for s, e, tail in segments)


def parts_of(doc: Document, mode: str, image_dir: str | None = None,
             pages_delimiter: str | None = None,
             units_hook: Callable[[list[Unit]], list[Unit]] | None = None) -> list[PageText]:
    """Page mode: one text per page read, empty pages included, each with the text printed
    on it. Single mode: one text, the whole Markdown, or with a `pages_delimiter` the page
    texts joined by it (as PyMuPDFLoader and PDFReader join them). `units_hook` rewrites
    the rendered units first (table formats, image text).

    Rendering the whole document once (rather than page by page) keeps a paragraph
    continued across a page break one unit in the split view of the page where it starts.
    """
    from ..render.markdown import render_units
    units = render_units(doc) if image_dir is None else render_units(doc, image_dir=image_dir)
    if units_hook is not None:
        units = units_hook(units)
    if mode == "single":
        if pages_delimiter is None:
            return [PageText(None, SEP.join(u.text for u in units), tuple(units))]
        return [joined(page_texts(doc, units), pages_delimiter)]
    return page_texts(doc, units)


def page_texts(doc: Document, units: Sequence[Unit]) -> list[PageText]:
    """One PageText per page read (in page order), empty pages included."""
    by_page: dict[int, list[Piece]] = {p.index: [] for p in doc.pages}
    pieces_all = unit_pieces(doc, units)
    for piece in pieces_all:
        by_page.setdefault(piece.page, []).append(piece)
    carried = carried_displays(units, pieces_all)       # lead unit -> units it brings
    moved = {i for follow in carried.values() for i in follow}
    texts: dict[int, str] = {}
    views: dict[int, list[tuple[tuple[int, int, str], Unit]]] = {}
    for page in sorted(by_page):
        text, view = "", []
        for piece in by_page[page]:
            start = len(text) + (len(SEP) if text else 0)
            text = text + SEP + piece.text if text else piece.text
            if not piece.first or piece.unit in moved:
                continue               # split with the page its paragraph started on
            unit = units[piece.unit]
            view.append(((start, len(text), unit.text[len(piece.text):]), unit))
            for i in carried.get(piece.unit, ()):   # whole, from the page they are printed on
                view.append(((len(text), len(text), units[i].text), units[i]))
        texts[page], views[page] = text, view
    carry_stranded_headings(views)
    return [PageText(page, texts[page], tuple(u for _, u in views[page]), tuple(seg for seg, _ in views[page]))
            for page in sorted(by_page)]


def carry_stranded_headings(views: dict[int, list[tuple[tuple[int, int, str], Unit]]]) -> None:
    """Headings that end a page's split view, their section opening the next page, go at the
    head of the next page's view (in place): a typesetter keeps a heading with the text
    after it, and a page Document split on its own would end a chunk with them. The
    page Documents still hold the text printed on them; only the split views change."""
    for page, view in views.items():
        after = views.get(page + 1)
        k = len(view)
        while k and view[k - 1][1].kind is UnitKind.HEADING and not view[k - 1][0][2]:
            k -= 1
        if k == len(view) or not after:
            continue
        heads = [((0, 0, u.text), u) for _, u in view[k:]]
        del view[k:]
        after[:0] = heads


_DISPLAY = UnitKind.EQUATION


def carried_displays(units: Sequence[Unit], pieces: Sequence[Piece]) -> dict[int, list[int]]:
    """Displays that open a later page than the paragraph leading into them, with the
    clause that goes on after them ("where ... is"): paragraph (unit index) -> the units
    it brings. The paragraph, its displays and that clause are one flow unit; like a
    paragraph cut by a page break, it is split with the page where it starts, so a page
    Document split on its own (whatever other pages share its batch) never leaves a
    display apart from the sentence that introduces it."""
    first = {p.unit: p.page for p in pieces if p.first}
    whole = {p.unit for p in pieces if p.whole}
    out: dict[int, list[int]] = {}
    i = 1
    while i < len(units):
        lead = i - 1
        if not (units[i].kind is _DISPLAY and units[lead].kind in CUT_KINDS
                and lead in first and first[lead] < first.get(i, -1)):
            i += 1
            continue
        page, follow = first[i], out.setdefault(lead, [])
        while i < len(units) and units[i].kind is _DISPLAY and first.get(i) == page:
            follow.append(i)
            i += 1
        if (i < len(units) and units[i].kind in CUT_KINDS and i in whole
                and first.get(i) == page and starts_lowercase(units[i].text)):
            follow.append(i)      # the clause that goes on after the display
            i += 1
    return out


def joined(pages: Sequence[PageText], delimiter: str) -> PageText:
    """The pages as one text (page None) joined by `delimiter`, with the split view of them all."""
    text, segments, units = "", [], []
    for k, p in enumerate(pages):
        base = len(text) + (len(delimiter) if k else 0)
        text = text + delimiter + p.text if k else p.text
        segments.extend((s + base, e + base, tail) for s, e, tail in p.segments)
        units.extend(p.units)
    return PageText(None, text, tuple(units), tuple(segments))


def to_text_offset(segments: Sequence[tuple[int, int, str]], pos: int) -> int:
    """A position in the split view as the nearest position in the page text."""
    view = 0
    for k, (s, e, tail) in enumerate(segments):
        if k:
            view += len(SEP)
        n = e - s + len(tail)
        if pos <= view + n:
            return s + min(max(pos - view, 0), e - s)
        view += n
    return segments[-1][1] if segments else 0


def encode_segments(segments: Sequence[tuple[int, int, str]]) -> list[list[Any]]:
    return [[s, e, tail] if tail else [s, e] for s, e, tail in segments]


def decode_segments(value: Any, text: str) -> tuple[tuple[int, int, str], ...] | None:
    """Segments from their stored form; None if absent or not of this text."""
    if not isinstance(value, list):
        return None
    try:
        segs = tuple((int(v[0]), int(v[1]), str(v[2]) if len(v) > 2 else "") for v in value)
    except (TypeError, ValueError, IndexError):
        return None
    if any(not 0 <= s <= e <= len(text) for s, e, _ in segs):
        return None
    return segs
