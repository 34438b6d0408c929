"""Every readable PDF of the shared corpora: one page Document per page, none silently empty.

For each file of ``../shared/corpus/real`` and ``realdev`` that opens (with its password
where the corpus has one): ``LayoutPDFLoader`` in page mode gives exactly ``page_count``
Documents, ``page == i``, each with its ``page_label``; and when the text layer holds
text, the Documents hold text or count an Issue (``layoutpdf_issues``) saying why not.
Files that do not open raise a LayoutPDFError (their outcome is tested in
test_corpus_outcomes). Skipped with a reason when the corpus is missing; nothing downloads.
"""
from __future__ import annotations

import logging
import os
from pathlib import Path

import pymupdf
import pytest

pytest.importorskip("langchain_core")

from layoutpdf import LayoutPDFError  # noqa: E402
from layoutpdf.langchain import LayoutPDFLoader  # noqa: E402
from test_corpus_outcomes import PASSWORDS  # noqa: E402

SHARED = Path(os.environ.get("LAYOUTPDF_SHARED", "/work/shared")) / "corpus"
FOLDERS = ("real", "realdev")


def corpus_files() -> list[Path]:
    return sorted(p for f in FOLDERS if (SHARED / f).is_dir() for p in (SHARED / f).glob("*.pdf"))


FILES = corpus_files()
pytestmark = pytest.mark.skipif(not FILES, reason=f"shared corpora not found under {SHARED} "
                                                  "(set LAYOUTPDF_SHARED to the shared folder)")


def reference(path: Path, password: str | None) -> tuple[int, int] | None:
    """(page count, characters of the text layer) as PyMuPDF reads them; None if unreadable."""
    try:
        with pymupdf.open(path) as pdf:
            if pdf.needs_pass and not pdf.authenticate(password or ""):
                return None
            return pdf.page_count, sum(len(page.get_text().strip()) for page in pdf)
    except Exception:  # noqa: BLE001 - an unreadable file is not part of this contract
        return None


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_page_is_a_document_and_none_is_silently_empty(path):
    password = PASSWORDS.get(path.name)
    ref = reference(path, password)
    logging.disable(logging.WARNING)
    try:
        docs = LayoutPDFLoader(path, password=password).load()
    except LayoutPDFError:
        assert ref is None or ref[1] == 0 or password is None, f"{path.name} opens in PyMuPDF"
        pytest.skip(f"{path.name} is not readable (typed error; see test_corpus_outcomes)")
    finally:
        logging.disable(logging.NOTSET)
    assert ref is not None
    pages, chars = ref
    assert len(docs) == pages
    assert [d.metadata["page"] for d in docs] == list(range(pages))
    assert all(d.metadata["page_label"] for d in docs)
    assert all(d.metadata["total_pages"] == pages for d in docs)
    if chars:
        assert any(d.page_content.strip() for d in docs) or \
            any(d.metadata["layoutpdf_issues"] for d in docs), f"{path.name}: empty and no Issue"
