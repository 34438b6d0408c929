"""Where parse() spends its time: wall clock per pipeline stage and per extraction step.

    python benchmarks/stage_timer.py FILE_OR_GLOB...   [--repeat 3] [--ocr auto|never]
    python benchmarks/stage_timer.py --set dev          (dev, webdev, realdev, real)
    python benchmarks/stage_timer.py --set dev --clock cpu   (CPU time: steadier when shared)

Used as a library by `benchmarks/speed.py` (`StageTimer`). The timer wraps, for the time of
a `with StageTimer() as t:` block only, every stage of `pipeline.STAGES` and the steps of
`extract.page.extract_page` (text page, span and line building, vector paths, tables,
images, glyph repair, OCR); nothing in the package knows about it and outside the block
everything runs unwrapped. Times are wall clock in seconds, summed over calls; the
extraction steps are nested inside `extract` (the whole of `extract_page`), and what
`extract` spends outside them is reported as `extract.other`.

The repeat keeps the fastest run of each file (the machine is shared: the minimum is the
least disturbed reading), and the report gives ms per page.
"""
from __future__ import annotations

import argparse
import glob
import os
import resource
import sys
import time
from collections import defaultdict
from contextlib import ExitStack

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "shared"))
SETS = {
    "dev": os.path.join(SHARED, "bench", "docs", "dev", "*.pdf"),
    "webdev": os.path.join(SHARED, "bench", "docs", "webdev", "*.pdf"),
    "realdev": os.path.join(SHARED, "corpus", "realdev", "*.pdf"),
    "real": os.path.join(SHARED, "corpus", "real", "*.pdf"),
}

# (module, attribute, label): extraction steps timed inside extract_page
EXTRACT_STEPS = (
    ("layoutpdf.extract.page", "_lines", "extract.lines"),
    ("layoutpdf.extract.page", "glyph_columns", "extract.glyph_columns"),
    ("layoutpdf.extract.page", "_drop_overprinted", "extract.overprint"),
    ("layoutpdf.extract.page", "_paths", "extract.paths"),
    ("layoutpdf.extract.page", "_drawings", "extract.drawings"),
    ("layoutpdf.extract.page", "_images", "extract.images"),
    ("layoutpdf.extract.page", "find_table_candidates", "extract.tables"),
    ("layoutpdf.extract.page", "needs_repair", "extract.repair_check"),
    ("layoutpdf.extract.page", "_repaired", "extract.glyph_repair"),
    ("layoutpdf.extract.page", "apply_ocr", "extract.ocr"),
)


def cpu_clock() -> float:
    """CPU seconds of this process and of its finished children (Tesseract runs in a
    subprocess): on a shared machine, less disturbed by other work than the wall clock."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)   # finer than os.times()' ticks
    return time.process_time() + children.ru_utime + children.ru_stime


CLOCKS = {"wall": time.perf_counter, "cpu": cpu_clock}


class StageTimer:
    """Seconds per stage and per extraction step, summed while the block runs (wall clock
    by default; `clock=cpu_clock` for CPU time)."""

    def __init__(self, clock=time.perf_counter) -> None:
        self.seconds: dict[str, float] = defaultdict(float)
        self._stack = ExitStack()
        self._clock = clock

    def __enter__(self) -> "StageTimer":
        import importlib
        from layoutpdf import pipeline
        for mod_name, attr, label in EXTRACT_STEPS:
            self._patch(importlib.import_module(mod_name), attr, label)
        self._patch(pipeline, "extract_page", "extract")
        stages = pipeline.STAGES
        pipeline.STAGES = tuple((name, self._timed(fn, name)) for name, fn in stages)
        self._stack.callback(setattr, pipeline, "STAGES", stages)
        return self

    def __exit__(self, *exc) -> None:
        self._stack.close()

    def _patch(self, module, attr: str, label: str) -> None:
        original = getattr(module, attr)
        setattr(module, attr, self._timed(original, label))
        self._stack.callback(setattr, module, attr, original)

    def _timed(self, fn, label: str):
        seconds, clock = self.seconds, self._clock

        def timed(*args, **kwargs):
            t0 = clock()
            try:
                return fn(*args, **kwargs)
            finally:
                seconds[label] += clock() - t0
        return timed

    def report(self) -> dict[str, float]:
        """Seconds by label, with `extract.other` for extraction outside the named steps."""
        out = dict(self.seconds)
        if "extract" in out:
            inner = sum(v for k, v in out.items() if k.startswith("extract."))
            out["extract.other"] = max(0.0, out["extract"] - inner)
        return out


def time_file(path: str, settings=None, repeat: int = 1,
              clock=time.perf_counter) -> tuple[float, dict[str, float], int]:
    """(best seconds of parse + to_markdown, that run's stage seconds, pages)."""
    import layoutpdf
    import pymupdf
    with pymupdf.open(path) as d:
        pages = d.page_count
    best = None
    for _ in range(repeat):
        with StageTimer(clock) as t:
            t0 = clock()
            doc = layoutpdf.parse(path, settings)
            doc.to_markdown()
            wall = clock() - t0
        if best is None or wall < best[0]:
            best = (wall, t.report())
    return best[0], best[1], pages


def stage_order() -> list[str]:
    from layoutpdf import pipeline
    return (["extract"] + [label for _, _, label in EXTRACT_STEPS] + ["extract.other"]
            + [name for name, _ in pipeline.STAGES])


def print_table(rows: list[tuple[str, float, dict[str, float], int]]) -> None:
    """Per-stage ms/page over all rows (pages summed), then the total."""
    total_pages = sum(r[3] for r in rows) or 1
    sums: dict[str, float] = defaultdict(float)
    for _, _, stages, _ in rows:
        for k, v in stages.items():
            sums[k] += v
    wall = sum(r[1] for r in rows)
    print(f"| step | ms/page |\n|---|---|")
    for label in stage_order():
        if sums.get(label):
            print(f"| {label} | {1000 * sums[label] / total_pages:.2f} |")
    print(f"| **parse + to_markdown** | **{1000 * wall / total_pages:.2f}** "
          f"({total_pages / wall:.1f} pages/s) |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="*")
    ap.add_argument("--set", choices=tuple(SETS))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--ocr", default="auto", choices=("auto", "never", "always"))
    ap.add_argument("--per-file", action="store_true")
    ap.add_argument("--clock", default="wall", choices=tuple(CLOCKS),
                    help="wall clock, or CPU time of the process and its children")
    args = ap.parse_args()
    sys.path.insert(0, os.path.join(HERE, "..", "src"))
    import logging
    logging.disable(logging.CRITICAL)
    import layoutpdf
    settings = layoutpdf.Settings().replace(ocr={"mode": args.ocr})
    paths = sorted(glob.glob(SETS[args.set])) if args.set else \
        [p for f in args.files for p in sorted(glob.glob(f))]
    rows = []
    for p in paths:
        try:
            wall, stages, pages = time_file(p, settings, args.repeat, CLOCKS[args.clock])
        except Exception as exc:   # encrypted, broken: not timed
            print(f"skip {os.path.basename(p)}: {type(exc).__name__}", file=sys.stderr)
            continue
        rows.append((p, wall, stages, pages))
        if args.per_file:
            top = sorted(((v, k) for k, v in stages.items() if k != "extract"), reverse=True)[:4]
            print(f"{os.path.basename(p)}: {pages} p, {pages / wall:.1f} pages/s; "
                  + ", ".join(f"{k} {1000 * v / pages:.1f}" for v, k in top), file=sys.stderr)
    print_table(rows)


if __name__ == "__main__":
    main()
