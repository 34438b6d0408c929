"""Shared fixtures: a few born-digital corpus PDFs copied into a temporary folder.

The corpus lives outside the repository (/work/shared/corpus/real, or $LAYOUTPDF_CORPUS);
tests that need it are skipped with a reason when it is missing. Nothing here downloads.
"""
import os
import shutil
from pathlib import Path

import pytest

CORPUS = Path(os.environ.get("LAYOUTPDF_CORPUS", "/work/shared/corpus/real"))
PAPERS = ("pdfjs_tracemonkey_pldi09.pdf", "pdfminer_naacl06_shinyama.pdf",
          "unstructured_dpr_emnlp_multicolumn.pdf")


def corpus_file(name: str) -> Path:
    path = CORPUS / name
    if not path.is_file():
        pytest.skip(f"corpus PDF {path} not found (set LAYOUTPDF_CORPUS to the corpus folder)")
    return path


@pytest.fixture(scope="session")
def paper_dir(tmp_path_factory) -> Path:
    """A folder holding three born-digital papers from the corpus."""
    sources = [corpus_file(name) for name in PAPERS]
    folder = tmp_path_factory.mktemp("papers")
    for src in sources:
        shutil.copy(src, folder / src.name)
    return folder


@pytest.fixture(scope="session")
def dpr_pdf(paper_dir) -> Path:
    return paper_dir / "unstructured_dpr_emnlp_multicolumn.pdf"


@pytest.fixture(scope="session", autouse=True)
def no_remote_models():
    """Keep LlamaIndex from ever reaching for OpenAI: mock LLM and embeddings."""
    try:
        from llama_index.core import Settings
        from llama_index.core.embeddings import MockEmbedding
        from llama_index.core.llms import MockLLM
    except ImportError:
        yield
        return
    Settings.llm = MockLLM()
    Settings.embed_model = MockEmbedding(embed_dim=8)
    yield

