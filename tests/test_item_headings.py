"""A 10-K's items are its sections (issue 39 C, E): 'Item 2. Properties.' set bold in the
body size, its title closed by a full stop as a word processor's filing style has it, and
'Item 7. Management's Discussion and Analysis of Financial Condition and Results of
Operations', thirteen words, were read as paragraphs (a heading ending in a full stop, a
bold heading of more than twelve words), so each stood alone in a tiny chunk, ahead of a
sub-heading that opens the next (Best Buy 2023 and Netflix 2017 10-Ks).

The fixture is generated here: two pages of a filing set in Helvetica, items and their
sub-headings in Helvetica-Bold of the body size."""
from __future__ import annotations

import pymupdf
import pytest

import layoutpdf
from filings_pdfs import prose
from layoutpdf.model import Role

SIZE, PITCH, LEFT = 8.0, 10.0, 36.0
ITEMS = ("Item 1B. Unresolved Staff Comments.", "Item 2. Properties.",
         "Item 7. Management's Discussion and Analysis of Financial Condition and Results "
         "of Operations")
SUBHEADING = "Domestic Stores"


def _para(page, y: float, words: int, start: int) -> float:
    text = prose(words, start).split()
    for i in range(0, len(text), 16):
        page.insert_text((LEFT, y), " ".join(text[i:i + 16]), fontname="helv", fontsize=SIZE)
        y += PITCH
    return y + 0.8 * PITCH


def _bold(page, y: float, text: str) -> float:
    page.insert_text((LEFT, y), text, fontname="hebo", fontsize=SIZE)
    return y + 1.8 * PITCH


def write(path) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 60.0
    for k in range(6):
        y = _para(page, y, 96, k)
    y = _bold(page, y, ITEMS[0])
    page.insert_text((LEFT, y), "Not applicable.", fontname="helv", fontsize=SIZE)
    page = doc.new_page(width=612, height=792)
    y = _bold(page, 60.0, ITEMS[1])
    y = _bold(page, y, SUBHEADING)
    for k in range(4):
        y = _para(page, y, 96, k + 3)
    y = _bold(page, y, ITEMS[2])
    y = _bold(page, y, "Overview and Results of Operations")
    for k in range(3):
        y = _para(page, y, 96, k + 5)
    doc.save(str(path))


@pytest.fixture(scope="module")
def path(tmp_path_factory):
    p = tmp_path_factory.mktemp("items") / "items.pdf"
    write(p)
    return p


def test_items_are_headings(path):
    doc = layoutpdf.parse(str(path), {"ocr": {"mode": "never"}})
    headings = {e.text for e in doc.body_elements() if e.role is Role.HEADING}
    assert set(ITEMS) <= headings
    assert SUBHEADING in headings


def test_no_item_stands_alone_in_a_chunk(path):
    li = pytest.importorskip("layoutpdf.llama_index")
    docs = li.LayoutPDFReader().load_data(str(path))
    nodes = li.LayoutNodeParser(chunk_size=256).get_nodes_from_documents(docs)
    texts = [n.get_content().strip() for n in nodes]
    for item in ITEMS[1:]:
        holding = [t for t in texts if item in t]
        # the item opens its section's chunk: text of its own follows it there
        assert holding and all(len(t) - t.index(item) > len(item) + 40 for t in holding), holding


@pytest.mark.parametrize("text", ["Note 3. Acquisitions.", "ARTICLE IV.", "Section 2.1 Definitions."])
def test_labelled_sections_may_end_in_a_full_stop(tmp_path, text):
    p = tmp_path / "label.pdf"
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = _bold(page, 60.0, text)
    _para(page, y, 64, 1)
    doc.save(str(p))
    parsed = layoutpdf.parse(str(p), {"ocr": {"mode": "never"}})
    assert [e.text for e in parsed.body_elements() if e.role is Role.HEADING] == [text]
