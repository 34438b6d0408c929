"""A heading set in the document's mid-grey accent colour and repeated over each section of
a page (a 10-K's 'FISCAL 2019 COMPARED TO FISCAL 2018') is a heading, not a tiled
watermark (issue 39, issue 36: its words reach the user); a pale string tiled over the page
at the same size still is a watermark."""
from __future__ import annotations

import pymupdf

import layoutpdf
from layoutpdf.model import Role

HEAD = "FISCAL 2019 COMPARED TO FISCAL 2018"
SENTENCE = ("Revenues rose in every geography as wholesale and direct channels grew and the "
            "company opened new stores while the costs of freight and materials stayed high. ")


def _page(text: str, grey: float) -> bytes:
    doc = pymupdf.open()
    for _ in range(2):
        page = doc.new_page(width=612, height=792)
        y = 60.0
        for _ in range(3):
            page.insert_text((36, y), text, fontname="hebo", fontsize=10, color=(grey, grey, grey))
            box = pymupdf.Rect(36, y + 6, 576, y + 150)
            page.insert_textbox(box, SENTENCE * 6, fontname="helv", fontsize=9)
            y += 200
    return doc.tobytes()


def test_a_grey_heading_over_each_section_is_a_heading():
    d = layoutpdf.parse(_page(HEAD, 0.5))
    roles = [e.role for e in d.elements if e.text == HEAD]
    assert len(roles) == 6 and Role.WATERMARK not in roles, roles
    assert d.to_markdown().count(HEAD) == 6


def test_a_pale_string_tiled_over_the_page_is_still_a_watermark():
    d = layoutpdf.parse(_page("INTERNAL USE ONLY", 0.85))
    roles = [e.role for e in d.elements if e.text == "INTERNAL USE ONLY"]
    assert roles and all(r is Role.WATERMARK for r in roles), roles


def _large_black(text: str) -> bytes:
    doc = pymupdf.open()
    for _ in range(2):
        page = doc.new_page(width=612, height=792)
        y = 60.0
        for _ in range(3):
            page.insert_text((36, y), text, fontname="hebo", fontsize=14)
            page.insert_textbox(pymupdf.Rect(36, y + 8, 576, y + 150), SENTENCE * 6, fontname="helv",
                                fontsize=9)
            y += 220
    return doc.tobytes()


def test_a_large_black_heading_over_each_section_is_a_heading():
    """14 pt black over 9 pt text, three times a page (a report's 'Segment Results' over
    each of a page's tables): large is no watermark style unless pale, slanted or see-through."""
    d = layoutpdf.parse(_large_black("Segment Results"))
    roles = [e.role for e in d.elements if e.text == "Segment Results"]
    assert len(roles) == 6 and Role.WATERMARK not in roles, roles
    assert d.to_markdown().count("Segment Results") == 6
