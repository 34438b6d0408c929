#!/usr/bin/env python3
"""Held-out-style check for issue 39: synthetic filings written in an office suite.

Earnings releases and annual reports are often typed in Word or LibreOffice and exported to
PDF, with habits the EDGAR-HTML check (filings_html.py) does not cover: statements set with
tab stops (right or decimal tabs, leader fills) instead of tables, tables ruled only over
totals, heading styles, the company and 'Page X of Y' in the header and footer areas, text
boxes. This benchmark writes such documents (filings_office_gen.py: the same statements and
values as filings_html_gen.py, laid out by filings_office_layout.py) as flat ODF text,
converts them with `soffice --headless --convert-to pdf`, and asks of each printed row with
a number what FinanceBench asks of a line item: is there a chunk holding the label and one
of its first two numbers within the next 120 characters (the scorer's `answer_bearing`,
imported from ../shared/bench/financebench.py, through filings_html's functions).

    python benchmarks/filings_office.py                      # 16 documents, ours and pymupdf_loader
    python benchmarks/filings_office.py --only 4 --cases     # one document, its failing rows in context
    python benchmarks/filings_office.py --out /tmp/fo        # also keep the .fodt and PDF files there
    python benchmarks/filings_office.py --style layout=table,leader=

Reports, per system: rows answer-bearing in some chunk (overall, per document, per style
feature, per row tag), BM25 answer hit@5, rows complete, pages keeping >= 0.8 of their words;
for ours each failing row with a symptom and the chunk text around it. PDFs are cached under
$TMPDIR/layoutpdf-filings-office (key: the document and LibreOffice's version).
"""
from __future__ import annotations

import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import filings_html as bench  # noqa: E402
import filings_office_gen as gen  # noqa: E402

CACHE = os.path.join(tempfile.gettempdir(), "layoutpdf-filings-office")
SOFFICE = ("soffice", "libreoffice")
STYLE_KEYS = ("kind", "font", "layout", "number_tab", "leader", "dollar", "wrap", "total_rule", "double_under",
              "two_level", "header", "footer", "headings", "text_box", "split_statement", "repeat_header")


def find_soffice():
    return next((p for p in map(shutil.which, SOFFICE) if p), None)


def soffice_version(exe):
    out = subprocess.run([exe, "--headless", "--version"], capture_output=True, text=True, timeout=120)
    return out.stdout.strip().splitlines()[-1] if out.stdout.strip() else "soffice"


def convert(exe, version, docs):
    """{name: PDF path} for {name: fodt text}: cached PDFs where the text and LibreOffice's
    version match, the others converted in one soffice run (its own profile, no network)."""
    os.makedirs(CACHE, exist_ok=True)
    out, todo = {}, []
    for name, text in docs.items():
        key = hashlib.sha1((version + "\0" + text).encode("utf-8")).hexdigest()[:16]
        stem = os.path.join(CACHE, "%s-%s" % (name, key))
        out[name] = stem + ".pdf"
        if not os.path.isfile(out[name]):
            with open(stem + ".fodt", "w", encoding="utf-8") as fh:
                fh.write(text)
            todo.append(stem + ".fodt")
    if todo:
        profile = "file://" + os.path.join(CACHE, "profile")
        subprocess.run([exe, "-env:UserInstallation=" + profile, "--headless", "--norestore", "--convert-to", "pdf",
                        "--outdir", CACHE] + todo, capture_output=True, timeout=900, check=False)
    missing = [p for p in out.values() if not os.path.isfile(p)]
    if missing:
        raise RuntimeError("soffice converted nothing for %s" % missing)
    return out


def locate_pages(fb, pdf, truth):
    """Each row's page (1-based): the first page printing its first amount (amounts are
    unique within a document); the generator does not know where LibreOffice breaks pages."""
    import pymupdf
    with pymupdf.open(pdf) as d:
        texts = [fb.norm(p.get_text()) for p in d]
    for row in truth:
        first = next((x for x in row["printed"] if any(ch.isdigit() for ch in x)), None)
        alone = re.compile(r"(?<![\d,.])%s(?![\d]|[.,]\d)" % re.escape(first or "\0"))
        row["page"] = next((k + 1 for k, t in enumerate(texts) if alone.search(t)), None)
    return truth


def style_code(style):
    flags = [k for k in ("total_rule", "double_under", "two_level", "headings", "text_box", "split_statement",
                         "repeat_header") if style[k]]
    return "%s %s %spt %s tab=%s leader=%r $=%s wrap=%s hdr=%s ftr=%s %s" % (
        style["kind"], style["font"], style["size_pt"], style["layout"], style["number_tab"], style["leader"],
        style["dollar"], style["wrap"], style["header"] or "-", style["footer"], ",".join(flags))


def overall(results, systems):
    out = ["## Overall\n\n| system | rows answer-bearing (some chunk) | answer hit@5 (BM25) | rows complete "
           "(every amount after its label) | pages kept >= 0.8 | chunks |", "|---|---|---|---|---|---|"]
    for s in systems:
        rows = [r for d in results[s].values() for r in d["rows"]]
        pk = sum(d["pages_kept"] for d in results[s].values())
        ps = sum(d["pages_scored"] for d in results[s].values())
        out.append("| %s | %s | %s | %s | %.3f (%d/%d) | %d |" % (
            s, bench.share(rows), bench.share(rows, "hit5"), bench.share(rows, "complete"), pk / ps if ps else 0,
            pk, ps, sum(d["chunks"] for d in results[s].values())))
    return out


def per_document(results, docs, systems):
    out = ["\n## Per document\n\n| doc | style | rows | " + " | ".join(
        "%s bearing / complete / pages kept" % s for s in systems) + " |", "|---|---|---|" + "---|" * len(systems)]
    for name, style in docs.items():
        cells = ["%s / %s / %d of %d" % (bench.share(results[s][name]["rows"]),
                                         bench.share(results[s][name]["rows"], "complete"),
                                         results[s][name]["pages_kept"], results[s][name]["pages_scored"])
                 for s in systems]
        out.append("| %s | %s | %d | %s |" % (name, style_code(style), len(results[systems[0]][name]["rows"]),
                                              " | ".join(cells)))
    return out


def per_feature(results, docs, systems):
    out = ["\n## Per style feature (rows of the documents with that value)\n\n| feature | value | rows | "
           + " | ".join(systems) + " |", "|---|---|---|" + "---|" * len(systems)]
    for key in STYLE_KEYS:
        for v in sorted({repr(st[key]) for st in docs.values()}):
            names = [n for n, st in docs.items() if repr(st[key]) == v]
            cells = [bench.share([r for n in names for r in results[s][n]["rows"]]) for s in systems]
            out.append("| %s | %s | %d | %s |" % (key, v, sum(len(results[systems[0]][n]["rows"]) for n in names),
                                                  " | ".join(cells)))
    out.extend(bench.tag_table(results, systems))
    return out


def style_overrides(spec):
    """'leader=,layout=table,two_level=0' -> {'leader': '', 'layout': 'table', 'two_level': False}."""
    out = {}
    sample = gen.draw_style(random.Random(0), "10-K")
    for part in filter(None, (spec or "").split(",")):
        key, _, val = part.partition("=")
        kind = type(getattr(sample, key))
        out[key] = val in ("1", "true", "True") if kind is bool else kind(val)
    return out


def build(a, fb, exe, version):
    """(styles, PDF paths, scorer items, companies) of the wanted documents."""
    wanted = [int(x) for x in a.only.split(",")] if a.only else list(range(a.docs))
    texts, truths, styles, companies = {}, {}, {}, {}
    for i in wanted:
        name = "doc%02d" % i
        texts[name], truths[name], styles[name] = gen.make_document(i, a.seed, style_overrides(a.style))
        companies[name] = gen.COMPANIES[i % len(gen.COMPANIES)]
    pdfs = convert(exe, version, texts)
    items = {n: bench.items_of(fb, locate_pages(fb, pdfs[n], truths[n])) for n in texts}
    if a.out:
        os.makedirs(a.out, exist_ok=True)
        for n in texts:
            shutil.copy(pdfs[n], os.path.join(a.out, n + ".pdf"))
            with open(os.path.join(a.out, n + ".fodt"), "w", encoding="utf-8") as fh:
                fh.write(texts[n])
    return styles, pdfs, items, companies


def main():
    a = bench.arguments(__doc__, ".fodt", "layout=table,leader=,dollar=own").parse_args()
    exe = find_soffice()
    if exe is None:
        print("skipped: no soffice on PATH (tried %s); the benchmark converts with LibreOffice" % ", ".join(SOFFICE))
        return 0
    if not os.path.isfile(bench.SCORER):
        sys.exit("the scorer is missing: %s (set FINANCEBENCH_PY)" % bench.SCORER)
    fb = bench.load_scorer()
    version = soffice_version(exe)
    systems = [s for s in a.system.split(",") if s]
    styles, pdfs, items, companies = build(a, fb, exe, version)
    results = {}
    for s in systems:
        fb.warm_up(s)
        results[s] = {n: bench.evaluate_doc(fb, s, pdfs[n], items[n], companies[n]) for n in pdfs}
    print("# Synthetic office-suite filings (seed %d, %d documents, %s)\n" % (a.seed, len(pdfs), version))
    print("\n".join(overall(results, systems) + per_document(results, styles, systems)
                    + per_feature(results, styles, systems)))
    if "ours" in results:
        bench.print_failures(results, "ours", 10 ** 6 if a.cases else 40)
    if a.json:
        with open(a.json, "w", encoding="utf-8") as fh:
            json.dump({"seed": a.seed, "soffice": version, "styles": styles, "results": results}, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
