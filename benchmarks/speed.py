"""Speed and peak memory of layoutpdf against other PDF loaders, in one run.

    python benchmarks/speed.py                 # dev bench + real corpus, all loaders
    python benchmarks/speed.py --set dev --loaders layoutpdf,pymupdf_text

Each loader runs in its own subprocess over the same files (so peak RSS is its own),
single process, after one warm-up file. Prints a Markdown table: pages/s, peak RSS,
and both as ratios to layoutpdf. Files that a loader cannot open are skipped for
every loader, so all rows cover the same pages.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import resource
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "shared"))
SETS = {
    "dev": os.path.join(SHARED, "bench", "docs", "dev", "*.pdf"),
    "real": os.path.join(SHARED, "corpus", "real", "*.pdf"),
}
SKIP_REAL = {"pdfjs_freeculture_book.pdf"}  # 352 pages: measured by benchmarks/memory.py


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


def child(loader: str, files: list[str]) -> None:
    """Runs in the subprocess: time the loader over the files, print JSON."""
    fn = LOADERS[loader]
    try:
        fn(files[0])  # warm-up: imports, font caches
    except ImportError as exc:
        print(json.dumps({"error": f"not installed: {exc}"}))
        return
    except Exception:
        pass
    seconds, pages, failed = 0.0, 0, []
    for f in files:
        t0 = time.perf_counter()
        try:
            fn(f)
        except Exception as exc:  # a loader that fails on a file is reported, not fatal
            failed.append(f"{os.path.basename(f)}: {type(exc).__name__}")
            continue
        seconds += time.perf_counter() - t0
        pages += _pages(f)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0  # KiB on Linux -> MiB
    print(json.dumps({"seconds": seconds, "pages": pages, "peak_rss_mb": rss, "failed": failed}))


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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--set", choices=("dev", "real", "both"), default="both")
    ap.add_argument("--loaders", default=",".join(LOADERS))
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--files", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child, json.loads(args.files))
        return
    sets = ["dev", "real"] if args.set == "both" else [args.set]
    print("| set | loader | files | pages | pages/s | peak RSS MiB | speed vs layoutpdf | RSS vs layoutpdf |")
    print("|---|---|---|---|---|---|---|---|")
    for name in sets:
        files = [f for f in sorted(glob.glob(SETS[name])) if os.path.basename(f) not in SKIP_REAL]
        files = openable(files)
        if not files:
            print(f"| {name} | (no files: {SETS[name]} missing) | | | | | | |")
            continue
        results = {}
        for loader in args.loaders.split(","):
            out = subprocess.run([sys.executable, __file__, "--child", loader, "--files", json.dumps(files)],
                                 capture_output=True, text=True, timeout=3600)
            line = (out.stdout.strip().splitlines() or ["{}"])[-1]
            try:
                results[loader] = json.loads(line)
            except json.JSONDecodeError:
                results[loader] = {"error": (out.stderr.strip().splitlines() or ["crashed"])[-1]}
        base = results.get("layoutpdf", {})
        base_speed = base.get("pages", 0) / base["seconds"] if base.get("seconds") else None
        for loader, r in results.items():
            if "error" in r:
                print(f"| {name} | {loader} | | | {r['error']} | | | |")
                continue
            speed = r["pages"] / r["seconds"] if r["seconds"] else 0.0
            ratio = f"{speed / base_speed:.2f}x" if base_speed else "n/a"
            rss_ratio = f"{r['peak_rss_mb'] / base['peak_rss_mb']:.2f}x" if base.get("peak_rss_mb") else "n/a"
            fails = f" ({len(r['failed'])} failed)" if r["failed"] else ""
            print(f"| {name} | {loader}{fails} | {len(files)} | {r['pages']} | {speed:.1f} | "
                  f"{r['peak_rss_mb']:.0f} | {ratio} | {rss_ratio} |")


if __name__ == "__main__":
    main()
