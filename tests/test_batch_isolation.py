"""Batch workers (issue 24): a worker killed by a signal fails only its document, with the
signal and the page named; every worker runs under limits.max_memory_mb."""
from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from layoutpdf import batch
from layoutpdf.batch import FAILED, OK, PARTIAL, convert_many, death_reason

from test_errors_support import text_pdf


def _segfault_on_page_two(job):
    """Stands in for batch._run_job in the workers: MuPDF crashing on page 2 of 3."""
    if "bomb" in job.source:
        batch._PAGE_QUEUE.put((job.index, 1, 3))       # page 1 done, as convert_file reports
        time.sleep(2.0)                                  # let the report leave the process
        os.kill(os.getpid(), signal.SIGSEGV)
    return batch._run_job(job)


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
    report = convert_many([_inputs(tmp_path)], tmp_path / "out", workers=1, progress=False)
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


def test_death_reason_names_signal_exit_code_and_place():
    assert death_reason([-signal.SIGSEGV], (4, 10)) == (
        "the worker process died (killed by SIGSEGV: a crash inside the PDF engine) while "
        "parsing this file, on page 5 of 10")
    assert "exit code 3" in death_reason([3], None)
    assert "after reading its 10 page(s)" in death_reason([-signal.SIGKILL], (10, 10))
    assert "in pages 33-64" in death_reason([], None, (32, 64))
