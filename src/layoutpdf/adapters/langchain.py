"""LangChain adapter: `LayoutPDFLoader` (a document loader) and `LayoutTextSplitter`.

    from layoutpdf.langchain import LayoutPDFLoader, LayoutTextSplitter

    chunks = LayoutPDFLoader("paper.pdf").load_and_split()     # layoutpdf's splitter, 512 tokens
    pages = LayoutPDFLoader("paper.pdf").load()                # one Document per page, every page

The loader's metadata matches ``PyMuPDFLoader`` (``source``, ``file_path``, ``page``
0-based, ``total_pages``, and the PDF document-info keys) plus ``page_label``,
``layoutpdf_issues`` and ``text_source``. ``load_and_split()`` without an argument uses
``LayoutTextSplitter`` with the loader settings' ``split.chunk_size`` (tokens), not
LangChain's default 4,000-character splitter.

In page mode each page Document also has ``layoutpdf_headings_at_start``: the headings in
force where the page starts (JSON ``[[level, "text"], ...]``). ``LayoutTextSplitter``
starts the page's ``heading_path`` from it, so pages split in separate batches or
processes get the same chunks as the whole file split in order; chunks do not keep it.
A paragraph that runs across a page break is cut there in the page texts (each page holds
what is printed on it); ``LayoutTextSplitter.split_documents`` makes it one unit again from
data the page Document keeps beside its metadata.

``LayoutPDFLoader`` / ``LayoutPDFParser`` take ``PyMuPDFLoader`` / ``PyMuPDFParser``'s
arguments (README: "Migrating from PyMuPDFLoader / PDFReader / PyMuPDFReader").
"""
from __future__ import annotations

import copy
import os
import warnings
from typing import Any, Callable, Iterator, Sequence

from ..figures_io import render_figure
from ..settings import CHUNK_OVERLAP, CHUNK_SIZE, ENCODING, TABLE_FORMAT, Settings, plain
from ..split import Splitter, ensure_tiktoken_cache
from . import missing_framework
from ._chunks import (HeadingCarry, chunk_metadata, decode_headings, encode_headings,
                      headings_at_start, split_text, view_offsets)
from ._extras import (check_image_format, check_table_format, with_image_text,
                      with_table_format)
from ._ids import (FILE_ID_KEY, READABLE_ID_KEY, as_uuid, check_file_id_mode,
                   chunk_readable_id, file_id, page_readable_id)
from ._metadata import HEADINGS_KEY, part_metadata, pdf_info
from ._flow import FlowPage, by_runs, split_flow
from ._pages import PageText, check_mode, parts_of, split_view
from ._provenance import MAX_BBOXES, Provenance, provenance_of
from ._source import (DEFAULT_PAGES_DELIMITER, parse_locked, readable_source,
                      resolve_source, source_string)

try:
    from langchain_core.document_loaders import BaseBlobParser, BaseLoader
    from langchain_core.documents import Document
    from langchain_core.documents.base import Blob
    from pydantic import PrivateAttr
    from langchain_text_splitters import TextSplitter
except ImportError as _exc:  # pragma: no cover - exercised only without the extra
    raise missing_framework("langchain-core / langchain-text-splitters (needed by "
                            "layoutpdf.langchain)", "langchain", _exc) from _exc

__all__ = ["LayoutPDFLoader", "LayoutPDFParser", "LayoutTextSplitter"]


def _delegate(name: str) -> property:
    return property(lambda self: getattr(self.parser, name),
                    lambda self, value: setattr(self.parser, name, value))


def _unused(what: str, why: str) -> None:
    warnings.warn(f"layoutpdf: {what} is accepted for PyMuPDFLoader compatibility and not "
                  f"used: {why}", UserWarning, stacklevel=3)


class LayoutTextSplitter(TextSplitter):
    """Structure-aware, token-based splitter for Markdown (best with layoutpdf's own).

    Never cuts a ``$$`` block, keeps footnote definitions with their anchors, captions with
    their figures and tables, and a heading with what follows. ``chunk_size`` and
    ``chunk_overlap`` are tiktoken tokens (``encoding``; a callable counting tokens is
    also accepted, e.g. ``length_function=``). Output Documents get flat chunk metadata
    (``heading_path``, ``page_start``, ``page_end``, ``element_ids``, ``bboxes``, ...).
    ``bboxes`` are whole points, merged per run of lines, at most ``max_bboxes`` per chunk
    (default 16, never fewer than one per page; None: every run; 0: no ``bboxes`` key).
    A chunk of a ``LayoutPDFLoader`` page gets ``readable_id`` (the page's, ``-n<i>``)
    and as ``Document.id`` its deterministic UUID, which vector stores use as the point id.
    """

    def __init__(self, chunk_size: int = CHUNK_SIZE, chunk_overlap: int = CHUNK_OVERLAP,
                 encoding: str | Callable[[str], Any] = ENCODING,
                 max_bboxes: int | None = MAX_BBOXES, join_pages: bool = False,
                 table_format: str = TABLE_FORMAT, **kwargs: Any) -> None:
        if max_bboxes is not None and max_bboxes < 0:
            raise ValueError(f"max_bboxes must be None or >= 0, not {max_bboxes}")
        self._max_bboxes = max_bboxes
        self._join_pages = bool(join_pages)   # consecutive pages of one source as one flow
        tokenizer = kwargs.pop("length_function", None) or encoding
        if isinstance(tokenizer, str):
            ensure_tiktoken_cache()
        self._layout = Splitter(chunk_size=chunk_size, chunk_overlap=chunk_overlap,
                                tokenizer=tokenizer, table_format=table_format)
        super().__init__(chunk_size=chunk_size, chunk_overlap=chunk_overlap,
                         length_function=self._layout.count_tokens, **kwargs)

    @classmethod
    def from_settings(cls, settings: Settings | dict | None = None,
                      **kwargs: Any) -> "LayoutTextSplitter":
        split = Settings.resolve(settings).split
        return cls(chunk_size=split.chunk_size, chunk_overlap=split.chunk_overlap,
                   encoding=split.encoding, table_format=split.table_format, **kwargs)

    def split_text(self, text: str) -> list[str]:
        return [c.text for c in split_text(text, self._layout)]

    def create_documents(self, texts: list[str],
                         metadatas: list[dict[Any, Any]] | None = None) -> list[Document]:
        metadatas_ = metadatas or [{}] * len(texts)
        carry = HeadingCarry()
        out: list[Document] = []
        for text, meta in zip(texts, metadatas_):
            out.extend(self._documents(text, meta, None, carry))
        return out

    def split_documents(self, documents: Any) -> list[Document]:
        """Split Documents; a layoutpdf page Document is split by its split view (a
        paragraph continued across a page break is one unit, on the page where it starts)."""
        carry = HeadingCarry()
        out: list[Document] = []
        documents = list(documents)
        runs = by_runs(documents, _flow_page) if self._join_pages else [[d] for d in documents]
        for run in runs:                                    # consecutive pages: one flow
            if len(run) > 1:
                seed = decode_headings(run[0].metadata.get(HEADINGS_KEY))
                flow = split_flow([_flow_page(d) for d in run], self._layout, carry, seed)
                for doc, items in zip(run, flow):
                    out.extend(self._chunk_documents(doc.metadata, items))
                continue
            doc = run[0]
            hidden = getattr(doc, "_layoutpdf", None) or {}
            out.extend(self._documents(doc.page_content, doc.metadata, hidden.get("provenance"),
                                       carry, hidden.get("segments")))
        return out

    def _documents(self, text: str, meta: dict[Any, Any], provenance: Sequence[Provenance] | None,
                   carry: HeadingCarry, segments: Any = None) -> list[Document]:
        page = meta.get("page") if isinstance(meta.get("page"), int) else None
        key = meta.get("source") or meta.get("file_path") or None
        seed = decode_headings(meta.get(HEADINGS_KEY))
        view = split_view(text, segments)
        chunks = split_text(view, self._layout, provenance, carry, key, page, seed=seed)
        return self._chunk_documents(meta, [(c, *view_offsets(c, view, segments)) for c in chunks])

    def _chunk_documents(self, meta: dict[Any, Any], items: list[Any]) -> list[Document]:
        """Documents of chunks of the page with metadata `meta`, each (chunk, start, end);
        a chunk of a LayoutPDFLoader page gets ``readable_id`` (the page's, ``-n<i>``) and
        its UUID as ``Document.id``."""
        page = meta.get("page") if isinstance(meta.get("page"), int) else None
        parent = meta.get(READABLE_ID_KEY) if isinstance(meta.get(READABLE_ID_KEY), str) else None
        docs = []
        for i, (chunk, start, _) in enumerate(items):
            metadata = copy.deepcopy(meta)
            metadata.pop(HEADINGS_KEY, None)
            metadata.update(chunk_metadata(chunk, page, self._max_bboxes))
            if self._add_start_index:
                metadata["start_index"] = start
            readable = chunk_readable_id(parent, i) if parent else None
            if readable:
                metadata[READABLE_ID_KEY] = readable
            docs.append(Document(page_content=chunk.text, metadata=metadata,
                                 id=as_uuid(readable) if readable else None))
        return docs


class LayoutPDFParser(BaseBlobParser):
    """Parse a PDF blob into layoutpdf Markdown Documents (PyMuPDFParser's arguments).

    Args follow ``PyMuPDFParser``: ``mode`` ("page": one Document per page, every page, with
    the text printed on it; "single": one Document), ``pages_delimiter`` (joins the page
    texts in single mode; default ``"\\n\\f"``), ``password``, ``extract_tables``
    (None or "markdown": pipe tables; "html"; "csv"), ``images_parser`` (its text for each
    figure crop follows the figure's caption) with ``images_inner_format`` ("text",
    "markdown-img", "html-img"). ``extract_images=True`` without an ``images_parser``,
    ``extract_tables_settings`` and ``text_kwargs`` are accepted and not used (a warning
    names them): layoutpdf finds figures and tables itself and reads text its own way.
    layoutpdf's own: ``settings`` (a ``Settings``, a dict or None), ``image_dir``
    (figure crops referenced from the Markdown) and ``file_id`` (``"content"``: the
    ``file_id`` key is the PDF's content hash; ``"path"``: its path's).
    """

    def __init__(self, text_kwargs: dict | None = None, extract_images: bool = False, *,
                 password: str | None = None, mode: str = "page",
                 pages_delimiter: str = DEFAULT_PAGES_DELIMITER, images_parser: Any = None,
                 images_inner_format: str = "text", extract_tables: str | None = None,
                 extract_tables_settings: dict | None = None,
                 settings: Settings | dict | None = None, image_dir: str | None = None,
                 file_id: str = "content") -> None:
        super().__init__()
        self.file_id = check_file_id_mode(file_id)
        self.mode = check_mode(mode)
        self.pages_delimiter = pages_delimiter
        self.password = password
        self.extract_images = extract_images
        self.images_parser = images_parser
        self.images_inner_format = check_image_format(images_inner_format)
        self.extract_tables = check_table_format(extract_tables)
        self.extract_tables_settings = extract_tables_settings
        self.text_kwargs = text_kwargs or {}
        self.settings = plain(settings)
        self.image_dir = image_dir
        if text_kwargs:
            _unused("text_kwargs " + ", ".join(sorted(text_kwargs)),
                    "layoutpdf reads the text layer itself (no page.get_text options)")
        if extract_images and images_parser is None:
            _unused("extract_images", "figures are kept as Markdown image lines with their "
                    "captions; pass images_parser= to add the text inside them")
        if extract_tables_settings:
            _unused("extract_tables_settings", "layoutpdf finds tables itself (Settings.tables)")

    def lazy_parse(self, blob: Blob) -> Iterator[Document]:
        source = blob.source or (str(blob.path) if blob.path else "")
        data: Any = blob.as_bytes() if blob.data is not None or not blob.path else str(blob.path)
        doc, parts = self._parts(data)
        base = base_metadata(doc, source, source)
        fid = file_id(data, source, self.file_id)
        for part, start in zip(parts, self._starts(parts)):
            yield page_document(part, metadata_for(base, doc, part, start), fid)

    def _parts(self, data: Any) -> tuple[Any, list[PageText]]:
        settings = Settings.resolve(self.settings)
        doc = parse_locked(data, settings, self.password, self.image_dir)

        def hook(units: list) -> list:
            units = with_table_format(doc, units, self.extract_tables)
            return with_image_text(doc, units, self.images_parser, self.images_inner_format,
                                   lambda f: render_figure(doc, f, source=data,
                                                           password=self.password,
                                                           settings=settings))
        return doc, parts_of(doc, self.mode, self.image_dir, self.pages_delimiter, hook)

    def _starts(self, parts: list[PageText]) -> list[Any]:
        return headings_at_start(parts) if self.mode == "page" else [None] * len(parts)


class LayoutPDFLoader(BaseLoader):
    """Load a PDF as layoutpdf Markdown: one Document per page (default) or per file.

    Takes ``PyMuPDFLoader``'s arguments (see ``LayoutPDFParser`` for what each does):
    ``file_path`` (a path, or an http(s) URL downloaded to a temporary file with
    ``headers``), ``password``, ``mode``, ``pages_delimiter``, ``extract_images``,
    ``images_parser``, ``images_inner_format``, ``extract_tables``,
    ``extract_tables_settings``, and layoutpdf's ``settings`` (``split`` sets the chunking
    of ``load_and_split()``), ``image_dir`` and ``file_id``. A file that does not exist
    raises ``ValueError`` here, as PyMuPDFLoader does. ``file_path`` may also be the PDF's
    bytes or a binary file object (as ``layoutpdf.parse`` takes them; ``source`` is then
    the file object's name or ""); any other type raises ``TypeError``.
    """

    def __init__(self, file_path: str | os.PathLike, *, password: str | None = None,
                 mode: str = "page", pages_delimiter: str = DEFAULT_PAGES_DELIMITER,
                 extract_images: bool = False, images_parser: Any = None,
                 images_inner_format: str = "text", extract_tables: str | None = None,
                 headers: dict | None = None, extract_tables_settings: dict | None = None,
                 settings: Settings | dict | None = None, image_dir: str | None = None,
                 file_id: str = "content", **kwargs: Any) -> None:
        self._data: bytes | None = None
        if isinstance(file_path, (bytes, bytearray, memoryview)) or callable(
                getattr(file_path, "read", None)):
            self._data = bytes(readable_source(file_path))
            self.file_path, self.web_path, self._tmp = source_string(file_path), None, None
        elif isinstance(file_path, (str, os.PathLike)):
            self.file_path, self.web_path, self._tmp = resolve_source(file_path, headers)
        else:
            raise TypeError("file_path must be a path, an http(s) URL, bytes or a binary file "
                            f"object, not {type(file_path).__name__}")
        self.headers = headers
        self.parser = LayoutPDFParser(
            kwargs or None, extract_images, password=password, mode=mode,
            pages_delimiter=pages_delimiter, images_parser=images_parser,
            images_inner_format=images_inner_format, extract_tables=extract_tables,
            extract_tables_settings=extract_tables_settings, settings=settings,
            image_dir=image_dir, file_id=file_id)

    @property
    def source(self) -> str:
        return self.web_path if self.web_path is not None else self.file_path

    mode = _delegate("mode")
    password = _delegate("password")
    settings = _delegate("settings")
    image_dir = _delegate("image_dir")

    def lazy_load(self) -> Iterator[Document]:
        data = self._data if self._data is not None else self.file_path
        doc, parts = self.parser._parts(data)
        base = base_metadata(doc, self.source, self.source)
        fid = file_id(data, self.file_path, self.parser.file_id)
        for part, start in zip(parts, self.parser._starts(parts)):
            yield page_document(part, metadata_for(base, doc, part, start), fid)

    def load(self, **kwargs: Any) -> list[Document]:
        if kwargs:
            _unused("load(" + ", ".join(sorted(kwargs)) + ")", "runtime arguments to load() are "
                    "deprecated in PyMuPDFLoader; give options to the constructor")
        return list(self.lazy_load())

    def load_and_split(self, text_splitter: TextSplitter | None = None) -> list[Document]:
        """Load and split; without a splitter, layoutpdf's, sized by ``settings.split``.

        With a ``LayoutTextSplitter`` (the default) the chunks also get the element ids
        and boxes of the parsed document; any other splitter gets ``self.load()``.
        """
        if text_splitter is None:
            text_splitter = LayoutTextSplitter.from_settings(self.settings)
        return text_splitter.split_documents(self.load())


class _PageDocument(Document):
    """A LangChain Document carrying layoutpdf's split view (not metadata, so no splitter
    copies it onto chunks); ``LayoutTextSplitter`` reads it."""

    _layoutpdf: Any = PrivateAttr(default=None)

    @classmethod
    def lc_id(cls) -> list[str]:
        return Document.lc_id()


def _flow_page(doc: Any) -> FlowPage | None:
    """A LayoutPDFLoader page Document as a page of a flow (see _flow), else None."""
    hidden = getattr(doc, "_layoutpdf", None) or {}
    page = doc.metadata.get("page")
    if hidden.get("provenance") is None or not isinstance(page, int):
        return None
    view = split_view(doc.page_content, hidden.get("segments"))
    key = doc.metadata.get("source") or doc.metadata.get("file_path") or None
    return FlowPage(view, hidden.get("segments"), hidden["provenance"], key, page)


def page_document(part: PageText, metadata: dict[str, Any], fid: str = "") -> Document:
    """A page (or whole-file) Document: ``file_id``, ``readable_id`` and its UUID as id."""
    readable = page_readable_id(str(metadata.get("file_path") or ""), fid, part.page)
    metadata[FILE_ID_KEY] = fid
    metadata[READABLE_ID_KEY] = readable
    doc = _PageDocument(page_content=part.text, metadata=metadata, id=as_uuid(readable))
    doc._layoutpdf = {"segments": part.segments, "provenance": provenance_of(part.units)}
    return doc


def base_metadata(doc: Any, source: str, file_path: str) -> dict[str, Any]:
    info = pdf_info(doc)
    meta: dict[str, Any] = {
        "producer": info.pop("producer"), "creator": info.pop("creator"),
        "creationdate": info.pop("creationdate"), "source": source,
        "file_path": file_path, "total_pages": 0,
    }
    meta.update(info)
    return meta


def metadata_for(base: dict[str, Any], doc: Any, part: PageText, headings: Any = None) -> dict[str, Any]:
    meta = dict(base)
    meta.update(part_metadata(doc, part))
    if headings is not None:
        meta[HEADINGS_KEY] = encode_headings(headings)
    if part.page is not None:   # PyMuPDFLoader's key order: page last of its keys
        meta["page"] = meta.pop("page")
    return meta
