"""The one renderer: elements -> units -> Markdown. One small function per role."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from ..model import Document, Element, Equation, Figure, Footnote, Layer, Role, Table, Unit, UnitKind

_BULLET = re.compile(r"^\s*[•◦▪▫‣⁃●○■□➢►–—-]\s+")
_ENUM = re.compile(r"^\s*(\(?\d{1,3}[.)]|\(?[a-zA-Z][.)]|\([ivx]{1,4}\))\s+")


@dataclass
class Context:
    """Lookups a role renderer may need: what is bound to which element."""
    doc: Document
    image_dir: str | None = None
    figures: dict[str, Figure] = field(default_factory=dict)        # by element id
    tables: dict[str, Table] = field(default_factory=dict)          # by element id
    equations: dict[str, Equation] = field(default_factory=dict)    # by element id
    footnotes_by_anchor: dict[str, list[Footnote]] = field(default_factory=dict)
    bound_captions: set[str] = field(default_factory=set)          # caption element ids
    bound_footnotes: set[str] = field(default_factory=set)         # footnote element ids

    @classmethod
    def of(cls, doc: Document, image_dir: str | None = None) -> "Context":
        ctx = cls(doc, image_dir)
        for f in doc.figures:
            if f.element_id:
                ctx.figures[f.element_id] = f
            if f.caption_element_id:
                ctx.bound_captions.add(f.caption_element_id)
        for t in doc.tables:
            if t.element_id:
                ctx.tables[t.element_id] = t
            if t.caption_element_id:
                ctx.bound_captions.add(t.caption_element_id)
        for q in doc.equations:
            if q.element_id:
                ctx.equations[q.element_id] = q
        for fn in doc.footnotes:
            if fn.anchor_element_id:
                ctx.footnotes_by_anchor.setdefault(fn.anchor_element_id, []).append(fn)
                if fn.element_id:
                    ctx.bound_footnotes.add(fn.element_id)
        return ctx


def escape_prose(text: str) -> str:
    """Keep literal characters from being read as Markdown/math structure."""
    text = text.replace("\\", "\\\\").replace("$", "\\$")
    if text.startswith(("#", ">", "|", "```")):
        text = "\\" + text
    return text.replace("[^", "\\[^")


def _unit(kind: UnitKind, text: str, e: Element, **kw) -> Unit:
    return Unit(kind=kind, text=text, element_ids=(e.id,), pages=_pages(e),
                bboxes=((e.page, e.bbox),) + tuple((r.page, r.bbox) for r in e.continuation), **kw)


def _pages(e: Element) -> tuple[int, ...]:
    return tuple(sorted({e.page, *(r.page for r in e.continuation)}))


def _title(e: Element, ctx: Context) -> Unit:
    return _unit(UnitKind.HEADING, "# " + _one_line(e.text), e, heading_level=1)


def _heading(e: Element, ctx: Context) -> Unit:
    level = min(6, max(2, e.level or 2))
    return _unit(UnitKind.HEADING, "#" * level + " " + _one_line(e.text), e, heading_level=level)


def _paragraph(e: Element, ctx: Context) -> Unit:
    return _unit(UnitKind.PARAGRAPH, escape_prose(e.text), e, has_math="$" in e.text)


def _list_item(e: Element, ctx: Context) -> Unit:
    text = e.text
    if _BULLET.match(text):
        text = "- " + escape_prose(_BULLET.sub("", text, count=1))
    elif (m := _ENUM.match(text)):
        text = m.group(1) + " " + escape_prose(text[m.end():])
    else:
        text = "- " + escape_prose(text)
    return _unit(UnitKind.LIST_ITEM, text, e)


def _caption(e: Element, ctx: Context) -> Unit:
    return _unit(UnitKind.CAPTION, escape_prose(_one_line(e.text)), e)


def _footnote(e: Element, ctx: Context) -> Unit:
    m = re.match(r"^\s*(\d{1,3}|[*†‡§¶‖#]|[a-z])\s*", e.text)
    if m is None:   # an unmarked note: plain text, kept out of the paragraph flow
        return _unit(UnitKind.PARAGRAPH, escape_prose(_one_line(e.text)), e)
    marker = m.group(1)
    body = e.text[m.end():] if m else e.text
    return _unit(UnitKind.FOOTNOTE, f"[^{marker}]: {escape_prose(_one_line(body))}", e)


def _equation(e: Element, ctx: Context) -> Unit:
    return _unit(UnitKind.EQUATION, "$$\n" + e.text.strip() + "\n$$", e, has_math=True)


def _code(e: Element, ctx: Context) -> Unit:
    return _unit(UnitKind.CODE, "```\n" + e.text + "\n```", e)


def _one_line(text: str) -> str:
    return re.sub(r"\s*\n\s*", " ", text).strip()


RENDERERS: dict[Role, Callable[[Element, Context], Unit]] = {
    Role.TITLE: _title,
    Role.HEADING: _heading,
    Role.PARAGRAPH: _paragraph,
    Role.LIST_ITEM: _list_item,
    Role.CAPTION: _caption,
    Role.FOOTNOTE: _footnote,
    Role.EQUATION: _equation,
    Role.CODE: _code,
}


def render_units(doc: Document, *, layers: tuple[Layer, ...] = (Layer.BODY,),
                 pages: set[int] | None = None, image_dir: str | None = None) -> list[Unit]:
    ctx = Context.of(doc, image_dir)
    units: list[Unit] = []
    for e in doc.elements:
        if e.layer not in layers or (pages is not None and e.page not in pages):
            continue
        if e.id in ctx.bound_captions or e.id in ctx.bound_footnotes:
            continue  # rendered with the figure/table, or after the anchoring paragraph
        fn = RENDERERS.get(e.role, _paragraph)
        unit = fn(e, ctx)
        if unit.text.strip():
            units.append(unit)
    return units


def render_markdown(doc: Document, *, layers: tuple[Layer, ...] = (Layer.BODY,),
                    image_dir: str | None = None, pages: set[int] | None = None) -> str:
    return "\n\n".join(u.text for u in render_units(doc, layers=layers, pages=pages,
                                                     image_dir=image_dir))
