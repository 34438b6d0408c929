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
travel to them as a plain dict (`settings.plain`). The pool itself (job order, the ledger of
results, retries after a dead worker) is `batch_pool`; the outcomes are `batch_report`.

Resumable: an output newer than its input is skipped (``force=True`` redoes it); every output
is written to a new, exclusively created file in the output directory and renamed into place
(`safe_write`), so an interrupted run leaves only whole files and a symlink planted at an
output name is replaced, never written through; a symlink at ``<stem>-figures`` is refused. Output names are the input's file name made safe
(``safe_stem``), always inside ``out_dir``; two inputs with the same name get the second one
a short hash of its path. A worker process that dies (a crash inside MuPDF) costs only the
documents it was working on: they are retried one at a time, and a document that kills its
worker again is reported as failed, with the signal and the page it was on where known.
Every worker caps its address space at ``limits.max_memory_mb`` over its start-up size
(`layoutpdf.workers.limit_memory`), so a memory bomb fails its document with
`ResourceLimitError` instead of taking the machine down. With more than one document,
``workers=1`` means one worker process (``isolate=False``: in this process).
"""
from __future__ import annotations

import hashlib
import json
import logging
import os
import stat
import time
from collections import Counter
from typing import Any, Callable, Iterable, Mapping, Sequence

from .batch_pool import (PART_MIN_PAGES, WINDOW_PER_WORKER, _Bar, _Job, _Ledger, _PartResult,
                         _plan_parts, _run_pool, page_parts, replace)  # noqa: F401
from .batch_report import (FAILED, OK, PARTIAL, SKIPPED, STATUSES, BatchReport, FileOutcome,
                           _reason)
from .safe_write import make_subdir, output_dir, short_name, write_file
from .settings import Settings, plain
from .workers import death_reason, peak_rss_mb, start_worker

log = logging.getLogger("layoutpdf.batch")

FORMATS = ("md", "json")

__all__ = ["convert_many", "convert_file", "plan_outputs", "input_files", "safe_stem",
           "page_parts", "death_reason", "peak_rss_mb", "BatchReport", "FileOutcome",
           "OK", "PARTIAL", "SKIPPED", "FAILED", "STATUSES", "PART_MIN_PAGES",
           "WINDOW_PER_WORKER"]


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
    """The file name without extension, reduced to letters, digits and ``-_.``; a stem
    over `safe_write.MAX_STEM_BYTES` bytes (UTF-8) is cut and given a short hash of the
    whole (`short_name`), so outputs stay within the 255-byte name limit."""
    stem = os.path.splitext(os.path.basename(path))[0]
    cleaned = "".join(c if c.isalnum() or c in "-_." else "_" for c in stem).strip("._")
    return short_name(cleaned) if cleaned else "document"


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
    """The target is a regular file (not a symlink someone put there) newer than source."""
    try:
        info = os.lstat(target)
        return stat.S_ISREG(info.st_mode) and info.st_mtime >= os.path.getmtime(source)
    except OSError:
        return False


# --- one file (runs in a worker process) -----------------------------------------------------

def convert_file(source: str, target: str, *, fmt: str = "md",
                 settings: Settings | Mapping[str, Any] | None = None,
                 pages: Sequence[int] | None = None, password: str | None = None,
                 figures: bool = False,
                 progress: Callable[..., None] | None = None) -> FileOutcome:
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
        s = Settings.resolve(settings)
        doc = make(s)
        out_dir = os.path.dirname(target) or "."
        stem = os.path.splitext(os.path.basename(target))[0]
        image_dir = None
        if figures and doc.figures:
            from .figures_io import save_figures
            doc = save_figures(doc, make_subdir(out_dir, f"{stem}-figures"), source=source,
                               password=password, overwrite=True, settings=s, own_folder=True)
            image_dir = f"{stem}-figures"
        if fmt == "json":
            text = json.dumps(doc.to_dict(include_raw=False), ensure_ascii=False, indent=1)
        else:
            text = doc.to_markdown(image_dir=image_dir)
        write_file(target, text)
    except Exception as exc:  # one line per failed file: the batch goes on
        log.debug("%s failed", source, exc_info=True)
        return FileOutcome(source, target, FAILED, _reason(exc), **_costs(started, cpu))
    status = PARTIAL if doc.issues else OK
    return FileOutcome(source, target, status, _issue_summary(doc.issues), pages=len(doc.pages),
                       issues=len(doc.issues), **_costs(started, cpu))


def _costs(started: float, cpu: float) -> dict[str, Any]:
    return {"seconds": time.perf_counter() - started, "cpu_seconds": time.process_time() - cpu,
            "worker": os.getpid(), "peak_rss_mb": peak_rss_mb()}


def _issue_summary(issues: Sequence[Any]) -> str:
    if not issues:
        return ""
    codes = Counter(i.code for i in issues)
    parts = [f"{code} x{n}" if n > 1 else code for code, n in sorted(codes.items())]
    return f"{len(issues)} issue(s): " + ", ".join(parts)


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

        def progress(done: int, total: int, ocr_pages: int) -> None:
            q.put((index, done, total, ocr_pages))
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


_PAGE_QUEUE: Any = None


def _init_worker(page_queue: Any, log_level: int, max_memory_mb: int | None = None) -> None:
    global _PAGE_QUEUE
    _PAGE_QUEUE = page_queue
    # page reports are best effort: never wait at exit to flush them (a worker that died
    # while writing one leaves the queue's lock held, and writers after it would hang)
    page_queue.cancel_join_thread()
    start_worker(log_level, max_memory_mb)


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
    sdict = plain(settings)
    output_dir(out_dir)
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
            _run_pool(jobs, sizes, int(workers), outcomes, bar, on_outcome, _run_job,
                      _init_worker, split=_plan_parts(jobs, sizes, int(workers), sdict),
                      max_memory_mb=Settings.resolve(sdict).limits.max_memory_mb)
    finally:
        bar.close()
    done = [o for o in outcomes if o is not None]
    return BatchReport(done, time.perf_counter() - started, int(workers))


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


def _run_serial(jobs: Sequence[_Job], sizes: Mapping[int, int], workers: int, outcomes: list,
                bar: "_Bar", on_outcome: Callable[[FileOutcome], None] | None) -> None:
    ledger = _Ledger(outcomes, bar, on_outcome)
    for job in jobs:
        def progress(done: int, total: int, ocr_pages: int, index: int = job.index) -> None:
            bar.page(index, done, total, ocr_pages)
        outcome = convert_file(job.source, job.target, fmt=job.fmt, settings=job.settings,
                               pages=job.pages, password=job.password, figures=job.figures,
                               progress=progress)
        ledger.record(job.index, outcome)

