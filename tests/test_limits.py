"""Limits (Settings.limits): over a cap the work degrades and an Issue says so."""
from __future__ import annotations

import sys
import time
from pathlib import Path

import pymupdf
import pytest

import layoutpdf
from layoutpdf import ResourceLimitError, Settings
from layoutpdf import pipeline
from layoutpdf.settings import LimitSettings
from layoutpdf.stages.layout import stage as layout

from test_errors_support import dense_text_pdf, many_paths_pdf, page_sentences, text_pdf


def limits(**kw) -> Settings:
    return Settings().replace(limits=kw)


def codes(doc, page=None):
    return [i.code for i in doc.issues if page is None or i.page == page]


def test_defaults_are_generous():
    d = LimitSettings()
    assert d.max_pages >= 10_000 and d.max_drawings_per_page >= 50_000
    assert d.max_spans_per_page >= 20_000 and d.page_time_budget_s >= 30


# -- pages ----------------------------------------------------------------------------------
def test_max_pages_truncates_with_issue():
    doc = layoutpdf.parse(text_pdf(5), limits(max_pages=2))
    assert [p.index for p in doc.pages] == [0, 1]
    [issue] = [i for i in doc.issues if i.code == "max_pages"]
    assert issue.page is None and "5 pages" in issue.message and "max_pages=2" in issue.message
    assert page_sentences(1)[0] in doc.to_markdown()
    assert page_sentences(2)[0] not in doc.to_markdown()


def test_max_pages_counts_requested_pages():
    doc = layoutpdf.parse(text_pdf(5), limits(max_pages=2), pages=[3, 4])
    assert [p.index for p in doc.pages] == [3, 4] and "max_pages" not in codes(doc)


def test_max_pages_strict_raises():
    with pytest.raises(ResourceLimitError, match="max_pages=2"):
        layoutpdf.parse(text_pdf(3), Settings(strict=True).replace(limits={"max_pages": 2}))


def test_iter_pages_honours_max_pages():
    docs = list(layoutpdf.iter_pages(text_pdf(4), limits(max_pages=3)))
    assert len(docs) == 3 and "max_pages" in codes(docs[0])
    assert all("max_pages" not in codes(d) for d in docs[1:])
    with pytest.raises(ResourceLimitError):
        next(iter(layoutpdf.iter_pages(text_pdf(4), Settings(strict=True).replace(
            limits={"max_pages": 3}))))


# -- spans ----------------------------------------------------------------------------------
def test_too_many_spans_page_is_plain_text_and_keeps_its_text():
    doc = layoutpdf.parse(dense_text_pdf(1000), limits(max_spans_per_page=500))
    [issue] = [i for i in doc.issues if i.code == "too_many_spans"]
    assert issue.page == 0 and "500" in issue.message and "dropped" not in issue.message
    page = doc.pages[0]
    assert page.fallback and page.table_candidates == ()
    words = set(doc.to_markdown().split())
    assert {f"w{k}" for k in range(1000)} <= words


def test_far_too_many_spans_drops_the_rest_and_says_so():
    doc = layoutpdf.parse(dense_text_pdf(1000), limits(max_spans_per_page=100))
    [issue] = [i for i in doc.issues if i.code == "too_many_spans"]
    assert "dropped" in issue.message
    words = {w for w in doc.to_markdown().split() if w.startswith("w")}
    assert 250 <= len(words) <= 300                  # 3x the cap, minus the marker span


def test_under_the_span_cap_nothing_happens():
    doc = layoutpdf.parse(dense_text_pdf(300), limits(max_spans_per_page=500))
    assert "too_many_spans" not in codes(doc) and not doc.pages[0].fallback


# -- drawings -------------------------------------------------------------------------------
def test_too_many_drawings_keeps_the_first_and_says_so():
    doc = layoutpdf.parse(many_paths_pdf(300), limits(max_drawings_per_page=100))
    [issue] = [i for i in doc.issues if i.code == "too_many_drawings"]
    assert issue.page == 0 and "100" in issue.message
    page = doc.pages[0]
    assert page.drawings_truncated and len(page.drawings) == 100
    assert "Sheet A-101" in doc.to_markdown()


def test_many_drawings_under_the_default_cap_are_quick():
    started = time.perf_counter()
    doc = layoutpdf.parse(many_paths_pdf(20_000))
    assert time.perf_counter() - started < 30
    assert "too_many_drawings" not in codes(doc)


# -- time budget ----------------------------------------------------------------------------
def test_slow_stage_degrades_the_page(monkeypatch):
    real = layout._page

    def slow(doc, page, existing, settings, **context):
        if page.index == 1:
            time.sleep(0.6)
        return real(doc, page, existing, settings, **context)
    monkeypatch.setattr(layout, "_page", slow)
    doc = layoutpdf.parse(text_pdf(3), limits(page_time_budget_s=0.3))
    assert {"slow_page", "time_budget"} <= set(codes(doc, 1))
    [issue] = [i for i in doc.issues if i.code == "time_budget"]
    assert issue.stage == "layout" and "plain text" in issue.message
    assert doc.pages[1].fallback
    md = doc.to_markdown()
    for p in range(3):
        for s in page_sentences(p):
            assert md.count(s) == 1                   # kept once, not duplicated by fallback


def test_slow_extraction_degrades_the_page_before_the_stages(monkeypatch):
    real = pipeline.extract_page

    def slow(page, index, settings, issues=None):
        if index == 0:
            time.sleep(0.6)
        return real(page, index, settings, issues)
    monkeypatch.setattr(pipeline, "extract_page", slow)
    doc = layoutpdf.parse(text_pdf(2), limits(page_time_budget_s=0.3))
    assert {"slow_page", "time_budget"} <= set(codes(doc, 0))
    assert doc.pages[0].fallback
    body = [e for e in doc.elements if e.page == 0]
    assert body and all("fallback" in e.reasons for e in body)
    assert all(s in doc.to_markdown() for s in page_sentences(0))


# -- image pixels ---------------------------------------------------------------------------
def test_crop_renders_respect_max_pixels():
    render = pytest.importorskip("layoutpdf.extract.figures").render_clips
    from layoutpdf.model import BBox
    doc = pymupdf.open()
    doc.new_page(width=14_400, height=14_400)        # the largest page the PDF spec allows
    data = doc.tobytes()
    [png] = render(data, [(0, BBox(0, 0, 14_400, 14_400))], dpi=300, max_pixels=1_000_000)
    pix = pymupdf.Pixmap(png)
    assert pix.width * pix.height <= 1_000_000 * 1.01


# -- streaming ------------------------------------------------------------------------------
@pytest.mark.parametrize("batch", [1, 2, 5])
def test_iter_pages_equals_parse_of_each_batch(batch):
    data = text_pdf(5)
    docs = list(layoutpdf.iter_pages(data, batch=batch))
    starts = list(range(0, 5, batch))
    assert [d.pages[0].index for d in docs] == starts
    for start, d in zip(starts, docs):
        alone = layoutpdf.parse(data, pages=range(start, min(5, start + batch)))
        assert d.to_markdown() == alone.to_markdown()
        assert [e.id for e in d.elements] == [e.id for e in alone.elements]


def test_iter_pages_reads_a_file_object_once(tmp_path):
    path = tmp_path / "five.pdf"
    path.write_bytes(text_pdf(3))
    with open(path, "rb") as fh:
        docs = list(layoutpdf.iter_pages(fh))
    assert len(docs) == 3 and all(d.source == str(path) for d in docs)
    assert page_sentences(2)[0] in docs[2].to_markdown()


def test_iter_pages_can_stop_early():
    gen = layoutpdf.iter_pages(text_pdf(4))
    first = next(gen)
    gen.close()                                      # releases the PDF
    assert first.pages[0].index == 0


def test_ocr_render_respects_max_pixels(monkeypatch):
    recognition = pytest.importorskip("layoutpdf.extract.recognition")
    path = Path(__file__).parent / "fixtures" / "fuzz" / "ocr_huge_image_page_14400pt.pdf"
    seen = []

    def fake_pixmap(self, *a, matrix=None, **k):   # measure, do not render
        r = self.rect * matrix
        seen.append(r.width * r.height)
        raise RuntimeError("not rendering in this test")
    monkeypatch.setattr(pymupdf.Page, "get_pixmap", fake_pixmap)
    with pymupdf.open(path) as doc:
        with pytest.raises(RuntimeError):
            recognition.render(doc[0], 300, 0)
    assert seen and seen[0] <= LimitSettings().max_crop_pixels


# -- whole document: wall clock and memory (issue 24) ---------------------------------------
def test_document_time_budget_stops_reading_and_says_which_pages(monkeypatch):
    real = pipeline.extract_page

    def slow(page, index, settings, issues=None):
        time.sleep(0.4)
        return real(page, index, settings, issues)
    monkeypatch.setattr(pipeline, "extract_page", slow)
    doc = layoutpdf.parse(text_pdf(6), limits(document_time_budget_s=1.0))
    assert 2 <= len(doc.pages) <= 4
    [issue] = [i for i in doc.issues if i.code == "document_time_budget"]
    assert issue.page is None and f"pages {len(doc.pages) + 1}-6" in issue.message
    assert page_sentences(0)[0] in doc.to_markdown()
    with pytest.raises(ResourceLimitError, match="document_time_budget_s=1"):
        layoutpdf.parse(text_pdf(6), Settings(strict=True).replace(
            limits={"document_time_budget_s": 1.0}))


@pytest.mark.parametrize("error", [MemoryError(), RuntimeError("code=1: malloc (1073741824 bytes) failed")],
                         ids=["python", "mupdf"])
def test_out_of_memory_is_a_resource_limit_error(monkeypatch, error):
    def boom(page, index, settings, issues=None):
        raise error
    monkeypatch.setattr(pipeline, "extract_page", boom)
    with pytest.raises(ResourceLimitError, match="ran out of memory.*max_memory_mb=2048"):
        layoutpdf.parse(text_pdf(1))


_UNDER_LIMIT = r"""
import sys
sys.path.insert(0, "src")
from layoutpdf import limits, parse, ResourceLimitError
cap = limits.apply_memory_limit(int(sys.argv[1]))
assert cap and cap <= limits.address_space_bytes() + int(sys.argv[1]) * 2**20 + 2**20, cap
import numpy, tiktoken                      # start under the limit
from layoutpdf.split import tokenizers
assert tokenizers.get_tokenizer("cl100k_base").count("hello world") > 0
if sys.argv[2] == "ray":
    import ray                              # imports under the limit (ray.init is not done there)
doc = parse(sys.argv[3])
assert doc.pages
try:
    block = bytearray(int(sys.argv[1]) * 2**20 + 2**28)
except MemoryError:
    print("MemoryError")
"""


def test_memory_limit_lets_libraries_start_and_stops_a_bomb(tmp_path):
    import subprocess
    import sys
    pdf = tmp_path / "t.pdf"
    pdf.write_bytes(text_pdf(2))
    ray = "ray" if importlib_util_find("ray") else "-"
    out = subprocess.run([sys.executable, "-c", _UNDER_LIMIT, "512", ray, str(pdf)],
                         capture_output=True, text=True, timeout=300,
                         cwd=Path(__file__).resolve().parents[1])
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "MemoryError"


def importlib_util_find(name: str) -> bool:
    import importlib.util
    return importlib.util.find_spec(name) is not None


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_AS is POSIX")
def test_cli_in_process_memory_cap_holds_during_the_conversion_only(tmp_path, monkeypatch):
    """`cli.main([... "--in-process"])` caps its own process while it converts and gives the
    old limit back: a program (or a test run) that goes on to start a browser or a Ray node
    must not pass a cap on to them."""
    import resource
    from layoutpdf import batch, cli
    seen = []
    real_run = batch.convert_many

    def run(*args, **kwargs):
        seen.append(resource.getrlimit(resource.RLIMIT_AS)[0])
        return real_run(*args, **kwargs)

    monkeypatch.setattr(batch, "convert_many", run)
    before = resource.getrlimit(resource.RLIMIT_AS)
    pdf = tmp_path / "a.pdf"
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "Hello")
    doc.save(pdf)
    assert cli.main(["convert", str(pdf), "-o", str(tmp_path / "out"), "--in-process", "-q",
                     "--settings", '{"limits": {"max_memory_mb": 4096}}']) == 0
    assert seen and seen[0] != resource.RLIM_INFINITY and seen[0] != before[0]
    assert resource.getrlimit(resource.RLIMIT_AS) == before
