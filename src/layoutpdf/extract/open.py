"""Open a PDF from a path, bytes or a binary file object, with typed errors."""
from __future__ import annotations

import os
from typing import Any, BinaryIO, Union

import threading

import pymupdf

from ..errors import CorruptPDFError, EncryptedPDFError, Issue, LayoutPDFError, NotAPDFError
from .preflight import page_tree_problem
from .page_tree import page_tree_issues

Source = Union[str, os.PathLike, bytes, bytearray, memoryview, BinaryIO]

PYMUPDF_LOCK = threading.RLock()   # PyMuPDF is not thread-safe

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
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise TypeError(f"{type(source).__name__}.read() returned {type(data).__name__}, not bytes")
        return bytes(data)
    raise TypeError(f"parse() takes a path, bytes or a binary file object, not {type(source).__name__}")


def read_source(source: Source) -> Source:
    """A source that can be opened more than once: a file object is read into bytes."""
    data = _read_bytes(source)
    return source if data is None else data


def open_pdf(source: Source, password: str | None = None) -> pymupdf.Document:
    """Open and authenticate; raise NotAPDFError / EncryptedPDFError / CorruptPDFError.

    A path that cannot be read raises the OSError (FileNotFoundError, ...) as it is; a wrong
    argument type raises TypeError. Nothing MuPDF raises escapes as a raw MuPDF error.
    """
    if password is not None and not isinstance(password, str):
        raise TypeError(f"password must be a str or None, not {type(password).__name__}")
    name = source_name(source)
    data = _read_bytes(source)
    if data is None:
        path = os.fspath(source)  # type: ignore[arg-type]
        if not os.path.exists(path):
            raise FileNotFoundError(2, "No such file", path)
        with open(path, "rb") as fh:
            head = fh.read(1024)
    else:
        head = data[:1024]
    if not head:
        raise NotAPDFError(f"{name}: the file is empty (0 bytes), not a PDF; check that it was "
                           "downloaded or copied completely")
    headerless = b"%PDF" not in head
    try:
        doc = pymupdf.open(stream=data, filetype="pdf") if data is not None \
            else pymupdf.open(os.fspath(source), filetype="pdf")  # type: ignore[arg-type]
    except MemoryError:
        raise
    except Exception as exc:  # MuPDF raises FileDataError/RuntimeError on broken files
        if headerless:
            raise NotAPDFError(_NOT_A_PDF.format(name=name)) from exc
        raise CorruptPDFError(f"{name}: the PDF is damaged and could not be repaired ({_short(exc)}); "
                              "try re-saving it with a PDF tool (e.g. qpdf, a viewer's 'Save as')") from exc
    if headerless:
        _check_headerless(doc, name)
    try:
        doc = _authenticate(doc, name, password)
        problem = page_tree_problem(doc)
        if problem:
            _close(doc)
            raise CorruptPDFError(f"{name}: the PDF is damaged or hostile: {problem}, so its "
                                  "pages are not loaded; try repairing it with qpdf "
                                  "(qpdf in.pdf out.pdf) or re-exporting it")
        return doc
    except LayoutPDFError:
        raise
    except Exception as exc:  # a broken trailer/encryption dictionary or page tree
        _close(doc)
        raise CorruptPDFError(f"{name}: the PDF is damaged (its trailer, encryption dictionary "
                              f"or page tree cannot be read: {_short(exc)}); try repairing it "
                              "with qpdf or re-exporting it") from exc


_NOT_A_PDF = ("{name}: not a PDF (no %PDF header in the first 1 KiB); check the file type "
              "or re-export it as PDF")


def _check_headerless(doc: pymupdf.Document, name: str) -> None:
    """A file without a `%PDF-` header is read when MuPDF finds a PDF in it (viewers do:
    the header was cut off or overwritten); `open_issues` then says so (missing_header).
    Anything else (a PNG, an HTML error page, text) is not a PDF."""
    try:
        pages = doc.page_count if doc.is_pdf else 0
    except Exception:
        pages = 0
    if pages < 1:
        _close(doc)
        raise NotAPDFError(_NOT_A_PDF.format(name=name))
    doc.layoutpdf_headerless = True   # read by open_issues


def _authenticate(doc: pymupdf.Document, name: str, password: str | None) -> pymupdf.Document:
    if doc.needs_pass:
        if password is None:
            _close(doc)
            raise EncryptedPDFError(f"{name}: the PDF is encrypted and needs a password; pass "
                                    "password=... (CLI: --password or the LAYOUTPDF_PASSWORD "
                                    "environment variable)")
        if not doc.authenticate(password):
            _close(doc)
            raise EncryptedPDFError(f"{name}: the password given is wrong: it does not open this "
                                    "encrypted PDF; check it (user or owner password)")
    # owner-password-only PDFs (copy/print restrictions) need no password and open here
    if doc.page_count == 0:
        _close(doc)
        raise CorruptPDFError(f"{name}: the PDF has no readable pages (damaged page tree); "
                              "try repairing it with qpdf or re-exporting it")
    return doc


def open_issues(doc: pymupdf.Document) -> list[Issue]:
    """Document-level issues known right after opening (e.g. the xref had to be rebuilt)."""
    out = []
    if getattr(doc, "layoutpdf_headerless", False):
        out.append(Issue("open", None, "missing_header", "the file does not start with a %PDF- "
                         "header (cut off or overwritten) but holds a PDF, which was read; "
                         "some content may be missing"))
    try:
        repaired = bool(doc.is_repaired)
    except Exception:
        repaired = False
    if repaired:
        out.append(Issue("open", None, "repaired", "the PDF was damaged (broken xref/trailer) "
                         "and was repaired while opening; some content may be missing"))
    return out + page_tree_issues(doc)


def pdf_metadata(doc: pymupdf.Document, name: str) -> dict[str, Any]:
    try:
        raw = doc.metadata or {}
    except Exception:  # a damaged Info dictionary is not worth failing the document for
        raw = {}
    meta: dict[str, Any] = {k: v for k, v in raw.items() if v and isinstance(v, str)}
    meta["page_count"] = doc.page_count
    meta["file_name"] = os.path.basename(name) if name and not name.startswith("<") else ""
    return meta


def _short(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text if len(text) <= 200 else text[:197] + "..."


def _close(doc: pymupdf.Document) -> None:
    try:
        doc.close()
    except Exception:
        pass


def is_layoutpdf_error(exc: BaseException) -> bool:
    return isinstance(exc, LayoutPDFError)


__all__ = ["Source", "open_pdf", "open_issues", "pdf_metadata", "read_source", "source_name"]
