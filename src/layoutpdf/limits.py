"""Whole-document guards: a wall clock for reading a document, and a memory ceiling.

- `DocumentClock`: pages are read until `limits.document_time_budget_s` has passed; the
  rest are not read and one Issue (``document_time_budget``) says which (``strict=True``:
  `ResourceLimitError`). OCR is paid from the same budget, and only from its first
  `OCR_SHARE`: past that, pages are no longer OCR'd but read from their own text layer
  (flagged extraction_confidence low, Issue ``ocr_time_budget``), so a long scanned or
  garbled document still yields every page within the budget.
- `apply_memory_limit`: caps the address space of *this process* (``RLIMIT_AS``) at what it
  uses now plus `limits.max_memory_mb`. The batch workers, the Ray tasks and the CLI call
  it through `layoutpdf.workers.limit_memory`; a library caller decides for its own process (a limit on the process is a limit on
  everything else in it too). Past the cap an allocation fails: Python raises MemoryError,
  MuPDF an error naming the failed malloc; `out_of_memory_is_a_limit` turns both into
  `ResourceLimitError` for the document, so a bomb fails one document, never the machine.
"""
from __future__ import annotations

import contextlib
import contextvars
import os
import re
import time
from typing import Iterator, Sequence

from .errors import Issue, ResourceLimitError
from .settings import Settings

_OOM = re.compile(r"\b(?:m|c|re)alloc\b.*\bfailed\b|out of memory|cannot allocate memory",
                  re.IGNORECASE)


OCR_SHARE = 0.5   # of the document's time budget OCR may use; the rest reads the other pages


class DocumentClock:
    """The wall-clock budget of one document's reading."""

    def __init__(self, settings: Settings, name: str) -> None:
        self.budget = settings.limits.document_time_budget_s
        self.strict = settings.strict
        self.name = name
        self.started = time.perf_counter()
        self.deadline = self.started + self.budget

    def __enter__(self) -> "DocumentClock":
        """The clock of the document being read in this context (`current_clock`)."""
        self._token = _CURRENT.set(self)
        return self

    def __exit__(self, *exc: object) -> None:
        _CURRENT.reset(self._token)

    def ocr_allowed(self, index: int, issues: list[Issue]) -> bool:
        """Whether page `index` may still be OCR'd: while less than OCR_SHARE of the
        budget has passed. When not, an Issue says the page keeps its text layer."""
        if time.perf_counter() - self.started < OCR_SHARE * self.budget:
            return True
        issues.append(Issue("ocr", index, "ocr_time_budget",
                            f"page {index + 1}: not OCR'd, {OCR_SHARE:.0%} of "
                            f"limits.document_time_budget_s={self.budget:g}s had passed; its own "
                            "text layer is kept, marked extraction_confidence low (raise the "
                            "limit, or pass pages= to OCR these pages)"))
        return False

    def over(self, remaining: Sequence[int], issues: list[Issue]) -> bool:
        """True once the budget is spent (the pages in `remaining` are then not read:
        an Issue says so, or strict raises)."""
        if time.perf_counter() <= self.deadline or not remaining:
            return False
        message = (f"{self.name}: reading stopped after limits.document_time_budget_s="
                   f"{self.budget:g}s; {len(remaining)} page(s) not read (pages "
                   f"{remaining[0] + 1}-{remaining[-1] + 1}); raise the limit or pass pages=")
        if self.strict:
            raise ResourceLimitError(message)
        issues.append(Issue("extract", None, "document_time_budget", message))
        return True


_CURRENT: contextvars.ContextVar[DocumentClock | None] = contextvars.ContextVar(
    "layoutpdf_document_clock", default=None)


def current_clock() -> DocumentClock | None:
    """The clock of the document being read here (inside `with DocumentClock(...)`)."""
    return _CURRENT.get()


def is_out_of_memory(exc: BaseException) -> bool:
    """A MemoryError, or a MuPDF error that says an allocation failed."""
    return isinstance(exc, MemoryError) or bool(_OOM.search(str(exc)))


@contextlib.contextmanager
def out_of_memory_is_a_limit(source: object, settings: Settings) -> Iterator[None]:
    """Turn running out of memory (under `apply_memory_limit` or the machine's own) into
    `ResourceLimitError` naming the document."""
    try:
        yield
    except MemoryError:
        from .extract.open import source_name
        cap = settings.limits.max_memory_mb
        raise ResourceLimitError(
            f"{source_name(source)}: ran out of memory while parsing (the process's address "
            f"space limit, limits.max_memory_mb={cap} in batch/ray/CLI workers, or the "
            "machine's memory); the document needs more: raise the limit, or pass pages=") \
            from None


def address_space_bytes() -> int:
    """Virtual memory of this process now, in bytes (0 where unknown)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as fh:
            return int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        try:
            import psutil
            return int(psutil.Process().memory_info().vms)
        except Exception:   # no /proc and no psutil: nothing to measure from
            return 0


def apply_memory_limit(max_mb: int) -> int | None:
    """Cap this process's address space (RLIMIT_AS) at its current size plus `max_mb` MiB;
    returns the limit in bytes now in force (None where the platform has no such limit).
    Never raises the limit: a tighter one already set stays. Call it in worker processes,
    after their imports (numpy, tiktoken and the like are loaded by then)."""
    try:
        import resource
    except ImportError:   # Windows
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    want = address_space_bytes() + int(max_mb) * 1024 * 1024
    if hard != resource.RLIM_INFINITY:
        want = min(want, hard)
    if soft != resource.RLIM_INFINITY and soft <= want:
        return soft
    try:
        resource.setrlimit(resource.RLIMIT_AS, (want, hard))
    except (ValueError, OSError):   # not allowed here (some containers): keep running
        return None if soft == resource.RLIM_INFINITY else soft
    return want


__all__ = ["DocumentClock", "current_clock", "apply_memory_limit", "address_space_bytes", "is_out_of_memory",
           "out_of_memory_is_a_limit"]
