"""Lines in a page's outer rows that read like furniture by their words but belong to the
text (issue 39 F, issue 36: a body line taken for furniture is a word lost): an entry of
a column the page repeats. A footer says its words once on its page, while a table or a
signature block sets the same entry in one column row after row ('January 29, 2018'
beside each director's name, the 'X' of each exhibit filed herewith); the last row of
such a column may reach into the bottom rows.

A number beside other words on its row is no folio either, unless it keeps the page
count: a table's cell (`among_amounts`) or a list's number (`alone_on_row`). Called by
`furniture.stage` for the set-apart and repetition rules.
"""
from __future__ import annotations

import re
from typing import Callable

from ...model import Line, Page
from ...text.margin_lines import STRONG_KINDS, page_number

ALIGNED = 2.0          # pt: the edges of the entries of one column
BESIDE_SHARE = 0.25    # of the page's width: text this near a number on its row is beside it


def column_entry(page: Page, ln: Line) -> bool:
    """The line's text stands again elsewhere on the page at the same left or right
    edge: an entry of a column, not a footer."""
    text = " ".join(ln.text.split())
    for other in page.lines:
        if other.id == ln.id or " ".join(other.text.split()) != text:
            continue
        if abs(other.bbox.x0 - ln.bbox.x0) <= ALIGNED or abs(other.bbox.x1 - ln.bbox.x1) <= ALIGNED:
            return True
    return False


def words_of_the_text(page: Page, block, kinds: dict[str, str | None],
                      keeps: Callable[[Line, int], bool]) -> dict[str, str | None]:
    """`kinds` without the lines that read like furniture but belong to the text: an entry
    of a column the page repeats (`in_text.column_entry`). Words alone say furniture
    (STRONG_KINDS) wherever they stand; a page number keeping the count (`keeps`) is one."""
    out = dict(kinds)
    for ln in block.lines:
        why = kinds[ln.id]
        if why is None or why in STRONG_KINDS or keeps(ln, page.index):
            continue
        if column_entry(page, ln):
            out[ln.id] = None
    return out


def alone_on_row(page: Page, ln: Line) -> bool:
    """No body text beside it on the same baseline (a table cell or list number is not alone)."""
    for other in page.lines:
        if other.id != ln.id and other.bbox.overlap_y(ln.bbox) > 0.5 * ln.bbox.height:
            if len(other.text.strip()) > 3 and not page_number(other.text.strip()):
                return abs(other.bbox.x0 - ln.bbox.x1) > page.width * BESIDE_SHARE and \
                    abs(ln.bbox.x0 - other.bbox.x1) > page.width * BESIDE_SHARE
    return True


_AMOUNT = re.compile(r"^[$€£¥₹(\s]*[\d.,]*\d[\d.,]*\s*[)%]?$|^[$€£¥₹]$")


def among_amounts(page: Page, ln: Line) -> bool:
    """A number set in a row of amounts: another number or a currency sign stands beside
    it on its baseline, within a quarter of the page ('$ 469  $ 430  9  11', '87  (160)'):
    a table's row at the foot of the page, not its folio, unless it keeps the page count
    (a slide's number beside a chart's axis labels). The other half of a spread a quarter
    of the page away does not count."""
    for other in page.lines:
        if other.id != ln.id and other.bbox.overlap_y(ln.bbox) > 0.5 * ln.bbox.height \
                and _AMOUNT.match(other.text.strip()):
            if abs(other.bbox.x0 - ln.bbox.x1) <= page.width * BESIDE_SHARE or \
                    abs(ln.bbox.x0 - other.bbox.x1) <= page.width * BESIDE_SHARE:
                return True
    return False
