"""Two ways text went missing or doubled in designed documents (textbooks, reports):
text printed twice on the same spot read twice, and a decorated panel of running text
(objectives, key points) taken for a vector figure, so its text left the Markdown."""
from __future__ import annotations

import pymupdf

import layoutpdf
from layoutpdf.model import Role

SENTENCES = ["Prescribe and interpret a blood gas test in a given clinical situation.",
             "Diagnose and treat a metabolic acidosis and a respiratory acidosis.",
             "Know the main causes of metabolic alkalosis and their diagnostic features.",
             "Explain how the kidney restores the balance after an acute disturbance."]


def overprinted_pdf() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for colour in ((0.2, 0.2, 0.6), (0.1, 0.1, 0.1)):        # two plates, same spot
        page.insert_text((72, 90), "Acid-Base Disorders", fontname="hebo", fontsize=16, color=colour)
        y = 130.0
        for s in SENTENCES:
            page.insert_text((72, y), s, fontname="helv", fontsize=10, color=colour)
            y += 14
    # the same sentence again further down, on purpose: a real repetition stays
    page.insert_text((72, 300), SENTENCES[0], fontname="helv", fontsize=10)
    return doc.tobytes()


def test_text_printed_twice_on_one_spot_is_read_once():
    doc = layoutpdf.parse(overprinted_pdf())
    md = doc.to_markdown()
    assert md.count("Acid-Base Disorders") == 1
    for s in SENTENCES[1:]:
        assert md.count(s) == 1, s
    assert md.count(SENTENCES[0]) == 2              # printed at two places: both kept
    assert "DisordersAcid" not in md.replace(" ", "")


def panel_pdf() -> bytes:
    """A wide rounded, tinted panel with a tint behind every line of text (as InDesign
    exports a highlighted objectives box): groups of running text with room around them,
    so the text covers less than a quarter of the panel; ordinary text below it."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 60), "Chapter 5", fontname="hebo", fontsize=16)
    tint = (0.7, 0.88, 0.92)
    page.draw_rect(pymupdf.Rect(20, 80, 600, 690), color=None, fill=tint, radius=0.05)
    y = 110.0
    for group in range(3):
        page.insert_text((90, y), f"OBJECTIVES {group + 1}", fontname="hebo", fontsize=10)
        y += 15
        for s in SENTENCES + SENTENCES[:2]:
            width = pymupdf.get_text_length(s, fontname="helv", fontsize=10)
            page.draw_rect(pymupdf.Rect(90, y - 8, 90 + width, y + 2), color=None, fill=tint)
            page.insert_text((90, y), s, fontname="helv", fontsize=10)
            y += 15
        y += 60
    page.insert_textbox(pymupdf.Rect(72, 700, 540, 780),
                        "The chapter then turns to the measurement of blood gases. " * 3,
                        fontname="helv", fontsize=10)
    return doc.tobytes()


def test_a_decorated_panel_of_running_text_is_not_a_figure():
    doc = layoutpdf.parse(panel_pdf())
    assert not doc.figures, [f.bbox for f in doc.figures]
    md = doc.to_markdown()
    for s in SENTENCES:
        assert s in md
    assert any(e.role in (Role.PARAGRAPH, Role.LIST_ITEM) and SENTENCES[1] in e.text
               for e in doc.elements)
