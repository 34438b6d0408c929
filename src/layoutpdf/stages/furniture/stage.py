"""Watermarks, running headers/footers, page numbers and margin stamps.

Runs before column detection, so watermark glyphs never disturb column boundaries.
Nothing is deleted: furniture lines become FURNITURE/BACKGROUND elements, which the
renderer leaves out by default.
"""
from __future__ import annotations

import math
from dataclasses import replace

from ...elements.ids import element_id
from ...elements.outline import heading_lines, unmark_headings
from ...model import Document, Element, Layer, Line, Page, Role
from ...settings import FurnitureSettings, Settings
from ...text.margin_lines import STRONG_KINDS, page_number
from .flow import keep_title_blocks, mark_floating_footers
from .folio_rows import mark_folio_rows
from .footer_rows import mark_footer_rows
from .in_text import alone_on_row, among_amounts, column_entry, words_of_the_text
from .last_folio import mark_last_row_folios
from .line_numbers import mark_line_numbers
from .page_sequence import PageSequence
from .places import repeating_at_one_place
from .watermarks import LETTERS, mark_watermarks
from .outer_rows import MAX_HEAD_WORDS, PageLines, furniture_kind, normalize_for_repeat


def run(doc: Document, settings: Settings) -> Document:
    cfg = settings.furniture
    if not cfg.enabled or not doc.pages:
        return doc
    body = doc.stats.body_size
    marks: dict[str, tuple[Role, Layer, str]] = {}
    lines = PageLines(doc.pages, cfg.band, doc.stats.line_height or body * 1.2)
    mark_watermarks(doc, cfg, body, marks)
    mark_line_numbers(doc, lines, marks)  # before page numbers: the first and last are in the bands
    edges = {p.index: _Edges(p, _edges(p, lines, marks)) for p in doc.pages}
    sequence = PageSequence(doc, edges)
    headings = {lid for p in doc.pages for lid in heading_lines(p)}
    _mark_running(doc, lines, cfg, marks, edges, sequence, headings)
    mark_last_row_folios(doc, lines, marks, sequence)
    mark_floating_footers(doc, lines, cfg, marks, lambda pages: _facing(pages, doc, cfg))
    _mark_set_apart(doc, lines, cfg, marks, sequence)
    _mark_folio_rows(doc, lines, marks, sequence)
    mark_footer_rows(doc, lines, marks)
    keep_title_blocks(doc, lines, marks)    # and those the set-apart rules found
    _keep_only_text(doc, marks)         # after every rule that marks headers and footers
    _mark_margin_stamps(doc, lines, marks)
    unmark_headings(marks, headings)
    if not marks:
        return doc
    elements = list(doc.elements)
    for page in doc.pages:
        for ln in page.lines:
            if ln.id in marks:
                role, layer, why = marks[ln.id]
                text = ln.text.strip()
                elements.append(Element(id=element_id(page.index, ln.bbox, text + role.value),
                                        role=role, layer=layer, page=page.index, bbox=ln.bbox,
                                        text=text, line_ids=(ln.id,), reasons=(why,)))
    elements.sort(key=lambda e: e.page)
    return replace(doc, elements=tuple(elements))


# -- running headers and footers ------------------------------------------------------------
EDGE_ROWS = 2   # running text sits in the first or last rows of a page


def _edges(page: Page, lines: PageLines, marks: dict) -> dict[str, str]:
    """line id -> 'top'/'bottom' for the outermost rows of the page within the bands
    (measured from the content where the paper's are empty: `content_box`)."""
    rows = lines.rows(page, marks)
    top_limit, bottom_limit = lines.limits[page.index]     # the bands, from the content
    out: dict[str, str] = {}
    for row, _, bottom in rows[:EDGE_ROWS]:
        if bottom <= top_limit:
            out.update({l.id: "top" for l in row})
    for row, top, _ in rows[::-1][:EDGE_ROWS]:
        if top >= bottom_limit:
            out.update({l.id: "bottom" for l in row})
    return out


class _Edges(dict):
    """line id -> 'top'/'bottom' (`_edges`) of a page, with those lines in page order
    (`lines`): the rules about running text look at these lines only."""

    def __init__(self, page: Page, where: dict[str, str]):
        super().__init__(where)
        self.lines = [ln for ln in page.lines if ln.id in where]


def _mark_running(doc: Document, lines: PageLines, cfg: FurnitureSettings, marks: dict,
                  edges: dict[int, "_Edges"], sequence: PageSequence,
                  headings: frozenset[str] | set[str] = frozenset()) -> None:
    n = len(doc.pages)
    if n >= 2:
        need = max(2, math.ceil(cfg.repeat_fraction * n))
        running = repeating_at_one_place(doc, edges, lambda key, pages: len(pages) >= need
                             or len(LETTERS.findall(key)) >= 4 and _facing(pages, doc, cfg))
        for page in doc.pages:
            apart = _apart_if_few_pages(doc, page, lines, marks)
            for ln in edges[page.index].lines:
                where = edges[page.index][ln.id]
                bare = page_number(ln.text.strip())
                if ln.id in running \
                        and sequence.fits(ln, page.index, where) \
                        and (apart is None or ln.id in apart[where] or page_number(ln.text)) \
                        and not (bare and among_amounts(page, ln) and not sequence.keeps(ln, page.index)) \
                        and not (bare and not sequence.keeps(ln, page.index) and column_entry(page, ln)):
                    role = Role.PAGE_HEADER if where == "top" else Role.PAGE_FOOTER
                    if bare:
                        role = Role.PAGE_NUMBER
                    marks[ln.id] = (role, Layer.FURNITURE, f"repeats in the {where} rows on {need}+ pages")
    keep_title_blocks(doc, lines, marks)        # before their height marks a zone
    unmark_headings(marks, headings)    # before their place teaches the zones
    _mark_zones(doc, lines, edges, marks)
    for page in doc.pages:
        for ln in edges[page.index].lines:
            where = edges[page.index][ln.id]
            if ln.id not in marks and page_number(ln.text.strip()) \
                    and sequence.fits(ln, page.index, where) \
                    and alone_on_row(page, ln) \
                    and not (among_amounts(page, ln) and not sequence.keeps(ln, page.index)) \
                    and not (column_entry(page, ln) and not sequence.keeps(ln, page.index)) \
                    and _outermost(page, ln, where, marks):
                marks[ln.id] = (Role.PAGE_NUMBER, Layer.FURNITURE, f"page number in the {where} rows")


MIN_PAGES_REPEATING = 3     # on fewer pages, repetition alone does not make running text


def _apart_if_few_pages(doc: Document, page: Page, lines: PageLines, marks: dict) -> dict[str, set[str]] | None:
    """On a document of two pages, a line repeated at the same place on both is weak
    evidence of running text (a form, a filler or a letter repeats its own text): there
    it must also be set apart from the body as headers and footers are (`outer_rows`), or
    be a page number. Returns, per side, the ids of the page's set-apart lines; None when
    the document has pages enough for repetition to decide."""
    if len(doc.pages) >= MIN_PAGES_REPEATING:
        return None
    return {where: set(_set_apart_blocks(page, lines, marks, where)) for where in ("top", "bottom")}


def _keep_only_text(doc: Document, marks: dict) -> None:
    """A running header or footer accompanies the body of its pages. A line taken for one
    that is the only text of its page, and whose string accompanies no body anywhere in the
    document, is the body itself (one-line pages, the last page of a contents list); one
    that does elsewhere (a printer's slug on an otherwise empty page) stays furniture, and
    so does a bare page number."""
    alone, beside_body = [], set()
    for page in doc.pages:
        texts = [ln for ln in page.lines if ln.text.strip()]
        if texts and all(ln.id in marks for ln in texts):
            alone.append(texts)
        elif texts:
            beside_body.update(normalize_for_repeat(ln.text) for ln in texts if ln.id in marks)
    for texts in alone:
        for ln in texts:
            role, layer, _ = marks[ln.id]
            if layer is Layer.FURNITURE and role in (Role.PAGE_HEADER, Role.PAGE_FOOTER) \
                    and not page_number(ln.text.strip()) \
                    and normalize_for_repeat(ln.text) not in beside_body:
                del marks[ln.id]


def _facing(pages: set[int], doc: Document, cfg: FurnitureSettings) -> bool:
    """Running text of one side of a spread: books set the book title on left-hand pages
    and the chapter on right-hand ones, so each repeats on only half the pages. Counted
    among the pages of its own parity, it repeats as often as running text does (titles
    only: numbers in the top rows of every other page are a figure's or a table's)."""
    for parity in (0, 1):
        if all(i % 2 == parity for i in pages):
            side = sum(1 for p in doc.pages if p.index % 2 == parity)
            return len(pages) >= max(2, math.ceil(cfg.repeat_fraction * side))
    return False


ZONE_SHARE = 0.5    # a running zone: the height where most pages set their running text


def _mark_zones(doc: Document, lines: PageLines, edges: dict[int, "_Edges"], marks: dict) -> None:
    """Where running text was proven on other pages, an outer row at the same height is
    running text too (a first-page footer such as 'Preprint submitted to ...') when white
    space sets it apart from the body (a body row reaching into the zone is body). The
    zone is a height where most pages with running text on that side set it: a filing
    printed from HTML sets its footer right under each page's content, at a different
    height on every page, and the last row of a contents page is no footer because some
    other page's footer stood there."""
    zones: dict[str, list[tuple[float, float, int]]] = {"top": [], "bottom": []}
    pages_with: dict[str, set[int]] = {"top": set(), "bottom": set()}
    for page in doc.pages:
        for ln in edges[page.index].lines:
            mark = marks.get(ln.id)
            where = edges[page.index][ln.id]
            if mark and mark[1] is Layer.FURNITURE:
                zones[where].append((ln.bbox.y0, ln.bbox.y1, page.index))
                pages_with[where].add(page.index)
    repeated = None             # edge lines repeated at one place, read when first needed
    for where, spans in zones.items():
        if len(pages_with[where]) < 2:
            continue
        for page in doc.pages:
            candidates = [ln for ln in edges[page.index].lines
                          if ln.id not in marks and edges[page.index][ln.id] == where]
            if not candidates:
                continue
            apart = _set_apart_blocks(page, lines, marks, where)
            need = ZONE_SHARE * len(pages_with[where])
            for ln in candidates:
                if ln.id in marks or ln.id not in apart:
                    continue
                # the block white space sets apart lies in the zone, or repeats where it
                # reaches out of it (a running header's second line): a wrapped row label
                # at the top of a page reaches out of it into its amounts
                if repeated is None and len(apart[ln.id]) > 1:
                    repeated = repeating_at_one_place(doc, edges, lambda key, pages: len(pages) >= 2)
                if _in_zone(ln, spans) >= need \
                        and all(b is ln or _in_zone(b, spans) >= need or b.id in repeated
                                for b in apart[ln.id]) \
                        and _outermost(page, ln, where, marks):
                    role = Role.PAGE_HEADER if where == "top" else Role.PAGE_FOOTER
                    marks[ln.id] = (role, Layer.FURNITURE, f"in the running {where} zone of other pages")


def _in_zone(ln: Line, spans: list[tuple[float, float, int]]) -> int:
    """On how many pages running text stood at the height of line `ln`."""
    h = max(ln.bbox.height, 1.0)
    return len({i for y0, y1, i in spans if min(y1, ln.bbox.y1) - max(y0, ln.bbox.y0) > 0.5 * h})


def _set_apart_blocks(page: Page, lines: PageLines, marks: dict, where: str) -> dict[str, tuple[Line, ...]]:
    """Each line of the page's outer block at `where`, and the lines of that block."""
    return {ln.id: b.lines for b in lines.outer_blocks(page, marks) if b.where == where for ln in b.lines}


def _outermost(page: Page, ln: Line, where: str, marks: dict) -> bool:
    """Nothing else on the page lies beyond it (outside the same row)."""
    for other in page.lines:
        if other.id == ln.id or other.id in marks or not other.text.strip():
            continue
        if other.bbox.overlap_y(ln.bbox) > 0.5 * min(other.bbox.height, ln.bbox.height):
            continue
        if where == "bottom" and other.bbox.cy > ln.bbox.cy:
            return False
        if where == "top" and other.bbox.cy < ln.bbox.cy:
            return False
    return True


# -- furniture a page shows on its own ------------------------------------------------------
_SET_APART_ROLES = {"page number": Role.PAGE_NUMBER}


def _mark_set_apart(doc: Document, lines: PageLines, cfg: FurnitureSettings, marks: dict,
                    sequence: PageSequence) -> None:
    """Header and footer lines that nothing repeats (a one-page document, a page read
    alone, a first page): in the outer rows, set apart from the body by white space, and
    a page number, a furniture pattern (URL, DOI, copyright, download stamp, journal
    line, date) or a small running head. Lines over a picture are the picture's labels."""
    body = doc.stats.body_size
    pitch = doc.stats.line_height or body * 1.2
    text_block = _text_block(doc, lines, marks)
    for page in doc.pages:
        numbers = [ln for ln in page.lines if ln.id in marks and marks[ln.id][0] is Role.PAGE_NUMBER]
        for block in lines.outer_blocks(page, marks):
            kinds = {ln.id: furniture_kind(ln, block, body, pitch) for ln in block.lines}
            if text_block and _inside_text_block(block, text_block, pitch):
                # where the other pages set their text: a heading or a float at the top
                # of the text block, furniture only by its words
                kinds = {k: v if v in STRONG_KINDS else None for k, v in kinds.items()}
            kinds = words_of_the_text(page, block, kinds, sequence.keeps)
            for ln in block.lines:      # a table's row carried to the top or foot of a page
                if kinds[ln.id] == "page number" and among_amounts(page, ln) \
                        and not sequence.keeps(ln, page.index):
                    kinds[ln.id] = None
            folios = numbers + [ln for ln in block.lines if kinds[ln.id] == "page number"
                                and sequence.fits(ln, page.index, block.where)
                                and not _text_outside(ln, block, kinds, page.width)]
            for ln in block.lines:
                why = kinds[ln.id] or _continues_furniture(ln, block.lines, kinds) \
                    or _beside_page_number(ln, folios)
                if why is None or _over_picture(page, ln) \
                        or not sequence.fits(ln, page.index, block.where) \
                        or why == "page number" and _text_outside(ln, block, kinds, page.width):
                    continue
                top = block.where == "top"
                role = _SET_APART_ROLES.get(why, Role.PAGE_HEADER if top else Role.PAGE_FOOTER)
                marks[ln.id] = (role, Layer.FURNITURE, f"{why} set apart in the {block.where} rows")


def _mark_folio_rows(doc: Document, lines: PageLines, marks: dict, sequence: PageSequence) -> None:
    """A book's folio with its running head on one row (`folio_rows`), outside the text
    block where the document has one."""
    pitch = doc.stats.line_height or doc.stats.body_size * 1.2
    text_block = _text_block(doc, lines, marks)
    mark_folio_rows(doc, lines, marks, sequence.fits,
                    lambda block: bool(text_block) and _inside_text_block(block, text_block, pitch))


MIN_PAGES_FOR_TEXT_BLOCK = 3
TEXT_BLOCK_SHARE = 0.25   # of the pages setting text this high (or low): the text block


def _text_block(doc: Document, lines: PageLines, marks: dict) -> list[tuple[float, float]] | None:
    """Per page, the top of its first and the bottom of its last row that is no proven
    furniture: where the pages set their text (None for a short document)."""
    if len(doc.pages) < MIN_PAGES_FOR_TEXT_BLOCK:
        return None
    extents = []
    for page in doc.pages:
        ys = [(ln.bbox.y0, ln.bbox.y1) for ln in lines.free(page, marks)]
        if ys:
            extents.append((min(y0 for y0, _ in ys), max(y1 for _, y1 in ys)))
    return extents if len(extents) >= MIN_PAGES_FOR_TEXT_BLOCK else None


def _inside_text_block(block, extents: list[tuple[float, float]], pitch: float) -> bool:
    """Enough pages set body text as high (or as low) as the block: it lies inside the
    text block (a heading at the top of a page), not in a margin above or below it."""
    if block.where == "top":
        y = min(ln.bbox.y0 for ln in block.lines)
        n = sum(1 for top, _ in extents if top <= y + 0.5 * pitch)
    else:
        y = max(ln.bbox.y1 for ln in block.lines)
        n = sum(1 for _, bottom in extents if bottom >= y - 0.5 * pitch)
    return n - 1 >= max(2, TEXT_BLOCK_SHARE * len(extents))     # less the block's own page


def _text_outside(ln: Line, block, kinds: dict[str, str | None], width: float) -> bool:
    """A line of running text (across half the page or more, no words proving it
    furniture) lies between the line and the page's edge: the line is inside the text (an
    equation's number '(1)' under a paragraph's first lines), not a folio, which a printer
    sets in the margin, outside the text (a journal line beside it may be further out)."""
    mid = (ln.bbox.y0 + ln.bbox.y1) / 2
    for other in block.lines:
        if kinds[other.id] is not None or other.bbox.width < TEXT_LINE_SHARE * width:
            continue
        o_mid = (other.bbox.y0 + other.bbox.y1) / 2
        if (o_mid < ln.bbox.y0 if block.where == "top" else o_mid > ln.bbox.y1) and \
                abs(o_mid - mid) > 0.5 * max(ln.bbox.height, other.bbox.height):
            return True
    return False


TEXT_LINE_SHARE = 0.5   # of the page's width: a line this wide in an outer block is running text


def _beside_page_number(ln: Line, numbers: list[Line]) -> str | None:
    """A short line on the row of the page number, set apart from the body: the running
    head a book or magazine sets beside its folio ('33   CHAPTER 1 Human Biology')."""
    text = ln.text.strip()
    if len(text.split()) > MAX_HEAD_WORDS or text.endswith((".", ":", ";", ",")):
        return None
    if any(n.bbox.overlap_y(ln.bbox) > 0.5 * min(n.bbox.height, ln.bbox.height) for n in numbers):
        return "running head beside the page number"
    return None


def _continues_furniture(ln: Line, block: tuple[Line, ...], kinds: dict[str, str | None]) -> str | None:
    """A line of a set-apart block in the size of a line proven furniture by its words
    (the second line of a licence notice) is part of the same notice."""
    for other in block:
        why = kinds[other.id]
        if other.id != ln.id and why not in (None, "page number") and abs(other.size - ln.size) < 0.5:
            return f"continues a {why}"
    return None


PAGE_SIZED = 0.9    # an image this share of the page wide and high is the page itself


def _over_picture(page: Page, ln: Line) -> bool:
    """The line lies on an image or inside a drawn figure (a box several lines tall that
    is not the page frame or crop marks): tick labels and titles of a chart. An image
    covering (nearly) the whole page is no picture but the page's background (a scan
    under its text layer, a full-page photo): its running head and folio are the page's."""
    area = page.width * page.height
    return any(im.bbox.overlap_x(ln.bbox) > 0 and im.bbox.overlap_y(ln.bbox) > 0
               and not _page_sized(im.bbox, page) for im in page.images) \
        or any(d.kind != "line" and d.bbox.covers_fraction(ln.bbox) > 0.9 and d.bbox.height > 3 * ln.bbox.height
               and d.bbox.area < 0.5 * area for d in page.drawings)


def _page_sized(box, page: Page) -> bool:
    b = box.intersection(page.rect)
    return b is not None and b.width >= PAGE_SIZED * page.width and b.height >= PAGE_SIZED * page.height


def _mark_margin_stamps(doc: Document, lines: PageLines, marks: dict) -> None:
    """Text turned by 90 degrees in the side margin (arXiv identifiers, journal stamps)."""
    for page in doc.pages:
        if len(lines.upright[page.index]) == len(page.lines):
            continue                     # no turned line on the page
        horiz = [ln.bbox for ln in lines.upright[page.index] if ln.id not in marks]
        if not horiz:
            continue
        left = min(b.x0 for b in horiz)
        right = max(b.x1 for b in horiz)
        for ln in page.lines:
            if ln.id in marks or ln.horizontal or ln.vertical:
                continue
            if ln.bbox.x1 <= left + 2 or ln.bbox.x0 >= right - 2:
                marks[ln.id] = (Role.MARGIN_NOTE, Layer.FURNITURE, "rotated text in the side margin")
