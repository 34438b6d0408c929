#!/usr/bin/env python3
"""FinanceBench dev split with every table row of our chunks written out per cell, the
serialisation issue 39 suggests for embedding: ``label — column: value; column: value``
(the header and its separator line dropped, each cell naming its column).

    python benchmarks/financebench_rows.py            # from the project root

Runs ``../shared/bench/financebench.py --system ours`` with its chunker wrapped: the chunks
are those of the default pipeline (256 tokens), only their table rows are rewritten
afterwards, so a chunk may grow past the budget (the labels are repeated in every cell).
It measures whether the serialisation is worth a setting for BM25 retrieval; measured
2026-12-06 on branch tables39: page_hit@5 0.857 -> 0.571, answer_hit@5 3/6 -> 1/6 (the
column labels repeated in every cell outweigh a row's own words). Dense retrieval is not
measured here.
"""
from __future__ import annotations

import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "bench"))
_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{3,}")
_PIPE = re.compile(r"(?<!\\)\|")


def _cells(line: str) -> list[str]:
    s = line.strip()
    s = s[1:] if s.startswith("|") else s
    s = s[:-1] if s.endswith("|") and not s.endswith("\\|") else s
    return [c.strip() for c in _PIPE.split(s)]


def serialise_rows(text: str) -> str:
    """The text with each pipe table (a header row over a separator line) written as one
    line per body row, ``label — column: value; ...``; empty cells left out, a row with
    its label only kept as the label; everything else unchanged."""
    lines, out, i = text.split("\n"), [], 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("|") and i + 1 < len(lines) and _SEPARATOR.match(lines[i + 1]):
            head, i = _cells(line), i + 2
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                row, i = _cells(lines[i]), i + 1
                parts = [f"{head[c]}: {v}" if c < len(head) and head[c] else v
                         for c, v in enumerate(row[1:], 1) if v]
                out.append(f"{row[0]} — " + "; ".join(parts) if parts else row[0])
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


def main() -> int:
    sys.path.insert(0, BENCH)
    import financebench as fb
    chunker = fb.CHUNKERS["ours"]
    fb.CHUNKERS["ours"] = lambda path: [dict(c, text=serialise_rows(c["text"])) for c in chunker(path)]
    sys.argv = [sys.argv[0], "--system", "ours"] + sys.argv[1:]
    return fb.main()


if __name__ == "__main__":
    sys.exit(main())
