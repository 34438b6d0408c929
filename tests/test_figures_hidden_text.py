"""Type too small to read is no figure label (issue 39: words kept on every page).

A filing agent that files a scanned exhibit lays the exhibit's words on a page as one line
of white type half a point high, beside a strip of picture; the figures stage took that
line for the picture's label and the page's words went out with the picture, no Issue
said. Type under a point is set for search, not for the eye: it is the page's text.
"""
from __future__ import annotations

import pymupdf
import pytest

import layoutpdf

WORDS = ("American Water Confidential Ms. Hardwick February 2, 2022 Page 2 In addition, as CEO "
         "and President, your equity awards will include specific post-retirement provisions")


def _strip_png(width: int = 400, height: int = 10) -> bytes:
    """A picture with something in it (bands of grey), not a blank fill."""
    samples = bytes((x * 7 + y * 13) % 256 for y in range(height) for x in range(width) for _ in range(3))
    return pymupdf.Pixmap(pymupdf.csRGB, width, height, samples, False).tobytes("png")


def _page(path, size: float) -> None:
    """The agent's page: a picture strip across the top margin, a grey hairline box under
    it, and the hidden line of the exhibit's words along the strip's foot."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_image(pymupdf.Rect(17.5, 17.6, 593.2, 29.6), stream=_strip_png(1055, 22))
    page.draw_rect(pymupdf.Rect(17.5, 37.2, 593.2, 38.3), color=None, fill=(0.5, 0.5, 0.5))
    page.insert_text((75, 30), " ".join([WORDS] * 12), fontname="tiro", fontsize=size,
                     color=(1, 1, 1))
    doc.save(str(path))


@pytest.fixture(scope="module")
def hidden(tmp_path_factory):
    path = tmp_path_factory.mktemp("hidden") / "hidden.pdf"
    _page(path, 0.55)
    return layoutpdf.parse(path)


def test_hidden_type_beside_a_picture_is_the_pages_text(hidden):
    body = hidden.to_markdown()
    assert "post-retirement provisions" in body
    assert not any("post-retirement" in (f.text or "") for f in hidden.elements
                   if f.role is layoutpdf.Role.FIGURE)


def test_readable_type_on_a_picture_strip_is_still_its_label(tmp_path):
    path = tmp_path / "label.pdf"
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for i in range(12):
        page.insert_text((72, 100 + 13 * i), "Body text of the page runs on in full sentences here "
                         "and fills the line.", fontname="tiro", fontsize=10)
    page.insert_image(pymupdf.Rect(72, 300, 272, 400), stream=_strip_png(200, 100))
    page.insert_text((150, 410), "axis label", fontname="helv", fontsize=6)
    for i in range(12):
        page.insert_text((72, 460 + 13 * i), "Body text of the page runs on in full sentences here "
                         "and fills the line.", fontname="tiro", fontsize=10)
    doc.save(str(path))
    figs = [e for e in layoutpdf.parse(path).elements if e.role is layoutpdf.Role.FIGURE]
    assert figs and "axis label" in figs[0].text
