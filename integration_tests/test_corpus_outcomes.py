"""Every PDF of the shared corpus gives its documented outcome.

- the `broken` and `encrypted` files (MANIFEST.tsv `features`) each give a specific outcome:
  a typed error with a helpful message, or a Document (repaired / opened with the password);
- every other file parses: non-empty Markdown, or an Issue saying why there is none;
- the default limits never trigger on it (no too_many_drawings / too_many_spans / max_pages,
  no page over the time budget), and it has the page count the MANIFEST states.

Skipped with a reason when the corpus (/work/shared/corpus/real or $LAYOUTPDF_CORPUS) is
missing. Nothing here downloads.
"""
from __future__ import annotations

import csv
import logging
import os
import time
from pathlib import Path

import pytest

import layoutpdf
from layoutpdf import CorruptPDFError, EncryptedPDFError, NotAPDFError

CORPUS = Path(os.environ.get("LAYOUTPDF_CORPUS", "/work/shared/corpus/real"))
MANIFEST = CORPUS / "MANIFEST.tsv"
LIMIT_CODES = {"too_many_drawings", "too_many_spans", "max_pages", "slow_page", "time_budget"}
PASSWORDS = {"docling_2206.01062_pg3_password.pdf": "1234",
             "pdfminer_aes256_userpw_baz.pdf": "baz",
             "pdfminer_rc4_40_userpw_baz.pdf": "baz"}
# files whose outcome is not "parses with text" or that need a password
SPECIAL = {"docling_corrupted_not_pdf.pdf", "pdfjs_poppler_742_fuzzed.pdf",
           "pdfjs_scan_bad_no_startxref.pdf", "pdfminer_zen_of_python_corrupted.pdf",
           "unstructured_copy_protected_owner_pw.pdf", *PASSWORDS}
SLOW = {"pdfjs_freeculture_book.pdf"}        # 352 pages: parsed once, in its own test

pytestmark = pytest.mark.skipif(not MANIFEST.exists(),
                                reason=f"shared corpus not found at {CORPUS} "
                                       "(set LAYOUTPDF_CORPUS to the folder with MANIFEST.tsv)")


def manifest() -> dict[str, dict]:
    if not MANIFEST.exists():
        return {}
    with open(MANIFEST, encoding="utf-8", newline="") as fh:
        return {row["file"]: row for row in csv.DictReader(fh, delimiter="\t")}


ROWS = manifest()


def features(name: str) -> set[str]:
    return set(ROWS[name]["features"].split(","))


@pytest.fixture(autouse=True)
def quiet():
    logging.disable(logging.WARNING)
    yield
    logging.disable(logging.NOTSET)


def path(name: str) -> Path:
    p = CORPUS / name
    if not p.exists():
        pytest.skip(f"{p} missing")
    return p


def check_parsed(name: str, doc: layoutpdf.Document) -> None:
    md = doc.to_markdown()
    assert md.strip() or doc.issues, f"{name}: empty Markdown and no Issue saying why"
    pages = int(ROWS[name]["pages"])
    assert len(doc.pages) == pages, f"{name}: {len(doc.pages)} pages, MANIFEST says {pages}"
    tripped = [(i.code, i.page, i.message) for i in doc.issues if i.code in LIMIT_CODES]
    assert not tripped, f"{name}: default limits triggered: {tripped[:3]}"
    assert not [i for i in doc.issues if i.code in ("stage_failed", "extract_failed")], \
        f"{name}: {[i for i in doc.issues if i.code.endswith('failed')][:3]}"
    placed = {lid for e in doc.elements for lid in e.line_ids}
    for page in doc.pages:                           # no text line silently lost
        if any(i.page in (page.index, None) for i in doc.issues):
            continue
        lost = [ln.text for ln in page.lines if ln.text.strip() and ln.id not in placed]
        assert not lost, f"{name} page {page.index + 1}: lines in no element: {lost[:3]}"


# -- ordinary files -------------------------------------------------------------------------
ORDINARY = sorted(n for n in ROWS if n not in SPECIAL and n not in SLOW)


@pytest.mark.parametrize("name", ORDINARY)
def test_ordinary_file_parses(name):
    doc = layoutpdf.parse(path(name))
    check_parsed(name, doc)


def test_long_book_parses_within_limits():
    name = "pdfjs_freeculture_book.pdf"
    started = time.perf_counter()
    doc = layoutpdf.parse(path(name))
    check_parsed(name, doc)
    assert len(doc.to_markdown()) > 500_000
    assert time.perf_counter() - started < 600


def test_cad_and_plan_sheets_stay_under_the_default_caps():
    for name in ("pdfjs_brotli_cad_drawings.pdf", "pdfjs_pdfm_editor_watermark_plan.pdf"):
        doc = layoutpdf.parse(path(name))
        assert not any(p.drawings_truncated or p.fallback for p in doc.pages), name
        assert not {i.code for i in doc.issues} & LIMIT_CODES, name


# -- broken ---------------------------------------------------------------------------------
def test_not_a_pdf():
    name = "docling_corrupted_not_pdf.pdf"
    assert "broken" in features(name)
    with pytest.raises(NotAPDFError, match="not a PDF"):
        layoutpdf.parse(path(name))


def test_poppler_fuzzed_is_corrupt():
    name = "pdfjs_poppler_742_fuzzed.pdf"
    assert "broken" in features(name)
    with pytest.raises(CorruptPDFError, match="damaged") as info:
        layoutpdf.parse(path(name))
    assert name in str(info.value) and "qpdf" in str(info.value)


def test_scan_without_startxref_is_repaired():
    name = "pdfjs_scan_bad_no_startxref.pdf"
    assert "broken" in features(name)
    doc = layoutpdf.parse(path(name))
    assert len(doc.pages) == 1
    assert any(i.code == "repaired" and i.page is None for i in doc.issues)
    assert doc.to_markdown().strip() or any(i.page == 0 for i in doc.issues)


def test_corrupted_flate_stream_keeps_what_it_can():
    name = "pdfminer_zen_of_python_corrupted.pdf"
    assert "broken" in features(name)
    doc = layoutpdf.parse(path(name))
    assert "Beautiful is better than ugly" in doc.to_markdown()


def test_every_broken_file_is_covered():
    broken = {n for n in ROWS if "broken" in features(n)}
    assert broken <= {"docling_corrupted_not_pdf.pdf", "pdfjs_poppler_742_fuzzed.pdf",
                      "pdfjs_scan_bad_no_startxref.pdf", "pdfminer_zen_of_python_corrupted.pdf"}


# -- encrypted ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(PASSWORDS))
def test_encrypted_needs_the_password(name):
    assert "encrypted" in features(name)
    with pytest.raises(EncryptedPDFError, match="needs a password"):
        layoutpdf.parse(path(name))
    with pytest.raises(EncryptedPDFError, match="wrong"):
        layoutpdf.parse(path(name), password="not-it")
    doc = layoutpdf.parse(path(name), password=PASSWORDS[name])
    assert doc.to_markdown().strip()
    assert len(doc.pages) == int(ROWS[name]["pages"])


def test_docling_password_pdf_content():
    doc = layoutpdf.parse(path("docling_2206.01062_pg3_password.pdf"), password="1234")
    assert "DocLayNet" in doc.to_markdown()


def test_owner_password_only_opens_without_password():
    name = "unstructured_copy_protected_owner_pw.pdf"
    assert "encrypted" in features(name)
    doc = layoutpdf.parse(path(name))
    check_parsed(name, doc)
    assert "LayoutParser" in doc.to_markdown()


def test_every_encrypted_file_is_covered():
    encrypted = {n for n in ROWS if "encrypted" in features(n)}
    assert encrypted <= set(PASSWORDS) | {"unstructured_copy_protected_owner_pw.pdf"}


def test_every_corpus_file_is_in_the_manifest():
    on_disk = {p.name for p in CORPUS.glob("*.pdf")}
    assert on_disk <= set(ROWS), sorted(on_disk - set(ROWS))
