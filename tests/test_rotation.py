"""Pages under /Rotate: coordinates follow the text (displayed page when the text reads
upright there, unrotated page when it reads upright only there), and crops and overlays
map those coordinates back onto the page."""
from __future__ import annotations

import io
import os

import pymupdf
import pytest

import layoutpdf
from layoutpdf.extract.figures import render_clips
from layoutpdf.extract.render import render_page
from layoutpdf.model import BBox

FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures", "pdfs")
LEFT = ("Alpha one starts the left column here. Alpha two continues the left column. "
        "Alpha three ends the left column.")
RIGHT = ("Bravo one starts the right column here. Bravo two continues the right column. "
         "Bravo three ends the right column.")


def landscape_two_columns(rotation: int = 90) -> bytes:
    """A portrait page turned by /Rotate whose content reads upright when displayed:
    two columns of text and a red box, all placed in displayed-page coordinates."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.set_rotation(rotation)
    derot = page.derotation_matrix
    disp_w = page.rect.width                           # 842: the landscape width
    gutter = disp_w / 2
    for x0, text in ((50, LEFT), (gutter + 20, RIGHT)):
        y = 80.0
        words = text.split()
        line: list[str] = []
        for w in words + [None]:
            if w is not None and pymupdf.get_text_length(" ".join(line + [w]), fontsize=11) < gutter - 80:
                line.append(w)
                continue
            page.insert_text(pymupdf.Point(x0, y) * derot, " ".join(line), fontsize=11,
                             rotate=rotation)
            y += 14
            line = [w] if w is not None else []
    red = pymupdf.Rect(60, 300, 260, 420) * derot
    page.draw_rect(red, color=(1, 0, 0), fill=(1, 0, 0))
    return doc.tobytes()


def _red_box(png: bytes) -> tuple[int, int, int, int] | None:
    pix = pymupdf.Pixmap(png)
    xs, ys = [], []
    for y in range(0, pix.height, 2):
        for x in range(0, pix.width, 2):
            r, g, b = pix.pixel(x, y)[:3]
            if r > 200 and g < 60 and b < 60:
                xs.append(x)
                ys.append(y)
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


@pytest.mark.parametrize("rotation", [90, 270])
def test_landscape_page_is_read_in_displayed_coordinates(rotation):
    doc = layoutpdf.parse(landscape_two_columns(rotation))
    page = doc.pages[0]
    assert (page.rotation, page.view_rotation) == (rotation, 0)
    assert page.width > page.height                     # the displayed, landscape page
    assert page.lines and all(ln.horizontal for ln in page.lines)
    text = " ".join(e.text for e in doc.elements)
    assert text.index("Alpha one") < text.index("Alpha three") < text.index("Bravo one") \
        < text.index("Bravo three"), "columns must be read one after the other"
    assert len(page.columns) == 2


def test_sideways_content_keeps_unrotated_coordinates():
    """Page 3 of the fixture: ordinary text on a /Rotate 90 page (it shows sideways)."""
    doc = layoutpdf.parse(os.path.join(FIXTURES, "rotated_page.pdf"))
    landscape, sideways = doc.pages[1], doc.pages[2]
    assert (landscape.view_rotation, sideways.view_rotation) == (0, 90)
    assert landscape.width > landscape.height and sideways.width < sideways.height
    for page in (landscape, sideways):
        assert all(ln.horizontal for ln in page.lines)
    headings = [e.text for e in doc.elements if e.role.value == "heading"]
    assert headings == ["Portrait Page", "Landscape Page", "Sideways Page"]


def test_crop_of_a_landscape_page_shows_the_box_it_names():
    pdf = landscape_two_columns(90)
    doc = layoutpdf.parse(pdf)
    page = doc.pages[0]
    png = render_clips(pdf, [(0, BBox(50, 290, 270, 430), page.view)], dpi=72)[0]
    box = _red_box(png)
    assert box is not None, "the red box is not in the crop"
    x0, y0, x1, y1 = box
    assert x1 - x0 > y1 - y0                            # 200 x 120 pt: wider than tall
    assert x0 <= 12 and y0 <= 12                        # starts 10 pt into the clip


def test_crop_on_a_sideways_page_uses_the_unrotated_box():
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=600)
    page.set_rotation(90)
    page.insert_text((50, 50), "Sideways text runs along the unrotated page.", fontsize=11)
    page.draw_rect(pymupdf.Rect(100, 200, 300, 260), color=(1, 0, 0), fill=(1, 0, 0))
    pdf = doc.tobytes()
    parsed = layoutpdf.parse(pdf)
    model = parsed.pages[0]
    assert model.view_rotation == 90 and (model.width, model.height) == (400, 600)
    png = render_clips(pdf, [(0, BBox(90, 190, 310, 270), model.view)], dpi=72)[0]
    x0, y0, x1, y1 = _red_box(png)
    assert x1 - x0 > y1 - y0                            # shown the way the text runs


def _box_of(png: bytes, want) -> tuple[int, int, int, int] | None:
    pix = pymupdf.Pixmap(png)
    xs, ys = [], []
    for y in range(pix.height):
        for x in range(pix.width):
            if want(pix.pixel(x, y)[:3]):
                xs.append(x)
                ys.append(y)
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


def test_overlay_matches_the_model_page():
    import layoutpdf.debug
    pdf = landscape_two_columns(90)
    doc = layoutpdf.parse(pdf)
    page = doc.pages[0]
    png = render_page(pdf, 0, dpi=72, view=page.view,
                      shapes=[("rect", (30, 250, 330, 470), (0.0, 0.0, 1.0), "")])
    pix = pymupdf.Pixmap(png)
    assert (pix.width, pix.height) == (round(page.width), round(page.height))
    assert _red_box(png) == pytest.approx((60, 300, 258, 418), abs=3)
    blue = _box_of(png, lambda c: c[2] > 240 and c[0] < 180 and c[0] == c[1])
    assert blue == pytest.approx((30, 250, 330, 470), abs=2)   # the shape where it was put
    overlay = layoutpdf.debug.draw(doc, 0, dpi=72, source=io.BytesIO(pdf))
    assert pymupdf.Pixmap(overlay).width == round(page.width)
