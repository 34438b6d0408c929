"""Damage is said (issue 34): MuPDF's warnings per page become `damaged_content`, a page
tree that disagrees with itself `page_tree_repaired`, and a page object listed again is
not read again."""
from __future__ import annotations

import layoutpdf
import pymupdf

import wild_pdfs as gen


def codes(doc, page=None) -> list[str]:
    return [i.code for i in doc.issues if page is None or i.page == page]


def test_a_truncated_content_stream_is_said_on_its_page():
    data = gen.truncated_stream(gen.prose_pdf(2, lines=40), page=1, keep=0.3)
    doc = layoutpdf.parse(data)
    [issue] = [i for i in doc.issues if i.code == "damaged_content"]
    assert issue.page == 1 and "page 2" in issue.message
    assert "cut short" in issue.message and "flate" in issue.message
    assert "Line 5 of page 1" in doc.to_markdown()       # the other page is whole


def test_a_broken_tounicode_map_is_said():
    doc = layoutpdf.parse(gen.broken_tounicode(gen.prose_pdf(2)))
    issues = [i for i in doc.issues if i.code == "damaged_content"]
    assert [i.page for i in issues] == [0]
    assert "font or character map" in issues[0].message


def test_a_page_listed_twice_in_kids_is_said_and_read_once():
    data = gen.page_listed_twice(gen.prose_pdf(2))
    assert pymupdf.open("pdf", data).page_count == 3
    doc = layoutpdf.parse(data)
    [issue] = [i for i in doc.issues if i.code == "page_tree_repaired"]
    assert issue.page is None and "pages 3" in issue.message
    assert len(doc.pages) == 3 and not doc.pages[2].lines     # not read again
    assert doc.to_markdown().count("Line 7 of page 1:") == 1


def test_a_count_that_disagrees_with_the_tree_is_said():
    doc = layoutpdf.parse(gen.wrong_count(gen.prose_pdf(2), 5))
    [issue] = [i for i in doc.issues if i.code == "page_tree_repaired"]
    assert "/Count says 5" in issue.message and "holds 2" in issue.message


def test_a_clean_document_says_nothing():
    doc = layoutpdf.parse(gen.prose_pdf(3).tobytes())
    assert not {"damaged_content", "page_tree_repaired", "missing_header",
                "image_not_decoded"} & set(codes(doc))


def test_messages_of_well_formed_files_are_not_damage():
    from layoutpdf.extract.damage import _kind
    for said in ("non-embedded font using identity encoding: Ryumin-Light",
                 "invalid marked content sequence / clip nesting", "invalid link destination",
                 "PDF stream Length incorrect", "ActualText with no position. Text may be lost"):
        assert _kind(said) is None, said
    assert _kind("premature end of data in flate filter")
    assert _kind("expected string or array or endbfrange")


def test_a_text_flood_in_an_annotation_appearance_is_stopped_before_mupdf():
    """Annotations are drawn with the page: a flood of text operators in one's appearance
    stream counts against limits.max_text_operators_per_page like the page's own."""
    doc = gen.prose_pdf(1)
    page = doc[0]
    annot = page.add_freetext_annot(pymupdf.Rect(100, 100, 300, 200), "note")
    stream = int(doc.xref_get_key(annot.xref, "AP/N")[1].split()[0])
    doc.update_stream(stream, b"BT /Helv 1 Tf " + b"1 0 Td (a) Tj " * 20_000 + b"ET")
    settings = layoutpdf.Settings().replace(limits={"max_text_operators_per_page": 10_000})
    parsed = layoutpdf.parse(doc.tobytes(), settings)
    [issue] = [i for i in parsed.issues if i.code == "page_too_complex"]
    assert issue.page == 0 and "text-showing operators" in issue.message
