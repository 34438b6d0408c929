"""Drop caps: a large initial set into the first lines of a paragraph (magazines, Nature
journals) is the first letter of the paragraph, not a word on the line its baseline sits on."""
from __future__ import annotations

import pymupdf

import layoutpdf
from layoutpdf.model import Role

LINES = ["calable quantum computation is one of the goals of modern physics. Towards",
         "that goal, trapped atomic ions are hailed as one of the most promising",
         "platforms for the eventual realization of a large quantum computer, and",
         "the linear trap with a chain of ions was among the first systems used to",
         "demonstrate high-fidelity gates and to generate entangled states."]


def drop_cap_pdf(cap_size: float = 36, label: bool = False) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_textbox(pymupdf.Rect(72, 72, 540, 160),
                        "An opening paragraph sets the scene before the drop cap begins the "
                        "introduction of the article.", fontname="tiro", fontsize=10)
    pitch, top = 12.0, 200.0
    cap_w = pymupdf.get_text_length("S", fontname="tiro", fontsize=cap_size)
    for i, text in enumerate(LINES):
        x = 72 + (cap_w + 3 if i < 3 else 0)          # the first three lines make room
        page.insert_text((x, top + i * pitch), text, fontname="tiro", fontsize=10)
    # the initial's baseline sits on the third line
    page.insert_text((72, top + 2 * pitch), "S", fontname="tiro", fontsize=cap_size)
    return doc.tobytes()


def test_drop_cap_starts_its_paragraph():
    doc = layoutpdf.parse(drop_cap_pdf())
    para = next(e for e in doc.elements if "quantum computation" in e.text)
    assert para.role is Role.PARAGRAPH
    assert para.text.startswith("Scalable quantum computation")
    expected = " ".join(LINES).replace("calable", "Scalable", 1)
    assert para.text == expected
    assert not any(e.text.strip() == "S" for e in doc.elements)


def test_a_large_letter_beside_one_line_is_not_a_drop_cap():
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 120), "A", fontname="hebo", fontsize=30)      # a panel label
    page.insert_text((100, 110), "Panel overview of the measured spectra.", fontname="tiro",
                     fontsize=10)
    page.insert_textbox(pymupdf.Rect(72, 160, 540, 300),
                        "The spectra were measured at room temperature. " * 4,
                        fontname="tiro", fontsize=10)
    parsed = layoutpdf.parse(doc.tobytes())
    assert not any(e.text.startswith("APanel") for e in parsed.elements)
