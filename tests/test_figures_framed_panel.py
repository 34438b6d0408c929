"""A framed panel of running text set in two narrow columns is text, not a figure (issue 36:
every word of the box is body text). A health booklet draws a rounded frame around
a boxed note ("Lobular carcinoma in situ") whose two columns set four or five words a line,
fewer than the page's running text; a line a paragraph wraps reaches to within a word of
its column's edge, a figure's label does not. A chart with its labels stays a figure."""
from __future__ import annotations

from collections import Counter

import pymupdf

import layoutpdf
from layoutpdf.model import Role

NOTE = ("Some women have abnormal cells that are contained within the lobules of the breast. This "
        "is called lobular carcinoma in situ. This is not cancer. While it increases the risk of "
        "developing breast cancer, most women with this condition will not develop breast cancer. "
        "It is usually detected during tests for other breast disorders. If you are diagnosed, you "
        "will be monitored with regular screening mammograms or other types of breast imaging.")
PROSE = ("Breast cancer is the most common cancer diagnosed in women, and it can occur at any age, "
         "although it is more common in women over forty years of age. ")


def _booklet() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=420, height=595)
    frame = pymupdf.Rect(43, 100, 334, 290)
    page.draw_rect(frame, color=(1, 0.82, 0), width=1.0, radius=0.05)
    page.insert_text((54, 122), "Lobular carcinoma in situ", fontname="hebo", fontsize=12, color=(0, 0.35, 0.6))
    font = pymupdf.Font("helv")
    left = pymupdf.TextWriter(page.rect, color=(0, 0.35, 0.6))
    rest = left.fill_textbox(pymupdf.Rect(54, 130, 182, 232), NOTE, font=font, fontsize=9.2)
    left.write_text(page)
    right = pymupdf.TextWriter(page.rect, color=(0, 0.35, 0.6))
    right.fill_textbox(pymupdf.Rect(200, 130, 326, 282), " ".join(t for t, _ in rest), font=font, fontsize=9.2)
    right.write_text(page)
    page.insert_textbox(pymupdf.Rect(43, 310, 334, 560), PROSE * 6, fontname="helv", fontsize=10)
    return doc.tobytes()


def _chart() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=420, height=595)
    page.insert_textbox(pymupdf.Rect(43, 40, 334, 150), PROSE * 3, fontname="helv", fontsize=10)
    page.draw_rect(pymupdf.Rect(60, 170, 320, 380), color=(0, 0, 0), width=0.8)
    for k, (label, h) in enumerate((("North", 120), ("South", 80), ("East", 150), ("West", 60))):
        x = 80 + 60 * k
        page.draw_rect(pymupdf.Rect(x, 370 - h, x + 30, 370), color=None, fill=(0.2, 0.4, 0.8))
        page.insert_text((x, 392), label, fontname="helv", fontsize=8)
        page.insert_text((x + 4, 365 - h), str(h), fontname="helv", fontsize=8)
    page.insert_textbox(pymupdf.Rect(43, 420, 334, 560), PROSE * 3, fontname="helv", fontsize=10)
    return doc.tobytes()


def test_a_framed_panel_in_narrow_columns_is_text():
    d = layoutpdf.parse(_booklet())
    assert not [e for e in d.elements if e.role is Role.FIGURE], [(e.role, e.text[:40]) for e in d.elements]
    # every word of the note is body text (the order inside the panel is the layout stage's)
    body = Counter(" ".join(e.text for e in d.elements if e.layer.name == "BODY"
                            and e.role is not Role.FIGURE).split())
    assert not Counter(NOTE.split()) - body, Counter(NOTE.split()) - body


def test_a_chart_with_its_labels_stays_a_figure():
    d = layoutpdf.parse(_chart())
    assert [e for e in d.elements if e.role is Role.FIGURE]
