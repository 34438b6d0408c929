"""LangChain end to end over real papers: LayoutPDFLoader.load_and_split() into an
InMemoryVectorStore with DeterministicFakeEmbedding, metadata like PyMuPDFLoader's."""
import warnings

import pytest

pytest.importorskip("langchain_core")
pytest.importorskip("langchain_text_splitters")

from langchain_core.embeddings import DeterministicFakeEmbedding  # noqa: E402
from langchain_core.vectorstores import InMemoryVectorStore  # noqa: E402

from layoutpdf.langchain import LayoutPDFLoader, LayoutTextSplitter  # noqa: E402
from layoutpdf.split import get_tokenizer  # noqa: E402

FLAT = (str, int, float, bool, type(None))
TOK = get_tokenizer("cl100k_base")
FOOTNOTE = "FAISS configuration: we used HNSW index type on CPU"


@pytest.fixture(scope="module")
def dpr_chunks(dpr_pdf):
    return LayoutPDFLoader(dpr_pdf).load_and_split()


def test_load_and_split_uses_layoutpdf_chunks(dpr_chunks, dpr_pdf):
    assert len(dpr_chunks) > 10
    for ch in dpr_chunks:
        m = ch.metadata
        assert all(isinstance(v, FLAT) for v in m.values()), m
        assert TOK.count(ch.page_content) <= 512 or m["oversize"]
        assert ch.page_content.count("$$") % 2 == 0
        assert m["source"] == str(dpr_pdf) and isinstance(m["page"], int)
        assert m["page_start"] is not None and m["element_ids"] != "[]"
    assert sum(len(c.page_content) for c in dpr_chunks) > 30_000


def test_in_memory_vector_store_returns_the_footnote_chunk(dpr_chunks):
    store = InMemoryVectorStore(DeterministicFakeEmbedding(size=16))
    store.add_documents(dpr_chunks)
    target = next(c for c in dpr_chunks if FOOTNOTE in c.page_content)
    # Fake embeddings hash the text, so only the identical text is "similar".
    (hit,) = store.similarity_search(target.page_content, k=1)
    assert FOOTNOTE in hit.page_content and hit.metadata["page"] == 6
    assert hit.metadata["heading_path"]


def test_page_metadata_matches_pymupdfloader(paper_dir):
    path = paper_dir / "pdfjs_tracemonkey_pldi09.pdf"
    ours = LayoutPDFLoader(path).load()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        loaders = pytest.importorskip("langchain_community.document_loaders")
        theirs = loaders.PyMuPDFLoader(str(path)).load()
    assert set(theirs[0].metadata) <= set(ours[0].metadata)
    by_page = {d.metadata["page"]: d for d in theirs}
    for d in ours:
        ref = by_page[d.metadata["page"]].metadata
        for k in ref:
            assert d.metadata[k] == ref[k], k


def test_text_splitter_on_another_loaders_output(paper_dir):
    """Best effort on plain text from another loader: bounded chunks, metadata kept."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        loaders = pytest.importorskip("langchain_community.document_loaders")
        pages = loaders.PyMuPDFLoader(str(paper_dir / "pdfminer_naacl06_shinyama.pdf")).load()
    chunks = LayoutTextSplitter(chunk_size=256).split_documents(pages)
    assert len(chunks) >= len(pages)
    for ch in chunks:
        assert TOK.count(ch.page_content) <= 256 or ch.metadata["oversize"]
        assert ch.metadata["page_start"] == ch.metadata["page"]
