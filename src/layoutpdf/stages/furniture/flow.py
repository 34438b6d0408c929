"""Running furniture that moves with the text: pages printed from HTML (SEC filings)
set their footer right under the last row of content, however high on the sheet that is;
and a line repeated at the top of statement pages can be the first line of the title
block under it rather than a running header. Called by `furniture.run` (issue 39, F).
"""
from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from typing import TYPE_CHECKING, Callable

from ...model import Document, Line, Layer, Role
from ...settings import FurnitureSettings
from .outer_rows import normalize_for_repeat

if TYPE_CHECKING:
    from .outer_rows import PageLines

_LETTERS = re.compile(r"[^\W\d_]")

_FOLIO = re.compile(r"^(\d{1,4})(?=\s|$)|(?:^|\s)(\d{1,4})$")


def _folio(text: str) -> int | None:
    """The page number a footer line closes or opens with ('2019 FORM 10-K 51',
    '52 NIKE, INC.', a bare '41')."""
    found = [m.group(1) or m.group(2) for m in _FOLIO.finditer(text.strip())]
    return int(found[-1]) if found else None


def mark_floating_footers(doc: Document, lines: PageLines, cfg: FurnitureSettings,
                          marks: dict, facing: Callable[[set[int]], bool]) -> None:
    """Pages printed from HTML (SEC filings) set the footer right under the page's last
    line of content, however high that is, not at the foot of the sheet: the last row of
    a page is its running footer when its words (digits aside) end many pages and its
    number counts with the pages ('52 NIKE, INC.' on page 53, '2019 FORM 10-K 51' on
    page 52). Body text ending many pages with a number that keeps that count is none."""
    n = len(doc.pages)
    if n < 3:
        return
    need = max(2, math.ceil(cfg.repeat_fraction * n))
    found: dict[str, list[tuple[int, Line, int]]] = defaultdict(list)
    for page in doc.pages:
        rows = lines.rows(page, marks)
        if not rows or len(rows[-1][0]) != 1:
            continue
        ln = rows[-1][0][0]
        value, key = _folio(ln.text), normalize_for_repeat(ln.text)
        if value is not None and key:
            found[key].append((page.index, ln, value - page.index))
    for key, hits in found.items():
        pages = {index for index, _, _ in hits}
        if len(pages) < need and not (len(_LETTERS.findall(key)) >= 4 and facing(pages)):
            continue
        offset, agree = Counter(off for _, _, off in hits).most_common(1)[0]
        if agree < 0.8 * len(hits):
            continue            # numbers that do not count with the pages: not folios
        for index, ln, off in hits:
            if off == offset:
                role = Role.PAGE_NUMBER if ln.text.strip().isdigit() else Role.PAGE_FOOTER
                marks[ln.id] = (role, Layer.FURNITURE, "running footer under the last row of text")


TITLE_BLOCK_PITCHES = 1.3   # lines of one block: baselines no further apart than this


def keep_title_blocks(doc: Document, lines: PageLines, marks: dict) -> None:
    """A line repeated at the top of pages that sits tight on a line of the body, as one
    block with it (the company line over each financial statement's title: 'American Water
    Works Company, Inc. and Subsidiary Companies' over 'Consolidated Balance Sheets') is
    the first line of that title block, not a running header: running heads are set apart
    from the text under them by white space. Worked upwards, so a title block of several
    repeated lines stays whole."""
    pitch = doc.stats.line_height or doc.stats.body_size * 1.2
    for page in doc.pages:
        heads = [ln for ln in lines.text[page.index]
                 if ln.id in marks and marks[ln.id][0] is Role.PAGE_HEADER]
        for ln in sorted(heads, key=lambda h: -h.baseline):
            below = [o for o in lines.text[page.index] if o.baseline > ln.baseline + 0.5 * ln.size]
            nearest = min(below, key=lambda o: o.baseline, default=None)
            if nearest is not None and nearest.id not in marks \
                    and nearest.baseline - ln.baseline <= TITLE_BLOCK_PITCHES * pitch \
                    and abs(nearest.bbox.x0 - ln.bbox.x0) <= 2.0:
                del marks[ln.id]
