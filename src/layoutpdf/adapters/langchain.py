"""LangChain adapter: `LayoutPDFLoader` (a document loader) and `LayoutTextSplitter`.

    from layoutpdf.langchain import LayoutPDFLoader, LayoutTextSplitter

    chunks = LayoutPDFLoader("paper.pdf").load_and_split()     # layoutpdf's splitter, 512 tokens
    pages = LayoutPDFLoader("paper.pdf").load()                # one Document per page

The loader's metadata matches ``PyMuPDFLoader`` (``source``, ``file_path``, ``page``
0-based, ``total_pages``, and the PDF document-info keys) plus ``page_label``,
``layoutpdf_issues`` and ``text_source``. ``load_and_split()`` without an argument uses
``LayoutTextSplitter`` with the loader settings' ``split.chunk_size`` (tokens), not
LangChain's default 4,000-character splitter.

In page mode each page Document also has ``layoutpdf_headings_at_start``: the headings in
force where the page starts (JSON ``[[level, "text"], ...]``). ``LayoutTextSplitter``
starts the page's ``heading_path`` from it, so pages split in separate batches or
processes get the same chunks as the whole file split in order; chunks do not keep it.
"""
from __future__ import annotations

import copy
import os
from typing import Any, Callable, Iterator, Sequence

from ..settings import Settings
from ..split import Splitter, ensure_tiktoken_cache
from ._common import (HEADINGS_KEY, HeadingCarry, Part, Provenance, chunk_metadata,
                      chunk_offsets, check_mode, decode_headings, encode_headings,
                      headings_at_start, missing_framework, parse_locked, part_metadata,
                      parts_of, pdf_info, provenance_of, settings_dict, split_text, to_settings)

try:
    from langchain_core.document_loaders import BaseLoader
    from langchain_core.documents import Document
    from langchain_text_splitters import TextSplitter
except ImportError as _exc:  # pragma: no cover - exercised only without the extra
    raise missing_framework("langchain-core / langchain-text-splitters (needed by "
                            "layoutpdf.langchain)", "langchain", _exc) from _exc

__all__ = ["LayoutPDFLoader", "LayoutTextSplitter"]


class LayoutTextSplitter(TextSplitter):
    """Structure-aware, token-based splitter for Markdown (best with layoutpdf's own).

    Never cuts a ``$$`` block, keeps footnote definitions with their anchors, captions with
    their figures and tables, and a heading with what follows. ``chunk_size`` and
    ``chunk_overlap`` are tiktoken tokens (``encoding``; a callable counting tokens is
    also accepted, e.g. ``length_function=``). Output Documents get flat chunk metadata
    (``heading_path``, ``page_start``, ``page_end``, ``element_ids``, ``bboxes``, ...).
    """

    def __init__(self, chunk_size: int = 512, chunk_overlap: int = 0,
                 encoding: str | Callable[[str], Any] = "cl100k_base", **kwargs: Any) -> None:
        tokenizer = kwargs.pop("length_function", None) or encoding
        if isinstance(tokenizer, str):
            ensure_tiktoken_cache()
        self._layout = Splitter(chunk_size=chunk_size, chunk_overlap=chunk_overlap,
                                tokenizer=tokenizer)
        super().__init__(chunk_size=chunk_size, chunk_overlap=chunk_overlap,
                         length_function=self._layout.count_tokens, **kwargs)

    @classmethod
    def from_settings(cls, settings: Settings | dict | None = None,
                      **kwargs: Any) -> "LayoutTextSplitter":
        split = to_settings(settings_dict(settings)).split
        return cls(chunk_size=split.chunk_size, chunk_overlap=split.chunk_overlap,
                   encoding=split.encoding, **kwargs)

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

    def _documents(self, text: str, meta: dict[Any, Any], provenance: Sequence[Provenance] | None,
                   carry: HeadingCarry) -> list[Document]:
        page = meta.get("page") if isinstance(meta.get("page"), int) else None
        key = meta.get("source") or meta.get("file_path") or None
        seed = decode_headings(meta.get(HEADINGS_KEY))
        docs = []
        for chunk in split_text(text, self._layout, provenance, carry, key, page, seed=seed):
            metadata = copy.deepcopy(meta)
            metadata.pop(HEADINGS_KEY, None)
            metadata.update(chunk_metadata(chunk, page))
            if self._add_start_index:
                metadata["start_index"] = chunk_offsets(chunk, text)[0]
            docs.append(Document(page_content=chunk.text, metadata=metadata))
        return docs


class LayoutPDFLoader(BaseLoader):
    """Load a PDF as layoutpdf Markdown: one Document per page (default) or per file.

    Args:
        file_path: path of the PDF.
        mode: ``"page"`` (one Document per page with text; a paragraph continued across
            a page break stays on the page where it starts) or ``"single"``.
        settings: a layoutpdf ``Settings``, a dict, or None; ``split`` sets the chunking
            of ``load_and_split()``.
        password: password for an encrypted PDF.
        image_dir: directory for figure crops referenced from the Markdown (optional).
    """

    def __init__(self, file_path: str | os.PathLike, *, mode: str = "page",
                 settings: Settings | dict | None = None, password: str | None = None,
                 image_dir: str | None = None) -> None:
        self.file_path = os.fspath(file_path)
        self.source = self.file_path
        self.mode = check_mode(mode)
        self.settings = settings_dict(settings)
        self.password = password
        self.image_dir = image_dir

    def _parts(self) -> tuple[Any, list[Part]]:
        doc = parse_locked(self.file_path, to_settings(self.settings), self.password,
                           self.image_dir)
        return doc, parts_of(doc, self.mode, self.image_dir)

    def lazy_load(self) -> Iterator[Document]:
        doc, parts = self._parts()
        base = self._base_metadata(doc)
        for part, start in zip(parts, self._starts(parts)):
            yield Document(page_content=part.text, metadata=self._metadata(base, doc, part, start))

    def load_and_split(self, text_splitter: TextSplitter | None = None) -> list[Document]:
        """Load and split; without a splitter, layoutpdf's, sized by ``settings.split``.

        With a ``LayoutTextSplitter`` (the default) the chunks also get the element ids
        and boxes of the parsed document; any other splitter gets ``self.load()``.
        """
        if text_splitter is None:
            text_splitter = LayoutTextSplitter.from_settings(self.settings)
        if not isinstance(text_splitter, LayoutTextSplitter):
            return text_splitter.split_documents(self.load())
        doc, parts = self._parts()
        base = self._base_metadata(doc)
        carry = HeadingCarry()
        out: list[Document] = []
        for part, start in zip(parts, self._starts(parts)):
            out.extend(text_splitter._documents(part.text, self._metadata(base, doc, part, start),
                                                provenance_of(part.units), carry))
        return out

    def _starts(self, parts: list[Part]) -> list[Any]:
        return headings_at_start(parts) if self.mode == "page" else [None] * len(parts)

    def _base_metadata(self, doc: Any) -> dict[str, Any]:
        info = pdf_info(doc)
        meta: dict[str, Any] = {
            "producer": info.pop("producer"), "creator": info.pop("creator"),
            "creationdate": info.pop("creationdate"), "source": self.source,
            "file_path": self.file_path, "total_pages": 0,
        }
        meta.update(info)
        return meta

    def _metadata(self, base: dict[str, Any], doc: Any, part: Part,
                  headings: Any = None) -> dict[str, Any]:
        meta = dict(base)
        meta.update(part_metadata(doc, part))
        if headings is not None:
            meta[HEADINGS_KEY] = encode_headings(headings)
        if part.page is not None:   # PyMuPDFLoader's key order: page last of its keys
            meta["page"] = meta.pop("page")
        return meta

