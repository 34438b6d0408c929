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


@pytest.mark.xfail(reason="LayoutNodeParser carries headings from page to page within one "
                          "call; IngestionPipeline(num_workers=N) cuts the documents into N "
                          "runs, so the first chunks of a run that starts mid-file lose the "
                          "headings of earlier pages (the reader could record the heading "
                          "path in force at each page start)", strict=False)
def test_ingestion_pipeline_num_workers_2_keeps_heading_paths(page_docs):
    sequential = IngestionPipeline(transformations=[LayoutNodeParser(chunk_size=256)]).run(
        documents=page_docs)
    parallel = IngestionPipeline(transformations=[LayoutNodeParser(chunk_size=256)]).run(
        documents=page_docs, num_workers=2)
    assert view(parallel, headings=True) == view(sequential, headings=True)
