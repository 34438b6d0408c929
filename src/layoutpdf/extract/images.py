"""Images too large to decode: placed on the page, never decoded (issue 41).

An image's size and placement are known without decoding it: its dictionary holds
/Width and /Height, MuPDF's page image info (`get_image_info`) where it is drawn. Only
rendering decodes it (OCR, ink tests, figure crops), and a 20,000 x 20,000 px image costs
gigabytes there. Past `limits.max_image_pixels` an image is therefore never decoded: the
page keeps its placement (a figure can still be found), `undecoded_issue` says so, OCR
skips the page, and a crop shows a flat grey box where the image is (`stand_ins`).
"""
from __future__ import annotations

from typing import Iterable

import pymupdf

from ..errors import Issue
from ..model import ImagePlacement

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


__all__ = ["stand_ins", "too_large", "undecoded_issue"]
