"""A book's running head: the top row of a page that holds the folio at one end and the
book's or chapter's title beside it, often with a chapter reference at the other end,
spread across the measure: '400    BRITISH HUSBANDRY.    [Ch. XIX.' (issue 35, class 4).

Printers of older books closed such heads with a full stop and set them in capitals of
the body's size, so neither the rule that a running head ends no sentence nor the one
that an unpatterned head is smaller than the body finds them; the folio at the end of
the row does. A row is read as such a head when white space sets it apart from the text
under it (`outer_rows.outer_blocks`), one of its ends is a bare page number that keeps
the page count (`_PageSequence`), and the rest reads as a title, not prose: a few words,
most of them capitalised, set no larger than the body.

On an OCR'd page (an OCR layer over the page image: `outer_rows.ocr_page`) sizes are box
heights: an engine sizes a line of capitals and figures by boxes that do not follow the
type, so the row is not judged by its size there; whether it is set apart is read from
the middle of its box (`outer_rows._apart_by_middles`). Called by `furniture.run`.
"""
from __future__ import annotations

import re
from typing import Callable

from ...model import Document, Layer, Line, Role
from ...text.margin_lines import page_number
from .outer_rows import MAX_HEAD_WORDS, PageLines, outer_blocks_of, rows_and_extents

TITLE_SIZE = 1.15           # larger than the body by this much: a title, not a head
CAPITALISED_SHARE = 0.5     # at least this share of a head's words start with a capital
_WORD = re.compile(r"[^\W\d_][\w'’.-]*")


def mark_folio_rows(doc: Document, lines: PageLines, marks: dict,
                    fits: Callable[[Line, int, str], bool],
                    inside_text_block: Callable[[object], bool]) -> None:
    """Mark the top row of each page that is a folio with its running head (module
    docstring). `fits`: the page number keeps the page count (`_PageSequence.fits`);
    `inside_text_block`: the block lies where the other pages set their text (a heading
    at the top of the text block, not a head in the margin above it)."""
    body = doc.stats.body_size or 10.0
    for page in doc.pages:
        free = [ln for ln in lines.text[page.index]
                if ln.id not in marks or marks[ln.id][0] is Role.PAGE_NUMBER]
        ocr = lines.ocr[page.index]
        blocks = outer_blocks_of(rows_and_extents(free), lines.limits[page.index], lines.pitch, ocr)
        top = next((b for b in blocks if b.where == "top" and b.rows == 1), None)
        if top is None or inside_text_block(top):
            continue
        row = sorted(top.lines, key=lambda ln: ln.bbox.x0)
        if not ocr and any(ln.size > TITLE_SIZE * body for ln in row):
            continue                # a title or a chapter number set large
        folio = _folio(row)
        if folio is None or not fits(folio, page.index, "top"):
            continue
        head = " ".join(ln.text.strip() for ln in row if ln is not folio)
        if folio.text.strip() != _number_of(folio):
            head = " ".join(w for w in (head, _rest_of(folio)) if w)
        if not _title(head) or any(s.bold for ln in row for s in ln.spans if s.text.strip()):
            continue
        for ln in row:
            bare = ln is folio and ln.text.strip() == _number_of(ln)
            role = Role.PAGE_NUMBER if bare else Role.PAGE_HEADER
            marks[ln.id] = (role, Layer.FURNITURE, "folio with its running head in the top row")


def _folio(row: list[Line]) -> Line | None:
    """The piece at either end of the row that is, or opens or closes with, a bare page
    number ('400', '400 BRITISH HUSBANDRY.')."""
    for ln in (row[0], row[-1]) if len(row) > 1 else (row[0],):
        if _number_of(ln) is not None:
            return ln
    return None


def _number_of(ln: Line) -> str | None:
    words = ln.text.split()
    if not words:
        return None
    for word in (words[0], words[-1]):
        m = page_number(word)
        if m is not None and m.group("count") is None and m.group("number").isdigit():
            return word
    return None


def _rest_of(ln: Line) -> str:
    words = ln.text.split()
    number = _number_of(ln)
    return " ".join(words[1:] if words[0] == number else words[:-1])


def _title(text: str) -> bool:
    """A few words, most of them capitalised, ending no clause: a running title and its
    chapter reference ('BRITISH HUSBANDRY. [Ch. XIX.'), not a line of prose."""
    words = _WORD.findall(text)
    if not words or len(text.split()) > MAX_HEAD_WORDS or text.rstrip().endswith((",", ";", ":")):
        return False
    return sum(1 for w in words if w[0].isupper()) >= CAPITALISED_SHARE * len(words)
