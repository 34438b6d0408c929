"""Column heads turned by a right angle to fit a narrow column, dark and of the text's size,
are the table's words, not a tiled watermark (issue 36: every word reaches the user). A
textbook's table heads 'NH4+ urinaire', 'TA urinaire', 'pH urinaire' repeat one word three
times on a page, set upright; pale text tiled on a slant is still a watermark."""
from __future__ import annotations

import pymupdf

import layoutpdf
from layoutpdf.model import Role

HEADS = (("NH4+", "urinaire"), ("TA", "urinaire"), ("pH", "urinaire"), ("Signes", "associés"))
SENTENCE = ("Renal tubular acidosis is classified by the site of the defect and by the potassium "
            "level, which guides both the diagnosis and the treatment of the patient. ")


def _page(rotate: int, color=(0, 0, 0)) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_textbox(pymupdf.Rect(60, 60, 540, 200), SENTENCE * 5, fontname="helv", fontsize=10)
    # a table with its column heads set upright (turned 90 degrees) over narrow columns
    x = 120.0
    for first, second in HEADS:       # a head of two words, one line each
        page.insert_text((x, 330), first, fontname="helv", fontsize=9, rotate=rotate, color=color)
        page.insert_text((x + 11, 330), second, fontname="helv", fontsize=9, rotate=rotate, color=color)
        for r in range(4):
            page.insert_text((x - 8, 360 + 16 * r), f"{r + 1}.{len(first)}", fontname="helv", fontsize=9)
        x += 60
    page.insert_textbox(pymupdf.Rect(60, 460, 540, 640), SENTENCE * 5, fontname="helv", fontsize=10)
    return doc.tobytes()


def test_upright_column_heads_are_read():
    d = layoutpdf.parse(_page(90))
    turned = [e for e in d.elements if "urinaire" in e.text]
    assert turned and all(e.role is not Role.WATERMARK for e in turned), [(e.role, e.text) for e in turned]
    assert d.to_markdown().count("urinaire") == 3


def test_pale_words_on_a_slant_are_still_tiled_watermarks():
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_textbox(pymupdf.Rect(60, 60, 540, 780), SENTENCE * 30, fontname="helv", fontsize=10)
    for y in (250, 450, 650):
        page.insert_text((150, y), "INTERNAL COPY", fontname="helv", fontsize=10, color=(0.85, 0.85, 0.85),
                         morph=(pymupdf.Point(150, y), pymupdf.Matrix(-30)))
    d = layoutpdf.parse(doc.tobytes())
    roles = [e.role for e in d.elements if e.text == "INTERNAL COPY"]
    assert len(roles) == 3 and all(r is Role.WATERMARK for r in roles), roles
