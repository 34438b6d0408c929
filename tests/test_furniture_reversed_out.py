"""Type reversed out of a dark band is read, not taken for a watermark (issue 36: every word
reaches the user). A broker's report prints its title in large white type on a brown band,
an annual report its section labels in white on its accent colour; large pale type on the
paper (or on a pale tint) is still a watermark, and so is pale type tiled over a page."""
from __future__ import annotations

import pymupdf

import layoutpdf
from layoutpdf.model import Role

TITLE = "Diamond Wire Expansion"
SENTENCE = ("The company plans to build a new plant for diamond wire next to its existing site, "
            "where power costs less, and expects the first phase to start next year. ")
BROWN = (0.588, 0.392, 0.235)


def _report(title_color, band=None, label_bands=0) -> bytes:
    doc = pymupdf.open()
    for n in range(2):
        page = doc.new_page(width=595, height=842)
        if n == 0:
            if band is not None:
                page.draw_rect(pymupdf.Rect(190, 80, 572, 130), color=None, fill=band)
            page.insert_text((200, 114), TITLE, fontname="hebo", fontsize=24, color=title_color)
        y = 160.0
        for k in range(3):
            if k < label_bands:       # a section label in white on a brown band
                page.draw_rect(pymupdf.Rect(36, y - 12, 560, y + 4), color=None, fill=BROWN)
                page.insert_text((40, y), "Investment Highlights", fontname="hebo", fontsize=10,
                                 color=(1, 1, 1))
            page.insert_textbox(pymupdf.Rect(36, y + 8, 560, y + 190), SENTENCE * 6, fontname="helv",
                                fontsize=9)
            y += 210
    return doc.tobytes()


def _roles(d, text):
    return [e.role for e in d.elements if e.text.startswith(text[:20])]


def test_white_title_on_a_dark_band_is_read():
    d = layoutpdf.parse(_report((1, 1, 1), band=BROWN))
    roles = _roles(d, TITLE)
    assert roles and Role.WATERMARK not in roles, roles
    assert TITLE in d.to_markdown()


def test_pale_title_on_a_pale_tint_is_still_faint():
    d = layoutpdf.parse(_report((0.85, 0.85, 0.85), band=(0.95, 0.95, 0.95)))
    assert _roles(d, TITLE) == [Role.WATERMARK]
    assert TITLE not in d.to_markdown()


def test_large_white_or_pale_type_on_the_paper_is_a_watermark():
    for color in ((1, 1, 1), (0.85, 0.85, 0.85)):
        d = layoutpdf.parse(_report(color))
        assert _roles(d, TITLE) == [Role.WATERMARK], color


def test_white_labels_on_bands_repeated_over_a_page_are_no_tiled_watermark():
    d = layoutpdf.parse(_report((0, 0, 0), label_bands=3))
    roles = _roles(d, "Investment Highlights")
    assert len(roles) == 6 and Role.WATERMARK not in roles, roles
    assert d.to_markdown().count("Investment Highlights") == 6
