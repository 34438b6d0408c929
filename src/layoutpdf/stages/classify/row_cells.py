"""Cells of a row: short lines set side by side on one baseline in the same type, as a
signature block sets its signers (each name over its title, no "/s/": a management report's
end) and a form its fields. A heading stands alone on its line, and no paragraph runs from
one cell into the next, so classify gives these lines neither role and stitch joins none."""
from __future__ import annotations

from ...model import BBox, Element, Layer, Line, Page, Role

CELL_LINES = 3        # a cell holds a few lines (a name, a title, a date); more is a column
BASELINE = 0.3        # lines whose baselines differ by less than this share of their size
ROW_LINES = 3.5       # a band of one row is no taller than three lines
GAP = 2.0             # cells are set apart by a tab stop or a gutter, two ems or more: wider
                      # than any word space, or the hole a dropped inline symbol leaves


def row_cells(page: Page, elements: list[Element], lines: dict[str, Line],
              line_height: float) -> frozenset[str]:
    """The ids of the page's short paragraphs each of whose lines has a twin: a line of
    another paragraph on its baseline in the same font and size, the paragraphs two ems
    apart or more, no column of running text between them (both in one column, or in the
    band of one row, `row_band`)."""
    cols = page.columns
    owner: dict[str, Element] = {}
    for e in elements:
        if e.layer is Layer.BODY and e.role is Role.PARAGRAPH and len(e.line_ids) <= CELL_LINES:
            for i in e.line_ids:
                ln = lines.get(i)
                if ln is not None and ln.horizontal and ln.text.strip() and ln.spans:
                    owner[i] = e
    ordered = sorted(owner, key=lambda i: lines[i].baseline)
    twinned: set[str] = set()
    k = 0
    while k < len(ordered):
        first = lines[ordered[k]]
        n = k + 1
        while n < len(ordered) and lines[ordered[n]].baseline - first.baseline <= BASELINE * max(first.size, 1.0):
            n += 1
        row = sorted(ordered[k:n], key=lambda i: lines[i].bbox.x0)
        k = n
        if len(row) < 2 or _broken_line(row, lines, owner):
            continue
        for x, i in enumerate(row):
            for j in row[x + 1:]:
                if _twins(lines[i], lines[j], owner[i], owner[j], cols, line_height):
                    twinned.update((i, j))
    return frozenset(e.id for e in {id(e): e for e in owner.values()}.values()
                     if all(i in twinned for i in e.line_ids if i in owner))


def _broken_line(row: list[str], lines: dict[str, Line], owner: dict[str, Element]) -> bool:
    """Pieces on one baseline closer than two ems to the next piece of another paragraph:
    a line of running text the layout cut at holes (dropped inline symbols), no row."""
    for i, j in zip(row, row[1:]):
        a, b = lines[i], lines[j]
        if owner[i].id != owner[j].id and b.bbox.x0 - a.bbox.x1 < GAP * max(a.size, 1.0):
            return True
    return False


def row_band(column: BBox, line_height: float) -> bool:
    """A column no taller than three lines of text is the band of one row of cells set
    side by side (signers, each name over its title; a form's fields), no column of
    running text: a typesetter does not break a paragraph into columns of two lines."""
    return column.y1 - column.y0 <= ROW_LINES * line_height


def _twins(a: Line, b: Line, ea: Element, eb: Element, cols: tuple[BBox, ...],
           line_height: float) -> bool:
    if ea.id == eb.id or _type(a) != _type(b):
        return False
    if max(ea.bbox.x0, eb.bbox.x0) - min(ea.bbox.x1, eb.bbox.x1) < GAP * max(a.size, 1.0):
        return False
    if ea.column == eb.column:
        return True
    return any(c is not None and 0 <= c < len(cols) and row_band(cols[c], line_height)
               for c in (ea.column, eb.column))


def _type(ln: Line) -> tuple[str, float]:
    span = next((s for s in ln.spans if s.text.strip()), ln.spans[0])
    return span.font, round(span.size * 2) / 2
