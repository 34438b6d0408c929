#!/usr/bin/env python3
"""ICDAR 2013 table competition, EU subset: region and structure scores in one run for
layoutpdf, PyMuPDF's `page.find_tables()` used directly, and pdfplumber's `extract_tables()`.

    python benchmarks/icdar2013.py                      # Markdown table of the scores
    python benchmarks/icdar2013.py --per-doc            # and one line per document
    python benchmarks/icdar2013.py --json out.json      # per-document detail
    python benchmarks/icdar2013.py --systems layoutpdf --docs eu-001 eu-012

Data: `../shared/corpus/icdar2013/eu/` (see its README): `X.pdf`, `X-reg.xml` (table regions,
1-based pages, PDF user space with the origin at the bottom-left), `X-str.xml` (cells with
start/end row/col and content). Documents whose PDF is missing are skipped.

Measures, after Göbel et al., "A Methodology for Evaluating Algorithms for Table
Understanding in PDF Documents" (DocEng 2012) and the ICDAR 2013 competition report:

- region: a table region is the set of characters whose centre lies inside it. Recall
  (completeness) = share of the ground-truth regions' characters inside detected regions;
  precision (purity) = share of the detected regions' characters inside ground-truth
  regions. Per document, then averaged over documents (a document with no detection has no
  precision and does not enter that mean; its recall is 0).
- structure: every non-empty cell is related to the next non-empty cell to its right in
  its row and below it in its column (a spanning cell relates from every row/column it
  covers; blank cells are skipped). A relation is (text, text, direction) with texts
  normalised (NFKD, accents and whitespace removed, ASCII). Per document the detected
  relations of all tables are matched to the ground truth's as multisets; precision =
  matched / detected, recall = matched / ground truth, averaged over documents; F1 from the
  means. This is the "complete process" setting: each system finds its own tables.
  Merged cells that a system reports as None/empty count as empty for every system.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import sys
import time
import unicodedata
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass, field

import pymupdf

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "corpus", "icdar2013", "eu"))


@dataclass
class Found:
    """One table as a system reports it: page (0-based), box (PyMuPDF page space: points,
    top-left origin, rotated as displayed), rows of cell texts (None = merged/absent)."""
    page: int
    bbox: tuple[float, float, float, float]
    rows: list[list[str | None]]
    extra_regions: list[tuple[int, tuple[float, float, float, float]]] = field(default_factory=list)


@dataclass
class Cell:
    text: str
    r0: int
    c0: int
    r1: int
    c1: int


# -- ground truth ----------------------------------------------------------------------------
def _to_page_space(page: pymupdf.Page, x0: float, y0: float, x1: float, y1: float):
    """PDF user space (bottom-left origin, unrotated) -> PyMuPDF page space."""
    h = page.mediabox.height
    r = pymupdf.Rect(x0, h - y1, x1, h - y0) * page.rotation_matrix
    r.normalize()
    return (r.x0, r.y0, r.x1, r.y1)


def load_truth(base: str, pdf: pymupdf.Document):
    regions = []
    for t in ET.parse(base + "-reg.xml").getroot().iter("table"):
        for r in t.iter("region"):
            bb = r.find("bounding-box")
            p = int(r.get("page")) - 1
            box = [float(bb.get(k)) for k in ("x1", "y1", "x2", "y2")]
            regions.append((p, _to_page_space(pdf[p], *box)))
    tables = []
    for t in ET.parse(base + "-str.xml").getroot().iter("table"):
        cells = []
        for c in t.iter("cell"):
            r0, c0 = int(c.get("start-row")), int(c.get("start-col"))
            r1, c1 = int(c.get("end-row", r0)), int(c.get("end-col", c0))
            content = c.find("content")
            cells.append(Cell(content.text or "" if content is not None else "", r0, c0, r1, c1))
        tables.append(cells)
    return regions, tables


# -- relations -------------------------------------------------------------------------------
def norm(text: str | None) -> str:
    if not text:
        return ""
    t = unicodedata.normalize("NFKD", text)
    t = "".join(ch for ch in t if not unicodedata.combining(ch))
    t = t.encode("ascii", "ignore").decode("ascii")
    return "".join(t.split())


def relations(cells: list[Cell]) -> Counter:
    """Adjacency relations of one table: next non-blank cell right and down."""
    if not cells:
        return Counter()
    nrows = max(c.r1 for c in cells) + 1
    ncols = max(c.c1 for c in cells) + 1
    grid: list[list[int | None]] = [[None] * ncols for _ in range(nrows)]
    texts = [norm(c.text) for c in cells]
    for i, c in enumerate(cells):
        for r in range(c.r0, min(c.r1, nrows - 1) + 1):
            for k in range(c.c0, min(c.c1, ncols - 1) + 1):
                grid[r][k] = i
    pairs: set[tuple[int, int, str]] = set()
    lines = [("h", row) for row in grid] + [("v", [grid[r][k] for r in range(nrows)]) for k in range(ncols)]
    for direction, line in lines:
        prev = None
        for i in line:
            if i is None or not texts[i] or i == prev:
                continue
            if prev is not None:
                pairs.add((prev, i, direction))
            prev = i
    return Counter((texts[a], texts[b], d) for a, b, d in pairs)


def found_cells(rows: list[list[str | None]]) -> list[Cell]:
    return [Cell(t or "", r, c, r, c) for r, row in enumerate(rows) for c, t in enumerate(row)]


# -- systems ---------------------------------------------------------------------------------
def run_layoutpdf(path: str) -> list[Found]:
    import layoutpdf
    doc = layoutpdf.parse(path)
    elements = {e.id: e for e in doc.elements}
    out = []
    for t in doc.tables:
        e = elements.get(t.element_id or "")
        extra = [(r.page, _box(r.bbox)) for r in e.continuation] if e else []
        out.append(Found(t.page, _box(t.bbox), [list(r) for r in t.rows], extra))
    return out


def run_pymupdf(path: str) -> list[Found]:
    pymupdf.table._recommend_layout = False          # no advice printed to stdout
    out = []
    with pymupdf.open(path) as pdf:
        for page in pdf:
            tabs = page.find_tables()
            for tab in (tabs.tables if tabs else []):
                out.append(Found(page.number, tuple(tab.bbox), tab.extract()))
    return out


def run_pdfplumber(path: str) -> list[Found]:
    import pdfplumber
    out = []
    with pdfplumber.open(path) as pdf, pymupdf.open(path) as mu:
        for n, page in enumerate(pdf.pages):
            rot = mu[n].rotation_matrix
            for tab in page.find_tables():
                x0, top, x1, bottom = tab.bbox
                r = pymupdf.Rect(x0, top, x1, bottom) * rot if mu[n].rotation else pymupdf.Rect(x0, top, x1, bottom)
                r.normalize()
                out.append(Found(n, (r.x0, r.y0, r.x1, r.y1), tab.extract()))
    return out


SYSTEMS = {"layoutpdf": run_layoutpdf, "pymupdf.find_tables": run_pymupdf,
           "pdfplumber": run_pdfplumber}


def _box(b) -> tuple[float, float, float, float]:
    return (b.x0, b.y0, b.x1, b.y1)


# -- scoring ---------------------------------------------------------------------------------
def page_chars(pdf: pymupdf.Document) -> dict[int, list[tuple[float, float]]]:
    out = {}
    for page in pdf:
        pts = []
        for block in page.get_text("rawdict")["blocks"]:
            for line in block.get("lines", ()):
                for span in line["spans"]:
                    for ch in span["chars"]:
                        if ch["c"].strip():
                            x0, y0, x1, y1 = ch["bbox"]
                            pts.append(((x0 + x1) / 2, (y0 + y1) / 2))
        out[page.number] = pts
    return out


def _inside(regions, chars) -> set[tuple[int, int]]:
    got = set()
    for page, (x0, y0, x1, y1) in regions:
        for i, (x, y) in enumerate(chars.get(page, ())):
            if x0 <= x <= x1 and y0 <= y <= y1:
                got.add((page, i))
    return got


def score_doc(truth_regions, truth_tables, found: list[Found], chars) -> dict:
    gt = _inside(truth_regions, chars)
    det_regions = [(f.page, f.bbox) for f in found] + [r for f in found for r in f.extra_regions]
    det = _inside(det_regions, chars)
    hit = len(gt & det)
    gt_rel = Counter()
    for cells in truth_tables:
        gt_rel += relations(cells)
    det_rel = Counter()
    for f in found:
        det_rel += relations(found_cells(f.rows))
    matched = sum((gt_rel & det_rel).values())
    return {
        "region_recall": hit / len(gt) if gt else None,
        "region_precision": hit / len(det) if det else None,
        "struct_recall": matched / sum(gt_rel.values()) if gt_rel else None,
        "struct_precision": matched / sum(det_rel.values()) if det_rel else None,
        "tables_found": len(found), "tables_truth": len(truth_tables),
        "rel_matched": matched, "rel_truth": sum(gt_rel.values()), "rel_found": sum(det_rel.values()),
        "chars_hit": hit, "chars_truth": len(gt), "chars_found": len(det),
    }


def _mean(values) -> float | None:
    vals = [v for v in values if v is not None]
    return sum(vals) / len(vals) if vals else None


def _f1(p, r) -> float | None:
    if p is None or r is None or p + r == 0:
        return 0.0 if p is not None and r is not None else None
    return 2 * p * r / (p + r)


def aggregate(per_doc: list[dict]) -> dict:
    agg = {}
    for key in ("region", "struct"):
        p = _mean(d[f"{key}_precision"] for d in per_doc)
        r = _mean(0.0 if d[f"{key}_recall"] is None and d["tables_truth"] else d[f"{key}_recall"]
                  for d in per_doc)
        agg[f"{key}_precision"], agg[f"{key}_recall"], agg[f"{key}_f1"] = p, r, _f1(p, r)
    pooled = lambda a, b: sum(d[a] for d in per_doc) / max(1, sum(d[b] for d in per_doc))
    agg["struct_f1_pooled"] = _f1(pooled("rel_matched", "rel_found"), pooled("rel_matched", "rel_truth"))
    agg["region_f1_pooled"] = _f1(pooled("chars_hit", "chars_found"), pooled("chars_hit", "chars_truth"))
    agg["tables_found"] = sum(d["tables_found"] for d in per_doc)
    agg["tables_truth"] = sum(d["tables_truth"] for d in per_doc)
    agg["seconds_per_page"] = sum(d["seconds"] for d in per_doc) / max(1, sum(d["pages"] for d in per_doc))
    return agg


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default=DATA)
    ap.add_argument("--systems", nargs="+", default=list(SYSTEMS), choices=list(SYSTEMS))
    ap.add_argument("--docs", nargs="*", help="document ids (default: all)")
    ap.add_argument("--json", help="write per-document detail here")
    ap.add_argument("--per-doc", action="store_true", help="print one line per document")
    args = ap.parse_args(argv)
    bases = sorted(p[:-8] for p in glob.glob(os.path.join(args.data, "*-reg.xml")))
    bases = [b for b in bases if os.path.exists(b + ".pdf")
             and (not args.docs or os.path.basename(b) in args.docs)]
    if not bases:
        print(f"no ICDAR 2013 documents under {args.data}", file=sys.stderr)
        return 1
    results: dict[str, list[dict]] = {s: [] for s in args.systems}
    for base in bases:
        with pymupdf.open(base + ".pdf") as pdf:
            regions, tables = load_truth(base, pdf)
            chars = page_chars(pdf)
            npages = pdf.page_count
        for name in args.systems:
            started = time.perf_counter()
            try:
                found = SYSTEMS[name](base + ".pdf")
            except Exception as exc:  # a crashing system scores zero on the document
                print(f"{name} failed on {base}: {exc}", file=sys.stderr)
                found = []
            d = score_doc(regions, tables, found, chars)
            d.update(doc=os.path.basename(base), seconds=time.perf_counter() - started, pages=npages)
            results[name].append(d)
            if args.per_doc:
                print(f"{name:22s} {d['doc']:8s} tables {d['tables_found']:2d}/{d['tables_truth']:2d} "
                      f"region P {_fmt(d['region_precision'])} R {_fmt(d['region_recall'])} "
                      f"struct P {_fmt(d['struct_precision'])} R {_fmt(d['struct_recall'])}")
    print(f"\nICDAR 2013 EU subset: {len(bases)} documents, "
          f"{sum(r['tables_truth'] for r in results[args.systems[0]])} tables\n")
    print("| system | region P | region R | region F1 | structure P | structure R | structure F1 "
          "| structure F1 (pooled) | tables found / truth | s/page |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    out = {}
    for name in args.systems:
        a = aggregate(results[name])
        out[name] = {"aggregate": a, "docs": results[name]}
        print(f"| {name} | {_fmt(a['region_precision'])} | {_fmt(a['region_recall'])} | "
              f"{_fmt(a['region_f1'])} | {_fmt(a['struct_precision'])} | {_fmt(a['struct_recall'])} | "
              f"**{_fmt(a['struct_f1'])}** | {_fmt(a['struct_f1_pooled'])} | "
              f"{a['tables_found']} / {a['tables_truth']} | {a['seconds_per_page']:.3f} |")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(out, fh, indent=1)
    return 0


def _fmt(v) -> str:
    return "n/a" if v is None else f"{v:.3f}"


if __name__ == "__main__":
    sys.exit(main())
