"""LlamaIndex end to end over real papers: SimpleDirectoryReader (sequential, num_workers=2,
aload_data), LayoutNodeParser, VectorStoreIndex with MockEmbedding, BM25 over a footnote."""
import asyncio
import contextlib
import io

import pytest

pytest.importorskip("llama_index.core")

from llama_index.core import SimpleDirectoryReader, VectorStoreIndex  # noqa: E402
from llama_index.core.embeddings import MockEmbedding  # noqa: E402
from llama_index.core.ingestion import IngestionPipeline  # noqa: E402
from llama_index.core.node_parser import SentenceSplitter  # noqa: E402
from llama_index.core.schema import MetadataMode, NodeRelationship  # noqa: E402

import layoutpdf.llama_index as li  # noqa: E402
from layoutpdf.split import get_tokenizer  # noqa: E402

FLAT = (str, int, float, bool, type(None))
TOK = get_tokenizer("cl100k_base")
# Footnote 10 of the DPR paper (bottom of page 7), which answers the BM25 question below.
FOOTNOTE = "FAISS configuration: we used HNSW index type on CPU"
QUESTION = "Which FAISS index type and construction time search depth were used for HNSW?"


def key(doc):
    return (doc.metadata["file_name"], doc.metadata["page"])


@pytest.fixture(scope="module")
def sdr_docs(paper_dir):
    reader = SimpleDirectoryReader(input_dir=str(paper_dir),
                                   file_extractor={".pdf": li.LayoutPDFReader()})
    return sorted(reader.load_data(), key=key)


@pytest.fixture(scope="module")
def nodes(sdr_docs):
    return li.LayoutNodeParser(chunk_size=256).get_nodes_from_documents(sdr_docs)


def test_simple_directory_reader_with_file_extractor(sdr_docs, paper_dir):
    files = {d.metadata["file_name"] for d in sdr_docs}
    assert files == {p.name for p in paper_dir.glob("*.pdf")}
    for d in sdr_docs:
        m = d.metadata
        assert m["file_path"].startswith(str(paper_dir))            # from SimpleDirectoryReader
        assert m["page_label"] == str(m["page"] + 1) and m["total_pages"] >= m["page"] + 1
        assert "last_modified_date" in m and "file_size" in m
        assert all(isinstance(v, FLAT) for v in m.values())
        assert "layoutpdf_units" not in m and d.layoutpdf["u"]       # split data, not metadata
        assert "file_name" in d.excluded_embed_metadata_keys       # SimpleDirectoryReader's own
        assert d.text.strip()


def test_num_workers_2_matches_sequential(sdr_docs, paper_dir):
    reader = SimpleDirectoryReader(input_dir=str(paper_dir),
                                   file_extractor={".pdf": li.LayoutPDFReader()})
    parallel = sorted(reader.load_data(num_workers=2), key=key)
    assert [(key(d), d.text) for d in parallel] == [(key(d), d.text) for d in sdr_docs]


def test_aload_data_matches_sequential(sdr_docs, paper_dir):
    reader = SimpleDirectoryReader(input_dir=str(paper_dir),
                                   file_extractor={".pdf": li.LayoutPDFReader()})
    docs = sorted(asyncio.run(reader.aload_data()), key=key)
    assert [(key(d), d.text) for d in docs] == [(key(d), d.text) for d in sdr_docs]


def test_bench_path_gives_bounded_chunks(paper_dir):
    path = str(paper_dir / "pdfjs_tracemonkey_pldi09.pdf")
    docs = li.LayoutPDFReader().load_data(path)
    nodes = li.LayoutNodeParser(chunk_size=256).get_nodes_from_documents(docs)
    chunks = [n.get_content() for n in nodes]
    assert len(chunks) > 20 and all(c.strip() for c in chunks)
    for n in nodes:
        assert TOK.count(n.get_content()) <= 256 or n.metadata["oversize"]


def test_nodes_are_flat_verbatim_and_keep_math_whole(nodes, sdr_docs):
    by_id = {d.id_: d for d in sdr_docs}
    exact = 0
    for n in nodes:
        assert all(isinstance(v, FLAT) for v in n.metadata.values()), n.metadata
        assert n.text.count("$$") % 2 == 0
        covered = by_id[n.ref_doc_id].text[n.start_char_idx:n.end_char_idx]
        # Exact, except the splitter's documented cases (footnote definitions following
        # the piece of a split paragraph that holds their anchors, a table header repeated
        # in each piece of a split table): then the offsets cover the chunk's own text.
        # a chunk of a paragraph that runs onto the next page ends past its page's text
        # (the page holds what is printed on it): its offsets end at the page's end
        continued = (n.metadata["page_end"] > n.metadata["page"]
                     and n.end_char_idx == len(by_id[n.ref_doc_id].text))
        exact += covered == n.text or continued
        assert covered.endswith(n.text[-30:]) or continued
        assert n.metadata["page_start"] is not None and n.metadata["element_ids"] != "[]"
        assert "layoutpdf_units" not in n.metadata
    assert exact >= 0.9 * len(nodes)
    chained = [n for n in nodes if NodeRelationship.NEXT in n.relationships]
    assert len(chained) > len(nodes) // 2


def test_metadata_stays_small_for_llama_index_splitters(sdr_docs, nodes):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        SentenceSplitter(chunk_size=128, chunk_overlap=0).get_nodes_from_documents(sdr_docs)
        li.LayoutNodeParser(chunk_size=128).get_nodes_from_documents(sdr_docs)
        SentenceSplitter(chunk_size=128, chunk_overlap=0).get_nodes_from_documents(nodes)
    assert "Metadata length" not in out.getvalue()


def test_vector_store_index_with_mock_embedding(nodes):
    index = VectorStoreIndex(nodes, embed_model=MockEmbedding(embed_dim=8))
    hits = index.as_retriever(similarity_top_k=3).retrieve("trace trees")
    assert len(hits) == 3 and all(h.node.get_content() for h in hits)


def test_ingestion_pipeline(sdr_docs):
    pipeline = IngestionPipeline(transformations=[li.LayoutNodeParser(chunk_size=256)])
    out = pipeline.run(documents=sdr_docs[:6])
    assert out and all(n.get_content(metadata_mode=MetadataMode.NONE) for n in out)


def test_bm25_answers_from_a_footnote(nodes):
    from llama_index.retrievers.bm25 import BM25Retriever
    retriever = BM25Retriever.from_defaults(nodes=nodes, similarity_top_k=3)
    hits = retriever.retrieve(QUESTION)
    texts = [h.node.get_content() for h in hits]
    assert any(FOOTNOTE in t for t in texts), texts
    holder = next(h.node for h in hits if FOOTNOTE in h.node.get_content())
    assert holder.metadata["file_name"] == "unstructured_dpr_emnlp_multicolumn.pdf"
    assert holder.metadata["page_start"] == 6                      # printed page 7
