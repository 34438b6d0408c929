"""Text between two rules: a sentence in the page's prose type between one table's bottom
rule and the next one's top rule is the page's text, not a row of either (issue 39 B)."""
from __future__ import annotations

from bisect import bisect_left, bisect_right

from ..model import Line
from ..text.dates import YEAR
from .table_grid import Seg
from .table_numbers import is_number, wordy

SMALLER_TYPE = 1.08     # prose this much larger than a table's rows is set in another type


def sentence_end(ln: Line) -> bool:
    return ln.text.rstrip().endswith((".", ":"))


def row_sizes(rows: list[Line], cys: list[float], a: Seg, b: Seg) -> float:
    """The larger of the sizes of the row set right over rule `a` and of the row right
    under rule `b`, within their extent (0.0: either is missing)."""
    def inside(ln: Line, r: Seg) -> bool:
        return ln.bbox.x1 > r.a and ln.bbox.x0 < r.b and bool(ln.text.strip())
    over = next((ln.size for ln in reversed(rows[:bisect_left(cys, a.pos)]) if inside(ln, a)), 0.0)
    under = next((ln.size for ln in rows[bisect_right(cys, b.pos):] if inside(ln, b)), 0.0)
    return max(over, under) if over and under else 0.0


def prose_sentence(between: list[Line], row_size: float, a: Seg, b: Seg, em: float) -> bool:
    """A sentence between two rules with no amounts between them, set in the page's text
    size (`em`) and larger than the rows on either side: a filing sets its tables in a
    smaller type than its prose, and the line that announces the next table ("Other
    information related to our leases was as follows ($ in millions):") between one
    table's bottom rule and the next one's top rule is the page's text, however short,
    not a row of either. A group label in its table's own type ("Derivatives in cash
    flow hedging relationships:") is a row, and so is a line smaller than the page's text
    (a paper's caption or row set between its rules); amounts between the rules (right of
    the middle of their extent) make the lines between them a table's rows."""
    if row_size <= 0:
        return False
    lo, hi = min(a.a, b.a), max(a.b, b.b)
    band = [ln for ln in between if a.pos < ln.bbox.cy < b.pos and ln.bbox.x0 >= lo - em and ln.bbox.x1 <= hi + em]
    middle = (lo + hi) / 2
    if any(s.bbox.x0 > middle and is_number(t) and not YEAR.match(t)
           for ln in band for s in ln.spans for t in s.text.split()):
        return False
    return any(ln.size > SMALLER_TYPE * row_size and ln.size >= 0.98 * em
               and sentence_end(ln) and wordy(ln.text.split()) for ln in band)
