"""A heading at the foot of a page goes with its section on the next page (issue 39 E;
fixture tests/stranded_heading_pdfs.py), split page by page as the adapters split by
default: the page Documents hold the text printed on them, the first chunk of the next
page opens with the heading (`_pages.carry_stranded_headings`), and no chunk ends with it."""
from __future__ import annotations

import pytest

from stranded_heading_pdfs import HEADING, OPENING, stranded


@pytest.fixture(scope="module")
def pdf(tmp_path_factory):
    path = tmp_path_factory.mktemp("stranded") / "stranded.pdf"
    stranded(path)
    return str(path)


def _check(texts, metas):
    assert not any(t.rstrip().splitlines()[-1].lstrip("# ").startswith(HEADING) for t in texts)
    holder = [k for k, t in enumerate(texts) if HEADING in t]
    assert len(holder) == 1
    k = holder[0]
    assert OPENING[:40] in texts[k]
    assert (metas[k]["page_start"], metas[k]["page_end"]) == (0, 1)


def test_llama_index_page_documents(pdf):
    li = pytest.importorskip("layoutpdf.llama_index")
    docs = li.LayoutPDFReader().load_data(pdf)
    assert len(docs) == 2 and HEADING in docs[0].text and HEADING not in docs[1].text
    nodes = li.LayoutNodeParser(chunk_size=256).get_nodes_from_documents(docs)
    _check([n.text for n in nodes], [n.metadata for n in nodes])
    node = next(n for n in nodes if HEADING in n.text)
    assert node.ref_doc_id == docs[1].id_ and node.start_char_idx == 0


def test_langchain_load_and_split(pdf):
    lc = pytest.importorskip("layoutpdf.langchain")
    loader = lc.LayoutPDFLoader(pdf)
    pages = loader.load()
    assert HEADING in pages[0].page_content and HEADING not in pages[1].page_content
    chunks = loader.load_and_split(lc.LayoutTextSplitter(chunk_size=256, add_start_index=True))
    _check([c.page_content for c in chunks], [c.metadata for c in chunks])
