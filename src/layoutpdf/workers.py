"""Worker processes: their memory cap, and what to say when one dies.

Batch workers, the Ray parsing child and the CLI's own process (``--in-process``) all
parse PDFs that may be hostile. Each caps its address space at ``limits.max_memory_mb`` over
its size once the parsing code is imported (`limit_memory`), so a memory bomb fails its
document with `ResourceLimitError` rather than taking the machine down. A pool whose worker
was killed (a crash inside MuPDF: a signal) is shut down without waiting on it (`abandon`),
and the document gets one line naming the signal and the page it was on (`death_reason`).
"""
from __future__ import annotations

import concurrent.futures as cf
import contextlib
import logging
import sys
import time
from typing import Any, Iterator, Sequence

LOG_FORMAT = "%(levelname)s %(name)s: %(message)s"

_SIGNALS = {"SIGSEGV": "a crash inside the PDF engine", "SIGBUS": "a crash inside the PDF engine",
            "SIGABRT": "the PDF engine aborted", "SIGILL": "a crash inside the PDF engine",
            "SIGFPE": "a crash inside the PDF engine",
            "SIGKILL": "killed from outside, e.g. by the system's out-of-memory killer",
            "SIGXCPU": "over the CPU time limit"}


def limit_memory(max_memory_mb: int | None) -> int | None:
    """Cap this process's address space at its size now plus `max_memory_mb` MiB, after
    importing what a parse needs (so only the parse counts against the cap). Returns the
    limit in force (`limits.apply_memory_limit`); None/0: no cap."""
    if not max_memory_mb:
        return None
    from . import pipeline, split  # noqa: F401  (imported before the limit is set)
    from .limits import apply_memory_limit
    return apply_memory_limit(max_memory_mb)


@contextlib.contextmanager
def memory_limit_while(max_memory_mb: int | None) -> Iterator[int | None]:
    """`limit_memory` for the length of a block, then the limit the process had before.

    For a process that parses in place but lives on after the parse (the CLI's
    ``--in-process`` run called as ``cli.main`` from a program or a test): a cap left behind
    would be inherited by every program it starts later (a browser, a Ray node), which
    reserve far more address space than they use and die at start-up under it."""
    try:
        import resource
        before = resource.getrlimit(resource.RLIMIT_AS)
    except ImportError:   # Windows: no such limit
        before = None
    try:
        yield limit_memory(max_memory_mb)
    finally:
        if before is not None and resource.getrlimit(resource.RLIMIT_AS) != before:
            resource.setrlimit(resource.RLIMIT_AS, before)   # the soft limit only went down


def start_worker(log_level: int, max_memory_mb: int | None) -> None:
    """What every spawned worker does first: log like its parent, then take the cap."""
    logging.basicConfig(level=log_level, format=LOG_FORMAT)
    limit_memory(max_memory_mb)


EXIT_STATUS_WAIT_S = 60.0   # most to wait for a dead worker's exit status (a core dump)


def abandon(pool: cf.ProcessPoolExecutor, procs: Sequence[Any] | None = None) -> list[int]:
    """Shut a broken pool down without waiting on it, and end its remaining workers;
    the exit codes of the workers that had already died (negative: a signal).

    A pool reports a death as soon as it sees it, while its own manager thread may be
    reaping the same process: whichever thread's ``waitpid`` comes second gets nothing
    and sees no exit code yet. So the exit status of every worker that has ended (its
    sentinel is ready) is waited for until it is known (`exit_status`), never sampled."""
    if procs is None:
        procs = list((getattr(pool, "_processes", None) or {}).values())
    ended = _ended(procs)
    died = [code for code in (exit_status(p) for p in ended) if code not in (None, 0)]
    died.sort(key=lambda code: code == -15)   # the pool's own SIGTERMs after the cause
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in procs:
        if proc not in ended and proc.is_alive():
            proc.terminate()
    for proc in procs:
        proc.join(timeout=10)
    return died


def _ended(procs: Sequence[Any]) -> list[Any]:
    """The workers that have ended: their sentinels are ready. Waits (up to
    EXIT_STATUS_WAIT_S) for the first, since the pool broke because one did."""
    from multiprocessing.connection import wait
    by_sentinel = {p.sentinel: p for p in procs}
    if not by_sentinel:
        return []
    ready = wait(list(by_sentinel), timeout=EXIT_STATUS_WAIT_S)
    ready = wait(list(by_sentinel), timeout=0) or ready   # all that have ended by now
    return [by_sentinel[s] for s in ready]


def exit_status(proc: Any, timeout: float = EXIT_STATUS_WAIT_S) -> int | None:
    """The exit code of a process that has ended, once collected (by this thread or by
    the pool's own); None only if it is still unknown after `timeout` seconds."""
    proc.join(timeout=timeout)
    deadline = time.monotonic() + timeout
    while proc.exitcode is None and time.monotonic() < deadline:
        time.sleep(0.01)   # another thread holds the status it reaped: it stores it soon
    return proc.exitcode


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


def peak_rss_mb() -> float:
    """Peak resident memory of this process, in MiB (0.0 where unknown)."""
    try:
        import resource
    except ImportError:   # Windows
        return 0.0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)


__all__ = ["abandon", "death_reason", "exit_status", "limit_memory", "peak_rss_mb", "start_worker"]
