"""The one renderer: elements -> units -> Markdown. One small function per role."""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Callable

from ..model import Document, Element, Equation, Figure, Footnote, Layer, Role, Table, Unit, UnitKind
from ..text.units import unit_label

# the bullets elements/line_kinds.BULLET_CHARS opens a list item with (a symbol font's
# private-use glyph among them)
_BULLET = re.compile("^\\s*[•·◦▪▫‣⁃●○■□➢►–—\uf020-\uf0ff-]\\s+")
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
    notes_by_element: dict[str, list[Footnote]] = field(default_factory=dict)
    bound_captions: set[str] = field(default_factory=set)          # caption element ids
    note_continuations: set[str] = field(default_factory=set)      # rendered with their note

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
                ctx.notes_by_element.setdefault(fn.element_id, []).append(fn)
            ctx.note_continuations.update(fn.continuation_element_ids)
        for notes in ctx.footnotes_by_anchor.values():
            notes.sort(key=lambda fn: fn.anchor_offset or 0)
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


def _prose(e: Element, text: str) -> str:
    """Element text as Markdown: escaped, unless the math stage already wrote Markdown."""
    return text if e.markup == "markdown" else escape_prose(text)


def _with_anchors(e: Element, ctx: Context) -> tuple[str, list[Footnote]]:
    """Escaped text with `[^id]` at each bound anchor, and the notes anchored here."""
    notes = ctx.footnotes_by_anchor.get(e.id, [])
    out, pos = [], 0
    for fn in notes:
        off = min(max(fn.anchor_offset or 0, pos), len(e.text))
        out.append(_prose(e, e.text[pos:off]) + f"[^{fn.id}]")
        pos = off
    out.append(_prose(e, e.text[pos:]))
    return "".join(out), notes


def _definitions(notes: list[Footnote]) -> str:
    return "".join(f"\n\n[^{fn.id}]: {escape_prose(_one_line(fn.text))}" for fn in notes)


def _paragraph(e: Element, ctx: Context) -> Unit:
    text, notes = _with_anchors(e, ctx)
    return _unit(UnitKind.PARAGRAPH, text + _definitions(notes), e,
                 has_math=e.markup == "markdown" and "$" in e.text,
                 footnote_ids=tuple(fn.id for fn in notes))


def _list_item(e: Element, ctx: Context) -> Unit:
    body, notes = _with_anchors(e, ctx)
    if _BULLET.match(body):
        text = "- " + _BULLET.sub("", body, count=1)
    elif (m := _ENUM.match(body)):
        text = m.group(1) + " " + body[m.end():]
    else:
        text = "- " + body
    return _unit(UnitKind.LIST_ITEM, text + _definitions(notes), e,
                 footnote_ids=tuple(fn.id for fn in notes))


def _caption(e: Element, ctx: Context) -> Unit:
    return _unit(UnitKind.CAPTION, _prose(e, _one_line(e.text)), e)


def _footnote(e: Element, ctx: Context) -> Unit:
    notes = ctx.notes_by_element.get(e.id)
    if not notes:   # an unmarked note (copyright box): plain text, out of the paragraph flow
        return _unit(UnitKind.PARAGRAPH, _prose(e, _one_line(e.text)), e)
    loose = [fn for fn in notes if not fn.anchor_element_id]   # bound ones follow their anchor
    text = _definitions(loose).strip()
    return _unit(UnitKind.FOOTNOTE, text, e, footnote_ids=tuple(fn.id for fn in loose))


def _equation(e: Element, ctx: Context) -> Unit:
    return _unit(UnitKind.EQUATION, "$$\n" + e.text.strip() + "\n$$", e, has_math=True)


def _code(e: Element, ctx: Context) -> Unit:
    """A fenced code block; the fence is longer than any run of backticks in the code."""
    longest = max((len(m) for m in re.findall(r"`+", e.text)), default=0)
    fence = "`" * max(3, longest + 1)
    return _unit(UnitKind.CODE, fence + "\n" + e.text + "\n" + fence, e)


def _figure(e: Element, ctx: Context) -> Unit:
    """Figure: `![caption](crop path or #figure-id)`, a blank line, the caption line
    (just the image line for a figure without caption). Written by the figures helper."""
    f = ctx.figures.get(e.id)
    if f is None:
        return _unit(UnitKind.FIGURE, "", e)
    caption = _one_line(f.caption or "")
    alt = re.sub(r"([\\\[\]$])", r"\\\1", caption)
    if f.image_path:
        path = f.image_path.replace("\\", "/")
        if ctx.image_dir is not None:
            path = ctx.image_dir.rstrip("/") + "/" + path.rsplit("/", 1)[-1]
        target = path.replace(" ", "%20").replace("(", "%28").replace(")", "%29")
    else:
        target = "#" + f.id
    text, ids, boxes, pages = f"![{alt}]({target})", (e.id,), [(e.page, e.bbox)], {e.page}
    if caption:
        text += "\n\n" + escape_prose(caption)
        if f.caption_element_id:
            ids += (f.caption_element_id,)
        if f.caption_bbox is not None:
            boxes.append((f.page, f.caption_bbox))
    return Unit(kind=UnitKind.FIGURE, text=text, element_ids=ids, pages=tuple(sorted(pages)),
                bboxes=tuple(boxes), figure_ids=(f.id,))


def _table(e: Element, ctx: Context) -> Unit:
    """Table: the caption line, a blank line, a GitHub pipe table (the first row is the
    header row), then the table notes. A table continued from the page before renders
    nothing: its rows are part of the first piece. Written by the tables helper."""
    t = ctx.tables.get(e.id)
    if t is None or not t.rows:
        return _unit(UnitKind.TABLE, "", e)
    width = max(len(r) for r in t.rows)
    rows = [list(r) + [""] * (width - len(r)) for r in t.rows]
    if _stacked_header(rows, t.header_rows):
        rows = [header_labels(rows, t.header_rows, t.spans)] + rows[t.header_rows:]
    lines = ["| " + " | ".join(_cell(c) for c in rows[0]) + " |",
             "|" + "|".join("---" for _ in range(width)) + "|"]
    lines += ["| " + " | ".join(_cell(c) for c in r) + " |" for r in rows[1:]]
    parts = ["\n".join(lines)]
    ids, boxes = (e.id,), [(e.page, e.bbox)] + [(r.page, r.bbox) for r in e.continuation]
    if t.caption:
        parts.insert(0, escape_prose(_one_line(t.caption)))
        if t.caption_element_id:
            ids += (t.caption_element_id,)
        if t.caption_bbox is not None:
            boxes.append((t.page, t.caption_bbox))
    if t.footnotes:
        parts.append("\n".join(escape_prose(_one_line(n)) for n in t.footnotes))
    return Unit(kind=UnitKind.TABLE, text="\n\n".join(parts), element_ids=ids, pages=_pages(e),
                bboxes=tuple(boxes), table_ids=(t.id,))


HEADER_JOIN = " / "


HEADER_LABEL_WORDS = 6   # header labels are short; longer "header" cells are text


def _stacked_header(rows: list[list[str]], k: int) -> bool:
    """A header of two or more rows of short labels, above body rows. A table's unit line
    ("(in thousands, except revenue per membership and percentages)", said of the whole
    table) may be longer, and a slash between two labels ("As of / Year Ended") is no
    word of theirs."""
    return 2 <= k < len(rows) and all(unit_label(c) or _label_words(c) <= HEADER_LABEL_WORDS
                                      for r in rows[:k] for c in r)


def _label_words(text: str) -> int:
    return sum(1 for w in text.split() if any(ch.isalnum() for ch in w))


def header_labels(rows: list[list[str]], k: int, spans) -> list[str]:
    """A header of `k` rows as one row: each column's label is the labels over it, top
    down, joined ("Dev / P"); a label spanning columns (a merged cell) is over each of
    them. A pipe table has one header row and no spans: joined labels keep every column
    self-describing in one line (see README, "Table headers")."""
    width = len(rows[0])
    over = [[rows[r][c] for c in range(width)] for r in range(k)]
    spanning = {(r0, c0) for r0, c0, r1, c1 in spans if c1 > c0}
    for r0, c0, r1, c1 in spans:
        for r in range(r0, min(r1, k - 1) + 1):
            for c in range(c0 + 1, min(c1, width - 1) + 1):
                if not over[r][c]:
                    over[r][c] = rows[r0][c0]
                    spanning.add((r, c))
    out = []
    for c in range(width):
        parts: list[tuple[str, bool]] = []
        for r in range(k):
            label = re.sub(r"\s+", " ", over[r][c]).strip()
            if label and label not in (t for t, _ in parts):
                parts.append((label, (r, c) in spanning))
        out.append(_joined(parts) if c else HEADER_JOIN.join(t for t, _ in parts))
    return out


_AMOUNT = re.compile(r"[\d%]")
_BROKEN_AT_HYPHEN = re.compile(r"[^\W\d_][-\u2010]$")   # a label line ending in a hyphen after a letter


def _joined(parts: list[tuple[str, bool]]) -> str:
    """Labels over one column of amounts, top down: a spanning label and the one under it
    are two levels ("Dev / P"); lines of the column's own label are one label wrapped over
    several lines ("EPS (Diluted" over "US cents)": "EPS (Diluted US cents)"), unless one
    holds a figure (rows of numbers taken for a header stay apart). The first column's
    labels are always kept apart: its "header" rows are often the first rows' labels."""
    text = ""
    for k, (label, spans) in enumerate(parts):
        if k:
            prev = parts[k - 1]
            wrapped = not spans and not prev[1] and not _AMOUNT.search(label + prev[0])
            broken = wrapped and _BROKEN_AT_HYPHEN.search(text)   # "Non-" / "controlling"
            text += "" if broken else " " if wrapped else HEADER_JOIN
        text += label
    return text


_WHITE_RUN = re.compile(r"\s+")


def _cell(text: str) -> str:
    if not text:
        return ""                       # (a statement's grid is half empty cells)
    text = _WHITE_RUN.sub(" ", text).strip()
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("$", "\\$").replace("[^", "\\[^")


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
    Role.FIGURE: _figure,
    Role.TABLE: _table,
}


def render_units(doc: Document, *, layers: tuple[Layer, ...] = (Layer.BODY,),
                 pages: set[int] | None = None, image_dir: str | None = None) -> list[Unit]:
    ctx = Context.of(doc, image_dir)
    units: list[Unit] = []
    unsure = {p.index for p in doc.pages if p.extraction_confidence == "low"}   # OCR unsure
    for e in doc.elements:
        if e.layer not in layers or (pages is not None and e.page not in pages):
            continue
        if e.id in ctx.bound_captions or e.id in ctx.note_continuations:
            continue  # rendered with the figure/table, or with the note it continues
        fn = RENDERERS.get(e.role, _paragraph)
        unit = fn(e, ctx)
        if unsure and unsure.intersection(unit.pages):
            unit = replace(unit, low_confidence=True)
        if unit.text.strip():
            units.append(unit)
        if e.role is Role.FIGURE and e.text.strip():
            units.append(_figure_text(e, ctx, unit))
    return units


FIGURE_TEXT_JOIN = " · "     # between the rows of a figure's own text
# a line opening with one of these would be read as Markdown structure, not text
_BLOCK_MARK = re.compile(r"^[-*+=_~<!]")
_ORDERED_MARK = re.compile(r"^(\d{1,9})([.)])(?=\s|$)")


def _as_text_line(row: str) -> str:
    """A row of words escaped so that Markdown reads it as text, never as a list item,
    rule, setext underline, HTML or image."""
    row = escape_prose(row)
    if _BLOCK_MARK.match(row):
        return "\\" + row
    return _ORDERED_MARK.sub(r"\1\\\2", row)


def _figure_text(e: Element, ctx: Context, figure: Unit) -> Unit:
    """The words set inside a figure (labels, legends, a stamp, a diagram's boxes) as one
    paragraph right after the figure, its rows joined by " · ": the text layer's words
    reach the reader and the index whichever element took them, and a lone tick label never
    stands on a line of its own (where it would read as a page number or a list)."""
    rows = [" ".join(r.split()) for r in e.text.split("\n") if r.strip()]
    f = ctx.figures.get(e.id)
    return Unit(kind=UnitKind.PARAGRAPH, text=_as_text_line(FIGURE_TEXT_JOIN.join(rows)),
                element_ids=(e.id,), pages=figure.pages or _pages(e), bboxes=((e.page, e.bbox),),
                figure_ids=(f.id,) if f is not None else ())


def render_markdown(doc: Document, *, layers: tuple[Layer, ...] = (Layer.BODY,),
                    image_dir: str | None = None, pages: set[int] | None = None) -> str:
    return "\n\n".join(u.text for u in render_units(doc, layers=layers, pages=pages,
                                                     image_dir=image_dir))
