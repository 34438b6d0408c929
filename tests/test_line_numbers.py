"""Review manuscripts carry line numbers in the margins (lineno, ACL/journal submission
styles). They are furniture: read as text they would open every line of every paragraph."""
from __future__ import annotations

import collections

import pymupdf

import layoutpdf
from layoutpdf.model import Layer, Role

WORDS = ("retrieval quality depends on how documents are split into passages and how the "
         "passages keep their structure across columns pages and floats").split()


def _line(i: int) -> str:
    return " ".join(WORDS[(i * 5 + k) % len(WORDS)] for k in range(7))


def manuscript(pages: int = 2, digits: int = 3, every: int = 1) -> tuple[bytes, list[str]]:
    """Two columns; left-column numbers in the left margin, right-column numbers in the
    right margin (ACL review style), counting on across pages."""
    doc = pymupdf.open()
    n, sentences = 0, []
    for _ in range(pages):
        page = doc.new_page(width=612, height=792)
        for x_text, x_num in ((72, 50), (320, 560)):
            y = 90.0
            for i in range(40):
                text = _line(n) + ("." if i % 8 == 7 else "")
                sentences.append(text)
                label = str(n).zfill(digits)
                if n % every == 0:
                    page.insert_text((x_num, y), label, fontname="cour", fontsize=7,
                                     color=(0.5, 0.5, 0.5))
                page.insert_text((x_text, y), text, fontname="tiro", fontsize=10)
                y += 15
                n += 1
    return doc.tobytes(), sentences


def test_margin_line_numbers_are_furniture():
    pdf, _ = manuscript()
    doc = layoutpdf.parse(pdf)
    roles = collections.Counter(e.role for e in doc.elements)
    assert roles[Role.LINE_NUMBER] == 160
    assert all(e.layer is Layer.FURNITURE for e in doc.elements if e.role is Role.LINE_NUMBER)
    md = doc.to_markdown()
    assert not any(tok.isdigit() for tok in md.split()), "a line number leaked into the text"
    body = " ".join(e.text for e in doc.elements if e.layer is Layer.BODY)
    assert body.startswith(_line(0))
    assert len(doc.pages[0].columns) == 2


def test_a_numbers_column_of_a_table_is_not_line_numbers():
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_textbox(pymupdf.Rect(72, 72, 540, 140), " ".join(WORDS) + ".",
                        fontname="tiro", fontsize=10)
    y = 170.0
    for k, (name, value) in enumerate([("alpha", 12), ("beta", 7), ("gamma", 31), ("delta", 4),
                                       ("epsilon", 19), ("zeta", 25), ("eta", 2)]):
        page.insert_text((100, y), name, fontname="tiro", fontsize=10)
        page.insert_text((300, y), str(value), fontname="tiro", fontsize=10)
        y += 14
    parsed = layoutpdf.parse(doc.tobytes())
    assert not any(e.role is Role.LINE_NUMBER for e in parsed.elements)
    assert "31" in parsed.to_markdown()


def test_row_numbers_of_a_table_under_prose_are_not_line_numbers():
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    prose = " ".join(WORDS * 3) + "."
    assert page.insert_textbox(pymupdf.Rect(72, 72, 540, 150), prose, fontname="tiro",
                               fontsize=10) >= 0
    y = 180.0
    for k in range(1, 9):
        page.insert_text((72, y), str(k), fontname="tiro", fontsize=10)
        page.insert_text((100, y), f"sample {WORDS[k]}", fontname="tiro", fontsize=10)
        page.insert_text((300, y), f"{k * 3.5:.1f}", fontname="tiro", fontsize=10)
        y += 14
    assert page.insert_textbox(pymupdf.Rect(72, y + 20, 540, y + 100), prose, fontname="tiro",
                               fontsize=10) >= 0
    parsed = layoutpdf.parse(doc.tobytes())
    assert not any(e.role is Role.LINE_NUMBER for e in parsed.elements)
    assert "sample" in parsed.to_markdown()


def test_every_fifth_line_numbered_is_furniture_too():
    pdf, _ = manuscript(pages=1, digits=1, every=5)
    doc = layoutpdf.parse(pdf)
    assert sum(e.role is Role.LINE_NUMBER for e in doc.elements) == 16
    assert not any(tok.isdigit() for tok in doc.to_markdown().split())


def test_section_numbers_down_a_contents_page_are_not_line_numbers():
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 100.0
    for k, gap in enumerate([30, 90, 45, 120, 60, 75], 1):
        page.insert_text((90, y), str(k), fontname="hebo", fontsize=11)
        page.insert_text((110, y), f"Section about {WORDS[k]} and {WORDS[k + 3]}", fontname="hebo",
                         fontsize=11)
        page.insert_textbox(pymupdf.Rect(110, y + 6, 540, y + gap - 4), " ".join(WORDS[:14]),
                            fontname="tiro", fontsize=10)
        y += gap
    parsed = layoutpdf.parse(doc.tobytes())
    assert not any(e.role is Role.LINE_NUMBER for e in parsed.elements)
