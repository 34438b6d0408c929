"""Scanned documents of the shared corpus: OCR end to end, existing OCR layers, garbled text.

Each test reads a page or two at a low dpi (OCR is slow); they skip when
../shared/corpus/real is not there or Tesseract is not installed.
"""
from __future__ import annotations

import os
import re

import pytest

import layoutpdf
from layoutpdf import TextSource
from layoutpdf.extract import ocr, tesseract

CORPUS = os.environ.get("LAYOUTPDF_CORPUS", "/work/shared/corpus/real")
HAVE = tesseract.engine(("eng",))[0] is not None
needs_tesseract = pytest.mark.skipif(not HAVE, reason=f"Tesseract is not installed ({tesseract.install_hint()})")


def corpus(name: str) -> str:
    path = os.path.join(CORPUS, name)
    if not os.path.exists(path):
        pytest.skip(f"corpus file {name} not found (set LAYOUTPDF_CORPUS to the corpus folder)")
    return path


def all_text(doc: layoutpdf.Document) -> str:
    """Every element's text, furniture included (a page repeated verbatim is a header)."""
    return re.sub(r"\s+", " ", " ".join(e.text for e in doc.elements))


@needs_tesseract
def test_rotated_scans_read_upright():
    """/Rotate 180 and 90 over an upright scan: both pages read the same sentence."""
    doc = layoutpdf.parse(corpus("docling_nemotron_scanned_rotations.pdf"), {"ocr": {"dpi": 150}},
                          pages=[1, 2])
    assert [p.text_source for p in doc.pages] == [TextSource.OCR, TextSource.OCR]
    for page in doc.pages:
        text = " ".join(ln.text for ln in page.lines)
        assert "Docling bundles PDF document conversion" in text, text
        assert text.index("Docling") < text.index("package")
    assert all(e.text_source is TextSource.OCR for e in doc.elements if e.text)


@needs_tesseract
def test_rotated_german_form_is_read_landscape():
    doc = layoutpdf.parse(corpus("pymupdf_scanned_de_form_rotated.pdf"), {"ocr": {"dpi": 150}}, pages=[2])
    page = doc.pages[0]
    assert page.text_source is TextSource.OCR and page.width > page.height
    text = all_text(doc)
    assert len(text) > 200 and re.search(r"Rohr", text), text[:300]


@needs_tesseract
@pytest.mark.skipif("chi_sim" not in tesseract.installed_languages(),
                    reason="Chinese OCR data missing (apt-get install tesseract-ocr-chi-sim)")
def test_chinese_scan_is_read_in_chinese():
    """Default languages (eng): the detected Han script switches the page to chi_sim."""
    doc = layoutpdf.parse(corpus("mineru_cn_scanned_book_footnotes.pdf"), {"ocr": {"dpi": 72}}, pages=[0])
    assert doc.pages[0].text_source is TextSource.OCR
    md = doc.to_markdown()
    assert len(re.findall(r"[\u4e00-\u9fff]", md)) > 300
    assert "使用价值" in md
    assert not re.search(r"[\u4e00-\u9fff] [\u4e00-\u9fff]", md.split("\n(")[0][:300])


@pytest.mark.parametrize("name", ["pdfjs_scan_bad_no_startxref.pdf", "grobid_zfn_scanned_math.pdf",
                                  "pypdf_siege_vicksburg_scan_ocr.pdf",
                                  "unstructured_backus1978_scan_ocr.pdf"])
def test_existing_ocr_layer_is_kept(name, monkeypatch):
    monkeypatch.setattr(ocr, "recognise", lambda *a, **k: pytest.fail("OCR ran again"))
    doc = layoutpdf.parse(corpus(name), pages=[0])
    assert doc.pages[0].text_source is TextSource.OCR
    assert doc.to_markdown().strip()
    assert not any(i.code in ("no_text_layer", "ocr_unavailable") for i in doc.issues)


def test_backus_two_columns_read_column_by_column():
    doc = layoutpdf.parse(corpus("unstructured_backus1978_scan_ocr.pdf"))
    md = re.sub(r"\s+", " ", doc.to_markdown())
    page = doc.pages[0]
    mid = page.width / 2
    left = [ln for ln in page.lines if ln.bbox.x1 < mid + 10 and len(ln.text.strip()) > 25]
    right = [ln for ln in page.lines if ln.bbox.x0 > mid - 10 and len(ln.text.strip()) > 25]
    pos = lambda ln: md.find(re.sub(r"\s+", " ", ln.text.strip())[:25])
    lpos = [p for p in map(pos, left) if p >= 0]
    rpos = [p for p in map(pos, right) if p >= 0]
    assert len(lpos) > 0.8 * len(left) and len(rpos) > 0.8 * len(right)
    assert max(lpos) < min(rpos)                      # all of the left column first
    assert lpos == sorted(lpos)                       # top to bottom


def test_garbled_text_layer_is_flagged():
    doc = layoutpdf.parse(corpus("mineru_garbled_formula.pdf"), {"ocr": {"mode": "never"}})
    assert any(i.code == "garbled_text_layer" for i in doc.issues)


@needs_tesseract
@pytest.mark.skipif("chi_sim" not in tesseract.installed_languages(),
                    reason="Chinese OCR data missing (apt-get install tesseract-ocr-chi-sim)")
def test_garbled_cjk_is_ocrd_and_formulas_kept():
    doc = layoutpdf.parse(corpus("mineru_garbled_formula.pdf"), {"ocr": {"dpi": 150}})
    assert doc.pages[0].text_source is TextSource.MIXED
    assert any(i.code == "garbled_text_layer" for i in doc.issues)
    md = doc.to_markdown()
    assert "原不等式" in md                              # OCR'd CJK
    assert "|xi + xj|" in md                            # native math stays
    kinds = {e.text_source for e in doc.elements if e.text}
    assert TextSource.NATIVE in kinds and kinds & {TextSource.OCR, TextSource.MIXED}
