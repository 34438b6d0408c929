"""Page numbers count with the pages (`PageSequence`), and a page reference of a contents
list is no page number (`contents_references`).

A printer numbers the pages of a run one after the other, so printed number minus page
index is one offset through the run. A contents sheet sets its page references in a
column at the right of its rows, each beside the title it refers to, counting up down
the sheet; when the sheet has no number of its own, its last reference stands in the
bottom rows where a folio would, and its first one in the top rows. A folio stands
alone in the margin: it is no entry of such a column. Called by `furniture.stage`.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter

from ...model import Document, Line, Page
from ...text.margin_lines import page_number

ALIGNED = 2.0           # pt: right edges of one column of right-aligned figures
MIN_REFERENCES = 2      # page references in the column besides the line itself
MAX_ROWS_BETWEEN = 3    # rows between two references: a part heading, a wrapped title
_LETTER = re.compile(r"[^\W\d_]")


class PageSequence:
    """Page numbers count with the pages: printed number minus page index is one offset
    through a run of pages. Once two or more pages agree on an offset, a page that shows
    a number keeping that count has its page number; another bare number in its outer
    rows (a chapter or section number '1' set on its own row, a table cell) is none. Pages
    without such a number (an excerpt, inserted plates) are not checked, nor are Roman
    numerals and text. The pages agreeing on an offset must show their numbers at one place
    (`_support`). A number that breaks the count and ends a contents column of page
    references (`contents_references`) is a reference, not the page's number; one at the
    place of the page numbers that carries on their sequence across sheets without a
    number continues it (`continues`)."""

    def __init__(self, doc: Document, edges: dict[int, "dict[str, str]"]):
        found: list[tuple[int, int, tuple[float, float]]] = []     # (page index, offset, place)
        placed: dict[str, dict[int, list[tuple[float, float]]]] = {"top": {}, "bottom": {}}
        for page in doc.pages:
            for ln in edges[page.index].lines:
                where = edges[page.index][ln.id]
                value = arabic(ln.text)
                if value is not None:
                    place = _folded_place(ln, page.width)
                    placed[where].setdefault(value - page.index, []).append(place)
                    found.append((page.index, value - page.index, place))
        counts = {where: Counter({off: _support(places) for off, places in by_offset.items()})
                  for where, by_offset in placed.items()}
        self.offsets = {off for c in counts.values() if c for off, n in c.most_common(1) if n >= 2}
        self.counted = {index for index, off, _ in found if off in self.offsets}
        # the numbers keeping a count, in page order, and where they stand
        self.proven = sorted((index, index + off) for index, off, _ in found if off in self.offsets)
        self.places = [place for _, off, place in found if off in self.offsets]
        self.references = {ln.id for page in doc.pages
                           for ln in contents_references(page, edges[page.index].lines, edges[page.index])
                           if not self.keeps(ln, page.index)}

    def fits(self, ln: Line, page_index: int, where: str) -> bool:
        if ln.id in self.references:
            return False
        value = arabic(ln.text)
        return value is None or page_index not in self.counted or value - page_index in self.offsets

    def keeps(self, ln: Line, page_index: int) -> bool:
        """The line is a number that keeps a proven page count."""
        value = arabic(ln.text)
        return value is not None and value - page_index in self.offsets

    def continues(self, ln: Line, page_index: int, width: float) -> bool:
        """The line is a number at the place of the proven page numbers that carries on
        their sequence where no second page shows its offset: the nearest numbered pages
        before and after it show a smaller and a larger number, by no more than the sheets
        between them (an unnumbered sheet shifts the count by one: Pfizer's contents page
        '2' and its defined terms '3' on the sheets before the run '4', '5', ...)."""
        value = arabic(ln.text)
        if value is None or not self.proven:
            return False
        if value - page_index in self.offsets:
            return True
        x, tol = _folded_place(ln, width)
        if sum(1 for x0, tol0 in self.places if abs(x - x0) <= max(tol, tol0)) < 2:
            return False
        k = bisect_left(self.proven, (page_index, -1))
        before = self.proven[k - 1] if k else None
        after = next((p for p in self.proven[k:k + 2] if p[0] > page_index), None)
        if before and not 1 <= value - before[1] <= page_index - before[0]:
            return False
        return after is None or 1 <= after[1] - value <= after[0] - page_index


def _folded_place(ln: Line, width: float) -> tuple[float, float]:
    """Where a number stands across the page, folded about the page's middle (a book sets
    its folio at the outer corner, left on one page and right on the next), and how far
    it may wander there (its width or height: '9' and '10' share a right edge)."""
    cx = (ln.bbox.x0 + ln.bbox.x1) / 2
    return min(cx, width - cx), max(ln.bbox.width, ln.bbox.height)


def _support(places: list[tuple[float, float]]) -> int:
    """How many of the numbers agreeing on an offset stand at one place (or its mirror):
    a page count is printed at one place from page to page; numbers of different columns
    agree on an offset by chance ('2021' over the right column of one page, '2022' over
    the left one of the next)."""
    return max(sum(1 for x, tol in places if abs(x - x0) <= max(tol, tol0)) for x0, tol0 in places)


def arabic(text: str) -> int | None:
    """The number of a bare arabic page number ('12', '- 12 -', 'Page 12'), else None."""
    m = page_number(text.strip())
    if m is None or not m.group("number").isdigit() or "of" in text or "/" in text:
        return None     # roman, or with its page count ('3 of 10')
    return int(m.group("number"))


def contents_references(page: Page, outer: list[Line], where: dict[str, str]) -> list[Line]:
    """The outer lines of `page` (`where`: line id -> 'top'/'bottom') that end a column of contents page references: a bare
    arabic number with a title on its row, right-aligned with at least MIN_REFERENCES
    other such numbers on the rows that follow inward (above a line in the bottom rows,
    below one in the top rows; a part heading or a wrapped title between two of them),
    the column's numbers never decreasing down the page, as a contents list's page
    references run ('Item 14. ... 35' / 'PART IV' / 'Item 15. ... 36')."""
    out = []
    for ln in outer:
        if arabic(ln.text) is None or not _titled(page, ln):
            continue
        column = sorted((o for o in page.lines if abs(o.bbox.x1 - ln.bbox.x1) <= ALIGNED
                         and arabic(o.text) is not None and _titled(page, o)), key=lambda o: o.bbox.y0)
        k = next(i for i, o in enumerate(column) if o.id == ln.id)
        run = _list_run(page, column[k::-1] if where[ln.id] == "bottom" else column[k:])
        if len(run) > MIN_REFERENCES and _never_decreasing(sorted(run, key=lambda o: o.bbox.y0)):
            out.append(ln)
    return out


def _list_run(page: Page, column: list[Line]) -> list[Line]:
    """The entries of `column` (in order from its first) that follow one another as the
    rows of a list do: at most MAX_ROWS_BETWEEN rows of other text between two."""
    run = column[:1]
    for nxt in column[1:]:
        if _rows_between(page, run[-1], nxt) > MAX_ROWS_BETWEEN:
            break
        run.append(nxt)
    return run


def _rows_between(page: Page, a: Line, b: Line) -> int:
    """Rows of text strictly between the rows of `a` and `b`."""
    lo, hi = sorted((a.bbox.cy, b.bbox.cy))
    half = 0.5 * min(a.bbox.height, b.bbox.height)
    mids = sorted(o.bbox.cy for o in page.lines if lo + half < o.bbox.cy < hi - half and o.text.strip())
    return sum(1 for i, y in enumerate(mids) if i == 0 or y - mids[i - 1] > half)


def _never_decreasing(column: list[Line]) -> bool:
    values = [arabic(o.text) for o in column]
    return all(x <= y for x, y in zip(values, values[1:]))


def _titled(page: Page, ln: Line) -> bool:
    """Words stand on the number's row to its left: the title the reference belongs to."""
    for other in page.lines:
        if other.id != ln.id and other.bbox.x1 <= ln.bbox.x0 \
                and other.bbox.overlap_y(ln.bbox) > 0.5 * min(other.bbox.height, ln.bbox.height) \
                and _LETTER.search(other.text):
            return True
    return False
