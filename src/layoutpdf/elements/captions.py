"""Captions: labels, caption lines, caption blocks cut apart, and the caption <-> object
binding score.

Shared by figures and tables. A caption is bound to the region that maximises a score
built from typography-free geometry, in units of the caption's own line height:

- direction: figure captions usually sit below their figure, table captions above;
  the other side is allowed, beside (a side caption) less so;
- distance: the gap between caption and region, decaying over a few line heights;
- alignment: how much of the narrower box the other one overlaps across the gap;
- columns: caption and region in the same page column (or both spanning);
- intervening text: body lines between caption and region make a binding unlikely.

`assign` turns pair scores into one-to-one bindings (best first) and flags the weak or
ambiguous ones for review.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Callable, Iterable, Sequence

from ..model import BBox, Element, Layer, Line, Role
from ..text.caption_labels import LABEL_FIRST, LABEL_WORDS, is_cjk_word, label_word
from ..text.lines import join_lines, line_text
from .ids import element_id
from .line_kinds import is_toc_entry
from .rows import rows_of

# "Figure 3:", "Fig. 3.", "FIGURE 3", "Figure S1", "Figure 3a", "Table 2", "TABLE II", "图 3",
# "Abbildung 1.2:", "Tabla 1", "Рис. 3": the label words of each language (text/caption_labels.py)
_LABEL = re.compile(
    r"^\s*(?P<word>" + LABEL_WORDS + r")\s*\.?\s*"
    r"(?P<num>(?:[A-Z]{1,2}[.\-]?)?\d+(?:[.\-]\d+)*[a-z]?|[IVXLC]+\b)", re.I)
_DELIM = (":", ".", "|", "\u2014", "\u2013", "-")

# enum members read in per-element loops, bound once: reading Role.X or Layer.X goes
# through EnumType's attribute hook, several times slower than a global on Python 3.11
_CAPTION = Role.CAPTION

MIN_SCORE = 0.15        # below this no binding is made
REVIEW_SCORE = 0.45     # weaker bindings are flagged needs_review
AMBIGUITY_MARGIN = 0.15  # a runner-up this close makes a binding ambiguous


@dataclass(frozen=True)
class Label:
    kind: str       # "figure" | "table" | "other"
    text: str       # "Figure 3", "Table II"
    number: str     # "3", "II", "S1", "3a"


# the characters a label word can start with: a cheap first test, as most lines and
# paragraphs start otherwise
_LABEL_FIRST = LABEL_FIRST


def parse_label(text: str) -> Label | None:
    """The caption label a text starts with, or None."""
    if text.lstrip()[:1] not in _LABEL_FIRST:
        return None
    m = _LABEL.match(text)
    if not m:
        return None
    word = m.group("word")
    kind, name = label_word(word)
    return Label(kind, f"{name} {m.group('num')}", m.group("num"))


def label_key(label: Label) -> tuple[str, str]:
    """Key to match a label with mentions: (kind, number without sub-figure letter)."""
    num = label.number
    if len(num) > 1 and num[-1].islower() and num[-2].isdigit():
        num = num[:-1]
    return label.kind, num.upper()


def is_caption_line(line: Line, body_size: float) -> Label | None:
    """A line that starts a caption: a label followed by a delimiter, or set in another
    weight or size than body text ('Figure 3 shows ...' in body text is not a caption)."""
    text = line.text.lstrip()
    label = parse_label(text)
    if label is None or is_toc_entry(text):   # 'Fig. 1. Overview ..... 3' lists a figure
        return None
    m = _LABEL.match(text)
    rest = text[m.end():m.end() + 3]
    if rest[:1] in _DELIM or rest.strip() == "" or rest.startswith("  "):
        return label
    spans = [s for s in line.spans if s.text.strip()]
    if spans and (spans[0].bold or spans[0].size < body_size * 0.95 or spans[0].size > body_size * 1.05):
        return label
    if is_cjk_word(label.text):
        return label
    return None


# -- assembly ------------------------------------------------------------------------------
LABEL_ONLY_GAP = 0.8     # a label line's title follows within this many line pitches
TITLE_MAX_LINES = 4      # ... and is a title, not a paragraph
SAME_BLOCK_GAP = 0.35    # lines this close (in pitches) are one block whatever their style


def is_label_only(text: str) -> bool:
    """The text is a caption label and nothing else: 'TABLE II', 'Table 2.', 'Fig. 3:'."""
    m = _LABEL.match(text)
    return m is not None and text[m.end():].strip() in ("",) + _DELIM


def assemble(elements: list[Element], lines: dict[str, Line], pitch: float) -> list[Element]:
    """A caption cut in two by a change of style is one caption again: a label line and
    the title line set under it (a centred 'TABLE II' over a small-caps title, 'Table 2.'
    over its title), or a bold first line and the lines right under it. The part below
    joins when it starts within a line's spacing, under the caption, in no larger type."""
    out: list[Element] = []
    for e in elements:
        prev = out[-1] if out else None
        if prev is not None and prev.role is _CAPTION and _continues_caption(prev, e, lines, pitch):
            out[-1] = replace(prev, text=join_lines([prev.text, e.text]), bbox=prev.bbox.union(e.bbox),
                              line_ids=prev.line_ids + e.line_ids,
                              reasons=prev.reasons + ("title line joined to its label",))
            continue
        out.append(e)
    return out


def _continues_caption(cap: Element, e: Element, lines: dict[str, Line], pitch: float) -> bool:
    if e.role is not Role.PARAGRAPH or e.layer is not cap.layer or e.page != cap.page \
            or e.markup != cap.markup or parse_label(e.text) is not None:
        return False
    gap = e.bbox.y0 - cap.bbox.y1
    if gap < -0.3 * pitch or e.bbox.overlap_x(cap.bbox) < 0.5 * min(e.bbox.width, cap.bbox.width):
        return False
    label_only = is_label_only(cap.text)
    if _size(e, lines) > _size(cap, lines) + 0.5 and not (label_only and _bold(e, lines)):
        return False                     # larger type under a caption is text again
    if label_only:
        return gap <= LABEL_ONLY_GAP * pitch and len(e.line_ids) <= TITLE_MAX_LINES
    return gap <= SAME_BLOCK_GAP * pitch and not cap.text.rstrip().endswith((".", ":"))


def _bold(e: Element, lines: dict[str, Line]) -> bool:
    """Every span of the block with text is bold: a title set apart in a display weight
    ('Table 2.' in the text face over its title in a larger bold, as report styles set
    it), never a paragraph of running text, which may come right under a caption too."""
    spans = [s for i in e.line_ids if i in lines for s in lines[i].spans if s.text.strip()]
    return bool(spans) and all(s.bold for s in spans)


def _size(e: Element, lines: dict[str, Line]) -> float:
    own = [lines[i] for i in e.line_ids if i in lines]
    return max((ln.size for ln in own), default=0.0)


# -- binding score ------------------------------------------------------------------------
def score_binding(caption_bbox: BBox, region_bbox: BBox, page=None,
                  columns: Sequence[BBox] = (), *, kind: str = "figure", em: float | None = None,
                  obstacles: Iterable[BBox] = ()) -> tuple[float, tuple[str, ...]]:
    """Score in [0, 1] that the caption at `caption_bbox` belongs to the object at
    `region_bbox`, with the reasons. `kind` is "figure" (caption expected below) or
    "table" (caption expected above); `em` is the caption's line height (default: a
    fraction of the caption height, at most 12 pt); `obstacles` are boxes of body text
    lines that are neither the caption nor the object; `columns` the page's column boxes."""
    c, r = caption_bbox, region_bbox
    em = em or 10.0
    reasons: list[str] = []
    below_pref, above_pref = (1.0, 0.8) if kind != "table" else (0.85, 1.0)
    tol = 0.5 * em
    if c.y0 >= r.y1 - tol:
        direction, gap, pref = "below", max(0.0, c.y0 - r.y1), below_pref
        align = c.overlap_x(r) / max(1e-6, min(c.width, r.width))
    elif c.y1 <= r.y0 + tol:
        direction, gap, pref = "above", max(0.0, r.y0 - c.y1), above_pref
        align = c.overlap_x(r) / max(1e-6, min(c.width, r.width))
    elif c.overlap_y(r) > 0 and c.overlap_x(r) <= 0.1 * min(c.width, r.width):
        direction, pref = "beside", 0.6
        gap = max(0.0, c.x0 - r.x1, r.x0 - c.x1)
        align = c.overlap_y(r) / max(1e-6, min(c.height, r.height))
    else:
        direction, gap, pref, align = "overlapping", 0.0, 0.3, 1.0
    reasons.append(f"caption {direction} the {kind}")
    distance = 1.0 / (1.0 + (gap / (3.0 * em)) ** 2)
    reasons.append(f"gap {gap / em:.1f} lines")
    if direction in ("below", "above") and align < 0.05:
        # beside diagonally: a centred caption under side-by-side figures still overlaps
        align = 0.0
    reasons.append(f"alignment {align:.0%}")
    col = _column_factor(c, r, columns)
    if col < 1.0:
        reasons.append("different columns")
    between = _between(c, r, direction, obstacles)
    blocked = 0.25 ** min(between, 3)
    if between:
        reasons.append(f"{between} text line(s) between")
    score = pref * distance * (0.25 + 0.75 * min(1.0, align)) * col * blocked
    return round(score, 3), tuple(reasons)


def _column_factor(c: BBox, r: BBox, columns: Sequence[BBox]) -> float:
    if len(columns) < 2:
        return 1.0
    widest = max(col.width for col in columns)

    def col_of(b: BBox):
        if b.width > 1.3 * widest:
            return "span"
        best = max(range(len(columns)), key=lambda i: columns[i].overlap_x(b))
        return best if columns[best].overlap_x(b) > 0 else None

    a, b = col_of(c), col_of(r)
    if a is None or b is None or a == b:
        return 1.0
    if "span" in (a, b):
        return 0.8
    return 0.4


def _between(c: BBox, r: BBox, direction: str, obstacles: Iterable[BBox]) -> int:
    if direction == "below":
        lo, hi = r.y1, c.y0
    elif direction == "above":
        lo, hi = c.y1, r.y0
    else:
        return 0
    x0, x1 = max(c.x0, r.x0), min(c.x1, r.x1)
    if x1 <= x0:
        x0, x1 = min(c.x0, r.x0), max(c.x1, r.x1)
    n = 0
    for o in obstacles:
        if o.y0 >= lo - 0.5 and o.y1 <= hi + 0.5 and o.x1 > x0 and o.x0 < x1:
            n += 1
    return n


# -- one-to-one assignment --------------------------------------------------------------
@dataclass(frozen=True)
class Binding:
    caption: str                 # caption key (element id)
    region: str                  # region key (figure/table id)
    score: float
    reasons: tuple[str, ...]
    needs_review: bool


Scorer = Callable[[str, str], tuple[float, tuple[str, ...]]]


def assign(captions: Sequence[str], regions: Sequence[str], scorer: Scorer,
           min_score: float = MIN_SCORE) -> list[Binding]:
    """Bind captions to regions one-to-one, highest score first. A binding is flagged
    needs_review when weak, or ambiguous: another caption (or region) that would rather
    have this region (caption) scores within AMBIGUITY_MARGIN of it."""
    table = {(c, r): scorer(c, r) for c in captions for r in regions}
    pairs = sorted(((s, c, r) for (c, r), (s, _) in table.items() if s >= min_score),
                   key=lambda t: (-t[0], captions.index(t[1]), regions.index(t[2])))
    of_c: dict[str, tuple[str, float]] = {}
    of_r: dict[str, tuple[str, float]] = {}
    for s, c, r in pairs:
        if c not in of_c and r not in of_r:
            of_c[c], of_r[r] = (r, s), (c, s)
    _hand_over(captions, regions, table, of_c, of_r)
    out = []
    for c, (r, s) in of_c.items():
        # rivals that prefer this pairing to what they got
        rival = max([table[(c, r2)][0] for r2 in regions if r2 != r
                     and table[(c, r2)][0] > of_r.get(r2, ("", 0.0))[1]]
                    + [table[(c2, r)][0] for c2 in captions if c2 != c
                       and table[(c2, r)][0] > of_c.get(c2, ("", 0.0))[1]]
                    + [0.0])
        reasons = table[(c, r)][1]
        if s < REVIEW_SCORE:
            reasons += ("weak binding",)
        if rival > s - AMBIGUITY_MARGIN:
            reasons += (f"ambiguous: runner-up scores {rival:.2f}",)
        out.append(Binding(c, r, s, reasons, s < REVIEW_SCORE or rival > s - AMBIGUITY_MARGIN))
    return sorted(out, key=lambda b: captions.index(b.caption))


def _hand_over(captions: Sequence[str], regions: Sequence[str], table: dict,
               of_c: dict[str, tuple[str, float]], of_r: dict[str, tuple[str, float]]) -> None:
    """A caption left without an object because a neighbour caption took it, while that
    neighbour faces another object left free, takes it back: the neighbour moves to the
    free one. Every caption of a document captions some object, so two confident
    bindings beat one slightly better one (a caption set between two stacked tables,
    under the first, with the second's caption under the second: the greedy pass gives
    the middle caption the lower table, as table captions sit above more often, and
    leaves the lower caption unbound)."""
    for c2 in captions:
        if c2 in of_c:
            continue
        best = None
        for r in regions:
            s2 = table[(c2, r)][0]
            if r not in of_r or s2 < REVIEW_SCORE:
                continue
            c, s = of_r[r]
            for r2 in regions:
                s1 = table[(c, r2)][0]
                if r2 not in of_r and s1 >= REVIEW_SCORE and s1 + s2 > s and \
                        (best is None or s1 + s2 - s > best[0]):
                    best = (s1 + s2 - s, c, r, r2, s1, s2)
        if best is not None:
            _, c, r, r2, s1, s2 = best
            of_c[c], of_r[r2] = (r2, s1), (c, s1)
            of_c[c2], of_r[r] = (r, s2), (c2, s2)


# -- caption blocks cut apart ---------------------------------------------------------------
CAPTION_STEP = 1.05    # type this much larger than a caption's after it is no longer the caption


def split_caption_blocks(elements: tuple[Element, ...], lines: dict[str, Line], body: float,
                         figure_pages: set[int], table_pages: set[int]) -> tuple[Element, ...]:
    """Captions the layout read as one block with their neighbours, cut apart: captions
    of side-by-side figures (or tables) set on the same baselines (each its own caption),
    and a figure caption set smaller than body text followed, little more than a line
    below, by a paragraph in body type (browsers and office suites): the rows from the
    first larger one on become a paragraph of their own, right after the caption. (A
    caption rule shared by the figure and table stages: figures.bind calls it for the
    figures' pages, tables.bind for the tables'.)"""
    out: list[Element] = []
    for e in elements:
        kinds = ("figure",) * (e.page in figure_pages) + ("table",) * (e.page in table_pages)
        parts = _side_by_side(e, lines, kinds)
        if parts:
            beside = f"caption of the {parse_label(e.text).kind} beside"
            out += [_part(e, rows_of(tuple(group)), e.role, e.reasons + (beside,))
                    for group in parts]
            continue
        cut = _caption_cut(e, lines, body) if e.page in figure_pages else None
        if cut is None:
            out.append(e)
            continue
        head, tail = cut
        out += [_part(e, head, e.role, e.reasons),
                _part(e, tail, Role.PARAGRAPH, ("after a caption set smaller",))]
    return tuple(out)


def _part(e: Element, rows, role: Role, reasons: tuple[str, ...]) -> Element:
    own = [ln for r in rows for ln in r.lines]
    bbox = BBox.union_all(ln.bbox for ln in own)
    text = join_lines([line_text(r.lines) for r in rows])
    return replace(e, id=element_id(e.page, bbox, text), role=role, bbox=bbox, text=text,
                   line_ids=tuple(ln.id for ln in own), reasons=reasons)


def _plain_figure_caption(e: Element, lines: dict[str, Line],
                          kinds: tuple[str, ...] = ("figure",)) -> list[Line] | None:
    """The lines of a plain-text (no inline math: the text is rebuilt from the lines)
    element that opens with a label of one of `kinds` (a figure's), else None."""
    if e.layer is not Layer.BODY or e.markup != "text" or len(e.line_ids) < 2 or \
            not (e.role is _CAPTION or e.role is Role.PARAGRAPH):
        return None
    label = parse_label(e.text)
    if label is None or label.kind not in kinds:
        return None
    own = [lines[i] for i in e.line_ids if i in lines]
    return own if len(own) == len(e.line_ids) else None


def _side_by_side(e: Element, lines: dict[str, Line],
                  kinds: tuple[str, ...]) -> list[list[Line]] | None:
    """Line groups of a caption block that holds, beside its first caption, the captions
    of the figures (or tables) next to it: fragments opening with a label of the first
    one's kind further right on a row of the block, every line of the block on one side
    of each such start. (Side-by-side floats are captioned on one baseline, each over or
    under its own float; the layout reads that baseline as one row.)"""
    own = _plain_figure_caption(e, lines, kinds)
    if own is None:
        return None
    kind = parse_label(e.text).kind
    first = min(own, key=lambda ln: (ln.bbox.y0, ln.bbox.x0))
    starts = sorted({ln.bbox.x0 for ln in own if ln is not first and ln.bbox.x0 > first.bbox.x1
                     and abs(ln.bbox.y0 - first.bbox.y0) <= 0.5 * (first.size or 1.0)
                     and (lab := parse_label(ln.text)) is not None and lab.kind == kind})
    if not starts:
        return None
    cuts = [first.bbox.x0 - 1.0] + [x - 1.0 for x in starts]
    groups: list[list[Line]] = [[] for _ in cuts]
    for ln in own:
        k = max(i for i, c in enumerate(cuts) if ln.bbox.x0 >= c) if ln.bbox.x0 >= cuts[0] else 0
        if k + 1 < len(cuts) and ln.bbox.x1 > cuts[k + 1] + 1.0:
            return None                   # a line runs across a start: one caption after all
        groups[k].append(ln)
    return groups if all(groups) else None


def _caption_cut(e: Element, lines: dict[str, Line], body: float):
    """(caption rows, paragraph rows) of a figure caption element whose type steps up
    to body size after its first row and stays there, else None."""
    own = _plain_figure_caption(e, lines)
    if own is None:
        return None
    rows = rows_of(tuple(own))
    cap = rows[0].size
    if cap >= 0.97 * body:
        return None
    for k in range(1, len(rows)):
        if rows[k].size >= CAPTION_STEP * cap and rows[k].size >= 0.97 * body:
            tail = rows[k:]
            if all(r.size >= CAPTION_STEP * cap for r in tail) and rows[k].bbox.y0 >= rows[k - 1].bbox.y1:
                return rows[:k], tail
            return None
    return None
