"""Which figure regions a caption faces: the region right above a caption block (nothing
between), else right below it; parts side by side under one caption are one figure."""
from __future__ import annotations

from ...model import BBox
from .page_text import PageText, blocker
from .proposal import Proposal

CAPTION_REACH_EM = 6.0  # a region this close to a caption (nothing between) is "its" region


def merge_under_caption(props: list[Proposal], text: PageText, em: float) -> list[Proposal]:
    """Side-by-side parts (sub-figures) with one caption spanning them are one figure;
    side-by-side figures with captions of their own stay apart."""
    if len(props) < 2:
        return props
    for _, _, cb in text.caption_blocks():
        parts = facing(props, cb, text, em)
        row = [p for p in parts if any(p is not q and p.bbox.overlap_y(q.bbox) > 0.3 *
                                       min(p.bbox.height, q.bbox.height) for q in parts)]
        if len(row) >= 2:
            first = row[0]
            for p in row[1:]:
                first.bbox = first.bbox.union(p.bbox)
                first.sources |= p.sources
                props = [q for q in props if q is not p]
            first.reasons.append("parts under one caption")
    return props


def facing(props: list[Proposal], cb: BBox, text: PageText, em: float) -> list[Proposal]:
    """The regions a caption block faces: those right above it, nothing between; else
    those right below it that no other caption has right below them (figure captions
    sit below their figure more often than above)."""
    above = facing_side(props, cb, text, em, "above")
    if above:
        return above
    others = [b for _, _, b in text.caption_blocks() if b != cb]
    return [p for p in facing_side(props, cb, text, em, "below")
            if not any(facing_side([p], b, text, em, "above") for b in others)]


def facing_side(props: list[Proposal], cb: BBox, text: PageText, em: float, side: str) -> list[Proposal]:
    """Regions right above (or below) a caption block, nothing between."""
    reach = CAPTION_REACH_EM * em
    out = []
    for p in props:
        gap = cb.y0 - p.bbox.y1 if side == "above" else p.bbox.y0 - cb.y1
        if cb.overlap_x(p.bbox) > 0 and -0.5 * em <= gap <= reach and not separated(p.bbox, cb, text):
            out.append(p)
    return out


def own_caption(p: Proposal, text: PageText, em: float) -> bool:
    """A table (or other object) with a caption of its own facing it."""
    return any(facing_side([p], b, text, em, "above") or facing_side([p], b, text, em, "below")
               for _, _, b in text.caption_blocks(kinds=("table", "other")))


def _gap_box(a: BBox, b: BBox) -> BBox:
    """The space between two boxes (their common range along an axis where they overlap)."""
    def span(a0, a1, b0, b1):
        if a1 <= b0:
            return a1, b0
        if b1 <= a0:
            return b1, a0
        return max(a0, b0), min(a1, b1)
    x0, x1 = span(a.x0, a.x1, b.x0, b.x1)
    y0, y1 = span(a.y0, a.y1, b.y0, b.y1)
    return BBox(x0, y0, x1, y1)


def separated(a: BBox, b: BBox, text: PageText) -> bool:
    """Prose, a heading or a caption in the space between two boxes."""
    gap = _gap_box(a, b)
    return any(blocker(ln, text) for ln in text.near(gap)
               if ln.bbox.overlap_x(gap) > 0.5 and ln.bbox.overlap_y(gap) > 0.5)
