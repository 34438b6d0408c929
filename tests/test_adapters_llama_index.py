"""LayoutPDFReader and LayoutNodeParser on a two-page PDF made here (no downloads)."""
import asyncio
import contextlib
import io
import json
import pickle
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path, PurePosixPath

import pytest

pytest.importorskip("llama_index.core")

from llama_index.core.node_parser import SentenceSplitter  # noqa: E402
from llama_index.core.schema import (Document, ImageNode, MetadataMode,  # noqa: E402
                                     NodeRelationship, TextNode)

import layoutpdf  # noqa: E402
from layoutpdf.llama_index import LayoutNodeParser, LayoutPDFReader  # noqa: E402
from layoutpdf.split import get_tokenizer  # noqa: E402
from test_adapters_common import STITCH, make_sample_pdf  # noqa: E402

FIXTURES = Path(__file__).parent / "fixtures" / "pdfs"
FLAT = (str, int, float, bool, type(None))
TOK = get_tokenizer("cl100k_base")


@pytest.fixture(scope="module")
def sample_pdf(tmp_path_factory):
    return make_sample_pdf(tmp_path_factory.mktemp("li") / "sample.pdf")


@pytest.fixture(scope="module")
def docs(sample_pdf):
    return LayoutPDFReader().load_data(sample_pdf)


def assert_flat(meta):
    bad = {k: type(v).__name__ for k, v in meta.items() if not isinstance(v, FLAT)}
    assert not bad, bad


# -- reader ------------------------------------------------------------------------------
def test_one_document_per_page_with_pdfreader_metadata(docs, sample_pdf):
    assert [d.metadata["page"] for d in docs] == [0, 1]
    assert [d.metadata["page_label"] for d in docs] == ["1", "2"]
    for d in docs:
        m = d.metadata
        assert m["file_name"] == "sample.pdf" and m["source"] == str(sample_pdf)
        assert m["total_pages"] == 2 and m["layoutpdf_issues"] == 0
        assert m["text_source"] == "native"
        assert_flat(m)
        for hidden in ("page", "total_pages", "source", "file_path", "layoutpdf_issues"):
            assert hidden in d.excluded_embed_metadata_keys
            assert hidden in d.excluded_llm_metadata_keys
        visible = d.get_metadata_str(MetadataMode.EMBED)
        assert "page_label: " in visible and "file_name: " in visible
        # the split data rides beside the metadata, never in it
        assert "layoutpdf_units" not in m and json.loads(d.layoutpdf["u"])["u"]


def test_page_texts_are_markdown_printed_on_each_page(docs, sample_pdf):
    assert docs[0].text.startswith("# Introduction")
    assert docs[0].text.endswith("and the method") and docs[1].text.startswith("continues here")


def test_single_mode(sample_pdf):
    (doc,) = LayoutPDFReader(mode="single").load_data(sample_pdf)
    pages = LayoutPDFReader().load_data(sample_pdf)
    assert doc.text == "\n".join(p.text for p in pages)       # as PDFReader joins pages
    (md,) = LayoutPDFReader(mode="single", pages_delimiter=None).load_data(sample_pdf)
    assert md.text == layoutpdf.parse(sample_pdf).to_markdown()
    assert "page" not in doc.metadata and doc.metadata["total_pages"] == 2


def test_extra_info_is_merged_over_metadata(sample_pdf):
    docs = LayoutPDFReader().load_data(sample_pdf, extra_info={"file_name": "x.pdf", "k": 1})
    assert all(d.metadata["file_name"] == "x.pdf" and d.metadata["k"] == 1 for d in docs)


def test_bytes_file_object_and_fsspec(sample_pdf, docs):
    data = sample_pdf.read_bytes()
    assert [d.text for d in LayoutPDFReader().load_data(data)] == [d.text for d in docs]
    assert [d.text for d in LayoutPDFReader().load_data(io.BytesIO(data))] == [d.text for d in docs]
    fsspec = pytest.importorskip("fsspec")
    fs = fsspec.filesystem("memory")
    fs.pipe("/bucket/remote.pdf", data)
    got = LayoutPDFReader().load_data(PurePosixPath("/bucket/remote.pdf"), extra_info=None, fs=fs)
    assert [d.text for d in got] == [d.text for d in docs]
    assert got[0].metadata["file_name"] == "remote.pdf"


def test_lazy_load_data_is_a_generator(sample_pdf):
    it = LayoutPDFReader().lazy_load_data(sample_pdf)
    assert next(iter(it)).metadata["page"] == 0


def test_reader_pickles_and_settings_pass_through(sample_pdf):
    reader = LayoutPDFReader(layoutpdf.Settings().replace(furniture={"enabled": False}),
                             mode="single")
    clone = pickle.loads(pickle.dumps(reader))
    assert clone.settings == reader.settings and clone.settings["furniture"]["enabled"] is False
    assert clone.load_data(sample_pdf)[0].text == reader.load_data(sample_pdf)[0].text
    with pytest.raises(layoutpdf.SettingsError):
        LayoutPDFReader({"no_such_section": {}})


def test_threads_and_aload_data_give_the_same_documents(sample_pdf, docs):
    reader = LayoutPDFReader()
    with ThreadPoolExecutor(4) as ex:
        results = list(ex.map(lambda _: reader.load_data(sample_pdf), range(6)))
    assert all([d.text for d in r] == [d.text for d in docs] for r in results)

    async def many():
        return await asyncio.gather(*(reader.aload_data(sample_pdf) for _ in range(4)))
    assert all([d.text for d in r] == [d.text for d in docs] for r in asyncio.run(many()))


def test_unreadable_input_raises_layoutpdf_errors(tmp_path):
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(b"hello, not a pdf")
    with pytest.raises(layoutpdf.NotAPDFError):
        LayoutPDFReader().load_data(bad)


# -- node parser ---------------------------------------------------------------------------
def test_nodes_are_verbatim_slices_with_relationships(docs):
    nodes = LayoutNodeParser(chunk_size=64).get_nodes_from_documents(docs)
    by_id = {d.id_: d for d in docs}
    assert len(nodes) > 4
    for n in nodes:
        assert isinstance(n, TextNode)
        parent = by_id[n.ref_doc_id]
        if parent.text[n.start_char_idx:n.end_char_idx] != n.text:
            # only a chunk of the paragraph continued on the next page is not a slice
            assert n.metadata["page_end"] > n.metadata["page"]
            assert n.end_char_idx == len(parent.text)
        assert "layoutpdf_units" not in n.metadata
        assert "layoutpdf_units" not in n.relationships[NodeRelationship.SOURCE].metadata
        assert_flat(n.metadata)
    for a, b in zip(nodes, nodes[1:]):
        if a.ref_doc_id == b.ref_doc_id:
            assert a.relationships[NodeRelationship.NEXT].node_id == b.node_id
            assert b.relationships[NodeRelationship.PREVIOUS].node_id == a.node_id
        else:
            assert NodeRelationship.NEXT not in a.relationships


def test_node_metadata_from_provenance_and_hidden_keys(docs):
    nodes = LayoutNodeParser(chunk_size=64).get_nodes_from_documents(docs)
    for n in nodes:
        m = n.metadata
        assert m["page_start"] == m["page"] or STITCH in n.text
        assert json.loads(m["element_ids"]) and json.loads(m["bboxes"])
        for key in ("element_ids", "bboxes", "unit_kinds", "page_start", "has_math"):
            assert key in n.excluded_embed_metadata_keys and key in n.excluded_llm_metadata_keys
        embed = n.get_content(metadata_mode=MetadataMode.EMBED)
        assert "bboxes" not in embed and "heading_path: " in embed
    stitched = [n for n in nodes if "and the method continues" in n.text]
    assert stitched and stitched[0].metadata["page_end"] == 1
    page2 = [n for n in nodes if n.metadata["page"] == 1]
    assert page2[0].metadata["heading_path"] == "Introduction > Results"


def node_view(nodes):
    return [(n.node_id, n.text, n.metadata) for n in nodes]


@pytest.mark.parametrize("name", ["three_column.pdf", "two_column.pdf", "running_furniture.pdf"])
def test_a_page_parsed_alone_keeps_the_headings_of_earlier_pages(name):
    """IngestionPipeline(num_workers=N) hands a node parser a run of pages that may start
    mid-file: each page document records the headings in force where it starts."""
    docs = LayoutPDFReader().load_data(FIXTURES / name)
    assert len(docs) > 1
    for d in docs:
        start = json.loads(d.layoutpdf["h"])
        assert all(isinstance(lvl, int) and isinstance(t, str) for lvl, t in start)
        assert "layoutpdf_headings_at_start" not in d.metadata
    assert docs[0].layoutpdf["h"] == "[]"
    parser = LayoutNodeParser(chunk_size=128)
    together = parser.get_nodes_from_documents(docs)
    alone = [n for d in docs for n in parser.get_nodes_from_documents([d])]
    # pages handed over together are one flow (a chunk may run across a page break), so
    # the chunks may differ where a paragraph runs on; a chunk found in both has the
    # same id, page and heading path
    seen = {n.text: n for n in together}
    shared = [n for n in alone if n.text in seen]
    assert shared
    assert node_view(shared) == node_view([seen[n.text] for n in shared])
    for n in together:
        assert "layoutpdf_headings_at_start" not in n.metadata


def test_node_on_page_2_under_a_heading_from_page_1():
    docs = LayoutPDFReader().load_data(FIXTURES / "three_column.pdf")
    page2 = docs[1]
    assert not page2.text.lstrip().startswith("#")          # page 2 opens with body text
    first = LayoutNodeParser(chunk_size=128).get_nodes_from_documents([page2])[0]
    assert first.metadata["page"] == 1
    assert first.metadata["heading_path"] == ("Field Notes on Coastal Settlements > "
                                              "From the archive")     # both on page 1
    assert "From the archive" not in page2.text
    bare = Document(text=page2.text, metadata={k: v for k, v in page2.metadata.items()
                                               if k != "layoutpdf_headings_at_start"})
    (without,) = LayoutNodeParser(chunk_size=128).get_nodes_from_documents([bare])[:1]
    assert without.metadata["heading_path"] == ""    # what the seed is there for


def test_chunk_budget_and_node_text_is_get_content(docs):
    nodes = LayoutNodeParser(chunk_size=48).get_nodes_from_documents(docs)
    for n in nodes:
        assert n.get_content() == n.text
        assert TOK.count(n.text) <= 48 or n.metadata["oversize"]


def test_metadata_never_too_long_for_llama_index_splitters(docs):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        SentenceSplitter(chunk_size=128, chunk_overlap=0).get_nodes_from_documents(docs)
        nodes = LayoutNodeParser(chunk_size=128).get_nodes_from_documents(docs)
        SentenceSplitter(chunk_size=128, chunk_overlap=0).get_nodes_from_documents(nodes)
    assert "Metadata length" not in out.getvalue()
    for n in nodes:
        assert TOK.count(n.get_metadata_str(MetadataMode.EMBED)) < 64
        assert TOK.count(n.get_metadata_str(MetadataMode.LLM)) < 64


def test_display_math_and_footnotes_in_any_markdown_document():
    md = ("# Paper\n\n" + "Words about an equation in a long sentence. " * 12 + "\n\n"
          "$$\nE = mc^2 + \\sum_{i=1}^{n} x_i\n$$\n\n"
          "A claim with a note[^1] and more words " * 3 + ".\n\n[^1]: The footnote text.\n\n"
          + "Closing words of the paper. " * 10)
    doc = Document(text=md, metadata={"file_name": "x.md"})
    nodes = LayoutNodeParser(chunk_size=40).get_nodes_from_documents([doc])
    assert len(nodes) > 2
    for n in nodes:
        assert n.text.count("$$") % 2 == 0
        assert md[n.start_char_idx:n.end_char_idx] == n.text
        assert n.metadata["file_name"] == "x.md"
    holder = [n for n in nodes if "[^1]:" in n.text]
    assert holder and "note[^1]" in holder[0].text


def test_overlap_repeats_whole_sentences():
    md = " ".join(f"Sentence number {i} is here." for i in range(80))
    nodes = LayoutNodeParser(chunk_size=40, chunk_overlap=10).get_nodes_from_documents(
        [Document(text=md)])
    assert len(nodes) > 2
    for a, b in zip(nodes, nodes[1:]):
        first = re.split(r"(?<=\.)\s+", b.text)[0]
        assert first in a.text
        assert md[b.start_char_idx:b.end_char_idx].startswith(first)
        assert md[b.start_char_idx:b.end_char_idx].endswith(b.text[-30:])


def test_image_nodes_for_figures():
    md = ("# Paper\n\nAs Figure 2 shows, the curve rises.\n\n"
          "![Figure 2: A plot of x](figs/f2.png)\n\nFigure 2: A plot of x against y.\n\n"
          + "Unrelated closing text. " * 30)
    doc = Document(text=md)
    nodes = LayoutNodeParser(chunk_size=30, emit_image_nodes=True).get_nodes_from_documents([doc])
    images = [n for n in nodes if isinstance(n, ImageNode)]
    texts = [n for n in nodes if not isinstance(n, ImageNode)]
    assert len(images) == 1
    img = images[0]
    assert img.image_path == "figs/f2.png" and img.text == "Figure 2: A plot of x against y."
    holder = next(t for t in texts if t.node_id == img.relationships[NodeRelationship.PARENT].node_id)
    assert "![Figure 2" in holder.text
    assert [c.node_id for c in holder.relationships[NodeRelationship.CHILD]] == [img.node_id]
    assert img.relationships[NodeRelationship.SOURCE].node_id == doc.id_
    assert NodeRelationship.NEXT not in img.relationships
    mentioned = json.loads(img.metadata["mentioned_in"])
    assert all("Figure 2" in next(t.text for t in texts if t.node_id == m) for m in mentioned)
    assert LayoutNodeParser(chunk_size=30).get_nodes_from_documents([doc]) and not any(
        isinstance(n, ImageNode) for n in LayoutNodeParser(chunk_size=30)([doc]))


def test_parser_options_validation_and_pickle():
    p = LayoutNodeParser.from_settings({"split": {"chunk_size": 300, "chunk_overlap": 20}})
    assert (p.chunk_size, p.chunk_overlap, p.encoding) == (300, 20, "cl100k_base")
    clone = pickle.loads(pickle.dumps(p))
    assert clone.chunk_size == 300
    with pytest.raises(ValueError):
        LayoutNodeParser(chunk_size=100, chunk_overlap=100)
    bare = LayoutNodeParser(chunk_size=64, include_metadata=False,
                            include_prev_next_rel=False).get_nodes_from_documents(
        [Document(text="Hello there. " * 40, metadata={"a": 1})])
    assert all(n.metadata == {} and NodeRelationship.NEXT not in n.relationships for n in bare)


def test_empty_documents_give_no_nodes():
    assert LayoutNodeParser().get_nodes_from_documents([Document(text="  ")]) == []


def test_simple_directory_reader_on_a_non_local_filesystem(sample_pdf, docs):
    fsspec = pytest.importorskip("fsspec")
    from llama_index.core import SimpleDirectoryReader
    fs = fsspec.filesystem("memory")
    fs.pipe("/papers/a.pdf", sample_pdf.read_bytes())
    reader = SimpleDirectoryReader(input_dir="/papers", fs=fs,
                                   file_extractor={".pdf": LayoutPDFReader()})
    got = reader.load_data()
    assert [d.text for d in got] == [d.text for d in docs]
    assert got[0].metadata["file_name"] == "a.pdf" and "file_path" in got[0].metadata
