"""Small type at a page foot that opens with a section number ('5.1: Build coalitions',
'12.5 percent ...') is no note 5 or 12: a note mark is not followed by a decimal point
and digits (GAO's strategy pillars under a figure read '[^5]: .1: Build ...')."""
from __future__ import annotations

import pymupdf

import layoutpdf

BODY = ("The strategy sets out five pillars and the objectives under each of them, which the "
        "agencies are to carry out over the next years. ")
ITEMS = ("5.1: Build coalitions to counter threats to our digital ecosystem",
         "5.2: Strengthen international partner capacity",
         "5.3: Expand the ability to assist allies and partners")


def _page() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 80
    for _ in range(30):
        page.insert_text((72, y), BODY[:92], fontname="tiro", fontsize=10)
        y += 12
    page.draw_line((72, 690), (200, 690), width=0.4)
    for k, item in enumerate(ITEMS):
        page.insert_text((72, 704 + 10 * k), item, fontname="tiro", fontsize=8)
    return doc.tobytes()


def test_a_section_number_at_the_page_foot_is_no_note_mark():
    doc = layoutpdf.parse(_page())
    assert not any(f.text.startswith(".1") for f in doc.footnotes)
    assert ITEMS[0] in doc.to_markdown()
