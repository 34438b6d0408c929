"""A page number printed right under an HTML page's content (issue 39 F).

EDGAR's converters print each HTML page's number right under that page's content, so it
stands at a different height on every sheet: on a short page far above the paper's bottom
band, on a full one astride the band's edge, where the rules for running text
(`stage._edges`, the bands of `content_box`) do not look. Such a number still counts the
pages. The page's last row is its number wherever it stands when it is a bare number alone
on its row, set apart from the row above by more white space than a line's pitch in
that row's type (notes closing the page are set smaller, their lines closer), and
keeping the page offset that the numbers in the bands prove
(`page_sequence.PageSequence.keeps`: a figure that happens to be a number is not that
page's number plus the offset), or carrying on their sequence where a sheet without a
number shifted it (`PageSequence.continues`). So is a
last row set apart that repeats a running footer the bottom bands of other pages hold
("68 NIKE, INC.", its top just above the band's edge and its foot in it).
"""
from __future__ import annotations

from ...model import Document, Layer, Role
from .outer_rows import PageLines, normalize_for_repeat

NUMBER_REASON = "page number as the page's last row, counting the pages"
FOOTER_REASON = "running footer as the page's last row"


def mark_last_row_folios(doc: Document, lines: PageLines, marks: dict, sequence) -> None:
    footers = _running_footers(doc, marks)
    body = doc.stats.body_size or 10.0
    for page in doc.pages:
        rows = lines.rows(page, marks)
        if len(rows) < 2:
            continue
        (row, top, _), (above_row, _, above) = rows[-1], rows[-2]
        if len(row) != 1 or top - above <= _pitch_of(above_row, lines.pitch, body):
            continue
        ln = row[0]
        if sequence.continues(ln, page.index, page.width):
            marks[ln.id] = (Role.PAGE_NUMBER, Layer.FURNITURE, NUMBER_REASON)
        elif normalize_for_repeat(ln.text) in footers and sequence.fits(ln, page.index, "bottom"):
            marks[ln.id] = (Role.PAGE_FOOTER, Layer.FURNITURE, FOOTER_REASON)


def _pitch_of(row, pitch: float, body: float) -> float:
    """The line pitch of the type of a row: the document's, scaled down for type smaller
    than the body's (the notes closing a page, set a size or two smaller, lines closer)."""
    return pitch * min(1.0, max(ln.size for ln in row) / body)


def _running_footers(doc: Document, marks: dict) -> set[str]:
    """What the lines proven running footers by repetition in the bottom rows say."""
    ids = {lid for lid, (role, _, why) in marks.items()
           if role is Role.PAGE_FOOTER and why.startswith("repeats in the bottom rows")}
    if not ids:
        return set()
    return {normalize_for_repeat(ln.text) for page in doc.pages for ln in page.lines if ln.id in ids}
