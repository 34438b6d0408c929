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

Beneath it: records.py (the model as JSON records), svg.py (the overlay of a page),
markup.py (escaping, short numbers, role colours).
"""
from __future__ import annotations

import base64
import io
import json
import logging
from importlib import resources
from typing import Iterable, Sequence

from ..errors import LayoutPDFError
from ..model import Document, Layer, Page, Role
from .markup import _e, _n, role_color
from .records import _Index, _records, _review_items
from .svg import _page_svg

log = logging.getLogger(__name__)

DEFAULT_DPI = 100
THUMBNAIL_DPI = 40
ZOOM = 1.3                         # CSS px per PDF point at 100 % zoom
JPEG_QUALITY = 70
PNG_COLORS = 64                    # palette size of quantised PNG pages (crisp text, small)


def _asset(name: str) -> str:
    return resources.files("layoutpdf.debug").joinpath("assets", name).read_text("utf-8")


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
