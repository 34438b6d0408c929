"""The PDF's outline is evidence for headings (issue 36, item 4).

pdflatex with hyperref writes an outline entry for every section. With the `headings`
page style the section title is repeated as the running header of the pages that follow,
so the heading at the top of its page and the header above the next page read the same
('1 Foo'): repetition alone took both for furniture, and the section's chunks carried the
heading before it. A line the outline names on its page is a heading, and nests as the
outline nests it.
"""
from __future__ import annotations

import pymupdf
import pytest

import layoutpdf
from layoutpdf.model import Layer, Role
from layoutpdf.split import split_markdown
from layoutpdf.elements.outline import title_key

W, H = 595, 842
SECTIONS = (("1 Foo", "Foo", "foxes"), ("2 Bar", "Bar", "barley"))


def _body(page: pymupdf.Page, word: str, y: float, paragraphs: int = 4) -> float:
    text = (f"The field notes on {word} describe a steady trend over the whole period and the "
            "method stays stable under the tested conditions of the experiment. ") * 4
    for _ in range(paragraphs):
        page.insert_textbox(pymupdf.Rect(72, y, W - 72, y + 120), text, fontname="tiro", fontsize=10)
        y += 130
    return y


def outline_pdf(path) -> None:
    """A contents page, then each section: its heading at the top of one page (bold 12 pt)
    and, repeated as the running header (italic, body size), over the next page, which
    opens an unnumbered subsection in bold at body size. Page numbers at the foot."""
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    page.insert_text((72, 140), "A Short Report", fontname="tibo", fontsize=17)
    page.insert_text((72, 200), "Contents", fontname="tibo", fontsize=14)
    for k, (heading, _, _) in enumerate(SECTIONS):
        page.insert_text((72, 224 + 14 * k), f"{heading}  . . . . . . . . {2 * k + 2}",
                         fontname="tiro", fontsize=10)
    toc = [[1, "Contents", 1]]
    for k, (heading, title, word) in enumerate(SECTIONS):
        first = doc.new_page(width=W, height=H)
        first.insert_text((72, 80), heading, fontname="tibo", fontsize=12)
        _body(first, word, 110)
        following = doc.new_page(width=W, height=H)
        following.insert_text((72, 50), heading, fontname="tiit", fontsize=10)
        following.insert_text((72, 120), f"More on {word}", fontname="tibo", fontsize=10)
        _body(following, word + " again", 135, paragraphs=3)
        toc += [[1, title, doc.page_count - 1], [2, f"More on {word}", doc.page_count]]
    for n, p in enumerate(doc):
        p.insert_text((W / 2, H - 60), str(n + 1), fontname="tiro", fontsize=10)
    doc.set_toc(toc)
    doc.save(str(path))


@pytest.fixture(scope="module")
def parsed(tmp_path_factory):
    path = tmp_path_factory.mktemp("outline") / "outline.pdf"
    outline_pdf(path)
    return layoutpdf.parse(str(path))


def test_the_outline_reaches_the_pages(parsed):
    assert [(e.level, e.title) for e in parsed.pages[1].outline] == [(1, "Foo")]
    assert [(e.level, e.title) for e in parsed.pages[2].outline] == [(2, "More on foxes")]
    assert parsed.pages[0].outline[0].title == "Contents"


def test_a_heading_the_outline_names_is_no_running_header(parsed):
    for k, (heading, _, _) in enumerate(SECTIONS):
        on_its_page = [e for e in parsed.elements if e.page == 2 * k + 1 and e.text == heading]
        assert [(e.role, e.layer) for e in on_its_page] == [(Role.HEADING, Layer.BODY)]
        # the same words over the next page are its running header, still furniture
        above_next = [e for e in parsed.elements if e.page == 2 * k + 2 and e.text == heading]
        assert [e.layer for e in above_next] == [Layer.FURNITURE]


def test_heading_levels_nest_as_the_outline(parsed):
    levels = {e.text: e.level for e in parsed.elements if e.role is Role.HEADING}
    for heading, _, word in SECTIONS:
        assert levels[f"More on {word}"] == levels[heading] + 1


def test_chunks_carry_the_section_from_the_outline(parsed):
    chunks = split_markdown(parsed.to_markdown(), chunk_size=80)
    for heading, _, word in SECTIONS:
        first = next(c for c in chunks if c.text.startswith(f"The field notes on {word} describe"))
        assert first.heading_path[-1] == heading
        later = next(c for c in chunks if c.text.startswith(f"The field notes on {word} again"))
        assert later.heading_path[-2:] == (heading, f"More on {word}")


@pytest.mark.parametrize("line, title", [("1 Foo", "Foo"), ("2.3. Results", "2.3 Results"),
                                         ("IV. INTRODUCTION", "Introduction"),
                                         ("A Short Report", "A short report")])
def test_titles_match_with_or_without_their_number(line, title):
    assert title_key(line) == title_key(title)


def test_a_letter_that_is_a_word_stays_in_the_title():
    assert title_key("A Short Report") != title_key("Short Report")


def test_a_page_read_alone_nests_as_in_the_whole_document(parsed, tmp_path):
    path = tmp_path / "outline.pdf"
    outline_pdf(path)
    alone = layoutpdf.parse(str(path), pages=[2])
    whole = {e.text: e.level for e in parsed.elements if e.role is Role.HEADING and e.page == 2}
    assert {e.text: e.level for e in alone.elements if e.role is Role.HEADING} == whole
    assert whole == {"More on foxes": 3}
