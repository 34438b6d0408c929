"""Headings (classify): a journal's logo letter, set large at the top of the first page,
is no title or heading, so it does not head every chunk's heading path."""
from __future__ import annotations

import pymupdf

import layoutpdf
from layoutpdf.model import Role
from layoutpdf.split import split_markdown

from test_footnote_columns import _words
from test_errors_support import set_lines

TITLE = "A Study of Survey Waves"


def logo_pdf() -> bytes:
    doc = pymupdf.open()
    for n in range(2):
        page = doc.new_page(width=612, height=792)
        y = 72
        if n == 0:
            page.insert_text((72, 80), "E", fontname="hebo", fontsize=40)    # the logo letter
            page.insert_text((72, 130), TITLE, fontname="tibo", fontsize=16)
            y = 160
        page.insert_text((72, y), f"{n + 1} Introduction" if n == 0 else "2 Methods", fontname="tibo",
                         fontsize=12)
        set_lines(page, 72, 540, y + 20, _words(300, n))
    return doc.tobytes()


def test_a_logo_letter_is_neither_title_nor_heading():
    doc = layoutpdf.parse(logo_pdf())
    title = next(e for e in doc.elements if e.role is Role.TITLE)
    assert title.text == TITLE
    assert not any(e.role in (Role.TITLE, Role.HEADING) and e.text.strip() == "E" for e in doc.elements)
    paths = {c.heading_path[:1] for c in split_markdown(doc.to_markdown(), chunk_size=128)}
    assert paths <= {(TITLE,), ()} and (TITLE,) in paths
