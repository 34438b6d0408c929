"""The visual inspector: one self-contained HTML file showing every layout decision.

`inspect(document) -> str` renders each page as an image (a ``data:`` URI) with an SVG
overlay in PDF points: element boxes coloured by role and dimmed by layer, column boxes,
reading-order numbers and flow, caption->figure/table and marker->footnote links with
their score, equations with their LaTeX. The JSON of every decision is embedded for the
details panel; CSS and JS come from ``debug/assets`` and are inlined, so the file opens
offline. `document_summary_html(document)` is the compact view behind
``Document._repr_html_`` (Jupyter).

DOM contract (tests and scripts rely on it): every element of a shown page is one
``<g class="el" data-kind="element" data-id data-role data-layer data-page>`` (``data-page``
is the 0-based model index; a continuation piece is a ``g.el-part``, without ``data-role``);
bindings are ``g.bind[data-kind=figure|table|footnote]``; equations ``g.eq[data-kind=equation]``;
links ``line.link[data-kind=caption|footnote]``; pages ``section.page#page-N`` (N 1-based).
"""
from __future__ import annotations

import base64
import html
import io
import json
import logging
from dataclasses import dataclass, field
from importlib import resources
from typing import Iterable, Sequence

from ..errors import LayoutPDFError
from ..model import BBox, Document, Element, Layer, Page, Role
from .overlay import ROLE_COLORS

log = logging.getLogger(__name__)

DEFAULT_DPI = 100
THUMBNAIL_DPI = 40
ZOOM = 1.3                         # CSS px per PDF point at 100 % zoom
JPEG_QUALITY = 70
PNG_COLORS = 64                    # palette size of quantised PNG pages (crisp text, small)
MAX_TEXT = 4000                    # characters of element text kept in the report
MAX_LABEL = 90


def role_color(role: Role) -> str:
    r, g, b = ROLE_COLORS.get(role, (0.0, 0.0, 0.0))
    return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"


def _asset(name: str) -> str:
    return resources.files("layoutpdf.debug").joinpath("assets", name).read_text("utf-8")


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _n(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _round(v):
    if isinstance(v, float):
        return round(v, 3)
    if isinstance(v, list):
        return [_round(x) for x in v]
    if isinstance(v, dict):
        return {k: _round(x) for k, x in v.items()}
    return v


# -- page images ----------------------------------------------------------------------------

def page_image(source, page_index: int, *, dpi: int = DEFAULT_DPI, password: str | None = None,
               image_format: str = "auto", view: tuple[int, float, float] | None = None) -> str:
    """The page as a ``data:`` URI. ``auto``: the smaller of a palette PNG and a JPEG when
    Pillow is installed, else the plain PNG. Raises what opening the PDF raises."""
    from ..extract.render import render_page  # the only package that talks to PyMuPDF
    png = render_page(source, page_index, dpi=dpi, password=password, view=view)
    if image_format == "png":
        return _data_uri("image/png", png)
    try:
        from PIL import Image
    except ImportError:
        return _data_uri("image/png", png)
    rgb = Image.open(io.BytesIO(png)).convert("RGB")
    candidates = []
    if image_format in ("auto", "jpeg"):
        buf = io.BytesIO()
        rgb.save(buf, "JPEG", quality=JPEG_QUALITY, optimize=True)
        candidates.append(("image/jpeg", buf.getvalue()))
    if image_format == "auto":
        buf = io.BytesIO()
        rgb.quantize(PNG_COLORS).save(buf, "PNG", optimize=True)
        candidates.append(("image/png", buf.getvalue()))
    if not candidates:
        raise ValueError(f"image_format must be auto, png or jpeg, not {image_format!r}")
    mime, data = min(candidates, key=lambda c: len(c[1]))
    return _data_uri(mime, data)


def _data_uri(mime: str, data: bytes) -> str:
    return f"data:{mime};base64," + base64.b64encode(data).decode("ascii")


def _within(dpi: int, page: Page, max_pixels: int) -> int:
    """The resolution (whole dots per inch, as images carry it) lowered for a page whose
    image would exceed `max_pixels` (limits.max_crop_pixels), as figure crops are."""
    area = page.width * page.height
    if area <= 0 or area * (dpi / 72.0) ** 2 <= max_pixels:
        return dpi
    return max(1, int(72.0 * (max_pixels / area) ** 0.5))


def _images(document: Document, pages: Sequence[Page], dpi: int, source, password,
            image_format: str, max_pixels: int) -> tuple[dict[int, str], list[dict]]:
    src = source if source is not None else document.source
    try:
        from ..extract.open import read_source
        src = read_source(src)  # a file object is read once, not once per page
    except Exception:  # noqa: BLE001 - reported per page below
        pass
    images: dict[int, str] = {}
    problems: list[dict] = []
    for k, page in enumerate(pages):
        try:
            images[page.index] = page_image(src, page.index, dpi=_within(dpi, page, max_pixels),
                                            password=password,
                                            image_format=image_format, view=page.view)
        except Exception as exc:  # noqa: BLE001 - the report still shows the overlay
            log.warning("inspector: page %d image not rendered: %s", page.index, exc)
            message = f"page image not rendered: {type(exc).__name__}: {exc}"
            unusable = not images and isinstance(exc, (OSError, TypeError, LayoutPDFError))
            for rest in (pages[k:] if unusable else [page]):  # a bad source: say it once per page
                problems.append({"stage": "inspect", "page": rest.index, "code": "no_page_image",
                                 "message": message})
            if unusable:
                break
    return images, problems


# -- the model as JSON records --------------------------------------------------------------

@dataclass
class _Index:
    """Lookups from the document, built once per report."""
    document: Document
    elements: dict[str, Element] = field(default_factory=dict)
    order: dict[str, int] = field(default_factory=dict)
    bound: dict[str, list[str]] = field(default_factory=dict)   # element id -> binding keys
    spans: dict[str, BBox] = field(default_factory=dict)

    @classmethod
    def build(cls, doc: Document) -> "_Index":
        ix = cls(doc)
        n = 0
        for e in doc.elements:
            ix.elements[e.id] = e
            if e.layer is Layer.BODY:
                n += 1
                ix.order[e.id] = n
        for kind, items in (("figure", doc.figures), ("table", doc.tables)):
            for it in items:
                for eid in (it.element_id, it.caption_element_id):
                    if eid:
                        ix.bound.setdefault(eid, []).append(f"{kind}:{it.id}")
        for fn in doc.footnotes:
            for eid in (fn.element_id, fn.anchor_element_id, *fn.continuation_element_ids):
                if eid:
                    ix.bound.setdefault(eid, []).append(f"footnote:{fn.id}")
        for eq in doc.equations:
            if eq.element_id:
                ix.bound.setdefault(eq.element_id, []).append(f"equation:{eq.id}")
        wanted = {fn.anchor_span_id for fn in doc.footnotes if fn.anchor_span_id}
        if wanted:
            for page in doc.pages:
                for line in page.lines:
                    for span in line.spans:
                        if span.id in wanted:
                            ix.spans[span.id] = span.bbox
        return ix

    def page_of(self, element_id: str | None) -> int | None:
        e = self.elements.get(element_id or "")
        return e.page if e else None


def _clip(text: str | None, limit: int = MAX_TEXT) -> str:
    text = text or ""
    return text if len(text) <= limit else text[:limit] + f"… [{len(text) - limit} more characters]"


def _record(kind: str, obj, **extra) -> dict:
    """Every field of a model object (a field added to the model shows up by itself), with
    boxes rounded and long texts clipped; ``kind`` says which panel renders it."""
    from ..model.serialize import to_jsonable
    rec = _round(to_jsonable(obj))
    if "kind" in rec:                      # Figure.kind: raster | vector | mixed
        rec["figure_kind"] = rec.pop("kind")
    for key in ("bbox", "caption_bbox"):
        if rec.get(key):
            rec[key] = [round(v, 1) for v in rec[key]]
    for key in ("text", "caption"):
        if isinstance(rec.get(key), str):
            rec[key] = _clip(rec[key])
    rec.update(kind=kind, **extra)
    return rec


def _records(doc: Document, ix: _Index, shown: set[int]) -> dict[str, dict]:
    """Every decision on the shown pages, keyed ``kind:id`` for the details panel."""
    out: dict[str, dict] = {}
    for e in doc.elements:
        if shown.intersection([e.page] + [r.page for r in e.continuation]):
            rec = _record("element", e, order=ix.order.get(e.id), lines=len(e.line_ids),
                          bindings=ix.bound.get(e.id, []))
            del rec["line_ids"]
            out[f"element:{e.id}"] = rec
    for f in doc.figures:
        out[f"figure:{f.id}"] = _record("figure", f, caption_page=ix.page_of(f.caption_element_id))
    for t in doc.tables:
        rec = _record("table", t, caption_page=ix.page_of(t.caption_element_id),
                      columns=max((len(r) for r in t.rows), default=0))
        rec["rows"] = len(t.rows)
        out[f"table:{t.id}"] = rec
    for fn in doc.footnotes:
        out[f"footnote:{fn.id}"] = _record(
            "footnote", fn, anchor_page=ix.page_of(fn.anchor_element_id),
            anchor_context=_anchor_context(ix, fn.anchor_element_id, fn.anchor_offset))
    for q in doc.equations:
        out[f"equation:{q.id}"] = _record("equation", q, needs_review=q.confidence != "high")
    return out


def _anchor_context(ix: _Index, element_id: str | None, offset: int | None) -> str | None:
    e = ix.elements.get(element_id or "")
    if e is None or offset is None:
        return None
    lo = max(0, offset - 60)
    return ("…" if lo else "") + e.text[lo:offset] + " ⟨mark⟩ " + e.text[offset:offset + 40] + "…"


def _review_items(records: dict[str, dict]) -> list[dict]:
    return [r for r in records.values() if r.get("needs_review")]


# -- SVG overlay ----------------------------------------------------------------------------

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


# -- the report -----------------------------------------------------------------------------

def _page_section(doc: Document, page: Page, ix: _Index, image: str | None, n_shown: int,
                  pos: int) -> str:
    svg, notes = _page_svg(doc, page, ix)
    w, h = page.width or 1.0, page.height or 1.0
    img = (f'<img src="{image}" alt="page {page.index + 1}" width="{round(w * ZOOM)}" '
           f'height="{round(h * ZOOM)}">' if image else
           '<div class="noimage">page image not available</div>')
    counts = len(doc.page_elements(page.index))
    label = f" (printed {page.label})" if page.label else ""
    flags = " · plain-text fallback" if page.fallback else ""
    return (f'<section class="page" id="page-{page.index + 1}" data-page="{page.index}" '
            f'data-pos="{pos}" tabindex="-1" aria-label="page {page.index + 1}">'
            f'<h2>Page {page.index + 1}{_e(label)} <small>{pos + 1}/{n_shown} · {counts} elements · '
            f'{len(page.columns)} columns · {page.text_source.value} text{flags}</small></h2>'
            f'<div class="sheet" style="--w:{_n(w)};--h:{_n(h)}">{img}{svg}{"".join(notes)}</div>'
            f"</section>")


def _legend(doc: Document, shown: set[int]) -> str:
    counts: dict[Role, int] = {}
    for e in doc.elements:
        if e.page in shown:
            counts[e.role] = counts.get(e.role, 0) + 1
    rows = "".join(
        f'<label class="legend-item" style="--c:{role_color(r)}"><input type="checkbox" checked '
        f'data-toggle-role="{r.value}"><span class="swatch"></span>{r.value} '
        f'<span class="count">{counts.get(r, 0)}</span></label>'
        for r in Role if counts.get(r))
    return f'<div class="legend">{rows or "<em>no elements</em>"}</div>'


def _issue_list(issues: Iterable[dict], shown: set[int]) -> str:
    rows = []
    for i in issues:
        page = i.get("page")
        where = (f'<a href="#page-{page + 1}" data-goto="{page}">p. {page + 1}</a>'
                 if page is not None and page in shown else
                 ("document" if page is None else f"p. {page + 1} (not shown)"))
        rows.append(f'<li class="issue"><span class="where">{where}</span> '
                    f'<code>{_e(i["stage"])}/{_e(i["code"])}</code> {_e(i["message"])}</li>')
    return "<ul>" + "".join(rows) + "</ul>" if rows else '<p class="none">No issues.</p>'


def _review_list(items: list[dict], shown: set[int]) -> str:
    rows = []
    for r in items:
        page = r["page"]
        name = r.get("label") or (f"note {r['marker']}" if r["kind"] == "footnote" else r["id"])
        why = "; ".join(r.get("reasons") or []) or "no reasons recorded"
        score = f" · score {r['score']:.2f}" if "score" in r else f" · confidence {r.get('confidence')}"
        target = (f'<a href="#page-{page + 1}" data-select="{_e(r["kind"])}:{_e(r["id"])}">'
                  f'p. {page + 1}</a>' if page in shown else f"p. {page + 1} (not shown)")
        rows.append(f'<li class="review">{target} <b>{_e(r["kind"])}</b> {_e(name)}{_e(score)}'
                    f'<br><small>{_e(why)}</small></li>')
    return "<ul>" + "".join(rows) + "</ul>" if rows else '<p class="none">Nothing flagged.</p>'


def _script_json(data: object) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _select_pages(document: Document, pages: Sequence[int] | None) -> list[Page]:
    if pages is None:
        return list(document.pages)
    by_index = {p.index: p for p in document.pages}
    missing = [i for i in pages if i not in by_index]
    if missing:
        raise ValueError(f"page index {missing[0]} is not in the document "
                         f"(parsed pages: {sorted(by_index)}; 0-based)")
    return [by_index[i] for i in sorted(set(pages))]


def _katex(document: Document, katex: bool | None) -> tuple[str, str]:
    """KaTeX's CSS and JS when vendored (``debug/assets/vendor_katex.py``) and wanted:
    ``None`` means when the document has equations. Without it LaTeX shows as source."""
    if katex is False or (katex is None and not document.equations):
        return "", ""
    try:
        return _asset("katex/katex.min.css"), _asset("katex/katex.min.js")
    except (FileNotFoundError, OSError):
        if katex:
            raise FileNotFoundError("KaTeX is not vendored: run "
                                    "python src/layoutpdf/debug/assets/vendor_katex.py") from None
        return "", ""


def inspect(document: Document, *, pages: Sequence[int] | None = None, dpi: int = DEFAULT_DPI,
            source=None, password: str | None = None, image_format: str = "auto",
            katex: bool | None = None, title: str | None = None, settings=None) -> str:
    """One self-contained HTML report of every layout decision on the given pages.

    pages: 0-based page indexes (default: every parsed page). source: where to render page
    images from (default ``document.source``); pages whose image cannot be rendered still get
    their overlay and an ``inspect/no_page_image`` entry in the issues panel. image_format:
    ``auto`` (smaller of palette PNG and JPEG; needs Pillow, else PNG), ``png`` or ``jpeg``.
    katex: inline the vendored KaTeX to typeset equations (default: when there are any).
    settings: a page image larger than ``limits.max_crop_pixels`` is rendered smaller.
    """
    from ..settings import Settings
    max_pixels = Settings.resolve(settings).limits.max_crop_pixels
    shown_pages = _select_pages(document, pages)
    shown = {p.index for p in shown_pages}
    ix = _Index.build(document)
    images, problems = _images(document, shown_pages, dpi, source, password, image_format,
                               max_pixels)
    records = _records(document, ix, shown)
    issues = [{"stage": i.stage, "page": i.page, "code": i.code, "message": i.message}
              for i in document.issues] + problems
    review = _review_items(records)
    sections = "".join(_page_section(document, p, ix, images.get(p.index), len(shown_pages), k)
                       for k, p in enumerate(shown_pages))
    nav = "".join(f'<a href="#page-{p.index + 1}" data-goto="{p.index}">{p.index + 1}</a>'
                  for p in shown_pages)
    name = title or document.source or "document"
    n_el = sum(1 for e in document.elements if e.page in shown)
    summary = (f"{len(shown_pages)} of {len(document.pages)} pages · {n_el} elements · "
               f"{len(document.figures)} figures · {len(document.tables)} tables · "
               f"{len(document.footnotes)} footnotes · {len(document.equations)} equations")
    katex_css, katex_js = _katex(document, katex)
    meta = {"source": document.source, "pages": [p.index for p in shown_pages],
            "items": records}
    return _asset("inspector.html").format(
        title=_e(f"layoutpdf inspector: {name}"), name=_e(name), summary=_e(summary),
        css=_asset("inspector.css"), js=_asset("inspector.js"), data=_script_json(meta),
        katex_css=katex_css, katex_js=f"<script>{katex_js}</script>" if katex_js else "",
        legend=_legend(document, shown), nav=nav, sections=sections,
        issues=_issue_list(issues, shown), n_issues=len(issues),
        review=_review_list(review, shown), n_review=len(review))


# -- Jupyter --------------------------------------------------------------------------------

def document_summary_html(document: Document, *, dpi: int = THUMBNAIL_DPI) -> str:
    """A compact card for notebooks: counts, issues and the first page with its boxes."""
    counts: dict[str, int] = {}
    for e in document.elements:
        counts[e.role.value] = counts.get(e.role.value, 0) + 1
    review = sum(x.needs_review for x in (*document.figures, *document.tables, *document.footnotes))
    review += sum(q.confidence != "high" for q in document.equations)
    roles = ", ".join(f"{v} {k}" for k, v in sorted(counts.items(), key=lambda kv: -kv[1])) or "none"
    rows = [("source", document.source or "<unnamed>"), ("pages", str(len(document.pages))),
            ("elements", f"{len(document.elements)} ({roles})"),
            ("bindings", f"{len(document.figures)} figures, {len(document.tables)} tables, "
                         f"{len(document.footnotes)} footnotes, {len(document.equations)} equations"
                         f"; {review} need review")]
    table = "".join(f'<tr><th style="text-align:left;padding-right:1em;vertical-align:top">{_e(k)}</th>'
                    f'<td style="text-align:left">{_e(v)}</td></tr>' for k, v in rows)
    issues = "".join(f"<li><code>{_e(i.stage)}/{_e(i.code)}</code> "
                     f"{'' if i.page is None else f'p. {i.page + 1}: '}{_e(i.message)}</li>"
                     for i in document.issues[:8])
    if len(document.issues) > 8:
        issues += f"<li>… {len(document.issues) - 8} more</li>"
    issues_html = (f'<div><b>issues ({len(document.issues)})</b><ul style="margin:.2em 0">{issues}</ul></div>'
                   if document.issues else "<div><b>issues</b>: none</div>")
    return (f'<div class="layoutpdf-summary" style="display:flex;gap:1em;align-items:flex-start;'
            f'font:13px sans-serif">{_thumbnail(document, dpi)}<div><b>layoutpdf Document</b>'
            f'<table style="border-collapse:collapse;margin:.3em 0;font:inherit">{table}</table>{issues_html}'
            f'<div style="color:#666">Full report: <code>layoutpdf.debug.inspect(doc)</code> or '
            f'<code>layoutpdf inspect file.pdf -o report.html</code></div></div></div>')


def _thumbnail(document: Document, dpi: int) -> str:
    if not document.pages:
        return ""
    page = document.pages[0]
    try:
        image = page_image(document.source, page.index, dpi=dpi, view=page.view)
    except Exception as exc:  # noqa: BLE001 - a summary never fails
        log.debug("summary thumbnail not rendered: %s", exc)
        image = None
    w, h = page.width or 1.0, page.height or 1.0
    boxes = "".join(
        f'<rect x="{_n(e.bbox.x0)}" y="{_n(e.bbox.y0)}" width="{_n(max(e.bbox.width, .5))}" '
        f'height="{_n(max(e.bbox.height, .5))}" fill="none" stroke="{role_color(e.role)}" '
        f'stroke-width="1.5" opacity="{1 if e.layer is Layer.BODY else .45}" data-role="{e.role.value}">'
        f"<title>{_e(e.role.value)}: {_e(e.text[:80])}</title></rect>"
        for e in document.page_elements(page.index))
    img = (f'<image href="{image}" x="0" y="0" width="{_n(w)}" height="{_n(h)}"/>' if image
           else f'<rect x="0" y="0" width="{_n(w)}" height="{_n(h)}" fill="#f4f4f4"/>')
    width = 220
    return (f'<svg viewBox="0 0 {_n(w)} {_n(h)}" width="{width}" height="{round(width * h / w)}" '
            f'style="border:1px solid #ccc;flex:none">{img}{boxes}</svg>')


__all__ = ["inspect", "document_summary_html", "page_image", "role_color"]
