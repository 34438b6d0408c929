"""Per-page isolation: a stage failing on one page costs that page its layout, nothing more."""
from __future__ import annotations

import pytest

import layoutpdf
from layoutpdf import Layer, PageProcessingError, Role, Settings
from layoutpdf.stages.layout import stage as layout

from test_errors_support import page_sentences, text_pdf, write

BAD_PAGE = 1


@pytest.fixture
def pdf_bytes():
    return text_pdf(3)


@pytest.fixture
def fail_layout_on_page_1(monkeypatch):
    real = layout._page

    def flaky(doc, page, existing, settings, **context):
        if page.index == BAD_PAGE:
            raise RuntimeError("injected failure")
        return real(doc, page, existing, settings, **context)
    monkeypatch.setattr(layout, "_page", flaky)


def _summary(doc, pages):
    return [(e.id, e.role, e.layer, e.text) for e in doc.elements if e.page in pages]


def test_failing_page_becomes_issue_and_plain_text(pdf_bytes, fail_layout_on_page_1):
    doc = layoutpdf.parse(pdf_bytes)
    [issue] = [i for i in doc.issues if i.code == "stage_failed"]
    assert (issue.stage, issue.page) == ("layout", BAD_PAGE)
    assert "RuntimeError" in issue.message and "injected failure" in issue.message

    assert [p.fallback for p in doc.pages] == [False, True, False]
    body = [e for e in doc.elements if e.page == BAD_PAGE and e.layer is Layer.BODY]
    assert body and all("fallback" in e.reasons for e in body)
    assert all(e.role is Role.PARAGRAPH for e in body)
    text = "\n".join(e.text for e in body)
    positions = [text.index(s) for s in page_sentences(BAD_PAGE)]
    assert positions == sorted(positions)          # simple top-to-bottom order

    md = doc.to_markdown()
    every = [s for p in range(3) for s in page_sentences(p)]
    at = [md.index(s) for s in every]
    assert at == sorted(at)                        # nothing lost, page order kept


def test_rest_of_document_is_unaffected(pdf_bytes, monkeypatch):
    clean = layoutpdf.parse(pdf_bytes)
    real = layout._page

    def flaky(doc, page, existing, settings, **context):
        if page.index == BAD_PAGE:
            raise ValueError("injected")
        return real(doc, page, existing, settings, **context)
    monkeypatch.setattr(layout, "_page", flaky)
    broken = layoutpdf.parse(pdf_bytes)
    assert _summary(broken, {0, 2}) == _summary(clean, {0, 2})
    assert len(clean.issues) == 0


def test_strict_raises(pdf_bytes, fail_layout_on_page_1):
    with pytest.raises(PageProcessingError, match=r"layout.*page 2") as info:
        layoutpdf.parse(pdf_bytes, Settings(strict=True))
    assert isinstance(info.value.__cause__, RuntimeError)


def test_iter_pages_isolates_too(pdf_bytes, fail_layout_on_page_1):
    docs = list(layoutpdf.iter_pages(pdf_bytes))
    assert [len(d.issues) for d in docs] == [0, 1, 0]
    assert page_sentences(BAD_PAGE)[0] in docs[BAD_PAGE].to_markdown()


def test_llama_index_documents_carry_issue_count(pdf_bytes, fail_layout_on_page_1, tmp_path):
    pytest.importorskip("llama_index.core")
    from layoutpdf.llama_index import LayoutPDFReader
    path = write(tmp_path, "three.pdf", pdf_bytes)
    docs = LayoutPDFReader().load_data(path)
    counts = {d.metadata["page"]: d.metadata["layoutpdf_issues"] for d in docs}
    assert counts == {0: 0, 1: 1, 2: 0}
    [single] = LayoutPDFReader(mode="single").load_data(path)
    assert single.metadata["layoutpdf_issues"] == 1


def test_langchain_documents_carry_issue_count(pdf_bytes, fail_layout_on_page_1, tmp_path):
    pytest.importorskip("langchain_core")
    from layoutpdf.langchain import LayoutPDFLoader
    path = write(tmp_path, "three.pdf", pdf_bytes)
    docs = LayoutPDFLoader(path).load()
    counts = {d.metadata["page"]: d.metadata["layoutpdf_issues"] for d in docs}
    assert counts == {0: 0, 1: 1, 2: 0}
    chunks = LayoutPDFLoader(path).load_and_split()
    assert any(c.metadata.get("layoutpdf_issues") == 1 for c in chunks)
