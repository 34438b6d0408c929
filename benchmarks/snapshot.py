"""Record, then compare, the Markdown and to_dict() of every shared PDF: the check that a
change meant to keep behaviour (a restructure, a speed change) keeps it byte for byte.

    python benchmarks/snapshot.py record /tmp/snap-before     # before the change
    python benchmarks/snapshot.py compare /tmp/snap-before    # after it: exit 1 on any difference
    python benchmarks/snapshot.py compare /tmp/snap-before --only 'bench/docs/*/*.pdf'   # a subset

Covers ../shared/corpus/real, ../shared/corpus/realdev and ../shared/bench/docs/*/ with default
settings (OCR as the defaults say). Each file's Markdown and JSON (sorted keys) are written in
full under the directory, so a difference can be read with `diff`. Files that raise are
recorded by their exception type and message. Runs in two processes; output does not depend
on that.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "shared"))
PATTERNS = ("corpus/real/*.pdf", "corpus/realdev/*.pdf", "bench/docs/*/*.pdf")


def files(only: str | None = None) -> list[str]:
    """The shared PDFs, or those matching the glob `only` (relative to ../shared)."""
    found: list[str] = []
    for pattern in ((only,) if only else PATTERNS):
        found += sorted(glob.glob(os.path.join(SHARED, pattern)))
    return found


def key(path: str) -> str:
    return os.path.relpath(path, SHARED).replace(os.sep, "__")


def outputs(path: str) -> tuple[str, str, str]:
    import layoutpdf
    try:
        doc = layoutpdf.parse(path)
        md = doc.to_markdown()
        js = json.dumps(doc.to_dict(), sort_keys=True, ensure_ascii=False)
    except Exception as exc:  # recorded, so that a change of outcome shows as a difference
        md = js = f"{type(exc).__name__}: {exc}"
    return key(path), md, js


def _all_outputs(paths: list[str], workers: int):
    with ProcessPoolExecutor(workers) as pool:
        yield from pool.map(outputs, paths)


def record(directory: str, workers: int, only: str | None = None) -> int:
    os.makedirs(directory, exist_ok=True)
    for name, md, js in _all_outputs(files(only), workers):
        with open(os.path.join(directory, name + ".md"), "w", encoding="utf-8", newline="") as f:
            f.write(md)
        with open(os.path.join(directory, name + ".json"), "w", encoding="utf-8", newline="") as f:
            f.write(js)
    print(f"recorded {len(files(only))} files in {directory}")
    return 0


def compare(directory: str, workers: int, only: str | None = None) -> int:
    differ: list[str] = []
    paths = files(only)
    for name, md, js in _all_outputs(paths, workers):
        for ext, now in ((".md", md), (".json", js)):
            try:   # newline="": an output holding a CR is compared as written, not as LF
                with open(os.path.join(directory, name + ext), encoding="utf-8", newline="") as f:
                    before = f.read()
            except FileNotFoundError:
                before = None
            if before != now:
                differ.append(name + ext)
                with open(os.path.join(directory, name + ext + ".now"), "w",
                          encoding="utf-8", newline="") as f:
                    f.write(now)
    print(f"compared {len(paths)} files (Markdown and to_dict): {len(differ)} outputs differ")
    for name in differ:
        print("  differs:", name, "(new output beside it as .now)")
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=("record", "compare"))
    ap.add_argument("directory")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--only", help="a glob relative to ../shared (default: every shared PDF)")
    args = ap.parse_args(argv)
    if not os.path.isdir(SHARED):
        print(f"no shared corpus at {SHARED}", file=sys.stderr)
        return 2
    return (record if args.action == "record" else compare)(args.directory, args.workers, args.only)


if __name__ == "__main__":
    sys.exit(main())
