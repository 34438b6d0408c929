"""A vector figure set against the rule between two columns (`\\columnseprule`, a CSS
`column-rule`): the rule runs on past the figure's strokes along the text and the caption,
so it is the page's, not the figure's (issue #31, class 5). Left in the figure's cluster it
stretched the region over the caption and the text, and the figure lost both its region
and its caption."""
from __future__ import annotations

import math

import pymupdf
import pytest

import layoutpdf

SIZE, LEAD = 10.0, 12.0
COL_W, GAP = 250.0, 14.0
X0 = 50.0
RULE_X = X0 + COL_W + GAP / 2
FILL = ("The method reads each page and writes the text it finds in reading order so that a "
        "retriever can find it later. ") * 40
CAPTION = "Figure 1: Measured reading time per page for the three document sets we studied."


def _wrap(text: str, width: float) -> list[str]:
    lines, cur = [], ""
    for w in text.split():
        t = (cur + " " + w).strip()
        if cur and pymupdf.get_text_length(t, fontname="tiro", fontsize=SIZE) > width:
            lines.append(cur)
            cur = w
        else:
            cur = t
    return lines + [cur]


def _column(page, x: float, y: float, y_end: float, lines: list[str]) -> float:
    while lines and y <= y_end:
        page.insert_text((x, y), lines.pop(0), fontname="tiro", fontsize=SIZE)
        y += LEAD
    return y


def _chart(page, x0: float, y0: float, x1: float, y1: float, axis_top: float | None = None) -> None:
    """A framed line chart with bars; with `axis_top`, no frame but a y-axis drawn up to
    there, above the plot, with tick labels beside it."""
    if axis_top is None:
        page.draw_rect(pymupdf.Rect(x0, y0, x1, y1), color=(0, 0, 0), width=0.5)
    else:
        page.draw_line((x0 + 30, axis_top), (x0 + 30, y1), width=0.5)
        page.draw_line((x0 + 30, y1), (x1, y1), width=0.5)
        for k in range(4):
            page.insert_text((x0 + 8, y1 - 4 - 40 * k), str(25 * k), fontname="helv", fontsize=6)
    pts = [pymupdf.Point(x0 + 40 + k * (x1 - x0 - 50) / 40,
                         y1 - 15 - (y1 - y0 - 30) * (0.5 + 0.4 * math.sin(k / 5))) for k in range(41)]
    page.draw_polyline(pts, color=(0.8, 0, 0), width=1)
    for k in range(5):
        bx = x0 + 40 + k * 40
        page.draw_rect(pymupdf.Rect(bx, y1 - 40 - 8 * k, bx + 20, y1 - 5), color=None, fill=(0.3, 0.4, 0.8))


def _page(overhang: float, *, rule: bool = True, axis_top: float | None = None) -> bytes:
    """Two columns with a rule between them; in the first, text, a chart whose right edge
    comes to the rule (`overhang` past the column), its caption, and text again."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    lines = _wrap(FILL, COL_W)
    if rule:
        page.draw_line((RULE_X, 60), (RULE_X, 740), width=0.4)
    y = _column(page, X0, 72, 250, lines)
    top = y + 4 + (axis_top or 0)
    _chart(page, X0, top, X0 + COL_W + overhang, top + 160,
           None if axis_top is None else top - axis_top)
    y = top + 178
    for line in _wrap(CAPTION, COL_W):
        page.insert_text((X0, y), line, fontname="tiro", fontsize=9)
        y += 11
    _column(page, X0, y + 10, 740, lines)
    _column(page, X0 + COL_W + GAP, 72, 740, lines)
    return doc.tobytes()


@pytest.mark.parametrize("overhang", [5.0, 8.0])
def test_a_figure_against_the_gutter_rule_keeps_its_region_and_caption(overhang):
    doc = layoutpdf.parse(_page(overhang))
    (fig,) = doc.figures
    plain = layoutpdf.parse(_page(overhang, rule=False)).figures[0]
    assert fig.caption == CAPTION
    assert abs(fig.bbox.y0 - plain.bbox.y0) < 2 and abs(fig.bbox.y1 - plain.bbox.y1) < 2
    assert fig.bbox.x0 < X0 + 2 and fig.bbox.x1 <= RULE_X + 1


def test_an_axis_drawn_above_the_plot_is_still_the_figures():
    """A y-axis that goes on above the curve, among its tick labels, is a stroke of the
    chart: the region reaches its top (guards the rule above against taking axes)."""
    doc = layoutpdf.parse(_page(0.0, axis_top=30))
    (fig,) = doc.figures
    assert fig.bbox.y0 < 256 + 5 and fig.bbox.x0 < X0 + 31
