"""Peak memory (ru_maxrss) of streaming vs whole-document parsing, each in a fresh process.

    python benchmarks/memory.py [PDF] [--pages 50,352] [--batch 1]

Default PDF: the 352-page /work/shared/corpus/real/pdfjs_freeculture_book.pdf. For each page
count N it runs, in its own subprocess:

  baseline   import layoutpdf and open the PDF (interpreter + PyMuPDF floor)
  stream     `layoutpdf.iter_pages` over the first N pages, rendering each batch's Markdown
             and dropping it (what lazy_load / the CLI's streaming path does)
  parse      `layoutpdf.parse(pages=range(N))`, then `to_markdown()` of the whole document

and prints peak RSS (MiB), wall time and pages/s. Streaming must stay flat in N; whole-document
parsing grows with N (the Document holds every page's spans, lines and elements).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

DEFAULT_PDF = "/work/shared/corpus/real/pdfjs_freeculture_book.pdf"

CHILD = r"""
import json, resource, sys, time, logging
logging.disable(logging.CRITICAL)
mode, path, n, batch, ocr = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
import layoutpdf, pymupdf
settings = layoutpdf.Settings().replace(ocr={"mode": ocr})
started = time.perf_counter()
pages = chars = 0
if mode == "baseline":
    doc = pymupdf.open(path); pages = min(n, doc.page_count); doc.close()
elif mode == "stream":
    gen = layoutpdf.iter_pages(path, settings, batch=batch)
    for part in gen:
        chars += len(part.to_markdown())
        pages += len(part.pages)
        del part
        if pages >= n:
            break
    gen.close()
else:
    doc = layoutpdf.parse(path, settings, pages=range(n))
    chars = len(doc.to_markdown())
    pages = len(doc.pages)
seconds = time.perf_counter() - started
peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss   # KiB on Linux
print(json.dumps({"mode": mode, "pages": pages, "chars": chars, "seconds": seconds,
                  "peak_mib": peak_kib / 1024}))
"""


def measure(mode: str, path: str, n: int, batch: int, ocr: str = "auto") -> dict:
    proc = subprocess.run([sys.executable, "-c", CHILD, mode, path, str(n), str(batch), ocr],
                          capture_output=True, text=True, timeout=3600)
    if proc.returncode != 0:
        raise RuntimeError(f"{mode} {n}: {proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pdf", nargs="?", default=DEFAULT_PDF)
    ap.add_argument("--pages", default="50,352", help="page counts, comma separated")
    ap.add_argument("--batch", type=int, default=1, help="iter_pages batch size")
    ap.add_argument("--modes", default="baseline,stream,parse")
    ap.add_argument("--ocr", default="auto", choices=("auto", "never"),
                    help="settings.ocr.mode (auto: the image-only cover is OCR'd, a fixed peak)")
    ap.add_argument("--json", help="also write the rows to this file")
    args = ap.parse_args(argv)
    if not os.path.exists(args.pdf):
        print(f"skipped: {args.pdf} not found", file=sys.stderr)
        return 0
    counts = [int(x) for x in args.pages.split(",")]
    rows = []
    print(f"{os.path.basename(args.pdf)}  (iter_pages batch={args.batch}, ocr={args.ocr}; "
          "peak RSS = ru_maxrss)")
    print(f"{'mode':10s} {'pages':>6s} {'peak MiB':>9s} {'seconds':>8s} {'pages/s':>8s} {'md chars':>9s}")
    for n in counts:
        for mode in args.modes.split(","):
            row = measure(mode, args.pdf, n, args.batch, args.ocr)
            rows.append(row)
            rate = row["pages"] / row["seconds"] if row["seconds"] > 0 and mode != "baseline" else 0
            print(f"{mode:10s} {row['pages']:6d} {row['peak_mib']:9.1f} {row['seconds']:8.1f} "
                  f"{rate:8.1f} {row['chars']:9d}", flush=True)
    by = {(r["mode"], r["pages"]): r["peak_mib"] for r in rows}
    lo, hi = min(counts), max(counts)
    for mode in ("stream", "parse"):
        if (mode, lo) in by and (mode, hi) in by:
            print(f"{mode}: peak grows {by[(mode, hi)] - by[(mode, lo)]:+.1f} MiB from {lo} to {hi} pages")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(rows, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
