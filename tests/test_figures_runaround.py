"""A photo with run-around text (issue #37, class 4): the text of the page wraps around the
visible part of a picture whose placement box is larger -- an image whose left part is the
photo and whose right part is blank paper, with the prose set over the blank part (as a
layout program places a cut-out photo and flows the text around its contour). A figure
region is the image's visible bounds, not its placement box: the prose over the blank
part is the page's, never the figure's, and no line of it is lost."""
from __future__ import annotations

import numpy as np
import pymupdf

import layoutpdf
from layoutpdf.model import Role

SIZE, LEAD = 10.0, 12.5
LEFT, RIGHT = 72.0, 540.0
PHOTO = pymupdf.Rect(72, 140, 222, 290)        # the visible photo on the page
PLACED = pymupdf.Rect(72, 140, 432, 290)       # the whole image (photo + blank paper)
CAPTION = "Figure 1: The harbour at dawn, seen from the old lighthouse."
WORDS = ("Boats leave the harbour before sunrise and return when the tide turns again in the "
         "afternoon, carrying crates of fish that are sold on the quay to the restaurants and "
         "markets of the town ").split()


def _photo_pixels(width: int, height: int, photo_share: float, clear: bool = False) -> pymupdf.Pixmap:
    """RGB pixels: a textured photo over the left `photo_share` of the width, white paper
    over the rest (with `clear`: transparent black, an alpha channel cutting the photo out)."""
    a = np.full((height, width, 3), 0 if clear else 255, np.uint8)
    cut = int(width * photo_share)
    yy, xx = np.mgrid[0:height, 0:cut]
    a[:, :cut, 0] = (40 + (xx * 3) % 150).astype(np.uint8)
    a[:, :cut, 1] = (60 + (yy * 5) % 120).astype(np.uint8)
    a[:, :cut, 2] = (90 + ((xx + yy) * 2) % 100).astype(np.uint8)
    if not clear:
        return pymupdf.Pixmap(pymupdf.csRGB, width, height, a.tobytes(), False)
    alpha = np.zeros((height, width, 1), np.uint8)
    alpha[:, :cut] = 255
    return pymupdf.Pixmap(pymupdf.csRGB, width, height, np.concatenate([a, alpha], axis=2).tobytes(), True)


def _lines(x0: float, x1: float, n: int, start: int) -> list[str]:
    """`n` lines of prose filling x0..x1, from word `start` of the looping text."""
    out, k = [], start
    for _ in range(n):
        cur = ""
        while True:
            w = WORDS[k % len(WORDS)]
            t = (cur + " " + w).strip()
            if cur and pymupdf.get_text_length(t, fontname="helv", fontsize=SIZE) > x1 - x0:
                break
            cur, k = t, k + 1
        out.append(cur)
    return out


def _make(path, placed: pymupdf.Rect, share: float, clear: bool = False) -> list[str]:
    """One page: prose above, a photo (placed in `placed`, visible over the left `share`)
    with the prose wrapped around it on the right, its caption under it, prose below.
    Returns the prose lines."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_image(placed, pixmap=_photo_pixels(int(placed.width * 2), int(placed.height * 2), share, clear))
    prose, y = [], 80.0
    for text in _lines(LEFT, RIGHT, 4, 0):
        page.insert_text((LEFT, y), text, fontname="helv", fontsize=SIZE)
        prose.append(text)
        y += LEAD
    y = PHOTO.y0 + SIZE
    for text in _lines(PHOTO.x1 + 12, RIGHT, 14, 40):    # run-around, beside the photo
        page.insert_text((PHOTO.x1 + 12, y), text, fontname="helv", fontsize=SIZE)
        prose.append(text)
        y += LEAD
    page.insert_text((LEFT, PHOTO.y1 + 14), CAPTION[:31], fontname="helv", fontsize=8)
    page.insert_text((LEFT, PHOTO.y1 + 24), CAPTION[31:].strip(), fontname="helv", fontsize=8)
    y = max(y, PHOTO.y1 + 24) + 2 * LEAD
    for text in _lines(LEFT, RIGHT, 6, 90):
        page.insert_text((LEFT, y), text, fontname="helv", fontsize=SIZE)
        prose.append(text)
        y += LEAD
    doc.save(path)
    return prose


def _check(path, prose: list[str]) -> None:
    doc = layoutpdf.parse(str(path))
    figures = [f for f in doc.figures if f.label == "Figure 1"]
    assert len(figures) == 1, [(f.bbox, f.label, f.reasons) for f in doc.figures]
    box = figures[0].bbox
    # the region is the photo, not the blank paper the text runs over
    assert abs(box.x0 - PHOTO.x0) <= 3 and abs(box.x1 - PHOTO.x1) <= 3, box
    assert abs(box.y0 - PHOTO.y0) <= 3 and abs(box.y1 - PHOTO.y1) <= 3, box
    page = doc.pages[0]
    fig_el = next(e for e in doc.elements if e.role is Role.FIGURE)
    held = set(fig_el.line_ids)
    for ln in page.lines:
        if ln.text.strip() in prose:
            assert ln.id not in held, ln.text
            c = (ln.bbox.cx, ln.bbox.cy)
            assert not (box.x0 <= c[0] <= box.x1 and box.y0 <= c[1] <= box.y1), ln.text
    flow = " ".join(e.text for e in doc.elements if e.role is Role.PARAGRAPH)
    for text in prose:
        assert text.split()[-1] in flow and text.split()[0] in flow, text


def test_prose_over_the_blank_part_of_a_photo_is_not_the_figure(tmp_path):
    """The image's right part is blank paper, the text is set over it: the figure is the
    photo's visible extent (before: the two prose lines on the image made it a
    background, and the figure was proposed over the text)."""
    path = tmp_path / "runaround.pdf"
    prose = _make(path, PLACED, PHOTO.width / PLACED.width)
    _check(path, prose)


def test_prose_beside_a_cut_photo_stays_prose(tmp_path):
    """A photo placed at its own size with the text flowing close beside it: the same
    region, no line of the prose taken in."""
    path = tmp_path / "beside.pdf"
    prose = _make(path, PHOTO, 1.0)
    _check(path, prose)


def test_prose_over_the_transparent_part_of_a_photo_is_not_the_figure(tmp_path):
    """The same cut-out made with an alpha channel (a PNG with its background cleared):
    the transparent part, black under its mask, is not seen."""
    path = tmp_path / "cutout.pdf"
    prose = _make(path, PLACED, PHOTO.width / PLACED.width, clear=True)
    _check(path, prose)
