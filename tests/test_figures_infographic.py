"""An infographic in a report's side column is one figure (issue 37): coloured bars with
numbered points in small type under each, a "Figure 1." caption over it; the report's
background art -- a large stroked swoosh laid across the body text, dotted trails that
run off the page edge -- is no part of it, and the numbered points are the graphic's
list, not running text -- on a PDF drawn here with PyMuPDF (points, top-left origin)."""
from __future__ import annotations

import pymupdf

import layoutpdf

BODY = ("The strategy sets out how the agencies will work with industry and with one "
        "another to defend the networks the country depends on, and how progress is to be "
        "measured in the years ahead. ") * 8
POINTS = ["Establish requirements to support national security and public safety",
          "Scale public and private collaboration across all sectors",
          "Integrate federal centers and update incident response plans",
          "Modernize federal defenses and replace legacy systems soon"]
PILLARS = [(0.0, 0.31, 0.57), (0.73, 0.57, 0.08), (0.25, 0.6, 0.58), (0.2, 0.0, 0.2)]


def _body(page: pymupdf.Page, x: float, y: float, width: float, lines: int) -> None:
    words, k = BODY.split(), 0
    for _ in range(lines):
        line = ""
        while pymupdf.get_text_length(line + " " + words[k % len(words)], fontsize=10) < width:
            line = (line + " " + words[k % len(words)]).strip()
            k += 1
        page.insert_text((x, y), line, fontsize=10)
        y += 12


def _infographic(page: pymupdf.Page, top: float) -> float:
    """Four pillars, each a bar with a round numbered badge, an arrow head and a title, four numbered points in
    7 pt under it; returns the bottom."""
    y = top
    for n, colour in enumerate(PILLARS, start=1):
        page.draw_rect(pymupdf.Rect(380, y, 600, y + 30), color=None, fill=colour)
        page.draw_circle((372, y + 15), 22, color=None, fill=colour)
        # the bar ends in an arrow head (graphic ink across the bar)
        page.draw_polyline([(600, y), (612, y + 15), (600, y + 30)], color=None, fill=colour, closePath=True)
        page.insert_text((367, y + 21), str(n), fontsize=15, color=(1, 1, 1))   # the badge's number
        page.insert_text((402, y + 19), f"Pillar number {n} of the strategy", fontsize=11, color=(1, 1, 1))
        y += 40
        for k, point in enumerate(POINTS, start=1):
            page.insert_text((392, y), f"{n}.{k}:  {point}", fontsize=7)
            y += 9.5
        y += 6
    return y


def _report() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _body(page, 36, 60, 250, 54)
    page.insert_text((326, 96), "Figure 1. Four Pillars of the Strategy", fontsize=9)
    bottom = _infographic(page, 110)
    _body(page, 326, bottom + 30, 250, 18)
    # background art: a pale swoosh across the left column's text up to the graphic, and
    # a dotted trail that runs off the left edge of the page
    shape = page.new_shape()
    shape.draw_bezier((40, 700), (120, 420), (260, 380), (372, 283))
    shape.finish(color=(0.6, 0.6, 0.6), width=9)
    for k in range(24):
        shape.draw_circle((60 - 5 * k, 560 + 6 * k), 3.5)
    shape.finish(color=None, fill=(0.6, 0.8, 1.0))
    shape.commit(overlay=False)
    doc_bytes = doc.tobytes()
    assert bottom + 30 + 18 * 12 < 760
    return doc_bytes


def bottom_of_points() -> float:
    """The last pillar's last point: four pillars of 40 + 4 x 9.5 + 6 pt from 110."""
    return 110 + 4 * (40 + 4 * 9.5 + 6) - 6 - 9.5 - 2


def test_infographic_is_one_figure_without_the_background_art():
    d = layoutpdf.parse(_report())
    captioned = [f for f in d.figures if f.caption and "Figure 1" in str(getattr(f.caption, "text", f.caption))]
    assert len(captioned) == 1
    f = captioned[0]
    # from the first pillar's badge to the last pillar's points, and not the left column
    assert f.bbox.y0 <= 112 and f.bbox.y1 >= bottom_of_points()
    assert f.bbox.x0 >= 300
    # the pillars' numbers, set large on their badges, are the figure's, not the page's text
    assert not any(e.text.strip().isdigit() for e in d.elements if e.role.name != "FIGURE")
    # the dotted trail off the page edge is no figure
    assert not any(g.bbox.x1 < 120 for g in d.figures)


def _icon() -> bytes:
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 24, 24), False)
    pix.set_rect(pix.irect, (40, 110, 170))
    return pix.tobytes("png")


def test_icons_strewn_over_the_page_edge_are_no_figure():
    """A masthead strewn with small icons, the outer ones cut by the page edge: tiles of
    decoration that bleeds, not a picture (each icon is too small to be a figure, the
    ones the page box cuts mark the lot as art laid over the edge)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    icon = _icon()
    for x, y in ((-14, 30), (2, 44), (16, 30), (30, 46), (44, 32), (58, 48), (72, 34)):
        page.insert_image(pymupdf.Rect(x, y, x + 16, y + 16), stream=icon)
    page.insert_text((100, 60), "June 2023", fontsize=11)
    _body(page, 72, 120, 460, 40)
    d = layoutpdf.parse(doc.tobytes())
    assert d.figures == ()
    assert any("June 2023" in e.text for e in d.elements if e.role.name != "FIGURE")


def _masthead(page: pymupdf.Page, right: float, bottom: float) -> None:
    """A report's masthead: a filled wave across the top of the left column."""
    pts = [(20, bottom)] + [(20 + k * (right - 20) / 12, 20 + (12 if k % 2 else 0)) for k in range(13)] \
        + [(right, bottom)]
    page.draw_polyline(pts, color=None, fill=(0.02, 0.31, 0.57), closePath=True)


def test_half_a_heading_is_no_label_of_the_art_over_it():
    """A two-line bold heading set right under the masthead art: its first line is not
    taken into the art as a label (the heading stays whole, as the page's text)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _masthead(page, 300, 90)
    page.insert_text((36, 104), "Threats Highlight the Importance of Establishing", fontsize=11, fontname="hebo")
    page.insert_text((36, 117), "Leadership in Cybersecurity", fontsize=11, fontname="hebo")
    _body(page, 36, 134, 250, 40)
    _body(page, 326, 60, 250, 50)
    d = layoutpdf.parse(doc.tobytes())
    assert not any("Threats" in f.text for f in d.figures)
    assert any("Threats Highlight" in e.text and "Leadership in" in e.text for e in d.elements)


def test_regions_meeting_corner_to_corner_are_two_figures():
    """The masthead art over the left column and an infographic starting in the right
    column just under its corner: two regions that meet only corner to corner are not
    parts of one figure; the captioned graphic stays itself."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _masthead(page, 342, 100)
    page.insert_text((326, 70), "Figure 1. Four Pillars of the Strategy", fontsize=9)
    bottom = _infographic(page, 110)
    _body(page, 36, 130, 250, 50)
    _body(page, 326, bottom + 30, 250, 18)
    d = layoutpdf.parse(doc.tobytes())
    captioned = [f for f in d.figures if f.caption and "Figure 1" in str(getattr(f.caption, "text", f.caption))]
    assert len(captioned) == 1
    f = captioned[0]
    assert f.bbox.x0 >= 300 and f.bbox.y0 >= 95 and f.bbox.y1 >= bottom_of_points()
