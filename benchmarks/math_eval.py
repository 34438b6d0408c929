"""Measure the math serializer in isolation on the dev benchmark PDFs.

For every display equation in ``<bench>/docs/dev/*.truth.json`` the script locates the
equation's lines on the page (the truth has no boxes: the equation follows the last
sentence of its paragraph, so we take the non-prose lines right after that sentence in its
column), serializes them with ``lines_to_latex`` and scores the LaTeX against the truth with
the benchmark's own ``latex_similarity``. Inline formulas are scored too: the line holding
the formula's prefix is run through ``line_to_markdown_with_math`` and the best ``$..$``
is compared with the truth via ``canon_math`` equality and ``latex_similarity``.

    PYTHONPATH=src python benchmarks/math_eval.py [--bench /work/shared/bench] [--glyphs] [-v]

``--glyphs`` feeds one span per glyph (rawdict) instead of PyMuPDF's runs.
The dev PDFs are for measuring; no constant in the serializer is fitted to them.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import re
import sys
from pathlib import Path

import pymupdf

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests"))

from layoutpdf.model.content import Line  # noqa: E402
from layoutpdf.model.geometry import BBox  # noqa: E402
from layoutpdf.text.latex_symbols import is_math_font  # noqa: E402
from layoutpdf.stages.math.serialize import (  # noqa: E402
    attach_script_lines, line_to_markdown_with_math, lines_to_latex)
from math_pdf_helpers import engine_lines, page_lines, page_rules  # noqa: E402


def load_metrics(bench: Path):
    spec = importlib.util.spec_from_file_location("bench_metrics", bench / "metrics.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _words(line: Line) -> int:
    text = "".join(s.text for s in line.spans if not is_math_font(s.font))
    return len([w for w in re.findall(r"[A-Za-z]{2,}", text)])


def is_prose(line: Line) -> bool:
    return _words(line) >= 4 and len(line.text) >= 25


def is_text_only(line: Line) -> bool:
    """No math font and a real word: a heading, caption or prose fragment."""
    if any(is_math_font(s.font) for s in line.spans):
        return False
    return bool(re.search(r"[A-Za-z]{4,}", line.text))


def _page(page: pymupdf.Page, per_glyph: bool) -> tuple[list[Line], list[BBox]]:
    """Lines (without watermark-like ones) and rules: the engine's extractor by default."""
    got = None if per_glyph else engine_lines(page)
    lines, rules = got if got else (page_lines(page, per_glyph=per_glyph), page_rules(page))
    lines = [ln for ln in lines
             if ln.horizontal and all(s.alpha > 200 and s.lightness < 0.6 for s in ln.spans)]
    return lines, rules


def _find(page: pymupdf.Page, sentence: str, tail: bool) -> pymupdf.Rect | None:
    words = re.sub(r"\$[^$]*\$", " ", sentence).split()
    for n in (4, 3, 2, 1):
        part = " ".join(words[-n:] if tail else words[:n])
        hits = page.search_for(part) if part else []
        hits = [h for h in hits if re.search(r"[A-Za-z0-9]", page.get_textbox(h) or "")]
        if hits:
            return hits[-1] if tail else hits[0]
    return None


def locate(page: pymupdf.Page, truth: dict, eq: dict, lines: list[Line]) -> list[Line]:
    """The equation's lines: after the line that ends its paragraph, skip the paragraph's
    remaining lines (they start at the column's left edge), then take the display lines
    (indented or centred, not prose) until text resumes."""
    paras = truth["paragraphs"]
    idx = next(i for i, p in enumerate(paras) if p["id"] == eq["paragraph"])
    anchor = _find(page, paras[idx]["sentences"][-1], tail=True)
    if anchor is None:
        return []
    a = BBox(anchor.x0, anchor.y0, anchor.x1, anchor.y1)
    near = [ln for ln in lines if ln.bbox.overlap_x(a) > 0 and abs(ln.bbox.cy - a.cy) < 80]
    prose = [ln for ln in near if is_prose(ln)] or near
    cx0 = min(ln.bbox.x0 for ln in prose)
    cx1 = max(ln.bbox.x1 for ln in prose)
    column = sorted([ln for ln in lines if ln.bbox.x0 >= cx0 - 2 and ln.bbox.x1 <= cx1 + 40
                     and ln.bbox.y1 > a.y1 + 0.5], key=lambda ln: ln.bbox.y0)
    out: list[Line] = []
    bottom = a.y1
    text_base, em = a.y1 - 0.22 * a.height, a.height
    for ln in column:
        small = any(s.size < 0.85 * em for s in ln.spans if s.text.strip())
        if not out and small and ln.baseline - text_base < 0.5 * em:
            continue                      # pieces of the last text line (inline fractions)
        inked = [s for s in ln.spans if s.text.strip()]
        if inked and all("bold" in s.font.lower() for s in inked):
            break                         # a section heading
        at_margin = ln.bbox.x0 <= cx0 + 2
        if not out and at_margin and ln.bbox.y0 - bottom < 6:
            bottom, text_base = ln.bbox.y1, ln.baseline     # the paragraph's last lines
            continue
        if is_prose(ln) or is_text_only(ln) or ln.bbox.y0 - bottom > 30:
            break
        out.append(ln)
        bottom = max(bottom, ln.bbox.y1)
    return out


def run(bench: Path, per_glyph: bool, verbose: bool) -> dict:
    metrics = load_metrics(bench)
    scores, inline_hits, inline_sims = [], [], []
    worst = []
    for tpath in sorted((bench / "docs" / "dev").glob("*.truth.json")):
        truth = json.loads(tpath.read_text())
        doc = pymupdf.open(tpath.with_name(truth["id"] + ".pdf"))
        cache: dict[int, tuple[list[Line], list[BBox]]] = {}
        for eq in truth["display_equations"]:
            page = doc[eq["page"]]
            if eq["page"] not in cache:
                cache[eq["page"]] = _page(page, per_glyph)
            lines, page_rules_ = cache[eq["page"]]
            found = locate(page, truth, eq, lines)
            if not found:
                res_latex, sim = "", 0.0
            else:
                box = BBox.union_all(ln.bbox for ln in found).expand(2)
                rules = [r for r in page_rules_ if box.intersection(r.expand(0.5))]
                res = lines_to_latex(found, rules)
                res_latex = res.latex
                sim = metrics.latex_similarity(res_latex, eq["latex"])
            scores.append(sim)
            worst.append((sim, truth["id"], eq["latex"], res_latex))
            if verbose:
                print(f"{sim:5.2f} {truth['id']} {eq['id']}\n   truth: {eq['latex']}\n"
                      f"   ours:  {res_latex}")
        for im in truth["inline_math"]:
            page = doc[im["page"]]
            if im["page"] not in cache:
                cache[im["page"]] = _page(page, per_glyph)
            hit, sim, got = _inline(*cache[im["page"]], im, metrics)
            inline_hits.append(hit)
            inline_sims.append(sim)
            if verbose and not hit:
                print(f"  inline miss {truth['id']} {im['id']}: truth {im['math']!r} got {got!r}")
    n = len(scores)
    summary = {"display_equations": n,
               "display_latex_similarity": round(sum(scores) / n, 4) if n else None,
               "display_exact": sum(s == 1.0 for s in scores),
               "inline_formulas": len(inline_hits),
               "inline_canon_match": round(sum(inline_hits) / len(inline_hits), 4)
               if inline_hits else None,
               "inline_latex_similarity": round(sum(inline_sims) / len(inline_sims), 4)
               if inline_sims else None,
               "per_glyph_spans": per_glyph}
    if verbose:
        print("\nworst display equations:")
        for sim, did, t, o in sorted(worst)[:8]:
            print(f"  {sim:.2f} {did}: {t}\n        -> {o}")
    return summary


def _inline(lines, page_rules_, im, metrics) -> tuple[bool, float, str]:
    """Serialize the line that holds the formula's prefix (and the line after it, where a
    formula wrapped to) and compare its best $..$ with the truth."""
    prefix_words = im["prefix"].split()[-3:]
    target = metrics.canon_math(im["math"])
    best, best_sim = "", 0.0
    lines = attach_script_lines(lines)
    cands: list[Line] = []
    for ln in lines:
        text = re.sub(r"\s+", " ", ln.text)
        if prefix_words and prefix_words[-1] in text and not any(ln is c for c in cands):
            cands.append(ln)
            below = [o for o in lines if ln.bbox.y1 - 2 < o.bbox.y0 < ln.bbox.y1 + ln.size
                     and o.bbox.overlap_x(ln.bbox) > 0 and o.bbox.x0 <= ln.bbox.x0 + 2]
            if below:
                cands.append(min(below, key=lambda o: o.bbox.y0))
    for ln in cands:
        rules = [r for r in page_rules_ if ln.bbox.expand(2).intersection(r.expand(0.5))]
        md, results = line_to_markdown_with_math(ln, ln.size, rules)
        for r in results:
            if metrics.canon_math(r.latex) == target:
                return True, 1.0, r.latex
            sim = metrics.latex_similarity(r.latex, im["math"])
            if sim > best_sim:
                best, best_sim = r.latex, sim
    return False, best_sim, best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bench", default="/work/shared/bench", type=Path)
    ap.add_argument("--glyphs", action="store_true", help="one span per glyph (rawdict)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    if not (args.bench / "docs" / "dev").is_dir():
        print(f"benchmark not found at {args.bench}", file=sys.stderr)
        return 2
    print(json.dumps(run(args.bench, args.glyphs, args.verbose), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
