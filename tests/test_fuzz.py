"""Bounded fuzzing: mutated PDFs give a Document or a LayoutPDFError, never anything else,
and never take more than 10 s. The mutations live in benchmarks/fuzz.py (which runs
thousands of cases); here a few hundred, seeded, run in this process with a timer."""
from __future__ import annotations

import importlib.util
import logging
import random
import sys
from pathlib import Path

import pytest

import layoutpdf
from layoutpdf import LayoutPDFError, Settings

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).parent / "fixtures" / "fuzz"


def _load_fuzz():
    spec = importlib.util.spec_from_file_location("layoutpdf_bench_fuzz", ROOT / "benchmarks" / "fuzz.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module          # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


fuzz = _load_fuzz()
SETTINGS = Settings().replace(ocr={"mode": "never"})   # OCR time is not what is measured here
# (budget: 200 generated + 100 corpus cases, well under a minute on two cores)
GENERATED_CASES = 200
CORPUS_CASES = 100
CORPUS_SEEDS = ["pdfminer_zen_of_python_corrupted.pdf", "pdfminer_kampo_jp_vertical.pdf",
                "pdfminer_aes256_userpw_baz.pdf", "pdfjs_scan_bad_no_startxref.pdf",
                "pandoc_draft_watermark.pdf", "unstructured_copy_protected_owner_pw.pdf"]


@pytest.fixture(autouse=True)
def quiet():
    logging.disable(logging.CRITICAL)
    yield
    logging.disable(logging.NOTSET)


def _check(summary) -> None:
    bad = [f"{r.case.name}: {r.outcome} in {r.seconds:.1f}s\n{r.detail}" for r in summary.failures]
    assert not bad, f"{len(bad)} fuzz failure(s):\n" + "\n\n".join(bad[:5])
    assert summary.outcomes()["Document"] > 0       # the mutations do not all just break files


def test_every_mutation_runs():
    seeds = {"text": fuzz.generated_seeds()["gen_uncompressed"]}
    for name, mutate in fuzz.MUTATIONS.items():
        for k in range(5):
            data = mutate(random.Random(k), seeds["text"])
            assert isinstance(data, bytes) and data != seeds["text"], (name, k)


def test_fuzz_generated_seeds():
    summary = fuzz.run(fuzz.generated_seeds(), GENERATED_CASES, seed=20240601, settings=SETTINGS)
    assert len(summary.results) == GENERATED_CASES
    _check(summary)


def test_fuzz_corpus_seeds():
    seeds = fuzz.corpus_seeds(CORPUS_SEEDS)
    if not seeds:
        pytest.skip("shared corpus (/work/shared/corpus/real) not available")
    summary = fuzz.run(seeds, CORPUS_CASES, seed=7, settings=SETTINGS)
    _check(summary)


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.pdf")) if FIXTURES.exists() else [],
                         ids=lambda p: p.name)
def test_fuzz_reproducers(path):
    """PDFs that once broke parse (committed reproducers) stay fixed."""
    case = fuzz.Case(0, path.name, "reproducer", path.read_bytes())
    result = fuzz.run_case(case, SETTINGS)
    assert result.ok, result.detail


def test_run_case_flags_foreign_exceptions(monkeypatch):
    """The harness itself: a non-LayoutPDFError is a failure, a LayoutPDFError is not."""
    case = fuzz.Case(0, "x", "none", fuzz.generated_seeds()["gen_text"])

    def boom(*a, **k):
        raise KeyError("inner")
    monkeypatch.setattr(fuzz.layoutpdf, "parse", boom)
    assert not fuzz.run_case(case, SETTINGS).ok

    def typed(*a, **k):
        raise layoutpdf.CorruptPDFError("bad")
    monkeypatch.setattr(fuzz.layoutpdf, "parse", typed)
    result = fuzz.run_case(case, SETTINGS)
    assert result.ok and result.outcome == "CorruptPDFError"
    assert issubclass(layoutpdf.CorruptPDFError, LayoutPDFError)


# -- structural operators (benchmarks/fuzz_structural.py), a small seeded sample ------------
STRUCTURAL_SCALE = 0.05     # sizes 1/20 of the benchmark's; the limits below scaled alike
SMALL_LIMITS = Settings().replace(ocr={"mode": "never"}, limits={
    "max_content_bytes_per_page": 3_200_000, "max_content_tokens_per_page": 250_000,
    "max_text_bytes_per_page": 50_000, "max_text_operators_per_page": 10_000,
    "max_drawings_per_page": 2_500, "max_image_mb": 25, "max_image_pixels": 300_000})


def test_structural_sample(monkeypatch):
    """Every structural operator on two seeds, at 1/20 size with limits 1/20 of the
    defaults: a Document or a LayoutPDFError each time, within the time limit, and the
    bombs are stopped by the pre-flight (their pages say page_too_complex, too_much_text,
    too_many_drawings or image_too_large) instead of being built by MuPDF first."""
    structural = fuzz.load_structural()
    monkeypatch.setattr(structural, "SCALE", STRUCTURAL_SCALE)
    gen = fuzz.generated_seeds()
    seeds = {"gen_text": gen["gen_text"], "gen_figure": gen["gen_figure"]}
    summary = fuzz.Summary()
    caught = set()
    for n, (case, strict) in enumerate(fuzz.structural_cases(seeds, 2 * len(structural.STRUCTURAL), 11)):
        settings = SMALL_LIMITS.replace(strict=strict)
        result = fuzz.run_case(case, settings)
        summary.results.append(result)
        if result.outcome == "Document":
            doc = layoutpdf.parse(case.data, settings, password=fuzz.PASSWORD)
            caught |= {case.mutation for i in doc.issues if i.code in PREFLIGHT_CODES}
    _check(summary)
    assert {"content_bomb", "text_flood", "form_fanout", "decompression_bomb"} <= caught, caught


PREFLIGHT_CODES = {"page_too_complex", "too_much_text", "too_many_drawings", "image_too_large",
                   "bad_page_box"}


# what the damage operators leave behind is said (issues 34 and 41)
DAMAGE_SAYS = {"truncated_stream": "damaged_content", "cut_tounicode": "damaged_content",
               "repeated_page": "page_tree_repaired", "headerless": "missing_header",
               "giant_image": "image_not_decoded"}


def test_structural_damage_sample(monkeypatch):
    """The damage operators on a prose seed, seeded, at 1/20 size: each case parses, its
    damage is named by an Issue, and text drawn twice or four times is read once."""
    structural = fuzz.load_structural()
    monkeypatch.setattr(structural, "SCALE", STRUCTURAL_SCALE)
    seed = fuzz.generated_seeds()["gen_text"]
    r = random.Random(34)
    for name, op in sorted(structural.DAMAGE.items()):
        for _ in range(3):
            data = op(random.Random(r.getrandbits(32)), seed)
            doc = layoutpdf.parse(data, SMALL_LIMITS)
            codes = {i.code for i in doc.issues}
            if name in DAMAGE_SAYS:
                assert DAMAGE_SAYS[name] in codes, (name, codes)
            else:       # overprint: no word glued to a copy of itself
                text = doc.to_markdown().split()
                assert not [w for w in text if len(w) > 1 and w[:len(w) // 2] * 2 == w], text
