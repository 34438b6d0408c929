"""Where the header and footer bands lie: measured from the content, not the paper.

A page's running head and folio sit in the outer rows of what was printed, and that is
usually the paper's outer fifth. A page printed smaller than its sheet -- a report page
scaled onto larger paper, a page set with wide margins -- leaves the paper's outer band
empty: its folio, centred above a rule, may sit in the middle of the sheet. When most of
a document's pages leave a band of the paper empty (one page alone decides for itself),
the band of each such page is measured from the extent of its content instead (text and
drawn rules, and images). Pages whose text or images reach the paper's band keep the paper's,
and so do all pages of a document whose pages mostly reach it (a short last page of a
chapter): nothing changes where the paper's band holds the furniture. A rule alone does not
make a page reach the band: an HTML converter prints a page-break rule under each page's
running footer, inside the band on a full page while the footer ends above it (issue 39).
"""
from __future__ import annotations

from ...model import Line, Page

RULE_THICKNESS = 2.0    # a drawing this thin (pt) across is a rule: content, like text


def band_limits(pages, text: dict[int, list[Line]], band: float) -> dict[int, tuple[float, float]]:
    """Page index -> (the lowest a top row may end, the highest a bottom row may start)."""
    limits = {p.index: (p.height * band, p.height * (1 - band)) for p in pages}
    extents = {}                              # page index -> content top, bottom (share of height)
    reach_band = {}                           # page index -> text or images reach the top, bottom band
    for p in pages:
        box = _content(p, text.get(p.index, ()), band)
        if box is not None:
            extents[p.index] = (box[0] / p.height, box[1] / p.height)
            reach_band[p.index] = _reaches_band(p, text[p.index], band)
    short_top = {i for i, (top, _) in reach_band.items() if not top}
    short_bottom = {i for i, (_, bottom) in reach_band.items() if not bottom}
    if 2 * len(short_top) <= len(extents):
        short_top = set()                     # most pages print into the paper's band
    if 2 * len(short_bottom) <= len(extents):
        short_bottom = set()
    for p in pages:
        if p.index in short_top or p.index in short_bottom:
            top, bottom = extents[p.index]
            reach = band * max(bottom - top, 0.0)
            t, b = limits[p.index]
            limits[p.index] = (p.height * (top + reach) if p.index in short_top else t,
                               p.height * (bottom - reach) if p.index in short_bottom else b)
    return limits


def _content(page: Page, lines, band: float) -> tuple[float, float] | None:
    """Top and bottom of what is printed on the page: its text lines, and its drawn rules
    and images when the text leaves a band of the paper empty (they may reach into it: a
    scan's page image covers the sheet, and its text layer is read on the paper's bands)."""
    if not lines:
        return None
    top, bottom = min(ln.bbox.y0 for ln in lines), max(ln.bbox.y1 for ln in lines)
    h = page.height
    if top > band * h or bottom < (1 - band) * h:
        boxes = [d.bbox for d in page.drawings if min(d.bbox.width, d.bbox.height) <= RULE_THICKNESS]
        for b in boxes + [im.bbox for im in page.images]:
            top, bottom = min(top, max(b.y0, 0.0)), max(bottom, min(b.y1, h))
    return top, bottom


def _reaches_band(page: Page, lines, band: float) -> tuple[bool, bool]:
    """Whether the page's text or images reach into the paper's top and bottom bands. Its
    rules are not asked: an HTML converter's page-break rule under the footer is no
    content that reaches the band."""
    top, bottom = band * page.height, (1 - band) * page.height
    boxes = [ln.bbox for ln in lines] + [im.bbox for im in page.images]
    return any(b.y0 <= top for b in boxes), any(b.y1 >= bottom for b in boxes)
