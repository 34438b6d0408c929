"""The math serializer on the pdfLaTeX benchmark PDFs (dev split), in isolation: display
equations located on the page, serialized, and scored with the benchmark's own
latex_similarity (see benchmarks/math_eval.py). Measuring only: no constant is fitted here."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pymupdf
import pytest

BENCH = Path("/work/shared/bench")
DEV = BENCH / "docs" / "dev"
ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(not DEV.is_dir(),
                                reason=f"benchmark PDFs not available at {DEV}")


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def math_eval():
    return _load("math_eval", ROOT / "benchmarks" / "math_eval.py")


@pytest.fixture(scope="module")
def summary(math_eval):
    return math_eval.run(BENCH, per_glyph=False, verbose=False)


def test_display_equations_similarity(summary):
    assert summary["display_equations"] >= 30
    assert summary["display_latex_similarity"] >= 0.85


def test_inline_formulas_keep_their_scripts(summary):
    assert summary["inline_canon_match"] >= 0.8


def test_per_glyph_spans_do_at_least_as_well(math_eval, summary):
    glyphs = math_eval.run(BENCH, per_glyph=True, verbose=False)
    assert glyphs["display_latex_similarity"] >= 0.9


@pytest.mark.parametrize("doc_id,eq_id,expected", [
    ("dev-01", "eq2", r"\hat{\beta} = (X^{\top}X)^{-1}X^{\top}y"),
    ("dev-01", "eq3", r"\|x\|_{2} = \sqrt{\sum_{i} x_{i}^{2}}"),
    ("dev-03", "eq1", r"f(x) = \frac{1}{\sqrt{2\pi}}e^{-x^{2}/2}"),
    ("dev-06", "eq3", r"\zeta(s) = \sum_{n=1}^{\infty} \frac{1}{n^{s}} = \prod_{p} "
                      r"\frac{1}{1 - p^{-s}}"),
    ("dev-09", "eq3", r"\lim_{n\to\infty} \left( 1 + \frac{1}{n} \right)^{n} = e"),
])
def test_exact_equations(math_eval, doc_id, eq_id, expected):
    metrics = math_eval.load_metrics(BENCH)
    truth = json.loads((DEV / f"{doc_id}.truth.json").read_text())
    eq = next(e for e in truth["display_equations"] if e["id"] == eq_id)
    page = pymupdf.open(DEV / f"{doc_id}.pdf")[eq["page"]]
    lines, rules = math_eval._page(page, per_glyph=False)
    found = math_eval.locate(page, truth, eq, lines)
    res = math_eval.lines_to_latex(found, rules)
    assert res.latex == expected
    assert metrics.latex_similarity(res.latex, eq["latex"]) == 1.0


def test_equation_numbers_become_tags(math_eval):
    truth = json.loads((DEV / "dev-08.truth.json").read_text())
    eq = next(e for e in truth["display_equations"] if e["env"] == "equation")
    page = pymupdf.open(DEV / "dev-08.pdf")[eq["page"]]
    lines, rules = math_eval._page(page, per_glyph=False)
    res = math_eval.lines_to_latex(math_eval.locate(page, truth, eq, lines), rules)
    assert res.tag is not None and res.tag.isdigit()
    assert "(" + res.tag + ")" not in res.latex
