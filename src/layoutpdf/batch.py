"""Convert many PDFs at once: a process pool over documents, resumable, with a report.

    from layoutpdf.batch import convert_many
    report = convert_many(["papers/", "extra.pdf"], "out/", workers=4)
    print(report.summary())
    report.failed        # [FileOutcome(status="failed", reason="EncryptedPDFError: ...")]

Parallelism is over documents, largest first, so one long document does not run alone at the
end. In a batch, a document longer than one worker's even share of the pages (and at least
``2 * PART_MIN_PAGES`` pages) is extracted in page ranges by several workers; one worker then
runs the document-wide stages (running headers, paragraphs stitched across pages, footnotes)
over all its pages and writes it, so the output stays byte-identical to ``workers=1``. A
single document with ``workers=1`` is converted in this process unless ``isolate=True``:
starting workers (about 1 s each) costs more than extracting in parallel saves, since the
document-wide stages (about half the time) run once either way.
Workers are started with the ``spawn`` method (PyMuPDF and ``fork`` do not mix); settings
travel to them as a plain dict.

Resumable: an output newer than its input is skipped (``force=True`` redoes it); every output
is written to a temporary file in the output directory and renamed into place, so an
interrupted run leaves only whole files. Output names are the input's file name made safe
(``_safe_stem``), always inside ``out_dir``; two inputs with the same name get the second one
a short hash of its path. A worker process that dies (a crash inside MuPDF) costs only the
documents it was working on: they are retried one at a time, and a document that kills its
worker again is reported as failed, with the signal and the page it was on where known.
Every worker caps its address space at ``limits.max_memory_mb`` over its start-up size
(`layoutpdf.limits.apply_memory_limit`), so a memory bomb fails its document with
`ResourceLimitError` instead of taking the machine down. With more than one document,
``workers=1`` means one worker process (``isolate=False``: in this process).
"""
from __future__ import annotations

import concurrent.futures as cf
import hashlib
import json
import logging
import multiprocessing
import os
import queue
import sys
import threading
import time
from collections import Counter
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterable, Mapping, Sequence

from .errors import LayoutPDFError
from .settings import Settings

log = logging.getLogger("layoutpdf.batch")

OK, PARTIAL, SKIPPED, FAILED = "ok", "partial", "skipped", "failed"
STATUSES = (OK, PARTIAL, SKIPPED, FAILED)
FORMATS = ("md", "json")
WINDOW_PER_WORKER = 2     # documents queued per worker: bounds what a dead worker takes down
# Fewest pages in one extraction part: sending a part's pages back costs about 1 ms a page
# (pickling both ways) against 3-4 ms to extract it, plus a task's fixed cost.
PART_MIN_PAGES = 32

__all__ = ["convert_many", "convert_file", "plan_outputs", "input_files", "safe_stem",
           "BatchReport", "FileOutcome", "OK", "PARTIAL", "SKIPPED", "FAILED"]


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


# --- inputs and output names -----------------------------------------------------------------

def input_files(items: Iterable[str | os.PathLike]) -> list[str]:
    """Files as given, and the ``*.pdf`` files under folders (sorted, recursive)."""
    out: list[str] = []
    for item in items:
        item = os.fspath(item)
        if os.path.isdir(item):
            for root, dirs, files in os.walk(item):
                dirs.sort()
                out.extend(os.path.join(root, f) for f in sorted(files)
                           if f.lower().endswith(".pdf"))
        else:
            out.append(item)
    return out


def safe_stem(path: str) -> str:
    """The file name without extension, reduced to letters, digits and ``-_.``."""
    stem = os.path.splitext(os.path.basename(path))[0]
    cleaned = "".join(c if c.isalnum() or c in "-_." else "_" for c in stem).strip("._")
    return cleaned or "document"


def plan_outputs(inputs: Sequence[str], out_dir: str, fmt: str = "md") -> list[str]:
    """Target path of each input inside out_dir; repeated names get a hash of their path."""
    ext = "json" if fmt == "json" else "md"
    seen: set[str] = set()
    targets = []
    for path in inputs:
        stem = safe_stem(path)
        if stem.lower() in seen:
            digest = hashlib.sha1(os.path.abspath(path).encode("utf-8", "surrogatepass"))
            stem = f"{stem}-{digest.hexdigest()[:8]}"
        seen.add(stem.lower())
        targets.append(os.path.join(out_dir, f"{stem}.{ext}"))
    return targets


def up_to_date(source: str, target: str) -> bool:
    try:
        return os.path.getmtime(target) >= os.path.getmtime(source)
    except OSError:
        return False


# --- one file (runs in a worker process) -----------------------------------------------------

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


def convert_file(source: str, target: str, *, fmt: str = "md",
                 settings: Settings | Mapping[str, Any] | None = None,
                 pages: Sequence[int] | None = None, password: str | None = None,
                 figures: bool = False,
                 progress: Callable[[int, int], None] | None = None) -> FileOutcome:
    """Parse ``source`` and write Markdown or JSON to ``target``; never raises for bad input.

    Figure crops (``figures=True``) go to ``<target stem>-figures/`` beside the target
    (replacing older crops of the same name).
    """
    from .pipeline import parse
    return _convert(source, target, fmt, settings, password, figures,
                    lambda s: parse(source, s, pages=pages, password=password, progress=progress))


def _convert(source: str, target: str, fmt: str, settings: Settings | Mapping[str, Any] | None,
             password: str | None, figures: bool,
             make: Callable[[Settings], Any]) -> FileOutcome:
    """Make the Document (`make(settings)`), write it, and say what happened."""
    started, cpu = time.perf_counter(), time.process_time()
    try:
        s = settings if isinstance(settings, Settings) else Settings.from_dict(dict(settings or {}))
        doc = make(s)
        out_dir = os.path.dirname(target) or "."
        stem = os.path.splitext(os.path.basename(target))[0]
        image_dir = None
        if figures and doc.figures:
            from .figures_io import save_figures
            doc = save_figures(doc, os.path.join(out_dir, f"{stem}-figures"),
                               dpi=s.figures.crop_dpi, source=source, password=password,
                               overwrite=True)
            image_dir = f"{stem}-figures"
        if fmt == "json":
            text = json.dumps(doc.to_dict(include_raw=False), ensure_ascii=False, indent=1)
        else:
            text = doc.to_markdown(image_dir=image_dir)
        _write_atomic(target, text)
    except Exception as exc:  # one line per failed file: the batch goes on
        log.debug("%s failed", source, exc_info=True)
        return FileOutcome(source, target, FAILED, _reason(exc), **_costs(started, cpu))
    status = PARTIAL if doc.issues else OK
    return FileOutcome(source, target, status, _issue_summary(doc.issues), pages=len(doc.pages),
                       issues=len(doc.issues), **_costs(started, cpu))


def _costs(started: float, cpu: float) -> dict[str, Any]:
    return {"seconds": time.perf_counter() - started, "cpu_seconds": time.process_time() - cpu,
            "worker": os.getpid(), "peak_rss_mb": peak_rss_mb()}


def peak_rss_mb() -> float:
    """Peak resident memory of this process, in MiB (0.0 where unknown)."""
    try:
        import resource
    except ImportError:   # Windows
        return 0.0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)


def _reason(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    if isinstance(exc, (LayoutPDFError, OSError)):
        return text or type(exc).__name__
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _issue_summary(issues: Sequence[Any]) -> str:
    if not issues:
        return ""
    codes = Counter(i.code for i in issues)
    parts = [f"{code} x{n}" if n > 1 else code for code, n in sorted(codes.items())]
    return f"{len(issues)} issue(s): " + ", ".join(parts)


def _write_atomic(target: str, text: str) -> None:
    """Write beside the target, then rename: readers never see half a file."""
    tmp = f"{target}.{os.getpid()}-{threading.get_ident()}.tmp"
    try:
        with open(tmp, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _run_job(job: _Job) -> FileOutcome | _PartResult:
    """Worker entry point: convert one file, reporting pages to the parent's queue; or
    extract one page range of it (`job.part`); or finish it from extracted parts."""
    if job.part is not None:
        return _extract_part(job)
    if job.parts:
        return _finish_parts(job)
    progress = None
    if _PAGE_QUEUE is not None:
        q, index = _PAGE_QUEUE, job.index

        def progress(done: int, total: int) -> None:
            q.put((index, done, total))
    return convert_file(job.source, job.target, fmt=job.fmt, settings=job.settings,
                        pages=job.pages, password=job.password, figures=job.figures,
                        progress=progress)


def _extract_part(job: _Job) -> FileOutcome | _PartResult:
    import pickle
    from .pipeline import extract
    start, stop = job.part
    started, cpu = time.perf_counter(), time.process_time()
    try:
        doc = extract(job.source, job.settings, pages=range(start, stop), password=job.password)
    except Exception as exc:   # the whole document fails, with the reason
        return FileOutcome(job.source, job.target, FAILED, _reason(exc), **_costs(started, cpu))
    return _PartResult(job.index, start, stop, pickle.dumps(doc, pickle.HIGHEST_PROTOCOL))


def _finish_parts(job: _Job) -> FileOutcome:
    """The document-wide stages over every part's pages, then the output, as parse would."""
    import pickle
    from . import gcpolicy
    from .pipeline import join_parts, run_stages

    def make(s: Settings) -> Any:
        with gcpolicy.relaxed():
            return run_stages(join_parts([pickle.loads(b) for b in job.parts]), s)
    return _convert(job.source, job.target, job.fmt, job.settings, job.password, job.figures, make)


def page_parts(pages: int, workers: int, share: float) -> list[tuple[int, int]]:
    """Page ranges to extract a `pages`-long document in: one range unless the document is
    longer than `share` (one worker's even share of the batch) and gives every part at least
    PART_MIN_PAGES pages; then up to `workers` near-equal ranges."""
    n = min(workers, pages // PART_MIN_PAGES)
    if n < 2 or pages <= share:
        return [(0, pages)]
    bounds = [round(k * pages / n) for k in range(n + 1)]
    return list(zip(bounds, bounds[1:]))


_PAGE_QUEUE: Any = None


def _init_worker(page_queue: Any, log_level: int, max_memory_mb: int | None = None) -> None:
    global _PAGE_QUEUE
    _PAGE_QUEUE = page_queue
    # page reports are best effort: never wait at exit to flush them (a worker that died
    # while writing one leaves the queue's lock held, and writers after it would hang)
    page_queue.cancel_join_thread()
    logging.basicConfig(level=log_level, format="%(levelname)s %(name)s: %(message)s")
    if max_memory_mb:   # after the imports a parse needs, so only a parse counts against it
        from . import pipeline  # noqa: F401
        from .limits import apply_memory_limit
        apply_memory_limit(max_memory_mb)


# --- many files ------------------------------------------------------------------------------

def convert_many(inputs: str | os.PathLike | Iterable[str | os.PathLike], out_dir: str, *,
                 workers: int = 1, fmt: str = "md",
                 settings: Settings | Mapping[str, Any] | None = None,
                 password: str | None = None, figures: bool = False, force: bool = False,
                 progress: bool = True, pages: Sequence[int] | None = None,
                 on_outcome: Callable[[FileOutcome], None] | None = None,
                 isolate: bool | None = None) -> BatchReport:
    """Convert files and folders of PDFs into ``out_dir``; return a ``BatchReport``.

    workers: processes (1: in this process). fmt: ``"md"`` or ``"json"``. settings: a
    ``Settings`` or a dict. pages: 0-based page indexes for every file (default all).
    progress: a tqdm bar of pages on stderr when tqdm is installed and stderr is a terminal.
    on_outcome: called in this process with each FileOutcome as it is known.
    isolate: parse in worker processes (spawned), so a document that crashes MuPDF or
    goes over ``limits.max_memory_mb`` (each worker's address-space limit) fails alone,
    with the reason (the signal, the page it was on where known). Default: whenever there
    is more than one document or more than one worker; one document with one worker is
    converted in this process (no worker to start, no memory limit set) unless
    ``isolate=True`` (the CLI passes it).
    Never raises for a bad input file: it becomes a ``failed`` outcome. Workers are
    spawned, so a script that calls this needs the usual ``if __name__ == "__main__":``
    guard.
    """
    if fmt not in FORMATS:
        raise ValueError(f"fmt must be one of {FORMATS}, not {fmt!r}")
    if int(workers) < 1:
        raise ValueError("workers must be at least 1")
    started = time.perf_counter()
    items = [inputs] if isinstance(inputs, (str, os.PathLike)) else list(inputs)
    files = input_files(items)
    sdict = _settings_dict(settings)
    os.makedirs(out_dir, exist_ok=True)
    targets = plan_outputs(files, out_dir, fmt)
    page_tuple = tuple(sorted({int(p) for p in pages})) if pages is not None else None
    outcomes: list[FileOutcome | None] = [None] * len(files)
    jobs: list[_Job] = []
    for i, (src, target) in enumerate(zip(files, targets)):
        if not force and os.path.isfile(src) and up_to_date(src, target):
            outcomes[i] = FileOutcome(src, target, SKIPPED)
            if on_outcome:
                on_outcome(outcomes[i])
        else:
            jobs.append(_Job(i, src, target, fmt, sdict, page_tuple, password, figures))
    sizes = _page_counts(jobs, password)
    bar = _Bar(sizes, enabled=progress)
    if isolate is None:
        isolate = len(jobs) > 1 or int(workers) > 1
    try:
        if not isolate:   # one document: no pool to start (about 1 s each)
            _run_serial(jobs, sizes, int(workers), outcomes, bar, on_outcome)
        elif jobs:
            _run_pool(jobs, sizes, int(workers), outcomes, bar, on_outcome,
                      split=_plan_parts(jobs, sizes, int(workers), sdict),
                      max_memory_mb=Settings.from_dict(sdict or {}).limits.max_memory_mb)
    finally:
        bar.close()
    done = [o for o in outcomes if o is not None]
    return BatchReport(done, time.perf_counter() - started, int(workers))


def _settings_dict(settings: Settings | Mapping[str, Any] | None) -> dict[str, Any] | None:
    if settings is None:
        return None
    s = settings if isinstance(settings, Settings) else Settings.from_dict(dict(settings))
    return s.to_dict()


def _page_counts(jobs: Sequence[_Job], password: str | None) -> dict[int, int]:
    """Pages each job will read (1 when the file cannot be opened here): the bar's total
    and the order of work (largest first)."""
    from .extract import PYMUPDF_LOCK, open_pdf
    counts: dict[int, int] = {}
    for job in jobs:
        n = 1
        try:
            with PYMUPDF_LOCK:
                pdf = open_pdf(job.source, password)
                try:
                    n = pdf.page_count
                finally:
                    pdf.close()
        except Exception:   # the worker will say what is wrong
            pass
        if job.pages is not None:
            n = len([p for p in job.pages if p < n]) or 1
        counts[job.index] = max(1, n)
    return counts


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

    def page(self, index: int, done: int, total: int) -> None:
        """A worker's page report."""
        self.progress[index] = (done, total)
        self.bar.page(index, done, total)

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
    cap = Settings.from_dict(dict(settings or {})).limits.max_pages
    share = sum(sizes.get(j.index, 1) for j in jobs) / workers
    out = {}
    for job in jobs:
        n = sizes.get(job.index, 1)
        if job.pages is None and n <= cap:
            ranges = page_parts(n, workers, share)
            if len(ranges) > 1:
                out[job.index] = ranges
    return out


def _run_serial(jobs: Sequence[_Job], sizes: Mapping[int, int], workers: int, outcomes: list,
                bar: "_Bar", on_outcome: Callable[[FileOutcome], None] | None) -> None:
    ledger = _Ledger(outcomes, bar, on_outcome)
    for job in jobs:
        def progress(done: int, total: int, index: int = job.index) -> None:
            bar.page(index, done, total)
        outcome = convert_file(job.source, job.target, fmt=job.fmt, settings=job.settings,
                               pages=job.pages, password=job.password, figures=job.figures,
                               progress=progress)
        ledger.record(job.index, outcome)


def _run_pool(jobs: Sequence[_Job], sizes: Mapping[int, int], workers: int, outcomes: list,
              bar: "_Bar", on_outcome: Callable[[FileOutcome], None] | None,
              task: Callable[[_Job], FileOutcome | _PartResult] | None = None,
              split: Mapping[int, list[tuple[int, int]]] | None = None,
              max_memory_mb: int | None = None) -> None:
    ctx = multiprocessing.get_context("spawn")
    ledger = _Ledger(outcomes, bar, on_outcome, split)
    ledger.max_memory_mb = max_memory_mb
    order = []
    for job in sorted(jobs, key=lambda j: (-sizes.get(j.index, 1), j.index)):
        order += [replace(job, part=r) for r in ledger.split.get(job.index, [None])]
    workers = min(workers, len(order))
    task = task or _run_job
    suspects = _pool_pass(order, workers, ctx, ledger, task)
    for job in suspects:   # each alone: only the document that kills its worker fails
        if outcomes[job.index] is not None:
            continue
        ledger.progress.pop(job.index, None)
        again = _pool_pass([job], 1, ctx, ledger, task)
        if again:
            ledger.fail(job, death_reason(ledger.exit_codes, ledger.progress.get(job.index), job.part))


def _pool_pass(order: Sequence[_Job], workers: int, ctx: Any, ledger: _Ledger,
               task: Callable[[_Job], FileOutcome | _PartResult]) -> list[_Job]:
    """Run jobs in one pool, at most WINDOW_PER_WORKER per worker queued at a time; a job a
    result makes ready (a document's finish) runs next.

    Returns the jobs lost to a dead worker (the pool is then broken: the rest are returned
    too, untried, and the caller runs them again). Each pass has its own page-report queue:
    a worker killed while writing to one leaves it unusable."""
    page_queue = ctx.Queue()
    pump = threading.Thread(target=_pump, args=(page_queue, ledger), daemon=True)
    pump.start()
    try:
        return _run_pass(order, workers, ctx, page_queue, ledger, task)
    finally:
        page_queue.put(None)
        pump.join(timeout=5)
        page_queue.close()
        page_queue.cancel_join_thread()


def _run_pass(order: Sequence[_Job], workers: int, ctx: Any, page_queue: Any, ledger: _Ledger,
              task: Callable[[_Job], FileOutcome | _PartResult]) -> list[_Job]:
    pending = list(reversed(order))
    lost: list[_Job] = []
    level = logging.getLogger().getEffectiveLevel()
    pool = cf.ProcessPoolExecutor(max_workers=workers, mp_context=ctx,
                                  initializer=_init_worker,
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
        ledger.exit_codes = _abandon(pool, list(procs.values()))
    else:
        pool.shutdown(wait=True)
    if lost:
        ledger.bar.reset(sorted({j.index for j in lost}))
        log.warning("a worker process died; retrying %d job(s) one at a time", len(lost))
    return sorted(lost, key=lambda j: (j.index, j.part or (0, 0)))


def _abandon(pool: cf.ProcessPoolExecutor, procs: Sequence[Any] | None = None) -> list[int]:
    """Shut a broken pool down without waiting on it, and end its remaining workers;
    the exit codes of the workers that had already died (negative: a signal)."""
    if procs is None:
        procs = list((getattr(pool, "_processes", None) or {}).values())
    for proc in procs:   # a broken pool ends its workers; a dying one may still be exiting
        proc.join(timeout=2)
    died = [p.exitcode for p in procs if not p.is_alive() and p.exitcode not in (None, 0)]
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in procs:
        if proc.is_alive():
            proc.terminate()
    for proc in procs:
        proc.join(timeout=10)
    return died


_SIGNALS = {"SIGSEGV": "a crash inside the PDF engine", "SIGBUS": "a crash inside the PDF engine",
            "SIGABRT": "the PDF engine aborted", "SIGILL": "a crash inside the PDF engine",
            "SIGFPE": "a crash inside the PDF engine",
            "SIGKILL": "killed from outside, e.g. by the system's out-of-memory killer",
            "SIGXCPU": "over the CPU time limit"}


def death_reason(exit_codes: Sequence[int], progress: tuple[int, int] | None,
                 part: tuple[int, int] | None = None) -> str:
    """Why a worker died on a document, in one line: the signal (or exit code) and the page
    it was on where known (its last page report, or the page range it was extracting)."""
    import signal
    how = ""
    for code in exit_codes:
        if code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            how = f"killed by {name}" + (f": {_SIGNALS[name]}" if name in _SIGNALS else "")
            break
        how = f"exit code {code}"
    where = ""
    if progress is not None and progress[0] < progress[1]:
        where = f", on page {progress[0] + 1} of {progress[1]}"
    elif progress is not None:
        where = f", after reading its {progress[1]} page(s)"
    elif part is not None:
        where = f", in pages {part[0] + 1}-{part[1]}"
    return f"the worker process died ({how or 'no exit status'}) while parsing this file{where}"


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
        self._bar = None
        total = sum(self._sizes.values())
        if enabled and total:
            try:
                from tqdm import tqdm
            except ImportError:
                return
            self._bar = tqdm(total=total, unit="page", desc="converting", file=sys.stderr,
                             disable=None, leave=False, dynamic_ncols=True)

    def page(self, index: int, done: int, total: int) -> None:
        with self._lock:
            if self._bar is None:
                return
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
