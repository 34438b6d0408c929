#!/usr/bin/env python3
"""Row recall on the eight shared FinanceBench filings: is every statement row of the text
layer answer-bearing in some chunk? (issue 39 B: a line item with its number.)

    python benchmarks/financebench_row_recall.py                       # ours and pymupdf_loader
    python benchmarks/financebench_row_recall.py --system ours --misses 20

FinanceBench asks of 6 line items on these filings; a statement page holds dozens. Here
every row the text layer sets on one baseline -- two words or more of a label, a clear gap,
then amounts (a thousands separator or a decimal point) -- is an item: its label and its
first one or two numbers, read the way the scorer reads an evidence text
(`numbers_after`). A chunk is answer-bearing for it when it holds the label and one of
those numbers within the next 120 characters (the scorer's `answer_bearing`, imported from
../shared/bench/financebench.py, with the systems' chunkers). Labels shorter than six
characters are skipped. A row found on its baseline is not always a table row (an exhibit
index's number column, a page of figures set in prose); those count for every system alike.
"""
from __future__ import annotations

import argparse
import collections
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "bench"))
_AMOUNT = re.compile(r"^\(?\(?\d{1,3}(,\d{3})+(\.\d+)?\)?$|^\(?\d+\.\d+\)?$")
_WORD = re.compile(r"^[A-Za-z][A-Za-z'’\-]*[,:]?$")
ROW_GAP = 15.0          # pt: amounts this far right of the label's last word make a row
MIN_LABEL = 6           # characters of a normalised label


def _amount(text: str) -> bool:
    return bool(_AMOUNT.match(text.replace("$", "")))


def baseline_rows(page):
    """(label, amounts) of each line of the page's words set on one baseline as a row."""
    lines = collections.defaultdict(list)
    for w in page.get_text("words"):
        lines[round(w[3])].append(w)
    for _, ws in sorted(lines.items()):
        ws.sort(key=lambda w: w[0])
        k = 0
        while k < len(ws) and not _amount(ws[k][4]) and ws[k][4] != "$":
            k += 1
        label = [w[4] for w in ws[:k]]
        amounts = [w[4] for w in ws[k:] if _amount(w[4])]
        if len(label) >= 2 and sum(bool(_WORD.match(t)) for t in label) >= 2 and amounts \
                and k < len(ws) and ws[k][0] - ws[k - 1][2] >= ROW_GAP:
            yield " ".join(label), amounts


def items(fb, path: str) -> list[dict]:
    import pymupdf
    out = []
    with pymupdf.open(path) as doc:
        for index, page in enumerate(doc):
            for label, amounts in baseline_rows(page):
                text = fb.norm(label + " " + " ".join(amounts))
                numbers = fb.numbers_after(text, len(fb.norm(label)), fb.EVIDENCE_GAP, 2)
                if numbers and len(fb.norm(label)) >= MIN_LABEL:
                    out.append({"label": fb.norm(label), "numbers": numbers, "page": index})
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--system", default="ours,pymupdf_loader")
    ap.add_argument("--misses", type=int, default=0, help="print this many missed rows per filing")
    args = ap.parse_args()
    sys.path.insert(0, BENCH)
    import financebench as fb
    from layoutpdf.split.tokenizers import ensure_tiktoken_cache
    ensure_tiktoken_cache()
    names = sorted(f for f in os.listdir(fb.CORPUS) if f.endswith(".pdf"))
    wanted = {name: items(fb, os.path.join(fb.CORPUS, name)) for name in names}
    print("| system | " + " | ".join(n[:-4] for n in names) + " | all rows |")
    print("|---" * (len(names) + 2) + "|")
    for system in args.system.split(","):
        cells, found, total, missed = [], 0, 0, {}
        for name in names:
            chunks = [fb.norm(c["text"]) for c in fb.CHUNKERS[system](os.path.join(fb.CORPUS, name))]
            miss = [it for it in wanted[name]
                    if not any(it["label"] in c and fb.answer_bearing(c, it) for c in chunks)]
            n = len(wanted[name])
            cells.append("%.3f" % ((n - len(miss)) / n) if n else "-")
            found, total, missed[name] = found + n - len(miss), total + n, miss
        print("| %s | %s | %.4f (%d/%d) |" % (system, " | ".join(cells), found / total, found, total))
        for name, miss in missed.items():
            for it in miss[:args.misses]:
                print("    %s p%d: %s %s" % (name[:-4], it["page"], it["label"][:80], it["numbers"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
