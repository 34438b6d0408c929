"""Word coverage: do the words of the text layer reach the user?

For every PDF, each page's words from PyMuPDF's plain `get_text()` are compared (as
multisets) with the words of layoutpdf's Markdown of that page over all layers (body,
furniture, background). A word is a run of three or more letters (a CJK character on its own) (NFKC, lower-cased,
hyphenated line ends joined); LaTeX control words are removed from our output first, so a
word set in `\\mathrm{...}` still counts while `\\frac` does not (operator names such as
`\\log` count as the word they print). A note is counted on its own page too, wherever it
is rendered (an endnote goes with its anchor). Words of the text layer that became math
symbols are the only expected loss.

    python benchmarks/coverage.py                      # every shared PDF, one row each
    python benchmarks/coverage.py a.pdf b.pdf --pages  # also the pages under 0.8

Prints per document: pages, coverage (pooled over the pages), pages under 0.8 and the
codes of the page Issues the document carries.
"""
from __future__ import annotations

import argparse
import glob
import os
import re
import sys
import unicodedata
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "shared"))
PATTERNS = ("corpus/real/*.pdf", "corpus/realdev/*.pdf", "corpus/financebench_dev/*.pdf",
            "bench/docs/*/*.pdf")
# CJK text has no spaces and its lines are joined without one: its characters are counted
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
_WORD = re.compile(rf"[{_CJK}]|(?:(?![{_CJK}])[^\W\d_]){{3,}}")
_LATEX_COMMAND = re.compile(r"\\[A-Za-z]+")


def words(text: str) -> Counter:
    text = unicodedata.normalize("NFKC", text)
    text = re.sub(r"-\s*\n\s*", "", text)
    return Counter(w.lower() for w in _WORD.findall(text))


# LaTeX's operator names print their name as a word (`\\log` is set as "log"): counted
_OPERATOR_NAMES = frozenset(
    "arccos arcsin arctan arg cos cosh cot coth csc deg det dim exp gcd hom inf ker lim "
    "liminf limsup log max min sec sin sinh sup tan tanh".split())


def _command(m: re.Match) -> str:
    name = m.group(0)[1:]
    return f" {name} " if name in _OPERATOR_NAMES else " "


# in maths a script is set glued to its base in the text layer (`$x_{Ai}$` prints as
# "xAi"): joined there, and only there (an escaped `\_` in prose is an underscore)
_MATH = re.compile(r"\$\$.*?\$\$|(?<!\\)\$[^$\n]+?(?<!\\)\$", re.DOTALL)
_SCRIPT = re.compile(r"[_^]\{([^{}]*)\}|[_^](\w)")


def _join_scripts(m: re.Match) -> str:
    return _SCRIPT.sub(lambda s: s.group(1) or s.group(2) or "", m.group(0))


def _greek() -> dict[str, str]:
    from layoutpdf.text.latex_symbols import GREEK
    return {latex[1:]: ch for ch, latex in GREEK.items()}


# in maths the text layer has no space between what TeX sets without one: an operator
# name and its Greek argument print as "cosθ", `\arg\,\min` as "argmin", `\sigma_X\sigma_Y`
# as "σXσY": there a Greek command is its letter and a thin space nothing
_THIN = re.compile(r"\[,;:!]")


def _math_words(m: re.Match) -> str:
    greek = _greek()

    def command(c: re.Match) -> str:
        name = c.group(0)[1:]
        return name if name in _OPERATOR_NAMES else greek.get(name, " ")
    return _LATEX_COMMAND.sub(command, _THIN.sub("", _join_scripts(m)))


def output_words(text: str) -> Counter:
    text = _MATH.sub(_math_words, text)
    return words(_LATEX_COMMAND.sub(_command, text))


def page_coverage(path: str) -> tuple[str, list[tuple[int, int, int]], list[str]]:
    """(name, [(page, words in the layer, of them found)], issue codes)."""
    import pymupdf
    import layoutpdf
    from layoutpdf.model import Layer
    from layoutpdf.render.markdown import render_units
    name = os.path.relpath(path, SHARED) if path.startswith(SHARED) else path
    try:
        doc = layoutpdf.parse(path)
    except Exception as exc:  # a typed refusal: no pages to cover
        return name, [], [type(exc).__name__]
    rows = []
    # each page against the output units that carry it (a paragraph stitched across a page
    # break, a note rendered with its anchor name both pages)
    on_page: dict[int, Counter] = {}
    note_pages = {fn.id: fn.page for fn in doc.footnotes}
    for unit in render_units(doc, layers=tuple(Layer)):
        got = output_words(unit.text)
        # an endnote is rendered with its anchor, far from the page it is printed on
        pages = set(unit.pages) | {note_pages[i] for i in unit.footnote_ids if i in note_pages}
        for p in pages:
            on_page.setdefault(p, Counter()).update(got)
    with pymupdf.open(path) as pdf:
        for page in doc.pages:
            want = words(pdf[page.index].get_text())
            if not want:
                continue
            got = on_page.get(page.index, Counter())
            found = sum(min(n, got[w]) for w, n in want.items())
            rows.append((page.index, sum(want.values()), found))
    return name, rows, sorted({i.code for i in doc.issues})


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pdfs", nargs="*")
    ap.add_argument("--pages", action="store_true", help="list the pages under 0.8")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    paths = args.pdfs or [p for pat in PATTERNS for p in sorted(glob.glob(os.path.join(SHARED, pat)))]
    total = kept = docs_low = 0
    with ProcessPoolExecutor(args.workers) as pool:
        for name, rows, codes in pool.map(page_coverage, paths):
            n = sum(r[1] for r in rows)
            f = sum(r[2] for r in rows)
            total, kept = total + n, kept + f
            cov = f / n if n else 1.0
            low = [r for r in rows if r[1] >= 5 and r[2] / r[1] < 0.8]
            docs_low += cov < 0.99
            print(f"{cov:6.3f}  {len(rows):4d} p  {len(low):3d} low  {name}  {','.join(codes)}")
            if args.pages:
                for p, n_, f_ in low:
                    print(f"          page {p + 1}: {f_}/{n_}")
    print(f"pooled {kept / max(total, 1):.4f} over {len(paths)} documents; {docs_low} under 0.99")
    return 0


if __name__ == "__main__":
    sys.exit(main())
