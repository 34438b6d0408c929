"""Sources: what the adapters parse, and parsing it.

`parse_locked` parses under the engine's one PyMuPDF lock (LlamaIndex's aload_data and
LangChain's alazy_load run readers in worker threads, and PyMuPDF must not run on two at
once) and writes the figure crops of an ``image_dir`` at the settings' ``crop_dpi``.

The LangChain loader reads a local path, or an http(s) URL fetched once, as LangChain's
PDF loaders do: ``~`` is expanded; a path that is not a file but an http(s)
URL is downloaded (with ``headers``) into a temporary directory kept for the loader's
lifetime, ``web_path`` keeps the URL and ``file_path`` the local copy; anything else that
is not a file raises ``ValueError`` at construction.
"""
from __future__ import annotations

import logging
import os
import tempfile
import urllib.parse
import urllib.request
from typing import Any

from ..extract import PYMUPDF_LOCK
from ..model import Document
from ..settings import Settings

log = logging.getLogger("layoutpdf.adapters")

DEFAULT_PAGES_DELIMITER = "\n\f"     # PyMuPDFLoader's: joins pages in single mode
DOWNLOAD_TIMEOUT_S = 60


def is_url(path: str) -> bool:
    parsed = urllib.parse.urlparse(path)
    return parsed.scheme in ("http", "https") and bool(parsed.netloc)


def resolve_source(file_path: Any, headers: dict | None) -> tuple[str, str | None, Any]:
    """(local path, web path or None, temporary directory to keep alive or None)."""
    path = os.fspath(file_path) if not isinstance(file_path, str) else file_path
    path = str(path)
    if "~" in path:
        path = os.path.expanduser(path)
    if os.path.isfile(path):
        return path, None, None
    if not is_url(path):
        raise ValueError(f"File path {path} is not a valid file or url")
    tmp = tempfile.TemporaryDirectory(prefix="layoutpdf-")
    name = os.path.basename(urllib.parse.urlparse(path).path) or "download.pdf"
    local = os.path.join(tmp.name, "tmp" + (os.path.splitext(name)[1] or ".pdf"))
    request = urllib.request.Request(path, headers=dict(headers or {}))
    try:
        with urllib.request.urlopen(request, timeout=DOWNLOAD_TIMEOUT_S) as resp:
            status = getattr(resp, "status", 200)
            if status != 200:
                raise ValueError(f"Check the url of your file; returned status code {status}")
            data = resp.read()
    except OSError as exc:
        tmp.cleanup()
        raise ValueError(f"could not download {path}: {exc}") from exc
    with open(local, "wb") as fh:
        fh.write(data)
    return local, path, tmp


def parse_locked(source: Any, settings: Settings, password: str | None,
                 image_dir: str | None = None) -> Document:
    """parse() under PYMUPDF_LOCK; with image_dir, figure crops are written there too."""
    from .. import pipeline
    with PYMUPDF_LOCK:
        doc = pipeline.parse(source, settings, password=password)
        if image_dir is not None and doc.figures:
            doc = _save_figures(doc, image_dir, settings)
    return doc


def _save_figures(doc: Document, image_dir: str, settings: Settings) -> Document:
    """Crops at `figures.crop_dpi`, within `limits.max_crop_pixels`; a failure is logged."""
    from ..figures_io import save_figures
    try:
        return save_figures(doc, image_dir, settings=settings)
    except (ImportError, AttributeError, NotImplementedError, OSError, ValueError) as exc:
        log.warning("figure crops not written to %s: %s: %s", image_dir, type(exc).__name__, exc)
        return doc


def readable_source(source: Any) -> Any:
    """A binary file object read into bytes (parse() takes those; the file id hashes them);
    anything else as it is."""
    read = getattr(source, "read", None)
    if callable(read) and not isinstance(source, (str, bytes, bytearray, os.PathLike)):
        data = read()
        if isinstance(data, str):
            raise TypeError("a PDF file object must be opened in binary mode ('rb')")
        return data
    return source


def source_string(source: Any) -> str:
    """A path-like source as a string; a file object's name; else ""."""
    if isinstance(source, (str, os.PathLike)):
        return os.fspath(source)
    return str(getattr(source, "name", "") or "")
