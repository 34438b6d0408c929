"""Structure-aware, token-based splitter: pack rendered units into chunks.

Units are kept whole. Only these are ever cut: a prose unit larger than the budget (at
sentence boundaries, or word boundaries inside an over-long sentence, never inside inline
math or a footnote marker; footnote definitions stay with the piece holding their anchor),
a table larger than the budget (between rows, caption in the first piece, a context line
and the header repeated in the others: see _leads.py), and, when headings would not fit
with what follows them, the prose unit or table after them (so the headings keep company
within the budget). A heading, or a short line that opens what follows it (the line under
a heading, a statement's title block), is never the last unit of a chunk: it is carried
to the next one (a document that ends with one is the one exception). A unit that cannot be cut and does not fit becomes its own chunk
(with the headings before it) flagged ``oversize``.

Tokens are counted once per unit (or sentence), summed as an estimate while packing, and
each finished chunk is counted once more as a whole; if the estimate was low, the last
piece moves to the next chunk. The work is linear in the size of the document.
"""
from __future__ import annotations

import dataclasses
from collections import deque
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from ..errors import SettingsError
from ..model.units import Unit, UnitKind
from ..settings import (CHUNK_OVERLAP, CHUNK_SIZE, ENCODING, TABLE_FORMAT, SplitSettings,
                        check_chunking, check_display_context, check_table_format)
from . import _syntax as sx
from ._atoms import (PROSE_KINDS, SENTENCE, SEP_TOKENS, TABLE, UNIT, WORD, Atom, prose_atoms,
                     table_atoms, tail_sentences)
from ._keep import hold_together
from ._leads import (DISPLAY_CONTEXT, TABLE_CONTEXT, lead_units, table_context, table_rows,
                     title_lines)
from .chunk import Chunk
from .markdown_units import units_from_markdown
from .tokenizers import Tokenizer, TokenizerSpec, get_tokenizer

_JOIN = "\n\n"


class _Remembered(Tokenizer):
    """The tokenizer of one split, counting each distinct text once: a unit is counted as
    an atom and again as a lead or title line, a one-unit chunk as its unit, an overlap
    prefix each time it is set (about a fifth of the text counted on filings)."""

    def __init__(self, tok: Tokenizer) -> None:
        self.tok, self.name = tok, tok.name
        self._counts: dict[str, int] = {}

    def count(self, text: str) -> int:
        n = self._counts.get(text)
        if n is None:
            n = self._counts[text] = self.tok.count(text)
        return n


class _Packer:
    def __init__(self, units: Sequence[Unit], size: int, overlap: int, tok: Tokenizer,
                 table_context: float = TABLE_CONTEXT,
                 display_context: int = DISPLAY_CONTEXT, table_format: str = TABLE_FORMAT) -> None:
        self.units = list(units)
        self.by_rows = table_format == "rows"
        self.display_context = display_context
        self.size, self.overlap, self.tok = size, overlap, _Remembered(tok)
        self.table_context = table_context
        self.md = _JOIN.join(u.text for u in self.units)
        self.offsets: list[int] = []
        pos = 0
        for u in self.units:
            self.offsets.append(pos)
            pos += len(u.text) + len(_JOIN)
        self.paths = _heading_paths(self.units)
        self.leads = lead_units(self.units, self.tok, size)
        self.titles = title_lines(self.units, self.tok, size)
        self.chunks: list[Chunk] = []
        self.cur: list[Atom] = []
        self.est = 0
        self.prefix: list[Atom] = []
        self.prefix_text = ""
        self.prefix_tokens = 0
        self.repeat: list[Atom] = []       # introducing sentences to repeat (see _keep)
        self.context_repeated = False      # the prefix is such a repetition

    # -- atoms ------------------------------------------------------------------------
    def _unit_atoms(self, i: int, u: Unit) -> list[Atom]:
        start = self.offsets[i]
        end = start + len(u.text)
        n = self.tok.count(u.text)
        heading = u.kind is UnitKind.HEADING or i in self.leads
        if self.by_rows and u.kind is UnitKind.TABLE:
            atoms = self._table_atoms(i, start, end)
            if atoms:
                return atoms
        if n <= self.size:
            return [Atom(i, UNIT, start, end, n, heading=heading)]
        if u.kind in PROSE_KINDS:
            atoms = prose_atoms(self.md, i, start, end, self.tok, self.size)
            if len(atoms) > 1:
                return atoms
        elif u.kind is UnitKind.TABLE:
            atoms = self._table_atoms(i, start, end) or []
            if len(atoms) > 1:
                return atoms
        return [Atom(i, UNIT, start, end, n, heading=heading, oversize=True)]

    def _table_atoms(self, i: int, start: int, end: int,
                     first_budget: int | None = None) -> list[Atom] | None:
        context = table_context(self.units, i, self.leads, self.paths[i], self.titles)
        return table_atoms(self.md, i, start, end, self.tok, self.size, first_budget,
                           context, self.table_context, self.by_rows)

    def _refine(self, a: Atom, heads: list[Atom], queue: deque[Atom]) -> list[Atom] | None:
        """Cut an atom that fits alone but not after the headings it must follow.

        Prose goes to sentences, then words. A table (whole, or its first piece) is cut
        again with a first piece small enough to follow the headings; its later pieces
        are taken off the queue and replaced.
        """
        kind = self.units[a.unit].kind
        if kind is UnitKind.TABLE and a.start == self.offsets[a.unit] and heads:
            room = self.size - sum(h.tokens + SEP_TOKENS for h in heads)
            end = self.offsets[a.unit] + len(self.units[a.unit].text)
            parts = self._table_atoms(a.unit, a.start, end, room)
            if not parts or parts[0].tokens >= a.tokens:
                return None      # (a first piece of one row that still does not fit is
                                 # flagged oversize and goes out with the headings)
            while queue and queue[0].unit == a.unit:
                queue.popleft()
            return parts
        if kind not in PROSE_KINDS or a.level not in (UNIT, SENTENCE):
            return None
        if a.level == UNIT:
            parts = prose_atoms(self.md, a.unit, a.start, a.end, self.tok, self.size)
            if len(parts) > 1:
                return parts
            if len(parts) != 1 or parts[0].level != SENTENCE:
                return None
            a = parts[0]
        parts = prose_atoms(self.md, a.unit, a.start, a.end, self.tok, self.size, WORD,
                            list(a.defs))
        return parts if len(parts) > 1 else None

    # -- rendering --------------------------------------------------------------------
    def _render(self, atoms: list[Atom]) -> tuple[str, list[tuple[int, int]], list[Unit]]:
        groups: list[list[Atom]] = []
        for a in atoms:
            last = groups[-1][-1] if groups else None
            if last is not None and a.joinable and last.joinable and last.unit == a.unit:
                groups[-1].append(a)
            else:
                groups.append([a])
        texts: list[str] = []
        parts: list[tuple[tuple[int, int], str]] = []     # (span, joiner before it)
        units: list[Unit] = []
        for g in groups:
            text, spans, joiners = self._group(g)
            unit = self.units[g[0].unit]
            units.append(unit if text == unit.text else _partial(unit, text))
            for k, span in enumerate(spans):
                parts.append((span, joiners[k] if k else _JOIN + joiners[0]))
            texts.append(text)
        return _JOIN.join(texts), _merge_spans(self.md, parts), units

    def _group(self, g: list[Atom]) -> tuple[str, list[tuple[int, int]], list[str]]:
        a0, md = g[0], self.md
        if a0.level == UNIT:
            return md[a0.start:a0.end], [(a0.start, a0.end)], [""]
        if a0.level == TABLE:
            return a0.text or "", list(a0.spans), list(a0.joins)
        start, end = g[0].start, g[-1].end
        defs = sorted(d for a in g for d in a.defs)
        text = md[start:end] + "".join(_JOIN + md[d0:d1] for d0, d1 in defs)
        return text, [(start, end)] + defs, [""] + [_JOIN] * len(defs)

    # -- packing ----------------------------------------------------------------------
    def run(self) -> list[Chunk]:
        if not any(u.text.strip() for u in self.units):
            return []           # whitespace is no content: no chunk (as LangChain's splitters)
        queue: deque[Atom] = deque()
        for i, u in enumerate(self.units):
            queue.extend(self._unit_atoms(i, u))
        while queue or self.cur:
            if not queue:     # the end: content, or headings that end the document
                self._close(queue, force=not _has_content(self.cur))
                continue
            a = queue.popleft()
            if a.oversize:
                if _has_content(self.cur):
                    queue.appendleft(a)
                    self._close_before(queue)
                else:
                    self.cur.append(a)
                    self._set_prefix([])
                    self._close(queue, force=True)
            elif self._fits(a):
                self._add(a)
            elif _has_content(self.cur):
                queue.appendleft(a)
                self._close_before(queue)
            elif self.prefix:
                self._set_prefix(self.prefix[1:])
                queue.appendleft(a)
            elif a.heading:   # headings alone over budget: keep them with what follows
                self._add(a)
            else:
                room = self.size - (self.est + SEP_TOKENS if self.cur else 0)
                parts = self._refine(a, self.cur, queue) if room > 0 else None
                if parts:
                    queue.extendleft(reversed(parts))
                else:
                    self.cur.append(a)
                    self._close(queue, force=True)
        return self.chunks

    def _fits(self, a: Atom) -> bool:
        return self._cost(a) + (self.prefix_tokens + SEP_TOKENS if self.prefix else 0) <= self.size

    def _cost(self, a: Atom) -> int:
        if not self.cur:
            return a.tokens
        last = self.cur[-1]
        glued = a.joinable and last.joinable and last.unit == a.unit
        return self.est + a.tokens + (0 if glued else SEP_TOKENS)

    def _add(self, a: Atom) -> None:
        self.est = self._cost(a)
        self.cur.append(a)

    def _carry_headings(self, queue: deque[Atom]) -> None:
        while self.cur and self.cur[-1].heading:
            queue.appendleft(self.cur.pop())

    def _close_before(self, queue: deque[Atom]) -> None:
        """Close the chunk in front of queue[0], keeping headings, a display with the
        prose around it and a note mark with its sentence on one side (see _keep)."""
        self._carry_headings(queue)
        verdict = hold_together(self, queue)
        if verdict == "retry":
            return
        self._close(queue)
        if verdict == "repeat":
            lead, self.repeat = self.repeat, []
            text = self._render(lead)[0]
            self.prefix, self.prefix_text = lead, text
            self.prefix_tokens, self.context_repeated = self.tok.count(text), True

    def _close(self, queue: deque[Atom], force: bool = False) -> None:
        """Emit cur as a chunk, moving pieces back to the queue if it is over budget."""
        while True:
            text, spans, units = self._render(self.cur)
            full = self.prefix_text + _JOIN + text if self.prefix else text
            if len(self.cur) == 1 and self.cur[0].level in (UNIT, TABLE) and not self.prefix:
                n = self.cur[0].tokens          # counted exactly already
            else:
                n = self.tok.count(full)
            if n <= self.size or force:
                self._emit(full, spans, units, n)
                return
            content = [k for k, a in enumerate(self.cur) if not a.heading]
            if len(content) >= 2:
                queue.appendleft(self.cur.pop())
                self._carry_headings(queue)
                if hold_together(self, queue, refine=False) == "repeat":
                    self.repeat = []
                continue
            if self.prefix:
                self._set_prefix(self.prefix[1:])
                continue
            k = content[0] if content else 0
            parts = self._refine(self.cur[k], self.cur[:k], queue) if content else None
            if not parts:
                force = True
                continue
            queue.extendleft(reversed(self.cur[:k] + parts + self.cur[k + 1:]))
            self.cur, self.est = [], 0
            return

    def _emit(self, text: str, spans: list[tuple[int, int]], units: list[Unit], n: int) -> None:
        first = next((a.unit for a in self.cur if not a.heading), self.cur[-1].unit + 1)
        self.chunks.append(Chunk(
            text=text, units=tuple(units), token_count=n, oversize=n > self.size,
            start=spans[0][0] if spans else -1, end=spans[-1][1] if spans else -1,
            heading_path=self.paths[first], spans=tuple(spans),
            overlap_len=len(self.prefix_text) + len(_JOIN) if self.prefix else 0,
            table_rows=table_rows(self.units, self.md, self.cur),
            context_repeated=self.context_repeated and bool(self.prefix)))
        done, self.cur, self.est = self.cur, [], 0
        self._set_prefix(self._overlap_atoms(done) if self.overlap else [])

    # -- overlap ----------------------------------------------------------------------
    def _overlap_atoms(self, atoms: list[Atom]) -> list[Atom]:
        """Whole trailing units/sentences of a chunk that fit in the overlap budget."""
        chosen: list[Atom] = []
        total = 0
        for a in reversed(atoms):
            if a.level in (TABLE, WORD) or a.oversize:
                break
            cost = a.tokens + SEP_TOKENS
            if total + cost <= self.overlap:
                chosen.insert(0, a)
                total += cost
                continue
            if a.level == UNIT and self.units[a.unit].kind in PROSE_KINDS:
                chosen[:0] = tail_sentences(self.md, a.unit, a.start, a.end, self.tok,
                                            self.overlap - total)
            break
        return chosen

    def _set_prefix(self, atoms: list[Atom]) -> None:
        self.context_repeated = False
        while atoms:
            text = self._render(atoms)[0]
            n = self.tok.count(text)
            if n <= self.overlap:
                self.prefix, self.prefix_text, self.prefix_tokens = atoms, text, n
                return
            atoms = atoms[1:]
        self.prefix, self.prefix_text, self.prefix_tokens = [], "", 0


def _has_content(atoms: list[Atom]) -> bool:
    return any(not a.heading for a in atoms)


def _merge_spans(md: str, parts: list[tuple[tuple[int, int], str]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for (a, b), joiner in parts:
        if out and md[out[-1][1]:a] == joiner:
            out[-1] = (out[-1][0], b)
        else:
            out.append((a, b))
    return out


def _partial(unit: Unit, text: str) -> Unit:
    """A piece of a unit: same provenance, its own text, math flag and footnote ids."""
    math = sx.has_math(text) if "$" in unit.text else unit.has_math
    labels = set(sx.anchors(unit.text)) | set(sx.FOOTNOTE_DEF.findall(unit.text))
    here = set(sx.anchors(text)) | set(sx.FOOTNOTE_DEF.findall(text))
    ids = tuple(f for f in unit.footnote_ids if f not in labels or f in here)
    return dataclasses.replace(unit, text=text, has_math=math, footnote_ids=ids)


def _heading_paths(units: list[Unit]) -> list[tuple[str, ...]]:
    """paths[i]: the headings in force just before unit i (paths[len(units)]: at the end)."""
    stack: list[tuple[int, str]] = []
    paths = []
    for u in units:
        paths.append(tuple(t for _, t in stack))
        if u.kind is UnitKind.HEADING:
            level = sx.heading_level(u.text, u.heading_level)
            while stack and stack[-1][0] >= level:
                stack.pop()
            stack.append((level, sx.heading_text(u.text)))
    paths.append(tuple(t for _, t in stack))
    return paths


def _check_table_context(table_context: float) -> None:
    if isinstance(table_context, bool) or not isinstance(table_context, (int, float)) \
            or not 0 <= table_context <= 1:
        raise SettingsError("table_context must be a share of the chunk size, in [0, 1]")


def split_units(units: Iterable[Unit], *, chunk_size: int = CHUNK_SIZE,
                chunk_overlap: int = CHUNK_OVERLAP, tokenizer: TokenizerSpec = ENCODING,
                table_context: float = TABLE_CONTEXT,
                display_context: int = DISPLAY_CONTEXT,
                table_format: str = TABLE_FORMAT) -> list[Chunk]:
    """Pack units into chunks of at most `chunk_size` tokens (see module docstring).

    Offsets (Chunk.start/end/spans) refer to ``"\\n\\n".join(u.text for u in units)``,
    which is the document's Markdown.
    """
    check_chunking(chunk_size, chunk_overlap)
    _check_table_context(table_context)
    check_display_context(display_context)
    check_table_format(table_format)
    tok = get_tokenizer(tokenizer)
    return _Packer(list(units), chunk_size, chunk_overlap, tok, table_context,
                   display_context, table_format).run()


def split_markdown(md: str, *, chunk_size: int = CHUNK_SIZE, chunk_overlap: int = CHUNK_OVERLAP,
                   tokenizer: TokenizerSpec = ENCODING,
                   table_context: float = TABLE_CONTEXT,
                   display_context: int = DISPLAY_CONTEXT,
                   table_format: str = TABLE_FORMAT) -> list[Chunk]:
    """units_from_markdown + split_units; offsets refer to `md`."""
    return split_units(units_from_markdown(md), chunk_size=chunk_size,
                       chunk_overlap=chunk_overlap, tokenizer=tokenizer,
                       table_context=table_context, display_context=display_context,
                       table_format=table_format)


@dataclass(frozen=True)
class Splitter:
    """Holds split settings; picklable when the tokenizer is a name (or picklable)."""
    chunk_size: int = CHUNK_SIZE
    chunk_overlap: int = CHUNK_OVERLAP
    tokenizer: TokenizerSpec = ENCODING
    table_context: float = TABLE_CONTEXT    # share of chunk_size a table's repeated context may take
    display_context: int = DISPLAY_CONTEXT  # sentences kept before a display (0: no rule)
    table_format: str = TABLE_FORMAT        # "markdown", or "rows": each row with its labels
    _tok: Tokenizer | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_chunking(self.chunk_size, self.chunk_overlap)
        _check_table_context(self.table_context)
        check_display_context(self.display_context)
        check_table_format(self.table_format)

    @classmethod
    def from_settings(cls, settings: SplitSettings,
                      tokenizer: TokenizerSpec | None = None) -> "Splitter":
        return cls(chunk_size=settings.chunk_size, chunk_overlap=settings.chunk_overlap,
                   tokenizer=tokenizer if tokenizer is not None else settings.encoding,
                   display_context=settings.display_context, table_format=settings.table_format)

    @property
    def token_counter(self) -> Tokenizer:
        if self._tok is None:
            object.__setattr__(self, "_tok", get_tokenizer(self.tokenizer))
        assert self._tok is not None
        return self._tok

    def count_tokens(self, text: str) -> int:
        return self.token_counter.count(text)

    def split_units(self, units: Iterable[Unit]) -> list[Chunk]:
        return _Packer(list(units), self.chunk_size, self.chunk_overlap,
                       self.token_counter, self.table_context, self.display_context,
                       self.table_format).run()

    def split_markdown(self, md: str) -> list[Chunk]:
        return self.split_units(units_from_markdown(md))
