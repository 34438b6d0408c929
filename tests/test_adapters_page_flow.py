"""One flow across page Documents, and floats that wait for a paragraph's display.

Fixture tests/fixtures/tex/display_context.pdf (pdfLaTeX, committed; built by
tests/fixtures/tex/make_tex_fixtures.py): a paragraph breaks mid-sentence at the foot of
page 1; page 2 opens with a figure set at its top, the rest of the paragraph, the
sentence 'The shrinkage estimator is defined as follows:', the display and its
'where $\\lambda$ is ...' clause.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import layoutpdf

PDF = Path(__file__).parent / "fixtures" / "tex" / "display_context.pdf"
INTRO = "The shrinkage estimator is defined as follows:"
DISPLAY = "\\hat{\\theta}"
WHERE = "where $\\lambda$ is the penalty weight"


def test_the_float_waits_for_the_display_and_its_clause():
    md = layoutpdf.parse(str(PDF)).to_markdown()
    assert md.index(INTRO) < md.index(DISPLAY) < md.index(WHERE) < md.index("Figure 1: Throughput")


def _holder(texts):
    found = [t for t in texts if DISPLAY in t]
    assert len(found) == 1
    return found[0]


def test_llama_index_page_documents_are_one_flow():
    li = pytest.importorskip("layoutpdf.llama_index")
    docs = li.LayoutPDFReader().load_data(str(PDF))
    assert len(docs) == 2 and DISPLAY not in docs[0].text     # pages hold their own text
    nodes = li.LayoutNodeParser(chunk_size=256, join_pages=True).get_nodes_from_documents(docs)
    text = _holder([n.text for n in nodes])
    assert INTRO in text and WHERE in text
    node = next(n for n in nodes if n.text == text)
    assert node.metadata["page_end"] == 1
    assert node.metadata["page"] == node.metadata["page_start"]      # the page it starts on
    assert node.ref_doc_id == docs[node.metadata["page"]].id_
    assert all(n.ref_doc_id == docs[n.metadata["page_start"]].id_ for n in nodes)


def test_langchain_load_and_split_is_one_flow():
    lc = pytest.importorskip("layoutpdf.langchain")
    loader = lc.LayoutPDFLoader(str(PDF))
    chunks = loader.load_and_split(lc.LayoutTextSplitter(chunk_size=256, add_start_index=True,
                                                         join_pages=True))
    text = _holder([c.page_content for c in chunks])
    chunk = next(c for c in chunks if c.page_content == text)
    assert INTRO in text and WHERE in text
    assert chunk.metadata["page"] == chunk.metadata["page_start"] and chunk.metadata["page_end"] == 1
    pages = loader.load()
    for c in chunks:      # start_index points into the page the chunk starts on (a
        page = pages[c.metadata["page"]].page_content    # paragraph's tail: the page's end)
        at = c.metadata["start_index"]
        assert page[at:].startswith(c.page_content[:40]) or (
            at == len(page) and c.page_content[:40] not in page)


def test_page_documents_split_one_by_one_keep_the_display_with_its_introduction():
    """Without join_pages every page Document is split on its own (chunks never depend on
    how pages are batched), yet the display that opens page 2 is split with the paragraph
    that leads into it, which starts on page 1: a paragraph, its displays and the clause
    after them are one flow unit, split with the page where it starts."""
    li = pytest.importorskip("layoutpdf.llama_index")
    docs = li.LayoutPDFReader().load_data(str(PDF))
    assert DISPLAY not in docs[0].text and DISPLAY in docs[1].text
    parser = li.LayoutNodeParser(chunk_size=256)
    nodes = parser.get_nodes_from_documents(docs)
    text = _holder([n.text for n in nodes])
    assert INTRO in text and WHERE in text
    node = next(n for n in nodes if n.text == text)
    assert node.ref_doc_id == docs[0].id_ and node.metadata["page_end"] == 1
    alone = parser.get_nodes_from_documents(docs[1:])             # page 2 in a batch of its own
    assert not any(DISPLAY in n.text for n in alone)
    assert [n.node_id for n in parser.get_nodes_from_documents(docs[:1])] == \
        [n.node_id for n in nodes if n.ref_doc_id == docs[0].id_]


def test_langchain_pages_split_one_by_one_keep_the_display_with_its_introduction():
    lc = pytest.importorskip("layoutpdf.langchain")
    chunks = lc.LayoutPDFLoader(str(PDF)).load_and_split()
    text = _holder([c.page_content for c in chunks])
    assert INTRO in text and WHERE in text


_WORDS = ("archive ledger budget harbor signal crater meadow lantern quarry velvet orbit canyon "
          "thistle copper falcon garnet hollow island jasmine kettle").split()


def _sentences(n: int, start: int) -> str:
    """Sentences that differ from each other (no line repeats at one place on two pages)."""
    out = []
    for i in range(start, start + n):
        w = [_WORDS[(i * k + k) % len(_WORDS)] for k in range(1, 9)]
        out.append(f"The {w[0]} {w[1]} keeps {w[2]} records while {w[3]} {w[4]} checks the "
                   f"{w[5]} of {w[6]} {w[7]} number {i}.")
    return " ".join(out)


def test_a_browser_two_column_page_break_keeps_the_display_with_its_introduction():
    """Chromium prints two CSS columns on A5: a paragraph starts on page 1 and ends on
    page 2 with 'The shrinkage estimator is defined as follows:', and a MathML display
    opens the rest of page 2. Page documents split one by one keep them together."""
    from browser_pdfs import print_html
    li = pytest.importorskip("layoutpdf.llama_index")
    html = f"""<!doctype html><html><head><meta charset="utf-8"><style>
    @page {{ size: A5; margin: 18mm 14mm; }}
    body {{ font-family: 'Liberation Serif', serif; font-size: 10pt; line-height: 1.3;
           column-count: 2; column-gap: 6mm; text-align: justify; }}
    p {{ margin: 0 0 0.4em 0; }}
    </style></head><body>
    <p>{_sentences(12, 1)}</p><p>{_sentences(8, 13)}</p>
    <p>{_sentences(20, 21)} {INTRO}</p>
    <math xmlns="http://www.w3.org/1998/Math/MathML" display="block"><mi>E</mi><mo>=</mo>
    <mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></math>
    <p>where the mass is taken at rest. {_sentences(6, 60)}</p></body></html>"""
    data = print_html(html)
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp, "browser_flow.pdf")
        pdf.write_bytes(data)
        docs = li.LayoutPDFReader().load_data(str(pdf))
        nodes = li.LayoutNodeParser(chunk_size=256).get_nodes_from_documents(docs)
    assert len(docs) == 2 and "c^{2}" not in docs[0].text and "c^{2}" in docs[1].text
    assert "number 21." in docs[0].text                # the paragraph starts on page 1
    holder = [n for n in nodes if "c^{2}" in n.text]
    assert len(holder) == 1
    assert INTRO in holder[0].text and "where the mass is taken at rest" in holder[0].text
    assert holder[0].metadata["page_start"] == 0 and holder[0].metadata["page_end"] == 1
