"""Office footer rows: the last row of a page made of separate left-, centre- and
right-aligned pieces (issue 35, class 3).

Word processors set a footer in a frame under the text area, its pieces on tab stops: a
document number flush left, a part or page number centred, a date flush right. Set at
body size, with little space above it, such a row is neither smaller than the text nor
set apart from it, so the set-apart rules of `outer_rows` miss it; it is read by its
geometry instead. No line of running text looks like that: a row of the text is one line
across the measure (or one per column, filling it), and a table's last row comes under
rows of cells like its own. Called by `furniture.run` after the other footer rules.
"""
from __future__ import annotations

from ...model import Document, Layer, Line, Role
from ...text.margin_lines import page_number
from .outer_rows import PageLines

PIECES = 3               # left, centre, right
MAX_PIECE_WORDS = 8      # each piece is a label (a number, a name, a date)
ALIGN_EM = 1.0           # flush with the text area's edge, or on its centre, within this
PIECE_GAP_EM = 2.0       # tab stops set the pieces at least this far apart
INK_SHARE = 0.5          # the pieces fill at most this share of the row's width
TITLE_SIZE = 1.15        # larger than the body by this much: a title row, not a footer


def mark_footer_rows(doc: Document, lines: PageLines, marks: dict) -> None:
    """Mark the last row of each page that is a three-piece footer row (`_footer_row`)."""
    body = doc.stats.body_size or 10.0
    for page in doc.pages:
        rows = lines.rows(page, marks)
        if len(rows) < 3:
            continue
        row, top, _ = rows[-1]
        if top < lines.limits[page.index][1] or not _footer_row(row, rows, body):
            continue
        for ln in row:
            role = Role.PAGE_NUMBER if page_number(ln.text.strip()) else Role.PAGE_FOOTER
            marks[ln.id] = (role, Layer.FURNITURE, "piece of a footer row set on tab stops")


def _footer_row(row: list[Line], rows, body: float) -> bool:
    """Three short pieces, wide apart: one flush with the left edge of the page's text,
    one centred on it, one flush with its right edge; not larger than body text, and
    under a row that is no row of cells like it (a table's last row)."""
    if len(row) != PIECES or len(rows[-2][0]) >= PIECES:
        return False
    pieces = sorted(row, key=lambda ln: ln.bbox.x0)
    size = max(ln.size for ln in pieces)
    if size > TITLE_SIZE * body or any(not _label(ln) for ln in pieces):
        return False
    text_lines = [ln for r, _, _ in rows for ln in r]
    left, right = min(ln.bbox.x0 for ln in text_lines), max(ln.bbox.x1 for ln in text_lines)
    tol = ALIGN_EM * size
    first, middle, last = pieces
    if abs(first.bbox.x0 - left) > tol or abs(last.bbox.x1 - right) > tol \
            or abs(middle.bbox.cx - (left + right) / 2) > tol:
        return False
    gaps = (middle.bbox.x0 - first.bbox.x1, last.bbox.x0 - middle.bbox.x1)
    ink = sum(ln.bbox.width for ln in pieces)
    return min(gaps) >= PIECE_GAP_EM * size and ink <= INK_SHARE * (right - left)


def _label(ln: Line) -> bool:
    """A short piece that ends no sentence or clause."""
    text = ln.text.strip()
    return bool(text) and len(text.split()) <= MAX_PIECE_WORDS and not text.endswith((".", ":", ";", ","))
