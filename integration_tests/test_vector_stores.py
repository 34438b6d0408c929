"""Real embedded vector stores (Chroma, Qdrant local mode, LanceDB), through LlamaIndex and
LangChain, set up as each framework's docs show, with a static hashing embedding (no
network): ingest, every metadata key back with its type, query, filters on page, file and
flags, delete a page and a whole file, re-ingest adds nothing (issue #40).

Where an upstream integration is broken for every loader alike, the test uses the store's
own call and the README says so ("Vector stores"): LlamaIndex's LanceDB store quotes ids as
column names in ``delete_ref_doc``/``delete_nodes`` and appends on every ``add``; its Chroma
store's ``delete_nodes(filters=...)`` sends an empty id list that Chroma refuses.
"""
import hashlib
import math
import os
import subprocess
import sys
import uuid

import pymupdf
import pytest

from layoutpdf.cli import sample_pdf_path

DIM = 32
PAGE_TEXT = ("Section {n}\n\nThe vector store keeps what the loader gives it; page {n} of a "
             "generated test file about ingestion, deletion and filters.")


def vector(text: str) -> list[float]:
    """Bag of hashed words: the same text gives the same vector, a chunk's own text is its
    nearest neighbour."""
    v = [0.0] * DIM
    for w in text.lower().split():
        v[int(hashlib.md5(w.encode("utf-8")).hexdigest(), 16) % DIM] += 1.0
    norm = math.sqrt(sum(x * x for x in v)) or 1.0
    return [x / norm + 1e-6 for x in v]


@pytest.fixture(scope="module")
def pdf_files(tmp_path_factory):
    """Two different PDFs: the package's sample (with math) and a generated two-page file."""
    folder = tmp_path_factory.mktemp("pdfs")
    sample = folder / "sample.pdf"
    sample.write_bytes(open(sample_pdf_path(), "rb").read())
    made = folder / "made.pdf"
    doc = pymupdf.open()
    for n in (1, 2):
        page = doc.new_page()
        page.insert_textbox(pymupdf.Rect(72, 72, 520, 400), PAGE_TEXT.format(n=n), fontsize=11)
    doc.save(made)
    return [str(sample), str(made)]


def is_uuid(value: str) -> bool:
    try:
        return str(uuid.UUID(value)) == value
    except (ValueError, TypeError):
        return False


def same_metadata(stored: dict, original: dict, ignore: tuple = ()) -> bool:
    stored = {k: v for k, v in stored.items() if k not in ignore}
    return stored == original and all(type(stored[k]) is type(original[k]) for k in original)


# ------------------------------------------------------------------ LlamaIndex

li = pytest.importorskip("layoutpdf.llama_index")
from llama_index.core import VectorStoreIndex  # noqa: E402
from llama_index.core.embeddings import BaseEmbedding  # noqa: E402
from llama_index.core.ingestion import IngestionPipeline  # noqa: E402
from llama_index.core.storage.docstore import SimpleDocumentStore  # noqa: E402
from llama_index.core.vector_stores.types import MetadataFilter, MetadataFilters  # noqa: E402


class HashEmbedding(BaseEmbedding):
    def _get_text_embedding(self, text: str) -> list[float]:
        return vector(text)

    def _get_query_embedding(self, query: str) -> list[float]:
        return vector(query)

    async def _aget_query_embedding(self, query: str) -> list[float]:
        return vector(query)


def li_store(name: str, folder: str):
    """(vector store, row count, delete a page document's nodes, delete a file's nodes)."""
    if name == "chroma":
        chromadb = pytest.importorskip("chromadb")
        from llama_index.vector_stores.chroma import ChromaVectorStore
        coll = chromadb.PersistentClient(path=folder).get_or_create_collection("layoutpdf")
        vs = ChromaVectorStore(chroma_collection=coll)
        return (vs, coll.count, None,
                lambda fid: coll.delete(where={"file_id": fid}))       # upstream: see module doc
    if name == "qdrant":
        qdrant_client = pytest.importorskip("qdrant_client")
        from llama_index.vector_stores.qdrant import QdrantVectorStore
        client = qdrant_client.QdrantClient(path=folder)
        vs = QdrantVectorStore(client=client, collection_name="layoutpdf")
        return (vs, lambda: client.count("layoutpdf").count, None,
                lambda fid: vs.delete_nodes(filters=MetadataFilters(
                    filters=[MetadataFilter(key="file_id", value=fid)])))
    pytest.importorskip("lancedb")
    from llama_index.vector_stores.lancedb import LanceDBVectorStore
    vs = LanceDBVectorStore(uri=folder, table_name="layoutpdf")
    return (vs, lambda: vs.table.count_rows(),
            lambda doc_id: vs.table.delete(f"doc_id = '{doc_id}'"),
            lambda fid: vs.table.delete(f"metadata.file_id = '{fid}'"))


def li_ingest(vs, docstore, docs):
    pipeline = IngestionPipeline(transformations=[li.LayoutNodeParser(chunk_size=128),
                                                  HashEmbedding()],
                                 vector_store=vs, docstore=docstore)
    return pipeline.run(documents=docs)


@pytest.fixture(scope="module")
def li_docs(pdf_files):
    return [d for path in pdf_files for d in li.LayoutPDFReader().load_data(path)]


@pytest.mark.parametrize("store", ["chroma", "qdrant", "lancedb"])
def test_llama_index_store(store, tmp_path, li_docs):
    vs, count, delete_page, delete_file = li_store(store, str(tmp_path / store))
    docstore = SimpleDocumentStore()
    nodes = li_ingest(vs, docstore, li_docs)
    assert nodes and count() == len(nodes)
    assert all(is_uuid(n.node_id) and is_uuid(n.ref_doc_id) for n in nodes)
    # re-ingesting the unchanged files (a docstore kept between runs) adds nothing
    assert li_ingest(vs, docstore, li_docs) == [] and count() == len(nodes)

    index = VectorStoreIndex.from_vector_store(vs, embed_model=HashEmbedding())
    by_id = {n.node_id: n for n in nodes}
    got = index.as_retriever(similarity_top_k=1000).retrieve("ingestion")
    assert sorted(r.node.node_id for r in got) == sorted(by_id)
    for r in got:
        assert same_metadata(r.node.metadata, by_id[r.node.node_id].metadata), r.node.metadata
    target = max(nodes, key=lambda n: len(set(n.text.split())))
    assert index.as_retriever(similarity_top_k=1).retrieve(target.text)[0].node.node_id == target.node_id

    fid = li_docs[-1].metadata["file_id"]
    for key, value in (("page", 1), ("file_id", fid), ("has_math", 1), ("has_math", 0),
                       ("oversize", 0)):
        want = {n.node_id for n in nodes if n.metadata[key] == value}
        assert want, (key, value)
        flt = MetadataFilters(filters=[MetadataFilter(key=key, value=value)])
        hits = index.as_retriever(similarity_top_k=1000, filters=flt).retrieve("ingestion")
        assert {h.node.node_id for h in hits} == want, (key, value)

    page = li_docs[0].id_
    (delete_page or index.delete_ref_doc)(page)
    assert count() == sum(1 for n in nodes if n.ref_doc_id != page)
    delete_file(fid)
    assert count() == sum(1 for n in nodes if n.ref_doc_id != page and n.metadata["file_id"] != fid)


@pytest.mark.parametrize("store", ["qdrant"])
def test_llama_index_re_adding_nodes_upserts_by_id(store, tmp_path, li_docs):
    """Without a docstore, stores that upsert by id keep one copy (LanceDB appends: README)."""
    vs, count, _, _ = li_store(store, str(tmp_path / store))
    first = li_ingest(vs, None, li_docs)
    li_ingest(vs, None, li_docs)
    assert count() == len(first)


# ------------------------------------------------------------------ LangChain

lc = pytest.importorskip("layoutpdf.langchain")
from langchain_core.embeddings import Embeddings  # noqa: E402
from langchain_core.indexing import InMemoryRecordManager, index as lc_index  # noqa: E402


class HashEmbeddings(Embeddings):
    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return [vector(t) for t in texts]

    def embed_query(self, text: str) -> list[float]:
        return vector(text)


def lc_store(name: str, folder: str, collection: str):
    """(vector store, row count, native filter kwargs for key == value, delete a file)."""
    if name == "chroma":
        pytest.importorskip("langchain_chroma")
        from langchain_chroma import Chroma
        vs = Chroma(collection, HashEmbeddings(), persist_directory=folder)
        return (vs, vs._collection.count, lambda k, v: {"filter": {k: v}},
                lambda fid: vs.delete(where={"file_id": fid}))
    if name == "qdrant":
        qdrant_client = pytest.importorskip("qdrant_client")
        pytest.importorskip("langchain_qdrant")
        from langchain_qdrant import QdrantVectorStore
        from qdrant_client import models
        client = qdrant_client.QdrantClient(path=folder)
        client.create_collection(collection, vectors_config=models.VectorParams(
            size=DIM, distance=models.Distance.COSINE))
        vs = QdrantVectorStore(client=client, collection_name=collection,
                               embedding=HashEmbeddings())

        def where(k, v):
            return models.Filter(must=[models.FieldCondition(
                key=f"metadata.{k}", match=models.MatchValue(value=v))])
        return (vs, lambda: client.count(collection).count, lambda k, v: {"filter": where(k, v)},
                lambda fid: client.delete(collection, models.FilterSelector(
                    filter=where("file_id", fid))))
    pytest.importorskip("lancedb")
    from langchain_community.vectorstores import LanceDB
    vs = LanceDB(uri=folder, embedding=HashEmbeddings(), table_name=collection)

    def sql(k, v):
        value = str(v).lower() if isinstance(v, bool) else (f"'{v}'" if isinstance(v, str) else v)
        return f"metadata.{k} = {value}"
    return (vs, lambda: vs.get_table().count_rows(), lambda k, v: {"filter": sql(k, v)},
            lambda fid: vs.delete(filter=sql("file_id", fid)))


@pytest.fixture(scope="module")
def lc_chunks(pdf_files):
    splitter = lc.LayoutTextSplitter(chunk_size=128)
    return [c for path in pdf_files for c in lc.LayoutPDFLoader(path).load_and_split(splitter)]


QDRANT_EXTRA = ("_id", "_collection_name")     # langchain-qdrant adds these to every result


@pytest.mark.parametrize("store", ["chroma", "qdrant", "lancedb"])
def test_langchain_store(store, tmp_path, lc_chunks):
    vs, count, native, delete_file = lc_store(store, str(tmp_path / store), "layoutpdf")
    assert all(is_uuid(c.id) for c in lc_chunks) and len({c.id for c in lc_chunks}) == len(lc_chunks)
    vs.add_documents(lc_chunks)
    vs.add_documents(lc_chunks)                 # again: the same ids, no second copy
    assert count() == len(lc_chunks)

    def where(d):
        return d.page_content, d.metadata["file_id"], d.metadata["page"]
    by_place = {where(c): c.metadata for c in lc_chunks}
    got = vs.similarity_search("ingestion", k=1000)
    assert sorted(map(where, got)) == sorted(by_place)
    for d in got:
        assert same_metadata(d.metadata, by_place[where(d)], QDRANT_EXTRA), d.metadata
    target = max(lc_chunks, key=lambda c: len(set(c.page_content.split())))
    assert vs.similarity_search(target.page_content, k=1)[0].page_content == target.page_content

    fid = lc_chunks[-1].metadata["file_id"]
    for key, value in (("page", 1), ("file_id", fid), ("has_math", True), ("oversize", False)):
        want = sorted(where(c) for c in lc_chunks if c.metadata[key] == value)
        assert want, (key, value)
        hits = vs.similarity_search("ingestion", k=1000, **native(key, value))
        assert sorted(map(where, hits)) == want, (key, value)

    first = lc_chunks[0].metadata
    page = [c.id for c in lc_chunks
            if (c.metadata["file_id"], c.metadata["page"]) == (first["file_id"], first["page"])]
    vs.delete(ids=page)
    assert count() == len(lc_chunks) - len(page)
    delete_file(fid)
    assert count() == sum(1 for c in lc_chunks
                          if c.id not in page and c.metadata["file_id"] != fid)

    # the indexing API with a record manager (its own ids): a re-run adds nothing
    vs, count, _, _ = lc_store(store, str(tmp_path / (store + "-indexed")), "indexed")
    manager = InMemoryRecordManager("layoutpdf/test")
    manager.create_schema()
    first = lc_index(lc_chunks, manager, vs, cleanup="scoped_full", source_id_key="source")
    again = lc_index(lc_chunks, manager, vs, cleanup="scoped_full", source_id_key="source")
    assert first["num_added"] == len(lc_chunks) == count()
    assert (again["num_added"], again["num_deleted"], again["num_skipped"]) == (0, 0, len(lc_chunks))


# ------------------------------------------------------------------ ids across processes

IDS_SCRIPT = """
import sys
from layoutpdf.llama_index import LayoutPDFReader, LayoutNodeParser
from layoutpdf.langchain import LayoutPDFLoader
docs = LayoutPDFReader().load_data(sys.argv[1])
for n in LayoutNodeParser(chunk_size=128).get_nodes_from_documents(docs):
    print(n.node_id)
for c in LayoutPDFLoader(sys.argv[1]).load_and_split():
    print(c.id)
"""


def test_ids_are_the_same_in_another_process_and_in_workers(pdf_files):
    path = pdf_files[0]
    docs = li.LayoutPDFReader().load_data(path)
    nodes = li.LayoutNodeParser(chunk_size=128).get_nodes_from_documents(docs)
    here = [n.node_id for n in nodes] + [c.id for c in lc.LayoutPDFLoader(path).load_and_split()]
    env = dict(os.environ, PYTHONHASHSEED="12345")
    out = subprocess.run([sys.executable, "-c", IDS_SCRIPT, path], capture_output=True,
                         text=True, check=True, env=env).stdout.split()
    assert out == here and all(is_uuid(i) for i in here)
    workers = IngestionPipeline(transformations=[li.LayoutNodeParser(chunk_size=128)]).run(
        documents=docs, num_workers=2)
    assert sorted(n.node_id for n in workers) == sorted(n.node_id for n in nodes)


# ------------------------------------------------------------------ metadata size

def test_metadata_is_bounded_on_a_dense_form():
    """The tax form of the corpus: the most elements per chunk (benchmarks/metadata_size.py
    measures the whole corpus). Before the bound: 4.2 KB / 11.6 KB of metadata and 13.4 KB
    of _node_content per node."""
    import json
    from conftest import corpus_file
    from llama_index.core.vector_stores.utils import node_to_metadata_dict
    path = str(corpus_file("pdfminer_irs_i1040nr.pdf"))
    docs = li.LayoutPDFReader().load_data(path)
    for size, limit in ((512, 4096), (2048, 8192)):
        nodes = li.LayoutNodeParser(chunk_size=size).get_nodes_from_documents(docs)
        metas = [n.metadata for n in nodes]
        assert max(len(json.dumps(m, separators=(",", ":")).encode()) for m in metas) <= limit
        if size == 512:
            assert max(len(node_to_metadata_dict(n, remove_text=True)["_node_content"].encode())
                       for n in nodes) <= 4096
