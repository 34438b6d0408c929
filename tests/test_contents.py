"""Tables of contents: each entry (leader dots + page number) is one list item, never a
heading (it would poison heading paths), never a caption (a 'Fig. 1 ..... 3' line in a
list of figures names a figure on another page), never joined across a page break."""
from __future__ import annotations

import pymupdf

import layoutpdf
from layoutpdf.model import Role
from layoutpdf.elements.line_kinds import is_toc_entry

ENTRIES = [  # (indent, text, page, bold)
    (0, "1. Introduction", "1", True),
    (0, "2. System Architecture and Main Components", "2", True),
    (18, "2.1. Components of the Computing Zone", "3", False),
    (18, "2.2. Components of the Storage Zone", "4", False),
    (0, "3. Threat Analysis", "10", True),
    (0, "References", "20", False),
]
WRAPPED = ("Appendix A. Architecture variants found in the field, with notes on how sites",
           "adapted the reference design", "24")


def _leader_line(page, x, y, title, number, width=470, font="helv", size=11):
    end = 72 + width
    num_w = pymupdf.get_text_length(number, fontname=font, fontsize=size)
    page.insert_text((x, y), title, fontname=font, fontsize=size)
    start = x + pymupdf.get_text_length(title + " ", fontname=font, fontsize=size)
    dot_w = pymupdf.get_text_length(".", fontname=font, fontsize=size)
    dots = "." * int((end - num_w - 6 - start) / dot_w)
    page.insert_text((start, y), dots, fontname=font, fontsize=size)
    page.insert_text((end - num_w, y), number, fontname=font, fontsize=size)


def contents_pdf() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 90), "Table of Contents", fontname="hebo", fontsize=16)
    y = 130
    for indent, title, number, bold in ENTRIES:
        _leader_line(page, 72 + indent, y, title, number, font="hebo" if bold else "helv")
        y += 20
    page.insert_text((72, y), WRAPPED[0], fontname="helv", fontsize=11)
    _leader_line(page, 72, y + 14, WRAPPED[1], WRAPPED[2])
    y += 48
    page.insert_text((72, y), "List of Figures", fontname="helv", fontsize=11)
    _leader_line(page, 72, y + 20, "Fig. 1. Reference architecture of the system", "3")
    page2 = doc.new_page(width=612, height=792)
    _leader_line(page2, 72, 90, "Appendix B. Glossary", "30")
    body = ("The reference architecture divides the system into zones. Each zone has its own "
            "security posture and threats.")
    page2.insert_textbox(pymupdf.Rect(72, 130, 540, 300), body, fontname="helv", fontsize=11)
    return doc.tobytes()


def test_contents_entries_are_list_items_not_headings_or_captions():
    doc = layoutpdf.parse(contents_pdf())
    entries = [e for e in doc.elements if "contents entry" in " ".join(e.reasons)]
    texts = [e.text for e in entries]
    assert len(entries) == len(ENTRIES) + 3, texts    # + wrapped appendix, Fig. 1, Appendix B
    assert all(e.role is Role.LIST_ITEM for e in entries)
    for (_, title, number, _), text in zip(ENTRIES, texts):
        assert text.startswith(title) and text.endswith(number) and "...." not in text
    wrapped = next(t for t in texts if t.startswith("Appendix A."))
    assert "adapted the reference design" in wrapped and wrapped.endswith("24")
    assert not doc.figures, "a list-of-figures entry is not a caption"
    headings = [e.text for e in doc.elements if e.role in (Role.HEADING, Role.TITLE)]
    assert not any(is_toc_entry(h) for h in headings)
    assert any(t.startswith("Appendix B.") and t.endswith("30") for t in texts), \
        "an entry at the top of the next page stays its own item"


def test_contents_markdown_has_one_entry_per_line():
    md = layoutpdf.parse(contents_pdf()).to_markdown()
    lines = [ln for ln in md.splitlines() if "…" in ln]
    assert len(lines) == len(ENTRIES) + 3
    assert not any(ln.lstrip().startswith("#") for ln in lines)


def test_is_toc_entry_needs_leaders_and_a_number():
    assert is_toc_entry("2.1. Parallel File System ............ 4")
    assert is_toc_entry("Preface . . . . . . . . xii")
    assert is_toc_entry("Conclusions … 19")
    assert is_toc_entry("Annuities . . . . . . . . . 13, 29")          # an index entry
    assert not is_toc_entry("The results are shown in Table 4.")
    assert not is_toc_entry("Wait for it.... 4 seconds later it failed")
    assert not is_toc_entry("See section 2.1.4")
