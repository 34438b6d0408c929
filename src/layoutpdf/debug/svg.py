"""The inspector's SVG overlay of one page, in PDF points: element boxes coloured by role
and dimmed by layer, reading-order numbers, column boxes, caption->figure/table and
marker->footnote links with their score, equations with their LaTeX.

The DOM contract (element groups, bindings, equations, links) is stated in html.py."""
from __future__ import annotations

from typing import Sequence

from ..model import BBox, Document, Element, Layer, Page
from .markup import _e, _n, role_color
from .records import _Index

MAX_LABEL = 90


def _rect(b: BBox | Sequence[float], cls: str, extra: str = "") -> str:
    x0, y0, x1, y1 = b
    w, h = max(x1 - x0, 0.5), max(y1 - y0, 0.5)
    return (f'<rect class="{cls}" x="{_n(x0)}" y="{_n(y0)}" width="{_n(w)}" height="{_n(h)}"'
            f'{extra}/>')


def _title(text: str) -> str:
    return f"<title>{_e(text)}</title>"


def _element_svg(e: Element, order: int | None, page_index: int) -> str:
    color = role_color(e.role)
    preview = " ".join(e.text.split())[:MAX_LABEL]
    tip = f"{e.role.value} ({e.layer.value}) {e.id}: {preview}"
    label = ""
    if order is not None:
        label = (f'<text class="order" x="{_n(e.bbox.x0 - 1.5)}" y="{_n(e.bbox.y0 + 6)}">'
                 f"{order}</text>")
    head = (f'<g class="el" data-kind="element" data-id="{_e(e.id)}" data-role="{e.role.value}" '
            f'data-layer="{e.layer.value}" data-page="{e.page}" style="--c:{color}" tabindex="0" '
            f'role="button" aria-label="{_e(tip[:140])}">')
    parts = [head + _title(tip) + _rect(e.bbox, "box") + label + "</g>"] if e.page == page_index else []
    for k, r in enumerate(e.continuation, 1):
        if r.page == page_index:
            parts.append(f'<g class="el-part" data-kind="element" data-id="{_e(e.id)}" '
                         f'data-part="{k}" data-part-role="{e.role.value}" '
                         f'data-layer="{e.layer.value}" data-page="{r.page}" '
                         f'style="--c:{color}">{_title("continued: " + tip)}'
                         f'{_rect(r.bbox, "box")}</g>')
    return "".join(parts)


def _link_points(a: BBox, b: BBox) -> tuple[float, float, float, float]:
    """A short segment between facing edges of two boxes (centres when they overlap)."""
    ox0, ox1 = max(a.x0, b.x0), min(a.x1, b.x1)
    if ox1 > ox0 and (a.y0 >= b.y1 or b.y0 >= a.y1):
        x = (ox0 + ox1) / 2
        return (x, a.y0, x, b.y1) if a.y0 >= b.y1 else (x, a.y1, x, b.y0)
    oy0, oy1 = max(a.y0, b.y0), min(a.y1, b.y1)
    if oy1 > oy0 and (a.x0 >= b.x1 or b.x0 >= a.x1):
        y = (oy0 + oy1) / 2
        return (a.x0, y, b.x1, y) if a.x0 >= b.x1 else (a.x1, y, b.x0, y)
    return a.cx, a.cy, b.cx, b.cy


def _line(pts, cls: str, attrs: str) -> str:
    x0, y0, x1, y1 = pts
    return (f'<line class="{cls}" x1="{_n(x0)}" y1="{_n(y0)}" x2="{_n(x1)}" y2="{_n(y1)}"'
            f' {attrs}/>')


def _verdict(score: float, needs_review: bool) -> str:
    return f"{score:.2f}" + (" ⚠ review" if needs_review else "")


def _binding_svg(kind: str, item, ix: _Index, page_index: int) -> str:
    """A figure/table outline with its caption link, or a footnote with its marker link."""
    review = "true" if item.needs_review else "false"
    head = (f'<g class="bind" data-kind="{kind}" data-id="{_e(item.id)}" data-page="{item.page}" '
            f'data-needs-review="{review}" data-score="{item.score:.3f}">')
    body = []
    if item.page == page_index:
        name = item.label or item.id if kind != "footnote" else f"note {item.marker}"
        src_page = ix.page_of(item.anchor_element_id if kind == "footnote" else item.caption_element_id)
        away = f" · {'anchor' if kind == 'footnote' else 'caption'} on p. {src_page + 1}" \
            if src_page is not None and src_page != page_index else ""
        body.append(_title(f"{kind} {item.id}: score {_verdict(item.score, item.needs_review)}"))
        body.append(_rect(item.bbox, "outline"))
        body.append(f'<text class="score" x="{_n(item.bbox.x1 - 1)}" y="{_n(item.bbox.y0 - 1.5)}">'
                    f"{_e(name)} · {_e(_verdict(item.score, item.needs_review))}{_e(away)}</text>")
    if kind == "footnote":
        source_box = ix.spans.get(item.anchor_span_id or "")
        anchor = ix.elements.get(item.anchor_element_id or "")
        src_id, same = item.anchor_element_id, anchor is not None and anchor.page == page_index
        if source_box is not None and same:
            body.append(_rect(source_box.expand(1.0), "marker"))
        elif same and source_box is None:
            source_box = anchor.bbox
        link_kind = "footnote"
    else:
        cap = ix.elements.get(item.caption_element_id or "")
        src_id, same = item.caption_element_id, cap is not None and cap.page == page_index
        source_box = item.caption_bbox or (cap.bbox if cap else None)
        link_kind = "caption"
    if same and source_box is not None and item.page == page_index:
        body.append(_line(_link_points(source_box, item.bbox), "link",
                          f'data-kind="{link_kind}" data-from="{_e(src_id)}" '
                          f'data-to="{_e(item.id)}"'))
    return head + "".join(body) + "</g>" if body else ""


def _equation_svg(q) -> str:
    conf = _e(q.confidence)
    return (f'<g class="eq" data-kind="equation" data-id="{_e(q.id)}" data-page="{q.page}" '
           f'data-display="{str(q.display).lower()}" data-confidence="{conf}" tabindex="0" '
           f'role="button" aria-label="equation {_e(q.id)}">{_title(q.latex)}'
           f'{_rect(q.bbox, "box")}</g>')


def _page_svg(doc: Document, page: Page, ix: _Index) -> tuple[str, list[str]]:
    w, h = page.width or 1.0, page.height or 1.0
    cols = "".join(
        f'<g class="col" data-col="{k}">{_rect(c, "colbox")}'
        f'<text class="collabel" x="{_n(c.x0 + 1)}" y="{_n(c.y1 - 2)}">col {k + 1}</text></g>'
        for k, c in enumerate(page.columns))
    flow, prev = [], None
    elements, eqs, notes = [], [], []
    for e in doc.elements:
        if e.page == page.index or any(r.page == page.index for r in e.continuation):
            elements.append(_element_svg(e, ix.order.get(e.id), page.index))
        if e.layer is Layer.BODY:
            for pg, b in [(e.page, e.bbox)] + [(r.page, r.bbox) for r in e.continuation]:
                if pg == page.index:
                    if prev is not None:
                        flow.append(_line((prev.cx, prev.cy, b.cx, b.cy), "flow",
                                          f'marker-end="url(#arrow-{page.index})"'))
                    prev = b
    binds = [_binding_svg(k, it, ix, page.index)
             for k, items in (("figure", doc.figures), ("table", doc.tables), ("footnote", doc.footnotes))
             for it in items if it.page == page.index or ix.page_of(
                 getattr(it, "caption_element_id", None) or getattr(it, "anchor_element_id", None)) == page.index]
    for q in doc.equations:
        if q.page == page.index:
            eqs.append(_equation_svg(q))
            notes.append(_latex_note(q, page))
    svg = (f'<svg class="overlay" viewBox="0 0 {_n(w)} {_n(h)}" preserveAspectRatio="none" '
           f'aria-label="layout of page {page.index + 1}"><defs><marker id="arrow-{page.index}" '
           f'class="arrow" viewBox="0 0 6 6" refX="5" refY="3" markerWidth="4" markerHeight="4" '
           f'orient="auto-start-reverse">'
           f'<path d="M0,0 L6,3 L0,6 z"/></marker></defs>'
           f'<g class="layer-cols">{cols}</g><g class="layer-flow">{"".join(flow)}</g>'
           f'<g class="layer-binds">{"".join(binds)}</g><g class="layer-els">{"".join(elements)}</g>'
           f'<g class="layer-eqs">{"".join(eqs)}</g></svg>')
    return svg, notes


def _latex_note(q, page: Page) -> str:
    left = 100 * q.bbox.x0 / (page.width or 1)
    top = 100 * q.bbox.y1 / (page.height or 1)
    cls = "latex display" if q.display else "latex inline"
    low = " low" if q.confidence != "high" else ""
    return (f'<div class="{cls}{low}" data-for="{_e(q.id)}" style="left:{left:.2f}%;top:{top:.2f}%">'
            f"<code>{_e(q.latex)}</code></div>")
