"""Cell grids from word boxes and rule segments: columns, rows, merged cells, header rows.

Pure geometry on small records, so it is testable without a PDF. Units are points; "em"
is the font size of the words involved. The rules of thumb, in order:

- words of one text line closer than half an em belong to one phrase (one cell's text);
  a leader's fill ends its phrase and takes no room in it;
- column separators are vertical rules inside the table, or else x-ranges that no phrase
  of a *body* line covers (body lines: those with the typical number of phrases; header
  rows with spanning labels and section rows are placed afterwards);
- rows are text lines; when horizontal rules separate most lines, the band between two
  rules is one row (cells may wrap); wrapped continuation lines are joined to their row
  (`table_rows`);
- a phrase that crosses a separator is a merged cell, its text kept in the first column;
- header rows are the rows above the first inner rule, else the leading bold rows.
"""
from __future__ import annotations

from bisect import bisect_right
from operator import attrgetter
from dataclasses import dataclass, field
from statistics import median

from ..model.fast_init import stores_slots
from ..text.scripts import is_cjk, is_hangul
from .table_numbers import fill_start, is_fill, sign_after_amount, sign_opens_amount

_HYPHENS = ("-", "\u2010", "\u00ad")   # a line ending in one goes on without a space
PHRASE_GAP_EM = 0.5      # a wider gap between two words of a line starts another phrase
MIN_GAP_EM = 0.5         # narrowest whitespace column separator
WORD_SPACE_EM = 0.25     # a word space: two columns' ranges stand this far apart at least
SNAP = 2.0               # pt: rules this close are one rule; rule/text tolerance
EDGE_IN = 2.0            # pt: a rule this far inside the region is an inner rule
STRIP_SUPPORT = 0.5      # share of a ruled strip's lines that must show a whitespace column
MIN_FILL = 0.3           # share of non-empty cells below which a grid is not a table
HEADER_RULE = 0.6        # a rule under the header runs across this share of the table at least


@dataclass(slots=True)
class Word:
    x0: float
    y0: float
    x1: float
    y1: float
    text: str
    size: float = 10.0
    bold: bool = False
    math: bool = False          # set in a math font (CMMI, Cambria Math, STIX...)
    mono: bool = False          # set in a monospaced font (code)
    # the centre, asked for tens of thousands of times a page: computed once (never moved)
    cx: float = field(init=False, repr=False, compare=False)
    cy: float = field(init=False, repr=False, compare=False)
    h: float = field(init=False, repr=False, compare=False)     # the height, at least 0.1

    def __post_init__(self) -> None:
        self.cx = (self.x0 + self.x1) / 2
        self.cy = (self.y0 + self.y1) / 2
        self.h = max(0.1, self.y1 - self.y0)


@stores_slots
@dataclass(frozen=True, slots=True)
class Seg:
    """An axis-aligned rule: `pos` is y (horizontal) or x (vertical), `a..b` its extent."""
    pos: float
    a: float
    b: float

    @property
    def length(self) -> float:
        return self.b - self.a


class Phrase:
    """Words of one text line close enough to be one cell's text."""
    __slots__ = ("words", "x0", "x1", "y0", "y1")

    def __init__(self, word: Word) -> None:
        self.words = [word]
        self.x0, self.x1, self.y0, self.y1 = word.x0, word.x1, word.y0, word.y1

    def add(self, word: Word) -> None:
        self.words.append(word)
        if word.x1 > self.x1:           # (max and min, without the calls: every word of a table)
            self.x1 = word.x1
        if word.y0 < self.y0:
            self.y0 = word.y0
        if word.y1 > self.y1:
            self.y1 = word.y1

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)

    @property
    def bold(self) -> bool:
        """Every word is bold but a leader's dots (a word processor draws the fill after
        a bold label in the paragraph's regular face)."""
        return all(w.bold or (not w.text.strip(".…") and fill_start(w) is not None) for w in self.words)


def same_weight(above: Phrase, phrase: Phrase) -> bool:
    """`phrase` is set in the weight of the label text `above` it; a leader alone on its
    line (`table_numbers.is_fill`) has no weight of its own: it ends that label."""
    return phrase.bold == above.bold or is_fill(phrase.text)


_BY_CY_X0 = attrgetter("cy", "x0")   # sort keys built in C: text_lines sorts every word of a table
_BY_X0 = attrgetter("x0")


@dataclass(slots=True)
class TextLine:
    """Words of one text line, left to right, and its phrases. Its top and bottom are
    read on first use (rows are grouped and joined by them again and again), once its
    words are all in (`text_lines`)."""
    words: list[Word]
    phrases: list[Phrase] = field(default_factory=list)
    _y0: float | None = field(default=None, repr=False, compare=False)
    _y1: float | None = field(default=None, repr=False, compare=False)

    @property
    def y0(self) -> float:
        y0 = self._y0
        if y0 is None:
            y0 = self._y0 = min(w.y0 for w in self.words)
        return y0

    @property
    def y1(self) -> float:
        y1 = self._y1
        if y1 is None:
            y1 = self._y1 = max(w.y1 for w in self.words)
        return y1

    @property
    def cy(self) -> float:
        return (self.y0 + self.y1) / 2


@dataclass
class Grid:
    bbox: tuple[float, float, float, float]
    rows: list[list[str]]
    col_edges: list[float]
    row_edges: list[float]
    spans: list[tuple[int, int, int, int]]
    header_rows: int
    strategy: str
    score: float
    reasons: list[str]
    rule_columns: int = 0       # inner vertical rules that separate its columns
    drawn_empty: int = 0        # columns no text fills that rules close all round (a blank form)


# -- text lines and phrases ----------------------------------------------------------------
def text_lines(words: list[Word], vrules: list[Seg] = ()) -> list[TextLine]:
    """Words grouped into lines (same vertical centre), each split into phrases."""
    out: list[TextLine] = []
    cur = None
    ref_cy = ref_h = 0.0                # the first word of the line being filled
    for w in sorted(words, key=_BY_CY_X0):
        if cur is not None and abs(w.cy - ref_cy) <= 0.35 * max(w.h, ref_h):
            cur.append(w)
            continue
        cur = [w]
        ref_cy, ref_h = w.cy, w.h
        out.append(TextLine(cur))
    for ln in out:
        ln.words.sort(key=_BY_X0)
        ln.phrases = _phrases(ln, vrules)
    return out


def _phrases(line: TextLine, vrules) -> list[Phrase]:
    """The line's words, cut at a gap wider than PHRASE_GAP_EM, a vertical rule, before
    a currency sign that opens the amount after it (`table_numbers.sign_opens_amount`), and
    after a leader's dots (`fill_start`): they fill the space between two cells, up to
    the next cell's text ('amortization' '.....' '41,596': the word a leader tab's fill
    is glued into, parted by `table_words.unglued`). The dots stay in the text of the
    phrase they follow (a contents list is told by its leaders) but take no room in it:
    the phrase ends where its letters end, so the space they fill lies between columns."""
    words = line.words
    last = words[0]
    phrase = Phrase(last)
    phrases = [phrase]
    at = fill_start(last)
    filled = at is not None
    if filled and last.text.strip(".…"):
        phrase.x1 = at
    for k, w in enumerate(words[1:], 2):
        ruled = bool(vrules) and any(last.cx < v.pos < w.cx and v.a - SNAP <= w.cy <= v.b + SNAP
                                     for v in vrules)
        at = fill_start(w)
        if at is not None and not w.text.strip(".…") and not ruled:
            phrase.words.append(w)          # a leader's dots: text of the phrase, no room
            filled = True
            last = w
            continue
        if not filled and not ruled and w.x0 - last.x1 <= PHRASE_GAP_EM * max(w.size, last.size) \
                and not sign_opens_amount(last.text, w.text, words[k].text if k < len(words) else ""):
            phrase.add(w)
        else:
            phrase = Phrase(w)
            phrases.append(phrase)
        filled = at is not None
        if filled and at > phrase.x0:
            phrase.x1 = at                  # 'revenue.......': the letters end first
        last = w
    return phrases


# -- columns -------------------------------------------------------------------------------
def rule_separators(vrules: list[Seg], box, min_len: float) -> list[float]:
    """x of inner vertical rules long enough to separate cells."""
    x0, _, x1, _ = box
    xs = sorted(v.pos for v in vrules if x0 + EDGE_IN < v.pos < x1 - EDGE_IN and v.length >= min_len)
    out: list[float] = []
    for x in xs:
        if out and x - out[-1] <= SNAP:
            continue
        out.append(x)
    return out


def text_separators(lines: list[TextLine], em: float) -> list[float]:
    """Centres of the x-ranges no body-line phrase covers."""
    counts = [len(ln.phrases) for ln in lines]
    multi = [c for c in counts if c >= 2]
    if not multi:
        return []
    typical = max(2, int(median(multi)))
    below = _below_header(lines)
    body = [ln for ln in below if len(ln.phrases) >= typical] or [ln for ln in below if len(ln.phrases) >= 2]
    covered = _covered([(p.x0, p.x1) for ln in body for p in ln.phrases])
    heads = _heads_over_gaps(lines[:len(lines) - len(below)], covered)
    if heads:
        covered = _covered([tuple(c) for c in covered] + heads)
    # a currency sign opens its money column, however close the amounts before it end; after
    # a label's end, a word space away at least (closer ranges are two rows' jitter)
    signs = {q.x0 for ln in body for p, q in zip(ln.phrases, ln.phrases[1:])
             if len(q.words) == 1 and sign_after_amount(p.words[-1].text, q.words[0].text)}
    after_labels = {q.x0 for ln in body for p, q, r in zip(ln.phrases, ln.phrases[1:], ln.phrases[2:])
                    if len(q.words) == 1
                    and sign_opens_amount(p.words[-1].text, q.words[0].text, r.words[0].text)}
    return [(covered[i][1] + covered[i + 1][0]) / 2 for i in range(len(covered) - 1)
            if (gap := covered[i + 1][0] - covered[i][1]) >= MIN_GAP_EM * em
            or gap > 0 and covered[i + 1][0] in signs
            or gap >= WORD_SPACE_EM * em and covered[i + 1][0] in after_labels]


def _covered(spans: list[tuple[float, float]]) -> list[list[float]]:
    """The x-ranges the spans cover, left to right (overlapping spans joined)."""
    covered: list[list[float]] = []
    for a, b in sorted(spans):
        if covered and a <= covered[-1][1]:
            covered[-1][1] = max(covered[-1][1], b)
        else:
            covered.append([a, b])
    return covered


def _heads_over_gaps(header: list[TextLine], covered: list[list[float]]) -> list[tuple[float, float]]:
    """The labels of a header row that names more columns than the body shows, where they
    lie over no body text: a column whose cells are marks the text layer does not hold
    (check marks set in a symbol font, or drawn) is still a column, named by its label.
    (Years centred over a sign and its amount are fewer than the body's columns: they
    name pairs of them, and make none of their own.)"""
    out = []
    for ln in header:
        if len(ln.phrases) > len(covered):
            out += [(p.x0, p.x1) for p in ln.phrases if not any(a < p.x1 and p.x0 < b for a, b in covered)]
    return out


def _below_header(lines: list[TextLine]) -> list[TextLine]:
    """The lines under the leading rows set all in bold (a header), when three or more
    follow: header labels (years, periods) are centred over a sign and its amount and
    would make columns of their own; they are placed over the columns afterwards."""
    first = next((k for k, ln in enumerate(lines) if not all(p.bold for p in ln.phrases)), None)
    if not first or len(lines) - first < 3:
        return lines
    return lines[first:]


# -- rows ----------------------------------------------------------------------------------
def band_of(y: float, cuts: list[float]) -> int:
    return bisect_right(cuts, y)


def col_index(x: float, edges: list[float]) -> int:
    i = bisect_right(edges, x) - 1     # clamped to 0, then to the last column (no builtins:
    if i < 0:                          # asked for every phrase of every row of a grid)
        i = 0
    last = len(edges) - 2
    return i if i < last else last


# -- cells ---------------------------------------------------------------------------------
def fill_cells(rows: list[list[TextLine]], edges: list[float], em: float, vrules: list[Seg] = ()):
    """Phrases into cells. A phrase crossing column boundaries is a merged cell: in a ruled
    table it reaches to the nearest vertical rules drawn beside it (on a side with no rule
    drawn at its height, to the columns whose text lies under it), its text goes into the
    first column it covers."""
    ncols = len(edges) - 1
    table: list[list[list[str]]] = [[[] for _ in range(ncols)] for _ in rows]
    spans: list[tuple[int, int, int, int]] = []
    extents = None
    for r, row in enumerate(rows):
        for n, ln in enumerate(row):
            for p in ln.phrases:
                c0 = col_index(p.x0 + 0.3 * em, edges)
                c1 = col_index(p.x1 - 0.3 * em, edges)
                if c1 > c0 and not _ruled_between(edges, c0, c1, vrules):
                    if extents is None:
                        extents = column_extents(rows, edges, em)
                    c0, c1 = _columns_under(p.x0, p.x1, extents, c0, c1, em)
                elif c1 > c0 and vrules:
                    cy = (p.y0 + p.y1) / 2
                    drawn = [v.pos for v in vrules if v.a - SNAP <= cy <= v.b + SNAP]
                    left = max((x for x in drawn if x <= p.x0), default=None)
                    right = min((x for x in drawn if x >= p.x1), default=None)
                    if left is None or right is None:   # no rule beside it on a side:
                        if extents is None:             # that side ends at the text under it
                            extents = column_extents(rows, edges, em)
                        u0, u1 = _columns_under(p.x0, p.x1, extents, c0, c1, em)
                    c0 = u0 if left is None else col_index(left + SNAP, edges)
                    c1 = max(c0, u1 if right is None else col_index(right - SNAP, edges))
                table[r][c0].append((n, p.text))
                if c1 > c0:
                    spans.append((r, c0, r, c1))
    cells = [[cell_text(parts) for parts in row] for row in table]
    return cells, sorted(set(spans))


def cell_text(parts: list[tuple[int, str]]) -> str:
    """The text of a cell from its phrases, (line number in the row, text), in reading
    order: joined with a space, but a line that ends in a hyphen after a letter goes on
    in the next line without one ("non-" / "controlling interests"). The hyphen stays:
    a table cell breaks where its column ends, and a browser or word processor breaks a
    line at a hyphen already there, it does not hyphenate words (in the eight shared
    filings 84 of 96 words broken at a hyphen are compounds: "short-term", "stock-based").
    A soft hyphen only marks where a word may break: it goes. Chinese or Japanese text
    wrapped over lines goes on with no space (a Korean line ends at a word space)."""
    out = ""
    line = None
    for n, text in parts:
        if out and n != line and len(out) >= 2 and out[-1] in _HYPHENS and out[-2].isalpha() and text:
            out = (out[:-1] if out[-1] == "\u00ad" else out) + text
        elif out and n != line and text and is_cjk(out[-1]) and is_cjk(text[0]) \
                and not (is_hangul(out[-1]) or is_hangul(text[0])):
            out += text             # Chinese and Japanese set no space between words
        else:
            out = f"{out} {text}" if out else text
        line = n
    return out


def column_extents(rows: list[list[TextLine]], edges: list[float],
                   em: float) -> list[tuple[float, float] | None]:
    """Per column, the x-range its own text takes: the phrases that lie within one column
    (labels and amounts; a phrase crossing a separator is a spanning label)."""
    out: list[list[float] | None] = [None] * (len(edges) - 1)
    for row in rows:
        for ln in row:
            for p in ln.phrases:
                c = col_index(p.x0 + 0.3 * em, edges)
                if c != col_index(p.x1 - 0.3 * em, edges):
                    continue
                e = out[c]
                if e is None:
                    out[c] = [p.x0, p.x1]
                else:
                    e[0], e[1] = min(e[0], p.x0), max(e[1], p.x1)
    return [tuple(e) if e else None for e in out]


def _columns_under(x0: float, x1: float, extents, c0: int, c1: int, em: float) -> tuple[int, int]:
    """The first and last column a label that crosses a column separator is set over:
    the columns whose text lies under its x-range, and the next column at either end
    whose text it comes within an em of, when taking that column in centres the label
    better over the text it spans. A label centred over a group of
    amount columns spans the group ("Retrieval Accuracy" also over "Top-1", which it
    reaches without covering its text); a label wider than its own column (a wrapped
    "Packaging" under "Rigid") stays in the column its text overlaps."""
    under = [c for c, e in enumerate(extents) if e and e[0] < x1 and e[1] > x0]
    if not under:
        return c0, c1
    lo, hi = under[0], under[-1]
    mid = (x0 + x1) / 2

    def off(a: int, b: int) -> float:
        es = [e for e in extents[a:b + 1] if e]
        return abs(mid - (min(e[0] for e in es) + max(e[1] for e in es)) / 2)
    left = next((c for c in range(lo - 1, -1, -1) if extents[c]), None)
    right = next((c for c in range(hi + 1, len(extents)) if extents[c]), None)
    starts = [lo] + [c for c in (left,) if c is not None and x0 - extents[c][1] <= em]
    ends = [hi] + [c for c in (right,) if c is not None and extents[c][0] - x1 <= em]
    best = (off(lo, hi), lo, hi)
    for a in starts:
        for b in ends:
            if off(a, b) < best[0] - 0.5:
                best = (off(a, b), a, b)
    return best[1], best[2]


def _ruled_between(edges: list[float], c0: int, c1: int, vrules) -> bool:
    """Every separator between columns c0 and c1 is a drawn vertical rule (interrupted
    where a merged cell crosses it): the merged cell reaches to the rules beside it."""
    return bool(vrules) and all(any(abs(v.pos - x) <= SNAP for v in vrules) for x in edges[c0 + 1:c1 + 1])
