"""Framework-free pieces shared by the LlamaIndex and LangChain adapters.

- parsing under one process-wide lock (PyMuPDF is not thread-safe);
- cutting a parsed Document into per-page (or one whole-file) texts, where a unit that
  continues across a page break stays whole on the page where it starts;
- compact provenance (element ids, boxes, ...) of the units of such a text, so that a
  splitter that only receives the text later (a LlamaIndex node parser) can still give
  every chunk its page range and boxes;
- splitting one text into chunks with that provenance, carrying the heading path over
  from the previous page of the same file;
- the headings in force at the start of each page, recorded by the readers so that a
  page split without its predecessor (another batch, another process) gets the same
  heading path as when the whole file is split in order.
"""
from __future__ import annotations

import dataclasses
import datetime as _dt
import json
import logging
import os
import re
import threading
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Sequence

from ..model import BBox, Document, TextSource, Unit, UnitKind
from ..settings import Settings
from ..text.caption_labels import OTHER_LANGUAGE_FIGURE_WORDS
from ._pages import joined, page_texts, to_text_offset

log = logging.getLogger("layoutpdf.adapters")

# One lock for every parse an adapter runs: LlamaIndex's aload_data and LangChain's
# alazy_load run readers in worker threads, and PyMuPDF must not run on two at once.
PARSE_LOCK = threading.RLock()
_RLOCK_TYPE = type(threading.RLock())

PROVENANCE_KEY = "layoutpdf_units"      # hidden metadata: provenance of the text's units
ISSUES_KEY = "layoutpdf_issues"
TEXT_SOURCE_KEY = "text_source"
# Page documents: headings in force where the page starts, JSON [[level, text], ...].
HEADINGS_KEY = "layoutpdf_headings_at_start"

# Keys of Chunk.metadata() that are for programs, not for embedding models or LLMs.
CHUNK_HIDDEN_KEYS = ("page_start", "page_end", "element_ids", "bboxes", "figure_ids",
                     "table_ids", "footnote_ids", "has_math", "oversize",
                     "extraction_confidence", "unit_kinds")
MAX_HEADING_PATH_CHARS = 200


def missing_framework(what: str, extra: str, exc: ImportError) -> ImportError:
    err = ImportError(f"{what} is not installed; install it with: pip install \"layoutpdf[{extra}]\" "
                      f"({exc})")
    err.name = getattr(exc, "name", None)
    return err


# -- settings ---------------------------------------------------------------------------
def settings_dict(settings: Settings | Mapping[str, Any] | None) -> dict[str, Any] | None:
    """Validated settings as a plain dict (picklable, cheap to copy), or None for defaults."""
    if settings is None:
        return None
    if isinstance(settings, Settings):
        return settings.to_dict()
    if isinstance(settings, Mapping):
        return Settings.from_dict(dict(settings)).to_dict()   # validates now, not at load time
    raise TypeError("settings must be a layoutpdf.Settings, a dict or None")


def to_settings(data: Mapping[str, Any] | None) -> Settings:
    return Settings() if data is None else Settings.from_dict(dict(data))


def check_mode(mode: str) -> str:
    if mode not in ("page", "single"):
        raise ValueError(f"mode must be 'page' or 'single', not {mode!r}")
    return mode


# -- parsing ----------------------------------------------------------------------------
def parse_locked(source: Any, settings: Settings, password: str | None,
                 image_dir: str | None = None) -> Document:
    """parse() under PARSE_LOCK; with image_dir, figure crops are written there too."""
    from .. import pipeline
    with _parse_lock(pipeline):
        doc = pipeline.parse(source, settings, password=password)
        if image_dir is not None and doc.figures:
            doc = _save_figures(doc, image_dir)
    return doc


def _parse_lock(pipeline: Any) -> Any:
    """The engine's own re-entrant PARSE_LOCK if it has one, else the adapters' lock.

    A plain (non re-entrant) engine lock may be taken inside parse() itself, so it is not
    taken here; the adapters' lock still serialises their own calls.
    """
    shared = getattr(pipeline, "PARSE_LOCK", None)
    if shared is not None and isinstance(shared, _RLOCK_TYPE):
        return shared
    return PARSE_LOCK


def _save_figures(doc: Document, image_dir: str) -> Document:
    try:
        return doc.save_figures(image_dir)
    except (ImportError, AttributeError, NotImplementedError, OSError, ValueError) as exc:
        log.warning("figure crops not written to %s: %s: %s", image_dir, type(exc).__name__, exc)
        return doc


@dataclass(frozen=True)
class Part:
    """One text handed to a framework: a page (page=index) or the whole file (page=None).

    `text` is what the Document holds (in page mode the text printed on the page);
    `units` are the units of its split view, the text the splitter reads: the same text,
    except that a unit cut by a page break is whole on the page where it starts and left
    out of the pages it continues on. `segments` describe the split view as slices of
    `text` (see `_pages`); None when the split view is `text` itself.
    """
    text: str
    units: tuple[Unit, ...]
    page: int | None
    segments: tuple[tuple[int, int, str], ...] | None = None

    def view(self) -> str:
        return split_view(self.text, self.segments)


def split_view(text: str, segments: Sequence[tuple[int, int, str]] | None) -> str:
    if segments is None:
        return text
    return "\n\n".join(text[s:e] + tail for s, e, tail in segments)


def render(doc: Document, image_dir: str | None = None) -> list[Unit]:
    from ..render.markdown import render_units
    if image_dir is None:
        return render_units(doc)
    return render_units(doc, image_dir=image_dir)


def page_parts(doc: Document, units: Sequence[Unit]) -> list[Part]:
    """One part per page read, empty pages included, each with the text printed on it.

    Rendering the whole document once (rather than page by page) keeps a paragraph
    continued across a page break one unit in the split view of the page where it starts.
    """
    return [Part(p.text, p.units, p.page, p.segments) for p in page_texts(doc, units)]


def single_part(units: Sequence[Unit]) -> Part:
    return Part("\n\n".join(u.text for u in units), tuple(units), None)


def parts_of(doc: Document, mode: str, image_dir: str | None = None,
             pages_delimiter: str | None = None,
             units_hook: Callable[[list[Unit]], list[Unit]] | None = None) -> list[Part]:
    """Page mode: one part per page. Single mode: one part, the whole Markdown, or with a
    `pages_delimiter` the page texts joined by it (as PyMuPDFLoader and PDFReader join them).
    `units_hook` rewrites the rendered units first (table formats, image text)."""
    units = render(doc, image_dir)
    if units_hook is not None:
        units = units_hook(units)
    if mode == "single":
        if pages_delimiter is None:
            return [single_part(units)]
        whole = joined(page_texts(doc, units), pages_delimiter)
        return [Part(whole.text, whole.units, None, whole.segments)]
    return page_parts(doc, units)


# -- metadata ---------------------------------------------------------------------------
def page_label(doc: Document, page: int) -> str:
    for p in doc.pages:
        if p.index == page:
            return p.label or str(page + 1)
    return str(page + 1)


def total_pages(doc: Document) -> int:
    n = doc.metadata.get("page_count")
    return int(n) if isinstance(n, int) else len(doc.pages)


def issue_count(doc: Document, page: int | None) -> int:
    """Issues of the page, and those of the whole document (page None), which hold for
    every page (an empty body, a repaired file)."""
    if page is None:
        return len(doc.issues)
    return sum(1 for i in doc.issues if i.page == page or i.page is None)


def text_source(doc: Document, page: int | None) -> str:
    kinds = {p.text_source for p in doc.pages if page is None or p.index == page}
    if not kinds:
        return TextSource.NATIVE.value
    if len(kinds) == 1:
        return next(iter(kinds)).value
    return TextSource.MIXED.value


def source_string(source: Any) -> str:
    if isinstance(source, (str, os.PathLike)):
        return os.fspath(source)
    return str(getattr(source, "name", "") or "")


def part_metadata(doc: Document, part: Part) -> dict[str, Any]:
    """Keys both adapters share: page (0-based), page_label, total_pages, issues, text source."""
    meta: dict[str, Any] = {}
    if part.page is not None:
        meta["page"] = part.page
        meta["page_label"] = page_label(doc, part.page)
    meta["total_pages"] = total_pages(doc)
    meta[ISSUES_KEY] = issue_count(doc, part.page)
    meta[TEXT_SOURCE_KEY] = text_source(doc, part.page)
    return meta


_PDF_INFO_KEYS = ("format", "title", "author", "subject", "keywords", "creator", "producer",
                  "creationDate", "modDate", "trapped")


def _iso_date(value: str) -> str:
    """PDF date 'D:20090401163925-07'00'' -> ISO 8601, as langchain's PDF parsers write it."""
    try:
        return _dt.datetime.strptime(value.replace("'", ""), "D:%Y%m%d%H%M%S%z").isoformat("T")
    except ValueError:
        return value


def pdf_info(doc: Document) -> dict[str, Any]:
    """The document-info keys LangChain's PyMuPDFLoader puts on every Document."""
    md = doc.metadata
    info: dict[str, Any] = {k: _stripped(_flat(md.get(k, ""))) for k in _PDF_INFO_KEYS}
    info["creationdate"] = _iso_date(info["creationDate"]) if info["creationDate"] else ""
    info["moddate"] = _iso_date(info["modDate"]) if info["modDate"] else ""
    if md.get("encryption"):
        info["encryption"] = _flat(md["encryption"])
    return info


def _stripped(value: Any) -> Any:
    """Document-info strings without surrounding whitespace, as PyMuPDFLoader gives them."""
    return value.strip() if isinstance(value, str) else value


def _flat(value: Any) -> Any:
    if value is None or isinstance(value, (str, int, float)):
        return value
    return str(value)


def flat_metadata(meta: Mapping[str, Any]) -> dict[str, Any]:
    """Values as str/int/float/bool/None; anything else becomes compact JSON (or str)."""
    out = {}
    for k, v in meta.items():
        if v is None or isinstance(v, (str, int, float)):
            out[k] = v
        else:
            try:
                out[k] = json.dumps(v, separators=(",", ":"), ensure_ascii=False, default=str)
            except (TypeError, ValueError):
                out[k] = str(v)
    return out


# -- provenance -------------------------------------------------------------------------
def box_list(page: int, b: BBox) -> list[float]:
    return [page, round(b.x0, 1), round(b.y0, 1), round(b.x1, 1), round(b.y1, 1)]


def unit_spans(units: Sequence[Unit]) -> list[tuple[int, int]]:
    """(start, end) of each unit in "\\n\\n".join(unit texts)."""
    spans, pos = [], 0
    for u in units:
        spans.append((pos, pos + len(u.text)))
        pos += len(u.text) + 2
    return spans


def encode_provenance(units: Sequence[Unit]) -> str:
    """Compact JSON: for each rendered unit, its span in the text and where it came from."""
    entries = []
    for (s, e), u in zip(unit_spans(units), units):
        d: dict[str, Any] = {"s": s, "e": e}
        if u.element_ids:
            d["i"] = list(u.element_ids)
        if u.bboxes:
            d["b"] = [box_list(p, b) for p, b in u.bboxes]
        if set(u.pages) - {p for p, _ in u.bboxes}:
            d["p"] = list(u.pages)
        for key, ids in (("f", u.figure_ids), ("t", u.table_ids), ("n", u.footnote_ids)):
            if ids:
                d[key] = list(ids)
        if u.low_confidence:
            d["l"] = 1
        entries.append(d)
    total = sum(len(u.text) for u in units) + 2 * max(0, len(units) - 1)
    return json.dumps({"n": total, "u": entries}, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class Provenance:
    start: int
    end: int
    unit: Unit          # text-less unit holding ids, boxes and pages


def provenance_of(units: Sequence[Unit]) -> list[Provenance]:
    return [Provenance(s, e, u) for (s, e), u in zip(unit_spans(units), units)]


def decode_provenance(value: Any, text: str) -> list[Provenance] | None:
    """Provenance for `text` from its hidden metadata value; None if absent or stale."""
    if not isinstance(value, str) or not value:
        return None
    try:
        data = json.loads(value)
        if data.get("n") != len(text):
            log.debug("layoutpdf provenance ignored: the text was changed after loading")
            return None
        out = []
        for d in data["u"]:
            boxes = tuple((int(b[0]), BBox(*map(float, b[1:5]))) for b in d.get("b", ()))
            pages = tuple(sorted({p for p, _ in boxes} | set(d.get("p", ()))))
            out.append(Provenance(int(d["s"]), int(d["e"]), Unit(
                kind=UnitKind.OTHER, text="", element_ids=tuple(d.get("i", ())), pages=pages,
                bboxes=boxes, figure_ids=tuple(d.get("f", ())), table_ids=tuple(d.get("t", ())),
                footnote_ids=tuple(d.get("n", ())), low_confidence=bool(d.get("l")))))
        return out
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        log.debug("layoutpdf provenance ignored: %s", exc)
        return None


def _merge(parsed: Unit, sources: list[Unit]) -> Unit:
    if not sources:
        return parsed
    def union(*seqs: Iterable[Any]) -> tuple[Any, ...]:
        return tuple(dict.fromkeys(x for s in seqs for x in s))
    footnotes = union(*(s.footnote_ids for s in sources)) or parsed.footnote_ids
    return dataclasses.replace(
        parsed,
        element_ids=union(*(s.element_ids for s in sources)),
        pages=tuple(sorted(set(union(*(s.pages for s in sources))))),
        bboxes=union(*(s.bboxes for s in sources)),
        figure_ids=union(parsed.figure_ids, *(s.figure_ids for s in sources)),
        table_ids=union(parsed.table_ids, *(s.table_ids for s in sources)),
        footnote_ids=footnotes,
        low_confidence=parsed.low_confidence or any(s.low_confidence for s in sources))


def enrich(parsed: Sequence[Unit], provenance: Sequence[Provenance]) -> list[Unit]:
    """Give units parsed back from the text the provenance of the rendered units they overlap."""
    out, j = [], 0
    for (s, e), u in zip(unit_spans(parsed), parsed):
        while j < len(provenance) and provenance[j].end <= s:
            j += 1
        k, hits = j, []
        while k < len(provenance) and provenance[k].start < max(e, s + 1):
            hits.append(provenance[k].unit)
            k += 1
        out.append(_merge(u, hits))
    return out


# -- splitting --------------------------------------------------------------------------
_HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+|$)")


def _heading_text(text: str) -> str:
    first = text.strip().split("\n", 1)[0]
    return re.sub(r"(?:[ \t]+#+)?[ \t]*$", "", re.sub(r"^ {0,3}#{1,6}[ \t]*", "", first)).strip()


def _heading_level(u: Unit) -> int:
    if u.heading_level:
        return u.heading_level
    m = _HEADING.match(u.text.lstrip("\n"))
    return len(m.group(1)) if m else 1


Stack = list[tuple[int, str]]     # (level, heading text), outermost first


def headings_after(stack: Sequence[tuple[int, str]], units: Sequence[Unit]) -> Stack:
    """The heading stack after `units`, starting from `stack`."""
    end = list(stack)
    for u in units:
        if u.kind is UnitKind.HEADING:
            level = _heading_level(u)
            while end and end[-1][0] >= level:
                end.pop()
            end.append((level, _heading_text(u.text)))
    return end


def headings_at_start(parts: Sequence[Part]) -> list[Stack]:
    """For each part (pages of one file, in order), the heading stack where it starts.

    Computed from each part's text parsed back into units, exactly as `split_text` does,
    so a page seeded with it is split as if every earlier page had just been split.
    """
    from ..split import units_from_markdown
    stacks, stack = [], []
    for part in parts:
        stacks.append(stack)
        stack = headings_after(stack, units_from_markdown(part.view()))
    return stacks


def encode_headings(stack: Sequence[tuple[int, str]]) -> str:
    return json.dumps([[lvl, text] for lvl, text in stack], separators=(",", ":"),
                      ensure_ascii=False)


def decode_headings(value: Any) -> Stack | None:
    """A stack from its metadata value; None if absent or malformed (then ignored)."""
    if not isinstance(value, str) or not value:
        return None
    try:
        data = json.loads(value)
        stack = [(int(lvl), str(text)) for lvl, text in data]
    except (ValueError, TypeError):
        log.debug("layoutpdf %s ignored: %r", HEADINGS_KEY, value[:80])
        return None
    if any(not 1 <= lvl <= 6 for lvl, _ in stack):
        return None
    return stack


class HeadingCarry:
    """Heading stack at the end of the last text split, per file, to seed the next page.

    A page that starts in the middle of a section gets the section's heading path.
    """

    def __init__(self) -> None:
        self._key: Any = None
        self._page: int | None = None
        self._stack: list[tuple[int, str]] = []

    def start(self, key: Any, page: int | None) -> list[tuple[int, str]]:
        if (key is not None and page is not None and key == self._key
                and self._page is not None and page > self._page):
            return list(self._stack)
        return []

    def finish(self, key: Any, page: int | None, stack: list[tuple[int, str]]) -> None:
        self._key, self._page, self._stack = key, page, stack


def _apply_carry(chunks: list[Any], units: Sequence[Unit],
                 stack: list[tuple[int, str]]) -> tuple[list[Any], list[tuple[int, str]]]:
    levels: dict[str, int] = {}
    for u in units:
        if u.kind is UnitKind.HEADING:
            levels.setdefault(_heading_text(u.text), _heading_level(u))
    end = headings_after(stack, units)
    out = []
    for c in chunks:
        path = tuple(c.heading_path)
        if stack:
            first = levels.get(path[0], 1) if path else 99
            path = tuple(t for lvl, t in stack if lvl < first) + path
        out.append(dataclasses.replace(c, heading_path=path) if path != c.heading_path else c)
    return out, end


def split_text(text: str, splitter: Any, provenance: Sequence[Provenance] | None = None,
               carry: HeadingCarry | None = None, key: Any = None,
               page: int | None = None, seed: Sequence[tuple[int, str]] | None = None
               ) -> list[Any]:
    """Chunks of `text` (layoutpdf Markdown, or any Markdown best effort).

    Units are parsed back from the text (so chunk offsets refer to it), given the
    provenance of the rendered units when known, and packed by `splitter`
    (a layoutpdf.split.Splitter). The heading path starts from `seed` (the headings in
    force where the text starts, as the readers record them) when given, else, with
    `carry`, from where the previous page of the same file left it.
    """
    from ..split import units_from_markdown
    units = units_from_markdown(text)
    if provenance:
        units = enrich(units, provenance)
    chunks = splitter.split_units(units)
    if carry is not None or seed is not None:
        start = list(seed) if seed is not None else carry.start(key, page)  # type: ignore[union-attr]
        chunks, end = _apply_carry(chunks, units, start)
        if carry is not None:
            carry.finish(key, page, end)
    return chunks


def chunk_metadata(chunk: Any, page: int | None = None) -> dict[str, Any]:
    meta = dict(chunk.metadata())
    path = meta.get("heading_path") or ""
    if len(path) > MAX_HEADING_PATH_CHARS:
        meta["heading_path"] = "…" + path[-(MAX_HEADING_PATH_CHARS - 1):]
    if meta.get("page_start") is None and page is not None:
        meta["page_start"] = meta["page_end"] = page
    return meta


def view_offsets(chunk: Any, view: str, segments: Sequence[tuple[int, int, str]] | None
                 ) -> tuple[int | None, int | None]:
    """Where a chunk of a split view sits in the Document text the view was made from."""
    start, end = chunk_offsets(chunk, view)
    if segments is None or start is None or end is None:
        return start, end
    return to_text_offset(segments, start), to_text_offset(segments, end)


def chunk_offsets(chunk: Any, text: str) -> tuple[int | None, int | None]:
    """Where chunk.text sits in `text`.

    Exact when the chunk is a verbatim slice. Otherwise (an overlap prefix joined by a
    blank line, a repeated table header) the span of text the chunk covers: from its
    overlap prefix, if found just before, to the end of its own content.
    """
    if chunk.start < 0:
        return None, None
    if text[chunk.start:chunk.end] == chunk.text:
        return chunk.start, chunk.end
    at = text.find(chunk.text, max(0, chunk.start - len(chunk.text) - 2))
    if at >= 0:
        return at, at + len(chunk.text)
    start = chunk.start
    prefix = chunk.text[:max(0, chunk.overlap_len - 2)]
    if prefix:
        found = text.rfind(prefix, 0, chunk.start)
        if found >= 0:
            start = found
    return start, chunk.end


# -- figures (for image nodes) ----------------------------------------------------------
_IMAGE = re.compile(r"^ {0,3}!\[((?:[^\]\\]|\\.)*)\]\(([^)\s]*)[^)]*\)", re.MULTILINE)
# 'Figure 3', 'Fig. 3', and the figure words of other languages ('Abbildung 3', 'Рис. 3')
_FIG_LABEL = re.compile(r"\b(Fig(?:ure|\.)?|" + OTHER_LANGUAGE_FIGURE_WORDS + r")\s*([A-Z]?\d+[a-z]?)",
                        re.IGNORECASE)


@dataclass(frozen=True)
class FigureRef:
    alt: str
    target: str
    caption: str
    label: str | None        # "3" for "Figure 3"


def figure_refs(unit: Unit) -> list[FigureRef]:
    """Image lines of a FIGURE unit: alt text, target (crop path or #fig-id), caption line."""
    if unit.kind is not UnitKind.FIGURE and "![" not in unit.text:
        return []
    lines = unit.text.split("\n")
    refs = []
    for i, line in enumerate(lines):
        m = _IMAGE.match(line)
        if not m:
            continue
        alt = m.group(1).replace("\\]", "]")
        rest = [ln for ln in lines[i + 1:] if ln.strip() and not _IMAGE.match(ln)]
        caption = rest[0].strip() if rest else ""
        lab = _FIG_LABEL.search(caption or alt)
        refs.append(FigureRef(alt, m.group(2), caption or alt, lab.group(2) if lab else None))
    return refs


def mentions_figure(text: str, label: str) -> bool:
    return any(m.group(2).lower() == label.lower() for m in _FIG_LABEL.finditer(text))
