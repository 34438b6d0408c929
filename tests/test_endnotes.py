"""Endnotes: a numbered notes list after the text (an HTML `<ol>` printed by Chromium, a
journal's "Notes" section) binds to the marks in the text by number, wherever the list
is, and is written as footnotes (`[^n]` at the mark, the note after its paragraph), each
named an endnote. A references list is not a notes list; numbering restarting in each
chapter's notes binds each mark to the list that follows it."""
from __future__ import annotations

import re

import pymupdf

import layoutpdf
from layoutpdf.stages.footnotes import ENDNOTE

from browser_pdfs import print_html
from test_errors_support import set_lines

CLAIMS = ("The survey of the northern region was carried out by the regional office.",
          "Later seasons were added to the plan (as the office wrote in its report)",
          "and the summary called the work “thorough and complete”.")
NOTES = ("The first note explains how the survey was planned.",
         "The second note names the office that kept the records.",
         "The third note quotes the summary of the report.")
FILLER = " ".join(f"Paragraph {k} describes the careful work of the surveyors in the field "
                  "over many seasons." for k in range(6))


def _html() -> str:
    marked = (f"<p>{CLAIMS[0]}<sup>1</sup> {CLAIMS[1]}<sup>2</sup> {CLAIMS[2]}<sup>3</sup> "
              "More text follows the marks.</p>")
    items = "".join(f"<li>{n}</li>" for n in NOTES)
    return ("<html><head><style>body{font-family:serif;font-size:11pt;margin:0 1in}"
            "p{margin:0 0 .6em 0} .endnotes li{font-size:9pt}</style></head><body>"
            f"<h1>Northern Survey</h1>{marked}<p>{FILLER}</p>"
            f"<section class='endnotes' style='break-before:page'><h2>Notes</h2><ol>{items}</ol>"
            "</section></body></html>")


def test_html_endnotes_on_the_last_page_bind_to_their_marks():
    doc = layoutpdf.parse(print_html(_html()))
    notes = {f.marker: f for f in doc.footnotes}
    assert sorted(notes) == ["1", "2", "3"]
    claim = next(e for e in doc.elements if CLAIMS[0] in e.text)
    for k, marker in enumerate("123"):
        fn = notes[marker]
        assert fn.anchor_element_id == claim.id and fn.page == 1 and claim.page == 0
        assert fn.text == NOTES[k]
        assert ENDNOTE in fn.reasons and ENDNOTE in doc.element(fn.element_id).reasons
        assert fn.kind == "endnote"
    assert {f["kind"] for f in doc.to_dict()["footnotes"]} == {"endnote"}
    md = doc.to_markdown()
    assert "office.[^1] Later" in md and "report)[^2] and" in md and "complete”.[^3] More" in md
    assert md.index("[^3]: " + NOTES[2]) < md.index("Paragraph 0 describes")
    assert not re.search(r"^1\. The first note", md, re.M)   # not a numbered list any more


def _raised(page, x: float, y: float, words: str, mark: str) -> float:
    """`words` then a raised small `mark`; returns the x after them."""
    page.insert_text((x, y), words, fontname="tiro", fontsize=10)
    x += pymupdf.get_text_length(words, "tiro", 10)
    page.insert_text((x, y - 4), mark, fontname="tiro", fontsize=6.5)
    return x + pymupdf.get_text_length(mark, "tiro", 6.5) + 2.5


def _journal_pdf(chapters: int = 1) -> bytes:
    """Each chapter on a page of its own: a heading, marked text, filler, then its "Notes"
    list (numbers on the baseline, restarting at 1) at a height that differs from chapter
    to chapter. The last chapter's notes are followed by a numbered "References" list.
    Note 1's second line starts with '2 of', which is not note 2."""
    doc = pymupdf.open()
    for c in range(chapters):
        page = doc.new_page(width=612, height=792)
        page.insert_text((72, 80 + 40 * c), f"Chapter {c + 1}. The Northern Survey",
                         fontname="tibo", fontsize=14)
        y = set_lines(page, 72, 540, 110 + 40 * c, FILLER.split(), 10, 12)
        x = _raised(page, 72, y, f"In chapter {c + 1} the office kept the records.", "1")
        x = _raised(page, x, y, "Two teams met", "2")
        page.insert_text((x, y), "in spring.", fontname="tiro", fontsize=10)
        y = set_lines(page, 72, 540, y + 12, FILLER.split()[: 40 + 30 * c], 10, 12) + 24
        page.insert_text((72, y), "Notes", fontname="tibo", fontsize=12)
        page.insert_text((72, y + 24), f"1 Chapter {c + 1}: the records fill the archive of "
                         "the regional office, all", fontname="tiro", fontsize=9)
        page.insert_text((72, y + 35), "2 of them bound in leather.", fontname="tiro", fontsize=9)
        page.insert_text((72, y + 50), f"2 Chapter {c + 1}: the teams were led by the surveyors.",
                         fontname="tiro", fontsize=9)
    y += 90
    page.insert_text((72, y), "References", fontname="tibo", fontsize=12)
    page.insert_text((72, y + 24), "1 A. Lee. The northern survey. Surveys Press, 1990.",
                     fontname="tiro", fontsize=9)
    page.insert_text((72, y + 39), "2 B. Ray. Records of the office. Office Press, 1991.",
                     fontname="tiro", fontsize=9)
    return doc.tobytes()


def test_a_journal_notes_section_binds_and_a_references_list_stays_a_list():
    doc = layoutpdf.parse(_journal_pdf())
    notes = {f.marker: f for f in doc.footnotes}
    assert sorted(notes) == ["1", "2"]
    assert notes["1"].text.endswith("all 2 of them bound in leather.")
    assert notes["2"].text == "Chapter 1: the teams were led by the surveyors."
    assert all(doc.element(f.anchor_element_id).page == 0 for f in notes.values())
    assert all(ENDNOTE in f.reasons for f in notes.values())
    md = doc.to_markdown()
    assert "records.[^1] Two teams met[^2] in spring." in md
    assert "The northern survey. Surveys Press" in md and md.count("[^") == 4


def test_each_chapters_marks_bind_to_the_notes_that_follow_the_chapter():
    doc = layoutpdf.parse(_journal_pdf(chapters=2))
    by_chapter = {}
    for f in doc.footnotes:
        anchor = doc.element(f.anchor_element_id)
        chapter = re.search(r"In chapter (\d)", anchor.text).group(1)
        by_chapter[(chapter, f.marker)] = f
    assert sorted(by_chapter) == [("1", "1"), ("1", "2"), ("2", "1"), ("2", "2")]
    for (chapter, _), f in by_chapter.items():
        assert f.text.startswith(f"Chapter {chapter}:")
    ids = [f.id for f in doc.footnotes]
    assert len(set(ids)) == 4 and {"1", "2"} <= set(ids)
    assert all(i.split("-")[0] in ("1", "2") for i in ids)   # labels carry the printed mark


WRITER_NOTES = ("The first endnote tells where the records are kept.",
                "The second endnote names the surveyors of the office.")


def _writer_pdf(notes_page_text: tuple[str, ...] = WRITER_NOTES) -> bytes:
    """LibreOffice Writer's endnotes as it prints them: raised roman marks (i, ii) in the
    text; the notes on a page of their own after the text, no heading, each number set
    on the baseline right before its text ('iThe first ...')."""
    doc = pymupdf.open()
    for p in range(2):
        page = doc.new_page(width=612, height=792)
        y = set_lines(page, 72, 540, 90 + 30 * p, FILLER.split(), 12, 14.5)
        x = _raised(page, 72, y, f"On page {p + 1} the office kept its records", "i" * (p + 1))
        page.insert_text((x, y), "in order.", fontname="tiro", fontsize=12)
        set_lines(page, 72, 540, y + 14.5, FILLER.split()[:60], 12, 14.5)
    page = doc.new_page(width=612, height=792)
    for k, text in enumerate(notes_page_text):
        page.insert_text((72, 80 + 14 * k), ("i" * (k + 1) if k < 2 else "") + text,
                         fontname="tiro", fontsize=10)
    return doc.tobytes()


def test_writer_endnotes_on_their_own_page_bind_to_roman_marks():
    doc = layoutpdf.parse(_writer_pdf())
    notes = {f.marker: f for f in doc.footnotes}
    assert sorted(notes) == ["i", "ii"]
    for k, marker in enumerate(("i", "ii")):
        assert notes[marker].text == WRITER_NOTES[k] and ENDNOTE in notes[marker].reasons
        assert doc.element(notes[marker].anchor_element_id).page == k
    md = doc.to_markdown()
    assert "records[^i] in order." in md and "records[^ii] in order." in md


def test_a_numbered_last_page_the_text_does_not_mark_stays_text():
    doc = layoutpdf.parse(_writer_pdf(WRITER_NOTES + ("iiiThe third one has no mark.",)))
    assert doc.footnotes == ()
    assert "The first endnote tells" in doc.to_markdown()


def _book_pdf() -> bytes:
    """Two chapters, each marking notes 1 and 2 (chapter 1's second mark printed on the
    baseline, so it is no mark), then one "Notes" section at the end of the book whose
    numbering restarts under a label for each chapter."""
    doc = pymupdf.open()
    for c in range(2):
        page = doc.new_page(width=612, height=792)
        y = set_lines(page, 72, 540, 80, FILLER.split()[: 30 + 15 * c], 10, 12) + 20
        page.insert_text((72, y), f"Chapter {c + 1}", fontname="tibo", fontsize=16)
        y = set_lines(page, 72, 540, y + 30, FILLER.split(), 10, 12)
        x = _raised(page, 72, y, f"Chapter {c + 1} tells of the records.", "1")
        if c == 0:
            page.insert_text((x, y), "The teams met in spring.2 They parted.", fontname="tiro",
                             fontsize=10)
        else:
            x = _raised(page, x, y, "The teams met in spring.", "2")
            page.insert_text((x, y), "They parted.", fontname="tiro", fontsize=10)
        set_lines(page, 72, 540, y + 12, FILLER.split()[: 50 + 20 * c], 10, 12)
    page = doc.new_page(width=612, height=792)
    y = set_lines(page, 72, 540, 80, FILLER.split()[:24], 10, 12) + 20
    page.insert_text((72, y), "Notes", fontname="tibo", fontsize=16)
    y += 30
    for c in range(2):
        page.insert_text((72, y), f"Chapter {c + 1}", fontname="tibo", fontsize=11)
        for k in range(2):
            page.insert_text((72, y + 16 + 13 * k), f"{k + 1}. Note {k + 1} of chapter {c + 1} "
                             "gives the source.", fontname="tiro", fontsize=9)
        y += 60
    return doc.tobytes()


def test_a_books_notes_restart_for_each_chapter_and_marks_keep_to_their_chapter():
    doc = layoutpdf.parse(_book_pdf())
    bound = {}
    for f in doc.footnotes:
        if f.anchor_element_id:
            chapter = re.search(r"Chapter (\d) tells", doc.element(f.anchor_element_id).text)
            bound[(chapter.group(1), f.marker)] = f.text
    assert bound == {("1", "1"): "Note 1 of chapter 1 gives the source.",
                     ("2", "1"): "Note 1 of chapter 2 gives the source.",
                     ("2", "2"): "Note 2 of chapter 2 gives the source."}
    md = doc.to_markdown()
    assert "Chapter 2" in md.split("Note 1 of chapter 2")[0]   # the labels are kept


def test_a_web_pages_notes_list_in_small_type_with_no_heading_binds():
    marked = f"<p>{CLAIMS[0]}<sup>1</sup> {CLAIMS[1]}<sup>2</sup> More text.</p>"
    items = "".join(f"<li>{n}</li>" for n in NOTES[:2])
    html = ("<html><head><style>body{font-family:serif;font-size:11pt;margin:0 1in}"
            ".endnotes{border-top:0.6pt solid #777;margin-top:2em} .endnotes li{font-size:9pt}"
            f"</style></head><body>{marked}<p>{FILLER}</p><p>{FILLER}</p>"
            f"<section class='endnotes'><ol>{items}</ol></section></body></html>")
    doc = layoutpdf.parse(print_html(html))
    notes = {f.marker: f for f in doc.footnotes}
    assert sorted(notes) == ["1", "2"] and notes["2"].text == NOTES[1]
    assert all(f.anchor_element_id and ENDNOTE in f.reasons for f in notes.values())
    assert "office.[^1] Later" in doc.to_markdown()


def test_a_numbered_list_opening_the_last_page_stays_a_list_when_page_notes_answer_the_marks():
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = set_lines(page, 72, 540, 90, FILLER.split(), 10, 12)
    x = _raised(page, 72, y, "The office kept the records.", "1")
    x = _raised(page, x, y, "Two teams met", "2")
    page.insert_text((x, y), "in spring.", fontname="tiro", fontsize=10)
    set_lines(page, 72, 540, y + 12, FILLER.split(), 10, 12)
    page.draw_line((72, 700), (200, 700), width=0.4)
    for k in range(2):
        page.insert_text((72, 712 + 11 * k), str(k + 1), fontname="tiro", fontsize=5)
        page.insert_text((76, 715 + 11 * k), f"Page note {k + 1} explains the claim.",
                         fontname="tiro", fontsize=8)
    page = doc.new_page(width=612, height=792)
    for k, step in enumerate(("Open the archive of the office.", "Read the records in order.")):
        page.insert_text((72, 90 + 14 * k), f"{k + 1}. {step}", fontname="tiro", fontsize=10)
    parsed = layoutpdf.parse(doc.tobytes())
    assert sorted(f.text for f in parsed.footnotes) == ["Page note 1 explains the claim.",
                                                        "Page note 2 explains the claim."]
    assert "2. Read the records in order." in parsed.to_markdown()


def test_the_adapters_name_the_endnotes_a_page_defines(tmp_path):
    """A page's Document carries the ids of the endnotes whose definitions it holds
    (hidden from the embedding text); a page without endnotes has no such key."""
    import json

    from layoutpdf.adapters._metadata import ENDNOTES_KEY
    from layoutpdf.langchain import LayoutPDFLoader
    from layoutpdf.llama_index import LayoutPDFReader

    path = tmp_path / "notes.pdf"
    path.write_bytes(print_html(_html()))
    pages = LayoutPDFReader().load_data(str(path))
    assert json.loads(pages[0].metadata[ENDNOTES_KEY]) == ["1", "2", "3"]
    assert ENDNOTES_KEY in pages[0].excluded_embed_metadata_keys
    assert all(ENDNOTES_KEY not in p.metadata for p in pages[1:])
    lc = LayoutPDFLoader(str(path)).load()
    assert json.loads(lc[0].metadata[ENDNOTES_KEY]) == ["1", "2", "3"]


def test_a_section_number_is_no_note_number():
    # a list of figures or sections in a notes-like block ("5.1: Build ...") is not note 5
    from layoutpdf.stages.footnotes.endnotes import strip_number
    assert strip_number("5.1: Build the inventory of sites") == "5.1: Build the inventory of sites"
    assert strip_number("5. The fifth note explains the survey.") == "The fifth note explains the survey."
    assert strip_number("12) A note in parentheses style.") == "A note in parentheses style."
