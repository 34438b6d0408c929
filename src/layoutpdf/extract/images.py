"""Images too large to decode: placed on the page, never decoded (issue 41).

An image's size and placement are known without decoding it: its dictionary holds
/Width and /Height, MuPDF's page image info (`get_image_info`) where it is drawn. Only
rendering decodes it (OCR, ink tests, figure crops), and a 20,000 x 20,000 px image costs
gigabytes there. Past `limits.max_image_pixels` an image is therefore never decoded: the
page keeps its placement (a figure can still be found), `undecoded_issue` says so, OCR
skips the page, and a crop shows a flat grey box where the image is (`stand_ins`).

An image with a line of the page's text set on it (and at most VISIBLE_MAX_PIXELS) is
decoded once and looked at in at most SAMPLE_SIDE pixels a side, to find the part of it
that is seen (`with_visible`): a cut-out photo placed with blank paper around
it, the text run around it over the paper (issue 37), is a figure the size of the photo.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Iterable, Sequence

import pymupdf

from ..errors import Issue
from ..model import BBox, ImagePlacement, Line

_GREY = b"\xc0"          # the stand-in: one light grey pixel, stretched over the placement


def too_large(images: Iterable[ImagePlacement], budget: int) -> list[ImagePlacement]:
    """The placements whose image has more than `budget` pixels."""
    return [im for im in images if im.pixel_width * im.pixel_height > budget]


def undecoded_issue(index: int, images: Iterable[ImagePlacement], budget: int) -> Issue | None:
    """One Issue for page `index` when any of its images is over the pixel budget."""
    big = too_large(images, budget)
    if not big:
        return None
    worst = max(big, key=lambda im: im.pixel_width * im.pixel_height)
    return Issue("extract", index, "image_not_decoded",
                 f"page {index + 1}: {len(big)} image(s) over limits.max_image_pixels="
                 f"{budget:,} (largest {worst.pixel_width:,} x {worst.pixel_height:,} px) are "
                 "placed but not decoded: the page is not OCR'd and figure crops show a grey "
                 "box in their place")


def stand_ins(doc: pymupdf.Document, page: pymupdf.Page, budget: int) -> int:
    """Replace, in the open (in-memory) document, every image on `page` over `budget`
    pixels by one grey pixel, so a rendering never decodes it; how many were replaced.
    Sizes come from the image dictionaries (`get_images`), nothing is decoded."""
    replaced = 0
    try:
        infos = page.get_images(full=True)
    except Exception:   # an unreadable resource dictionary: MuPDF renders what it can
        return 0
    for xref, _smask, width, height, *_ in infos:
        if xref > 0 and max(0, width) * max(0, height) > budget:
            doc.update_object(xref, "<< /Type /XObject /Subtype /Image /Width 1 /Height 1 "
                                    "/ColorSpace /DeviceGray /BitsPerComponent 8 >>")
            doc.update_stream(xref, _GREY, compress=False)
            replaced += 1
    return replaced


# -- the visible part of an image ----------------------------------------------------------
PAPER = 242             # a pixel this light (grey level of 255) is blank paper
CLEAR = 16              # ... and so is one this transparent (alpha of 255)
VISIBLE_SHARE = 0.97    # ink spanning this share of the image on both axes: all of it is seen
SAMPLE_SIDE = 512       # images are looked at halved until their longer side is below this
VISIBLE_MAX_PIXELS = 25_000_000   # larger images are not decoded for it (their placement stands)
_INK = bytes(1 if v < PAPER else 0 for v in range(256))
_OPAQUE = bytes(1 if v >= CLEAR else 0 for v in range(256))


def visible_box(pdf: pymupdf.Document, info: dict, smask: int, budget: int) -> BBox | None:
    """The page box of the non-blank part of an image (its pixels neither paper-white
    nor transparent), when that is clearly smaller than its placement; else None. A cut-out
    photo is placed with blank paper around it and the text of the page set over that
    paper: what is seen of the image is the photo. Not decoded over `budget` pixels."""
    xref = int(info.get("xref") or 0)
    w, h = int(info.get("width") or 0), int(info.get("height") or 0)
    if xref <= 0 or w * h <= 4 or w * h > min(budget, VISIBLE_MAX_PIXELS):
        return None
    try:
        extent = _ink_extent(pdf, xref, smask)
    except Exception:   # an image MuPDF cannot decode or convert: its placement stands
        return None
    if extent is None:
        return None
    u0, v0, u1, v1 = extent
    if u1 - u0 >= VISIBLE_SHARE and v1 - v0 >= VISIBLE_SHARE:
        return None
    return BBox.of(pymupdf.Rect(u0, v0, u1, v1) * pymupdf.Matrix(info["transform"]))


def _ink_extent(pdf: pymupdf.Document, xref: int, smask: int) -> tuple[float, float, float, float] | None:
    """(u0, v0, u1, v1): the share of the image's width and height, from its top left,
    holding the pixels that are not blank; None for a blank image or a stencil mask."""
    pix = pymupdf.Pixmap(pdf, xref)
    if pix.colorspace is None:           # a stencil mask: drawn in a fill colour, not seen here
        return None
    if smask > 0 and not pix.alpha:
        pix = pymupdf.Pixmap(pix, pymupdf.Pixmap(pdf, smask))
    steps = 0
    while max(pix.width, pix.height) >> steps > SAMPLE_SIDE:
        steps += 1
    if steps:
        pix.shrink(steps)
    if pix.colorspace.n != 1:
        pix = pymupdf.Pixmap(pymupdf.csGRAY, pix)
    width, n, samples = pix.width, pix.n, pix.samples
    stride = width * n
    top = bottom = left = right = None
    for y in range(pix.height):
        row = samples[y * stride:(y + 1) * stride]
        ink = row[0::n].translate(_INK) if n > 1 else row.translate(_INK)
        if pix.alpha:
            ink = (int.from_bytes(ink, "big") & int.from_bytes(row[n - 1::n].translate(_OPAQUE), "big")
                   ).to_bytes(width, "big")
        first = ink.find(1)
        if first < 0:
            continue
        last = ink.rfind(1)
        top = y if top is None else top
        bottom = y
        left = first if left is None else min(left, first)
        right = last if right is None else max(right, last)
    if top is None:
        return None
    return left / width, top / pix.height, (right + 1) / width, (bottom + 1) / pix.height


TEXT_ON_SHARE = 0.6     # an image covering this share of the page is a scan or background


def with_visible(page: pymupdf.Page, placed: Sequence[tuple[ImagePlacement, dict]],
                 lines: Sequence[Line], budget: int) -> list[ImagePlacement]:
    """The placements (each with MuPDF's image info of it), those with a line of the
    page's text set on them given their `visible` part (`visible_box`). Only such images
    are decoded: text over an image is what makes its blank part matter (run-around text
    over a cut-out photo), and a page-covering image under text is a scan or a background,
    left alone. The image of a placement is the page's one image of its pixel size (an
    image info names no xref unless every image is decoded to find it): several of one
    size, and none is looked at."""
    page_area = max(1.0, float(page.rect.width * page.rect.height))
    centres = [(ln.bbox.cx, ln.bbox.cy) for ln in lines if ln.horizontal and ln.text.strip()]
    by_size: dict[tuple[int, int], list[tuple[int, int]]] | None = None
    out = []
    for im, info in placed:
        b = im.bbox
        if b.area >= TEXT_ON_SHARE * page_area or \
                not any(b.x0 <= x <= b.x1 and b.y0 <= y <= b.y1 for x, y in centres):
            out.append(im)
            continue
        if by_size is None:
            by_size = {}
            for xref, smask, width, height, *_ in page.get_images(full=True):
                if (xref, smask) not in by_size.setdefault((width, height), []):
                    by_size[(width, height)].append((xref, smask))
        found = by_size.get((im.pixel_width, im.pixel_height), [])
        box = visible_box(page.parent, {**info, "xref": found[0][0]}, found[0][1], budget) \
            if len(found) == 1 else None
        out.append(replace(im, visible=box) if box is not None else im)
    return out


__all__ = ["stand_ins", "too_large", "undecoded_issue", "visible_box", "with_visible"]
