"""Provenance of the units of a text (element ids, boxes, pages, figure/table/footnote ids),
compact enough to travel with the text as hidden data, so that a splitter that later gets
only the text (a LlamaIndex node parser, a LangChain text splitter) can give every chunk
its page range and boxes."""
from __future__ import annotations

import dataclasses
import json
import logging
import math
from dataclasses import dataclass
from itertools import chain
from typing import Any, Iterable, Sequence

from ..model import BBox, Unit, UnitKind

log = logging.getLogger("layoutpdf.adapters")


def box_list(page: int, b: BBox) -> list[float]:
    return [page, round(b.x0, 1), round(b.y0, 1), round(b.x1, 1), round(b.y1, 1)]


# Chunk boxes: at most this many per chunk by default (never fewer than one per page).
MAX_BBOXES = 16


def chunk_boxes(boxes: Sequence[tuple[int, BBox]], max_boxes: int | None = MAX_BBOXES
                ) -> list[list[int]]:
    """A chunk's boxes, bounded: [page, x0, y0, x1, y1] in whole PDF points, rounded
    outward (so each box still contains its text; precision 1 pt).

    The boxes of the chunk's elements (reading order) are first merged into runs: a box
    that continues the previous one on the same page (stacked below it in the same column,
    or beside it on the same line) grows it. Past `max_boxes` the two neighbours whose union
    adds the least area are merged, until `max_boxes` remain or one box per page. None
    keeps every run; 0 gives none.
    """
    if max_boxes == 0:
        return []
    runs: list[tuple[int, BBox]] = []
    for page, b in boxes:
        if runs and runs[-1][0] == page and _continues(runs[-1][1], b):
            runs[-1] = (page, _union(runs[-1][1], b))
        else:
            runs.append((page, b))
    while max_boxes is not None and len(runs) > max_boxes:
        costs = [(_union(a, b).area - a.area - b.area, k)
                 for k, ((pa, a), (pb, b)) in enumerate(zip(runs, runs[1:])) if pa == pb]
        if not costs:
            break
        k = min(costs)[1]
        runs[k:k + 2] = [(runs[k][0], _union(runs[k][1], runs[k + 1][1]))]
    return [[p, math.floor(b.x0), math.floor(b.y0), math.ceil(b.x1), math.ceil(b.y1)]
            for p, b in runs]


def _union(a: BBox, b: BBox) -> BBox:
    return BBox(min(a.x0, b.x0), min(a.y0, b.y0), max(a.x1, b.x1), max(a.y1, b.y1))


def _overlap(a0: float, a1: float, b0: float, b1: float) -> float:
    return min(a1, b1) - max(a0, b0)


def _continues(a: BBox, b: BBox) -> bool:
    """b continues the run a: inside it, stacked in its column, or beside it on its line."""
    if _overlap(a.x0, a.x1, b.x0, b.x1) >= 0.5 * min(a.width, b.width) > 0:
        gap = max(b.y0 - a.y1, a.y0 - b.y1)
        return gap <= min(a.height, b.height)
    if _overlap(a.y0, a.y1, b.y0, b.y1) >= 0.5 * min(a.height, b.height) > 0:
        gap = max(b.x0 - a.x1, a.x0 - b.x1)
        return gap <= min(a.height, b.height)
    return False


def unit_spans(units: Sequence[Unit]) -> list[tuple[int, int]]:
    """(start, end) of each unit in "\\n\\n".join(unit texts)."""
    spans, pos = [], 0
    for u in units:
        spans.append((pos, pos + len(u.text)))
        pos += len(u.text) + 2
    return spans


def encode_provenance(units: Sequence[Unit]) -> str:
    """Compact JSON: for each rendered unit, its span in the text and where it came from."""
    entries = []
    for (s, e), u in zip(unit_spans(units), units):
        d: dict[str, Any] = {"s": s, "e": e}
        if u.element_ids:
            d["i"] = list(u.element_ids)
        if u.bboxes:
            d["b"] = [box_list(p, b) for p, b in u.bboxes]
        if set(u.pages) - {p for p, _ in u.bboxes}:
            d["p"] = list(u.pages)
        for key, ids in (("f", u.figure_ids), ("t", u.table_ids), ("n", u.footnote_ids)):
            if ids:
                d[key] = list(ids)
        if u.low_confidence:
            d["l"] = 1
        entries.append(d)
    total = sum(len(u.text) for u in units) + 2 * max(0, len(units) - 1)
    return json.dumps({"n": total, "u": entries}, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class Provenance:
    start: int
    end: int
    unit: Unit          # text-less unit holding ids, boxes and pages


def provenance_of(units: Sequence[Unit]) -> list[Provenance]:
    return [Provenance(s, e, u) for (s, e), u in zip(unit_spans(units), units)]


def decode_provenance(value: Any, text: str) -> list[Provenance] | None:
    """Provenance for `text` from its hidden metadata value; None if absent or stale."""
    if not isinstance(value, str) or not value:
        return None
    try:
        data = json.loads(value)
        if data.get("n") != len(text):
            log.debug("layoutpdf provenance ignored: the text was changed after loading")
            return None
        out = []
        for d in data["u"]:
            boxes = tuple((int(b[0]), BBox(*map(float, b[1:5]))) for b in d.get("b", ()))
            pages = tuple(sorted({p for p, _ in boxes} | set(d.get("p", ()))))
            out.append(Provenance(int(d["s"]), int(d["e"]), Unit(
                kind=UnitKind.OTHER, text="", element_ids=tuple(d.get("i", ())), pages=pages,
                bboxes=boxes, figure_ids=tuple(d.get("f", ())), table_ids=tuple(d.get("t", ())),
                footnote_ids=tuple(d.get("n", ())), low_confidence=bool(d.get("l")))))
        return out
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        log.debug("layoutpdf provenance ignored: %s", exc)
        return None


def _merge(parsed: Unit, sources: list[Unit]) -> Unit:
    if not sources:
        return parsed
    union = _each_once
    footnotes = union(*(s.footnote_ids for s in sources)) or parsed.footnote_ids
    return dataclasses.replace(
        parsed,
        element_ids=union(*(s.element_ids for s in sources)),
        pages=tuple(sorted(set(union(*(s.pages for s in sources))))),
        bboxes=union(*(s.bboxes for s in sources)),
        figure_ids=union(parsed.figure_ids, *(s.figure_ids for s in sources)),
        table_ids=union(parsed.table_ids, *(s.table_ids for s in sources)),
        footnote_ids=footnotes,
        low_confidence=parsed.low_confidence or any(s.low_confidence for s in sources))


def _each_once(*seqs: Iterable[Any]) -> tuple[Any, ...]:
    """The items of the sequences in order, each once."""
    return tuple(dict.fromkeys(chain.from_iterable(seqs)))


def enrich(parsed: Sequence[Unit], provenance: Sequence[Provenance]) -> list[Unit]:
    """Give units parsed back from the text the provenance of the rendered units they overlap."""
    out, j = [], 0
    for (s, e), u in zip(unit_spans(parsed), parsed):
        while j < len(provenance) and provenance[j].end <= s:
            j += 1
        k, hits = j, []
        while k < len(provenance) and provenance[k].start < max(e, s + 1):
            hits.append(provenance[k].unit)
            k += 1
        out.append(_merge(u, hits))
    return out
