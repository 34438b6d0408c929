"""Caption-first figure proposals (after PDFFigures 2.0): a figure caption that no region
faces proposes the frame facing it (a boxed listing or algorithm, a table set as a figure),
else the area above (or below) it, bounded by its column (or the text width for a
spanning caption) and the nearest running text. Such figures leave their text in the flow:
it is a listing, a table set as a figure, or something not seen as a drawing."""
from __future__ import annotations

from ...model import BBox, Line, Page
from .caption_reach import facing, own_caption
from .proposal import Proposal
from .page_text import PageText, blocker

MIN_EMPTY_EM = 3.0      # a caption-first area must be at least this tall


def caption_first(page: Page, text: PageText, props: list[Proposal], weak: list[Proposal],
                  em: float, margins: tuple[float, float]) -> list[Proposal]:
    """Figure captions with no region facing them propose the frame facing them (a boxed
    listing or algorithm), else the area above (or below) them up to the nearest body text.
    Such figures leave their text in the flow: it is a listing, a table set as a figure,
    or something we could not see as a drawing."""
    out: list[Proposal] = []
    for ln, label, cb in text.caption_blocks():
        if facing(props + out, cb, text, em) or any(p.bbox.intersection(cb) is not None for p in props + out):
            continue
        frames = facing(weak, cb, text, em)
        if frames:
            box = BBox.union_all(f.bbox for f in frames)
            what = "a table set as a figure" if any("table" in f.sources for f in frames) \
                else "framed content"
            out.append(Proposal(box, {"vector", "caption"}, claim=False,
                                reasons=[f"caption-first: {what} next to '{label.text}'"]))
            continue
        col = _column_extent(text, cb)
        edges = props + out + [w for w in weak if "table" in w.sources and own_caption(w, text, em)]
        size = ln.size or text.body
        areas = [a for a in (_empty_area(text, edges, col, cb, "above", margins, em, size),
                             _empty_area(text, edges, col, cb, "below", margins, em, size)) if a]
        if not areas:
            continue
        found = [(a, _content(page, text, a, size, col, em)) for a in areas]
        drawn = [(a, c) for a, c in found if c[1]]
        written = [(a, c) for a, c in found if c[0] is not None]
        area, (content, graphic) = (drawn or written or found)[0]
        box = content or BBox(area.x0, area.y0 + 0.3 * em, area.x1, area.y1 - 0.3 * em)
        side = "above" if area.y1 <= cb.y0 + 0.5 else "below"
        what = "drawing" if graphic else "text" if content else "empty area"
        out.append(Proposal(box, {"caption"}, claim=False, review=not graphic, reasons=[
            f"caption-first: {what} {side} '{label.text}'"]))
    return out


def _column_extent(text: PageText, cb: BBox) -> tuple[float, float]:
    prose = [ln for ln in text.lines if text.is_long(ln)]
    if not prose:
        return cb.x0, cb.x1
    left, right = min(ln.bbox.x0 for ln in prose), max(ln.bbox.x1 for ln in prose)
    if cb.width >= 0.6 * (right - left):
        return min(left, cb.x0), max(right, cb.x1)
    mine = [ln for ln in prose if ln.bbox.x0 <= cb.cx <= ln.bbox.x1]
    if not mine:
        return left, right
    x0s = sorted(ln.bbox.x0 for ln in mine)
    x1s = sorted(ln.bbox.x1 for ln in mine)
    return min(x0s[len(x0s) // 2], cb.x0), max(x1s[len(x1s) // 2], cb.x1)


def _area_edge(ln: Line, text: PageText, cap_size: float, col: tuple[float, float],
               em: float) -> bool:
    """Text that bounds a caption-first area: a line crossing the column's edges (a float
    never overlaps those) or a blocker; running text only when at least as large as the
    caption (text inside figures is set no larger than their captions)."""
    if ln.bbox.x0 < col[0] - em or ln.bbox.x1 > col[1] + em:
        return True
    return blocker(ln, text, 0.95 * cap_size)


def _empty_area(text: PageText, props: list[Proposal], col: tuple[float, float], cb: BBox,
                side: str, margins: tuple[float, float], em: float, cap_size: float) -> BBox | None:
    x0, x1 = col
    if side == "above":
        limit = min(margins[0], cb.y0)
        probe = BBox(x0 + 1, limit, x1 - 1, cb.y0 - 0.1)
    else:
        limit = max(margins[1], cb.y1)
        probe = BBox(x0 + 1, cb.y1 + 0.1, x1 - 1, limit)
    if probe.height < MIN_EMPTY_EM * em:
        return None
    edges = [(ln.bbox, False) for ln in text.near(probe) if _area_edge(ln, text, cap_size, col, em)
             and ln.bbox.overlap_x(probe) > 0
             and (ln.bbox.y1 <= cb.y0 if side == "above" else ln.bbox.y0 >= cb.y1)]
    edges += [(p.bbox, True) for p in props if p.bbox.intersection(probe) is not None]
    if side == "above":
        nearest = max(edges, key=lambda e: e[0].y1, default=None)
        area = BBox(x0, max(probe.y0, nearest[0].y1) if nearest else probe.y0, x1, cb.y0)
    else:
        nearest = min(edges, key=lambda e: e[0].y0, default=None)
        area = BBox(x0, cb.y1, x1, min(probe.y1, nearest[0].y0) if nearest else probe.y1)
    if nearest is not None and nearest[1]:
        return None                     # a figure region is there already: it will bind
    if area.height < MIN_EMPTY_EM * em:
        return None
    return area


def _content(page: Page, text: PageText, area: BBox, cap_size: float, col: tuple[float, float],
             em: float) -> tuple[BBox | None, bool]:
    """The box of what is drawn or written (labels only) inside an area, and whether
    anything is drawn (paths or images) rather than only written."""
    boxes = [d.bbox for d in page.drawings if area.contains(d.bbox, tol=1.0)]
    boxes += [im.bbox for im in page.images if area.contains(im.bbox, tol=1.0)]
    graphic = bool(boxes)
    boxes += [ln.bbox for ln in text.inside(area) if not _area_edge(ln, text, cap_size, col, em)]
    if not boxes:
        return None, False
    return BBox.union_all(boxes), graphic
