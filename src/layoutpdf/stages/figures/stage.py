"""Figures: regions before layout (`run`), caption binding after it (`bind`).

`run` turns the region proposals of `regions.py` into FIGURE elements (layer BODY,
holding the ids of the text lines inside: tick labels, legends, so they leave the prose
flow) and unbound `Figure` objects; the layout stage places the elements in reading order
as floats. `bind` pairs each figure CAPTION element with a figure by the shared score of
`captions.score_binding`, one-to-one, and fills in label, caption, score, reasons and
needs_review. `context`, run last, adds the paragraphs that mention each figure and the
paragraphs just before and after it in reading order.
"""
from __future__ import annotations

import logging
import re
from bisect import bisect_left, bisect_right
from dataclasses import replace

from ...elements.captions import (Binding, Label, assign, is_caption_line, label_key, parse_label, score_binding,
                                  split_caption_blocks)
from ...elements.ids import element_id
from ...errors import Issue, PageProcessingError
from ...model import BBox, Document, Element, Figure, Layer, Line, Page, Role
from ...settings import Settings
from ...text.caption_labels import (FIGURE_FIRST, OTHER_LANGUAGE_FIGURE_WORDS, OTHER_LANGUAGE_WORDS,
                                    label_word)
from .caption_first import caption_first
from .page_text import PageText
from .proposal import Proposal
from .regions import claim_labels, page_sized_image, regions

log = logging.getLogger("layoutpdf")

# enum members read in per-element loops, bound once: reading Role.X or Layer.X goes
# through EnumType's attribute hook, several times slower than a global on Python 3.11
_BODY = Layer.BODY
_CAPTION = Role.CAPTION
_FIGURE = Role.FIGURE
_PARAGRAPH = Role.PARAGRAPH

FLOWING = (Role.PARAGRAPH, Role.LIST_ITEM)


# -- regions ---------------------------------------------------------------------------------
def run(doc: Document, settings: Settings) -> Document:
    if not settings.figures.enabled or not doc.pages:
        return doc
    used = {lid for e in doc.elements for lid in e.line_ids}
    free = {p.index: [ln for ln in p.lines if ln.id not in used and ln.text.strip()] for p in doc.pages}
    margins = _text_margins(doc, free)
    body = doc.stats.body_size or 10.0
    elements, figures, issues = list(doc.elements), list(doc.figures), list(doc.issues)
    floats: dict[int, list[BBox]] = {}
    for e in doc.elements:
        if e.layer is _BODY and e.role is not _FIGURE:
            floats.setdefault(e.page, []).append(e.bbox)    # tables found before
    for page in doc.pages:
        if page.fallback or not (page.drawings or page.images or _maybe_caption(page)):
            continue
        try:
            els, figs = _page(page, free[page.index], body, margins, floats.get(page.index, []))
        except Exception as exc:  # figures are optional: the page keeps its text
            if settings.strict:
                raise PageProcessingError(f"stage 'figures' failed on page {page.index + 1}: {exc}") from exc
            log.warning("stage figures failed on page %d: %s", page.index + 1, exc)
            issues.append(Issue("figures", page.index, "stage_failed", f"{type(exc).__name__}: {exc}"))
            continue
        elements.extend(els)
        figures.extend(figs)
    return doc.with_(elements=tuple(elements), figures=tuple(figures), issues=tuple(issues))


def _maybe_caption(page: Page) -> bool:
    """A line of the page may open a figure caption (its first letter is a figure word's)."""
    return any(ln.text.lstrip()[:1] in FIGURE_FIRST for ln in page.lines)


def _page(page: Page, lines: list[Line], body: float, margins: tuple[float, float],
          floats: list[BBox]):
    """Figures of a page from its free text `lines` (no other element's, holding text)."""
    text = PageText(lines, body, backdrop=page_sized_image(page))
    props = propose(page, text, body, margins, floats)
    by_id = {ln.id: ln for ln in lines}
    els, figs = [], []
    for n, p in enumerate(props, start=1):
        own = [by_id[i] for i in p.line_ids]
        figure_text = _figure_text(own)
        eid = element_id(page.index, p.bbox, "figure:" + figure_text)
        els.append(Element(id=eid, role=Role.FIGURE, layer=Layer.BODY, page=page.index,
                           bbox=p.bbox, text=figure_text, line_ids=tuple(p.line_ids),
                           reasons=tuple(p.reasons)))
        figs.append(Figure(id=f"p{page.index}-fig{n}", page=page.index, bbox=p.bbox,
                           kind=p.kind, element_id=eid, reasons=tuple(p.reasons),
                           text=figure_text, needs_review=p.review))
    return els, figs


def propose(page: Page, text: PageText, em: float, margins: tuple[float, float],
            floats: list[BBox] = ()) -> list[Proposal]:
    """Figure regions of one page (raster, vector, caption-first), top to bottom, each with
    the ids of the label lines it takes out of the text flow. A figure caption facing a
    table found before makes that table a figure too (a table set as a figure)."""
    props, weak = regions(page, text, em, floats)
    tables = [Proposal(f, {"table"}, claim=False) for f in floats]
    props += caption_first(page, text, props, weak + tables, em, margins)
    claim_labels(props, text)
    return sorted(props, key=lambda p: (p.bbox.y0, p.bbox.x0))


def _figure_text(lines: list[Line]) -> str:
    """Text inside a figure, row by row (rotated labels as they are)."""
    rows: list[list[Line]] = []
    for ln in sorted(lines, key=lambda l: (l.bbox.cy, l.bbox.x0)):
        if rows and ln.horizontal and rows[-1][0].horizontal and \
                abs(ln.bbox.cy - rows[-1][0].bbox.cy) < 0.5 * max(ln.bbox.height, 1.0):
            rows[-1].append(ln)
        else:
            rows.append([ln])
    return "\n".join(" ".join(l.text.strip() for l in sorted(r, key=lambda l: l.bbox.x0)) for r in rows)


def _text_margins(doc: Document, free: dict[int, list[Line]]) -> tuple[float, float]:
    """Typical top and bottom of the text block (median over pages) of the free lines."""
    tops, bottoms = [], []
    for p in doc.pages:
        lines = free[p.index]
        if len(lines) >= 5:
            tops.append(min([ln.bbox.y0 for ln in lines]))
            bottoms.append(max([ln.bbox.y1 for ln in lines]))
    if not tops:
        h = doc.pages[0].height
        return 0.08 * h, 0.92 * h
    tops.sort()
    bottoms.sort()
    return tops[len(tops) // 2], bottoms[len(bottoms) // 2]


# -- binding ---------------------------------------------------------------------------------
def bind(doc: Document, settings: Settings) -> Document:
    """Bind figure captions to figures (after classify, before stitch). A paragraph that
    opens with a figure label set as a caption (one classify missed) becomes a CAPTION
    when it binds, so stitch will not join it to prose. First, caption blocks of figures
    set side by side are cut into one caption each (`captions.split_caption_blocks`; the
    tables' are cut by `tables.bind`)."""
    with_figures = {f.page for f in doc.figures}
    if not with_figures:
        return doc
    lines = {ln.id: ln for p in doc.pages if p.index in with_figures for ln in p.lines}
    doc = doc.with_(elements=split_caption_blocks(doc.elements, lines, doc.stats.body_size or 10.0,
                                                   with_figures, set()))
    pages = {p.index: p for p in doc.pages}
    figures = {f.id: f for f in doc.figures}
    recast: set[str] = set()
    by_page: dict[int, list[Element]] = {}
    for e in doc.elements:
        if e.layer is _BODY and e.page in with_figures:
            by_page.setdefault(e.page, []).append(e)
    for page_index in sorted({f.page for f in doc.figures}):
        figs = [f for f in doc.figures if f.page == page_index]
        for b, e, label in _bind_page(doc, by_page.get(page_index, []), figs,
                                      pages.get(page_index), lines):
            f = figures[b.region]
            figures[f.id] = replace(
                f, label=label.text, caption=re.sub(r"\s*\n\s*", " ", e.text).strip(),
                caption_bbox=e.bbox, caption_element_id=e.id, score=b.score,
                reasons=f.reasons + b.reasons,
                needs_review=b.needs_review or f.needs_review)
            if e.role is not Role.CAPTION:
                recast.add(e.id)
    _plain_captions(doc, figures, by_page, recast)
    marginal = _in_margins(doc, figures.values())
    elements = doc.elements
    if recast or marginal:
        elements = tuple(replace(e, role=Role.CAPTION, reasons=e.reasons + ("bound to a figure",))
                         if e.id in recast else
                         replace(e, layer=Layer.FURNITURE, reasons=e.reasons + (_MARGIN_REASON,))
                         if e.id in marginal else e for e in elements)
    return doc.with_(elements=elements, figures=tuple(figures[f.id] for f in doc.figures))


_MARGIN_REASON = "in the page margin, outside the text block"


def _in_margins(doc: Document, figures) -> set[str]:
    """Element ids of the uncaptioned figures set wholly in the top or bottom margin,
    beyond the text block of the document's pages: publisher logos, a conference banner,
    a copyright stamp over an image. Page furniture, like the running lines there: their
    words stay in the furniture layer, out of the body flow."""
    tops, bottoms = [], []
    for p in doc.pages:
        boxes = [e.bbox for e in doc.elements if e.page == p.index and e.layer is _BODY
                 and e.role is not _FIGURE]
        if len(boxes) >= 5:
            tops.append(min(b.y0 for b in boxes))
            bottoms.append(max(b.y1 for b in boxes))
    if not tops:
        return set()
    tops.sort()
    bottoms.sort()
    top, bottom = tops[len(tops) // 2], bottoms[len(bottoms) // 2]
    return {f.element_id for f in figures if f.element_id and not f.caption_element_id
            and (f.bbox.y1 <= top or f.bbox.y0 >= bottom)}


PLAIN_CAPTION_GAP = 2.0   # a plain paragraph this close (in body sizes) to a figure may caption it


def _plain_captions(doc: Document, figures: dict[str, Figure], by_page: dict[int, list[Element]],
                    recast: set[str]) -> None:
    """Office documents set a picture as a paragraph of its own and its caption as a
    plain paragraph right under it ('Figure 1 The dashboard', body type, no delimiter).
    A figure left without a caption takes the paragraph opening with a figure label set
    right under it (else right over it), when no caption on the page set as one has that
    label and no other figure does (then the paragraph mentions that figure)."""
    body = doc.stats.body_size or 10.0
    taken = {label_key(lab) for e in doc.elements if e.role is _CAPTION
             for lab in [parse_label(e.text)] if lab is not None}
    taken |= {label_key(lab) for f in figures.values() if f.label for lab in [parse_label(f.label)] if lab}
    used = {f.caption_element_id for f in figures.values() if f.caption_element_id}
    for fid, f in list(figures.items()):
        if f.caption_element_id:
            continue
        best = None
        for e in by_page.get(f.page, []):
            label = parse_label(e.text) if e.role is Role.PARAGRAPH and e.id not in used else None
            if label is None or label.kind != "figure" or label_key(label) in taken:
                continue
            if e.bbox.overlap_x(f.bbox) < 0.5 * min(e.bbox.width, f.bbox.width):
                continue
            below, above = e.bbox.y0 - f.bbox.y1, f.bbox.y0 - e.bbox.y1
            gap = below if below >= -1.0 else above + 0.5 * body    # under it first
            if -1.0 <= gap <= PLAIN_CAPTION_GAP * body and (best is None or gap < best[0]):
                best = (gap, e, label)
        if best is None:
            continue
        _, e, label = best
        figures[fid] = replace(f, label=label.text, caption=re.sub(r"\s*\n\s*", " ", e.text).strip(),
                               caption_bbox=e.bbox, caption_element_id=e.id, score=0.5,
                               reasons=f.reasons + ("caption in body type right by the figure",))
        taken.add(label_key(label))
        used.add(e.id)
        recast.add(e.id)


def context(doc: Document, settings: Settings) -> Document:
    """Mentions and context of every figure, once paragraphs are final (after stitching)."""
    if not doc.figures:
        return doc
    return doc.with_(figures=tuple(_mentions_and_context(doc, list(doc.figures))))


def _bind_page(doc: Document, els: list[Element], figs: list[Figure], page: Page | None,
               lines: dict[str, Line]) -> list[tuple[Binding, Element, Label]]:
    body = doc.stats.body_size or 10.0
    captions: dict[str, tuple[Element, Label]] = {}
    for e in els:
        label = _figure_caption(e, lines, body)
        if label is not None:
            captions[e.id] = (e, label)
    if not captions or not figs:
        return []
    fig_by_id = {f.id: f for f in figs}
    columns = page.columns if page else ()
    skip = set(captions) | {f.element_id for f in figs}
    obstacles = [lines[i].bbox for e in els if e.id not in skip and _obstacle(e)
                 for i in e.line_ids if i in lines and lines[i].page == e.page]

    def scorer(cid: str, fid: str):
        e = captions[cid][0]
        return score_binding(e.bbox, fig_by_id[fid].bbox, page, columns, kind="figure",
                             em=_caption_em(e, lines) or body, obstacles=obstacles)

    return [(b, *captions[b.caption]) for b in assign(list(captions), list(fig_by_id), scorer)]


def _figure_caption(e: Element, lines: dict[str, Line], body: float) -> Label | None:
    """The figure label of a caption element (or of a paragraph set like a caption)."""
    if e.role not in (Role.CAPTION, Role.PARAGRAPH):
        return None
    label = parse_label(e.text)
    if label is None or label.kind != "figure":
        return None
    if e.role is Role.PARAGRAPH:
        first = lines.get(e.line_ids[0]) if e.line_ids else None
        if first is None or is_caption_line(first, body) is None:
            return None
    return label


def _obstacle(e: Element) -> bool:
    """Text that separates a caption from an object: prose, headings, other captions
    (short fragments such as table cells or stray labels do not)."""
    if e.role in (Role.HEADING, Role.CAPTION, Role.TITLE):
        return True
    return e.role in FLOWING and len(e.text.split()) >= 6


def _caption_em(e: Element, lines: dict[str, Line]) -> float | None:
    own = [lines[i] for i in e.line_ids[:3] if i in lines]
    return max((ln.bbox.height for ln in own), default=None)


# -- mentions and context ----------------------------------------------------------------------
_NUMBER = r"(?:(?:[A-Z]{1,2}\.?)?\d+(?:\.\d+)*[a-z]?|[IVXLC]+\b)"
_MENTION = re.compile(
    r"\b(fig(?:ure)?s?|tables?|tab|图|表|" + OTHER_LANGUAGE_WORDS + r")\.?\s*"
    r"(" + _NUMBER + r"(?:\s*(?:,|and|&|–|-|to)\s*" + _NUMBER + r")*)", re.I)
_OTHER_FIGURE_WORD = re.compile(OTHER_LANGUAGE_FIGURE_WORDS, re.I)
_PART = re.compile(_NUMBER + r"|–|-|\bto\b", re.I)


def mentioned_labels(text: str) -> set[tuple[str, str]]:
    """(kind, number) keys of the figures/tables a text refers to: 'Fig. 3', 'Figures 2 and 4',
    'Figs. 3-5', 'Fig. A.1' (keys as `captions.label_key` makes them)."""
    keys: set[tuple[str, str]] = set()
    for m in _MENTION.finditer(text):
        kind = "table" if label_word(m.group(1))[0] == "table" else "figure"
        parts = _PART.findall(m.group(2))
        nums: list[str] = []
        for k, part in enumerate(parts):
            if part.lower() in ("-", "–", "to"):
                continue
            key = label_key(Label(kind, "", part))[1]
            prev = parts[k - 1] if k else ""
            if prev in ("–", "-") or prev.lower() == "to":
                if nums and nums[-1].isdigit() and key.isdigit() and 0 < int(key) - int(nums[-1]) < 20:
                    nums += [str(n) for n in range(int(nums[-1]) + 1, int(key) + 1)]
                    continue
            nums.append(key)
        keys.update((kind, n) for n in nums)
    return keys


def _mentions_and_context(doc: Document, figures: list[Figure]) -> list[Figure]:
    by_key: dict[tuple[str, str], list[int]] = {}
    for k, f in enumerate(figures):
        if f.label:
            label = parse_label(f.label)
            if label is not None:
                by_key.setdefault(label_key(label), []).append(k)
    mentions: dict[int, list[str]] = {k: [] for k in range(len(figures))}
    flowing = [e for e in doc.elements if e.layer is _BODY and e.role in FLOWING]
    if by_key:
        for e in flowing:
            if "ig" not in e.text and "图" not in e.text and "IG" not in e.text \
                    and not _OTHER_FIGURE_WORD.search(e.text):
                continue
            for key in mentioned_labels(e.text):
                for k in by_key.get(key, ()):
                    mentions[k].append(e.id)
    position = {e.id: i for i, e in enumerate(doc.elements)}
    flow_pos = [(position[e.id], e.id) for e in flowing]
    positions = [pos for pos, _ in flow_pos]
    rising = all(a <= b for a, b in zip(positions, positions[1:]))
    out = []
    for k, f in enumerate(figures):
        at = position.get(f.element_id or "")
        context = () if at is None else _neighbours(flow_pos, positions if rising else None, at)
        out.append(replace(f, mentions=tuple(dict.fromkeys(mentions[k])), context=context))
    return out


def _neighbours(flow_pos: list[tuple[int, str]], positions: list[int] | None,
                at: int) -> tuple[str, ...]:
    """The ids of the last flowing element before position `at` and the first after it.
    The `positions` of the flow, when they rise along it (unless ids repeat), are
    bisected rather than passed over whole for every figure (a filing has hundreds of
    each)."""
    if positions is None:
        before = [eid for pos, eid in flow_pos if pos < at]
        after = [eid for pos, eid in flow_pos if pos > at]
        return tuple(([before[-1]] if before else []) + ([after[0]] if after else []))
    i, j = bisect_left(positions, at), bisect_right(positions, at)
    return tuple(([flow_pos[i - 1][1]] if i > 0 else []) + ([flow_pos[j][1]] if j < len(flow_pos) else []))
