"""Speed and peak memory of layoutpdf against other PDF loaders, in one run.

    python benchmarks/speed.py                          # every set, every loader
    python benchmarks/speed.py --set dev,webdev --loaders layoutpdf,pymupdf_text --repeat 3
    python benchmarks/speed.py --set dev,webdev --clock cpu     # CPU time (shared machines)

Sets: dev and webdev (the bench splits), realdev (../shared/corpus/realdev) and real
(../shared/corpus/real, without the 352-page book: benchmarks/memory.py measures it).
Each loader runs in its own subprocess over the same files (so peak RSS is its own),
single process, after one warm-up file; with --repeat N the loaders take turns N times, so
a busy machine slows them alike, and every ratio is taken within one round. Files that
cannot be opened (encrypted, broken) are left out for every loader.

Prints, per set, a Markdown table: pages/s (median of the rounds), peak RSS, and
"ours ÷ loader", layoutpdf's pages/s over the loader's (median, with the spread over the
rounds); then layoutpdf's five slowest documents with their ms/page by stage
(`benchmarks/stage_timer.py`), and the documents with a text layer (scans excepted, by
MANIFEST.tsv's `scanned` feature) that run under ``SLOW_DOC`` pages/s.
"""
from __future__ import annotations

import argparse
import csv
import glob
import json
import os
import resource
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from stage_timer import SETS, SHARED  # noqa: E402  (one list of benchmark sets)
SKIP_REAL = {"pdfjs_freeculture_book.pdf"}  # 352 pages: measured by benchmarks/memory.py
SLOW_DOC = 15.0          # pages/s under which a born-digital document is listed
OURS = ("layoutpdf", "layoutpdf_no_ocr")


def _pages(path: str) -> int:
    import pymupdf
    with pymupdf.open(path) as d:
        return d.page_count


def run_layoutpdf(path: str) -> None:
    import layoutpdf
    layoutpdf.parse(path).to_markdown()


def run_layoutpdf_no_ocr(path: str) -> None:
    """Native text layers only: scanned pages come back empty, with an issue."""
    import layoutpdf
    layoutpdf.parse(path, {"ocr": {"mode": "never"}}).to_markdown()


def run_pymupdf_text(path: str) -> None:
    import pymupdf
    with pymupdf.open(path) as d:
        "\n".join(p.get_text() for p in d)


def run_pymupdf4llm(path: str) -> None:
    import pymupdf4llm
    pymupdf4llm.to_markdown(path, show_progress=False)


def run_langchain_pymupdf(path: str) -> None:
    from langchain_community.document_loaders import PyMuPDFLoader
    PyMuPDFLoader(path).load()


def run_pdfplumber(path: str) -> None:
    import pdfplumber
    with pdfplumber.open(path) as pdf:
        "\n".join((p.extract_text() or "") for p in pdf.pages)


LOADERS = {
    "layoutpdf": run_layoutpdf,
    "layoutpdf_no_ocr": run_layoutpdf_no_ocr,
    "pymupdf_text": run_pymupdf_text,
    "langchain_pymupdf": run_langchain_pymupdf,
    "pymupdf4llm": run_pymupdf4llm,
    "pdfplumber": run_pdfplumber,
}
DEFAULT_LOADERS = "layoutpdf,layoutpdf_no_ocr,pymupdf_text,pymupdf4llm,pdfplumber"


def child(loader: str, files: list[str], clock_name: str = "wall") -> None:
    """Runs in the subprocess: time the loader over the files, print JSON (per file too;
    layoutpdf's files with their seconds per stage)."""
    import logging
    logging.disable(logging.CRITICAL)
    fn = LOADERS[loader]
    try:
        fn(files[0])  # warm-up: imports, font caches
    except ImportError as exc:
        print(json.dumps({"error": f"not installed: {exc}"}))
        return
    except Exception:
        pass
    from stage_timer import CLOCKS, StageTimer
    clock = CLOCKS[clock_name]
    timer = (lambda: StageTimer(clock)) if loader in OURS else None
    seconds, pages, failed, per_file = 0.0, 0, [], {}
    for f in files:
        t = timer() if timer else None
        t0 = clock()
        try:
            if t:
                with t:
                    fn(f)
            else:
                fn(f)
        except Exception as exc:  # a loader that fails on a file is reported, not fatal
            failed.append(f"{os.path.basename(f)}: {type(exc).__name__}")
            continue
        dt = clock() - t0
        n = _pages(f)
        seconds += dt
        pages += n
        per_file[os.path.basename(f)] = {"seconds": dt, "pages": n,
                                         "stages": t.report() if t else {}}
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0  # KiB on Linux -> MiB
    print(json.dumps({"seconds": seconds, "pages": pages, "peak_rss_mb": rss, "failed": failed,
                      "files": per_file}))


def openable(files: list[str]) -> list[str]:
    import pymupdf
    ok = []
    for f in files:
        try:
            with pymupdf.open(f) as d:
                if not d.needs_pass and d.page_count > 0:
                    ok.append(f)
        except Exception:
            pass
    return ok


def scanned_files() -> set[str]:
    """Files MANIFEST.tsv (real and realdev corpora) marks as scans."""
    out: set[str] = set()
    for corpus in ("real", "realdev"):
        path = os.path.join(SHARED, "corpus", corpus, "MANIFEST.tsv")
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                for row in csv.DictReader(f, delimiter="\t"):
                    if "scanned" in (row.get("features") or "").split(","):
                        out.add(row["file"])
    return out


def run_round(files: list[str], loaders: list[str], clock: str = "wall") -> dict[str, dict]:
    results = {}
    for loader in loaders:
        out = subprocess.run([sys.executable, __file__, "--child", loader, "--files", json.dumps(files),
                              "--clock", clock],
                             capture_output=True, text=True, timeout=7200)
        line = (out.stdout.strip().splitlines() or ["{}"])[-1]
        try:
            results[loader] = json.loads(line)
        except json.JSONDecodeError:
            results[loader] = {"error": (out.stderr.strip().splitlines() or ["crashed"])[-1]}
    return results


def _speed(r: dict) -> float | None:
    return r["pages"] / r["seconds"] if r.get("seconds") else None


def report_set(name: str, files: list[str], rounds: list[dict[str, dict]], loaders: list[str],
               clock: str = "wall") -> None:
    print(f"\n### {name}: {len(files)} files ({clock} clock)\n")
    print("| loader | pages | pages/s (median) | peak RSS MiB | ours ÷ loader (median) | spread over rounds |")
    print("|---|---|---|---|---|---|")
    for loader in loaders:
        runs = [r[loader] for r in rounds if "error" not in r.get(loader, {"error": 1})]
        if not runs:
            err = next((r[loader].get("error") for r in rounds if loader in r), "no result")
            print(f"| {loader} | | {err} | | | |")
            continue
        speeds = [_speed(r) or 0.0 for r in runs]
        ratios = [(_speed(r["layoutpdf"]) or 0.0) / (_speed(r[loader]) or float("inf"))
                  for r in rounds if "seconds" in r.get("layoutpdf", {}) and "seconds" in r.get(loader, {})]
        fails = f" ({len(runs[0]['failed'])} failed)" if runs[0]["failed"] else ""
        spread = f"{min(ratios):.2f}–{max(ratios):.2f}" if len(ratios) > 1 else ""
        ratio = f"{statistics.median(ratios):.2f}" if ratios else "n/a"
        print(f"| {loader}{fails} | {runs[0]['pages']} | {statistics.median(speeds):.1f} | "
              f"{max(r['peak_rss_mb'] for r in runs):.0f} | {ratio} | {spread} |")
    for ours in OURS:
        _slowest(name, ours, rounds)


def _best_files(ours: str, rounds: list[dict[str, dict]]) -> dict[str, dict]:
    """Per file, the fastest round (least disturbed by other work on the machine)."""
    best: dict[str, dict] = {}
    for r in rounds:
        for fname, info in r.get(ours, {}).get("files", {}).items():
            if fname not in best or info["seconds"] < best[fname]["seconds"]:
                best[fname] = info
    return best


def _slowest(name: str, ours: str, rounds: list[dict[str, dict]]) -> None:
    best = _best_files(ours, rounds)
    if not best:
        return
    ranked = sorted(best.items(), key=lambda kv: kv[1]["pages"] / kv[1]["seconds"])
    print(f"\n{ours}, slowest five documents of {name} (ms/page by stage, best round):\n")
    for fname, info in ranked[:5]:
        stages = {k: v for k, v in info["stages"].items() if k != "extract"}
        top = sorted(stages.items(), key=lambda kv: -kv[1])[:6]
        parts = ", ".join(f"{k} {1000 * v / info['pages']:.1f}" for k, v in top if v > 0)
        print(f"- {fname}: {info['pages']} p, {info['pages'] / info['seconds']:.1f} pages/s — {parts}")
    scans = scanned_files()
    slow = [(f, i["pages"] / i["seconds"]) for f, i in ranked
            if f not in scans and i["pages"] / i["seconds"] < SLOW_DOC]
    listed = ", ".join(f"{f} ({s:.1f})" for f, s in slow) or "none"
    print(f"\n{ours}: documents with a text layer under {SLOW_DOC:.0f} pages/s: {listed}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--set", default="dev,webdev,realdev,real",
                    help="comma-separated: " + ", ".join(SETS))
    ap.add_argument("--loaders", default=DEFAULT_LOADERS, help="comma-separated: " + ", ".join(LOADERS))
    ap.add_argument("--repeat", type=int, default=1, help="rounds (loaders take turns)")
    ap.add_argument("--clock", default="wall", choices=("wall", "cpu"),
                    help="wall clock, or CPU time of each loader's process and its children "
                         "(steadier on a shared machine)")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--files", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child, json.loads(args.files), args.clock)
        return
    loaders = args.loaders.split(",")
    if "layoutpdf" not in loaders:
        loaders.insert(0, "layoutpdf")       # every ratio is to it
    for name in args.set.split(","):
        files = [f for f in sorted(glob.glob(SETS[name])) if os.path.basename(f) not in SKIP_REAL]
        files = openable(files)
        if not files:
            print(f"\n### {name}: no files ({SETS[name]} missing)")
            continue
        rounds = [run_round(files, loaders, args.clock) for _ in range(max(1, args.repeat))]
        report_set(name, files, rounds, loaders, args.clock)


if __name__ == "__main__":
    main()
