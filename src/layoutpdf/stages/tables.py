"""Tables: elements before layout (`run`); captions and continued tables after classify (`bind`).

`run` turns the candidates read during extraction (`Page.table_candidates`) into TABLE
elements (layer BODY) holding the ids of every text line inside the table and of the table
notes right under it, so table text leaves the prose flow and no longer fakes column
gutters; the layout stage places the elements in reading order as floats. `bind` pairs
"Table 2:" / "TABLE II" captions with tables by the shared score of
`captions.score_binding`, and joins a table continued on the next page (same columns,
repeated header) into one table again.
"""
from __future__ import annotations

import re
from dataclasses import replace

from ..elements.captions import assign, parse_label, score_binding, split_caption_blocks
from ..elements.ids import element_id
from ..elements.per_page import per_page
from ..model import BBox, Document, Element, Layer, Line, Page, Region, Role, Table, TableCandidate
from ..settings import Settings
from ..text.scripts import is_cjk

NOTE_GAP_LINES = 1.2     # a table note starts at most this many line heights under the table
NOTE_SIZE = 0.97         # lettered table notes are set smaller than body text
COLUMN_TOL_EM = 1.5      # continued tables: column boundaries agree within this many em
_STRONG_NOTE = re.compile(r"^\s*(?:[*†‡§¶]+|notes?\s*[:.]|sources?\s*[:.]|nb\s*[:.]|\(:\)|\(\*\))", re.I)
_LETTER_NOTE = re.compile(r"^\s*(?:\(?[a-z]\)|[a-z](?=[\s.:])|\(?\d{1,2}\)|[¹²³⁴⁵⁶⁷⁸⁹⁰ᵃᵇᶜᵈᵉ]+)")
REFUSED = "refused"      # a candidate read and refused (extract.tables): its reasons only
_CONTINUED = re.compile(r"\b(?:cont(?:inued|\.|'d)|fortsetzung|suite)\b", re.I)


# -- elements before layout ------------------------------------------------------------------
# enum members read in per-element loops, bound once: reading Role.X or Layer.X goes
# through EnumType's attribute hook, several times slower than a global on Python 3.11
_BODY = Layer.BODY
_TABLE = Role.TABLE

def run(doc: Document, settings: Settings) -> Document:
    if not settings.tables.enabled or not any(p.table_candidates for p in doc.pages):
        return doc
    found: list[Table] = []
    out = per_page("tables", lambda d, p, els, s: _page(d, p, els, found), doc, settings)
    ids = {e.id for e in out.elements if e.role is _TABLE}
    return out.with_(tables=out.tables + tuple(t for t in found if t.element_id in ids))


def _page(doc: Document, page: Page, existing: list[Element], found: list[Table]):
    used = {lid for e in existing for lid in e.line_ids}
    floats = [e.bbox for e in existing if e.layer is _BODY]
    elements = list(existing)
    for n, cand in enumerate((c for c in page.table_candidates if c.strategy != REFUSED), start=1):
        if any(f.covers_fraction(cand.bbox) > 0.5 for f in floats):
            continue                        # inside a figure found earlier
        box = cand.bbox.expand(1.0)
        text = "\n".join(" | ".join(row) for row in cand.rows)
        read = _words(text)
        own = [ln for ln in page.lines if ln.id not in used and _centre_in(ln.bbox, box) and _read_by(ln, read)]
        if not own:
            continue
        used.update(ln.id for ln in own)
        notes, note_lines = _notes(page, cand, own, used, doc.stats.body_size or 10.0)
        used.update(ln.id for ln in note_lines)
        bbox = BBox.union_all([cand.bbox] + [ln.bbox for ln in note_lines])
        eid = element_id(page.index, cand.bbox, "table:" + text)
        reasons = (f"table ({cand.strategy})",) + cand.reasons
        elements.append(Element(id=eid, role=Role.TABLE, layer=Layer.BODY, page=page.index,
                                bbox=bbox, text=text,
                                line_ids=tuple(ln.id for ln in own + note_lines), reasons=reasons))
        found.append(Table(id=f"p{page.index}-table{n}", page=page.index, bbox=cand.bbox,
                           rows=cand.rows, header_rows=cand.header_rows, spans=cand.spans, element_id=eid,
                           footnotes=tuple(notes), score=cand.score, reasons=reasons,
                           needs_review=cand.score < 0.6))
        floats.append(cand.bbox)
    return page, elements


_WORD = re.compile(r"[^\W_]+")


def _words(text: str) -> set[str]:
    """The words of `text`, lower case; a run of CJK characters also by its characters
    (a cell joins the lines it wraps onto with no space)."""
    out: set[str] = set()
    for w in _WORD.findall(text.lower()):
        out.add(w)
        if any(is_cjk(c) for c in w):
            out.update(w)
    return out


def _read_by(ln: Line, read: set[str]) -> bool:
    """The table's cells read the line: one of its words is in them. A line in the table's
    box none of whose words a cell holds was missed by the grid (a row label the finder
    left out); the table does not take it, and it reaches the reader as text."""
    words = _words(ln.text)
    return not words or bool(words & read)


def _centre_in(b: BBox, box: BBox) -> bool:
    return box.x0 <= b.cx <= box.x1 and box.y0 <= b.cy <= box.y1


def _notes(page: Page, cand: TableCandidate, own: list[Line], used: set[str], body: float):
    """Lines right under the table that are table notes: start with a note mark (a, *, †,
    "Note:", "Source:") in smaller type than the table, or any text in much smaller type;
    a note may wrap onto further lines."""
    size = _size(own) or body
    line_h = max(1.0, sorted(ln.bbox.height for ln in own)[len(own) // 2])
    below = sorted((ln for ln in page.lines
                    if ln.id not in used and ln.text.strip() and ln.horizontal
                    and ln.bbox.y0 >= cand.bbox.y1 - 1 and ln.bbox.x0 >= cand.bbox.x0 - 2 * size
                    and ln.bbox.x1 <= cand.bbox.x1 + 2 * size),
                   key=lambda l: (l.bbox.y0, l.bbox.x0))
    notes: list[str] = []
    taken: list[Line] = []
    bottom = cand.bbox.y1
    for ln in below:
        if ln.bbox.y0 - bottom > NOTE_GAP_LINES * line_h:
            break
        small = ln.size < body * NOTE_SIZE
        starts = bool(_STRONG_NOTE.match(ln.text)) and ln.size <= body * 1.02 \
            or small and (_LETTER_NOTE.match(ln.text) is not None or _raised_mark(ln))
        if taken and abs(ln.bbox.cy - taken[-1].bbox.cy) <= 0.5 * line_h:
            notes[-1] += " " + ln.text.strip()      # the rest of a note's line
        elif starts:
            notes.append(ln.text.strip())
        elif notes and small:
            notes[-1] += " " + ln.text.strip()      # a wrapped note
        else:
            break
        taken.append(ln)
        bottom = max(bottom, ln.bbox.y1)
    return notes, taken


def _raised_mark(ln: Line) -> bool:
    spans = [s for s in ln.spans if s.text.strip()]
    return len(spans) >= 2 and (spans[0].flags & 1 or spans[0].origin[1] < spans[1].origin[1] - 0.5
                                and spans[0].size < spans[1].size * 0.85)


def _size(lines: list[Line]) -> float:
    sizes = sorted(ln.size for ln in lines)
    return sizes[len(sizes) // 2] if sizes else 0.0


# -- captions and continued tables after classify ---------------------------------------------
def bind(doc: Document, settings: Settings) -> Document:
    doc = _refusals(doc)
    if not doc.tables:
        return doc
    doc = _split_captions(doc)
    tables = {t.id: t for t in doc.tables}
    figure_captions = {f.caption_element_id for f in doc.figures if f.caption_element_id}
    for page_index in sorted({t.page for t in doc.tables}):
        for tid, change in _bind_page(doc, page_index, figure_captions):
            tables[tid] = change(tables[tid])
    doc = doc.with_(tables=tuple(tables[t.id] for t in doc.tables))
    return _join_continued(_join_sub_tables(doc))


def _split_captions(doc: Document) -> Document:
    """Caption blocks of tables set side by side cut into one caption each
    (`captions.split_caption_blocks`, as `figures.bind` cuts the figures' before)."""
    with_tables = {t.page for t in doc.tables}
    lines = {ln.id: ln for p in doc.pages if p.index in with_tables for ln in p.lines}
    return doc.with_(elements=split_caption_blocks(doc.elements, lines, doc.stats.body_size or 10.0,
                                                   set(), with_tables))


def _refusals(doc: Document) -> Document:
    """The elements inside a region read as a table and refused carry the reason, so the
    debug report and the inspector say why their text stayed prose."""
    refused = {p.index: [c for c in p.table_candidates if c.strategy == REFUSED] for p in doc.pages}
    if not any(refused.values()):
        return doc
    out = []
    for e in doc.elements:
        why = next((c.reasons for c in refused.get(e.page, ()) if e.layer is _BODY
                    and c.bbox.expand(1.0).covers_fraction(e.bbox) > 0.5), None)
        out.append(replace(e, reasons=e.reasons + tuple(why[1:])) if why and why[-1] not in e.reasons else e)
    return doc.with_(elements=tuple(out))


def _bind_page(doc: Document, page_index: int, taken: set[str]):
    page = next((p for p in doc.pages if p.index == page_index), None)
    elements = [e for e in doc.elements if e.page == page_index and e.layer is Layer.BODY]
    captions = {e.id: e for e in elements
                if e.id not in taken and e.role in (Role.CAPTION, Role.PARAGRAPH)
                and (lab := parse_label(e.text)) is not None and lab.kind == "table"
                and (e.role is Role.CAPTION or len(e.text) < 400)}
    tables = {t.id: t for t in doc.tables if t.page == page_index}
    if not captions or not tables:
        return []
    by_element = {t.element_id: t for t in tables.values()}
    others = [e.bbox for e in elements if e.role is not Role.TABLE and e.id not in captions
              and e.id not in by_element]
    columns = page.columns if page else ()
    em = doc.stats.line_height or 12.0

    def scorer(cid: str, tid: str):
        score, reasons = score_binding(captions[cid].bbox, tables[tid].bbox, page, columns,
                                       kind="table", em=em, obstacles=others)
        if captions[cid].role is not Role.CAPTION:
            score *= 0.8                    # a label-led paragraph, not typeset as a caption
        return score, reasons

    out = []
    for b in assign(list(captions), list(tables), scorer):
        cap = captions[b.caption]
        label = parse_label(cap.text)
        out.append((b.region, lambda t, cap=cap, b=b, label=label: replace(
            t, label=label.text if label else None, caption=cap.text.strip(),
            caption_bbox=cap.bbox, caption_element_id=cap.id, score=b.score,
            reasons=t.reasons + b.reasons, needs_review=b.needs_review)))
    return out


def _join_sub_tables(doc: Document) -> Document:
    """Sub-tables (a), (b) set side by side under one caption are one table (issue 37.2):
    the caption bound to one of them runs over the whole width of both, and the other has
    no caption of its own. The first holds the rows of both, side by side, and one region
    over both; the neighbour's element is folded into the first's. Side-by-side tables
    with a caption each, or a caption over one of them only, stay apart."""
    em = doc.stats.line_height or 12.0
    tables = list(doc.tables)
    elements = {e.id: e for e in doc.elements}
    gone: set[str] = set()
    changed: dict[str, Element] = {}
    for a in tables:
        if a.caption_bbox is None or a.id in gone or a.element_id not in elements:
            continue
        for b in tables:
            if b is a or b.id in gone or not _governed_pair(doc, a, b, em) or b.element_id not in elements:
                continue
            left, right = (a, b) if a.bbox.x0 < b.bbox.x0 else (b, a)
            joined = replace(a, bbox=a.bbox.union(b.bbox), rows=_side_by_side_rows(left, right),
                             header_rows=min(left.header_rows, right.header_rows),
                             spans=_side_by_side_spans(left, right),
                             footnotes=left.footnotes + right.footnotes,
                             reasons=a.reasons + ("sub-tables side by side under one caption",))
            el, other = changed.get(a.element_id, elements[a.element_id]), elements[b.element_id]
            changed[a.element_id] = replace(el, bbox=el.bbox.union(other.bbox), text=el.text + "\n" + other.text,
                                            line_ids=el.line_ids
                                            + other.line_ids, reasons=el.reasons + joined.reasons[-1:])
            tables[tables.index(a)] = a = joined
            gone.add(b.id)
            changed[b.element_id] = None
    if not gone:
        return doc
    return doc.with_(tables=tuple(t for t in tables if t.id not in gone),
                     elements=tuple(changed.get(e.id, e) for e in doc.elements
                                    if e.id not in changed or changed[e.id] is not None))


def _governed_pair(doc: Document, a: Table, b: Table, em: float) -> bool:
    """`b` (no caption of its own) sits beside `a` on the same rows, nothing between them,
    and the caption of `a` spans both: one caption governs both."""
    if b.page != a.page or b.caption is not None or b.continued or a.continued:
        return False
    ab, bb, cap = a.bbox, b.bbox, a.caption_bbox
    if ab.overlap_x(bb) > 0 or min(ab.y1, bb.y1) - max(ab.y0, bb.y0) < 0.8 * min(ab.height, bb.height):
        return False
    if cap.x0 > min(ab.x0, bb.x0) + em or cap.x1 < max(ab.x1, bb.x1) - em:
        return False                        # a caption over one of them only
    if not (cap.y1 <= min(ab.y0, bb.y0) + 1 or cap.y0 >= max(ab.y1, bb.y1) - 1):
        return False
    gap = BBox(min(ab.x1, bb.x1), max(ab.y0, bb.y0), max(ab.x0, bb.x0), min(ab.y1, bb.y1))
    return not any(e.page == a.page and e.layer is _BODY and e.role is not _TABLE
                   and gap.intersection(e.bbox) is not None for e in doc.elements)


def _side_by_side_rows(left: Table, right: Table) -> tuple[tuple[str, ...], ...]:
    """The rows of two tables read side by side: row k of the left, then row k of the
    right (a shorter one padded with empty cells)."""
    wl = max((len(r) for r in left.rows), default=0)
    wr = max((len(r) for r in right.rows), default=0)
    out = []
    for k in range(max(len(left.rows), len(right.rows))):
        lrow = tuple(left.rows[k]) if k < len(left.rows) else ()
        rrow = tuple(right.rows[k]) if k < len(right.rows) else ()
        out.append(lrow + ("",) * (wl - len(lrow)) + rrow + ("",) * (wr - len(rrow)))
    return tuple(out)


def _side_by_side_spans(left: Table, right: Table) -> tuple:
    """Spans (row0, col0, row1, col1) of both, the right table's moved past the left's columns."""
    wl = max((len(r) for r in left.rows), default=0)
    return tuple(left.spans) + tuple((r0, c0 + wl, r1, c1 + wl) for r0, c0, r1, c1 in right.spans)


def _join_continued(doc: Document) -> Document:
    """A table that ends its page and one that starts the next page, with the same columns
    and a repeated header (or matching column boundaries), are one table: the first piece
    holds all the rows; each later piece stays a table of its own page (its region there,
    no rows, `continued`) with the id of the first in its reasons."""
    order = {e.id: i for i, e in enumerate(doc.elements)}
    tables = sorted(doc.tables, key=lambda t: order.get(t.element_id or "", 1 << 30))
    elements = {e.id: e for e in doc.elements}
    merged: dict[str, Table] = {t.id: t for t in tables}
    dropped: set[str] = set()
    relabel: dict[str, Element] = {}
    head: Table | None = None
    for t in tables:
        if head is not None and _continues(doc, merged[head.id], t, elements, order):
            first = merged[head.id]
            skip = _repeated_header(first, t)
            merged[head.id] = replace(first, rows=first.rows + t.rows[skip:], continued=True,
                                      footnotes=first.footnotes + t.footnotes,
                                      reasons=first.reasons + (f"continued on page {t.page + 1}",))
            # the part on the next page keeps its own region there, linked to the first
            # by id; its rows are read (and rendered) with the first piece
            merged[t.id] = replace(t, rows=(), header_rows=0, spans=(), footnotes=(), continued=True,
                                   reasons=t.reasons + (f"continues table {first.id}",))
            dropped.add(t.id)
            el = elements[first.element_id]
            relabel[el.id] = replace(el, continuation=el.continuation + (Region(t.page, t.bbox),))
            relabel[t.element_id] = replace(elements[t.element_id],
                                            reasons=elements[t.element_id].reasons + (f"continues table {first.id}",))
            title = t.caption_element_id or _continued_title(doc, t, order)
            if title:
                cap = relabel.get(title, elements[title])
                relabel[cap.id] = replace(cap, layer=Layer.FURNITURE,
                                          reasons=cap.reasons + ("repeated caption of a continued table",))
            continue
        head = t
    if not dropped:
        return doc
    return doc.with_(tables=tuple(merged[t.id] for t in doc.tables),
                     elements=tuple(relabel.get(e.id, e) for e in doc.elements))


def _continues(doc: Document, first: Table, nxt: Table, elements: dict[str, Element],
               order: dict[str, int]) -> bool:
    if nxt.page != first.page + 1 or not first.rows or not nxt.rows:
        return False
    if len(first.rows[0]) != len(nxt.rows[0]):
        return False
    if nxt.caption and not _CONTINUED.search(nxt.caption) and (
            not first.label or parse_label(nxt.caption) is None
            or parse_label(nxt.caption).text != first.label):
        return False                        # a new table with its own caption
    if not _last_on_page(doc, first, order) or not _first_on_page(doc, nxt, order):
        return False
    if _repeated_header(first, nxt):
        return True
    return _same_columns(doc, first, nxt)


def _continued_title(doc: Document, t: Table, order: dict[str, int]) -> str | None:
    """The id of an unlabelled title line set directly above a table that says it is
    continued ("ESTIMATED COSTS—Continued"), over that table alone: the repeated caption
    of a continued table, not a paragraph of the page."""
    before = [e for e in _flow(doc, t.page, set()) if order[e.id] < order[t.element_id]]
    if not before:
        return None
    e = before[-1]
    if e.role in (Role.PARAGRAPH, Role.HEADING, Role.CAPTION) and len(e.line_ids) == 1 \
            and len(e.text) < 120 and _CONTINUED.search(e.text) \
            and e.bbox.y1 <= t.bbox.y0 + 1 and t.bbox.x0 - 1 <= e.bbox.x0 and e.bbox.x1 <= t.bbox.x1 + 1:
        return e.id
    return None


def _flow(doc: Document, page: int, skip: set[str]) -> list[Element]:
    return [e for e in doc.elements if e.page == page and e.layer is Layer.BODY
            and e.role not in (Role.FOOTNOTE,) and e.id not in skip]


def _last_on_page(doc: Document, t: Table, order: dict[str, int]) -> bool:
    flow = _flow(doc, t.page, {t.caption_element_id or ""})
    after = [e for e in flow if order[e.id] > order[t.element_id]]
    return not any(e.bbox.y0 >= t.bbox.y1 - 1 and e.bbox.overlap_x(t.bbox) > 0 for e in after)


def _first_on_page(doc: Document, t: Table, order: dict[str, int]) -> bool:
    flow = _flow(doc, t.page, {t.caption_element_id or _continued_title(doc, t, order) or ""})
    before = [e for e in flow if order[e.id] < order[t.element_id]]
    return not any(e.bbox.y1 <= t.bbox.y0 + 1 and e.bbox.overlap_x(t.bbox) > 0 for e in before)


def _repeated_header(first: Table, nxt: Table) -> int:
    """Rows at the top of `nxt` that repeat the header of `first` (0 when none)."""
    k = max(1, first.header_rows)
    if len(nxt.rows) > k and [_norm_row(r) for r in nxt.rows[:k]] == [_norm_row(r) for r in first.rows[:k]]:
        return k
    return 0


def _norm_row(row: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(re.sub(r"\s+", " ", c).strip().lower() for c in row)


def _same_columns(doc: Document, first: Table, nxt: Table) -> bool:
    a = _candidate_of(doc, first)
    b = _candidate_of(doc, nxt)
    if a is None or b is None or len(a.col_edges) != len(b.col_edges):
        return False
    tol = COLUMN_TOL_EM * (doc.stats.body_size or 10.0)
    # the label column's right boundary lies midway between its longest label and the first
    # amount column: it moves with the labels each piece holds, the other boundaries not
    return all(abs(x - y) <= tol for k, (x, y) in enumerate(zip(a.col_edges, b.col_edges))
               if k != 1 or len(a.col_edges) <= 3)


def _candidate_of(doc: Document, t: Table) -> TableCandidate | None:
    page = next((p for p in doc.pages if p.index == t.page), None)
    if page is None:
        return None
    return next((c for c in page.table_candidates if c.bbox == t.bbox and c.strategy != REFUSED), None)
