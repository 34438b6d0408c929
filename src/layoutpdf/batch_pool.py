"""The process pool under `batch.convert_many`: jobs, their order, the ledger of results,
the progress bar, and a second pass for the jobs a dead worker took down.

Parallelism is over documents, largest first; a document longer than one worker's even
share of the pages is extracted in page ranges by several workers (`page_parts`) and
finished by one (the document-wide stages see every page). At most WINDOW_PER_WORKER jobs
per worker are queued at a time, which bounds what a dead worker takes down; those jobs
are retried one at a time, and a document that kills its worker again fails alone.
"""
from __future__ import annotations

import concurrent.futures as cf
import logging
import multiprocessing
import queue
import sys
import threading
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping, Sequence

from .batch_report import FAILED, FileOutcome, _reason
from .settings import Settings
from .workers import abandon, death_reason

log = logging.getLogger("layoutpdf.batch")

WINDOW_PER_WORKER = 2     # documents queued per worker: bounds what a dead worker takes down
# Fewest pages in one extraction part: sending a part's pages back costs about 1 ms a page
# (pickling both ways) against 3-4 ms to extract it, plus a task's fixed cost.
PART_MIN_PAGES = 32


@dataclass(frozen=True)
class _Job:
    index: int
    source: str
    target: str
    fmt: str
    settings: Mapping[str, Any] | None
    pages: tuple[int, ...] | None
    password: str | None
    figures: bool
    part: tuple[int, int] | None = None   # extract only pages [start, stop): a _PartResult
    parts: tuple[bytes, ...] = ()         # the pages, extracted by part jobs (pickled)


@dataclass(frozen=True)
class _PartResult:
    """Pages [start, stop) of job `index`, extracted (a pickled `Document`)."""
    index: int
    start: int
    stop: int
    data: bytes


def page_parts(pages: int, workers: int, share: float) -> list[tuple[int, int]]:
    """Page ranges to extract a `pages`-long document in: one range unless the document is
    longer than `share` (one worker's even share of the batch) and gives every part at least
    PART_MIN_PAGES pages; then up to `workers` near-equal ranges."""
    n = min(workers, pages // PART_MIN_PAGES)
    if n < 2 or pages <= share:
        return [(0, pages)]
    bounds = [round(k * pages / n) for k in range(n + 1)]
    return list(zip(bounds, bounds[1:]))


class _Ledger:
    """Outcomes as they come in (each file's once), the progress bar, and the page ranges of
    documents extracted in parts until the last part is back."""

    def __init__(self, outcomes: list, bar: "_Bar",
                 on_outcome: Callable[[FileOutcome], None] | None,
                 split: Mapping[int, list[tuple[int, int]]] | None = None) -> None:
        self.outcomes, self.bar, self.on_outcome = outcomes, bar, on_outcome
        self.split = dict(split or {})
        self.parts: dict[int, dict[int, bytes]] = {i: {} for i in self.split}
        self.progress: dict[int, tuple[int, int]] = {}   # job index -> (pages done, total)
        self.exit_codes: list[int] = []                  # of the workers of a broken pool
        self.max_memory_mb: int | None = None            # each worker's limits.max_memory_mb

    def page(self, index: int, done: int, total: int, ocr_pages: int = 0) -> None:
        """A worker's page report."""
        self.progress[index] = (done, total)
        self.bar.page(index, done, total, ocr_pages)

    def settle(self, job: _Job, result: FileOutcome | _PartResult) -> list[_Job]:
        """Take a job's result; returns the jobs it makes ready (a document's finish, once
        its last part is back)."""
        if isinstance(result, FileOutcome):
            self.record(job.index, result)
            return []
        if self.outcomes[job.index] is not None:   # the document already failed
            return []
        got = self.parts[job.index]
        got[result.start] = result.data
        ranges = self.split[job.index]
        self.bar.page(job.index, sum(b - a for a, b in ranges if a in got), ranges[-1][1])
        if len(got) < len(ranges):
            return []
        parts = tuple(got.pop(a) for a, _ in ranges)
        return [replace(job, part=None, parts=parts)]

    def fail(self, job: _Job, reason: str) -> None:
        self.record(job.index, FileOutcome(job.source, job.target, FAILED, reason))

    def record(self, index: int, outcome: FileOutcome) -> None:
        if self.outcomes[index] is not None:   # a part of a document that already failed
            return
        self.outcomes[index] = outcome
        self.parts.pop(index, None)
        self.bar.finish(index)
        if outcome.status == FAILED:
            log.info("%s", outcome.line())
        if self.on_outcome:
            self.on_outcome(outcome)


def _plan_parts(jobs: Sequence[_Job], sizes: Mapping[int, int], workers: int,
                settings: Mapping[str, Any] | None) -> dict[int, list[tuple[int, int]]]:
    """The documents to extract in page ranges (``page_parts``), by job index."""
    if workers < 2:
        return {}
    cap = Settings.resolve(settings).limits.max_pages
    share = sum(sizes.get(j.index, 1) for j in jobs) / workers
    out = {}
    for job in jobs:
        n = sizes.get(job.index, 1)
        if job.pages is None and n <= cap:
            ranges = page_parts(n, workers, share)
            if len(ranges) > 1:
                out[job.index] = ranges
    return out


def _run_pool(jobs: Sequence[_Job], sizes: Mapping[int, int], workers: int, outcomes: list,
              bar: "_Bar", on_outcome: Callable[[FileOutcome], None] | None,
              task: Callable[[_Job], FileOutcome | _PartResult],
              initializer: Callable[..., None],
              split: Mapping[int, list[tuple[int, int]]] | None = None,
              max_memory_mb: int | None = None) -> None:
    ctx = multiprocessing.get_context("spawn")
    ledger = _Ledger(outcomes, bar, on_outcome, split)
    ledger.max_memory_mb = max_memory_mb
    order = []
    for job in sorted(jobs, key=lambda j: (-sizes.get(j.index, 1), j.index)):
        order += [replace(job, part=r) for r in ledger.split.get(job.index, [None])]
    workers = min(workers, len(order))
    suspects = _pool_pass(order, workers, ctx, ledger, task, initializer)
    for job in suspects:   # each alone: only the document that kills its worker fails
        if outcomes[job.index] is not None:
            continue
        ledger.progress.pop(job.index, None)
        again = _pool_pass([job], 1, ctx, ledger, task, initializer)
        if again:
            ledger.fail(job, death_reason(ledger.exit_codes, ledger.progress.get(job.index), job.part))


def _pool_pass(order: Sequence[_Job], workers: int, ctx: Any, ledger: _Ledger,
               task: Callable[[_Job], FileOutcome | _PartResult],
               initializer: Callable[..., None]) -> list[_Job]:
    """Run jobs in one pool, at most WINDOW_PER_WORKER per worker queued at a time; a job a
    result makes ready (a document's finish) runs next.

    Returns the jobs lost to a dead worker (the pool is then broken: the rest are returned
    too, untried, and the caller runs them again). Each pass has its own page-report queue:
    a worker killed while writing to one leaves it unusable."""
    page_queue = ctx.Queue()
    pump = threading.Thread(target=_pump, args=(page_queue, ledger), daemon=True)
    pump.start()
    try:
        return _run_pass(order, workers, ctx, page_queue, ledger, task, initializer)
    finally:
        page_queue.put(None)
        pump.join(timeout=5)
        page_queue.close()
        page_queue.cancel_join_thread()


def _run_pass(order: Sequence[_Job], workers: int, ctx: Any, page_queue: Any, ledger: _Ledger,
              task: Callable[[_Job], FileOutcome | _PartResult],
              initializer: Callable[..., None]) -> list[_Job]:
    """One pool: `initializer(page_queue, log level, max_memory_mb)` starts each worker."""
    pending = list(reversed(order))
    lost: list[_Job] = []
    level = logging.getLogger().getEffectiveLevel()
    pool = cf.ProcessPoolExecutor(max_workers=workers, mp_context=ctx,
                                  initializer=initializer,
                                  initargs=(page_queue, level, ledger.max_memory_mb))
    running: dict[cf.Future, _Job] = {}
    procs: dict[int, Any] = {}   # the workers, kept here: a broken pool forgets its own
    try:
        while pending or running:
            while pending and len(running) < workers * WINDOW_PER_WORKER:
                job = pending.pop()
                running[pool.submit(task, job)] = job
            procs.update(getattr(pool, "_processes", None) or {})
            finished, _ = cf.wait(running, return_when=cf.FIRST_COMPLETED)
            for fut in finished:
                job = running.pop(fut)
                try:
                    pending.extend(ledger.settle(job, fut.result()))
                except BrokenProcessPool:
                    lost.append(job)
                except Exception as exc:  # pickling trouble and the like: this file only
                    ledger.fail(job, _reason(exc))
            if lost:
                for fut, job in running.items():
                    fut.cancel()
                    lost.append(job)
                running.clear()
                lost.extend(reversed(pending))
                pending.clear()
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    if lost:   # a broken pool: joining it can hang on a surviving worker, so end them
        ledger.exit_codes = abandon(pool, list(procs.values()))
    else:
        pool.shutdown(wait=True)
    if lost:
        ledger.bar.reset(sorted({j.index for j in lost}))
        log.warning("a worker process died; retrying %d job(s) one at a time", len(lost))
    return sorted(lost, key=lambda j: (j.index, j.part or (0, 0)))


def _pump(page_queue: Any, ledger: "_Ledger") -> None:
    while True:
        try:
            item = page_queue.get()
        except (EOFError, OSError, queue.Empty):
            return
        if item is None:
            return
        ledger.page(*item)


class _Bar:
    """A tqdm bar of pages (or nothing), fed by worker page reports and finished files."""

    def __init__(self, sizes: Mapping[int, int], enabled: bool) -> None:
        self._lock = threading.Lock()
        self._sizes = dict(sizes)
        self._done: dict[int, int] = {}
        self._ocr: dict[int, int] = {}       # pages read by OCR, per document
        self._bar = None
        total = sum(self._sizes.values())
        if enabled and total:
            try:
                from tqdm import tqdm
            except ImportError:
                return
            self._bar = tqdm(total=total, unit="page", desc="converting", file=sys.stderr,
                             disable=None, leave=False, dynamic_ncols=True)

    def page(self, index: int, done: int, total: int, ocr_pages: int | None = None) -> None:
        with self._lock:
            if self._bar is None:
                return
            if ocr_pages is not None and ocr_pages != self._ocr.get(index, 0):
                self._ocr[index] = ocr_pages     # OCR is slow: say why the bar crawls
                self._bar.set_postfix_str(f"{sum(self._ocr.values())} pages by OCR")
            if total != self._sizes.get(index, total):   # the estimate was off
                self._bar.total += total - self._sizes[index]
                self._sizes[index] = total
                self._bar.refresh()
            self._advance(index, done)

    def finish(self, index: int) -> None:
        with self._lock:
            if self._bar is not None:
                self._advance(index, self._sizes.get(index, 0))

    def reset(self, indexes: Sequence[int]) -> None:
        with self._lock:
            back = sum(self._done.pop(i, 0) for i in indexes)
            for i in indexes:
                self._ocr.pop(i, None)
            if self._bar is not None and back:
                self._bar.update(-back)

    def _advance(self, index: int, done: int) -> None:
        before = self._done.get(index, 0)
        if done > before:
            self._done[index] = done
            self._bar.update(done - before)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
