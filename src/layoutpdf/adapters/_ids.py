"""Ids the adapters give page documents, chunks and files: deterministic, and UUIDs.

Vector stores de-duplicate by id, so an id must be the same in every run, process and
worker (LlamaIndex's and LangChain's defaults are random uuid4s); and some stores (Qdrant,
Weaviate) take only UUIDs or unsigned integers as point ids. So every id is a uuid5 of a
readable id, and the readable id is kept in the metadata key ``readable_id``:

- a page document: ``layoutpdf-<hash of the file's path>-p<page>`` (``-all`` for a whole
  file in single mode). Without the page text in it, an edited page keeps its id, so
  LlamaIndex's docstore upserts replace the page's chunks rather than add beside them; a
  source without a path (bytes, a file object) is named by its content hash instead;
- a chunk: ``<readable id of its document>-n<i>``, i its position in that document;
- a file: ``file_id``, the content hash of the PDF (``file_id="path"``: of its path), on
  every page document and chunk: the one key to filter, delete or update a whole file by.
"""
from __future__ import annotations

import hashlib
import io
import os
import uuid
from typing import Any

NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "layoutpdf:ids")
READABLE_ID_KEY = "readable_id"
FILE_ID_KEY = "file_id"
FILE_ID_MODES = ("content", "path")
_CHUNK = 1 << 20


def as_uuid(readable: str) -> str:
    """The UUID form of a readable id (the same string gives the same UUID everywhere)."""
    return str(uuid.uuid5(NAMESPACE, readable))


def _digest(data: bytes | str, size: int = 16) -> str:
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return hashlib.blake2b(raw, digest_size=size).hexdigest()


def check_file_id_mode(mode: str) -> str:
    if mode not in FILE_ID_MODES:
        raise ValueError(f"file_id must be one of {FILE_ID_MODES}, not {mode!r}")
    return mode


def content_hash(source: Any) -> str:
    """The PDF's content hash (32 hex digits) from a path, bytes or a seekable file object."""
    h = hashlib.blake2b(digest_size=16)
    if isinstance(source, (bytes, bytearray, memoryview)):
        h.update(bytes(source))
    elif isinstance(source, (str, os.PathLike)):
        with open(os.fspath(source), "rb") as fh:
            for block in iter(lambda: fh.read(_CHUNK), b""):
                h.update(block)
    else:
        at = source.tell()
        for block in iter(lambda: source.read(_CHUNK), b""):
            h.update(block)
        source.seek(at, io.SEEK_SET)
    return h.hexdigest()


def file_id(source: Any, path: str, mode: str = "content") -> str:
    """A whole file's key: its content hash, or (mode "path", when there is one) its path's."""
    if mode == "path" and path:
        return _digest(os.path.abspath(path))
    return content_hash(source)


def page_readable_id(path: str, fid: str, page: int | None) -> str:
    """Readable id of a page document (page None: the whole file)."""
    base = _digest(path, 12) if path else fid[:24]
    return f"layoutpdf-{base}-" + ("all" if page is None else f"p{page}")


def chunk_readable_id(parent: str, i: int) -> str:
    return f"{parent}-n{i}"


def node_readable_id(i: int, doc: Any) -> str:
    """A node's readable id: its document's readable id (else its id) and its position."""
    meta = getattr(doc, "metadata", None) or {}
    parent = meta.get(READABLE_ID_KEY) if isinstance(meta.get(READABLE_ID_KEY), str) else None
    return chunk_readable_id(parent or getattr(doc, "id_", "") or getattr(doc, "node_id", ""), i)


def stable_node_id(i: int, doc: Any) -> str:
    """Node id: the UUID of its readable id, so the same input gives the same ids in every
    run, process and worker (LlamaIndex's default is a random uuid4), in a form every
    vector store takes as a point id (Qdrant and Weaviate take only UUIDs or integers)."""
    return as_uuid(node_readable_id(i, doc))
