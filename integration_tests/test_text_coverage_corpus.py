"""The text-coverage invariant on every shared PDF and every fixture (issue 36): the words
of PyMuPDF's `get_text()` reach `to_markdown()` over all layers (body, furniture,
background), or the document says why not.

The measure is `benchmarks/coverage.py`'s (words of three or more letters, CJK characters
one by one, LaTeX control words removed from ours), per page against the output units
that carry the page. Words set as math symbols are the expected loss, so a document must
keep 95 % of its words, and a page that keeps less than half of them must be named in an
Issue (a broken text layer, a scan, dropped lines).
"""
from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("LAYOUTPDF_SHARED", ROOT.parent / "shared"))
if not SHARED.is_dir():
    SHARED = Path("/work/shared")
PATTERNS = ("corpus/real/*.pdf", "corpus/realdev/*.pdf", "bench/docs/*/*.pdf")
MIN_DOCUMENT = 0.95
MIN_PAGE = 0.5


def _measure():
    spec = importlib.util.spec_from_file_location("coverage_bench", ROOT / "benchmarks" / "coverage.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.page_coverage


def _pdfs() -> list[Path]:
    found = [p for pat in PATTERNS for p in sorted(SHARED.glob(pat))]
    return found + sorted((ROOT / "tests" / "fixtures").glob("*/*.pdf"))


PDFS = _pdfs()


@pytest.mark.parametrize("path", PDFS or [None], ids=lambda p: p.name if p else "none")
def test_words_of_the_text_layer_reach_the_output(path):
    if path is None:
        pytest.skip(f"no shared corpus at {SHARED} (set LAYOUTPDF_SHARED)")
    name, rows, codes = _measure()(str(path))
    if not rows:
        return        # no words in the text layer (a scan, an image page) or a typed refusal
    total, kept = sum(r[1] for r in rows), sum(r[2] for r in rows)
    assert kept / total >= MIN_DOCUMENT or codes, f"{name}: {kept}/{total} words and no Issue"
    low = [(page, n, f) for page, n, f in rows if n >= 10 and f / n < MIN_PAGE]
    if low:
        import layoutpdf
        flagged = {i.page for i in layoutpdf.parse(str(path)).issues if i.page is not None}
        for page, n, f in low:
            assert page in flagged, f"{name} page {page + 1}: {f}/{n} words and no Issue"
