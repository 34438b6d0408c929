"""A statement's row carried to the top of the next page is body, though its label's first
line stands where the running header stands on the other pages (issue 39 F, issue 36;
office seed 51 doc10 p5: 'Cash and cash equivalents at' / 'beginning of period  61,529
278  21,469' was set aside as a running header, the label's first words lost).

The fixture is generated here: a running header centred at the top of each page but the
last statement page, a page-number footer, a cash-flow statement whose last two rows go
on to that page."""
from __future__ import annotations

import pymupdf
import pytest

import layoutpdf
from filings_pdfs import prose
from layoutpdf.model import Layer

HEAD, SIZE, PITCH, LEFT = "PIEDMONT WATER COMPANY", 11.0, 13.0, 74.0
COLS = (359.0, 445.0, 531.0)


def _right(page, x1, y, text):
    page.insert_text((x1 - pymupdf.get_text_length(text, "helv", SIZE), y), text, fontname="helv", fontsize=SIZE)


def _furniture(page, n, pages, head=True):
    if head:
        w = pymupdf.get_text_length(HEAD, "hebo", SIZE)
        page.insert_text(((612 - w) / 2, 47.7), HEAD, fontname="hebo", fontsize=SIZE)
    text = f"Page {n} of {pages}"
    page.insert_text(((612 - pymupdf.get_text_length(text, "helv", 9)) / 2, 754), text, fontname="helv", fontsize=9)


def write(path) -> None:
    doc = pymupdf.open()
    pages = 4
    for n in range(1, 3):
        page = doc.new_page(width=612, height=792)
        _furniture(page, n, pages)
        y = 80.0
        words = prose(600, n).split()
        for i in range(0, 560, 14):
            page.insert_text((LEFT, y), " ".join(words[i:i + 14]), fontname="helv", fontsize=SIZE)
            y += PITCH
    page = doc.new_page(width=612, height=792)
    _furniture(page, 3, pages)
    y = 80.0
    page.insert_text((LEFT, y), "Consolidated Statements of Cash Flows", fontname="hebo", fontsize=SIZE + 2)
    y += 2 * PITCH
    for x1, year in zip(COLS, ("2023", "2022", "2021")):
        _right(page, x1, y, year)
    y += PITCH
    for k in range(40):
        page.insert_text((LEFT, y), f"Operating item number {k + 1} of the statement", fontname="helv", fontsize=SIZE)
        for j, x1 in enumerate(COLS):
            _right(page, x1, y, f"{(k + 1) * (j + 3) * 37:,}")
        y += PITCH
    page = doc.new_page(width=612, height=792)
    _furniture(page, 4, pages, head=False)
    page.insert_text((LEFT, 47.7), "Cash and cash equivalents at", fontname="helv", fontsize=SIZE)
    page.insert_text((LEFT + 10.8, 60.5), "beginning of period", fontname="helv", fontsize=SIZE)
    for x1, v in zip(COLS, ("61,529", "278", "21,469")):
        _right(page, x1, 60.5, v)
    page.insert_text((LEFT, 84.0), "Cash and cash equivalents at", fontname="helv", fontsize=SIZE)
    page.insert_text((LEFT + 10.8, 96.5), "end of period", fontname="helv", fontsize=SIZE)
    for x1, v in zip(COLS, ("$ 54,616", "$ 916", "$ 6,000")):
        _right(page, x1, 96.5, v)
    y = 130.0
    words = prose(200, 7).split()
    for i in range(0, 196, 14):
        page.insert_text((LEFT, y), " ".join(words[i:i + 14]), fontname="helv", fontsize=SIZE)
        y += PITCH
    doc.save(str(path))


@pytest.fixture(scope="module")
def parsed(tmp_path_factory):
    path = tmp_path_factory.mktemp("zone") / "carried.pdf"
    write(path)
    return layoutpdf.parse(str(path), {"ocr": {"mode": "never"}})


def test_the_carried_rows_keep_their_words(parsed):
    last = [e for e in parsed.elements if e.page == 3]
    furniture = [e.text for e in last if e.layer is Layer.FURNITURE]
    assert not any("Cash and cash" in t for t in furniture), furniture
    md = " ".join(parsed.to_markdown().split())
    assert "Cash and cash equivalents at beginning of period" in md.replace("| ", "").replace(" |", "")


def test_the_running_header_is_still_set_aside(parsed):
    heads = [e for e in parsed.elements if e.text.strip() == HEAD]
    assert len(heads) == 3 and all(e.layer is Layer.FURNITURE for e in heads)
