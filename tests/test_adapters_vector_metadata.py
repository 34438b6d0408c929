"""What vector stores need from the adapters (issue #40): UUID ids with the readable id in
metadata, a file key, slim relationship copies, bounded boxes, filterable flags; and
LayoutPDFLoader taking bytes and file objects (issue #36, item 8)."""
import io
import json
import shutil
import uuid

import pytest

pytest.importorskip("llama_index.core")
pytest.importorskip("langchain_core")

from llama_index.core.schema import NodeRelationship  # noqa: E402

from layoutpdf.adapters._chunks import BULKY_KEYS  # noqa: E402
from layoutpdf.adapters._provenance import chunk_boxes  # noqa: E402
from layoutpdf.langchain import LayoutPDFLoader  # noqa: E402
from layoutpdf.llama_index import LayoutNodeParser, LayoutPDFReader  # noqa: E402
from layoutpdf.model import BBox  # noqa: E402
from test_adapters_common import make_sample_pdf  # noqa: E402


@pytest.fixture(scope="module")
def sample_pdf(tmp_path_factory):
    return make_sample_pdf(tmp_path_factory.mktemp("vm") / "sample.pdf")


def is_uuid(value):
    try:
        return str(uuid.UUID(value)) == value
    except (TypeError, ValueError):
        return False


# ------------------------------------------------------------------ boxes

def lines(x0, x1, top, n, height=10.0, gap=2.0):
    return [BBox(x0, top + k * (height + gap), x1, top + k * (height + gap) + height)
            for k in range(n)]


def test_boxes_of_a_column_merge_into_one_run_and_columns_stay_apart():
    left, right = lines(72, 290, 100, 6), lines(310, 530, 100, 6)
    runs = chunk_boxes([(0, b) for b in left + right], None)
    assert runs == [[0, 72, 100, 290, 170], [0, 310, 100, 530, 170]]


def test_boxes_are_whole_points_rounded_outward():
    [box] = chunk_boxes([(2, BBox(72.6, 100.4, 290.2, 110.5))], None)
    assert box == [2, 72, 100, 291, 111]


def test_boxes_are_capped_but_keep_one_per_page():
    # form fields scattered over a page: no two continue each other
    scattered = [(0, BBox(50 + 90 * (k % 5), 40 * k, 60 + 90 * (k % 5), 40 * k + 8)) for k in range(20)]
    assert len(chunk_boxes(scattered, None)) == 20
    capped = chunk_boxes(scattered, 4)
    assert len(capped) == 4
    for _, b in scattered:    # every box is still covered
        assert any(c[1] <= b.x0 and c[2] <= b.y0 and c[3] >= b.x1 and c[4] >= b.y1 for c in capped)
    two_pages = [(0, BBox(0, 0, 10, 10)), (1, BBox(0, 0, 10, 10)), (1, BBox(0, 500, 10, 510))]
    assert [c[0] for c in chunk_boxes(two_pages, 1)] == [0, 1]
    assert chunk_boxes(two_pages, 0) == []


# ------------------------------------------------------------------ LlamaIndex

@pytest.fixture(scope="module")
def li_docs(sample_pdf):
    return LayoutPDFReader().load_data(sample_pdf)


@pytest.fixture(scope="module")
def nodes(li_docs):
    return LayoutNodeParser(chunk_size=48, chunk_overlap=0).get_nodes_from_documents(li_docs)


def test_llama_index_ids_are_uuids_of_the_readable_ids(li_docs, nodes):
    for d in li_docs:
        assert is_uuid(d.id_) and d.metadata["readable_id"].startswith("layoutpdf-")
        assert d.metadata["readable_id"].endswith(f"-p{d.metadata['page']}")
    by_doc = {}
    for n in nodes:
        assert is_uuid(n.node_id)
        parent = next(d for d in li_docs if d.id_ == n.ref_doc_id)
        i = by_doc.setdefault(n.ref_doc_id, 0)
        assert n.metadata["readable_id"] == f"{parent.metadata['readable_id']}-n{i}"
        by_doc[n.ref_doc_id] += 1
        assert "readable_id" in n.excluded_embed_metadata_keys
    assert len({n.node_id for n in nodes}) == len(nodes)


def test_file_id_is_the_content_hash_or_the_path(sample_pdf, tmp_path, nodes, li_docs):
    copy = tmp_path / "copy.pdf"
    shutil.copy(sample_pdf, copy)
    again = LayoutPDFReader().load_data(copy)
    fid = li_docs[0].metadata["file_id"]
    assert {d.metadata["file_id"] for d in li_docs + again} == {fid}
    assert {n.metadata["file_id"] for n in nodes} == {fid}
    assert not {d.id_ for d in li_docs} & {d.id_ for d in again}    # pages stay apart
    by_path = [LayoutPDFReader(file_id="path").load_data(p)[0].metadata["file_id"]
               for p in (sample_pdf, copy)]
    assert by_path[0] != by_path[1] and fid not in by_path
    with open(sample_pdf, "rb") as fh:
        assert LayoutPDFReader().load_data(fh)[0].metadata["file_id"] == fid
    with pytest.raises(ValueError):
        LayoutPDFReader(file_id="name")


def test_relationship_copies_hold_no_bulky_keys(nodes):
    linked = 0
    for n in nodes:
        assert any(json.loads(n.metadata[k]) for k in ("element_ids", "bboxes"))
        for rel, info in n.relationships.items():
            for i in info if isinstance(info, list) else [info]:
                assert not set(i.metadata) & set(BULKY_KEYS), rel
                assert all(n.metadata.get(k) != v for k, v in i.metadata.items()), rel
            linked += rel in (NodeRelationship.PREVIOUS, NodeRelationship.NEXT)
    assert linked


def test_flags_are_ints_for_metadata_filters(nodes):
    from llama_index.core.vector_stores.types import MetadataFilter
    for n in nodes:
        for key in ("has_math", "oversize"):
            assert type(n.metadata[key]) is int and n.metadata[key] in (0, 1)
            MetadataFilter(key=key, value=n.metadata[key])      # accepted by its validation


def test_max_bboxes_caps_or_drops_the_boxes(li_docs):
    dropped = LayoutNodeParser(chunk_size=400, max_bboxes=0).get_nodes_from_documents(li_docs)
    assert dropped and all("bboxes" not in n.metadata for n in dropped)
    one = LayoutNodeParser(chunk_size=400, max_bboxes=1).get_nodes_from_documents(li_docs)
    for n in one:
        pages = n.metadata["page_end"] - n.metadata["page_start"] + 1
        assert len(json.loads(n.metadata["bboxes"])) <= pages
    with pytest.raises(ValueError):
        LayoutNodeParser(max_bboxes=-1)


# ------------------------------------------------------------------ LangChain

def test_langchain_ids_and_file_id(sample_pdf):
    pages = LayoutPDFLoader(sample_pdf).load()
    chunks = LayoutPDFLoader(sample_pdf).load_and_split()
    fid = pages[0].metadata["file_id"]
    assert all(is_uuid(p.id) and p.metadata["file_id"] == fid for p in pages)
    assert all(is_uuid(c.id) and c.metadata["file_id"] == fid for c in chunks)
    assert len({c.id for c in chunks}) == len(chunks)
    assert [c.id for c in chunks] == [c.id for c in LayoutPDFLoader(sample_pdf).load_and_split()]
    assert all(c.metadata["readable_id"].startswith("layoutpdf-") for c in chunks)


def test_langchain_loader_takes_bytes_and_file_objects(sample_pdf):
    by_path = LayoutPDFLoader(sample_pdf).load()
    data = open(sample_pdf, "rb").read()
    for source in (data, io.BytesIO(data)):
        pages = LayoutPDFLoader(source).load()
        assert [p.page_content for p in pages] == [p.page_content for p in by_path]
        assert pages[0].metadata["file_id"] == by_path[0].metadata["file_id"]
    with pytest.raises(TypeError) as err:
        LayoutPDFLoader(12345)
    assert len(str(err.value)) < 120
    with pytest.raises(ValueError) as err:
        LayoutPDFLoader("/no/such/file.pdf")
    assert len(str(err.value)) < 120
