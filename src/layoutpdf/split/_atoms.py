"""Atoms: the pieces the packer places into chunks.

An atom is a whole unit, a sentence (or, for an over-long sentence, a word) of a prose
unit together with the footnote definitions its anchors point to, or a piece of a table
(rows under a repeated header). Offsets are character positions in the document Markdown.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from ..model.units import UnitKind
from . import _syntax as sx
from ._table_header import column_labels, continued_line, opening_header, repeated_header
from ._table_rows import row_text
from .tokenizers import Tokenizer

UNIT, SENTENCE, WORD, TABLE = 0, 1, 2, 3     # atom levels
PROSE_KINDS = frozenset({UnitKind.PARAGRAPH, UnitKind.LIST_ITEM, UnitKind.FOOTNOTE,
                         UnitKind.CAPTION})
SEP_TOKENS = 1            # "\n\n" between two units is one token in the BPE encodings

# a sentence end, the anchors that close it (also after a space: 'waves. [^3] Later'),
# then the gap; the next sentence starts with anything but a lower-case letter or an anchor
_SENTENCE_GAP = re.compile(
    r"[.!?\u2026]+[\"'\u201d\u2019)\]]*(?:[ \t]*\[\^[^\]\s]+\](?!:))*([ \t]+\n?[ \t]*|\n[ \t]*)"
    r"(?=(?!\[\^)[^a-z\s])")
_DATE_PART = re.compile(r"\d{1,2}\.")    # '2020. 1. 1.': the month or day of a dotted date
_LINE_GAP = re.compile(r"\n(?:[ \t]*\n)*(?=[ \t]{0,3}(?:[-*+]|\d{1,9}[.)])[ \t])|\n(?:[ \t]*\n)+")
_WORD_GAP = re.compile(r"\s+")
_ABBREVIATIONS = frozenset(
    "e.g i.e fig figs eq eqs ref refs sec secs no nos vs cf al dr mr mrs ms prof st "
    "approx resp ch chap vol pp p ca tab thm def lem prop cor".split())


@dataclass(slots=True)
class Atom:
    unit: int                  # index of the unit it belongs to
    level: int                 # UNIT, SENTENCE, WORD or TABLE
    start: int                 # main span in the Markdown
    end: int
    tokens: int                # own tokens (plus attached definitions)
    defs: tuple[tuple[int, int], ...] = ()   # footnote definition blocks carried along
    text: str | None = None    # TABLE pieces: the piece text (not a plain slice)
    spans: tuple[tuple[int, int], ...] = ()  # TABLE pieces: where the text came from
    joins: tuple[str, ...] = ()              # TABLE pieces: text put before each span
    heading: bool = False      # carried like a heading: never the last atom of a chunk
    oversize: bool = False
    rows: tuple[int, int] | None = None      # TABLE pieces: first and last body row (1-based)

    @property
    def joinable(self) -> bool:
        """Sentence/word atoms of one unit are glued with their original whitespace."""
        return self.level in (SENTENCE, WORD)


def _protected(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in sx.PROTECTED.finditer(text)]


def _inside(pos: int, regions: list[tuple[int, int]], starts: list[int]) -> bool:
    i = bisect.bisect_right(starts, pos) - 1
    return i >= 0 and regions[i][0] < pos < regions[i][1]


def _abbreviation(text: str, punct_at: int) -> bool:
    ws = max(text.rfind(" ", 0, punct_at), text.rfind("\n", 0, punct_at))
    word = text[ws + 1:punct_at].lstrip("([{\"'").rstrip(".").lower()
    return word in _ABBREVIATIONS or (len(word) == 1 and word.isalpha())


def _in_date(text: str, punct_at: int, next_at: int) -> bool:
    """The full stop ends the year or month of a dotted date ('2020. 1. 1.'): a number
    before it and a one- or two-digit number with its own full stop after it."""
    return punct_at > 0 and text[punct_at - 1].isdigit() and _DATE_PART.match(text, next_at) is not None


def _gaps(text: str, level: int) -> list[tuple[int, int]]:
    """Whitespace gaps (start, end) where a sentence or word cut may fall."""
    regions = _protected(text)
    starts = [r[0] for r in regions]
    found: list[tuple[int, int]] = []
    if level == SENTENCE:
        for m in _SENTENCE_GAP.finditer(text):
            if not _abbreviation(text, m.start()) and not _in_date(text, m.start(), m.end(1)):
                found.append(m.span(1))
        found.extend(m.span() for m in _LINE_GAP.finditer(text))
    else:
        found.extend(m.span() for m in _WORD_GAP.finditer(text))
    found = sorted(set(g for g in found if not _inside(g[0], regions, starts)))
    merged: list[tuple[int, int]] = []
    for g in found:
        if merged and g[0] <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], g[1]))
        else:
            merged.append(g)
    return merged


def segments(text: str, level: int) -> list[tuple[int, int]]:
    """Sentence (level SENTENCE) or word (WORD) spans of text, no whitespace at the ends."""
    out, pos = [], 0
    for a, b in _gaps(text, level):
        if text[pos:a].strip():
            out.append((pos, a))
        pos = b
    if text[pos:].strip():
        out.append((pos, len(text)))
    trimmed = []
    for a, b in out:
        piece = text[a:b]
        trimmed.append((a + len(piece) - len(piece.lstrip()), b - len(piece) + len(piece.rstrip())))
    return trimmed


def split_body_defs(md: str, start: int, end: int) -> tuple[tuple[int, int], list[tuple[int, int]]]:
    """The prose body of a unit and its trailing footnote-definition blocks (spans)."""
    text = md[start:end]
    pieces, pos = [], 0
    for piece in text.split("\n\n"):
        pieces.append((start + pos, start + pos + len(piece)))
        pos += len(piece) + 2
    k = len(pieces)
    while k > 0 and sx.FOOTNOTE_DEF.match(md[pieces[k - 1][0]:pieces[k - 1][1]].lstrip("\n")):
        k -= 1
    if k in (0, len(pieces)):        # no definitions, or nothing but (a FOOTNOTE unit)
        return (start, end), []
    return (start, pieces[k - 1][1]), pieces[k:]


def prose_atoms(md: str, unit: int, start: int, end: int, tok: Tokenizer, budget: int,
                level: int = SENTENCE, defs: list[tuple[int, int]] | None = None) -> list[Atom]:
    """Cut a prose span into sentence (or word) atoms; definitions follow their anchors.

    Sentences over `budget` are cut further into words (never inside protected regions).
    """
    if defs is None:
        (start, end), defs = split_body_defs(md, start, end)
    body = md[start:end]
    spans = [(start + a, start + b) for a, b in segments(body, level)] or [(start, end)]
    owner = _def_owners(md, spans, defs)
    def_tokens = {d: tok.count(md[d[0]:d[1]]) + SEP_TOKENS for d in defs}
    atoms = []
    for i, (a, b) in enumerate(spans):
        mine = tuple(d for d in defs if owner[d] == i)
        n = tok.count(md[a:b]) + sum(def_tokens[d] for d in mine)
        if n > budget and level == SENTENCE:
            words = prose_atoms(md, unit, a, b, tok, budget, WORD, list(mine))
            if len(words) > 1:
                atoms.extend(words)
                continue
        atoms.append(Atom(unit, level, a, b, n, defs=mine, oversize=n > budget))
    return atoms


def tail_sentences(md: str, unit: int, start: int, end: int, tok: Tokenizer,
                   budget: int) -> list[Atom]:
    """The last whole sentences of a prose span (with their definitions) within `budget`.

    Counts only the sentences it looks at, from the end (for overlap prefixes).
    """
    (start, end), defs = split_body_defs(md, start, end)
    spans = [(start + a, start + b) for a, b in segments(md[start:end], SENTENCE)]
    owner = _def_owners(md, spans, defs)
    out: list[Atom] = []
    total = 0
    for i in range(len(spans) - 1, 0, -1):      # never the whole unit: that was too big
        a, b = spans[i]
        mine = tuple(d for d in defs if owner[d] == i)
        n = tok.count(md[a:b]) + sum(tok.count(md[d0:d1]) + SEP_TOKENS for d0, d1 in mine)
        if total + n > budget:
            break
        out.insert(0, Atom(unit, SENTENCE, a, b, n, defs=mine))
        total += n
    return out


def _def_owners(md: str, spans: list[tuple[int, int]],
                defs: list[tuple[int, int]]) -> dict[tuple[int, int], int]:
    """For each definition block, the index of the span holding its first anchor."""
    first_span: dict[str, int] = {}
    for i, (a, b) in enumerate(spans):
        for label in sx.anchors(md[a:b]):
            first_span.setdefault(label, i)
    owners = {}
    for d in defs:
        labels = sx.FOOTNOTE_DEF.findall(md[d[0]:d[1]])
        hits = [first_span[lb] for lb in labels if lb in first_span]
        owners[d] = min(hits) if hits else len(spans) - 1
    return owners


def table_atoms(md: str, unit: int, start: int, end: int, tok: Tokenizer,
                budget: int, first_budget: int | None = None, context: str = "",
                context_share: float = 0.0, by_rows: bool = False) -> list[Atom] | None:
    """Cut a table unit between rows; each later piece repeats the table's context.

    The caption goes with the first piece (a caption after the table is appended to it),
    which gets `first_budget` tokens (default `budget`): less when headings precede it.
    A later piece opens with a context line (`context`, the table's title and unit, with
    " (continued)") and the header row and separator line, together within
    `context_share` of the budget: a long title is shortened, then the header's labels
    (a flattened two-level header can fill half a chunk and leave room for one row).
    The first piece says an upper header label all columns share once, above the column
    labels (`opening_header`). None when the unit has no body rows to cut between.
    `by_rows`: each row said with its column labels (`_table_rows`), no Markdown header;
    every piece after the first opens with the context line alone.
    """
    first_budget = budget if first_budget is None else first_budget
    lines, pos = [], start
    for line in md[start:end].split("\n"):
        lines.append((pos, pos + len(line)))
        pos += len(line) + 1
    rows = [i for i, (a, b) in enumerate(lines) if sx.TABLE_LINE.match(md[a:b])]
    if len(rows) < 2:
        return None
    lo, hi = rows[0], rows[-1]
    sep = next((i for i in rows[:3] if sx.TABLE_SEPARATOR.match(md[lines[i][0]:lines[i][1]])), None)
    head_last = sep if sep is not None else lo
    body = [lines[i] for i in range(head_last + 1, hi + 1)]
    if not body:
        return None
    header_md = md[lines[lo][0]:lines[head_last][1]]
    said: list[str] | None = None
    if by_rows:
        labels, shared, corner = column_labels(header_md)
        said = [row_text(md[a:b], labels) for a, b in body]
        lead = " ".join(x for x in (shared, corner) if x)
        header = continued_line(context + " " + lead, tok, int(context_share * budget))
        opening = md[start:lines[lo][0]] + lead
        if not opening.strip():
            opening = ""
    else:
        header = repeated_header(header_md, context, tok, int(context_share * budget))
        opening = _opening(md[start:lines[lo][0]], header_md)
    after = md[lines[hi][1]:end]
    cap_start = lines[hi][1] + len(after) - len(after.lstrip())
    caption = (md[lines[hi][1]:cap_start], (cap_start, end)) if after.strip() else None
    first_cost = tok.count(opening) + (tok.count(md[cap_start:end]) + 1 if caption else 0)
    rest_cost = tok.count(header)
    row_cost = [tok.count("\n" + (said[k] if said else md[a:b])) for k, (a, b) in enumerate(body)]
    pieces: list[list[int]] = []
    cur: list[int] = []
    total = first_cost
    for i, cost in enumerate(row_cost):
        if cur and total + cost > (budget if pieces else first_budget):
            pieces.append(cur)
            cur, total = [], rest_cost
        cur.append(i)
        total += cost
    pieces.append(cur)
    return _verify_table_pieces(md, unit, start, (opening, header), caption, body, pieces,
                                tok, budget, first_budget, said)


def _opening(before: str, header_md: str) -> str:
    """The text the opening piece shows before its rows: what precedes the header in
    the unit (a caption line) and the header said compactly (`opening_header`)."""
    head = opening_header(header_md)
    if head == header_md:
        return before + header_md
    return (before.rstrip("\n") + "\n\n" if before.strip() else before) + head


def _verify_table_pieces(md: str, unit: int, start: int, heads: tuple[str, str],
                         caption: tuple[str, tuple[int, int]] | None,
                         body: list[tuple[int, int]], pieces: list[list[int]],
                         tok: Tokenizer, budget: int, first_budget: int,
                         said: list[str] | None = None) -> list[Atom]:
    """Atoms of the pieces, each counted whole; `heads`: the opening piece's text before
    its rows and the header the later pieces repeat."""
    opening, header = heads
    atoms: list[Atom] = []
    queue = list(pieces)
    while queue:
        idx = queue.pop(0)
        first = not atoms
        a, b = body[idx[0]][0], body[idx[-1]][1]
        rows = "\n".join(said[k] for k in idx) if said else md[a:b]
        if first:
            text = opening + "\n" + rows if opening else rows   # md[start:b] unless the header
                                                                 # was made compact
            spans, joins = [(start, b)], [""]
            if caption is not None:
                joiner, (cs, ce) = caption
                text += joiner + md[cs:ce]
                spans.append((cs, ce))
                joins.append(joiner)
        else:
            text = header + "\n" + rows if header else rows
            spans, joins = [(a, b)], [header + "\n"]
        n = tok.count(text)
        limit = first_budget if first else budget
        if n > limit and len(idx) > 1:          # estimate was low: move the last row on
            if queue:
                queue[0] = [idx[-1]] + queue[0]
            else:
                queue.append([idx[-1]])
            queue.insert(0, idx[:-1])
            continue
        atoms.append(Atom(unit, TABLE, spans[0][0], spans[-1][1], n, text=text,
                          spans=tuple(spans), joins=tuple(joins), oversize=n > limit,
                          rows=(idx[0] + 1, idx[-1] + 1)))
    return atoms
