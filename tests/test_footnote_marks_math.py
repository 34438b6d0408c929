"""A note mark after a version number ('SCIENCEPARSE v3.0.0⁹'): the math stage reads the
raised digit as a script of the word and writes inline maths ('$v3.0.0^{9}$'); the
footnotes stage finds the mark in that formula, binds it to note 9 and leaves the word as
plain text (issue #31, class 7: S2ORC's notes 9 and 10)."""
from __future__ import annotations

import pymupdf

import layoutpdf

BODY = ("We process the papers of the archive with the parsers that the community uses and "
        "keep the best parse of each paper for the corpus that we release to the public. ")


def _raised(page, x: float, y: float, word: str, mark: str) -> float:
    page.insert_text((x, y), word, fontname="tiro", fontsize=10)
    x += pymupdf.get_text_length(word, "tiro", 10)
    page.insert_text((x, y - 4), mark, fontname="tiro", fontsize=7)
    return x + pymupdf.get_text_length(mark, "tiro", 7) + 2.5


def _page() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 90
    for _ in range(5):
        page.insert_text((72, y), BODY[:92], fontname="tiro", fontsize=10)
        y += 12
    x = _raised(page, 72, y, "We process the papers using the parser SCIENCEPARSE v3.0.0", "9")
    x = _raised(page, x, y, "and GROBID v0.5.5", "10")
    page.insert_text((x, y), "(Lopez, 2009) for the text.", fontname="tiro", fontsize=10)
    for _ in range(5):
        y += 12
        page.insert_text((72, y), BODY[:92], fontname="tiro", fontsize=10)
    page.draw_line((72, 690), (200, 690), width=0.4)
    for k, (mark, url) in enumerate((("9", "https://github.com/allenai/science-parse"),
                                     ("10", "https://github.com/kermitt2/grobid"))):
        page.insert_text((72, 702 + 11 * k), mark, fontname="tiro", fontsize=5)
        page.insert_text((80, 705 + 11 * k), url, fontname="tiro", fontsize=8)
    return doc.tobytes()


def test_a_mark_the_math_stage_wrote_as_a_script_binds_to_its_note():
    doc = layoutpdf.parse(_page())
    notes = {f.marker: f for f in doc.footnotes}
    for mark, word in (("9", "v3.0.0"), ("10", "v0.5.5")):
        anchor = doc.element(notes[mark].anchor_element_id or "")
        assert anchor is not None, mark
        assert anchor.text[:notes[mark].anchor_offset].endswith(word)
    md = doc.to_markdown()
    assert "SCIENCEPARSE v3.0.0[^9] and GROBID v0.5.5[^10]" in md
    assert not any(q.latex.startswith("v3.0.0") for q in doc.equations)
