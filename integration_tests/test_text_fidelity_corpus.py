"""Text fidelity on real PDFs of the shared corpus (issue 21): TeX accents set as separate
glyphs come out composed, and a page of handwriting is flagged low-confidence.

Skips when ../shared/corpus/real is not there (or, for OCR, Tesseract is not installed).
"""
from __future__ import annotations

import pytest

import layoutpdf
from layoutpdf.extract import tesseract

from conftest import corpus_file

needs_tesseract = pytest.mark.skipif(tesseract.engine(("eng",))[0] is None,
                                     reason=f"Tesseract is not installed ({tesseract.install_hint()})")


@pytest.mark.parametrize("name, page, words", [
    ("grobid_jcap_0807.3577.pdf", 0, ("Lemaître",)),
    ("grobid_arxiv_0908.0054_revtex.pdf", 0, ("México", "Física")),
])
def test_old_tex_accents_are_composed(name, page, words):
    md = layoutpdf.parse(str(corpus_file(name)), pages=[page]).to_markdown()
    for word in words:
        assert word in md
    assert "\u02c6\u0131" not in md and "\u00b4\u0131" not in md


@needs_tesseract
def test_handwritten_form_page_is_flagged_low_confidence():
    doc = layoutpdf.parse(str(corpus_file("pymupdf_scanned_de_form_rotated.pdf")),
                          {"ocr": {"dpi": 150}}, pages=[2])
    assert doc.pages[0].extraction_confidence == "low"
    assert any(i.code == "low_ocr_confidence" for i in doc.issues)
    assert doc.to_markdown().strip()                 # the text is kept, flagged
