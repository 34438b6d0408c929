"""Errors are data: per-page `Issue`s on the document; unreadable input raises.

What `parse()` (and `iter_pages()`, the adapters, the CLI) can raise:

- a `LayoutPDFError` subclass for anything that is wrong with the *input* or the settings:

  ===================== ========================================================
  NotAPDFError          not a PDF at all (no ``%PDF`` header; empty file; text-mode file object)
  EncryptedPDFError     a password is needed (none given) or the one given is wrong
  CorruptPDFError       damaged beyond repair (MuPDF cannot open it, no readable pages)
  ResourceLimitError    over a `Settings.limits` cap while ``strict=True``
  SettingsError         unknown or invalid settings (also a ``ValueError``)
  OutputPathError       an output path that cannot be used safely: a file where an output
                        folder is needed, a symlink where layoutpdf makes a folder itself
  PageProcessingError   a stage failed on a page while ``strict=True``
  WorkerCrashedError    the worker process parsing it died (a signal: a crash inside MuPDF);
                        raised by `layoutpdf.ray` (batch reports it as a failed outcome)
  ===================== ========================================================

  A MuPDF exception from inside the engine never escapes as such: on open it becomes one of
  the errors above; on a page it becomes an `Issue` (or `PageProcessingError` when strict);
  on a figure crop (`save_figures`, ``image_dir``, ``--figures``) an Issue
  ``figure_crop_failed`` and no ``image_path`` for that figure.

- Python's own errors for a wrong *call*, which are the caller's bug and are not wrapped:
  ``FileNotFoundError`` / ``IsADirectoryError`` / ``PermissionError`` (any ``OSError``) for a
  path that cannot be read, ``TypeError`` for a source that is not a path, bytes or a binary
  file object, ``ValueError`` for page indexes outside the document.

A batch over folders of unknown PDFs therefore catches ``(LayoutPDFError, OSError)``.
Everything that goes wrong on one page only is recorded as an `Issue` and never raises
unless ``Settings(strict=True)``.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Issue:
    """A problem found while processing one page (page=None: the whole document).

    ``code`` is a short stable identifier (``stage_failed``, ``too_many_drawings``,
    ``too_many_spans``, ``slow_page``, ``time_budget``, ``max_pages``, ``repaired``,
    ``no_text_layer``, ``missing_header``, ``damaged_content``, ``page_tree_repaired``,
    ``image_not_decoded``, ``ocr_time_budget`` ...); ``message`` says what happened in words.
    """
    stage: str
    page: int | None
    code: str
    message: str


class LayoutPDFError(Exception):
    """Base class of every error layoutpdf raises on purpose."""


class NotAPDFError(LayoutPDFError):
    """The input is not a PDF at all (check the file type; re-export it as PDF)."""


class EncryptedPDFError(LayoutPDFError):
    """The PDF needs a password, or the password given was wrong.

    Owner-password-only PDFs (copy/print restrictions) open without one.
    """


class CorruptPDFError(LayoutPDFError):
    """The PDF is damaged beyond what repair can recover (try qpdf or re-saving it)."""


class ResourceLimitError(LayoutPDFError):
    """The document exceeds a configured limit (`Settings.limits`) and strict mode is on."""


class SettingsError(LayoutPDFError, ValueError):
    """Invalid or unknown settings."""


class OutputPathError(LayoutPDFError):
    """An output path cannot be used: a file where the output folder should be, or a
    symlink (or anything but a real folder) where layoutpdf creates a folder itself."""


class OCRUnavailableError(LayoutPDFError):
    """OCR is needed (ocr.mode='always', or a scanned page under strict=True) but Tesseract or
    one of its language packs is not installed; the message names the package to install."""


class PageProcessingError(LayoutPDFError):
    """A stage failed on a page while Settings.strict was on."""


class WorkerCrashedError(LayoutPDFError):
    """The process parsing the document died (killed by a signal: a crash inside MuPDF, or
    the system's out-of-memory killer); the message names the signal."""
