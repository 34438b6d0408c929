"""Show the sentence pairs of a dev-bench document that layoutpdf's Markdown breaks.

    python benchmarks/diagnose_pairs.py dev-03 [--breaks-only]
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "bench"))
sys.path.insert(0, BENCH)

import metrics as M  # noqa: E402

import layoutpdf  # noqa: E402


def main(doc_id: str, breaks_only: bool) -> None:
    base = os.path.join(BENCH, "docs", "dev", doc_id)
    truth = json.load(open(base + ".truth.json"))
    out = M.norm(layoutpdf.parse(base + ".pdf").to_markdown())
    fn = {f["paragraph"]: f for f in truth["footnotes"]}
    for p in truth["paragraphs"]:
        for i in range(len(p["sentences"]) - 1):
            if breaks_only and not p["pair_straddles_break"][i]:
                continue
            a, b = M.norm(p["sentences"][i]), M.norm(p["sentences"][i + 1])
            if M.contains(out, a + " " + b):
                continue
            f = fn.get(p["id"])
            if f and f["anchor_index"] == i:
                mk = M.norm(f["marker"])
                if M.contains(out, a + " " + mk + " " + b) or M.contains(out, a + " " + mk + b):
                    continue
            k = out.find(a)
            after = out[k + len(a):k + len(a) + 160] if k >= 0 else "<sentence A not found>"
            print(f"[{p['id']} break={p['pair_straddles_break'][i]}] ...{a[-50:]}\n    -> {after}\n")


if __name__ == "__main__":
    main(sys.argv[1], "--breaks-only" in sys.argv)
