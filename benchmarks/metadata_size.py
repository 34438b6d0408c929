"""Metadata sizes of the adapters' chunks over the shared real corpus (issue #40).

    python benchmarks/metadata_size.py [--out chunks.json] [--only GLOB]

For chunk sizes 512 and 2,048 prints the largest whole-chunk metadata (compact JSON of a
LlamaIndex node's / LangChain chunk's metadata) and the largest ``_node_content`` a
LlamaIndex vector store writes (the node as JSON with its text removed, relationships
included), with the file that holds it. ``--out`` writes every chunk text, so that two
runs can be compared byte for byte.
"""
from __future__ import annotations

import argparse
import glob
import hashlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REAL = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "corpus", "real"))


def size(meta: dict) -> int:
    return len(json.dumps(meta, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))


def measure(path: str, sizes: tuple[int, ...]) -> dict:
    from llama_index.core.vector_stores.utils import node_to_metadata_dict
    from layoutpdf.llama_index import LayoutNodeParser, LayoutPDFReader
    from layoutpdf.langchain import LayoutPDFLoader, LayoutTextSplitter
    docs = LayoutPDFReader().load_data(path)
    pages = LayoutPDFLoader(path).load()
    out = {}
    for n in sizes:
        nodes = LayoutNodeParser(chunk_size=n).get_nodes_from_documents(docs)
        chunks = LayoutTextSplitter(chunk_size=n).split_documents(pages)
        content = [len(node_to_metadata_dict(x, remove_text=True, flat_metadata=False)
                       ["_node_content"].encode("utf-8")) for x in nodes]
        out[n] = {"li_meta": max((size(x.metadata) for x in nodes), default=0),
                  "node_content": max(content, default=0),
                  "lc_meta": max((size(c.metadata) for c in chunks), default=0),
                  "texts": hashlib.sha256("\x00".join(
                      [x.text for x in nodes] + ["\x01"] + [c.page_content for c in chunks]
                  ).encode("utf-8")).hexdigest()}
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out")
    ap.add_argument("--only", default="*.pdf")
    args = ap.parse_args()
    sizes = (512, 2048)
    rows = {}
    for path in sorted(glob.glob(os.path.join(REAL, args.only))):
        try:
            rows[os.path.basename(path)] = measure(path, sizes)
        except Exception as exc:   # a file the loaders refuse (encrypted, not a PDF)
            rows[os.path.basename(path)] = {"error": type(exc).__name__}
    for n in sizes:
        for field in ("li_meta", "node_content", "lc_meta"):
            best = max(((r[n][field], name) for name, r in rows.items() if n in r), default=(0, ""))
            print(f"{n:>5} tokens  {field:<13} max {best[0]:>6} B  ({best[1]})")
    if args.out:
        with open(args.out, "w") as fh:
            json.dump({k: {str(n): v[n]["texts"] for n in sizes if n in v} for k, v in rows.items()},
                      fh, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
