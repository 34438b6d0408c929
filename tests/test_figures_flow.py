"""Figure captions and region growth against the prose around them, on PDFs drawn here
with PyMuPDF: a caption set small ends where body-size type resumes; prose next to a
figure stays prose."""
from __future__ import annotations

import pymupdf

import layoutpdf
from layoutpdf.model import Role
from test_figures import H, W, caption, chart, paragraph, save


def test_caption_ends_where_body_type_resumes(tmp_path):
    """Browsers and office suites set a figure caption a size smaller and start the next
    paragraph little more than a line below it: the caption binds alone and the paragraph
    stays a paragraph of the flow."""
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    y = paragraph(page, 72, 80, 468, 5, seed=1)
    chart(page, pymupdf.Rect(200, y + 6, 412, y + 156))
    y = caption(page, 72, y + 172, "Figure 1. Memory use of every cache policy we measured.", 468)
    paragraph(page, 72, y + 4.5, 468, 5, seed=2, first="The next paragraph goes on")
    d = layoutpdf.parse(save(doc, tmp_path))
    assert len(d.figures) == 1
    f = d.figures[0]
    assert f.label == "Figure 1"
    assert f.caption == "Figure 1. Memory use of every cache policy we measured."
    paras = [e for e in d.elements if e.role is Role.PARAGRAPH and e.text.startswith("The next paragraph")]
    assert len(paras) == 1
    caps = [e for e in d.elements if e.role is Role.CAPTION]
    assert [e.text for e in caps] == [f.caption]
    assert f.caption_element_id == caps[0].id


def test_a_display_equation_in_the_flow_is_no_label_of_the_picture_below(tmp_path):
    """A paragraph ends, a display equation follows it at line spacing, and a picture is
    placed just below: the equation goes on the paragraph (it is read after it), so the
    picture does not grow over it and the equation stays in the text."""
    from test_figures import raster
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    y = paragraph(page, 72, 80, 468, 5, seed=1)
    page.insert_text((250, y + 1), "y = a x + b (n + 1)", fontname="tiro", fontsize=9.0)
    pic = pymupdf.Rect(160, y + 10, 452, y + 170)
    raster(page, pic)
    y = caption(page, 72, pic.y1 + 14, "Figure 1. A picture placed under the equation.", 468)
    paragraph(page, 72, y + 14, 468, 5, seed=2)
    d = layoutpdf.parse(save(doc, tmp_path))
    assert len(d.figures) == 1
    f = d.figures[0]
    assert f.label == "Figure 1"
    assert f.bbox.y0 >= pic.y0 - 1
    assert "y = a x + b" in d.to_markdown()
    assert "y = a x + b" not in f.text
