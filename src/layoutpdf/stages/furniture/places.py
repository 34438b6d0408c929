"""Running text repeats at the same place on its pages (issue 39 F, issue 36).

A printer sets a running header, footer or page number at one place on every page: flush
left, flush right or centred on the sheet, mirrored on facing pages, at whatever height
the page's content leaves. Lines of a page's outer rows that repeat such a line's words
(digits masked) but stand elsewhere are body. Called by `furniture.stage._mark_running`.
"""
from __future__ import annotations

import math
from collections import defaultdict
from typing import Callable

from ...model import Document, Line
from .outer_rows import normalize_for_repeat

PLACE_EMS = 2.0     # the same place across pages: within this many ems (a bin of `repeating_at_one_place`)


def repeating_at_one_place(doc: Document, edges: dict, enough: Callable[[str, set[int]], bool]) -> set[str]:
    """Ids of the edge lines (`edges`: page index -> line id -> 'top'/'bottom', with those
    lines in page order as `lines`) whose words (digits masked: `normalize_for_repeat`) stand on
    the same side at the same place across the page on pages `enough(key, pages)` accepts.
    A printer sets running text at one place on every page: flush left, flush right or
    centred on the sheet (mirrored on facing pages: a book's folio at the outer corner),
    at whatever height the page's content leaves (an HTML filing's footer). The same words
    elsewhere in a page's outer rows are body: a cover's checkbox 'x' left of the middle is
    no roman page number when the page numbers stand centred, a contents sheet's centred
    title 'TABLE OF CONTENTS' no running link 'Table of Contents' set at the top left."""
    found: dict[tuple[str, str], list[tuple[int, Line, tuple[tuple[str, float], ...]]]] = defaultdict(list)
    for page in doc.pages:
        for ln in edges[page.index].lines:
            key = normalize_for_repeat(ln.text)
            if key:
                found[(edges[page.index][ln.id], key)].append((page.index, ln, _places(ln, page.width)))
    out: set[str] = set()
    for (_, key), hits in found.items():
        if not enough(key, {index for index, _, _ in hits}):
            continue
        sizes = sorted(ln.size for _, ln, _ in hits)
        step = PLACE_EMS * max(sizes[len(sizes) // 2], 1.0)
        pages_at: dict[tuple[str, int], set[int]] = defaultdict(set)
        for index, _, places in hits:
            for kind, v in places:
                pages_at[(kind, math.floor(v / step))].add(index)
        near: dict[tuple[str, int], set[int]] = {}
        for index, ln, places in hits:
            best: set[int] = set()
            for kind, v in places:
                b = math.floor(v / step)
                if (kind, b) not in near:
                    near[(kind, b)] = set().union(*(pages_at.get((kind, b + d), ()) for d in (-1, 0, 1)))
                if len(near[(kind, b)]) > len(best):
                    best = near[(kind, b)]
            if enough(key, best):
                out.add(ln.id)
    return out


def _places(ln: Line, width: float) -> tuple[tuple[str, float], ...]:
    """Where a line stands across its page, each way a printer places running text: its
    distances from the left and right edges (one kind, so that facing pages mirror), and
    its centre's from the page's middle."""
    b = ln.bbox
    return ("edge", b.x0), ("edge", width - b.x1), ("centre", abs((b.x0 + b.x1) / 2 - width / 2))
