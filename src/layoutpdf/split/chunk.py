"""A chunk: text for one embedding, with the units it came from and flat metadata."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..model.units import Unit, UnitKind


# what json.dumps(value, separators=(",", ":"), ensure_ascii=False) builds on every call
# (a chunk's metadata holds seven such lists)
_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


def _json(value: Any) -> str:
    return _ENCODER.encode(value)


def _unique(values: Any) -> list[Any]:
    return list(dict.fromkeys(values))


@dataclass(frozen=True)
class Chunk:
    """Text of one chunk and where it came from.

    ``text`` is the chunk's own units joined by a blank line, which is an exact slice of
    the Markdown it was cut from, with three documented exceptions: an overlap prefix
    (the first ``overlap_len`` characters, repeated from the previous chunk and joined by a
    blank line), a table header repeated in the second and later pieces of a split table
    (and a caption after a split table, carried into its first piece; the first piece
    says an upper header label every column shares once, on a line above the column
    labels, and its span is the Markdown of the header and rows it holds), and the footnote
    definitions of a split paragraph, which follow the piece holding their anchors.

    ``spans`` are the (start, end) ranges of the Markdown the chunk's own content was cut
    from, in order; ``start``/``end`` are the first start and the last end (-1 if unknown).
    When ``spans`` is a single range and ``overlap_len`` is 0, ``text == md[start:end]``.
    ``token_count`` counts the whole ``text``; it is at most the chunk size unless
    ``oversize`` is set (one element that cannot be cut, such as a display equation).
    ``heading_path`` holds the headings in force for the chunk's first content.
    ``table_rows`` says which body rows (1-based, first and last) of each table the chunk
    holds, by table id (a table without one: ``"table"``); metadata ``table_rows``.
    A later piece of a split table opens with a context line (the table's title block or
    caption, else its section heading, and " (continued)") above the repeated header.
    ``context_repeated`` marks a chunk whose overlap prefix repeats the sentences that
    introduce the display it holds (they could not leave the chunk before: metadata
    ``context_repeated``, present only when true).
    """
    text: str
    units: tuple[Unit, ...]
    token_count: int
    oversize: bool = False
    start: int = -1
    end: int = -1
    heading_path: tuple[str, ...] = ()
    spans: tuple[tuple[int, int], ...] = ()
    overlap_len: int = 0
    table_rows: tuple[tuple[str, int, int], ...] = ()   # (table id, first, last body row)
    context_repeated: bool = False    # the prefix repeats a display's introduction

    @property
    def own_text(self) -> str:
        """The text without the overlap prefix."""
        return self.text[self.overlap_len:]

    def metadata(self) -> dict[str, str | int | float | bool | None]:
        """Flat metadata (str/int/float/bool/None; lists as compact JSON strings)."""
        units = self.units
        pages = sorted({p for u in units for p in u.pages} | {p for u in units for p, _ in u.bboxes})
        boxes = _unique((p, round(b.x0, 1), round(b.y0, 1), round(b.x1, 1), round(b.y1, 1))
                        for u in units for p, b in u.bboxes)
        return {
            "heading_path": " > ".join(self.heading_path),
            "page_start": pages[0] if pages else None,
            "page_end": pages[-1] if pages else None,
            "element_ids": _json(_unique(e for u in units for e in u.element_ids)),
            "bboxes": _json([list(b) for b in boxes]),
            "figure_ids": _json(_unique(f for u in units for f in u.figure_ids)),
            "table_ids": _json(_unique(t for u in units for t in u.table_ids)),
            "table_rows": _json({t: [a, b] for t, a, b in self.table_rows}),
            "footnote_ids": _json(_unique(f for u in units for f in u.footnote_ids)),
            "has_math": any(u.has_math for u in units),
            "oversize": self.oversize,
            "extraction_confidence": "low" if any(u.low_confidence for u in units) else "high",
            "unit_kinds": _json(_unique(u.kind.value for u in units)),
            **({"context_repeated": True} if self.context_repeated else {}),
        }

    @property
    def is_heading_only(self) -> bool:
        return bool(self.units) and all(u.kind is UnitKind.HEADING for u in self.units)
