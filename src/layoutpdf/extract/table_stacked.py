"""Header cells wrapped over lines and set flush with the row under them (cells aligned to
the bottom, as HTML tables and filing agents set a narrow column's label: "% CHANGE" /
"EXCLUDING" / "CURRENCY" / "CHANGES" over one amount column, "Approximate" / "Square" /
"Footage"): their lines are one header cell each, not rows of their own, and not labels
of a group of columns (a group label stands over two or more of the labels under it).
Read by `table_rows` (lines into rows); `table_edges._stacked` takes such lines above a
table's rule by position alone, whatever their weight."""
from __future__ import annotations

import re

from ..text.dates import MONTH, YEAR
from .table_numbers import NUMBER

# a date wrapped in a narrow column: its month and day over its year ("July 2," / "2023")
_MONTH_DAY = re.compile(r"^" + MONTH + r"\s+\d{1,2},?$", re.I)


def stacked_over(upper, lower, label_edge: float) -> bool:
    """Every phrase of text line `upper` is a label set in bold right over exactly one
    bold label of line `lower`, or a date's month and day right over its year, clear of
    the label column (right of `label_edge`): the upper lines of wrapped header cells. A
    number (a year) heads no wrapped cell: a period over a measure is a header row of its
    own; nor does a group label."""
    if not upper.phrases or _group_label(upper, lower, label_edge):
        return False
    dates = plain = 0
    for p in upper.phrases:
        if p.x0 <= label_edge or NUMBER.match(p.text):
            return False
        under = [q for q in lower.phrases if q.x0 < p.x1 and p.x0 < q.x1]
        if len(under) != 1:
            return False
        q = under[0]
        if _wrapped_date(p, q):
            dates += 1
        elif NUMBER.match(q.text):
            return False
        elif not (p.bold and q.bold):
            if not _flush(p, q):
                return False
            plain += 1
    # a label in the body's weight wraps in the same header line as a date does: "%" over
    # "Change" beside "July 2," over "2023" (a body row has amounts, a date no year under it)
    return not plain or dates > 0


def _wrapped_date(p, q) -> bool:
    """Phrase `p` is a date's month and day set right over its year `q`, flush with it or
    centred on it (a cell's text wrapped); a date centred over two columns' years labels
    them both."""
    return _flush(p, q) and _MONTH_DAY.match(p.text) is not None and YEAR.match(q.text) is not None


def _flush(p, q) -> bool:
    """Phrase `p` set flush with `q` under it, at either edge, or centred on it."""
    size = max(p.y1 - p.y0, 1.0)
    return abs(p.x1 - q.x1) <= 0.5 * size or abs(p.x0 - q.x0) <= 0.5 * size \
        or abs((p.x0 + p.x1) - (q.x0 + q.x1)) <= size


def _group_label(upper, lower, label_edge: float) -> bool:
    """`upper` is one label centred over the labels of three or more columns under it
    ("Years Ended" over three dates): it heads them all, whichever one it overlaps."""
    if len(upper.phrases) != 1:
        return False
    p = upper.phrases[0]
    under = [q for q in lower.phrases if q.x0 > label_edge]
    if len(under) < 3:
        return False
    centre = (under[0].x0 + under[-1].x1) / 2
    return abs((p.x0 + p.x1) / 2 - centre) <= p.y1 - p.y0
