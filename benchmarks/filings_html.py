#!/usr/bin/env python3
"""Held-out-style check for issue 39: synthetic EDGAR-HTML filings printed by Chromium.

FinanceBench's held-out filings are mostly EDGAR HTML printed to PDF by browser engines; we
hold eight. This benchmark writes filings in the habits of filing agents (filings_html_gen.py:
'$' and ')' cells, wrapped labels, zebra rows, shaded header bands, two-level headers, leader
dots, dashes for zero, footnote markers, title blocks, running footers, statements continued
on the next page, GAAP to non-GAAP reconciliations, prose), prints each with headless
Chromium, and asks of each printed row with a number what FinanceBench asks of a line item:
is there a chunk holding the label and one of its first two numbers within the next 120
characters (the scorer's `answer_bearing`, imported from ../shared/bench/financebench.py).

    python benchmarks/filings_html.py                      # 16 documents, ours and pymupdf_loader
    python benchmarks/filings_html.py --only 4 --cases     # one document, its failing rows in context
    python benchmarks/filings_html.py --out /tmp/fh        # also keep the HTML and PDF files there
    python benchmarks/filings_html.py --engine wkhtmltopdf # printed by Qt WebKit instead

Reports, per system: rows answer-bearing in some chunk (overall, per document, per style
feature, per row tag), BM25 answer hit@5 for a question naming the row's label, pages keeping
>= 0.8 of their words; for ours each failing row with a symptom and the chunk text around it.
PDFs are cached under $TMPDIR/layoutpdf-filings-html (key: the HTML and the engine's version).
"""
from __future__ import annotations

import argparse
import collections
import hashlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import filings_html_gen as gen  # noqa: E402

SCORER = os.environ.get("FINANCEBENCH_PY", os.path.normpath(
    os.path.join(HERE, "..", "..", "shared", "bench", "financebench.py")))
CACHE = os.path.join(tempfile.gettempdir(), "layoutpdf-filings-html")
CHROMIUM = ("chromium", "chromium-browser", "google-chrome")
STATEMENT_WORDS = {"income": "income statement", "balance": "balance sheet", "cash_flow": "cash flow statement",
                   "segment": "segment information", "reconciliation": "non-GAAP reconciliation"}
STYLE_KEYS = ("kind", "font", "dollar_cell", "paren_cell", "zebra", "header_band", "leader_dots",
              "footnotes", "narrow_labels", "valign", "two_level", "split_statement", "repeat_header",
              "footer", "toc_link", "total_rules")


def load_scorer():
    spec = importlib.util.spec_from_file_location("financebench", SCORER)
    fb = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fb)
    fb.ensure_tiktoken_cache()
    return fb


def find_engine(engine):
    if engine == "wkhtmltopdf":
        return shutil.which("wkhtmltopdf")
    for name in CHROMIUM:
        path = shutil.which(name)
        if path:
            return path
    return None


def engine_version(exe):
    out = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=60)
    return out.stdout.strip()


def print_command(exe, src, out):
    """How the engine at exe prints src to out: headless Chromium, or Qt WebKit's wkhtmltopdf
    (the engine of many HTML-to-PDF services; @page is not read there, so the page is given
    on the command line: Letter, 0.6in by 0.75in margins, CSS points at their size)."""
    if os.path.basename(exe).startswith("wkhtmltopdf"):
        return [exe, "-q", "--page-size", "Letter", "-T", "0.6in", "-B", "0.6in", "-L", "0.75in",
                "-R", "0.75in", "--disable-smart-shrinking", "--enable-local-file-access", src, out]
    return [exe, "--headless", "--no-sandbox", "--disable-gpu", "--print-to-pdf=" + out,
            "--no-pdf-header-footer", "file://" + src]


def print_pdf(exe, version, html_text, name):
    """The PDF the engine prints for html_text, from the cache when the HTML and version match."""
    os.makedirs(CACHE, exist_ok=True)
    key = hashlib.sha1((version + "\0" + html_text).encode("utf-8")).hexdigest()[:16]
    pdf = os.path.join(CACHE, "%s-%s.pdf" % (name, key))
    if os.path.isfile(pdf):
        return pdf
    src = os.path.join(CACHE, "%s-%s.html" % (name, key))
    with open(src, "w", encoding="utf-8") as fh:
        fh.write(html_text)
    tmp = pdf + ".part.pdf"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    subprocess.run(print_command(exe, src, tmp), capture_output=True, timeout=180, check=False, env=env)
    if not os.path.isfile(tmp):
        raise RuntimeError("%s printed nothing for %s" % (version, src))
    os.replace(tmp, pdf)
    return pdf


# ------------------------------------------------------------------------------------------
# ground truth -> scorer items
# ------------------------------------------------------------------------------------------
def items_of(fb, truth):
    """The scorer's item for each printed row: its label and the first two numbers printed
    after it (dashes skipped, '(1,234' -> '1,234'), read the way locate_items reads them."""
    out = []
    for row in truth:
        lab = fb.norm(row["label"])
        text = lab + " " + fb.norm(" ".join(row["printed"]))
        nums = fb.numbers_after(text, len(lab), 10 ** 6, 2)
        if nums:
            every = fb.numbers_after(text, len(lab), 10 ** 6, len(row["printed"]))
            out.append(dict(row, numbers=nums, all_numbers=every))
    return out


def row_complete(fb, chunk_norm, item):
    """Stricter than answer-bearing: the label followed by every amount of its row, in order,
    within twice the scorer's window (a statement read with a column dropped or a row's
    amounts split between rows fails here, though its first amount may still answer)."""
    for pat in fb.label_patterns(item["label"]):
        for m in pat.finditer(chunk_norm):
            n, j = 0, m.end()
            while j < len(chunk_norm) and n < 2 * fb.ANSWER_WINDOW:
                n += not chunk_norm[j].isspace()
                j += 1
            found = [mm.group(1) + (mm.group(2) or "") for mm in fb._NUMBER.finditer(chunk_norm[m.end():j])]
            k = 0
            for v in found:
                if k < len(item["all_numbers"]) and v == item["all_numbers"][k]:
                    k += 1
            if k == len(item["all_numbers"]):
                return True
    return False


def question(doc_company, row):
    kind = next((t for t in row["tags"] if t in STATEMENT_WORDS), "income")
    return "What was %s's %s in 2023 according to its %s?" % (
        doc_company.split(",")[0].title(), row["label"], STATEMENT_WORDS[kind])


def symptom(fb, normed, item):
    """Why no chunk answers the row: where the label and its numbers are in the chunks."""
    with_label = [i for i, t in enumerate(normed) if any(p.search(t) for p in fb.label_patterns(item["label"]))]
    with_num = [i for i, t in enumerate(normed)
                if any(m.group(1) + (m.group(2) or "") in item["numbers"] for m in fb._NUMBER.finditer(t))]
    if not with_label:
        return ("number without its label" if with_num else "label and number absent"), with_label, with_num
    if not with_num:
        return "label without any of its numbers", with_label, with_num
    if set(with_label) & set(with_num):
        return "label and number in one chunk, not within the window", with_label, with_num
    return "label and number in different chunks", with_label, with_num


def context(fb, text, item, width=160):
    t = re.sub(r"\s+", " ", text)
    low = fb.norm(t)
    for p in fb.label_patterns(item["label"]):
        m = p.search(low)
        if m:   # norm() changes lengths little; a rough window on the raw text is enough
            k = max(0, min(len(t), m.start()) - 40)
            return "..." + t[k:k + width + len(item["label"])] + "..."
    for num in item["numbers"]:
        k = t.find(num)
        if k >= 0:
            return "..." + t[max(0, k - width // 2):k + width // 2] + "..."
    return t[:width] + "..."


# ------------------------------------------------------------------------------------------
def evaluate_doc(fb, system, pdf, items, company):
    import pymupdf
    with pymupdf.open(pdf) as d:
        page_texts = [p.get_text() for p in d]
    chunks = fb.CHUNKERS[system](pdf)
    normed = [fb.norm(c["text"]) for c in chunks]
    index = fb.Index([c["text"] for c in chunks])
    kept = fb.pages_kept(page_texts, chunks)
    rows = []
    for it in items:
        bearing = {i for i in range(len(chunks)) if fb.answer_bearing(normed[i], it)}
        top5 = index.search(question(company, it))[:5]
        row = {"label": it["label"], "numbers": it["numbers"], "tags": it["tags"], "page": it["page"],
               "statement": it["statement"], "bearing": bool(bearing), "hit5": bool(bearing & set(top5)),
               "complete": any(row_complete(fb, t, it) for t in normed)}
        if not bearing:
            why, wl, wn = symptom(fb, normed, it)
            shown = (wl or wn or [None])[0]
            row.update(symptom=why, chunk=shown,
                       context=context(fb, chunks[shown]["text"], it) if shown is not None else "")
            if wn and wl and wn[0] != wl[0]:
                row["number_context"] = context(fb, chunks[wn[0]]["text"], {"label": "\0", "numbers": it["numbers"]})
        rows.append(row)
    return {"pages": len(page_texts), "chunks": len(chunks), "rows": rows,
            "pages_scored": len(kept), "pages_kept": sum(r["kept"] >= fb.KEEP_MIN for r in kept),
            "low_pages": [(r["page"], round(r["kept"], 2), r["figure_placeholder"]) for r in kept
                          if r["kept"] < fb.KEEP_MIN]}


def share(rows, key="bearing"):
    return "%.3f (%d/%d)" % (sum(r[key] for r in rows) / len(rows), sum(r[key] for r in rows), len(rows)) \
        if rows else "-"


def style_code(style):
    flags = [k for k in ("dollar_cell", "paren_cell", "leader_dots", "footnotes", "narrow_labels",
                         "two_level", "split_statement", "repeat_header", "footer", "toc_link") if style[k]]
    extra = ["zebra" if style["zebra"] else "", "band" if style["header_band"] else ""]
    return "%s %s %spt valign=%s %s" % (style["kind"], style["font"], style["size_pt"], style["valign"],
                                         ",".join(flags + [e for e in extra if e]))


def report(results, docs, systems):
    out = []
    out.append("## Overall\n\n| system | rows answer-bearing (some chunk) | answer hit@5 (BM25) | rows complete "
               "(every amount after its label) | pages kept >= 0.8 | chunks |")
    out.append("|---|---|---|---|---|---|")
    for s in systems:
        rows = [r for d in results[s].values() for r in d["rows"]]
        pk = sum(d["pages_kept"] for d in results[s].values())
        ps = sum(d["pages_scored"] for d in results[s].values())
        out.append("| %s | %s | %s | %s | %.3f (%d/%d) | %d |" % (s, share(rows), share(rows, "hit5"),
                                                                share(rows, "complete"), pk / ps if ps else 0,
                                                             pk, ps, sum(d["chunks"] for d in results[s].values())))
    out.append("\n## Per document\n\n| doc | style | rows | " + " | ".join(
        "%s bearing / complete / pages kept" % s for s in systems) + " |")
    out.append("|---|---|---|" + "---|" * len(systems))
    for i, (name, style, _) in docs.items():
        cells = ["%s / %s / %d of %d" % (share(results[s][name]["rows"]), share(results[s][name]["rows"], "complete"),
                                         results[s][name]["pages_kept"], results[s][name]["pages_scored"])
                 for s in systems]
        out.append("| %s | %s | %d | %s |" % (name, style_code(style), len(results[systems[0]][name]["rows"]),
                                              " | ".join(cells)))
    out.append("\n## Per style feature (rows of the documents with that value)\n\n| feature | value | rows | "
               + " | ".join(systems) + " |")
    out.append("|---|---|---|" + "---|" * len(systems))
    for key in STYLE_KEYS:
        values = sorted({str(bool(st[key]) if key in ("zebra", "header_band") else st[key]) for _, st, _ in docs.values()})
        for v in values:
            names = [n for n, st, _ in docs.values() if str(bool(st[key]) if key in ("zebra", "header_band") else st[key]) == v]
            cells = [share([r for n in names for r in results[s][n]["rows"]]) for s in systems]
            out.append("| %s | %s | %d | %s |" % (key, v, sum(len(results[systems[0]][n]["rows"]) for n in names),
                                                  " | ".join(cells)))
    out.extend(tag_table(results, systems))
    return "\n".join(out)


def print_failures(results, system, limit):
    fails = [(name, r) for name, d in results[system].items() for r in d["rows"] if not r["bearing"]]
    by = collections.Counter(r["symptom"] for _, r in fails)
    print("\n## %s: %d failing rows by symptom" % (system, len(fails)))
    for why, n in by.most_common():
        print("- %s: %d" % (why, n))
    for name, d in results[system].items():
        if d["low_pages"]:
            print("- %s pages under 0.8 of their words (page, kept, figure placeholder): %s" % (name, d["low_pages"]))
    partial = [(name, r) for name, d in results[system].items() for r in d["rows"] if r["bearing"] and not r["complete"]]
    print("- answer-bearing but not complete (an amount of the row missing after its label): %d" % len(partial))
    for name, r in partial[:limit]:
        print("    %s p%s %r" % (name, r["page"], r["label"]))
    print("\n### failing rows (first %d)" % limit)
    for name, r in fails[:limit]:
        print("- %s p%s [%s] %r %s: %s; chunk #%s: %s" % (name, r["page"], ",".join(r["tags"]), r["label"],
                                                        r["numbers"], r["symptom"], r["chunk"], r["context"]))
        if r.get("number_context"):
            print("    number in: %s" % r["number_context"])


def style_overrides(spec):
    """'zebra=,leader_dots=0,size_pt=9' -> {'zebra': '', 'leader_dots': False, 'size_pt': 9.0}."""
    out = {}
    for part in filter(None, (spec or "").split(",")):
        key, _, val = part.partition("=")
        kind = type(getattr(gen.draw_style(__import__("random").Random(0), "10-K"), key))
        out[key] = val in ("1", "true", "True") if kind is bool else kind(val)
    return out


def tag_table(results: dict, systems: list[str]) -> list[str]:
    """The "Per row tag" section: rows answer-bearing per tag of the generated rows (shared
    with filings_office.py)."""
    tags = sorted({t for d in results[systems[0]].values() for r in d["rows"] for t in r["tags"]})
    out = ["\n## Per row tag\n\n| tag | rows | " + " | ".join(systems) + " |", "|---|---|" + "---|" * len(systems)]
    for tag in tags:
        cells = [share([r for d in results[s].values() for r in d["rows"] if tag in r["tags"]]) for s in systems]
        n = sum(tag in r["tags"] for d in results[systems[0]].values() for r in d["rows"])
        out.append("| %s | %d | %s |" % (tag, n, " | ".join(cells)))
    return out


def arguments(description: str, sources: str, style_example: str) -> argparse.ArgumentParser:
    """The command line of a synthetic-filings benchmark (this one and filings_office.py)."""
    ap = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--docs", type=int, default=16, help="how many documents (default 16)")
    ap.add_argument("--seed", type=int, default=39)
    ap.add_argument("--only", help="document numbers, comma-separated (e.g. 4 or 0,3)")
    ap.add_argument("--system", default="ours,pymupdf_loader")
    ap.add_argument("--cases", action="store_true", help="print every failing row of ours (default: the first 40)")
    ap.add_argument("--out", help="copy each document's %s and PDF into this folder" % sources)
    ap.add_argument("--json", help="write every row's result here")
    ap.add_argument("--style", help="style fields to force, e.g. " + style_example)
    return ap


def main():
    ap = arguments(__doc__, "HTML", "zebra=,leader_dots=0,valign=bottom")
    ap.add_argument("--engine", choices=("chromium", "wkhtmltopdf"), default="chromium",
                    help="what prints the HTML (default chromium)")
    a = ap.parse_args()
    exe = find_engine(a.engine)
    if exe is None:
        print("skipped: no %s on PATH; the benchmark prints HTML with headless Chromium (tried %s) "
              "or with --engine wkhtmltopdf" % (a.engine, ", ".join(CHROMIUM)))
        return 0
    if not os.path.isfile(SCORER):
        sys.exit("the scorer is missing: %s (set FINANCEBENCH_PY)" % SCORER)
    fb = load_scorer()
    version = engine_version(exe)
    systems = [s for s in a.system.split(",") if s]
    wanted = [int(x) for x in a.only.split(",")] if a.only else list(range(a.docs))
    docs, pdfs, items = {}, {}, {}
    for i in wanted:
        html_text, truth, style = gen.make_document(i, a.seed, style_overrides(a.style))
        name = "doc%02d" % i
        pdfs[name] = print_pdf(exe, version, html_text, name)
        company = gen.COMPANIES[i % len(gen.COMPANIES)]
        docs[i] = (name, style, company)
        items[name] = items_of(fb, truth)
        if a.out:
            os.makedirs(a.out, exist_ok=True)
            shutil.copy(pdfs[name], os.path.join(a.out, name + ".pdf"))
            with open(os.path.join(a.out, name + ".html"), "w", encoding="utf-8") as fh:
                fh.write(html_text)
    results = {}
    for s in systems:
        fb.warm_up(s)
        results[s] = {name: evaluate_doc(fb, s, pdfs[name], items[name], company)
                      for name, _, company in docs.values()}
    docs_by = {i: (name, style, company) for i, (name, style, company) in docs.items()}
    print("# Synthetic EDGAR-HTML filings (seed %d, %d documents, %s)\n" % (a.seed, len(docs), version))
    print(report(results, docs_by, systems))
    if "ours" in results:
        print_failures(results, "ours", 10 ** 6 if a.cases else 40)
    if a.json:
        with open(a.json, "w", encoding="utf-8") as fh:
            json.dump({"seed": a.seed, "chromium": version, "styles": {n: st for n, st, _ in docs.values()},
                       "results": results}, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
