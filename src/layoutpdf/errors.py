"""Errors are data: per-page `Issue`s on the document; unreadable input raises."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Issue:
    """A problem found while processing one page (page=None: the whole document)."""
    stage: str
    page: int | None
    code: str
    message: str


class LayoutPDFError(Exception):
    """Base class of every error layoutpdf raises on purpose."""


class NotAPDFError(LayoutPDFError):
    """The input is not a PDF at all."""


class EncryptedPDFError(LayoutPDFError):
    """The PDF needs a password, or the password given was wrong."""


class CorruptPDFError(LayoutPDFError):
    """The PDF is damaged beyond what repair can recover."""


class ResourceLimitError(LayoutPDFError):
    """The document exceeds a configured limit (pages, size) and strict mode is on."""


class SettingsError(LayoutPDFError, ValueError):
    """Invalid or unknown settings."""


class PageProcessingError(LayoutPDFError):
    """A stage failed on a page while Settings.strict was on."""
