"""Code listings (monospaced blocks, with or without line numbers) as fenced code blocks,
on PDFs drawn here with PyMuPDF (Helvetica prose, Courier code)."""
from __future__ import annotations

import pymupdf

import layoutpdf
from layoutpdf.model import Role
from test_tables import Page, parse

CODE = ["def merge(a, b):", "    out = []", "    while a and b:",
        "        out.append(min(a[0], b[0]))", "", "    return out + a + b  # rest", "",
        "print(merge([1, 3], [2]))"]


def _listing(p: Page, x: float, y: float, numbers: bool) -> float:
    for k, ln in enumerate(CODE, 1):
        if numbers:
            p.text(x - 18, y, str(k), size=7)
        if ln:
            p.page.insert_text((x, y), ln, fontsize=9, fontname="cour")
        y += 11
    return y


def _doc(numbers: bool) -> layoutpdf.Document:
    doc = pymupdf.open()
    p = Page(doc)
    y = p.prose(72, 80, 460, 5) + 16
    y = _listing(p, 90, y, numbers)
    p.prose(72, y + 14, 460, 5)
    return parse(doc)


def test_numbered_listing_is_one_fenced_block_with_its_indentation():
    d = _doc(numbers=True)
    code = [e for e in d.elements if e.role is Role.CODE]
    assert len(code) == 1
    assert code[0].text == "\n".join(CODE)            # line numbers left out, blank lines kept
    md = d.to_markdown()
    assert "```\n" + "\n".join(CODE) + "\n```" in md
    assert d.tables == ()


def test_listing_without_numbers():
    d = _doc(numbers=False)
    assert [e.text for e in d.elements if e.role is Role.CODE] == ["\n".join(CODE)]


def test_a_typescript_is_prose_not_code():
    """A document set wholly in a typewriter font has no listing to tell apart."""
    doc = pymupdf.open()
    page = doc.new_page()
    y = 80
    for k in range(30):
        page.insert_text((72, y), f"This is line {k} of a letter typed on a typewriter long ago.",
                         fontsize=10, fontname="cour")
        y += 13
    d = parse(doc)
    assert not [e for e in d.elements if e.role is Role.CODE]


def test_a_mono_word_in_prose_is_no_listing():
    doc = pymupdf.open()
    p = Page(doc)
    y = p.prose(72, 80, 460, 5)
    p.text(72, y, "Call the function")
    p.page.insert_text((160, y), "merge()", fontsize=10, fontname="cour")
    p.text(205, y, "to combine the two sorted lists into one list.")
    p.prose(72, y + 12, 460, 5)
    d = parse(doc)
    assert not [e for e in d.elements if e.role is Role.CODE]


def test_fence_outgrows_backticks_in_the_code():
    from layoutpdf.model import BBox, Element, Layer
    from layoutpdf.render.markdown import _code, Context
    e = Element(id="c", role=Role.CODE, layer=Layer.BODY, page=0, bbox=BBox(0, 0, 1, 1),
                text="x = ```raw```")
    assert _code(e, Context(doc=None)).text == "````\nx = ```raw```\n````"


def test_author_emails_in_typewriter_type_are_no_listing():
    doc = pymupdf.open()
    p = Page(doc)
    p.text(200, 70, "A Study of Things", size=16)
    p.page.insert_text((180, 95), "{alice, bob}@example.org", fontsize=9, fontname="cour")
    p.page.insert_text((180, 107), "carol@uni.edu  https://example.org", fontsize=9, fontname="cour")
    p.prose(72, 140, 460, 8)
    d = parse(doc)
    assert not [e for e in d.elements if e.role is Role.CODE]
