"""The model as the inspector's JSON records: every element, figure, table, footnote and
equation of the shown pages with its box, role, reasons and bindings (texts clipped), the
index that finds them by id, and the bindings that need review."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..model import BBox, Document, Element, Layer
from .markup import _round

MAX_TEXT = 4000                    # characters of element text kept in the report


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
