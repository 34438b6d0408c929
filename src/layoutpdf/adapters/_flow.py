"""One flow across page Documents: consecutive pages of one file are split as one text.

A page Document holds the text printed on its page, but a paragraph does not stop at the
foot of a page: the display equation that ends it, or the clause that goes on after it,
may open the next page. Split page by page, the two never meet in one chunk. So the node
parsers join the split views (see `_pages`) of consecutive page Documents of one source
into one flow, split it once, and give each chunk to the page Document on which it
starts: its metadata and relationships are that page's, its ``page_start``/``page_end``
the pages its units cover (a heading that ended the page before, carried to the head of
this page's view by `_pages.carry_stranded_headings`, makes ``page_start`` that page).
The units of the split views, in page order, are the document's units; only a float
printed on a page before the display that ends a paragraph from the page before is read
after that display (`defer_floats`, as the stage `stitch` orders the document), so the
flow is split as the whole file would be.

A run of pages is only formed from pages that carry layoutpdf's split view and provenance
(pages of other readers, or edited after loading, are split on their own), of the same
source, in increasing page order.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ._chunks import HeadingCarry, split_text, view_offsets
from ._pages import SEP
from ..elements import float_order
from ..model import Unit, UnitKind
from ._provenance import Provenance, enrich, unit_spans


@dataclass(frozen=True)
class FlowPage:
    """What the flow needs of one page Document."""
    view: str                                     # its split view
    segments: Sequence[tuple[int, int, str]] | None
    provenance: Sequence[Provenance] | None
    key: Any                                      # its source (file path or name)
    page: int | None


def runs(pages: Sequence[FlowPage | None]) -> list[list[int]]:
    """Indices of `pages` in runs to split as one flow: consecutive pages of one source,
    page numbers increasing, every one with provenance (None: a page split on its own)."""
    out: list[list[int]] = []
    prev: FlowPage | None = None
    for i, p in enumerate(pages):
        joinable = (p is not None and prev is not None and p.key is not None
                    and p.key == prev.key and p.page is not None and prev.page is not None
                    and p.page > prev.page and p.provenance is not None
                    and prev.provenance is not None)
        if joinable:
            out[-1].append(i)
        else:
            out.append([i])
        prev = p
    return out


def split_flow(pages: Sequence[FlowPage], splitter: Any, carry: HeadingCarry | None,
               seed: Sequence[tuple[int, str]] | None
               ) -> list[list[tuple[Any, int | None, int | None]]]:
    """For each page, the chunks of the joined flow that start on it, each with its
    (start, end) in that page's Document text (the end clipped to the page)."""
    from ..split import units_from_markdown
    pieces: list[tuple[int, int, Any]] = []      # (page, start in its view, unit)
    for k, p in enumerate(pages):
        if not p.view.strip():
            continue
        units = units_from_markdown(p.view)
        for (s, _), u in zip(unit_spans(units), enrich(units, p.provenance or ())):
            pieces.append((k, s, u))
    pieces = [pieces[i] for i in defer_floats([u for _, _, u in pieces])]
    texts, provenance, origin, pos = [], [], [], 0
    for k, local, u in pieces:
        if texts:
            pos += len(SEP)
        texts.append(u.text)
        origin.append((pos, k, local))
        provenance += [Provenance(r.start - local + pos, r.end - local + pos, r.unit)
                       for r in pages[k].provenance or ()
                       if r.start < local + len(u.text) and r.end > local]
        pos += len(u.text)
    first = pages[0]
    chunks = split_text(SEP.join(texts), splitter, provenance, carry, first.key, first.page,
                        seed=seed)
    out: list[list[tuple[Any, int | None, int | None]]] = [[] for _ in pages]
    for chunk in chunks:
        at = max((o for o in origin if o[0] <= max(chunk.start, 0)), default=origin[0])
        k, off = at[1], at[0] - at[2]
        out[k].append((chunk, *_local_offsets(chunk, off, pages[k])))
    return out


_FLOATS = (UnitKind.FIGURE, UnitKind.TABLE, UnitKind.CAPTION)
_PROSE = (UnitKind.PARAGRAPH, UnitKind.LIST_ITEM)


def defer_floats(units: Sequence[Unit]) -> list[int]:
    """The reading order of `units` (indices) with floats read between a paragraph and
    the displays after it (or the clause that goes on after them) moved after those: the
    page texts hold a float on the page it is printed on; the rule is the stage `stitch`'s
    (`elements.float_order`). A block of a float's own text right after it goes with it."""
    def kind(k: int, held: int | None) -> str:
        u = units[k]
        if u.kind in _FLOATS or held is not None and _same_element(u, units[held]):
            return float_order.FLOAT
        if u.kind is UnitKind.EQUATION:
            return float_order.DISPLAY
        return float_order.PROSE if u.kind in _PROSE else float_order.OTHER

    return float_order.floats_after_displays(
        len(units), kind, lambda k: float_order.starts_lowercase(units[k].text))


def _same_element(u: Unit, prev: Unit) -> bool:
    """A block of a float's own text (a figure's labels) after it: the same elements."""
    return bool(u.element_ids) and set(u.element_ids) <= set(prev.element_ids)


def _local_offsets(chunk: Any, off: int, page: FlowPage) -> tuple[int | None, int | None]:
    """The chunk's place in its start page's Document text (`off`: where that page's
    view would begin in the flow)."""
    if chunk.start < 0:
        return None, None
    n = len(page.view)
    start = min(max(0, chunk.start - off), n)
    spans = tuple((max(0, s - off), min(n, e - off)) for s, e in chunk.spans
                  if 0 <= s - off < n)
    local = dataclasses.replace(chunk, start=start, end=max(start, min(n, chunk.end - off)),
                                spans=spans or ((start, n),))
    return view_offsets(local, page.view, page.segments)


def by_runs(items: Sequence[Any], page_of: Callable[[Any], FlowPage | None]
            ) -> list[list[Any]]:
    """`items` grouped into flows (lists of one are pages split on their own)."""
    pages = [page_of(x) for x in items]
    return [[items[i] for i in run] for run in runs(pages)]
