"""Fidelity on the shared dev benchmark for layoutpdf and other loaders, in one run.

    python benchmarks/fidelity.py [--split dev] [--systems ours,pymupdf4llm,pymupdf_plain,pdfplumber]

Runs ../shared/bench/score.py once per system (each in its own process, from the project
root) and prints one Markdown table. `pymupdf_plain` is what LangChain's PyMuPDFLoader
returns (page.get_text()); `pymupdf4llm` is PyMuPDF's own layout-mode Markdown.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SCORE = os.path.normpath(os.path.join(ROOT, "..", "shared", "bench", "score.py"))
DEFAULT = "ours,pymupdf4llm,pymupdf_plain,pdfplumber"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--split", default="dev")
    ap.add_argument("--systems", default=DEFAULT)
    args = ap.parse_args()
    if not os.path.exists(SCORE):
        print(f"benchmark scorer not found at {SCORE} (the shared bench is not checked out)")
        return 1
    header = subprocess.run([sys.executable, SCORE, "--header", "--split", args.split],
                            capture_output=True, text=True, cwd=ROOT).stdout.strip()
    print(header)
    for system in args.systems.split(","):
        out = subprocess.run([sys.executable, SCORE, "--system", system, "--split", args.split],
                             capture_output=True, text=True, cwd=ROOT)
        rows = [ln for ln in out.stdout.splitlines() if ln.startswith("| ")]
        print(rows[-1] if rows else f"| {system} | {args.split} | - | failed: "
              f"{(out.stderr.strip().splitlines() or ['no output'])[-1]} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
