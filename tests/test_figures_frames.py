"""Figures drawn on a pale background box (office suites, browsers), and shaded text
panels that are no figures -- on PDFs drawn here with PyMuPDF."""
from __future__ import annotations

import pymupdf

import layoutpdf
from test_figures import BODY, caption, paragraph, save

PALE = (0.96, 0.96, 0.95)


def _diagram(page, r: pymupdf.Rect) -> None:
    """A row of rounded, labelled boxes joined by arrows, and a wide box under them (a pipeline
    diagram), on a pale background box larger than the drawing."""
    page.draw_rect(r, color=None, fill=PALE)
    x, y0 = r.x0 + 15, r.y0 + 60
    for k, name in enumerate(("Parser", "Cache", "Monitor", "Encoder")):
        page.draw_rect(pymupdf.Rect(x, y0, x + 58, y0 + 46), color=(0.1, 0.3, 0.5), fill=(1, 1, 1), width=1.2,
                       radius=0.12)
        page.insert_text((x + 10, y0 + 27), name, fontname="helv", fontsize=11.4)
        if k < 3:
            page.draw_line((x + 59, y0 + 23), (x + 70, y0 + 23), color=(0.2, 0.2, 0.2), width=0.8)
            page.draw_polyline([(x + 66, y0 + 19), (x + 71, y0 + 23), (x + 66, y0 + 27)],
                               color=(0.2, 0.2, 0.2), fill=(0.2, 0.2, 0.2))
        x += 72
    page.draw_rect(pymupdf.Rect(r.x0 + 15, y0 + 76, x - 14, y0 + 104), color=(0.1, 0.3, 0.5),
                   fill=(0.92, 0.95, 0.97), width=0.8)
    page.insert_text((r.x0 + 130, y0 + 94), "Ranker", fontname="helv", fontsize=10.6)


def test_a_diagram_on_a_pale_background_is_the_whole_box(tmp_path):
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = paragraph(page, 72, 72, 468, 6, seed=1)
    box = pymupdf.Rect(150, y + 6, 450, y + 206)
    _diagram(page, box)
    caption(page, 150, box.y1 + 12, "Figure 1. The stages of the pipeline, left to right.", 300)
    paragraph(page, 72, box.y1 + 40, 468, 6, seed=2)
    d = layoutpdf.parse(save(doc, tmp_path))
    assert len(d.figures) == 1
    f = d.figures[0]
    assert f.label == "Figure 1"
    assert f.bbox.to_list(0) == [box.x0, box.y0, box.x1, box.y1]


def test_a_shaded_text_panel_does_not_swallow_its_prose(tmp_path):
    """A pale box with a paragraph and a small drawing in it: a text panel; the drawing
    stays itself and the panel's prose stays in the flow."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = paragraph(page, 72, 72, 468, 6, seed=1)
    panel = pymupdf.Rect(72, y + 6, 540, y + 236)
    page.draw_rect(panel, color=None, fill=PALE)
    yy = paragraph(page, 84, panel.y0 + 18, 444, 6, seed=3, first="Key points of the method")
    _ = yy
    page.draw_bezier((200, panel.y1 - 90), (250, panel.y1 - 150), (350, panel.y1 - 20), (400, panel.y1 - 80),
                     color=(1, 0, 0), width=1.0)
    page.draw_polyline([(200, panel.y1 - 20), (260, panel.y1 - 60), (330, panel.y1 - 30), (400, panel.y1 - 70)],
                       color=(0, 0, 1), width=1.0)
    paragraph(page, 72, panel.y1 + 20, 468, 6, seed=2)
    d = layoutpdf.parse(save(doc, tmp_path))
    md = d.to_markdown()
    assert "Key points of the method" in md
    assert all(f.bbox.y0 > panel.y0 + 60 for f in d.figures)   # never the whole panel
