"""split.table_format="rows" (issue 39, optional): each table row said with its column
labels ("Operating income — 2016: 3,589,436; ..."), so a piece of a table read alone says
what each number is; later pieces open with the table's context line. The default
("markdown") is unchanged, and a value outside the choices is refused."""
from __future__ import annotations

import re

import pytest

import layoutpdf
from layoutpdf.errors import SettingsError
from layoutpdf.settings import Settings
from layoutpdf.split import Splitter, split_markdown

from filings_pdfs import income_statement_pdf

STATEMENT = """#### Consolidated Statements of Operations

(In millions)

| | For the Years Ended December 31, / 2021 | For the Years Ended December 31, / 2020 |
|---|---|---|
| Operating revenues | \\$ 3,930 | \\$ 3,777 |
| Operating expenses: | | |
| Operation and maintenance | 1,777 | 1,622 |
| Depreciation and amortization | 636 | 604 |
| Total operating expenses, net | 2,734 | 2,529 |
| Operating income | 1,196 | 1,248 |

The next paragraph."""


def test_rows_say_each_value_with_its_column_label():
    chunks = split_markdown(STATEMENT, chunk_size=80, table_format="rows")
    text = "\n".join(c.text for c in chunks)
    assert "Depreciation and amortization — 2021: 636; 2020: 604" in text
    assert "Operating income — 2021: 1,196; 2020: 1,248" in text
    assert "Operating expenses:" in text and "|" not in text
    assert all(c.token_count <= 80 for c in chunks)
    later = [c for c in chunks[1:] if c.table_rows]
    assert later and all(c.text.startswith("Consolidated Statements of Operations") and "(continued)" in
                         c.text.split("\n")[0] for c in later), [c.text for c in chunks]


def test_every_row_is_said_once():
    chunks = split_markdown(STATEMENT, chunk_size=80, table_format="rows")
    rows = [ln for c in chunks for ln in c.text.split("\n") if " — " in ln]
    assert len(rows) == 5 and len(set(rows)) == 5
    firsts = sorted(a for c in chunks for _, a, _ in c.table_rows)
    assert firsts[0] == 1


def test_markdown_is_the_default_and_unchanged():
    default = [c.text for c in split_markdown(STATEMENT, chunk_size=80)]
    assert default == [c.text for c in split_markdown(STATEMENT, chunk_size=80, table_format="markdown")]
    assert any(re.search(r"^\| Operating income \| 1,196 \| 1,248 \|$", t, re.M) for t in default)


def test_a_table_format_outside_the_choices_is_refused():
    with pytest.raises(SettingsError, match="table_format"):
        Splitter(table_format="csv")
    with pytest.raises(SettingsError, match="table_format"):
        Settings.resolve({"split": {"table_format": "csv"}})


def test_the_llama_index_parser_reads_the_setting():
    pytest.importorskip("llama_index.core")
    from llama_index.core.schema import Document as LIDocument
    from layoutpdf.llama_index import LayoutNodeParser
    md = layoutpdf.parse(income_statement_pdf()).to_markdown()
    parser = LayoutNodeParser.from_settings({"split": {"chunk_size": 128, "table_format": "rows"}})
    assert parser.table_format == "rows"
    texts = [n.get_content() for n in parser.get_nodes_from_documents([LIDocument(text=md)])]
    joined = "\n".join(texts)
    assert re.search(r"Operating income — [^\n]*2016: 3,589,436", joined), joined
    assert "|---|" not in joined


def test_ray_and_langchain_read_the_setting():
    from layoutpdf.ray import _splitter
    settings = Settings.resolve({"split": {"table_format": "rows", "display_context": 2}})
    splitter = _splitter(settings, None, None)
    assert (splitter.table_format, splitter.display_context) == ("rows", 2)
    pytest.importorskip("langchain_text_splitters")
    from layoutpdf.langchain import LayoutTextSplitter
    texts = LayoutTextSplitter.from_settings({"split": {"chunk_size": 80, "table_format": "rows"}}) \
        .split_text(STATEMENT)
    assert any("Operating income — 2021: 1,196; 2020: 1,248" in t for t in texts), texts
