"""Columns of running text, and contents lists, are no tables (issues 37, 39).

A magazine's box, a report's sidebar or a page set in three narrow columns puts short
lines side by side whose baselines line up, and a grid reads them as rows of cells. How
the two are made tells them apart:

- a table's column holds cells, each one item (a name, an amount, a label); their lengths
  vary, and an item rarely ends a sentence inside the cell and starts the next one;
- a column of running text is lines of a paragraph cut where the column ends: nearly every
  line fills the column's measure (ragged right leaves a little room, justified none),
  lines end in a hyphen or mid-sentence, and sentences end inside lines ("... wurden.
  Insbesondere ...").

A grid whose every filled column reads as running text is refused, with the reason. A
table with one column of descriptions (wrapped sentences beside short labels or amounts)
is kept: its other columns are items.

Dot leaders are no sign of a table of contents by themselves: a filing agent sets them
after a statement's labels too ("Net revenue ........ $ 35,034"). What they lead to tells
the two apart (`contents_refusal`): a contents list's right column holds page references
(one small plain number a row, or "F-3", "iv"); a statement's holds amounts, in several
columns, with currency signs, thousands separators, parentheses, decimals or dashes for
zero (issue 39). The leaders themselves are fill, not text: they are left out of the
phrases that make aligned rows (`without_fill`) and out of a table's cells
(`without_leaders`), and so is a word processor's solid leader, underscores glued to
the label ('Cost of revenue________'); a run of underscores standing alone is a blank
to fill in, and stays.
"""
from __future__ import annotations

import re
from dataclasses import replace

from .table_grid import Grid, Word
from .table_numbers import CURRENCY, is_number

LEADER_ROWS = 0.3       # rows with dot leaders that make a table of contents
AMOUNT_ROWS = 0.5       # share of the leader rows that lead to amounts in a statement
LEADER = re.compile(r"(?:\.\s?){4,}|…{2,}|(?<=[^\s_])_{3,}")   # dots, or underscores glued to a label
LEADER_END = re.compile(r"(?:(?:\.\s?){4,}|…{2,})$")    # the dot leader a word ends in
# what an amount has and a page reference has not: a currency sign, a thousands separator,
# parentheses for a negative, decimals, a dash for zero
_AMOUNT_MARK = re.compile(r"[$€£¥₹]|\d,\d{3}(?!\d)|^\(.*\)$|\d\.\d|^[-\u2013\u2014\u2212]$")

FILLS_MEASURE = 0.6     # a line this long (share of the column's usual full line) fills it
EVEN_SHARE = 0.6        # share of a column's lines that fill the measure in running text
MIN_WORDS = 2           # median words per line of running text (long compounds: 2 a line)
FLOW_SHARE = 0.1        # share of lines that break a word or end a sentence mid-line
MIN_LINES = 4           # a column needs this many filled lines to be read as text
# a sentence ends inside the line: a word of two lower-case letters or more, its stop, and a
# capital (an abbreviation such as "U.S." or "No." has no such word before its stop)
_SENTENCE_INSIDE = re.compile(r"[a-zß-ÿ]{2}[.!?;][\"”’)]?\s+[\"“(]?[A-ZÀ-Þ]")
_BROKEN = re.compile(r"[^\W\d_]-$")


def prose_refusal(g: Grid) -> str | None:
    """Why grid `g` is running text set in columns, not a table (None when it may be a
    table): every column filled in most rows reads as lines of a paragraph (wordy lines
    of about the column's measure), and the text flows (lines that break a word or end a
    sentence mid-line)."""
    rows = g.rows[g.header_rows:] or g.rows
    ncols = len(g.col_edges) - 1
    columns = [[r[c] for r in rows if c < len(r) and r[c] and not is_number(r[c])] for c in range(ncols)]
    filled = [cells for cells in columns if len(cells) >= 0.5 * len(rows)]
    if len(filled) < 2 or not all(_lines_of_text(cells) for cells in filled):
        return None
    lines = [c for cells in filled for c in cells]
    flow = sum(1 for c in lines if _BROKEN.search(c) or _SENTENCE_INSIDE.search(c))
    if flow < max(2, FLOW_SHARE * len(lines)):
        return None
    return (f"not a table: its {len(filled)} columns are running text (lines that fill the "
            f"column's measure; {flow} of {len(lines)} break a word or end a sentence mid-line)")


def _lines_of_text(cells: list[str]) -> bool:
    """The cells of one column, top to bottom, read as the lines of a paragraph: several
    words each, most about as long as the column's usual full line (its upper quartile:
    a last line or a joined wrap does not set the measure)."""
    if len(cells) < MIN_LINES:
        return False
    words = sorted(len(c.split()) for c in cells)
    if words[len(words) // 2] < MIN_WORDS:
        return False
    lengths = sorted(len(c) for c in cells)
    measure = lengths[(3 * len(lengths)) // 4]
    return sum(1 for n in lengths if n >= FILLS_MEASURE * measure) >= EVEN_SHARE * len(cells)


def contents_refusal(g: Grid) -> str | None:
    """Why grid `g` is a table of contents, not a table (None when it is not one): many of
    its rows hold dot leaders, and the leaders lead to page references, not to amounts."""
    nrows = len(g.rows)
    if sum(1 for row in g.rows for c in row if c and LEADER.search(c)) < LEADER_ROWS * nrows:
        return None
    led = [_led_to(row) for row in g.rows if any(c and LEADER.search(c) for c in row)]
    amounts = sum(1 for targets in led if _amounts(targets))
    if amounts >= AMOUNT_ROWS * len(led):
        return None
    return (f"not a table: a table of contents ({len(led)} of {nrows} rows lead by dot leaders "
            f"to page or line references; {amounts} to amounts)")


def _led_to(row: list[str]) -> list[str]:
    """What the last dot leader of a row leads to: the text after it in its cell and the
    filled cells to its right."""
    last = max(c for c, v in enumerate(row) if v and LEADER.search(v))
    rest = LEADER.split(row[last])[-1].strip()
    return ([rest] if rest else []) + [v for v in row[last + 1:] if v]


def _amounts(targets: list[str]) -> bool:
    """The cells a leader leads to are amounts: numbers in several columns, or a number
    with a currency sign (in its cell or the one before it), a thousands separator,
    parentheses, decimals or a dash for zero. A page reference is one plain number."""
    numbers = [v for v in targets if is_number(v)]
    if len(numbers) >= 2:
        return True
    return bool(numbers) and (any(CURRENCY.match(v) for v in targets)
                              or any(_AMOUNT_MARK.search(v.strip()) for v in numbers))


def without_fill(words: list[Word]) -> list[Word]:
    """The words without their dot leaders: fill between a label and what it leads to, no
    part of the label's phrase (with it, every label would reach across the row). A word
    of dots is left out, a word the dots follow with no space ("revenue.......") ends
    where its letters end (a dot taken as half a letter's width). A leader with nothing
    left of it on its line stays: the label above filled its column and the leader
    wrapped alone onto the line of the row's amounts, where it stands for the label's end
    (`table_numbers.is_fill`)."""
    out = []
    for w in words:
        m = LEADER_END.search(w.text)
        if m is None:
            out.append(w)
            continue
        kept = w.text[:m.start()]
        if not kept.strip() and _first_on_line(w, words):
            out.append(w)
            continue
        if kept.strip():
            share = len(kept) / (len(kept) + 0.5 * (len(w.text) - len(kept)))
            out.append(replace(w, x1=w.x0 + share * (w.x1 - w.x0), text=kept))
    return out


def _first_on_line(w: Word, words: list[Word]) -> bool:
    """No word of `words` stands left of `w` on its line."""
    return not any(o.x1 <= w.x0 + 0.1 and abs(o.cy - w.cy) < 0.5 * w.h for o in words if o is not w)


def without_leaders(g: Grid) -> Grid:
    """The grid with the dot leaders taken out of its cells: fill that leads the eye from a
    label to its amount ("Net revenue ........ $ 35,034"), no text of the label."""
    if not any(LEADER.search(c) for row in g.rows for c in row if c):
        return g
    rows = [[" ".join(LEADER.sub(" ", c).split()) if c else c for c in row] for row in g.rows]
    return replace(g, rows=rows, reasons=g.reasons + ["dot leaders taken out of the cells"])
