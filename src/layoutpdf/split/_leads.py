"""What opens a section or a table, and what a later piece of a table must repeat.

A heading names what follows it, and so do the short lines set with it: the one line
under a section heading ('## 2. Acquisitions' / 'Current Health Ltd.'), and the title block
of a financial statement (company line, statement name, period, unit line) right above
its table. Such *lead* lines go with what they open, like headings: a chunk never ends
with them (issue 39, C and E). A table cut into pieces repeats, in each later piece, a
compact context line (its title block or caption, else its section heading) with its
header, within a share of the chunk budget (`TABLE_CONTEXT`).
"""
from __future__ import annotations

from typing import Sequence

from ..model.units import Unit, UnitKind
from ..settings import DISPLAY_CONTEXT  # noqa: F401  (sentences kept before a display)
from ..text.lines import CLAUSE_END
from . import _syntax as sx
from ._atoms import Atom
from .tokenizers import Tokenizer

TABLE_CONTEXT = 0.25      # share of the chunk budget a table's repeated context may take
MAX_LEAD_LINES = 3        # a title block: company, statement, period or unit line
LEAD_SHARE = 6            # a lead line takes at most this part of the budget...
MAX_LEAD_TOKENS = 40      # ... and is one short line at most (a title block line)
_LINE_KINDS = (UnitKind.PARAGRAPH, UnitKind.LIST_ITEM)
ABBREVIATION_LETTERS = 4  # 'Inc.', 'Ltd.', 'Co.', 'N.V.': a company line's closing abbreviation


def _short_line(u: Unit, tok: Tokenizer, limit: int) -> bool:
    text = u.text.strip()
    return u.kind in _LINE_KINDS and "\n" not in text and tok.count(text) <= limit


def _lead_limit(size: int) -> int:
    return min(MAX_LEAD_TOKENS, max(4, size // LEAD_SHARE))


def _title_line(u: Unit, tok: Tokenizer, limit: int) -> bool:
    return _short_line(u, tok, limit) and not _ends_sentence(u.text.strip())


def _ends_sentence(text: str) -> bool:
    """The line ends a sentence: with '!', '?', ':', ';', or a full stop that closes
    neither a line set in capitals nor a short capitalised abbreviation (the 'Inc.' of
    a company line 'Netflix, Inc.')."""
    if not text.endswith(CLAUSE_END):
        return False
    if not text.endswith("."):
        return True
    last = text.rstrip(".").split()[-1] if text.rstrip(".").split() else ""
    capitals = not any(ch.islower() for ch in text)
    abbreviation = last[:1].isupper() and len(last.rstrip(".")) <= ABBREVIATION_LETTERS
    return not (capitals or abbreviation)


def _opens_page(units: Sequence[Unit], j: int) -> bool:
    """Unit j is the first of its page (or of the document, or of a page document)."""
    if j == 0:
        return True
    before, here = units[j - 1].pages, units[j].pages
    return bool(before and here) and here[0] > before[-1]


def title_lines(units: Sequence[Unit], tok: Tokenizer, size: int) -> set[int]:
    """Lines of a statement's title block set above its heading: the company line
    ("NETFLIX, INC.") that opens the page, or follows a heading, right above the heading
    of a table (the heading directly over the table, or over its unit and period lines).
    A statement starts its page with this block; such a line is the table's title, not
    the end of the section before (issue 39, C)."""
    limit = _lead_limit(size)
    out: set[int] = set()
    for i, u in enumerate(units):
        if u.kind is not UnitKind.TABLE:
            continue
        j = i - 1
        while j >= 0 and i - j <= MAX_LEAD_LINES and _title_line(units[j], tok, limit):
            j -= 1
        if j < 1 or units[j].kind is not UnitKind.HEADING:
            continue
        k = j - 1
        if _title_line(units[k], tok, limit) and \
                (_opens_page(units, k) or units[k - 1].kind is UnitKind.HEADING):
            out.add(k)
    return out


def lead_units(units: Sequence[Unit], tok: Tokenizer, size: int) -> set[int]:
    """Indices of short lines that open what follows: up to MAX_LEAD_LINES after a
    heading (when anything follows them), a title block of lines that end no sentence
    right above a table (under the one sentence that announces it, ending with a colon),
    and the company line above the heading of a table
    (`title_lines`)."""
    limit = _lead_limit(size)
    leads: set[int] = title_lines(units, tok, size)
    for i, u in enumerate(units):
        if u.kind is UnitKind.HEADING:
            j = i + 1
            while j < len(units) and j - i <= MAX_LEAD_LINES and _short_line(units[j], tok, limit):
                j += 1
            if j < len(units):
                leads.update(range(i + 1, j))
        elif u.kind is UnitKind.TABLE:
            j = i - 1
            if _introduces(units, j, tok, limit) and j not in leads:
                j -= 1
            while j >= 0 and i - j <= MAX_LEAD_LINES and j not in leads \
                    and _title_line(units[j], tok, limit):
                j -= 1
            leads.update(range(j + 1, i))
    return leads


def _introduces(units: Sequence[Unit], j: int, tok: Tokenizer, limit: int) -> bool:
    """Unit j is the one short sentence that announces the table right after it ('The
    following summarizes revenues by geographic area:'): a line ending with a colon
    directly above a table reads into it, as a lead sentence reads into a display."""
    return j >= 0 and _short_line(units[j], tok, limit) and units[j].text.strip().endswith(":")


def table_context(units: Sequence[Unit], i: int, leads: set[int],
                  path: tuple[str, ...], titles: set[int] | frozenset[int] = frozenset()) -> str:
    """The context line of table unit i's later pieces: the headings and lead lines
    right above it and its caption; without them, the section heading it sits under.
    The lines above a heading open the section before it, unless they are the table's
    title lines (`title_lines`: the company line over the statement's heading)."""
    parts: list[str] = []
    j = i - 1
    heading = False
    while j >= 0 and i - j <= MAX_LEAD_LINES + 1 and (j in leads or units[j].kind is UnitKind.HEADING):
        u = units[j]
        if u.kind is not UnitKind.HEADING and heading and j not in titles:
            break
        heading = u.kind is UnitKind.HEADING
        parts.insert(0, sx.heading_text(u.text) if heading else u.text.strip())
        j -= 1
    parts += _caption(units[i].text)
    if not parts and path:
        parts = [path[-1]]
    return " ".join(" ".join(parts).split())


def _caption(text: str) -> list[str]:
    """The table's caption: its first line above the rows, or a 'Table N' line under
    them (the other lines under a table are its notes)."""
    lines = [ln.strip() for ln in text.split("\n") if ln.strip()]
    first = next((k for k, ln in enumerate(lines) if sx.TABLE_LINE.match(ln)), len(lines))
    if first:
        return lines[:1]
    return [ln for ln in lines if sx.TABLE_CAPTION.match(ln)][:1]


def table_rows(units: Sequence[Unit], md: str, atoms: Sequence[Atom]) -> tuple[tuple[str, int, int], ...]:
    """(table id, first, last body row) of each table, whole or in part, among the atoms."""
    out: dict[str, tuple[int, int]] = {}
    for a in atoms:
        u = units[a.unit]
        if u.kind is not UnitKind.TABLE:
            continue
        rows = a.rows or _body_rows(md[a.start:a.end])
        if rows is None:
            continue
        key = u.table_ids[0] if u.table_ids else "table"
        first, last = out.get(key, rows)
        out[key] = (min(first, rows[0]), max(last, rows[1]))
    return tuple((k, a, b) for k, (a, b) in out.items())


def _body_rows(text: str) -> tuple[int, int] | None:
    rows = [ln for ln in text.split("\n") if sx.TABLE_LINE.match(ln)]
    head = 2 if len(rows) > 1 and sx.TABLE_SEPARATOR.match(rows[1]) else 1
    return (1, len(rows) - head) if len(rows) > head else None


# -- display context: the prose a display equation needs around it to be read --------
SHORT_LEAD_TOKENS = 20    # a lead sentence this short ('Then:') takes the one before it too
_PROSE_HOSTS = (UnitKind.PARAGRAPH, UnitKind.LIST_ITEM)


def is_display(u: Unit) -> bool:
    return u.kind is UnitKind.EQUATION


def introduces(units: Sequence[Unit], i: int) -> bool:
    """Unit i is the prose that leads into the display after it."""
    return 0 <= i < len(units) - 1 and units[i].kind in _PROSE_HOSTS and is_display(units[i + 1])


def continues_display(units: Sequence[Unit], i: int) -> bool:
    """Unit i goes on with the sentence the display before it is part of ('where $\\sigma$
    is ...'): prose right after a display that does not start a new sentence."""
    if not 0 < i < len(units) or units[i].kind not in _PROSE_HOSTS or not is_display(units[i - 1]):
        return False
    first = units[i].text.lstrip()[:1]
    return first.islower() or first in (",", ";")


def lead_count(sentences: Sequence[str], tokens: Sequence[int], context: int) -> int:
    """How many of the last sentences lead into a display: `context`, one more when the
    earliest taken is short, ends with ':' or holds inline math (a 'Let $x$ be ... Then:'
    that sets up the symbols after the sentence that names the quantity)."""
    if context <= 0 or not sentences:
        return 0
    k = min(context, len(sentences))
    while k < len(sentences) and k < context + 1:
        head = sentences[-k].rstrip()
        if tokens[-k] < SHORT_LEAD_TOKENS or head.endswith(":") or sx.has_math(head):
            k += 1
        else:
            break
    return k
