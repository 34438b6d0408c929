"""LayoutPDFLoader / LayoutPDFParser against PyMuPDFLoader / PyMuPDFParser on the same PDFs.

What a drop-in must keep: one Document per page with ``page == i``, the constructor
arguments (each honoured or named in a warning), single mode's delimiter, table formats,
metadata keys and types, a missing file raising ``ValueError``, whitespace input.
"""
import inspect
import re
import warnings

import pytest

pytest.importorskip("langchain_core")
community = pytest.importorskip("langchain_community.document_loaders")

from langchain_core.documents.base import Blob  # noqa: E402

from layoutpdf.langchain import LayoutPDFLoader, LayoutPDFParser, LayoutTextSplitter  # noqa: E402
from test_contract_common import paper, ruled_table, two_pages, with_image  # noqa: E402

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from langchain_community.document_loaders import PyMuPDFLoader  # noqa: E402
    from langchain_community.document_loaders.parsers import PyMuPDFParser  # noqa: E402
    from langchain_community.document_loaders.parsers.images import (  # noqa: E402
        BaseImageBlobParser)


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory):
    d = tmp_path_factory.mktemp("contract_lc")
    return {"two": two_pages(d / "two.pdf"), "paper": paper(d / "paper.pdf"),
            "table": ruled_table(d / "table.pdf"), "image": with_image(d / "image.pdf"),
            "locked": paper(d / "locked.pdf", password="password")}


@pytest.mark.parametrize("name", ["two", "paper", "table", "image"])
def test_one_document_per_page_with_the_same_metadata(pdfs, name):
    ours, theirs = LayoutPDFLoader(pdfs[name]).load(), PyMuPDFLoader(pdfs[name]).load()
    assert len(ours) == len(theirs)
    assert [d.metadata["page"] for d in ours] == [d.metadata["page"] for d in theirs]
    for a, b in zip(ours, theirs):
        assert set(b.metadata) <= set(a.metadata)
        for key, value in b.metadata.items():
            assert type(a.metadata[key]) is type(value), key
            if key not in ("producer", "creator", "format", "encryption"):
                assert a.metadata[key] == value, key


def test_page_texts_are_what_is_printed_on_each_page(pdfs):
    ours = LayoutPDFLoader(pdfs["two"]).load()
    assert [d.page_content for d in ours] == ["Page 1 Content", "Page 2 Content"]
    docs = LayoutPDFLoader(pdfs["paper"]).load()
    assert docs[0].page_content.endswith("and the study")
    assert docs[1].page_content.startswith("goes on here and ends.")
    assert docs[2].page_content == "" and "Appendix" in docs[3].page_content
    assert [d.metadata["page_label"] for d in docs] == ["i", "ii", "1", "2"]


def test_title_is_stripped_as_pymupdfloader_strips_it(pdfs):
    (theirs, *_), (ours, *_) = PyMuPDFLoader(pdfs["paper"]).load(), LayoutPDFLoader(pdfs["paper"]).load()
    assert ours.metadata["title"] == theirs.metadata["title"] == "A Study of Things"


def test_every_pymupdfloader_argument_is_accepted():
    theirs = inspect.signature(PyMuPDFLoader.__init__).parameters
    ours = inspect.signature(LayoutPDFLoader.__init__).parameters
    named = [p for p in theirs.values() if p.kind is not p.VAR_KEYWORD and p.name != "self"]
    missing = [p.name for p in named if p.name not in ours]
    assert not missing
    for p in named:
        if p.default is not p.empty:
            assert ours[p.name].default == p.default, p.name


def test_the_standard_arguments_and_web_path(pdfs):
    loader = LayoutPDFLoader(pdfs["paper"], mode="page", pages_delimiter="---",
                             images_parser=None, images_inner_format="text", password=None)
    assert len(loader.load()) == 4 and loader.web_path is None
    assert loader.source == loader.file_path == str(pdfs["paper"])


@pytest.mark.parametrize("loader", [PyMuPDFLoader, LayoutPDFLoader])
def test_a_missing_file_raises_value_error_at_construction(tmp_path, loader):
    with pytest.raises(ValueError):
        loader(tmp_path / "nope.pdf")


@pytest.mark.parametrize("delimiter", ["\n\f", "---"])
def test_single_mode_joins_the_page_texts_with_the_delimiter(pdfs, delimiter):
    pages = LayoutPDFLoader(pdfs["paper"]).load()
    (ours,) = LayoutPDFLoader(pdfs["paper"], mode="single", pages_delimiter=delimiter).load()
    (theirs,) = PyMuPDFLoader(pdfs["paper"], mode="single", pages_delimiter=delimiter).load()
    assert ours.page_content == delimiter.join(p.page_content for p in pages)
    assert ours.page_content.count(delimiter) == theirs.page_content.count(delimiter) == 3
    assert "page" not in ours.metadata and ours.metadata["total_pages"] == 4


def test_a_paragraph_across_pages_is_still_one_chunk_for_our_splitter(pdfs):
    pages = LayoutPDFLoader(pdfs["paper"]).load()
    chunks = LayoutTextSplitter(chunk_size=2000).split_documents(pages)
    joined = [c for c in chunks if "and the study goes on here" in c.page_content]
    assert len(joined) == 1
    assert (joined[0].metadata["page_start"], joined[0].metadata["page_end"]) == (0, 1)
    assert not any(c.page_content.startswith("goes on here") for c in chunks)
    assert chunks == LayoutPDFLoader(pdfs["paper"]).load_and_split(LayoutTextSplitter(chunk_size=2000))
    # the split data is not metadata: another splitter copies none of it
    from langchain_text_splitters import RecursiveCharacterTextSplitter
    other = RecursiveCharacterTextSplitter(chunk_size=200).split_documents(pages)
    assert max(len(str(c.metadata)) for c in other) < 700


TABLE_PATTERNS = {
    "markdown": r"(?m)^\|.*\|\n^\|(?:\s?:?-+:?\s?\|)+\n(?:^\|.*\|\n?)+",
    "html": r"(?s)<table[^>]*>.*?</table>",
    "csv": r"(?m)(?:^[^\n,]*(?:,[^\n,]*){2,}\n){2,}",
}


@pytest.mark.parametrize("fmt", ["markdown", "html", "csv"])
@pytest.mark.parametrize("mode", ["page", "single"])
def test_extract_tables_formats(pdfs, fmt, mode):
    theirs = PyMuPDFLoader(pdfs["table"], mode=mode, extract_tables=fmt).load()
    ours = LayoutPDFLoader(pdfs["table"], mode=mode, extract_tables=fmt).load()
    assert "gamma" in theirs[0].page_content.split("proposals.")[-1]   # their table, after the text
    match = re.search(TABLE_PATTERNS[fmt], ours[0].page_content)
    assert match and "alpha" in match.group(0) and "0.77" in match.group(0)
    with pytest.raises(ValueError):
        LayoutPDFLoader(pdfs["table"], extract_tables="xml")


class NamedImages(BaseImageBlobParser):
    def _analyze_image(self, img) -> str:
        return f"picture {img.width}x{img.height}"


@pytest.mark.parametrize("fmt, pattern", [("text", r"picture \d+x\d+"),
                                          ("markdown-img", r"!\[picture \d+x\d+\]\(#\)"),
                                          ("html-img", r'<img alt="picture \d+x\d+" src="#" />')])
def test_images_parser_text_follows_the_figure(pdfs, fmt, pattern):
    pytest.importorskip("PIL")
    (ours,) = LayoutPDFLoader(pdfs["image"], images_parser=NamedImages(),
                              images_inner_format=fmt).load()
    assert re.search(pattern, ours.page_content), ours.page_content
    caption = ours.page_content.index("Figure 1: A red and blue picture.")
    assert re.search(pattern, ours.page_content[caption:])


@pytest.mark.parametrize("kwargs, name", [({"extract_images": True}, "extract_images"),
                                          ({"extract_tables_settings": {"snap_tolerance": 3}},
                                           "extract_tables_settings"),
                                          ({"sort": True}, "sort")])
def test_arguments_not_used_are_named_in_a_warning(pdfs, kwargs, name):
    with pytest.warns(UserWarning, match=name):
        loader = LayoutPDFLoader(pdfs["two"], **kwargs)
    assert len(loader.load()) == 2


def test_load_with_runtime_arguments_warns_and_loads(pdfs):
    with pytest.warns(UserWarning, match="sort"):
        assert len(LayoutPDFLoader(pdfs["two"]).load(sort=True)) == 2


def test_password_argument_and_attribute(pdfs):
    assert len(LayoutPDFLoader(pdfs["locked"], password="password").load()) == 4
    parser = LayoutPDFParser()
    parser.password = "password"           # upstream's tests set it after construction
    assert len(list(parser.lazy_parse(Blob.from_path(pdfs["locked"])))) == 4


def test_parser_like_pymupdfparser(pdfs):
    for parser, theirs in ((LayoutPDFParser(), PyMuPDFParser()),
                           (LayoutPDFParser(mode="single"), PyMuPDFParser(mode="single"))):
        blob = Blob.from_path(pdfs["paper"])
        docs, ref = list(parser.lazy_parse(blob)), list(theirs.lazy_parse(blob))
        assert len(docs) == len(ref)
        assert docs[0].metadata["source"] == ref[0].metadata["source"] == str(pdfs["paper"])
        for key in ("creationdate", "creator", "producer", "total_pages"):
            assert key in docs[0].metadata
    data = Blob.from_data(pdfs["two"].read_bytes(), path=str(pdfs["two"]))
    assert [d.page_content for d in LayoutPDFParser().lazy_parse(data)] == \
        ["Page 1 Content", "Page 2 Content"]


@pytest.mark.parametrize("text", ["", " ", "\n\n", " \t\n "])
def test_whitespace_gives_no_chunk(text):
    splitter = LayoutTextSplitter()
    assert splitter.split_text(text) == []
    assert splitter.create_documents([text]) == []
