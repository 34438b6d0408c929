"""Footnotes on two-column pages and in mixed note blocks.

- The first note of a page can sit at the foot of the left column while the right column
  runs on to the bottom margin: a note closes its own column, not the page (classify).
- A corresponding-author star note and note 1 set in one block are two notes, and the
  note number may be set small on the baseline (footnotes).
- An anchor after a citation '(Radev et al., 2009)' or a version 'v3.0.0' is a note
  marker, not a power (footnotes); a lone small math glyph at a column foot is no note.
"""
from __future__ import annotations

import pymupdf

import layoutpdf
from layoutpdf.model import Role
from test_errors_support import set_lines

WORDS = ("the committee reviewed the evidence gathered during the survey and agreed that the "
         "results support a careful extension of the programme to other regions next year").split()
NOTE = "The survey was run in three waves between 2015 and 2017 by the national office."
LEFT, RIGHT = (54.0, 300.0), (312.0, 558.0)


def _words(n: int, start: int = 0) -> list[str]:
    return [WORDS[(i + start) % len(WORDS)] for i in range(n)]


def _anchor_line(page, x: float, y: float, before: str, marker: str, after: str) -> None:
    """A body line with a raised, smaller marker after `before`."""
    page.insert_text((x, y), before, fontname="tiro", fontsize=10)
    xm = x + pymupdf.get_text_length(before, "tiro", 10)
    page.insert_text((xm, y - 4), marker, fontname="tiro", fontsize=6)
    page.insert_text((xm + pymupdf.get_text_length(marker, "tiro", 6), y), after, fontname="tiro",
                     fontsize=10)


def two_column_note_pdf(rule: bool = False) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = set_lines(page, *LEFT, 72, _words(330))
    _anchor_line(page, LEFT[0], y, "as the survey showed", "1", " in the final report.")
    y_note = y + 26
    if rule:
        page.draw_line((LEFT[0], y_note - 11), (LEFT[0] + 76, y_note - 11), width=0.4)
    page.insert_text((LEFT[0], y_note - 2), "1", fontname="tiro", fontsize=5)
    set_lines(page, LEFT[0] + 4, LEFT[1], y_note, NOTE.split(), size=8, pitch=9.5)
    set_lines(page, *RIGHT, 72, _words(470, 5) + ["end."])      # down to the bottom margin
    return doc.tobytes()


def test_first_note_at_the_foot_of_the_left_column_is_a_bound_footnote():
    doc = layoutpdf.parse(two_column_note_pdf())
    assert len(doc.pages[0].columns) == 2
    assert [f.marker for f in doc.footnotes] == ["1"]
    note = doc.footnotes[0]
    assert note.text == NOTE
    assert note.anchor_element_id is not None and note.score == 1.0
    anchor = next(e for e in doc.elements if e.id == note.anchor_element_id)
    assert "as the survey showed in the final report." in anchor.text   # marker taken out
    md = doc.to_markdown()
    assert "showed[^1] in the final report." in md and "[^1]: " + NOTE in md


def test_with_its_rule_the_note_is_found_the_same_way():
    doc = layoutpdf.parse(two_column_note_pdf(rule=True))
    assert [f.marker for f in doc.footnotes] == ["1"] and doc.footnotes[0].text == NOTE


def test_small_print_under_small_print_is_no_note():
    """A column of 8-pt text (a reference list) ending in a numbered item at the column
    foot: the item continues the small print above it, it does not close the body."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = set_lines(page, *LEFT, 72, _words(200))
    y = set_lines(page, *LEFT, y + 8, ["References"] + _words(150, 2), size=8, pitch=9.5)
    set_lines(page, *LEFT, y + 8, ["12"] + _words(40, 4), size=8, pitch=9.5)
    set_lines(page, *RIGHT, 72, _words(470, 5))
    parsed = layoutpdf.parse(doc.tobytes())
    assert not parsed.footnotes
    assert not any(e.role is Role.FOOTNOTE for e in parsed.elements)


def test_star_note_and_note_one_in_one_block_are_two_notes():
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _anchor_line(page, 72, 80, "Ann Author", "*", " and Bob Author")
    y = set_lines(page, 72, 540, 100, _words(300))
    _anchor_line(page, 72, y, "as the archive", "1", " lists them all.")
    page.draw_line((72, 700), (150, 700), width=0.4)
    page.insert_text((72, 712), "* indicates corresponding author", fontname="tiro", fontsize=8)
    page.insert_text((72, 722), "1", fontname="tiro", fontsize=5)       # small, on the baseline
    page.insert_text((76, 722), " http://projects.example.org/archive", fontname="tiro", fontsize=8)
    parsed = layoutpdf.parse(doc.tobytes())
    notes = {f.marker: f for f in parsed.footnotes}
    assert set(notes) == {"*", "1"}
    assert notes["1"].text == "http://projects.example.org/archive"
    assert notes["*"].text == "indicates corresponding author"
    assert notes["1"].anchor_element_id is not None and notes["*"].anchor_element_id is not None


def _citation_and_version_pdf() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = set_lines(page, 72, 540, 80, _words(200))
    _anchor_line(page, 72, y, "the network (Radev et al., 2009)", "1", " was used.")
    _anchor_line(page, 72, y + 12, "We parse with the tool v3.0.0", "2", " in all runs.")
    set_lines(page, 72, 540, y + 24, _words(120, 3))
    page.draw_line((72, 700), (150, 700), width=0.4)
    for k, text in enumerate(("http://aan.example.org/", "https://github.com/example/tool")):
        page.insert_text((72, 712 + 10 * k), str(k + 1), fontname="tiro", fontsize=5)
        page.insert_text((76, 714 + 10 * k), text, fontname="tiro", fontsize=8)
    return doc.tobytes()


def test_an_anchor_after_a_citation_binds():
    parsed = layoutpdf.parse(_citation_and_version_pdf())
    bound = {f.marker for f in parsed.footnotes if f.anchor_element_id is not None}
    assert "1" in bound and "2009)[^1] was used." in parsed.to_markdown()


def test_an_anchor_after_a_version_number_binds():
    """(With the math stage on, 'v3.0.0' followed by a raised '2' is read as inline math
    before notes are bound; the footnote rule itself is checked with math off.)"""
    parsed = layoutpdf.parse(_citation_and_version_pdf(), {"math": {"enabled": False}})
    bound = {f.marker for f in parsed.footnotes if f.anchor_element_id is not None}
    assert bound == {"1", "2"} and "v3.0.0[^2] in all runs." in parsed.to_markdown()


def test_a_lone_small_glyph_at_a_column_foot_is_no_note():
    """The limit 'n' of a display set under the last paragraph of a column."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = set_lines(page, *LEFT, 72, _words(400))
    page.insert_text((170, y + 6), "n", fontname="tiro", fontsize=7)
    set_lines(page, *RIGHT, 72, _words(470, 5))
    parsed = layoutpdf.parse(doc.tobytes())
    assert not any(e.role is Role.FOOTNOTE for e in parsed.elements)


def test_a_note_set_right_under_its_paragraph_is_a_note():
    """Browser and office notes are set under the paragraph that holds the anchor, high
    on the page: a small block opening with the raised marker of an anchor is a note."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = set_lines(page, 72, 540, 80, _words(60))
    _anchor_line(page, 72, y, "as the survey showed", "1", " in the final report.")
    page.insert_text((72, y + 18), "1", fontname="tiro", fontsize=5)
    page.insert_text((76, y + 21), NOTE, fontname="tiro", fontsize=7)
    set_lines(page, 72, 540, y + 42, _words(400, 2))
    parsed = layoutpdf.parse(doc.tobytes())
    assert [(f.marker, f.text) for f in parsed.footnotes] == [("1", NOTE)]
    assert parsed.footnotes[0].anchor_element_id is not None
    assert "showed[^1] in the final report." in parsed.to_markdown()


def test_notes_anchored_in_an_author_heading_keep_their_text():
    """Affiliation notes '1 ...' '2 ...' in one block, anchored in the author line (a
    heading by its type): every note's text is in the Markdown."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 80), "Ann Author", fontname="tibo", fontsize=12)
    page.insert_text((72 + pymupdf.get_text_length("Ann Author", "tibo", 12), 75), "1", fontname="tiro",
                     fontsize=7)
    y = set_lines(page, 72, 540, 110, _words(400))
    page.draw_line((72, 700), (150, 700), width=0.4)
    affiliations = ("School of Physics, University of Springfield.", "Department of Survey Methods, North College.")
    for k, text in enumerate(affiliations):
        page.insert_text((72, 712 + 10 * k), str(k + 1), fontname="tiro", fontsize=5)
        page.insert_text((76, 714 + 10 * k), text, fontname="tiro", fontsize=8)
    md = layoutpdf.parse(doc.tobytes()).to_markdown()
    assert all(text in md for text in affiliations)


def _cited_page(entries: int, heading: bool) -> bytes:
    """Body text citing with raised numbers (Nature style), then numbered references."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 72
    while y < 700 - 14 * entries:                  # body down to just above the entries
        y = set_lines(page, 72, 540, y, _words(12, int(y)))
    for k in range(1, 3):
        _anchor_line(page, 72, y, "as the survey showed", str(k), " in the final report.")
        y += 12
    y += 14
    if heading:
        page.insert_text((72, y), "References", fontname="tibo", fontsize=11)
        y += 16
    for k in range(1, entries + 1):
        page.insert_text((72, y), f"{k}. Author, A. B. A survey of waves {k}. J. Surv. {k}, 1-9 (2010).",
                         fontname="tiro", fontsize=7)
        y += 14
    return doc.tobytes()


def test_a_run_of_numbered_entries_is_a_reference_list_not_notes():
    assert not layoutpdf.parse(_cited_page(8, heading=False)).footnotes


def test_entries_after_a_references_heading_are_no_notes():
    assert not layoutpdf.parse(_cited_page(2, heading=True)).footnotes


def test_two_numbered_notes_without_a_heading_are_notes():
    assert [f.marker for f in layoutpdf.parse(_cited_page(2, heading=False)).footnotes] == ["1", "2"]
