"""Open a PDF from a path, bytes or a binary file object, with typed errors."""
from __future__ import annotations

import io
import os
from typing import Any, BinaryIO, Union

import pymupdf

from ..errors import CorruptPDFError, EncryptedPDFError, LayoutPDFError, NotAPDFError

Source = Union[str, os.PathLike, bytes, bytearray, memoryview, BinaryIO]

pymupdf.TOOLS.mupdf_display_errors(False)   # MuPDF's repair chatter goes to our issues, not stderr
pymupdf.TOOLS.mupdf_display_warnings(False)


def source_name(source: Source) -> str:
    if isinstance(source, (str, os.PathLike)):
        return os.fspath(source)
    return str(getattr(source, "name", "") or "<bytes>")


def _read_bytes(source: Source) -> bytes | None:
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source)
    if isinstance(source, (str, os.PathLike)):
        return None
    if hasattr(source, "read"):
        data = source.read()
        if isinstance(data, str):
            raise NotAPDFError("the file object is opened in text mode; open it with 'rb'")
        return data
    raise TypeError(f"parse() takes a path, bytes or a binary file object, not {type(source).__name__}")


def open_pdf(source: Source, password: str | None = None) -> pymupdf.Document:
    """Open and authenticate; raise NotAPDFError / EncryptedPDFError / CorruptPDFError."""
    name = source_name(source)
    data = _read_bytes(source)
    if data is None:
        path = os.fspath(source)  # type: ignore[arg-type]
        if not os.path.exists(path):
            raise FileNotFoundError(path)
        with open(path, "rb") as fh:
            head = fh.read(1024)
    else:
        head = data[:1024]
    if b"%PDF" not in head:
        raise NotAPDFError(f"{name}: not a PDF (no %PDF header in the first 1 KiB); "
                           "check the file type or re-export it as PDF")
    try:
        doc = pymupdf.open(stream=data, filetype="pdf") if data is not None \
            else pymupdf.open(os.fspath(source), filetype="pdf")  # type: ignore[arg-type]
    except Exception as exc:  # MuPDF raises FileDataError/RuntimeError on broken files
        raise CorruptPDFError(f"{name}: the PDF is damaged and could not be repaired ({exc}); "
                              "try re-saving it with a PDF tool (e.g. qpdf, a viewer's 'Save as')") from exc
    return _authenticate(doc, name, password)


def _authenticate(doc: pymupdf.Document, name: str, password: str | None) -> pymupdf.Document:
    if not doc.needs_pass:
        if doc.page_count == 0:
            doc.close()
            raise CorruptPDFError(f"{name}: the PDF has no readable pages (damaged page tree); "
                                  "try repairing it with qpdf or re-exporting it")
        return doc
    if password is None:
        doc.close()
        raise EncryptedPDFError(f"{name}: the PDF is encrypted and needs a password; pass "
                                "password=... (CLI: --password or LAYOUTPDF_PASSWORD)")
    if not doc.authenticate(password):
        doc.close()
        raise EncryptedPDFError(f"{name}: the password given does not open this encrypted PDF")
    return doc


def pdf_metadata(doc: pymupdf.Document, name: str) -> dict[str, Any]:
    meta: dict[str, Any] = {k: v for k, v in (doc.metadata or {}).items() if v}
    meta["page_count"] = doc.page_count
    meta["file_name"] = os.path.basename(name) if name and not name.startswith("<") else ""
    return meta


def is_layoutpdf_error(exc: BaseException) -> bool:
    return isinstance(exc, LayoutPDFError)


__all__ = ["Source", "open_pdf", "pdf_metadata", "source_name", "io"]
