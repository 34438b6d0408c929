"""LayoutPDFLoader and LayoutTextSplitter on a two-page PDF made here (no downloads)."""
import asyncio
import json
import warnings

import pytest

pytest.importorskip("langchain_core")
pytest.importorskip("langchain_text_splitters")

from langchain_core.documents import Document  # noqa: E402
from langchain_text_splitters import RecursiveCharacterTextSplitter  # noqa: E402

import layoutpdf  # noqa: E402
from layoutpdf.langchain import LayoutPDFLoader, LayoutTextSplitter  # noqa: E402
from layoutpdf.split import get_tokenizer, split_markdown  # noqa: E402
from test_adapters_common import STITCH, make_sample_pdf  # noqa: E402

FLAT = (str, int, float, bool, type(None))
TOK = get_tokenizer("cl100k_base")


@pytest.fixture(scope="module")
def sample_pdf(tmp_path_factory):
    return make_sample_pdf(tmp_path_factory.mktemp("lc") / "sample.pdf")


@pytest.fixture(scope="module")
def pages(sample_pdf):
    return LayoutPDFLoader(sample_pdf).load()


def assert_flat(meta):
    bad = {k: type(v).__name__ for k, v in meta.items() if not isinstance(v, FLAT)}
    assert not bad, bad


# -- loader -------------------------------------------------------------------------------
def test_pages_with_pymupdfloader_metadata(pages, sample_pdf):
    assert [d.metadata["page"] for d in pages] == [0, 1]
    for d in pages:
        m = d.metadata
        assert m["source"] == m["file_path"] == str(sample_pdf)
        assert m["total_pages"] == 2 and m["title"] == "Sample Doc" and m["author"] == "Tester"
        assert m["creationdate"] == "2024-03-01T09:00:00+00:00"
        assert m["layoutpdf_issues"] == 0 and m["text_source"] == "native"
        assert_flat(m)
    # each page holds the text printed on it: the paragraph cut by the page break is cut
    assert pages[0].page_content.endswith("and the method")
    assert pages[1].page_content.startswith("continues here")


def test_metadata_keys_are_a_superset_of_pymupdfloader(sample_pdf, pages):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        loaders = pytest.importorskip("langchain_community.document_loaders")
        theirs = loaders.PyMuPDFLoader(str(sample_pdf)).load()
    assert set(theirs[0].metadata) <= set(pages[0].metadata)
    for key in ("source", "file_path", "page", "total_pages", "title", "author", "creationdate"):
        assert pages[0].metadata[key] == theirs[0].metadata[key], key


def test_single_mode(sample_pdf, pages):
    (doc,) = LayoutPDFLoader(sample_pdf, mode="single").load()   # PyMuPDFLoader's "\n\f"
    assert doc.page_content == "\n\f".join(p.page_content for p in pages)
    (md,) = LayoutPDFLoader(sample_pdf, mode="single", pages_delimiter=None).load()
    assert md.page_content == layoutpdf.parse(sample_pdf).to_markdown()
    assert "page" not in doc.metadata and doc.metadata["total_pages"] == 2
    with pytest.raises(ValueError):
        LayoutPDFLoader(sample_pdf, mode="paged")


def test_load_and_split_uses_layoutpdf_splitter_by_default(sample_pdf):
    settings = layoutpdf.Settings().replace(split={"chunk_size": 64})
    chunks = LayoutPDFLoader(sample_pdf, settings=settings).load_and_split()
    assert len(chunks) > 4
    for ch in chunks:
        assert TOK.count(ch.page_content) <= 64 or ch.metadata["oversize"]
        assert_flat(ch.metadata)
        assert json.loads(ch.metadata["element_ids"]) and json.loads(ch.metadata["bboxes"])
        assert ch.metadata["page_start"] is not None
    assert chunks[-1].metadata["heading_path"] == "Introduction > Results"
    stitched = [c for c in chunks if "and the method continues" in c.page_content]
    assert stitched and (stitched[0].metadata["page"], stitched[0].metadata["page_end"]) == (0, 1)
    default = LayoutPDFLoader(sample_pdf).load_and_split()
    assert all(TOK.count(c.page_content) <= 512 for c in default)
    assert len(default) < len(chunks)


def test_load_and_split_with_another_splitter(sample_pdf, pages):
    chunks = LayoutPDFLoader(sample_pdf).load_and_split(
        RecursiveCharacterTextSplitter(chunk_size=500, chunk_overlap=0))
    assert len(chunks) > len(pages) and "heading_path" not in chunks[0].metadata


def test_alazy_load_runs_in_threads(sample_pdf, pages):
    loader = LayoutPDFLoader(sample_pdf)

    async def many():
        return await asyncio.gather(*(loader.aload() for _ in range(3)))
    for result in asyncio.run(many()):
        assert [d.page_content for d in result] == [d.page_content for d in pages]


# -- text splitter ------------------------------------------------------------------------
MD = ("# Paper\n\n" + "Words about an equation in a long sentence. " * 12 + "\n\n"
      "$$\nE = mc^2 + \\sum_{i=1}^{n} x_i\n$$\n\n"
      + "A claim with a note[^1] and more words " * 3 + ".\n\n[^1]: The footnote text.\n\n"
      + "Closing words of the paper. " * 10)


def test_pages_split_one_by_one_keep_the_headings_of_earlier_pages():
    from pathlib import Path
    pdf = Path(__file__).parent / "fixtures" / "pdfs" / "two_column.pdf"
    pages = LayoutPDFLoader(pdf).load()
    assert json.loads(pages[1].metadata["layoutpdf_headings_at_start"])[-1] == [3, "2.2 Ordering"]
    splitter = LayoutTextSplitter(chunk_size=128)
    together = splitter.split_documents(pages)
    alone = [c for p in pages for c in splitter.split_documents([p])]
    view = [(c.page_content, c.metadata) for c in together]
    assert view == [(c.page_content, c.metadata) for c in alone]
    with_boxes = LayoutPDFLoader(pdf).load_and_split(splitter)   # + provenance from the parse
    assert [(c.page_content, c.metadata["heading_path"]) for c in with_boxes] == \
        [(c.page_content, c.metadata["heading_path"]) for c in together]
    first2 = next(c for c in alone if c.metadata["page"] == 1)
    assert first2.metadata["heading_path"].startswith(
        "Reading Order Recovery for Multi-Column Documents > 2 Method > ")
    assert all("layoutpdf_headings_at_start" not in c.metadata for c in together)


def test_split_text_is_split_markdown():
    splitter = LayoutTextSplitter(chunk_size=40)
    assert splitter.split_text(MD) == [c.text for c in split_markdown(MD, chunk_size=40)]
    for text in splitter.split_text(MD):
        assert text.count("$$") % 2 == 0
        assert ("[^1]:" in text) <= ("note[^1]" in text)


def test_split_documents_merges_chunk_metadata():
    splitter = LayoutTextSplitter(chunk_size=40, add_start_index=True)
    out = splitter.split_documents([Document(page_content=MD, metadata={"source": "x.md"})])
    assert len(out) > 2
    for d in out:
        assert d.metadata["source"] == "x.md" and "heading_path" in d.metadata
        assert MD[d.metadata["start_index"]:].startswith(d.page_content[:20])
        assert_flat(d.metadata)
    assert out[-1].metadata["heading_path"] == "Paper"
    assert any(d.metadata["has_math"] for d in out)
    assert splitter.transform_documents([Document(page_content="Hi.")])[0].page_content == "Hi."


def test_splitter_options():
    s = LayoutTextSplitter.from_settings({"split": {"chunk_size": 100, "chunk_overlap": 10}})
    assert (s._chunk_size, s._chunk_overlap) == (100, 10)
    words = LayoutTextSplitter(chunk_size=20, length_function=lambda t: len(t.split()))
    for text in words.split_text("one two three four five. " * 30):
        assert len(text.split()) <= 20
    with pytest.raises(ValueError):
        LayoutTextSplitter(chunk_size=10, chunk_overlap=10)
