"""Where the LangChain loader reads from: a local path, or an http(s) URL fetched once.

As LangChain's PDF loaders do: ``~`` is expanded; a path that is not a file but an http(s)
URL is downloaded (with ``headers``) into a temporary directory kept for the loader's
lifetime, ``web_path`` keeps the URL and ``file_path`` the local copy; anything else that
is not a file raises ``ValueError`` at construction.
"""
from __future__ import annotations

import os
import tempfile
import urllib.parse
import urllib.request
from typing import Any

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
