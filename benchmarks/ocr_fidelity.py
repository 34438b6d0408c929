"""How much reading-order fidelity survives OCR: a bench PDF scanned and read back.

One dev bench document (born digital, single column) is rendered page by page to images
and written back as an image-only PDF: a clean "scan". Both are parsed; the OCR'd text
is scored against the document's ground truth with the bench's own `score_doc`, next to
the native text layer's score. Target: OCR `pair_continuity` >= 0.9 x native.

    python benchmarks/ocr_fidelity.py                       # dev-06, scanned at 200 dpi
    python benchmarks/ocr_fidelity.py --doc dev-03 --scan-dpi 150 --ocr-dpi 300
    python benchmarks/ocr_fidelity.py --keep scan.pdf       # keep the image-only PDF

Needs ../shared/bench (metrics.py, docs/dev) and Tesseract (apt-get install tesseract-ocr
tesseract-ocr-eng).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time

import pymupdf

import layoutpdf

BENCH = os.environ.get("LAYOUTPDF_BENCH",
                       os.path.join(os.path.dirname(__file__), "..", "..", "shared", "bench"))
METRICS = ("pair_continuity", "pair_continuity_breaks_doc", "para_order", "para_found",
           "watermark_leak", "running_leak", "caption_intact", "footnote_intact")


def scan(src: str, dst: str, dpi: int) -> int:
    """Write an image-only copy of `src`: every page rendered at `dpi`, nothing else."""
    with pymupdf.open(src) as pdf, pymupdf.open() as out:
        for page in pdf:
            pix = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
            target = out.new_page(width=page.rect.width, height=page.rect.height)
            target.insert_image(target.rect, pixmap=pix)
        out.save(dst, garbage=3, deflate=True)
        return out.page_count


def score(path: str, truth: dict, settings: dict) -> tuple[dict, layoutpdf.Document, float]:
    from metrics import score_doc  # the bench's scorer, imported from BENCH
    started = time.perf_counter()
    doc = layoutpdf.parse(path, settings)
    text = doc.to_markdown()
    seconds = time.perf_counter() - started
    metrics = score_doc(truth, {"text": text, "chunks": [text], "figures": [], "tables": []})
    return metrics, doc, seconds


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--doc", default="dev-06", help="bench document id (docs/dev/<id>.pdf)")
    ap.add_argument("--scan-dpi", type=int, default=200, help="resolution of the simulated scan")
    ap.add_argument("--ocr-dpi", type=int, default=300, help="Settings.ocr.dpi for reading it")
    ap.add_argument("--keep", help="save the image-only PDF here")
    ap.add_argument("--json", help="write the numbers here")
    a = ap.parse_args(argv)

    sys.path.insert(0, BENCH)
    base = os.path.join(BENCH, "docs", "dev", a.doc)
    with open(base + ".truth.json", encoding="utf-8") as fh:
        truth = json.load(fh)
    with tempfile.TemporaryDirectory() as tmp:
        scanned = a.keep or os.path.join(tmp, f"{a.doc}-scan.pdf")
        pages = scan(base + ".pdf", scanned, a.scan_dpi)
        native, _, t_native = score(base + ".pdf", truth, {})
        ocrd, doc, t_ocr = score(scanned, truth, {"ocr": {"dpi": a.ocr_dpi}})
    sources = sorted({p.text_source.value for p in doc.pages})
    print(f"{a.doc}: {pages} pages, scanned at {a.scan_dpi} dpi, OCR at {a.ocr_dpi} dpi "
          f"(text_source {', '.join(sources)}); native {t_native:.1f}s, OCR {t_ocr:.1f}s")
    print(f"{'metric':<18}{'native':>9}{'ocr':>9}{'ratio':>9}")
    for m in METRICS:
        n, o = native.get(m), ocrd.get(m)
        ratio = o / n if isinstance(n, (int, float)) and isinstance(o, (int, float)) and n else None
        fmt = lambda v: f"{v:9.3f}" if isinstance(v, (int, float)) else f"{'-':>9}"
        print(f"{m:<18}{fmt(n)}{fmt(o)}{fmt(ratio)}")
    ratio = (ocrd["pair_continuity"] or 0) / (native["pair_continuity"] or 1)
    verdict = "ok" if ratio >= 0.9 else "BELOW TARGET"
    print(f"pair_continuity OCR / native = {ratio:.3f} (target >= 0.9): {verdict}")
    if a.json:
        with open(a.json, "w", encoding="utf-8") as fh:
            json.dump({"doc": a.doc, "scan_dpi": a.scan_dpi, "ocr_dpi": a.ocr_dpi, "native": native,
                       "ocr": ocrd, "ratio": ratio, "seconds": {"native": t_native, "ocr": t_ocr}},
                      fh, indent=2)
    return 0 if ratio >= 0.9 else 1


if __name__ == "__main__":
    raise SystemExit(main())
