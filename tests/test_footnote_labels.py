"""Note marks and labels: an author's affiliation mark, labelled by an affiliation line
that opens with the same raised mark, does not take the page's note with that number
(even when each author has a mark of their own); the Markdown label of a note is its
printed mark, made unique by the page where a mark is printed again."""
from __future__ import annotations

import pymupdf

import layoutpdf

from test_errors_support import set_lines

BODY = ("The survey of the northern region was carried out by the regional office over "
        "many seasons and with great care.").split()


def _raised(page, x: float, y: float, word: str, mark: str, size: float = 10) -> float:
    """`word` then a raised small `mark`; returns the x after them."""
    page.insert_text((x, y), word, fontname="tiro", fontsize=size)
    x += pymupdf.get_text_length(word, "tiro", size)
    page.insert_text((x, y - 0.4 * size), mark, fontname="tiro", fontsize=0.65 * size)
    return x + pymupdf.get_text_length(mark, "tiro", 0.65 * size) + 3


def _note(page, y: float, mark: str, text: str) -> None:
    page.insert_text((72, y - 3), mark, fontname="tiro", fontsize=5)
    page.insert_text((76, y), text, fontname="tiro", fontsize=8)


def _paper(affiliations_apart: bool) -> bytes:
    """Title, authors 'Ann Lee¹, Bob Ray²', affiliation lines '¹University ...' and
    '²Institute ...' (in the author block, or set apart as a block of their own), body
    text with a raised note mark 1 after 'evaluation', note 1 at the page foot."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((150, 80), "A Survey of the Northern Region", fontname="tibo", fontsize=16)
    x = _raised(page, 150, 110, "Ann Lee", "1", 11)
    _raised(page, x, 110, ", Bob Ray", "2", 11)
    gap = 30 if affiliations_apart else 13
    for k, place in enumerate(("University of the North", "Institute of Surveys")):
        _raised(page, 150, 110 + gap + 13 * k, "", str(k + 1), 11)
        page.insert_text((157, 110 + gap + 13 * k), place, fontname="tiro", fontsize=11)
    y = set_lines(page, 72, 540, 200, BODY * 4, 10, 12)
    x = _raised(page, 72, y, "The task follows the evaluation", "1")
    page.insert_text((x, y), "of the office.", fontname="tiro", fontsize=10)
    set_lines(page, 72, 540, y + 12, BODY * 3, 10, 12)
    page.draw_line((72, 700), (200, 700), width=0.4)
    _note(page, 715, "1", "The evaluation rules are held in the archive of the office.")
    return doc.tobytes()


def _check_note_one_binds_in_the_body(affiliations_apart: bool) -> None:
    parsed = layoutpdf.parse(_paper(affiliations_apart))
    note = next(f for f in parsed.footnotes if f.marker == "1")
    anchor = parsed.element(note.anchor_element_id)
    assert anchor is not None and "The task follows the evaluation" in anchor.text
    assert "Lee1" in parsed.to_markdown().replace(" ", "")   # the affiliation mark stays text


def test_an_affiliation_mark_labelled_in_the_author_block_is_not_a_note_mark():
    _check_note_one_binds_in_the_body(affiliations_apart=False)


def test_an_affiliation_mark_labelled_in_the_block_after_is_not_a_note_mark():
    _check_note_one_binds_in_the_body(affiliations_apart=True)


def _restarting(pages: int) -> bytes:
    """Notes numbered from 1 on every page; page 1 has notes 1 and 2."""
    doc = pymupdf.open()
    for p in range(pages):
        page = doc.new_page(width=612, height=792)
        y = set_lines(page, 72, 540, 90, BODY * 3, 10, 12)
        x = _raised(page, 72, y, f"Page {p + 1} claims one thing", "1")
        x = _raised(page, x, y, "and another", "2") if p == 0 else x
        page.insert_text((x, y), "in the text.", fontname="tiro", fontsize=10)
        foot = 700 - 24 * p          # notes set at different heights: not a running footer
        page.draw_line((72, foot), (200, foot), width=0.4)
        _note(page, foot + 15, "1", f"Page {p + 1} note one explains the claim {'and more' * p}.")
        if p == 0:
            _note(page, foot + 27, "2", "Page 1 note two explains the other claim.")
    return doc.tobytes()


def test_note_labels_are_the_printed_marks_made_unique_by_page():
    parsed = layoutpdf.parse(_restarting(3))
    md = parsed.to_markdown()
    ids = {f.text.split(" note")[0] + " " + f.marker: f.id for f in parsed.footnotes}
    assert ids == {"Page 1 1": "1", "Page 1 2": "2", "Page 2 1": "1-p2", "Page 3 1": "1-p3"}
    assert "claims one thing[^1-p2] in the text." in md and "[^1-p2]: Page 2 note one" in md
    assert "claims one thing[^1] and another[^2]" in md


def test_marks_after_an_acronym_in_parentheses_and_an_aside_closing_on_the_next_line():
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = set_lines(page, 72, 540, 90, BODY * 3, 10, 12)
    x = _raised(page, 72, y, "The task is defined by Automatic Content Extraction (ACE)", "1")
    page.insert_text((x, y), "and by the office (which kept", fontname="tiro", fontsize=10)
    x = _raised(page, 72, y + 12, "the records for many years)", "2")
    page.insert_text((x, y + 12), "in its archive. A power (a+b)", fontname="tiro", fontsize=10)
    x = 72 + pymupdf.get_text_length("the records for many years)2 in its archive. A power (a+b)",
                                     "tiro", 10) + 3
    _raised(page, x, y + 12, "", "2")
    set_lines(page, 72, 540, y + 24, BODY * 2, 10, 12)
    page.draw_line((72, 700), (200, 700), width=0.4)
    _note(page, 715, "1", "The evaluation is run by the office every year.")
    _note(page, 727, "2", "The archive holds the records of every season.")
    parsed = layoutpdf.parse(doc.tobytes())
    md = parsed.to_markdown()
    assert "Extraction (ACE)[^1] and" in md
    assert "many years)[^2] in its archive" in md
    assert md.count("[^2]") == 2            # the power after (a+b) is no mark: one anchor


def _unraised(times: int) -> bytes:
    """Body text where note 1's mark is printed on the baseline, glued to its word
    ('evaluation1.'), `times` times; note 1 at the page foot."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = set_lines(page, 72, 540, 90, BODY * 3, 10, 12)
    for k in range(times):
        page.insert_text((72, y + 12 * k), "The task is defined by the evaluation1. Later work "
                         "followed.", fontname="tiro", fontsize=10)
    set_lines(page, 72, 540, y + 12 * times, BODY * 2, 10, 12)
    page.draw_line((72, 700), (200, 700), width=0.4)
    _note(page, 715, "1", "The evaluation is run by the office every year.")
    return doc.tobytes()


def test_a_mark_printed_without_its_raise_binds_when_it_is_the_only_one():
    md = layoutpdf.parse(_unraised(1)).to_markdown()
    assert "defined by the evaluation[^1]. Later" in md


def test_a_number_glued_to_a_word_twice_is_no_mark():
    parsed = layoutpdf.parse(_unraised(2))
    assert all(f.anchor_element_id is None for f in parsed.footnotes)
    assert parsed.to_markdown().count("evaluation1.") == 2
