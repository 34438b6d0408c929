"""Scaling: documents/s and pages/s with 1 and 2 workers, process pool and Ray.

    python benchmarks/scale.py                       # real corpus, pool + convert + Ray
    python benchmarks/scale.py --workers 1,2,4 --repeat 3 --systems pool,ray
    python benchmarks/scale.py --ocr auto --json scale.json

Systems (each over the same files):
  convert  layoutpdf.batch.convert_many: parse, render Markdown, write files (the CLI path),
           cold: process start-up is inside the wall time
  pool     a spawn ProcessPoolExecutor running layoutpdf.ray.PDFBytesToChunks on a one-row
           batch per file, pyarrow tables back to the driver
  ray      layoutpdf.ray.read_pdfs(files).materialize() on a local Ray (num_cpus = workers)
`pool` and `ray` run the same callable on the same files in the same order (largest file
first, as read_pdfs submits them); the chunk rows of both are compared (content digest).

Start-up is timed apart and printed, not counted in the throughput: a user with a running
cluster (or a long-lived pool) does not pay it per batch. For `pool` it is spawning the
workers and warming each (imports, tokenizer); for `ray` it is ray.init plus one small
Dataset job that warms each worker the same way (and starts Ray Data's helper actors).
The timed part then starts from warm workers for both.

Corpus: /work/shared/corpus/real/*.pdf (or --corpus). Files that cannot be opened
(encrypted, broken) are skipped; the 352-page book is measured on its own (one document is
one task). OCR is off by default (--ocr auto to include it): Tesseract runs in its own
processes and threads, so scanned pages would measure Tesseract, not layoutpdf.

Timing on a shared machine is noisy, so besides wall time (best of --repeat, every run
listed) every run records CPU seconds of the timed part: per worker process and for the
whole process tree (Ray's own daemons and actors included; psutil), and for `convert` per
document inside the worker. "est. idle wall" = the busiest worker's CPU (plus a worker's
start-up CPU for `convert`), or all CPU divided by the cores if that is more: a lower bound
of the wall time on an idle machine. "est. speed-up" compares those. The 1-minute load
average at the start of each run is printed with it.
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import glob
import json
import multiprocessing
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "corpus", "real"))
BIG_PAGES = 200        # documents at least this long are measured on their own


# --- corpus ----------------------------------------------------------------------------------

def corpus(folder: str) -> tuple[list[tuple[str, int]], list[tuple[str, int]], list[str]]:
    """(files, big files, skipped): (path, pages) for each file that opens."""
    from layoutpdf.extract import open_pdf
    files, big, skipped = [], [], []
    for path in sorted(glob.glob(os.path.join(folder, "*.pdf"))):
        try:
            pdf = open_pdf(path)
            n = pdf.page_count
            pdf.close()
        except Exception as exc:
            skipped.append(f"{os.path.basename(path)} ({type(exc).__name__})")
            continue
        (big if n >= BIG_PAGES else files).append((path, n))
    return files, big, skipped


# --- worker tasks ----------------------------------------------------------------------------

def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _self_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def layoutpdf_file() -> str:
    import layoutpdf
    return layoutpdf.__file__


def startup_cpu() -> float:
    """CPU seconds a fresh worker spends importing layoutpdf (what each spawn costs)."""
    before = _children_cpu()
    subprocess.run([sys.executable, "-c", "import layoutpdf.ray, layoutpdf.pipeline, tiktoken"],
                   check=True)
    return _children_cpu() - before


# --- systems ---------------------------------------------------------------------------------

def run_convert(files: list[str], workers: int, settings: dict) -> dict:
    from layoutpdf.batch import convert_many
    with tempfile.TemporaryDirectory() as out:
        c0, s0 = _children_cpu(), _self_cpu()
        t0 = time.perf_counter()
        report = convert_many(files, out, workers=workers, settings=settings, force=True,
                              progress=False)
        wall = time.perf_counter() - t0
        total_cpu = _children_cpu() - c0 + _self_cpu() - s0
    per_worker: dict[int, float] = defaultdict(float)
    rss: dict[int, float] = {}
    for o in report.outcomes:
        per_worker[o.worker] += o.cpu_seconds
        rss[o.worker] = max(rss.get(o.worker, 0.0), o.peak_rss_mb)
    return {"wall": wall, "start": 0.0, "cold": True, "docs": len(report.outcomes) - len(report.failed),
            "pages": report.pages, "failed": len(report.failed), "total_cpu": total_cpu,
            "worker_cpu": sorted(per_worker.values(), reverse=True),
            "worker_rss": sorted(rss.values(), reverse=True)}


def chunk_table(path: str, settings: dict) -> object:
    """One document exactly as a ``read_pdfs`` task does it: the same callable on the same
    one-row batch, giving the same pyarrow table of chunk rows."""
    import pyarrow as pa
    from layoutpdf.ray import PDFBytesToChunks
    return PDFBytesToChunks(settings, chunk_size=None)(pa.table({"path": [path]}))


def warm_up(_: object = None) -> int:
    """What a fresh worker does once: import layoutpdf, load the tokenizer. Sleeps a little
    so that N warm-up tasks land on N different workers."""
    import layoutpdf.pipeline  # noqa: F401
    import layoutpdf.ray  # noqa: F401
    from layoutpdf.split import get_tokenizer
    get_tokenizer("cl100k_base").count("warm")
    time.sleep(0.3)
    return os.getpid()


def ray_order(files: list[str]) -> list[str]:
    """The order read_pdfs submits local files in (largest file first); the pool uses it too."""
    return sorted(files, key=lambda f: -os.path.getsize(f))


def digest(tables: list) -> str:
    """Content of the chunk rows, independent of row order and of how they are batched."""
    import hashlib
    rows = sorted((str(r["source"]), int(r["chunk_index"]), json.dumps(r, sort_keys=True, default=str))
                  for t in tables for r in t.to_pylist())
    return hashlib.sha256(json.dumps(rows).encode("utf-8")).hexdigest()[:12]


def run_pool(files: list[str], workers: int, settings: dict, sizes: dict[str, int]) -> dict:
    """Spawned ProcessPoolExecutor; workers warmed (imports, tokenizer) before the clock."""
    ctx = multiprocessing.get_context("spawn")
    order = ray_order(files)
    me = os.getpid()
    t0 = time.perf_counter()
    pool = cf.ProcessPoolExecutor(max_workers=workers, mp_context=ctx)
    try:
        pids = set(pool.map(warm_up, range(workers)))
        start = time.perf_counter() - t0
        before = _tree_cpu()
        t1 = time.perf_counter()
        tables = list(pool.map(chunk_table, order, [settings] * len(order)))
        wall = time.perf_counter() - t1
        after = _tree_cpu()
    finally:
        pool.shutdown()
    out = _cpu_summary(before, after, lambda pid, name: pid != me and pid in pids)
    out.update({"wall": wall, "start": start, "docs": len(files), "pages": sum(sizes.values()),
                "rows": sum(t.num_rows for t in tables), "digest": digest(tables),
                "warm_workers": len(pids)})
    return out


def _cpu_summary(before: dict, after: dict, is_worker) -> dict:
    deltas = {pid: after[pid][1] - before.get(pid, ("", 0.0))[1] for pid in after}
    workers = {pid: d for pid, d in deltas.items() if is_worker(pid, after[pid][0]) and d > 0.05}
    return {"total_cpu": sum(deltas.values()),
            "worker_cpu": sorted(workers.values(), reverse=True),
            "worker_rss": sorted((after[p][2] for p in workers), reverse=True),
            "other_cpu": {after[p][0]: round(d, 2) for p, d in deltas.items()
                          if p not in workers and d > 0.05}}


def _tree_cpu() -> dict[int, tuple[str, float, float]]:
    """pid -> (name, cpu seconds, peak RSS MiB) for this process and all its descendants."""
    import psutil
    me = psutil.Process()
    out = {}
    for p in [me, *me.children(recursive=True)]:
        try:
            t = p.cpu_times()
            out[p.pid] = (" ".join(p.cmdline()[:1])[:60], t.user + t.system, _hwm_mb(p.pid))
        except psutil.Error:
            continue
    return out


def _hwm_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return 0.0


def _warm_batch(batch: dict) -> dict:
    return {"pid": [warm_up() for _ in range(len(batch["id"]))]}


def ray_start(workers: int) -> tuple[float, float, int]:
    """A local cluster as a user with a running cluster has it: started (ray.init), and
    every worker warmed by one small Dataset job (Ray Data's imports and helper actors,
    layoutpdf imports, tokenizer). Returns (init s, warm-up s, distinct warm workers)."""
    import logging
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    import ray
    import ray.data
    t0 = time.perf_counter()
    ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False,
             configure_logging=False)
    init = time.perf_counter() - t0
    logging.getLogger("ray").setLevel(logging.WARNING)
    logging.getLogger("ray.data").setLevel(logging.WARNING)
    ctx = ray.data.DataContext.get_current()
    ctx.enable_progress_bars = False
    ctx.print_on_execution_start = False
    t1 = time.perf_counter()
    warm = ray.data.range(workers, override_num_blocks=workers).map_batches(
        _warm_batch, batch_size=1).take_all()
    return init, time.perf_counter() - t1, len({r["pid"] for r in warm})


def run_ray(files: list[str], workers: int, settings: dict, sizes: dict[str, int],
            files_per_task: int | None = None) -> dict:
    import ray
    from layoutpdf.ray import read_pdfs
    try:
        init, warm, nwarm = ray_start(workers)
        before = _tree_cpu()
        t0 = time.perf_counter()
        rows = read_pdfs(files, settings, chunk_size=None,
                         files_per_task=files_per_task).materialize()
        wall = time.perf_counter() - t0
        after = _tree_cpu()
        tables = [ray.get(ref) for ref in rows.to_arrow_refs()]
    finally:
        ray.shutdown()
    out = _cpu_summary(before, after, lambda pid, name: name.startswith("ray::"))
    out.update({"wall": wall, "start": init + warm, "init": init, "docs": len(files),
                "pages": sum(sizes.values()), "rows": sum(t.num_rows for t in tables),
                "digest": digest(tables), "warm_workers": nwarm})
    return out


# --- report ----------------------------------------------------------------------------------

def best(runs: list[dict]) -> dict:
    out = dict(min(runs, key=lambda r: r["wall"]))
    out["walls"] = [round(r["wall"], 2) for r in runs]
    out["starts"] = [round(r["start"], 2) for r in runs]
    out["busiest_cpu"] = min(r["worker_cpu"][0] if r["worker_cpu"] else 0.0 for r in runs)
    out["total_cpu"] = min(r["total_cpu"] for r in runs)
    out["loads"] = [r["load"] for r in runs]
    return out


def est_wall(r: dict, start_cpu: float) -> float:
    """Wall time on an idle machine, at least: the busiest worker's CPU in the timed part
    (plus a worker's start-up for `convert`, whose task timings leave it out), and never
    less than all CPU (every process, daemons included) spread over all cores."""
    busiest = r["busiest_cpu"] + (start_cpu if r.get("cold") else 0.0)
    return max(busiest, r["total_cpu"] / (os.cpu_count() or 1))


def _spread(values: list[float]) -> str:
    return f"{min(values):.2f}–{max(values):.2f}" if len(values) > 1 else f"{values[0]:.2f}"


def table(results: dict, start_cpu: float) -> str:
    lines = ["| system | workers | docs | pages | start-up s (excluded) | wall s (best; all) | "
             "docs/s | pages/s | speed-up | busiest worker CPU s | CPU s, all processes | "
             "est. idle wall s | est. speed-up | peak RSS / worker MiB | load avg (1 min) |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for system, by_n in results.items():
        base = by_n.get(1)
        for n, r in sorted(by_n.items()):
            est = est_wall(r, start_cpu)
            speed = f"{base['wall'] / r['wall']:.2f}" if base else "-"
            est_speed = f"{est_wall(base, start_cpu) / est:.2f}" if base else "-"
            rss = ", ".join(f"{x:.0f}" for x in r["worker_rss"][:n]) or "-"
            start = "in wall" if r.get("cold") else ", ".join(f"{x:.1f}" for x in r["starts"])
            loads = ", ".join(x.split()[0] for x in r["loads"])
            lines.append(
                f"| {system} | {n} | {r['docs']} | {r['pages']} | {start} | {r['wall']:.1f} "
                f"({', '.join(str(w) for w in r['walls'])}) | {r['docs'] / r['wall']:.2f} | "
                f"{r['pages'] / r['wall']:.1f} | {speed} | {r['busiest_cpu']:.1f} | "
                f"{r['total_cpu']:.1f} | {est:.1f} | {est_speed} | {rss} | {loads} |")
    pool, ray = results.get("pool", {}), results.get("ray", {})
    if set(pool) & set(ray):
        lines.append("")
    for n in sorted(set(pool) & set(ray)):
        p, r = pool[n], ray[n]
        ratios = [rw / pw for rw, pw in zip(r["walls"], p["walls"])]
        same = "identical" if p["digest"] == r["digest"] else f"DIFFERENT ({p['digest']} vs {r['digest']})"
        lines.append(f"Ray / pool time with {n} worker(s): wall {r['wall'] / p['wall']:.2f} "
                     f"(best vs best; run by run {_spread(ratios)}), est. idle "
                     f"{est_wall(r, start_cpu) / est_wall(p, start_cpu):.2f}; with start-up "
                     f"{(r['wall'] + min(r['starts'])) / (p['wall'] + min(p['starts'])):.2f}; "
                     f"chunk rows {same}")
    for system in ("pool", "ray"):
        for n, r in sorted(results.get(system, {}).items()):
            if r.get("other_cpu"):
                lines.append(f"{system} x{n}, CPU s of other processes in the timed part: "
                             + ", ".join(f"{k.strip()} {v}" for k, v in r["other_cpu"].items()))
    return "\n".join(lines)


def big_documents(big: list[tuple[str, int]], settings: dict) -> list[str]:
    """How a long document's time splits between extraction (per page, can be spread over
    workers) and the document-wide stages (one process, over every page)."""
    from layoutpdf import gcpolicy, pipeline
    from layoutpdf.settings import Settings
    s = Settings.from_dict(settings)
    out = []
    for path, n in big:
        cpu = time.process_time()
        doc = pipeline.extract(path, s)
        extract = time.process_time() - cpu
        with gcpolicy.relaxed():     # as parse() runs them
            pipeline.run_stages(doc, s)
        stages = time.process_time() - cpu - extract
        total = extract + stages
        out.append(f"- {os.path.basename(path)}: {n} pages, {total:.1f} CPU s "
                   f"({n / total:.0f} pages/s per core): extraction {extract:.1f} s, "
                   f"document stages {stages:.1f} s. Extraction over 2 workers could at best "
                   f"give {total / (extract / 2 + stages):.2f}x before start-up and transfer "
                   f"costs; `convert` splits it so when it is over a worker's share of a batch, "
                   f"a Ray task never does")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", default=CORPUS)
    ap.add_argument("--workers", default="1,2")
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--systems", default="convert,pool,ray")
    ap.add_argument("--ocr", default="never", choices=("never", "auto"))
    ap.add_argument("--limit", type=int, default=0, help="use the first N files only")
    ap.add_argument("--files-per-task", type=int, default=None,
                    help="read_pdfs files_per_task for `ray` (default: read_pdfs's own choice)")
    ap.add_argument("--json", help="also write the results here")
    args = ap.parse_args(argv)
    settings = {"ocr": {"mode": args.ocr}}
    files, big, skipped = corpus(args.corpus)
    if args.limit:
        files = files[:args.limit]
    sizes = dict(files)
    paths = [p for p, _ in files]
    counts = [int(n) for n in args.workers.split(",")]
    start_cpu = startup_cpu()
    print(f"{len(paths)} files, {sum(sizes.values())} pages; skipped: {', '.join(skipped) or '-'}; "
          f"measured apart: {', '.join(os.path.basename(p) for p, _ in big) or '-'}; "
          f"ocr.mode={args.ocr}; {os.cpu_count()} CPUs; worker start-up {start_cpu:.1f} CPU s; "
          f"layoutpdf from {os.path.dirname(layoutpdf_file())}", flush=True)
    systems = args.systems.split(",")
    if "ray" in systems:
        try:
            import ray.data  # noqa: F401
        except ImportError:
            print('ray: skipped (pip install "layoutpdf[ray]")')
            systems.remove("ray")
    runs: dict[tuple[str, int], list[dict]] = defaultdict(list)
    for n in counts:            # systems interleaved run by run: pairs see the same load
        for _ in range(args.repeat):
            for system in systems:
                load = " ".join(f"{x:.1f}" for x in os.getloadavg())
                if system == "convert":
                    r = run_convert(paths, n, settings)
                elif system == "pool":
                    r = run_pool(paths, n, settings, sizes)
                else:
                    r = run_ray(paths, n, settings, sizes, args.files_per_task)
                r["load"] = load
                runs[system, n].append(r)
                extra = (f", start-up {r['start']:.1f} s (not timed; {r['warm_workers']} warm "
                         f"workers), rows {r['digest']}" if "digest" in r else "")
                print(f"  {system} x{n}: {r.get('rows', '-')} rows, {r['wall']:.1f} s wall, busiest worker "
                      f"{(r['worker_cpu'] or [0])[0]:.1f} CPU s, all {r['total_cpu']:.1f} CPU s "
                      f"(load {load}){extra}", flush=True)
    results: dict[str, dict[int, dict]] = {}
    for system in systems:
        for n in counts:
            results.setdefault(system, {})[n] = best(runs[system, n])
    print()
    print(table(results, start_cpu))
    notes = big_documents(big, settings)
    if notes:
        print()
        print("\n".join(notes))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"results": {s: {str(n): r for n, r in v.items()} for s, v in results.items()},
                       "startup_cpu": start_cpu, "files": len(paths), "big": notes,
                       "skipped": skipped, "ocr": args.ocr}, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
