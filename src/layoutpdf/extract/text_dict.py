"""Walking MuPDF's text dicts (`extractDICT` / `extractRAWDICT`)."""
from __future__ import annotations

from typing import Iterable


def text_spans(raw: dict) -> Iterable[dict]:
    """Every span of the text blocks, in the dict's order (image blocks have none)."""
    for block in raw.get("blocks", ()):
        for ln in block.get("lines", ()) if block.get("type", 0) == 0 else ():
            yield from ln.get("spans", ())
