"""Element ids: one deterministic id from a page, a box and a text, written by every
stage that makes elements (the same element gets the same id in every run and process)."""
from __future__ import annotations

import hashlib

from ..model import BBox


def element_id(page: int, bbox: BBox, text: str) -> str:
    """Deterministic id from position and content (stable across runs and processes)."""
    box = f"[{_tenths(bbox.x0)}, {_tenths(bbox.y0)}, {_tenths(bbox.x1)}, {_tenths(bbox.y1)}]"
    h = hashlib.blake2b(f"{page}|{box}|{text}".encode("utf-8"), digest_size=5)
    return f"p{page}-{h.hexdigest()}"


def _tenths(v: float) -> str:
    """repr(round(v, 1)), as `BBox.to_list(1)` writes it, in one formatting: both round the
    exact binary value to one decimal; repr turns to an exponent from 1e16 on."""
    return f"{v:.1f}" if -1e15 < v < 1e15 else repr(round(v, 1))
