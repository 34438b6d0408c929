"""LlamaIndex adapter: `LayoutPDFReader` (a file reader) and `LayoutNodeParser` (a node parser).

    from llama_index.core import SimpleDirectoryReader
    from layoutpdf.llama_index import LayoutPDFReader, LayoutNodeParser

    docs = SimpleDirectoryReader("papers/", file_extractor={".pdf": LayoutPDFReader()}).load_data()
    nodes = LayoutNodeParser(chunk_size=512).get_nodes_from_documents(docs)

The reader gives one Document per page, every page (like LlamaIndex's own PDF readers;
mode="single" for one per file), holding the layoutpdf Markdown printed on that page. Each
Document is a ``LayoutDocument``: beside its metadata (not in it, so that no node parser
copies it onto every node) it keeps the provenance of its units (element ids, boxes), the
headings in force where the page starts, and how a paragraph continued across a page break
is made whole again, so the node parser gives every chunk its page range and boxes, keeps
such a paragraph one unit, and gives a page that reaches it without the pages before it
(``IngestionPipeline(..., num_workers=N)`` cuts the documents into N runs) its full
heading path.

The node parser packs that Markdown into token-bounded chunks with layoutpdf's splitter
(never cutting a ``$$`` block, keeping footnote definitions with their anchors and
captions with their figures). ``chunk_size`` counts the chunk text only, not metadata.
"""
from __future__ import annotations

import json
import os
from typing import Any, Iterator, Optional, Sequence

from .. import gcpolicy
from ..settings import CHUNK_OVERLAP, CHUNK_SIZE, ENCODING, TABLE_FORMAT, Settings, plain
from ..split import Splitter
from . import missing_framework
from ._chunks import (BULKY_KEYS, CHUNK_HIDDEN_KEYS, HeadingCarry, chunk_metadata,
                      decode_headings, encode_headings, headings_at_start, split_text,
                      view_offsets)
from ._figures import figure_refs, mentions_figure
from ._flow import FlowPage, by_runs, split_flow
from ._metadata import (ENDNOTES_KEY, HEADINGS_KEY, ISSUES_KEY, PROVENANCE_KEY, TEXT_SOURCE_KEY,
                        part_metadata)
from ._pages import PageText, check_mode, decode_segments, encode_segments, parts_of, split_view
from ._ids import (FILE_ID_KEY, READABLE_ID_KEY, as_uuid, check_file_id_mode, file_id,
                   node_readable_id, page_readable_id, stable_node_id)
from ._provenance import MAX_BBOXES, chunk_boxes, decode_provenance, encode_provenance
from ._source import parse_locked, readable_source, source_string

try:
    from llama_index.core.bridge.pydantic import Field
    from llama_index.core.node_parser.interface import NodeParser
    from llama_index.core.readers.base import BaseReader
    from llama_index.core.schema import (BaseNode, Document, ImageNode, MetadataMode,
                                         NodeRelationship, RelatedNodeInfo, TextNode)
    from llama_index.core.utils import get_tqdm_iterable
except ImportError as _exc:  # pragma: no cover - exercised only without the extra
    raise missing_framework("llama-index-core (needed by layoutpdf.llama_index)",
                            "llama-index", _exc) from _exc

__all__ = ["LayoutPDFReader", "LayoutNodeParser", "LayoutDocument"]

# Reader keys kept out of embedding and LLM text (page_label and file_name stay visible,
# as with LlamaIndex's own PDF reader).
READER_HIDDEN_KEYS = ("page", "total_pages", "source", "file_path", ISSUES_KEY,
                      TEXT_SOURCE_KEY, PROVENANCE_KEY, HEADINGS_KEY, READABLE_ID_KEY,
                      FILE_ID_KEY, ENDNOTES_KEY)
IMAGE_HIDDEN_KEYS = ("figure_id", "figure_label", "text_node_id", "mentioned_in")
# Chunk flags, stored as 0/1: LlamaIndex's MetadataFilter refuses a bool value, and an int
# filter does not match a stored bool in Chroma, Qdrant or LanceDB.
FLAG_KEYS = ("has_math", "oversize")
# Keys left out of the metadata copies in relationships (SOURCE, PREVIOUS, NEXT, PARENT,
# CHILD): the copies are stored with every node, and these grow with the chunk.
# (a neighbour's readable id is its node id's name: kept on the neighbour, not in copies)
RELATION_DROPPED_KEYS = (*BULKY_KEYS, PROVENANCE_KEY, HEADINGS_KEY, "image_node_ids",
                         "mentioned_in", READABLE_ID_KEY)


def _unique(*seqs: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(k for s in seqs for k in s))


class LayoutDocument(Document):
    """A LlamaIndex Document that keeps layoutpdf's split view out of its metadata.

    ``layoutpdf`` holds what ``LayoutNodeParser`` needs to split the page as layoutpdf
    does (the provenance of its units, the headings in force where it starts, and where a
    paragraph continued from the page before is left out or one continued on the next page
    is made whole). It is not metadata, so no node parser copies it onto nodes; it is kept
    by pickling (worker processes) and left out of ``to_dict()`` / docstores.
    """

    layoutpdf: Optional[dict] = Field(default=None, exclude=True, repr=False)


class LayoutPDFReader(BaseReader):
    """Read a PDF into LlamaIndex Documents of layoutpdf Markdown.

    Args:
        settings: a layoutpdf ``Settings``, a dict of settings, or None for defaults. A
            bool here is PDFReader's ``return_full_document`` (``LayoutPDFReader(True)``).
        mode: ``"page"`` (default: one Document per page, every page, with the text
            printed on it) or ``"single"`` (one Document per file).
        password: password for an encrypted PDF.
        image_dir: directory for figure crops referenced from the Markdown (optional).
        provenance: keep the provenance of the units (default True) so that
            ``LayoutNodeParser`` chunks get page ranges, element ids and boxes.
        return_full_document: PDFReader's switch; True is ``mode="single"``.
        pages_delimiter: in single mode the page texts are joined by it (default
            ``"\\n"``, as PDFReader joins them); None gives the whole Markdown, pages
            separated by a blank line.
        file_id: what the ``file_id`` key is made from: ``"content"`` (default: the PDF's
            content hash) or ``"path"`` (its absolute path's hash).

    Metadata (flat values): ``page_label`` (1-based or the printed label), ``file_name``,
    ``page`` (0-based), ``total_pages``, ``source`` and ``file_path`` (the path),
    ``layoutpdf_issues`` (number of processing issues on that page, or in the document
    for mode="single"), ``text_source`` (native/ocr/mixed), ``file_id`` (the whole file's
    key) and ``readable_id`` (the readable form of the Document's id), then ``extra_info``
    merged over them. A Document's ``id_`` is a deterministic UUID (``layoutpdf._ids``):
    the same file at the same path gives the same ids in every run and process. Keys other than ``page_label`` and ``file_name`` are excluded from
    embedding and LLM text. ``load_data(file, metadata=False)`` (PyMuPDFReader's switch)
    gives ``extra_info`` only.

    The reader holds only plain data, so it pickles into the worker processes of
    ``SimpleDirectoryReader(...).load_data(num_workers=N)``; parsing takes a process-wide
    lock, so ``aload_data`` (threads) is safe.
    """

    def __init__(self, settings: Settings | dict | bool | None = None, *, mode: str = "page",
                 password: str | None = None, image_dir: str | None = None,
                 provenance: bool = True, return_full_document: bool | None = None,
                 pages_delimiter: str | None = "\n", file_id: str = "content") -> None:
        if isinstance(settings, bool):          # PDFReader(return_full_document)
            settings, return_full_document = None, settings
        self.settings = plain(settings)
        self.mode = check_mode("single" if return_full_document else mode)
        self.password = password
        self.image_dir = image_dir
        self.provenance = provenance
        self.pages_delimiter = pages_delimiter
        self.file_id = check_file_id_mode(file_id)

    @property
    def return_full_document(self) -> bool:
        return self.mode == "single"

    def __repr__(self) -> str:
        return f"LayoutPDFReader(mode={self.mode!r})"

    def lazy_load_data(self, file: Any = None, extra_info: Any = None, fs: Any = None, *,
                       file_path: Any = None, metadata: bool = True) -> Iterator[Document]:
        """Yield the Documents of one PDF (a path, bytes or a binary file object).

        Takes BaseReader's call ``(file, extra_info=None, fs=None)`` and PyMuPDFReader's
        ``(file_path, metadata=True, extra_info=None)``. ``extra_info`` is merged over the
        metadata; with ``fs`` (an fsspec filesystem) the bytes are read through
        ``fs.open(file, "rb")``.
        """
        file, extra_info, fs, metadata = _call_style(file, extra_info, fs, file_path, metadata)
        source, path = _open(file, fs)
        fid = file_id(source, path, self.file_id)
        doc = parse_locked(source, Settings.resolve(self.settings), self.password,
                           self.image_dir)
        name = os.path.basename(path) if path else str(doc.metadata.get("file_name") or "")
        parts = parts_of(doc, self.mode, self.image_dir, self.pages_delimiter)
        starts = headings_at_start(parts) if self.mode == "page" else [None] * len(parts)
        for part, start in zip(parts, starts):
            yield self._document(doc, part, name, path, extra_info, start, metadata, fid)

    def load_data(self, file: Any = None, extra_info: Any = None, fs: Any = None, *,
                  file_path: Any = None, metadata: bool = True) -> list[Document]:
        # the pages' Documents are built right after the parse, over its large live heap:
        # with the default young threshold that was a dozen full collections a filing
        # (`gcpolicy`; not around lazy_load_data, whose caller runs between its yields)
        with gcpolicy.relaxed():
            return list(self.lazy_load_data(file, extra_info, fs, file_path=file_path,
                                            metadata=metadata))

    def load(self, file_path: Any = None, metadata: bool = True,
             extra_info: dict | None = None) -> list[Document]:
        """PyMuPDFReader's ``load(file_path, metadata=True, extra_info=None)``."""
        return self.load_data(file_path, extra_info, metadata=metadata)

    def _document(self, doc: Any, part: PageText, name: str, path: str, extra_info: dict | None,
                  headings: Any = None, with_metadata: bool = True, fid: str = "") -> Document:
        readable = page_readable_id(path, fid, part.page)
        meta: dict[str, Any] = self._metadata(doc, part, name, path) if with_metadata else {}
        if with_metadata:
            meta[FILE_ID_KEY] = fid
            meta[READABLE_ID_KEY] = readable
        if extra_info:
            meta.update(extra_info)
        hidden = [k for k in READER_HIDDEN_KEYS if k in meta]
        hidden_data: dict[str, Any] = {}
        if self.provenance:
            hidden_data["u"] = encode_provenance(part.units)
        if headings is not None:
            hidden_data["h"] = encode_headings(headings)
        if part.segments is not None:
            hidden_data["s"] = encode_segments(part.segments)
        # never random: re-ingestion de-duplicates by id; a UUID: Qdrant takes no other
        return LayoutDocument(id_=as_uuid(readable), text=part.text, metadata=meta,
                              excluded_embed_metadata_keys=list(hidden),
                              excluded_llm_metadata_keys=list(hidden), layoutpdf=hidden_data)

    @staticmethod
    def _metadata(doc: Any, part: PageText, name: str, path: str) -> dict[str, Any]:
        meta: dict[str, Any] = {}
        common = part_metadata(doc, part)
        if "page_label" in common:
            meta["page_label"] = common.pop("page_label")
        meta["file_name"] = name
        meta.update(common)
        meta["source"] = path
        if path:
            meta["file_path"] = path
        return meta


def _call_style(file: Any, extra_info: Any, fs: Any, file_path: Any,
                metadata: Any) -> tuple[Any, dict | None, Any, bool]:
    """(file, extra_info, fs, metadata) from BaseReader's or PyMuPDFReader's argument order."""
    if file is None:
        file = file_path
    elif file_path is not None:
        raise TypeError("give the PDF once: as file or as file_path")
    if file is None:
        raise TypeError("load_data() needs the PDF: a path, bytes or a binary file object")
    if isinstance(extra_info, bool):            # PyMuPDFReader.load_data(path, metadata, extra)
        metadata, extra_info = extra_info, fs if isinstance(fs, dict) else None
        fs = None if isinstance(fs, dict) else fs
    if extra_info is not None and not isinstance(extra_info, dict):
        raise TypeError(f"extra_info must be a dict, not {type(extra_info).__name__}")
    return file, extra_info, fs, bool(metadata)


def _open(file: Any, fs: Any) -> tuple[Any, str]:
    """(what to parse, path string for metadata)."""
    if fs is not None and isinstance(file, (str, os.PathLike)):
        with fs.open(str(file), "rb") as fh:
            return fh.read(), str(file)
    if isinstance(file, (str, os.PathLike)):
        return file, os.fspath(file)
    return readable_source(file), source_string(file)


class LayoutNodeParser(NodeParser):
    """Split layoutpdf Markdown Documents into structure-aware, token-bounded TextNodes.

    Args:
        chunk_size: token budget of a chunk's text (tiktoken ``encoding``).
        chunk_overlap: tokens of whole sentences/units repeated from the previous chunk.
        encoding: tiktoken encoding name (offline: llama-index-core's bundled cache).
        include_metadata: copy the source Document's metadata and add chunk metadata.
        include_prev_next_rel: PREVIOUS/NEXT relationships between consecutive nodes.
        emit_image_nodes: also emit an ImageNode per figure in the Markdown (crop path,
            caption as text), child of the text node that holds it.
        max_bboxes: at most this many boxes in a node's ``bboxes`` (default 16; never
            fewer than one per page); None keeps every merged run, 0 leaves the key out.

    Each node gets flat chunk metadata (``heading_path``, ``page_start``, ``page_end``,
    ``element_ids``, ``bboxes``, ``figure_ids``, ``table_ids``, ``footnote_ids``,
    ``has_math``, ``oversize``, ``extraction_confidence``, ``unit_kinds``,
    ``readable_id``); all but ``heading_path`` are excluded from embedding and LLM text.
    ``has_math`` and ``oversize`` are 0 or 1 (ints: ``MetadataFilter(key="has_math",
    value=1)`` works in every store; a bool value is refused by its validation).
    ``bboxes`` are whole points, merged per run of lines (`_provenance.chunk_boxes`).
    Node ids are deterministic UUIDs (``stable_node_id``); the relationship copies of
    neighbours and source leave out the bulky keys (``RELATION_DROPPED_KEYS``).
    ``start_char_idx`` / ``end_char_idx`` locate the node text in the Document text.

    ``heading_path`` starts from the page Document's ``layoutpdf_headings_at_start`` (set
    by ``LayoutPDFReader``), so the nodes do not depend on how the Documents are cut into
    batches (``IngestionPipeline(..., num_workers=N)``). Documents without it (other
    readers) continue the heading path from the previous page of the same file in the
    same call.
    """

    # validated by the Splitter in __init__ (the one rule, settings.check_chunking)
    chunk_size: int = Field(default=CHUNK_SIZE, description="Token budget of a chunk.")
    chunk_overlap: int = Field(default=CHUNK_OVERLAP, description="Token overlap between chunks.")
    encoding: str = Field(default=ENCODING, description="tiktoken encoding name.")
    emit_image_nodes: bool = Field(default=False, description="Emit an ImageNode per figure.")
    max_bboxes: Optional[int] = Field(default=MAX_BBOXES, description="Boxes per node (0: none).")
    join_pages: bool = Field(default=False, description=(
        "Split consecutive page documents of one source as one flow (a display at a page "
        "top joins the paragraph before it); chunks then depend on how pages are batched."))
    table_format: str = Field(default=TABLE_FORMAT, description=(
        "How chunks say a table: 'markdown' rows, or 'rows' (each row with its column "
        "labels: 'Net income — 2021: 1,263; 2020: 709')."))

    def __init__(self, chunk_size: int = CHUNK_SIZE, chunk_overlap: int = CHUNK_OVERLAP,
                 encoding: str = ENCODING, include_metadata: bool = True,
                 include_prev_next_rel: bool = True, emit_image_nodes: bool = False,
                 max_bboxes: int | None = MAX_BBOXES, join_pages: bool = False,
                 table_format: str = TABLE_FORMAT, **kwargs: Any) -> None:
        if max_bboxes is not None and max_bboxes < 0:
            raise ValueError(f"max_bboxes must be None or >= 0, not {max_bboxes}")
        kwargs["join_pages"] = bool(join_pages)
        Splitter(chunk_size=chunk_size, chunk_overlap=chunk_overlap,
                 table_format=table_format)   # validates
        kwargs["table_format"] = table_format
        kwargs.setdefault("id_func", stable_node_id)
        super().__init__(chunk_size=chunk_size, chunk_overlap=chunk_overlap, encoding=encoding,
                         include_metadata=include_metadata,
                         include_prev_next_rel=include_prev_next_rel,
                         emit_image_nodes=emit_image_nodes, max_bboxes=max_bboxes, **kwargs)

    @classmethod
    def from_settings(cls, settings: Settings | dict | None = None, **kwargs: Any) -> "LayoutNodeParser":
        """A parser with chunk_size/chunk_overlap/encoding/table_format from ``settings.split``."""
        split = Settings.resolve(settings).split
        return cls(chunk_size=split.chunk_size, chunk_overlap=split.chunk_overlap,
                   encoding=split.encoding, table_format=split.table_format, **kwargs)

    @classmethod
    def class_name(cls) -> str:
        return "LayoutNodeParser"

    def _parse_nodes(self, nodes: Sequence[BaseNode], show_progress: bool = False,
                     **kwargs: Any) -> list[BaseNode]:
        with gcpolicy.relaxed():     # thousands of nodes and their metadata, few cycles
            return self._parse_all(nodes, show_progress)

    def _parse_all(self, nodes: Sequence[BaseNode], show_progress: bool) -> list[BaseNode]:
        splitter = Splitter(chunk_size=self.chunk_size, chunk_overlap=self.chunk_overlap,
                            tokenizer=self.encoding, table_format=self.table_format)
        carry = HeadingCarry()
        out: list[BaseNode] = []
        nodes = list(nodes)
        # consecutive pages as one flow (_flow) when asked; else each page on its own, so a
        # page's chunks never depend on how the pages were batched (num_workers)
        runs = by_runs(nodes, _flow_page) if self.join_pages else [[n] for n in nodes]
        for run in get_tqdm_iterable(runs, show_progress, "Parsing nodes"):
            if len(run) == 1:
                out.extend(self._split_node(run[0], splitter, carry))
                continue
            hidden = getattr(run[0], "layoutpdf", None) or {}
            seed = decode_headings(hidden.get("h") or run[0].metadata.get(HEADINGS_KEY))
            pages = [_flow_page(n) for n in run]
            for node, items in zip(run, split_flow(pages, splitter, carry, seed)):
                out.extend(self._nodes(node, items, _page(node)))
        return out

    def _split_node(self, node: BaseNode, splitter: Splitter,
                    carry: HeadingCarry) -> list[BaseNode]:
        text = node.get_content(metadata_mode=MetadataMode.NONE)
        meta = node.metadata
        hidden = getattr(node, "layoutpdf", None) or {}
        segments = decode_segments(hidden.get("s"), text)
        view = split_view(text, segments)
        if not view.strip():
            return []
        page = _page(node)
        key = meta.get("file_path") or meta.get("source") or meta.get("file_name") or None
        provenance = decode_provenance(hidden.get("u") or meta.get(PROVENANCE_KEY), view)
        seed = decode_headings(hidden.get("h") or meta.get(HEADINGS_KEY))
        chunks = split_text(view, splitter, provenance, carry, key, page, seed=seed)
        return self._nodes(node, [(c, *view_offsets(c, view, segments)) for c in chunks], page)

    def _nodes(self, node: BaseNode, items: list[tuple[Any, Any, Any]],
               page: int | None) -> list[BaseNode]:
        """The nodes of `node`'s chunks, each with its (start, end) in the node text."""
        chunks = [c for c, _, _ in items]
        source = _related(node)
        embed_hidden = _unique(node.excluded_embed_metadata_keys, CHUNK_HIDDEN_KEYS)
        llm_hidden = _unique(node.excluded_llm_metadata_keys, CHUNK_HIDDEN_KEYS)
        text_nodes: list[TextNode] = []
        for i, (chunk, start, end) in enumerate(items):
            metadata = self._chunk_metadata(chunk, page, i, node)
            text_nodes.append(TextNode(
                id_=self.id_func(i, node), text=chunk.text, metadata=metadata,
                start_char_idx=start, end_char_idx=end,
                excluded_embed_metadata_keys=_present(embed_hidden, metadata),
                excluded_llm_metadata_keys=_present(llm_hidden, metadata),
                metadata_seperator=node.metadata_separator,
                metadata_template=node.metadata_template, text_template=node.text_template,
                relationships={NodeRelationship.SOURCE: source}))
        images = self._image_nodes(node, chunks, text_nodes, source) if self.emit_image_nodes else []
        return [*text_nodes, *images]

    def _chunk_metadata(self, chunk: Any, page: int | None, i: int,
                        node: BaseNode) -> dict[str, Any]:
        if not self.include_metadata:
            return {}
        meta = chunk_metadata(chunk, page, self.max_bboxes)
        for key in FLAG_KEYS:
            if isinstance(meta.get(key), bool):
                meta[key] = int(meta[key])
        meta[READABLE_ID_KEY] = node_readable_id(i, node)
        return meta

    def _image_nodes(self, node: BaseNode, chunks: list[Any], text_nodes: list[TextNode],
                     source: RelatedNodeInfo) -> list[BaseNode]:
        images: list[BaseNode] = []
        for chunk, holder in zip(chunks, text_nodes):
            children: list[RelatedNodeInfo] = []
            for unit in chunk.units:
                for ref in figure_refs(unit):
                    img = self._image_node(node, unit, ref, holder, text_nodes, source, len(images))
                    images.append(img)
                    children.append(img.as_related_node_info())
            if children:
                holder.relationships[NodeRelationship.CHILD] = children
                if self.include_metadata:
                    holder.metadata["image_node_ids"] = json.dumps([c.node_id for c in children])
                _hide(holder, ("image_node_ids",))
        return images

    def _image_node(self, node: BaseNode, unit: Any, ref: Any, holder: TextNode,
                    text_nodes: list[TextNode], source: RelatedNodeInfo, n: int) -> ImageNode:
        target = ref.target
        fig_id = target[1:] if target.startswith("#") else (unit.figure_ids[0] if unit.figure_ids else "")
        mentioned = [t.node_id for t in text_nodes
                     if t is not holder and ref.label and mentions_figure(t.text, ref.label)]
        meta: dict[str, Any] = {}
        if self.include_metadata:
            pages = sorted({p for p, _ in unit.bboxes} | set(unit.pages))
            meta = {"figure_id": fig_id, "figure_label": ref.label,
                    "text_node_id": holder.node_id, "mentioned_in": json.dumps(mentioned),
                    "page_start": pages[0] if pages else holder.metadata.get("page_start"),
                    "page_end": pages[-1] if pages else holder.metadata.get("page_end"),
                    "bboxes": json.dumps(chunk_boxes(unit.bboxes, self.max_bboxes),
                                         separators=(",", ":")),
                    READABLE_ID_KEY: node_readable_id(len(text_nodes) + n, node)}
        is_url = target.startswith(("http://", "https://"))
        img = ImageNode(
            id_=self.id_func(len(text_nodes) + n, node), text=ref.caption, metadata=meta,
            image_path=target if target and not target.startswith("#") and not is_url else None,
            image_url=target if is_url else None,
            relationships={NodeRelationship.SOURCE: source,
                           NodeRelationship.PARENT: holder.as_related_node_info()})
        _hide(img, IMAGE_HIDDEN_KEYS + ("page_start", "page_end", "bboxes", READABLE_ID_KEY))
        return img

    def _postprocess_parsed_nodes(self, nodes: list[BaseNode],
                                  parent_doc_map: dict[str, Document]) -> list[BaseNode]:
        texts = [n for n in nodes if not isinstance(n, ImageNode)]
        images = [n for n in nodes if isinstance(n, ImageNode)]
        texts = super()._postprocess_parsed_nodes(texts, parent_doc_map)
        for img in images:   # one at a time: image nodes are not in the PREVIOUS/NEXT chain
            super()._postprocess_parsed_nodes([img], parent_doc_map)
        for n in (*texts, *images):   # page-document machinery; chunks have heading_path
            n.metadata.pop(PROVENANCE_KEY, None)
            n.metadata.pop(HEADINGS_KEY, None)
            for keys in (n.excluded_embed_metadata_keys, n.excluded_llm_metadata_keys):
                keys[:] = [k for k in keys if k not in (PROVENANCE_KEY, HEADINGS_KEY)]
            if self.max_bboxes == 0:
                n.metadata.pop("bboxes", None)
            _slim_relations(n)
        return [*texts, *images]


def _slim(info: RelatedNodeInfo, own: dict | None = None) -> RelatedNodeInfo:
    """A relationship copy without the keys that grow with the chunk, nor (given `own`,
    the holder's metadata) the values the holder already has."""
    meta = info.metadata or {}
    kept = {k: v for k, v in meta.items() if k not in RELATION_DROPPED_KEYS
            and (own is None or k not in own or own[k] != v)}
    if len(kept) == len(meta):
        return info
    return RelatedNodeInfo(node_id=info.node_id, node_type=info.node_type, hash=info.hash,
                           metadata=kept)


def _slim_relations(node: BaseNode) -> None:
    """Every relationship copy slimmed: a neighbour is a chunk of the same page and the
    source is that page, so their page keys are the node's own (stored once, on it)."""
    for rel, info in list(node.relationships.items()):
        node.relationships[rel] = ([_slim(i, node.metadata) for i in info]
                                   if isinstance(info, list) else _slim(info, node.metadata))


def _page(node: BaseNode) -> int | None:
    page = node.metadata.get("page")
    return page if isinstance(page, int) and not isinstance(page, bool) else None


def _present(hidden: Sequence[str], metadata: dict[str, Any]) -> list[str]:
    """The hidden keys a node names: ours only where its metadata has them (the lists are
    stored with every node), the page document's own as they are."""
    return [k for k in hidden if k in metadata or k not in CHUNK_HIDDEN_KEYS]


def _flow_page(node: BaseNode) -> FlowPage | None:
    """The node as a page of a flow: a LayoutPDFReader page Document, else None."""
    hidden = getattr(node, "layoutpdf", None) or {}
    page = _page(node)
    if not hidden.get("u") or page is None:
        return None
    text = node.get_content(metadata_mode=MetadataMode.NONE)
    segments = decode_segments(hidden.get("s"), text)
    view = split_view(text, segments)
    meta = node.metadata
    key = meta.get("file_path") or meta.get("source") or meta.get("file_name") or None
    return FlowPage(view, segments, decode_provenance(hidden["u"], view), key, page)


def _related(node: BaseNode) -> RelatedNodeInfo:
    """SOURCE relation to `node`, without the bulky hidden provenance in its metadata copy."""
    return _slim(node.as_related_node_info())


def _hide(node: BaseNode, keys: Sequence[str]) -> None:
    node.excluded_embed_metadata_keys = _unique(node.excluded_embed_metadata_keys, keys)
    node.excluded_llm_metadata_keys = _unique(node.excluded_llm_metadata_keys, keys)
