"""`draw(document, page_index) -> PNG bytes`: element boxes by role, columns, reading order."""
from __future__ import annotations

from ..model import Document, Layer, Role

ROLE_COLORS = {
    Role.TITLE: (0.8, 0.0, 0.8), Role.HEADING: (0.6, 0.0, 0.9), Role.PARAGRAPH: (0.0, 0.3, 0.9),
    Role.LIST_ITEM: (0.0, 0.6, 0.6), Role.CAPTION: (0.9, 0.5, 0.0), Role.FOOTNOTE: (0.0, 0.6, 0.0),
    Role.EQUATION: (0.9, 0.0, 0.0), Role.TABLE: (0.5, 0.3, 0.0), Role.FIGURE: (0.9, 0.7, 0.0),
    Role.CODE: (0.3, 0.3, 0.3), Role.PAGE_HEADER: (0.6, 0.6, 0.6), Role.PAGE_FOOTER: (0.6, 0.6, 0.6),
    Role.PAGE_NUMBER: (0.6, 0.6, 0.6), Role.WATERMARK: (0.75, 0.75, 0.75),
    Role.MARGIN_NOTE: (0.6, 0.6, 0.6), Role.LINE_NUMBER: (0.6, 0.6, 0.6),
}


def draw(document: Document, page_index: int, *, dpi: int = 100, source=None,
         password: str | None = None) -> bytes:
    """PNG of the page with element boxes (coloured by role, numbered in reading order),
    column boundaries (dashed grey) and reading-order arrows between body elements."""
    from ..extract.render import render_page  # the only module that talks to PyMuPDF
    shapes = []
    page = next(p for p in document.pages if p.index == page_index)
    for col in page.columns:
        shapes.append(("rect", tuple(col.to_list()), (0.7, 0.7, 0.7), ""))
    order = 0
    prev = None
    for e in document.elements:
        parts = [(e.page, e.bbox)] + [(r.page, r.bbox) for r in e.continuation]
        for pg, box in parts:
            if pg != page_index:
                continue
            label = e.role.value
            if e.layer is Layer.BODY:
                order += 1
                label = f"{order} {label}"
                if prev is not None:
                    shapes.append(("line", (prev.cx, prev.cy, box.cx, box.cy), (1.0, 0.2, 0.2), ""))
                prev = box
            shapes.append(("rect", tuple(box.to_list()), ROLE_COLORS.get(e.role, (0, 0, 0)), label))
    shapes += _figure_links(document, page_index)
    return render_page(source or document.source, page_index, dpi=dpi, shapes=shapes,
                       password=password, view=page.view)


def _figure_links(document: Document, page_index: int) -> list:
    """Figure -> caption links: green when confident, orange when needs_review."""
    shapes = []
    for f in document.figures:
        if f.page != page_index or f.caption_bbox is None:
            continue
        rgb = (0.9, 0.5, 0.0) if f.needs_review else (0.0, 0.6, 0.2)
        a, c = f.bbox, f.caption_bbox
        shapes.append(("line", (a.cx, a.cy, c.cx, c.cy), rgb, ""))
        shapes.append(("rect", (a.x0 + 1, a.y1 - 8, a.x0 + 60, a.y1 - 1), rgb,
                       f"{f.label or f.id} {f.score:.2f}"))
    return shapes
