"""Figure captions and region growth against the prose around them, on PDFs drawn here
with PyMuPDF: a caption set small ends where body-size type resumes; prose next to a
figure stays prose."""
from __future__ import annotations

import pymupdf
import pytest

import layoutpdf
from layoutpdf.model import Role
from test_figures import H, W, body_text, caption, chart, paragraph, save


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


def test_a_two_line_paragraph_above_a_caption_is_not_taken_by_the_figure_above_it(tmp_path):
    """A paragraph of one full line and a short last one, between a drawing (a logo, a
    chart) and the caption of the figure below: both lines are prose, so the drawing does
    not grow over them and the caption binds the figure it is set on."""
    from test_figures import raster
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    chart(page, pymupdf.Rect(72, 60, 300, 150))
    page.insert_text((72, 161), "strategy. However, not all of the desirable characteristics of the plan were",
                     fontname="tiro", fontsize=10)
    page.insert_text((72, 173), "addressed in the final strategy.", fontname="tiro", fontsize=10)
    y = caption(page, 72, 193, "Figure 2: The extent to which each goal was met.", 468)
    pic = pymupdf.Rect(72, y - 2, 400, y + 160)
    raster(page, pic)
    paragraph(page, 72, pic.y1 + 20, 468, 6, seed=5)
    d = layoutpdf.parse(save(doc, tmp_path))
    bound = [f for f in d.figures if f.label == "Figure 2"]
    assert len(bound) == 1 and bound[0].bbox.to_list(0) == [round(v) for v in pic]
    assert all(f.bbox.y1 < 156 for f in d.figures if f is not bound[0])
    first_line = [ln for ln in d.pages[0].lines if 155 < ln.bbox.y1 < 166][0]
    assert any(first_line.id in e.line_ids for e in d.elements if e.role is Role.PARAGRAPH)


def test_paths_running_off_the_page_are_decoration_not_a_figure(tmp_path):
    """Background art that bleeds off the page (arcs of dots and strokes the page box
    cuts) does not join the figure in the text block into one page-wide region."""
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    y = paragraph(page, 72, 80, 468, 4, seed=1)
    box = pymupdf.Rect(150, y + 10, 420, y + 160)
    chart(page, box)
    y = caption(page, 72, box.y1 + 16, "Figure 1. A chart in the text block.", 468)
    paragraph(page, 72, y + 14, 468, 8, seed=2)
    for k in range(12):   # arcs of faint strokes rising from below the page across it
        x = -60 + 55 * k
        page.draw_bezier((x, H + 40), (x + 60, box.y0 - 40), (x + 120, box.y1), (x + 160, H + 60),
                         color=(0.6, 0.6, 0.6), width=6)
    d = layoutpdf.parse(save(doc, tmp_path))
    figs = [f for f in d.figures if f.label == "Figure 1"]
    assert len(figs) == 1
    f = figs[0]
    assert f.bbox.x0 >= box.x0 - 12 and f.bbox.x1 <= box.x1 + 2 and f.bbox.y1 <= box.y1 + 2
    assert "Input size" in f.text and "Input size" not in body_text(d)   # found on its drawing


def test_an_image_with_running_text_on_it_is_a_background(tmp_path):
    """A tinted picture band with two lines of running text set on it, and a picture
    touching its lower edge: the band is the page's background, not part of the figure."""
    from test_figures import raster
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    band = pymupdf.Rect(72, 72, 540, 200)
    raster(page, band)
    paragraph(page, 90, 120, 430, 2, seed=3)
    pic = pymupdf.Rect(160, band.y1, 452, band.y1 + 150)
    raster(page, pic)
    y = caption(page, 72, pic.y1 + 14, "Figure 1. The picture under the band.", 468)
    paragraph(page, 72, y + 14, 468, 6, seed=2)
    d = layoutpdf.parse(save(doc, tmp_path))
    assert [f.label for f in d.figures] == ["Figure 1"]
    assert d.figures[0].bbox.to_list(0) == [round(v) for v in pic]


@pytest.mark.parametrize("tail", [", with a caption long enough to wrap.", "."])
def test_side_by_side_pictures_with_their_own_captions_stay_apart(tmp_path, tail):
    """Two pictures a few points apart, each with its own caption (wrapped, or one line
    the layout reads as one row with the other) set under it on the same baselines as
    the other's: two figures, each caption bound to its own."""
    from test_figures import raster
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    y = paragraph(page, 72, 80, 468, 4, seed=1)
    a = pymupdf.Rect(72, y + 10, 300, y + 150)
    b = pymupdf.Rect(308, y + 10, 540, y + 150)
    raster(page, a)
    raster(page, b)
    caption(page, 72, a.y1 + 14, "Figure 1. The left picture" + tail, 220)
    caption(page, 308, a.y1 + 14, "Figure 2. The right picture" + tail, 220)
    paragraph(page, 72, a.y1 + 50, 468, 6, seed=2)
    d = layoutpdf.parse(save(doc, tmp_path))
    figs = sorted(d.figures, key=lambda f: f.bbox.x0)
    assert [f.label for f in figs] == ["Figure 1", "Figure 2"]
    assert [f.bbox.to_list(0) for f in figs] == [[round(v) for v in a], [round(v) for v in b]]
    assert figs[0].caption == "Figure 1. The left picture" + tail
    assert figs[1].caption == "Figure 2. The right picture" + tail


def test_a_picture_in_the_text_flow_takes_the_plain_caption_under_it(tmp_path):
    """An office document: the picture is a paragraph of its own, its caption a plain
    paragraph in body type right under it ('Figure 1 The ...', no delimiter). The figure
    is the image placement and binds that caption; a sentence under another picture that
    mentions a figure captioned elsewhere stays a sentence."""
    from test_figures import raster
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    y = paragraph(page, 72, 80, 468, 4, seed=1, size=11, font="helv")
    pic = pymupdf.Rect(72, y + 2, 330, y + 152)
    raster(page, pic)
    page.insert_text((72, pic.y1 + 14), "Figure 1 The dashboard after the first login", fontname="helv", fontsize=11)
    paragraph(page, 72, pic.y1 + 36, 468, 5, seed=2, size=11, font="helv")
    other = pymupdf.Rect(72, 520, 200, 600)
    raster(page, other)
    paragraph(page, 72, 614, 468, 3, seed=3, size=11, font="helv", first="Figure 1 shows the dashboard")
    d = layoutpdf.parse(save(doc, tmp_path))
    figs = sorted(d.figures, key=lambda f: f.bbox.y0)
    assert [f.bbox.to_list(0) for f in figs] == [[round(v) for v in pic], [round(v) for v in other]]
    assert figs[0].label == "Figure 1" and figs[0].caption == "Figure 1 The dashboard after the first login"
    assert figs[1].caption is None
    sentence = next(e for e in d.elements if e.text.startswith("Figure 1 shows"))
    assert sentence.role is Role.PARAGRAPH


def test_an_equation_drawn_with_paths_in_the_flow_is_no_figure(tmp_path):
    """Word-processor equations draw fraction bars and tall delimiters as paths among the
    lines of the text: the paths are the equation's, not a figure."""
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    y = paragraph(page, 72, 80, 468, 4, seed=1)
    page.insert_text((72, y), "and the weights are computed as:", fontname="tiro", fontsize=10)
    top = y + 4
    page.insert_text((232, top + 17), "a =", fontname="tiro", fontsize=10)
    page.insert_text((266, top + 8), "exp ( h + b ) + exp ( h - b )", fontname="tiro", fontsize=8)
    page.draw_line((262, top + 11), (392, top + 11), color=(0, 0, 0), width=0.6)
    page.insert_text((280, top + 20), "sum exp ( h + c )", fontname="tiro", fontsize=8)
    for x0, x1 in ((256, 262), (398, 392)):     # tall parentheses drawn as curves
        page.draw_bezier((x1, top - 2), (x0, top + 6), (x0, top + 18), (x1, top + 26), color=(0, 0, 0), width=0.6)
    page.insert_text((500, top + 14), "(7)", fontname="tiro", fontsize=10)
    paragraph(page, 72, top + 40, 468, 5, seed=2, first="where the sum runs over")
    d = layoutpdf.parse(save(doc, tmp_path))
    assert d.figures == ()
    assert "exp ( h + b )" in d.to_markdown()


def test_a_caption_over_the_lower_edge_of_its_picture_leaves_it_a_figure(tmp_path):
    """Word processors let a caption overlap the bottom of the picture box: the picture
    is still the figure (not a background with text on it), boxed to its placement."""
    from test_figures import raster
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    y = paragraph(page, 72, 80, 468, 4, seed=1)
    pic = pymupdf.Rect(72, y + 10, 520, y + 230)
    raster(page, pic)
    caption(page, 76, pic.y1 - 2, "Figure 3-11   Selecting the table from the navigator", 440)
    paragraph(page, 72, pic.y1 + 24, 468, 5, seed=2)
    d = layoutpdf.parse(save(doc, tmp_path))
    assert [f.label for f in d.figures] == ["Figure 3-11"]
    f = d.figures[0]
    assert f.bbox.to_list(0) == [round(v) for v in pic] and "caption-first" not in " ".join(f.reasons)


def test_a_small_label_of_a_diagram_set_right_under_prose_stays_the_diagrams(tmp_path):
    """A diagram framed right under a paragraph (modelling tools export them so): the
    frame's small name tab at its top is the diagram's label, not a line of the text."""
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    y = paragraph(page, 72, 80, 468, 3, seed=1)
    frame = pymupdf.Rect(74, y - 6, 440, y + 200)
    page.draw_rect(frame, color=(0, 0, 0), width=0.5)
    page.insert_text((77, frame.y0 + 5.5), "cd Hydrographic", fontname="helv", fontsize=4.4)
    chart(page, pymupdf.Rect(100, frame.y0 + 20, 420, frame.y1 - 10))
    paragraph(page, 72, frame.y1 + 20, 468, 5, seed=2)
    d = layoutpdf.parse(save(doc, tmp_path))
    assert len(d.figures) == 1
    assert "cd Hydrographic" in d.figures[0].text
    assert "cd Hydrographic" not in body_text(d)


def test_a_section_heading_on_a_tinted_band_is_no_figure(tmp_path):
    """Report designs set a section heading on a tinted picture band: the band is the
    heading's background, not a figure, and the heading stays a heading."""
    from test_figures import raster
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    y = paragraph(page, 72, 80, 468, 5, seed=1)
    band = pymupdf.Rect(72, y + 10, 300, y + 38)
    raster(page, band)
    page.insert_text((80, band.y1 - 8), "1  Introduction", fontname="helv", fontsize=13.5)
    paragraph(page, 72, band.y1 + 20, 468, 6, seed=2)
    d = layoutpdf.parse(save(doc, tmp_path))
    assert d.figures == ()
    assert any(e.role in (Role.HEADING, Role.TITLE) and "Introduction" in e.text for e in d.elements)


def test_a_boxed_text_panel_next_to_a_chart_is_not_part_of_it(tmp_path):
    """A ruled frame around a paragraph (a key-points panel) right above a chart: the
    frame holds running text, so it is a panel, and the figure is the chart alone."""
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    y = paragraph(page, 72, 80, 468, 3, seed=1)
    panel = pymupdf.Rect(72, y, 540, y + 70)
    page.draw_rect(panel, color=(0, 0, 0), width=0.8)
    paragraph(page, 82, panel.y0 + 16, 448, 4, seed=3, first="Key points")
    box = pymupdf.Rect(150, panel.y1 + 6, 420, panel.y1 + 156)
    chart(page, box)
    y = caption(page, 72, box.y1 + 16, "Figure 1. A chart under a boxed panel.", 468)
    paragraph(page, 72, y + 14, 468, 5, seed=2)
    d = layoutpdf.parse(save(doc, tmp_path))
    assert [f.label for f in d.figures] == ["Figure 1"]
    f = d.figures[0]
    assert f.bbox.y0 >= panel.y1 and f.bbox.x0 >= box.x0 - 2 and f.bbox.x1 <= box.x1 + 2
    assert "Key points" in body_text(d)
