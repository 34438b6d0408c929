"""Splitting one page (or whole-file) text into chunks with provenance, carrying the heading
path over from the previous page of the same file, and the headings in force at the start of
each page (recorded by the readers, so that a page split without its predecessor gets the
same heading path as when the whole file is split in order). Heading syntax is the
splitter's (`split._syntax`)."""
from __future__ import annotations

import dataclasses
import json
import logging
from typing import Any, Sequence

from ..model import Unit, UnitKind
from ..split._syntax import heading_level, heading_text
from ._metadata import HEADINGS_KEY
from ._pages import PageText, to_text_offset
from ._provenance import MAX_BBOXES, Provenance, chunk_boxes, enrich

log = logging.getLogger("layoutpdf.adapters")

# Keys of Chunk.metadata() that are for programs, not for embedding models or LLMs.
CHUNK_HIDDEN_KEYS = ("page_start", "page_end", "element_ids", "bboxes", "figure_ids",
                     "table_ids", "table_rows", "footnote_ids", "has_math", "oversize",
                     "extraction_confidence", "unit_kinds", "context_repeated")
# Keys of Chunk.metadata() that grow with the chunk (one entry per element, box or unit).
BULKY_KEYS = ("element_ids", "bboxes", "figure_ids", "table_ids", "footnote_ids", "unit_kinds")
MAX_HEADING_PATH_CHARS = 200

Stack = list[tuple[int, str]]     # (level, heading text), outermost first


def headings_after(stack: Sequence[tuple[int, str]], units: Sequence[Unit]) -> Stack:
    """The heading stack after `units`, starting from `stack`."""
    end = list(stack)
    for u in units:
        if u.kind is UnitKind.HEADING:
            level = heading_level(u.text, u.heading_level)
            while end and end[-1][0] >= level:
                end.pop()
            end.append((level, heading_text(u.text)))
    return end


def headings_at_start(parts: Sequence[PageText]) -> list[Stack]:
    """For each part (pages of one file, in order), the heading stack where it starts.

    Computed from each part's text parsed back into units, exactly as `split_text` does,
    so a page seeded with it is split as if every earlier page had just been split.
    """
    from ..split import units_from_markdown
    stacks, stack = [], []
    for part in parts:
        stacks.append(stack)
        stack = headings_after(stack, units_from_markdown(part.view()))
    return stacks


def encode_headings(stack: Sequence[tuple[int, str]]) -> str:
    return json.dumps([[lvl, text] for lvl, text in stack], separators=(",", ":"),
                      ensure_ascii=False)


def decode_headings(value: Any) -> Stack | None:
    """A stack from its metadata value; None if absent or malformed (then ignored)."""
    if not isinstance(value, str) or not value:
        return None
    try:
        data = json.loads(value)
        stack = [(int(lvl), str(text)) for lvl, text in data]
    except (ValueError, TypeError):
        log.debug("layoutpdf %s ignored: %r", HEADINGS_KEY, value[:80])
        return None
    if any(not 1 <= lvl <= 6 for lvl, _ in stack):
        return None
    return stack


class HeadingCarry:
    """Heading stack at the end of the last text split, per file, to seed the next page.

    A page that starts in the middle of a section gets the section's heading path.
    """

    def __init__(self) -> None:
        self._key: Any = None
        self._page: int | None = None
        self._stack: list[tuple[int, str]] = []

    def start(self, key: Any, page: int | None) -> list[tuple[int, str]]:
        if (key is not None and page is not None and key == self._key
                and self._page is not None and page > self._page):
            return list(self._stack)
        return []

    def finish(self, key: Any, page: int | None, stack: list[tuple[int, str]]) -> None:
        self._key, self._page, self._stack = key, page, stack


def _apply_carry(chunks: list[Any], units: Sequence[Unit],
                 stack: list[tuple[int, str]]) -> tuple[list[Any], list[tuple[int, str]]]:
    levels: dict[str, int] = {}
    for u in units:
        if u.kind is UnitKind.HEADING:
            levels.setdefault(heading_text(u.text), heading_level(u.text, u.heading_level))
    end = headings_after(stack, units)
    out = []
    for c in chunks:
        path = tuple(c.heading_path)
        if stack:
            first = levels.get(path[0], 1) if path else 99
            path = tuple(t for lvl, t in stack if lvl < first) + path
        out.append(dataclasses.replace(c, heading_path=path) if path != c.heading_path else c)
    return out, end


def split_text(text: str, splitter: Any, provenance: Sequence[Provenance] | None = None,
               carry: HeadingCarry | None = None, key: Any = None,
               page: int | None = None, seed: Sequence[tuple[int, str]] | None = None
               ) -> list[Any]:
    """Chunks of `text` (layoutpdf Markdown, or any Markdown best effort).

    Units are parsed back from the text (so chunk offsets refer to it), given the
    provenance of the rendered units when known, and packed by `splitter`
    (a layoutpdf.split.Splitter). The heading path starts from `seed` (the headings in
    force where the text starts, as the readers record them) when given, else, with
    `carry`, from where the previous page of the same file left it.
    """
    from ..split import units_from_markdown
    units = units_from_markdown(text)
    if provenance:
        units = enrich(units, provenance)
    chunks = splitter.split_units(units)
    if carry is not None or seed is not None:
        start = list(seed) if seed is not None else carry.start(key, page)  # type: ignore[union-attr]
        chunks, end = _apply_carry(chunks, units, start)
        if carry is not None:
            carry.finish(key, page, end)
    return chunks


def chunk_metadata(chunk: Any, page: int | None = None,
                   max_bboxes: int | None = MAX_BBOXES) -> dict[str, Any]:
    """The chunk's flat metadata, its boxes bounded (`chunk_boxes`; 0 drops the key)."""
    meta = dict(chunk.metadata())
    boxes = [(p, b) for u in chunk.units for p, b in u.bboxes]
    if max_bboxes == 0:
        meta.pop("bboxes", None)
    else:
        meta["bboxes"] = json.dumps(chunk_boxes(boxes, max_bboxes), separators=(",", ":"))
    path = meta.get("heading_path") or ""
    if len(path) > MAX_HEADING_PATH_CHARS:
        meta["heading_path"] = "…" + path[-(MAX_HEADING_PATH_CHARS - 1):]
    if meta.get("page_start") is None and page is not None:
        meta["page_start"] = meta["page_end"] = page
    return meta


def view_offsets(chunk: Any, view: str, segments: Sequence[tuple[int, int, str]] | None
                 ) -> tuple[int | None, int | None]:
    """Where a chunk of a split view sits in the Document text the view was made from."""
    start, end = chunk_offsets(chunk, view)
    if segments is None or start is None or end is None:
        return start, end
    return to_text_offset(segments, start), to_text_offset(segments, end)


def chunk_offsets(chunk: Any, text: str) -> tuple[int | None, int | None]:
    """Where chunk.text sits in `text`.

    Exact when the chunk is a verbatim slice. Otherwise (an overlap prefix joined by a
    blank line, a repeated table header) the span of text the chunk covers: from its
    overlap prefix, if found just before, to the end of its own content.
    """
    if chunk.start < 0:
        return None, None
    if text[chunk.start:chunk.end] == chunk.text:
        return chunk.start, chunk.end
    at = text.find(chunk.text, max(0, chunk.start - len(chunk.text) - 2))
    if at >= 0:
        return at, at + len(chunk.text)
    start = chunk.start
    prefix = chunk.text[:max(0, chunk.overlap_len - 2)]
    if prefix:
        found = text.rfind(prefix, 0, chunk.start)
        if found >= 0:
            start = found
    return start, chunk.end
