"""Figures end to end on small PDFs drawn here with PyMuPDF: regions, labels, binding,
rendering and crops."""
from __future__ import annotations

import os

import pymupdf
import pytest

import layoutpdf
from layoutpdf.figures_io import figure_file_names, render_figure, safe_stem, save_figures
from layoutpdf.model import Role, UnitKind
from layoutpdf.render.markdown import render_units

W, H = 612.0, 792.0
BODY = 10.0
WORDS = ("retrieval systems read documents in the order a careful person would follow them "
         "while columns figures and captions keep their places on every page of the report "
         "so that each sentence reaches the reader whole and in sequence without stray labels").split()


def words(seed: int):
    i = seed * 7
    while True:
        yield WORDS[i % len(WORDS)]
        i += 1


def paragraph(page, x0: float, y: float, width: float, n_lines: int, seed: int,
              size: float = BODY, font: str = "tiro", first: str | None = None) -> float:
    """Justified-looking prose: full lines, a short last line. Returns the next baseline."""
    gen = words(seed)
    pending = first.split() if first else []
    for k in range(n_lines):
        line = []
        limit = width if k < n_lines - 1 else width * 0.45
        while True:
            w = pending.pop(0) if pending else next(gen)
            if pymupdf.get_text_length(" ".join(line + [w]), fontname=font, fontsize=size) > limit:
                pending.insert(0, w)
                break
            line.append(w)
        text = " ".join(line)
        if k == n_lines - 1:
            text += "."
        page.insert_text((x0, y), text, fontname=font, fontsize=size)
        y += size * 1.2
    return y


def caption(page, x0: float, y: float, text: str, width: float, size: float = 9.0) -> float:
    """A caption wrapped to `width`; returns the next baseline."""
    line, out = [], []
    for w in text.split():
        if pymupdf.get_text_length(" ".join(line + [w]), fontname="tiro", fontsize=size) > width:
            out.append(" ".join(line))
            line = []
        line.append(w)
    out.append(" ".join(line))
    for t in out:
        page.insert_text((x0, y), t, fontname="tiro", fontsize=size)
        y += size * 1.2
    return y


def chart(page, r: pymupdf.Rect, xlabel: str = "Input size", ylabel: str = "Memory use") -> None:
    """A line plot: axes, grid, two curves, tick labels, axis labels (one rotated)."""
    ax = pymupdf.Rect(r.x0 + 28, r.y0 + 4, r.x1 - 4, r.y1 - 26)
    page.draw_rect(ax, color=(0, 0, 0), width=0.5)
    for k in range(1, 4):
        y = ax.y0 + k * ax.height / 4
        page.draw_line((ax.x0, y), (ax.x1, y), color=(0.8, 0.8, 0.8), width=0.3)
    pts = [pymupdf.Point(ax.x0 + i * ax.width / 20, ax.y1 - ax.height * (0.1 + 0.8 * ((i * 7) % 11) / 11))
           for i in range(21)]
    page.draw_polyline(pts, color=(0, 0, 1), width=0.8)
    page.draw_bezier((ax.x0, ax.y1), (ax.x0 + 20, ax.y0), (ax.x1 - 20, ax.y0), (ax.x1, ax.y1 - 5),
                     color=(1, 0, 0), width=0.8)
    for k in range(6):
        x = ax.x0 + k * ax.width / 5
        page.insert_text((x - 2, ax.y1 + 8), str(2 * k), fontname="helv", fontsize=6.5)
    for k, v in enumerate(("0", "0.5", "1", "1.5")):
        y = ax.y1 - k * ax.height / 3
        page.insert_text((ax.x0 - 12, y + 2), v, fontname="helv", fontsize=6.5)
    page.insert_text((ax.x0 + ax.width / 2 - 15, ax.y1 + 19), xlabel, fontname="helv", fontsize=7.5)
    page.insert_text((r.x0 + 8, ax.y0 + ax.height / 2 + 15), ylabel, fontname="helv", fontsize=7.5,
                     rotate=90)


def raster(page, r: pymupdf.Rect) -> None:
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 64, 40), False)
    pix.clear_with(200)
    for x in range(10, 30):
        for y in range(5, 35):
            pix.set_pixel(x, y, (200, 40, 40))
    page.insert_image(r, pixmap=pix, keep_proportion=False)


def save(doc, tmp_path, name="figs.pdf") -> str:
    path = os.path.join(tmp_path, name)
    doc.save(path)
    return path


def body_text(d) -> str:
    return "\n".join(e.text for e in d.elements if e.role in (Role.PARAGRAPH, Role.LIST_ITEM))


# -- one column -------------------------------------------------------------------------------
@pytest.fixture
def one_column(tmp_path):
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    y = paragraph(page, 72, 80, 468, 6, seed=1)
    chart(page, pymupdf.Rect(200, y + 14, 412, y + 164))
    y = caption(page, 72, y + 184, "Figure 1: Memory use grows slowly with the input size "
                "for every cache policy we measured.", 468)
    y = paragraph(page, 72, y + 14, 468, 5, seed=2,
                  first="As Figure 1 shows the cache stays small")
    return save(doc, tmp_path)


def test_vector_chart_found_with_its_labels(one_column):
    d = layoutpdf.parse(one_column)
    assert len(d.figures) == 1
    f = d.figures[0]
    assert f.kind == "vector" and f.page == 0
    assert f.label == "Figure 1" and f.caption.startswith("Figure 1: Memory use grows")
    assert not f.needs_review and f.score > 0.5
    # tick and axis labels (the rotated one too) are on the figure, not in the prose
    for label in ("Input size", "Memory use", "1.5", "10"):
        assert label in f.text
    assert "Input size" not in body_text(d) and "1.5" not in body_text(d)
    assert f.bbox.x0 <= 210 and f.bbox.x1 >= 405    # the rotated y label is inside the box


def test_caption_bound_and_rendered_with_figure(one_column):
    d = layoutpdf.parse(one_column)
    f = d.figures[0]
    cap = d.element(f.caption_element_id)
    assert cap is not None and cap.role is Role.CAPTION
    md = d.to_markdown()
    image = f"![Figure 1: Memory use grows slowly with the input size for every cache policy we measured.](#{f.id})"
    assert image + "\n\nFigure 1: Memory use grows slowly" in md
    assert md.count("Figure 1: Memory use grows") == 2      # alt text and the caption line
    units = [u for u in render_units(d) if u.kind is UnitKind.FIGURE]
    assert len(units) == 1 and units[0].figure_ids == (f.id,)
    assert f.caption_element_id in units[0].element_ids


def test_mentions_and_context(one_column):
    d = layoutpdf.parse(one_column)
    f = d.figures[0]
    mention = next(e for e in d.elements if e.text.startswith("As Figure 1 shows"))
    assert mention.role is Role.PARAGRAPH            # a body sentence, not a caption
    assert f.mentions == (mention.id,)
    before = next(e for e in d.elements if e.role is Role.PARAGRAPH)
    assert f.context == (before.id, mention.id)


def test_caption_above_the_figure(tmp_path):
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    y = paragraph(page, 72, 80, 468, 6, seed=3)
    y = caption(page, 72, y + 16, "Figure 4. Speedup of the tracing compiler on each benchmark.", 468)
    chart(page, pymupdf.Rect(200, y, 412, y + 150))
    paragraph(page, 72, y + 180, 468, 5, seed=4)
    d = layoutpdf.parse(save(doc, tmp_path))
    assert [f.label for f in d.figures] == ["Figure 4"]
    f = d.figures[0]
    assert f.caption_bbox.y1 <= f.bbox.y0 + 1
    assert "caption above the figure" in f.reasons
    md = d.to_markdown()
    assert md.count("Speedup of the tracing compiler") == 2


def test_raster_figure(tmp_path):
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    y = paragraph(page, 72, 80, 468, 5, seed=5)
    raster(page, pymupdf.Rect(180, y + 10, 432, y + 170))
    y = caption(page, 72, y + 190, "Fig. 2. A photograph of the test rig.", 468)
    paragraph(page, 72, y + 14, 468, 4, seed=6)
    d = layoutpdf.parse(save(doc, tmp_path))
    assert len(d.figures) == 1
    f = d.figures[0]
    assert f.kind == "raster" and f.label == "Figure 2"
    assert abs(f.bbox.x0 - 180) < 1 and abs(f.bbox.x1 - 432) < 1


def test_tiny_icons_and_scans_are_not_figures(tmp_path):
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    raster(page, pymupdf.Rect(0, 0, W, H))                 # a scanned page
    page = doc.new_page(width=W, height=H)
    paragraph(page, 72, 80, 468, 5, seed=7)
    raster(page, pymupdf.Rect(72, 200, 84, 210))           # an icon
    d = layoutpdf.parse(save(doc, tmp_path))
    assert d.figures == ()


# -- two columns ---------------------------------------------------------------------------------
COL = (54.0, 296.0, 316.0, 558.0)       # left x0, x1, right x0, x1


def test_two_figures_side_by_side_keep_their_own_captions(tmp_path):
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    chart(page, pymupdf.Rect(70, 72, 280, 212))
    chart(page, pymupdf.Rect(332, 72, 542, 212), xlabel="Threads", ylabel="Latency")
    caption(page, COL[0], 232, "Figure 1: Memory use of the left configuration.", 242)
    caption(page, COL[2], 232, "Figure 2: Latency of the right configuration.", 242)
    paragraph(page, COL[0], 270, 242, 20, seed=8)
    paragraph(page, COL[2], 270, 242, 20, seed=9)
    d = layoutpdf.parse(save(doc, tmp_path))
    figs = sorted(d.figures, key=lambda f: f.bbox.x0)
    assert [f.label for f in figs] == ["Figure 1", "Figure 2"]
    assert figs[0].bbox.x1 < 300 < figs[1].bbox.x0
    assert "Threads" in figs[1].text and "Threads" not in figs[0].text


def test_sub_figures_under_one_caption_are_one_figure(tmp_path):
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    chart(page, pymupdf.Rect(100, 72, 290, 212))
    chart(page, pymupdf.Rect(322, 72, 512, 212), xlabel="Threads", ylabel="Latency")
    page.insert_text((190, 226), "(a)", fontname="tiro", fontsize=8)
    page.insert_text((412, 226), "(b)", fontname="tiro", fontsize=8)
    caption(page, 72, 248, "Figure 3: Memory use (a) and latency (b) of both configurations "
            "measured on the same machine over a full day of traffic.", 468)
    paragraph(page, 72, 290, 468, 10, seed=10)
    d = layoutpdf.parse(save(doc, tmp_path))
    assert len(d.figures) == 1
    f = d.figures[0]
    assert f.label == "Figure 3" and f.bbox.x0 < 110 and f.bbox.x1 > 500
    assert "(a)" in f.text and "(b)" in f.text


def test_figure_star_spanning_both_columns(tmp_path):
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    chart(page, pymupdf.Rect(120, 72, 492, 252))
    caption(page, COL[0], 272, "Figure 5: A figure set across both columns of the page, with a "
            "caption as wide as the text block.", 504)
    paragraph(page, COL[0], 310, 242, 30, seed=11)
    paragraph(page, COL[2], 310, 242, 30, seed=12)
    d = layoutpdf.parse(save(doc, tmp_path))
    assert len(d.figures) == 1
    f = d.figures[0]
    assert f.label == "Figure 5" and f.bbox.width > 350
    assert not f.needs_review
    assert "Input size" not in body_text(d)


def test_sentence_across_columns_not_cut_by_tick_labels(tmp_path):
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    paragraph(page, COL[0], 80, 242, 50, seed=13)
    page.insert_text((COL[0], 80 + 50 * 12), "and the last sentence of this column goes on",
                     fontname="tiro", fontsize=BODY)
    chart(page, pymupdf.Rect(340, 72, 540, 212))
    caption(page, COL[2], 232, "Figure 6: Throughput over time.", 242)
    page.insert_text((COL[2], 262), "into the next column without a break in the sentence and then",
                     fontname="tiro", fontsize=BODY)
    paragraph(page, COL[2], 274, 242, 30, seed=14)
    d = layoutpdf.parse(save(doc, tmp_path))
    md = d.to_markdown()
    assert "goes on into the next column" in md
    assert d.figures[0].label == "Figure 6"


# -- not figures, not captions -------------------------------------------------------------------
def test_body_sentence_starting_with_figure_is_not_a_caption(tmp_path):
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    y = paragraph(page, 72, 80, 468, 4, seed=15)
    y = paragraph(page, 72, y + 14, 468, 4, seed=16, first="Figure 2 shows that the cache")
    chart(page, pymupdf.Rect(200, y + 10, 412, y + 160))
    y = caption(page, 72, y + 180, "Figure 2: Hit rate per policy.", 468)
    paragraph(page, 72, y + 14, 468, 4, seed=17)
    d = layoutpdf.parse(save(doc, tmp_path))
    sentence = next(e for e in d.elements if e.text.startswith("Figure 2 shows"))
    assert sentence.role is Role.PARAGRAPH
    f = d.figures[0]
    assert f.caption == "Figure 2: Hit rate per policy."
    assert f.caption_element_id != sentence.id and sentence.id in f.mentions


def test_ruled_table_is_not_a_figure(tmp_path):
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    y = paragraph(page, 72, 80, 468, 5, seed=18)
    caption(page, 72, y + 10, "Table 1: Results.", 468)
    top = y + 20
    for r in range(5):
        page.draw_line((150, top + r * 14), (462, top + r * 14), width=0.5)
        for c, x in enumerate((160, 260, 360)):
            if r < 4:
                page.insert_text((x, top + r * 14 + 10), f"c{r}{c} 0.{r}{c}", fontname="tiro", fontsize=9)
    for x in (150, 250, 350, 462):
        page.draw_line((x, top), (x, top + 56), width=0.5)
    paragraph(page, 72, top + 80, 468, 5, seed=19)
    d = layoutpdf.parse(save(doc, tmp_path))
    assert d.figures == ()


def test_code_listing_figure_keeps_its_text_in_the_flow(tmp_path):
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    y = paragraph(page, 72, 80, 468, 5, seed=20)
    code = ["for (var i = 2; i < 100; ++i) {", "  if (!primes[i]) continue;",
            "  for (var k = i + i; k < 100; k += i)", "    primes[k] = false;", "}"]
    for k, ln in enumerate(code):
        page.insert_text((100, y + 20 + 11 * k), ln, fontname="cour", fontsize=9)
    y = caption(page, 72, y + 100, "Figure 7. Sample program: sieve of Eratosthenes.", 468)
    paragraph(page, 72, y + 14, 468, 4, seed=21)
    d = layoutpdf.parse(save(doc, tmp_path))
    assert [f.label for f in d.figures] == ["Figure 7"]
    f = d.figures[0]
    assert f.needs_review and any("caption-first: text above" in r for r in f.reasons)
    assert "primes[k] = false;" in d.to_markdown()            # the listing is still text
    assert f.bbox.y0 < y - 50                                 # the region covers the listing


# -- crops ---------------------------------------------------------------------------------------
def test_crops_written_with_safe_deterministic_names(one_column, tmp_path):
    odd = os.path.join(tmp_path, "my report (final) ü.pdf")
    os.rename(one_column, odd)
    d = layoutpdf.parse(odd)
    assert safe_stem(d.source) == "my_report_final"
    names = figure_file_names(d)
    assert names == [f"{safe_stem(d.source)}-p1-fig1.png"]
    assert all(set(n) <= set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
               for n in names)
    out = os.path.join(tmp_path, "crops")
    d2 = d.save_figures(out)
    path = d2.figures[0].image_path
    assert path == f"{out}/{names[0]}" and os.path.isfile(path)
    with open(path, "rb") as fh:
        assert fh.read(8) == b"\x89PNG\r\n\x1a\n"
    assert os.listdir(out) == [names[0]]
    md = d2.to_markdown()
    assert f"]({out}/{names[0]})" in md
    assert f"](crops/{names[0]})" in d2.to_markdown(image_dir="crops")
    d.save_figures(out)                           # the same bytes again: fine
    with open(path, "wb") as fh:
        fh.write(b"something else")
    with pytest.raises(FileExistsError):
        d.save_figures(out)
    save_figures(d, out, overwrite=True)
    with open(path, "rb") as fh:
        assert fh.read(4) == b"\x89PNG"


def test_render_figure_returns_png_of_the_clip(one_column):
    d = layoutpdf.parse(one_column)
    png = render_figure(d, d.figures[0], dpi=72)
    assert png.startswith(b"\x89PNG")
    pix = pymupdf.Pixmap(png)
    f = d.figures[0]
    assert abs(pix.width - (f.bbox.width + 4)) <= 3 and abs(pix.height - (f.bbox.height + 4)) <= 3


def test_render_figure_from_bytes_needs_the_source(one_column):
    data = open(one_column, "rb").read()
    d = layoutpdf.parse(data)
    with pytest.raises(ValueError):
        render_figure(d, d.figures[0])
    assert render_figure(d, d.figures[0], source=data).startswith(b"\x89PNG")


def test_chinese_caption(tmp_path):
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    y = paragraph(page, 72, 80, 468, 4, seed=22)
    raster(page, pymupdf.Rect(180, y + 10, 432, y + 170))
    page.insert_text((250, y + 190), "图 3 实验结果的比较", fontname="china-s", fontsize=9)
    paragraph(page, 72, y + 220, 468, 4, seed=23)
    d = layoutpdf.parse(save(doc, tmp_path))
    assert [f.label for f in d.figures] == ["图 3"]
    assert d.figures[0].caption.startswith("图 3")


def test_figure_parts_text_not_duplicated_in_markdown(one_column):
    d = layoutpdf.parse(one_column)
    md = d.to_markdown().replace("Memory use grows", "")
    # the axis label is the figure's: once, in the figure's text right after its image line,
    # never in the prose around it
    assert md.count("Memory use") == 1
    assert md.index("![") < md.index("Memory use")
    assert "Memory use" not in body_text(d).replace("Memory use grows", "")
