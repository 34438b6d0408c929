"""Text between two rules: a sentence in the page's prose type between one table's bottom
rule and the next one's top rule is the page's text, not a row of either (issue 39 B)."""
from __future__ import annotations

from bisect import bisect_left, bisect_right

from ..model import Line
from .table_grid import Seg
from .table_numbers import is_amount, wordy

SMALLER_TYPE = 1.08     # prose this much larger than a table's rows is set in another type


def sentence_end(ln: Line) -> bool:
    return ln.text.rstrip().endswith((".", ":"))


def row_size(rows: list[Line], cys: list[float], a: Seg, b: Seg) -> float:
    """The larger of the sizes of the row set right over rule `a` and of the row right
    under rule `b`, within their extent (0.0: either is missing). `rows`: the page's lines
    by their centre `cys`."""
    def inside(ln: Line, r: Seg) -> bool:
        return ln.bbox.x1 > r.a and ln.bbox.x0 < r.b and bool(ln.text.strip())
    over = next((rows[k].size for k in range(bisect_left(cys, a.pos) - 1, -1, -1) if inside(rows[k], a)), 0.0)
    under = next((rows[k].size for k in range(bisect_right(cys, b.pos), len(rows)) if inside(rows[k], b)), 0.0)
    return max(over, under) if over and under else 0.0


def prose_sentence(rows: list[Line], cys: list[float], a: Seg, b: Seg, em: float) -> bool:
    """A sentence between rules `a` and `b` with no amounts between them, set in the page's
    text size (`em`) and larger than the rows on either side (`row_size`): a filing sets
    its tables in a smaller type than its prose, and the line that announces the next
    table ("Other information related to our leases was as follows ($ in millions):")
    between one table's bottom rule and the next one's top rule is the page's text, however
    short, not a row of either. A group label in its table's own type ("Derivatives in
    cash flow hedging relationships:") is a row, and so is a line smaller than the page's
    text (a paper's caption or row set between its rules); amounts between the rules
    (right of the middle of their extent) make the lines between them a table's rows."""
    lo, hi = min(a.a, b.a), max(a.b, b.b)
    band = [ln for ln in rows[bisect_right(cys, a.pos):bisect_left(cys, b.pos)]
            if a.pos < ln.bbox.cy < b.pos and ln.bbox.x0 >= lo - em and ln.bbox.x1 <= hi + em]
    sentences = [ln for ln in band if ln.size >= 0.98 * em and sentence_end(ln) and wordy(ln.text.split())]
    if not sentences:
        return False
    middle = (lo + hi) / 2
    if any(s.bbox.x0 > middle and is_amount(t)
           for ln in band for s in ln.spans for t in s.text.split()):
        return False
    size = row_size(rows, cys, a, b)
    return size > 0 and any(ln.size > SMALLER_TYPE * size for ln in sentences)
