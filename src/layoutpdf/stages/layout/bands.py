"""Horizontal bands of a page that are read one after the other, each with its own columns.

Two things cut a page across before any column is looked for:

- a horizontal rule drawn across the whole text width (a separator between a masthead,
  an abstract box, a full-width float and the body, or between stories): the bands it
  separates are read top to bottom, each with its own column structure;
- a float (figure or table taken out before layout) that spans a gutter of the columns
  above or below it, with no text set beside it: a LaTeX `figure*`, a Chromium
  `column-span: all` figure, a table between two LibreOffice sections. The columns above it
  are read to their end before it, and the columns below it after it; without the cut the
  gutters found through the hole it leaves run top to bottom and the page is read column 1
  above, column 1 below, column 2 above...;
- a band of full-width lines in smaller type below the last body-size line (footnotes set
  across the page under a multi-column body): its lines would cross the body's gutter and
  make the columns one block, so it is set apart and read after the columns.
"""
from __future__ import annotations

from ...model import BBox, Drawing, Line
from ...settings import ColumnSettings

RULE_SPAN = 0.9        # a separator rule covers this fraction of the text width
RULE_THICKNESS = 2.5   # pt: thicker is a filled box, not a rule
SMALL_TYPE = 0.9       # lines below this fraction of the body size are small print


def separator_rules(drawings: tuple[Drawing, ...], lines: list[Line],
                    floats: list[BBox]) -> list[float]:
    """y of each thin horizontal rule across the text width of `lines` (not inside a
    float, not through a line), with text above and below it; top to bottom."""
    if not lines:
        return []
    x0 = min(ln.bbox.x0 for ln in lines)
    x1 = max(ln.bbox.x1 for ln in lines)
    width = x1 - x0
    out: set[float] = set()
    for d in drawings:
        b = d.bbox
        if b.height > RULE_THICKNESS or d.kind not in ("line", "rect", "path"):
            continue
        if min(b.x1, x1) - max(b.x0, x0) < RULE_SPAN * width:
            continue
        y = round((b.y0 + b.y1) / 2, 1)
        if any(f.x0 - 1 <= b.x0 and b.x1 <= f.x1 + 1 and f.y0 - 1 <= y <= f.y1 + 1 for f in floats):
            continue
        if any(ln.bbox.y0 + 1 < y < ln.bbox.y1 - 1 for ln in lines):
            continue
        if _crossed(b, y, drawings):
            continue
        if any(ln.bbox.cy < y for ln in lines) and any(ln.bbox.cy > y for ln in lines):
            out.add(y)
    return sorted(out)


def float_cuts(lines: list[Line], floats: list[BBox], em: float, cfg: ColumnSettings,
               gutters) -> list[float]:
    """y of the top and bottom of each float that cuts the page into bands: it spans a
    gutter of the text between it and its neighbouring floats (above or below), text lies
    on both sides of it, and no line is set beside it (a float in some columns only, with
    the others running past it, cuts nothing; nor does a box that runs through a
    paragraph, as one drawn around some text lines and not others)."""
    cuts: list[float] = []
    ordered = sorted(floats, key=lambda f: f.y0)
    for i, f in enumerate(ordered):
        lo = max([g.y1 for g in ordered[:i] if g.y1 <= f.y0] or [float("-inf")])
        hi = min([g.y0 for g in ordered[i + 1:] if g.y0 >= f.y1] or [float("inf")])
        above = [ln for ln in lines if lo < ln.bbox.cy < f.y0]
        below = [ln for ln in lines if f.y1 < ln.bbox.cy < hi]
        if not above or not below or _beside(lines, f) \
                or _runs_through(lines, f.y0, em) or _runs_through(lines, f.y1, em):
            continue
        gaps = gutters(above, em, cfg, min_lines=2) + gutters(below, em, cfg, min_lines=2)
        if any(f.x0 < g0 and f.x1 > g1 for g0, g1 in gaps):
            cuts.extend((f.y0, f.y1))
    return cuts


def _runs_through(lines: list[Line], y: float, em: float) -> bool:
    """Two lines of one paragraph meet across y: flush on the same left edge, one on each
    side, the lower one starting within half an em of the upper one's foot."""
    near = [ln for ln in lines if y - 3 * em < ln.bbox.cy < y + 3 * em]
    upper = [ln for ln in near if ln.bbox.cy < y]
    lower = [ln for ln in near if ln.bbox.cy > y]
    return any(0 <= b.bbox.y0 - a.bbox.y1 < 0.5 * em and abs(a.bbox.x0 - b.bbox.x0) < 0.5 * em
               for a in upper for b in lower)


def _beside(lines: list[Line], f: BBox) -> bool:
    """A line at the float's height lies wholly to its left or right."""
    return any(f.y0 < ln.bbox.cy < f.y1 and (ln.bbox.x1 <= f.x0 + 1 or ln.bbox.x0 >= f.x1 - 1)
               for ln in lines)


def _crossed(rule: BBox, y: float, drawings: tuple[Drawing, ...]) -> bool:
    """A vertical stroke meets the rule: it is a line of a grid (a form, a ruled table,
    a box), not a separator between bands of text."""
    for d in drawings:
        v = d.bbox
        if v.width <= RULE_THICKNESS and v.height > 2 * RULE_THICKNESS \
                and rule.x0 - 1 <= v.x0 <= rule.x1 + 1 and v.y0 - 1 <= y <= v.y1 + 1:
            return True
    return False


def with_columns(bands: list[list[Line]], rules: list[float], has_columns) -> list[float]:
    """The rules worth cutting at: those next to a band with columns of its own (between
    one-column bands a cut changes nothing but where a paragraph may be split), between
    bands of two rows or more (rules around single rows rule the fields of a form)."""
    keep = []
    for i, y in enumerate(rules):
        above, below = bands[i], bands[i + 1]
        if min(_rows(above), _rows(below)) >= 2 and (has_columns(above) or has_columns(below)):
            keep.append(y)
    return keep


def _rows(lines: list[Line]) -> int:
    """Distinct baselines among the lines (fragments of one row count once)."""
    return len({round(ln.baseline / 2.0) for ln in lines})


def cut_at(lines: list[Line], cuts: list[float]) -> list[list[Line]]:
    """The lines in bands between the cuts (by line centre), top to bottom."""
    if not cuts:
        return [list(lines)] if lines else []
    bands: list[list[Line]] = [[] for _ in range(len(cuts) + 1)]
    for ln in lines:
        bands[sum(1 for c in cuts if ln.bbox.cy > c)].append(ln)
    return [b for b in bands if b]


def foot_band(lines: list[Line], em: float, cfg: ColumnSettings,
              gutters) -> tuple[list[Line], list[Line]]:
    """(body, foot): the foot is the run of small-type lines wholly below the last
    body-size line, when one of them crosses a gutter of the body's columns."""
    small = [ln for ln in lines if 0 < ln.size < SMALL_TYPE * em]
    if not small or len(small) == len(lines):
        return lines, []
    body_bottom = max(ln.bbox.y1 for ln in lines if not (0 < ln.size < SMALL_TYPE * em))
    foot = [ln for ln in small if ln.bbox.y0 >= body_bottom - 1.0]
    if not foot:
        return lines, []
    in_foot = {ln.id for ln in foot}
    body = [ln for ln in lines if ln.id not in in_foot]
    gaps = gutters(body, em, cfg, min_lines=2)
    if not gaps or not any(ln.bbox.x0 < g0 and ln.bbox.x1 > g1 for ln in foot for g0, g1 in gaps):
        return lines, []
    return body, foot
