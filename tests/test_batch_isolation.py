"""Batch workers (issue 24): a worker killed by a signal fails only its document, with the
signal and the page named; every worker runs under limits.max_memory_mb."""
from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

from layoutpdf import batch, batch_pool
from layoutpdf.batch import FAILED, OK, PARTIAL, convert_many, death_reason
from layoutpdf.workers import abandon

from test_errors_support import text_pdf


def _segfault_on_page_two(job):
    """Stands in for batch._run_job in the workers: MuPDF crashing on page 2 of 3, once the
    parent has its page report (a marker file the parent's ledger writes, no sleep)."""
    if "bomb" in job.source:
        seen = _marker(job.source, job.index)
        if seen.exists():
            seen.unlink()                                # from an earlier attempt
        batch._PAGE_QUEUE.put((job.index, 1, 3))       # page 1 done, as convert_file reports
        deadline = time.monotonic() + 300
        while not seen.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        os.kill(os.getpid(), signal.SIGSEGV)
    return batch._run_job(job)


def _marker(source: str, index: int) -> Path:
    return Path(source).parent.parent / f"page-report-seen-{index}"


def _mark_page_reports(monkeypatch, folder: Path) -> None:
    """In the parent: each page report the ledger takes leaves a marker for the worker."""
    original = batch_pool._Ledger.page

    def page(self, index, done, total, *more):        # more: the OCR page count
        original(self, index, done, total, *more)
        _marker(str(folder / "x.pdf"), index).touch()
    monkeypatch.setattr(batch_pool._Ledger, "page", page)


def _allocate(job):
    """A memory bomb in the worker: more than limits.max_memory_mb."""
    if "bomb" in job.source:
        block = bytearray(768 * 1024 * 1024)
        return batch.FileOutcome(job.source, job.target, OK, f"allocated {len(block)}")
    return batch._run_job(job)


def _inputs(tmp_path: Path) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("a.pdf", "bomb.pdf", "c.pdf"):
        (folder / name).write_bytes(text_pdf(3))
    return folder


def test_a_segfaulting_worker_fails_its_document_with_signal_and_page(tmp_path, monkeypatch):
    monkeypatch.setattr(batch, "_run_job", _segfault_on_page_two)
    folder = _inputs(tmp_path)
    _mark_page_reports(monkeypatch, folder)
    report = convert_many([folder], tmp_path / "out", workers=1, progress=False)
    by_name = {Path(o.source).name: o for o in report.outcomes}
    bomb = by_name["bomb.pdf"]
    assert bomb.status == FAILED, bomb
    assert "worker process died" in bomb.reason and "SIGSEGV" in bomb.reason, bomb.reason
    assert "on page 2 of 3" in bomb.reason, bomb.reason
    assert by_name["a.pdf"].status in (OK, PARTIAL) and by_name["c.pdf"].status in (OK, PARTIAL)


def test_workers_run_under_the_memory_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(batch, "_run_job", _allocate)
    report = convert_many([_inputs(tmp_path)], tmp_path / "out", workers=1, progress=False,
                          settings={"limits": {"max_memory_mb": 256}})
    by_name = {Path(o.source).name: o for o in report.outcomes}
    assert by_name["bomb.pdf"].status == FAILED and "MemoryError" in by_name["bomb.pdf"].reason
    assert by_name["a.pdf"].status in (OK, PARTIAL)


class _ReapedElsewhere:
    """A worker that has died (its sentinel is ready) but whose exit status the pool's
    manager thread reaped first: this thread's waitpid gets nothing, and the status shows
    up a moment later (what happens under load)."""

    def __init__(self, code: int, delay: float) -> None:
        read, write = os.pipe()
        os.close(write)
        self.sentinel, self._code = read, None
        self._timer = threading.Timer(delay, lambda: setattr(self, "_code", code))
        self._timer.start()

    @property
    def exitcode(self):
        return self._code

    def join(self, timeout=None):
        return None

    def is_alive(self):
        return self._code is None

    def terminate(self):
        pass


class _BrokenPool:
    def shutdown(self, wait=True, cancel_futures=False):
        pass


def test_abandon_waits_for_an_exit_status_another_thread_reaped():
    proc = _ReapedElsewhere(-signal.SIGSEGV, delay=0.5)
    try:
        assert abandon(_BrokenPool(), [proc]) == [-signal.SIGSEGV]
    finally:
        proc._timer.cancel()
        os.close(proc.sentinel)


def test_death_reason_names_signal_exit_code_and_place():
    assert death_reason([-signal.SIGSEGV], (4, 10)) == (
        "the worker process died (killed by SIGSEGV: a crash inside the PDF engine) while "
        "parsing this file, on page 5 of 10")
    assert "exit code 3" in death_reason([3], None)
    assert "after reading its 10 page(s)" in death_reason([-signal.SIGKILL], (10, 10))
    assert "in pages 33-64" in death_reason([], None, (32, 64))
