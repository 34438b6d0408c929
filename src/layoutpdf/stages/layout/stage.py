"""Columns, reading order and paragraph blocks: body lines become PARAGRAPH elements."""
from __future__ import annotations

from dataclasses import replace
from functools import partial

from ...elements.blocks import segment
from ...elements.ids import element_id
from ...elements.per_page import per_page
from ...elements.rows import has_glyphs, rows_of
from ...model import BBox, Document, Element, Layer, Line, Page, Role
from ...settings import Settings
from ...text.lines import hyphen_compounds, join_lines, line_text
from .bands import separator_rules
from .columns import reading_order
from .scripts import merge_scripts
from .vertical import reading_blocks


# enum members read in per-element loops, bound once: reading Role.X or Layer.X goes
# through EnumType's attribute hook, several times slower than a global on Python 3.11
_BODY = Layer.BODY
_PARAGRAPH = Role.PARAGRAPH

def run(doc: Document, settings: Settings) -> Document:
    compounds = hyphen_compounds(ln.text for p in doc.pages for ln in p.lines)
    return per_page("layout", partial(_page, compounds=compounds), doc, settings)


def _page(doc: Document, page: Page, existing: list[Element], settings: Settings, *,
          compounds: frozenset[tuple[str, str]] = frozenset()):
    used = {lid for e in existing for lid in e.line_ids}
    page = merge_scripts(_merge_drop_caps(page, used, doc.stats.body_size or 10.0), used)
    flowing: list[Line] = []
    other: list[Line] = []
    for ln in page.lines:
        if ln.id not in used and has_glyphs(ln):
            (flowing if ln.horizontal else other).append(ln)
    em = doc.stats.body_size or 10.0
    kept = [e for e in existing if e.layer is not _BODY]
    floats = [e for e in existing if e.layer is _BODY]   # figures, tables found earlier
    rules = separator_rules(page.drawings, flowing, [f.bbox for f in floats])
    split: list[BBox] = []
    leaves = reading_order(flowing, em, settings.columns, split, rules, [f.bbox for f in floats])
    columns = _column_boxes(_finest(split) or [lf.bbox for lf in leaves], page)
    elements: list[Element] = []
    for leaf in leaves:
        col = _column_of(leaf.bbox, columns)
        for block in segment(rows_of(leaf.lines), doc.stats, leaf.bbox):
            lines = [ln for row in block for ln in row.lines]
            text = join_lines([line_text(row.lines) for row in block], compounds)
            elements.append(_element(page.index, lines, text, col))
    for block in reading_blocks([ln for ln in other if ln.vertical], em):   # CJK tategaki
        el = _element(page.index, block, join_lines([ln.text for ln in block]), None)
        elements.append(replace(el, reasons=("vertical text",)))
    for ln in sorted((ln for ln in other if not ln.vertical), key=lambda l: (l.bbox.x0, l.bbox.y0)):
        el = _element(page.index, [ln], ln.text.strip(), None)
        elements.append(replace(el, reasons=("rotated text",)))
    for f in sorted(floats, key=lambda e: (e.bbox.y0, e.bbox.x0)):
        elements.insert(_float_position(f, elements), replace(f, column=_column_of(f.bbox, columns)))
    return replace(page, columns=tuple(columns)), kept + elements


DROP_CAP_SIZE = 2.0   # an initial this many times the body size, beside two or more lines


def _merge_drop_caps(page: Page, used: set[str], body: float) -> Page:
    """A drop cap (one large letter set into the first lines of a paragraph) becomes the
    first letter of the paragraph's first line; its baseline sits on a later line, where
    it would otherwise be read."""
    lines = [ln for ln in page.lines if ln.id not in used and ln.horizontal]
    merged: dict[str, Line] = {}
    dropped: set[str] = set()
    for cap in lines:
        letter = cap.text.strip()
        if len(letter) != 1 or not letter.isalpha() or cap.size < DROP_CAP_SIZE * body:
            continue
        beside = sorted((ln for ln in lines if ln is not cap and ln.id not in merged
                         and -0.5 <= ln.bbox.x0 - cap.bbox.x1 <= 1.5 * body
                         and cap.bbox.y0 - 0.5 * body <= ln.bbox.cy <= cap.bbox.y1
                         and ln.size < 0.6 * cap.size and len(ln.text.strip()) > 1),
                        key=lambda ln: ln.bbox.y0)
        if len(beside) < 2:
            continue
        first = beside[0]
        span = next(sp for sp in cap.spans if sp.text.strip())
        span = replace(span, text=letter, bbox=BBox(cap.bbox.x0, first.bbox.y0, cap.bbox.x1, first.bbox.y1),
                       size=first.size, origin=(cap.bbox.x0, first.baseline))
        merged[first.id] = Line.build(first.id, first.page, (span,) + first.spans,
                                      first.direction, first.vertical)
        dropped.add(cap.id)
    if not merged:
        return page
    return replace(page, lines=tuple(merged.get(ln.id, ln) for ln in page.lines if ln.id not in dropped))


def _float_position(f: Element, ordered: list[Element]) -> int:
    """Before the first text below it in its column; else after the last text beside it."""
    for i, e in enumerate(ordered):
        if e.bbox.overlap_x(f.bbox) > 0 and e.bbox.y0 >= f.bbox.y1 - 2:
            return i
    last = None
    for i, e in enumerate(ordered):
        if e.bbox.overlap_x(f.bbox) > 0 and e.bbox.y1 <= f.bbox.y0 + 2:
            last = i
    return len(ordered) if last is None else last + 1


def _element(page: int, lines: list[Line], text: str, column: int | None) -> Element:
    bbox = BBox.union_all([ln.bbox for ln in lines])
    return Element(id=element_id(page, bbox, text), role=_PARAGRAPH, layer=_BODY,
                   page=page, bbox=bbox, text=text, line_ids=tuple([ln.id for ln in lines]),
                   column=column)


def _column_boxes(boxes: list[BBox], page: Page) -> list[BBox]:
    """Distinct x-ranges of the columns split on (or of the leaves on a one-column page),
    merged where they overlap: the page's columns."""
    if not boxes:
        return []
    cols: list[BBox] = []
    for b in sorted(boxes, key=lambda b: b.x0):
        for i, c in enumerate(cols):
            if c.overlap_x(b) > 0.5 * min(c.width, b.width):
                cols[i] = c.union(b)
                break
        else:
            cols.append(b)
    return sorted(cols, key=lambda c: c.x0)


def _finest(boxes: list[BBox]) -> list[BBox]:
    """Drop a column that was itself split into columns later (keep the finest split)."""
    return [b for b in boxes
            if sum(1 for o in boxes if o is not b and b.covers_fraction(o) > 0.9) < 2]


def _column_of(bbox: BBox, columns: list[BBox]) -> int | None:
    best, best_ov = None, 0.0
    if len(columns) < 2 or bbox.width > 1.5 * max(c.width for c in columns):
        return None
    for i, c in enumerate(columns):
        ov = c.overlap_x(bbox)
        if ov > best_ov:
            best, best_ov = i, ov
    return best
