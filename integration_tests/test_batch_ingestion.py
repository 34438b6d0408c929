"""LayoutNodeParser inside LlamaIndex's IngestionPipeline(num_workers=2) (spawned processes)."""
import pickle

import pytest

pytest.importorskip("llama_index.core")

from llama_index.core import SimpleDirectoryReader  # noqa: E402
from llama_index.core.ingestion import IngestionPipeline  # noqa: E402
from llama_index.core.schema import MetadataMode  # noqa: E402

from layoutpdf.llama_index import LayoutNodeParser, LayoutPDFReader  # noqa: E402


def view(nodes, headings=False):
    """What a user sees of a node, without the random ids."""
    out = []
    for n in nodes:
        meta = {k: v for k, v in n.metadata.items()}
        out.append((meta.get("file_name"), meta.get("page"), n.get_content(MetadataMode.NONE),
                    meta.get("page_start"), meta.get("page_end"), meta.get("element_ids"))
                   + ((meta.get("heading_path"),) if headings else ()))
    return sorted(out, key=lambda t: (t[0], t[1], t[3] if t[3] is not None else -1, t[2]))


@pytest.fixture(scope="module")
def page_docs(paper_dir):
    reader = SimpleDirectoryReader(input_dir=str(paper_dir),
                                   file_extractor={".pdf": LayoutPDFReader()})
    return reader.load_data()


def test_node_parser_pickles():
    parser = LayoutNodeParser(chunk_size=200, chunk_overlap=20)
    again = pickle.loads(pickle.dumps(parser))
    assert (again.chunk_size, again.chunk_overlap, again.encoding) == (200, 20, "cl100k_base")


def test_ingestion_pipeline_num_workers_2_matches_sequential(page_docs):
    sequential = IngestionPipeline(transformations=[LayoutNodeParser(chunk_size=256)]).run(
        documents=page_docs)
    parallel = IngestionPipeline(transformations=[LayoutNodeParser(chunk_size=256)]).run(
        documents=page_docs, num_workers=2)
    assert sequential and len(parallel) == len(sequential)
    assert view(parallel) == view(sequential)


def test_ingestion_pipeline_num_workers_2_keeps_heading_paths(page_docs):
    """The pages are cut into runs, one per process; a run that starts mid-file still gets
    the headings of the pages before it (the reader records them on every page)."""
    sequential = IngestionPipeline(transformations=[LayoutNodeParser(chunk_size=256)]).run(
        documents=page_docs, num_workers=1)
    parallel = IngestionPipeline(transformations=[LayoutNodeParser(chunk_size=256)]).run(
        documents=page_docs, num_workers=2)
    assert len(parallel) == len(sequential)
    assert view(parallel, headings=True) == view(sequential, headings=True)
    assert [(n.text, n.metadata["heading_path"]) for n in parallel] == \
        [(n.text, n.metadata["heading_path"]) for n in sequential]
    # a run really started mid-file, and its first node kept an earlier page's headings
    half = len(page_docs) // 2
    first = next(n for n in parallel if n.ref_doc_id == page_docs[half].doc_id)
    start = page_docs[half].layoutpdf["h"]
    assert page_docs[half].metadata["page"] > 0 and start != "[]"
    assert first.metadata["heading_path"]
