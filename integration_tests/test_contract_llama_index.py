"""LayoutPDFReader against PDFReader and PyMuPDFReader (llama-index-readers-file) on the
same PDFs: one Document per page with its label, both call styles, return_full_document,
metadata keys and types, ids (with the path, as filename_as_id), small node metadata with
LlamaIndex's default SentenceSplitter, and a paragraph across pages one unit for ours.
"""
import json
import pickle
import shutil

import pytest

pytest.importorskip("llama_index.core")
readers = pytest.importorskip("llama_index.readers.file")

from llama_index.core import SimpleDirectoryReader  # noqa: E402
from llama_index.core.node_parser import SentenceSplitter  # noqa: E402

from layoutpdf.llama_index import LayoutDocument, LayoutNodeParser, LayoutPDFReader  # noqa: E402
from test_contract_common import paper, two_pages  # noqa: E402

PDFReader, PyMuPDFReader = readers.PDFReader, readers.PyMuPDFReader


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory):
    d = tmp_path_factory.mktemp("contract_li")
    return {"two": two_pages(d / "two.pdf"), "paper": paper(d / "paper.pdf")}


@pytest.mark.parametrize("name", ["two", "paper"])
def test_one_document_per_page_with_pdfreader_labels(pdfs, name):
    extra = {"ABC": "abc", "DEF": "def"}
    ours = LayoutPDFReader().load_data(pdfs[name], extra)
    theirs = PDFReader().load_data(pdfs[name], extra)
    assert len(ours) == len(theirs)
    for a, b in zip(ours, theirs):
        assert set(b.metadata) <= set(a.metadata)
        assert {k: a.metadata[k] for k in b.metadata} == b.metadata
    assert [d.metadata["page"] for d in ours] == list(range(len(theirs)))


def test_page_texts_match_pdfreader_on_one_line_pages(pdfs):
    ours = LayoutPDFReader().load_data(pdfs["two"])
    theirs = PDFReader().load_data(pdfs["two"])
    assert [d.text for d in ours] == [d.text for d in theirs] == ["Page 1 Content", "Page 2 Content"]


@pytest.mark.parametrize("make", [lambda: LayoutPDFReader(return_full_document=True),
                                  lambda: LayoutPDFReader(True)])
def test_return_full_document(pdfs, make):
    extra = {"ABC": "abc"}
    (ours,) = make().load_data(pdfs["two"], extra)
    (theirs,) = PDFReader(return_full_document=True).load_data(pdfs["two"], extra)
    assert ours.text == theirs.text == "Page 1 Content\nPage 2 Content"
    assert {k: ours.metadata[k] for k in theirs.metadata} == theirs.metadata
    assert make().return_full_document


def test_pymupdfreader_call_styles(pdfs):
    path = str(pdfs["paper"])
    theirs = PyMuPDFReader().load(path, metadata=True, extra_info={"k": 1})
    for ours in (LayoutPDFReader().load(path, metadata=True, extra_info={"k": 1}),
                 LayoutPDFReader().load_data(file_path=path, metadata=True, extra_info={"k": 1}),
                 LayoutPDFReader().load_data(path, True, {"k": 1})):
        assert len(ours) == len(theirs) == 4
        for a, b in zip(ours, theirs):
            for key in ("total_pages", "file_path", "k"):
                assert a.metadata[key] == b.metadata[key], key
    bare = LayoutPDFReader().load_data(file_path=path, metadata=False, extra_info={"k": 1})
    ref = PyMuPDFReader().load_data(file_path=path, metadata=False, extra_info={"k": 1})
    assert [d.metadata for d in bare] == [d.metadata for d in ref] == [{"k": 1}] * 4
    with pytest.raises(TypeError):
        LayoutPDFReader().load_data(path, extra_info="not a dict")


def test_file_path_in_metadata_when_called_directly(pdfs):
    for d in LayoutPDFReader().load_data(pdfs["paper"]):
        assert d.metadata["file_path"] == str(pdfs["paper"])
        assert isinstance(d.metadata["page"], int) and isinstance(d.metadata["total_pages"], int)
        assert d.metadata["page_label"] in ("i", "ii", "1", "2")


def test_ids_include_the_path_and_are_deterministic(pdfs, tmp_path):
    for sub in ("a", "b"):
        (tmp_path / sub).mkdir()
        shutil.copy(pdfs["paper"], tmp_path / sub / "same.pdf")
    a = LayoutPDFReader().load_data(tmp_path / "a" / "same.pdf")
    b = LayoutPDFReader().load_data(tmp_path / "b" / "same.pdf")
    assert not {d.id_ for d in a} & {d.id_ for d in b}
    assert len({d.id_ for d in a}) == 4            # the empty page too
    assert [d.id_ for d in a] == [d.id_ for d in LayoutPDFReader().load_data(tmp_path / "a" / "same.pdf")]
    docs = SimpleDirectoryReader(str(tmp_path), recursive=True, filename_as_id=True,
                                 file_extractor={".pdf": LayoutPDFReader()}).load_data()
    assert len(docs) == len({d.id_ for d in docs}) == 8
    for d in docs:
        assert d.id_.endswith(f"_part_{d.metadata['page']}")


def test_default_sentence_splitter_copies_no_hidden_data(pdfs):
    docs = LayoutPDFReader().load_data(pdfs["paper"])
    nodes = SentenceSplitter(chunk_size=128, chunk_overlap=0).get_nodes_from_documents(docs)
    assert nodes
    for n in nodes:
        assert not any(k.startswith("layoutpdf_") and k != "layoutpdf_issues" for k in n.metadata)
        assert len(json.dumps(n.metadata)) < 400
        assert len(json.dumps(n.relationships["1"].metadata if "1" in n.relationships else
                              next(iter(n.relationships.values())).metadata)) < 400


def test_a_paragraph_across_pages_is_one_unit_for_our_node_parser(pdfs):
    docs = LayoutPDFReader().load_data(pdfs["paper"])
    assert all(isinstance(d, LayoutDocument) for d in docs)
    nodes = LayoutNodeParser(chunk_size=2000).get_nodes_from_documents(docs)
    joined = [n for n in nodes if "and the study goes on here" in n.text]
    assert len(joined) == 1
    assert (joined[0].metadata["page_start"], joined[0].metadata["page_end"]) == (0, 1)
    # the same nodes when the pages reach the parser one by one, or pickled (worker processes)
    alone = [n for d in docs for n in LayoutNodeParser(chunk_size=2000).get_nodes_from_documents(
        [pickle.loads(pickle.dumps(d))])]
    assert [n.text for n in alone] == [n.text for n in nodes]
