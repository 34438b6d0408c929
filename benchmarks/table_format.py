#!/usr/bin/env python3
"""FinanceBench dev split with each table format of the splitter (issue 39: "an optional row
serialisation for embedding may help dense retrieval; measure before making it a default"):
``split.table_format="markdown"`` (the default: Markdown rows under a repeated header) and
``"rows"`` (each row said with its column labels, ``label — 2021: 1,263; 2020: 709``),
each packed to 256 tokens by the splitter itself.

    python benchmarks/table_format.py                # from the project root
    python benchmarks/table_format.py --dense        # also dense retrieval (wordllama)

PyMuPDFLoader's chunks are scored beside them for reference.
BM25 is the shared harness's (``../shared/bench/financebench.py``: page_hit@5, answer_hit@5,
the answer ceiling). ``--dense`` ranks the same chunks by cosine similarity of static
embeddings (``pip install wordllama``: 256-dimension token embeddings shipped inside the
wheel, average-pooled; no download at run time), the cheapest dense retriever that runs
here offline; a transformer encoder may rank differently.
"""
from __future__ import annotations

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "bench"))
FORMATS = ("markdown", "rows")


def _chunker(fmt: str):
    def chunks(path: str) -> list[dict]:
        from llama_index.core.schema import MetadataMode
        from layoutpdf.llama_index import LayoutNodeParser, LayoutPDFReader
        docs = LayoutPDFReader().load_data(path)
        nodes = LayoutNodeParser(chunk_size=256, table_format=fmt).get_nodes_from_documents(docs)
        return [{"text": n.get_content(metadata_mode=MetadataMode.NONE),
                 "page_start": int(n.metadata["page_start"]), "page_end": int(n.metadata["page_end"])}
                for n in nodes]
    return chunks


class _Dense:
    """Cosine ranking over wordllama embeddings (the harness's Index interface)."""

    def __init__(self, model, texts: list[str]):
        import numpy as np
        self.np, self.model = np, model
        self.vecs = model.embed(texts, norm=True) if texts else np.zeros((0, 1))

    def search(self, question: str) -> list[int]:
        q = self.model.embed([question], norm=True)[0]
        scores = self.vecs @ q
        return sorted(range(len(scores)), key=lambda i: (-float(scores[i]), i))


def _dense_rows(fb, chunks_by_doc: dict, questions: list[dict], model) -> dict:
    """page_hit@5 and answer_hit@5 of dense ranking, as the harness scores BM25."""
    page5 = answer5 = answer_n = 0
    for name, chunks in chunks_by_doc.items():
        index = _Dense(model, [c["text"] for c in chunks])
        normed = [fb.norm(c["text"]) for c in chunks]
        for q in (q for q in questions if q["doc_name"] == name):
            ev = {int(e["evidence_page_num"]) for e in q["evidence"]}
            ranking = index.search(q["question"])
            on_ev = [any(c["page_start"] <= p <= c["page_end"] for p in ev) for c in chunks]
            rank = next((r + 1 for r, i in enumerate(ranking) if on_ev[i]), None)
            page5 += rank is not None and rank <= 5
            if q["question_type"] == "metrics-generated":
                items = [it for it in fb.locate_items(q) if "numbers" in it]
                if items:
                    answer_n += 1
                    top = set(ranking[:5])
                    answer5 += all(any(fb.answer_bearing(normed[i], it) for i in top) for it in items)
    return {"page_hit@5": page5 / len(questions), "answer_hit@5": answer5, "answer_n": answer_n}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dense", action="store_true", help="also rank by wordllama embeddings")
    a = ap.parse_args()
    if not os.path.isdir(BENCH):
        sys.exit(f"../shared/bench is missing ({BENCH}): this benchmark needs the shared FinanceBench split")
    sys.path.insert(0, BENCH)
    import financebench as fb
    model = None
    if a.dense:
        try:
            from wordllama import WordLlama
        except ImportError:
            sys.exit(f"wordllama is missing: {sys.executable} -m pip install wordllama")
        import wordllama
        from pathlib import Path
        # the wheel ships weights and tokenizer; pointing the cache at the package finds the
        # tokenizer there too (0.4 looks for it under "tokenizer/", the wheel has "tokenizers/")
        model = WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)
    fb.ensure_tiktoken_cache()
    questions = fb.load_questions()
    docs = sorted({q["doc_name"] for q in questions})

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    rows = []
    for fmt in FORMATS + ("pymupdf_loader",):
        system = fmt if fmt in fb.CHUNKERS else "ours_" + fmt
        fb.CHUNKERS.setdefault(system, _chunker(fmt))
        per_doc, per_q, chunks, _ = fb.evaluate(system, docs, questions, log)
        agg = fb.aggregate(per_doc, per_q)
        row = [fmt if fmt in FORMATS else "(PyMuPDFLoader + recursive splitter)", str(agg["chunks"]),
               fb.fmt(agg["page_hit@5"]),
               "%d/%d" % (agg["answer_hit@5_count"], agg["answer_n"]),
               "%d/%d" % (agg["answer_ceiling_count"], agg["answer_n"])]
        if model is not None:
            dense = _dense_rows(fb, chunks, questions, model)
            row += [fb.fmt(dense["page_hit@5"]), "%d/%d" % (dense["answer_hit@5"], dense["answer_n"])]
        rows.append(row)
    head = ["table_format", "chunks", "BM25 page_hit@5", "BM25 answer_hit@5", "answer ceiling"]
    if model is not None:
        head += ["dense page_hit@5", "dense answer_hit@5"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for row in rows:
        print("| " + " | ".join(row) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
