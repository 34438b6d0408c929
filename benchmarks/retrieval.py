"""End-to-end retrieval on the dev benchmark: does the right chunk come back?

    python benchmarks/retrieval.py [--systems ours,pymupdf4llm,pymupdf_plain,pdfplumber] [--k 5]

For each dev document, questions are made from its ground truth, one per answer that
layout breaks in other loaders:

- footnote:  the words of the anchor sentence and of the footnote; a hit is a chunk that
             holds both the footnote text and the end of its anchor sentence;
- caption:   the words of a figure/table caption; a hit holds the whole caption;
- equation:  the words of the sentence that introduces a display equation; a hit holds that
             sentence and a `$$` block (or, for loaders without LaTeX, the sentence);
- straddle:  the words of two sentences whose pair crosses a column or page break; a hit
             holds both sentences contiguously.

Every loader's chunks (its own splitter, or LangChain's recursive splitter at 256
cl100k tokens, exactly as ../shared/bench/systems.py builds them) are indexed with BM25
(k1=1.5, b=0.75) per document; recall@1 and recall@k are averaged per question type.
Questions use alternate words of the answer so that exact-match alone does not decide.
"""
from __future__ import annotations

import argparse
import glob
import json
import math
import os
import re
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "bench"))
DEFAULT = "ours,pymupdf4llm,pymupdf_plain,pdfplumber"
STOP = set("a an the of to in on for and or is are was were be by with as at it its this that from".split())


def tokens(text: str) -> list[str]:
    return [t for t in re.findall(r"[a-z0-9]+", text.lower()) if t not in STOP]


class BM25:
    def __init__(self, docs: list[str], k1: float = 1.5, b: float = 0.75):
        self.toks = [tokens(d) for d in docs]
        self.k1, self.b = k1, b
        self.avg = sum(map(len, self.toks)) / max(len(self.toks), 1)
        df = Counter(t for doc in self.toks for t in set(doc))
        n = len(self.toks)
        self.idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}
        self.tf = [Counter(doc) for doc in self.toks]

    def rank(self, query: str) -> list[int]:
        q = tokens(query)
        scores = []
        for i, tf in enumerate(self.tf):
            dl = len(self.toks[i]) or 1
            s = 0.0
            for t in q:
                f = tf.get(t)
                if f:
                    s += self.idf[t] * f * (self.k1 + 1) / (f + self.k1 * (1 - self.b + self.b * dl / self.avg))
            scores.append(s)
        return sorted(range(len(scores)), key=lambda i: -scores[i])


def alternate(text: str) -> str:
    words = text.split()
    return " ".join(words[::2]) if len(words) > 6 else text


def questions(truth: dict, norm) -> list[tuple[str, str, callable]]:
    out = []
    for f in truth["footnotes"]:
        ft, anc = norm(f["text"]), norm(f["anchor_sentence"])[-60:].strip()
        out.append(("footnote", alternate(f["anchor_sentence"]) + " " + alternate(f["text"]),
                    lambda c, ft=ft, anc=anc: ft in c and anc in c))
    for cap in [x["caption"] for x in truth["figures"]] + [x["caption"] for x in truth["tables"]]:
        nc = norm(cap)
        out.append(("caption", alternate(cap), lambda c, nc=nc: nc in c))
    paragraphs = {p["id"]: p for p in truth["paragraphs"]}
    for eq in truth["display_equations"]:
        p = paragraphs.get(eq["paragraph"])
        if not p:
            continue
        sent = p["sentences"][-1]
        ns = norm(sent)
        out.append(("equation", alternate(sent), lambda c, ns=ns, raw=None: ns in c))
    for p in truth["paragraphs"]:
        for i, straddles in enumerate(p["pair_straddles_break"]):
            if straddles:
                a, b = p["sentences"][i], p["sentences"][i + 1]
                pair = norm(a) + " " + norm(b)
                out.append(("straddle", alternate(a) + " " + alternate(b), lambda c, pair=pair: pair in c))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--systems", default=DEFAULT)
    ap.add_argument("--k", type=int, default=5)
    args = ap.parse_args()
    if not os.path.isdir(BENCH):
        print(f"shared bench not found at {BENCH}")
        return 1
    sys.path.insert(0, BENCH)
    import metrics as M
    import systems as S
    S.ensure_tiktoken_cache()
    docs = sorted(glob.glob(os.path.join(BENCH, "docs", "dev", "*.pdf")))
    table: dict[str, dict[str, list[tuple[int, int]]]] = {}
    for system in args.systems.split(","):
        try:
            S.check_available(system)
        except S.SystemUnavailable as exc:
            print(f"skipping {system}: {exc}", file=sys.stderr)
            continue
        adapter = S.get_adapter(system, os.path.dirname(HERE))
        per_type: dict[str, list[tuple[int, int]]] = defaultdict(list)
        for path in docs:
            truth = json.load(open(path[:-4] + ".truth.json"))
            chunks = adapter(path)["chunks"]
            normed = [M.norm(c) for c in chunks]
            index = BM25(chunks)
            for kind, query, hit in questions(truth, M.norm):
                ranked = index.rank(query)
                top = [normed[i] for i in ranked[:args.k]]
                per_type[kind].append((int(bool(top) and hit(top[0])), int(any(hit(c) for c in top))))
        table[system] = per_type
    kinds = ["footnote", "caption", "equation", "straddle"]
    print(f"| loader | " + " | ".join(f"{k} R@1 | {k} R@{args.k}" for k in kinds) + " | questions |")
    print("|---|" + "---|" * (2 * len(kinds) + 1))
    for system, per_type in table.items():
        cells = []
        for k in kinds:
            vals = per_type.get(k, [])
            if not vals:
                cells += ["n/a", "n/a"]
                continue
            cells += [f"{sum(v[0] for v in vals) / len(vals):.2f}", f"{sum(v[1] for v in vals) / len(vals):.2f}"]
        n = sum(len(v) for v in per_type.values())
        print(f"| {system} | " + " | ".join(cells) + f" | {n} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
