"""What a batch run reports: one `FileOutcome` per input and the `BatchReport` over them."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .errors import LayoutPDFError

OK, PARTIAL, SKIPPED, FAILED = "ok", "partial", "skipped", "failed"
STATUSES = (OK, PARTIAL, SKIPPED, FAILED)


@dataclass(frozen=True)
class FileOutcome:
    """What happened to one input.

    status: ``ok`` (written, no issues), ``partial`` (written, but the document carries
    issues: ``reason`` names them), ``skipped`` (output already up to date) or ``failed``
    (nothing written; ``reason`` says why in one line).
    """
    source: str
    target: str
    status: str
    reason: str = ""
    pages: int = 0
    issues: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0      # CPU time of the converting process (not of Tesseract)
    worker: int = 0               # process id of the worker that converted it
    peak_rss_mb: float = 0.0      # that worker's peak resident memory so far

    def line(self) -> str:
        """One human-readable line."""
        if self.status == FAILED:
            said = self.reason.startswith(self.source)   # engine errors name the file
            return f"error: {self.reason}" if said else f"error: {self.source}: {self.reason}"
        if self.status == SKIPPED:
            return f"skipped (up to date): {self.target}"
        note = f" ({self.reason})" if self.reason else ""
        return f"wrote {self.target}: {self.pages} page(s) in {self.seconds:.1f}s{note}"


@dataclass
class BatchReport:
    """Per-file outcomes in input order, with totals."""
    outcomes: list[FileOutcome] = field(default_factory=list)
    seconds: float = 0.0
    workers: int = 1

    def _with(self, status: str) -> list[FileOutcome]:
        return [o for o in self.outcomes if o.status == status]

    @property
    def ok(self) -> list[FileOutcome]:
        return self._with(OK)

    @property
    def partial(self) -> list[FileOutcome]:
        return self._with(PARTIAL)

    @property
    def skipped(self) -> list[FileOutcome]:
        return self._with(SKIPPED)

    @property
    def failed(self) -> list[FileOutcome]:
        return self._with(FAILED)

    @property
    def counts(self) -> dict[str, int]:
        c = Counter(o.status for o in self.outcomes)
        return {s: c.get(s, 0) for s in STATUSES}

    @property
    def pages(self) -> int:
        """Pages converted in this run (skipped files not counted)."""
        return sum(o.pages for o in self.outcomes if o.status in (OK, PARTIAL))

    def summary(self) -> str:
        """One line of totals."""
        c = self.counts
        rate = f", {self.pages / self.seconds:.1f} pages/s" if self.seconds > 0 and self.pages else ""
        return (f"{len(self.outcomes)} file(s): {c[OK]} ok, {c[PARTIAL]} partial, "
                f"{c[SKIPPED]} skipped, {c[FAILED]} failed; {self.pages} page(s) in "
                f"{self.seconds:.1f}s{rate} ({self.workers} worker(s))")

    def to_dict(self) -> dict[str, Any]:
        return {"counts": self.counts, "pages": self.pages, "seconds": self.seconds,
                "workers": self.workers,
                "outcomes": [o.__dict__.copy() for o in self.outcomes]}


def _reason(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    if isinstance(exc, (LayoutPDFError, OSError)):
        return text or type(exc).__name__
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
