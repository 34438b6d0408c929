"""The header a piece of a table opens with: the table's context line and its column
labels, compact and within a share of the chunk budget (issue 39, D). A flattened
two-level header ("Twelve Months Ended June 30, 2022 / EBITDA") is said as few times as
it can be: the label all columns share once, in the context line; then the words that
tell the columns apart."""
from __future__ import annotations

import re

from ..text.dates import MONTH
from . import _syntax as sx
from .tokenizers import Tokenizer

CONTINUED = " (continued)"
SEP_TOKENS = 1            # "\n\n" between the context line and the header

_CELL_SPLIT = re.compile(r"(?<!\\)\|")


def repeated_header(header: str, context: str, tok: Tokenizer, limit: int) -> str:
    """The text a later piece of a table opens with: the context line (if any) and the
    header lines, shortened to `limit` tokens when over it (limit 0: no bound). An upper
    label all columns share is said once, at the end of the context line.

    The column labels are shortened first, only as far as they must to leave a sixth of
    the bound to the context line, which is then cut at a word to the room left: upper
    header levels to the words that tell their groups apart ('Twelve Months Ended June 30,
    2022 / EBITDA' to '2022 / EBITDA'), then each label to its lowest level, without its
    parenthesised qualifier ('EPS (Diluted US cents)' to 'EPS'), to the words that tell
    the labels of the row apart, to its last two words, then one. If the shortest labels still leave no room, the context line is left
    out (the column labels before the title: rows are read by them)."""
    header, shared = _lift_shared_label(header)
    context = " ".join((context + " " + shared).split())
    line = context + CONTINUED if context else ""
    if limit <= 0 or tok.count(_joined(line, header)) <= limit:
        return _joined(line, header)
    room = limit - (max(1, limit // CONTEXT_FLOOR) if line else 0)
    head = header
    for shorten in _HEADER_STEPS:
        head = _map_header(header, shorten)
        n = tok.count(head)
        if n <= room:
            return _joined(_cut_context(context, tok, limit - n - SEP_TOKENS), head) if line else head
    return head


def opening_header(header: str) -> str:
    """The header the opening piece of a cut table shows, compact as the repeated one:
    the upper label every column shares ("For the Years Ended December 31,") said once,
    on a line of its own above the column labels ("| | 2021 | 2020 | 2019 |"). A label
    over a group of columns only ("Three Months Ended June 30" over Flexibles, Rigid
    Packaging, Total, then "Twelve Months Ended June 30" over the same) stays on each
    column of its group: no label heads the table, and each column says its period.
    The header as it was when no label spans every column."""
    lifted, shared = _lift_shared_label(header)
    return shared + "\n\n" + lifted if shared else header


def _lift_shared_label(header: str) -> tuple[str, str]:
    """(header, label): the upper label every amount column shares ("For the Years Ended
    December 31," over "2021", "2020", "2019") said once, out of the column labels, for
    the context line; a label spanning all columns heads the table, not each column.
    Upper labels that differ only in their last words ("Three Months Ended June 30, 2022"
    and "... 2023") give their shared leading words, and keep the rest ("2022"). The
    header as it was and "" when the columns share none."""
    lines = header.split("\n")
    rows = [k for k, ln in enumerate(lines) if not sx.TABLE_SEPARATOR.match(ln)]
    if len(rows) != 1:
        return header, ""
    cells = _row_cells(lines[rows[0]])
    levels = [c.split(HEADER_JOIN) for c in cells[1:] if c]
    tops = sorted({lv[0] for lv in levels})
    if len(levels) < 2 or any(len(lv) < 2 for lv in levels):
        return header, ""
    if len(tops) == 1:
        lines[rows[0]] = _cells_row(cells[:1] + [HEADER_JOIN.join(c.split(HEADER_JOIN)[1:]) if c else c
                                                 for c in cells[1:]])
        return "\n".join(lines), tops[0]
    words = [t.split() for t in tops]
    n = _common(words)
    if not all(2 * n > len(w) for w in words):
        return header, ""                 # the periods differ in more than their last words
    rest = {t: " ".join(w[n:]) for t, w in zip(tops, words)}
    lines[rows[0]] = _cells_row(cells[:1] + [
        HEADER_JOIN.join([rest[c.split(HEADER_JOIN)[0]]] + c.split(HEADER_JOIN)[1:]) if c else c
        for c in cells[1:]])
    return "\n".join(lines), " ".join(words[0][:n])


def continued_line(context: str, tok: Tokenizer, limit: int) -> str:
    """The context line a later piece opens with when it repeats no header ("... (continued)"),
    cut at a word to `limit` tokens (0: no bound); '' without context."""
    context = " ".join(context.split())
    if not context:
        return ""
    return _cut_context(context, tok, limit) if limit > 0 else context + CONTINUED


def _joined(ctx: str, head: str) -> str:
    return ctx + "\n\n" + head if ctx else head


def _cut_context(context: str, tok: Tokenizer, room: int) -> str:
    """The context line within `room` tokens, cut at a word ('' when not even one word fits)."""
    line = context + CONTINUED
    if tok.count(line) <= room:
        return line
    words = context.split()
    while words and tok.count(" ".join(words) + "…" + CONTINUED) > room:
        words.pop()
    return " ".join(words) + "…" + CONTINUED if words else ""


def _map_header(header: str, shorten) -> str:
    return "\n".join(ln if sx.TABLE_SEPARATOR.match(ln) else _cells_row(shorten(_row_cells(ln)))
                     for ln in header.split("\n"))


def _row_cells(row: str) -> list[str]:
    inner = row.strip()
    if inner.startswith("|"):
        inner = inner[1:]
    if inner.endswith("|") and not inner.endswith("\\|"):
        inner = inner[:-1]
    return [c.strip() for c in _CELL_SPLIT.split(inner)]


def _cells_row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def _distinct_levels(cells: list[str]) -> list[str]:
    """Upper header levels cut to the words that tell their groups apart: the words all
    distinct labels of a level share at their start and end are left out."""
    levels = [c.split(HEADER_JOIN) for c in cells]
    depth = max(len(lv) for lv in levels)
    for d in range(depth - 1):
        labels = sorted({lv[d] for lv in levels if len(lv) > d + 1})
        if len(labels) < 2:
            continue
        words = [lb.split() for lb in labels]
        head = _common(words)
        tail = _common([w[::-1] for w in words])
        short = {lb: " ".join(w[head:len(w) - tail]) for lb, w in zip(labels, words)}
        if all(short.values()):
            for lv in levels:
                if len(lv) > d + 1:
                    lv[d] = short[lv[d]]
    return [HEADER_JOIN.join(lv) for lv in levels]


def _telling_levels(cells: list[str]) -> list[str]:
    """Upper levels cut to the words that tell their groups apart, and an upper level
    that is the same over every column dropped ("2022 / Reported / EPS (diluted)" to
    "2022 / EPS"): what is left still tells the columns apart."""
    levels = [c.split(HEADER_JOIN) for c in _distinct_levels(cells)]
    depth = max(len(lv) for lv in levels)
    for d in range(depth - 2, -1, -1):
        has = [lv for lv in levels if len(lv) > d + 1]
        if len(has) >= 2 and len({lv[d] for lv in has}) == 1:
            for lv in has:
                del lv[d]
    out = []
    for lv in levels:
        low = _PARENS.sub("", lv[-1]).strip() or lv[-1]
        out.append(HEADER_JOIN.join(lv[:-1] + [low]))
    return out


def _group_first(cells: list[str]) -> list[str]:
    """`_telling_levels`, each upper label said on the first column of its run only
    ("2022 / EBITDA | EBIT | EPS | 2023 / EBITDA | ..."), as a spanning label is set over
    its group."""
    levels = [c.split(HEADER_JOIN) for c in _telling_levels(cells)]
    out = []
    for k, lv in enumerate(levels):
        prev = levels[k - 1] if k else []
        keep = [x for d, x in enumerate(lv[:-1]) if not (len(prev) > d + 1 and prev[d] == x)]
        out.append(HEADER_JOIN.join(keep + lv[-1:]))
    return out


def _distinct_lowest(cells: list[str]) -> list[str]:
    """Labels of one level cut to the words that tell them apart ('Twelve Months Ended
    June 30, 2022' and '... 2023' to '2022' and '2023')."""
    labels = sorted({c for c in cells if c})
    if len(labels) < 2:
        return cells
    words = [lb.split() for lb in labels]
    head, tail = _common(words), _common([w[::-1] for w in words])
    if not head and not tail:
        return cells
    short = {lb: " ".join(w[head:len(w) - tail]) for lb, w in zip(labels, words)}
    return [short[c] if c else c for c in cells]


def _common(words: list[list[str]]) -> int:
    """How many leading words the labels share; never a date's month without its day
    ('July 2, 2023' and 'July 3, 2022' share nothing: '2, 2023' says no date)."""
    n = 0
    while all(len(w) > n + 1 for w in words) and len({w[n] for w in words}) == 1:
        n += 1
    while n and any(_day_of_month(w, n) for w in words):
        n -= 1
    return n


_DAY = re.compile(r"^\d{1,2},?$")
_MONTH = re.compile(r"^" + MONTH + r"$", re.I)


def _day_of_month(words: list[str], k: int) -> bool:
    """Word k is a date's day, after its month ('July' '2,')."""
    return 0 < k < len(words) and _DAY.match(words[k]) is not None and _MONTH.match(words[k - 1]) is not None


def _last_words(label: str, n: int) -> str:
    """The label's last `n` words, a date's month kept with its day ('July 2, 2023', not
    '2, 2023')."""
    words = label.split()
    k = max(0, len(words) - n)
    if _day_of_month(words, k):
        k -= 1
    return " ".join(words[k:])


_HEADER_STEPS = (
    lambda cells: cells,
    _distinct_levels,
    _telling_levels,
    _group_first,
    lambda cells: [c.split(HEADER_JOIN)[-1] for c in cells],
    lambda cells: [_PARENS.sub("", c.split(HEADER_JOIN)[-1]).strip() or c.split(HEADER_JOIN)[-1]
                   for c in cells],
    lambda cells: _distinct_lowest([_PARENS.sub("", c.split(HEADER_JOIN)[-1]).strip()
                                    or c.split(HEADER_JOIN)[-1] for c in cells]),
    lambda cells: [_last_words(c.split(HEADER_JOIN)[-1], 2) for c in cells],
    lambda cells: [_last_words(c.split(HEADER_JOIN)[-1], 1) for c in cells],
)
HEADER_JOIN = " / "
CONTEXT_FLOOR = 6        # the labels leave at least this part of the bound to the context line
_PARENS = re.compile(r"\s*\([^()]*\)")   # a label's parenthesised qualifier: "EPS (Diluted US cents)"


def column_labels(header: str) -> tuple[list[str], str, str]:
    """(labels of the columns after the first, the upper label they all share, the first
    column's own label): what a row said alone needs to name its values
    (`_table_rows`). The labels are cut to the words that tell the columns apart, an
    upper level all share said once (`_lift_shared_label`, `_telling_levels`)."""
    lifted, shared = _lift_shared_label(header)
    rows = [ln for ln in lifted.split("\n") if ln.strip() and not sx.TABLE_SEPARATOR.match(ln)]
    if not rows:
        return [], shared, ""
    cells = _row_cells(rows[-1])
    labels = cells[1:]
    if any(labels):
        labels = _telling_levels([c or "" for c in labels]) if any(HEADER_JOIN in c for c in labels) else labels
    return labels, shared, cells[0]
