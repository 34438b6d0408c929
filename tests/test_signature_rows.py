"""A management report ends with its signers set side by side, each name in bold centred
over its title in italic, with no "/s/" (Nike's "Management's Annual Report on Internal
Control"). Lines that share their baseline with another line of the column are cells of a
row (a signature table, a form), not headings: a heading stands alone on its line. A bold
heading alone over its paragraph stays one."""
from __future__ import annotations

import pymupdf

import layoutpdf
from layoutpdf.model import Role

PROSE = ("Management is responsible for establishing and maintaining adequate internal control over "
         "financial reporting, as such term is defined in the rules of the Exchange Act. ")
SIGNERS = (("Mark G. Parker", "Chairman, President and Chief Executive Officer", 160),
           ("Andrew Campion", "Executive Vice President and Chief Financial Officer", 450))


def _centred(page, x: float, y: float, text: str, font: str, size: float = 8) -> None:
    width = pymupdf.get_text_length(text, fontname=font, fontsize=size)
    page.insert_text((x - width / 2, y), text, fontname=font, fontsize=size)


def _page() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((36, 60), "Internal Control over Financial Reporting", fontname="hebo", fontsize=8)
    page.insert_textbox(pymupdf.Rect(36, 70, 576, 200), PROSE * 6, fontname="helv", fontsize=8)
    for name, title, x in SIGNERS:
        _centred(page, x, 240, name, "hebo")
        _centred(page, x, 251, title, "heit")
    return doc.tobytes()


def test_signers_side_by_side_are_no_headings():
    d = layoutpdf.parse(_page())
    texts = [t for name, title, _ in SIGNERS for t in (name, title)]
    found = [e for e in d.elements if any(t in e.text for t in texts)]
    assert found and all(e.role is not Role.HEADING for e in found), [(e.role, e.text) for e in d.elements]
    assert all(t in d.to_markdown() for t in texts)


def test_a_bold_line_alone_over_its_paragraph_is_a_heading():
    d = layoutpdf.parse(_page())
    heads = [e for e in d.elements if e.text.strip() == "Internal Control over Financial Reporting"]
    assert [e.role for e in heads] == [Role.HEADING], [(e.role, e.text[:40]) for e in d.elements]


def test_a_signers_title_does_not_run_into_the_next_signers_name():
    blocks = layoutpdf.parse(_page()).to_markdown().split("\n\n")
    for name, title, _ in SIGNERS:
        others = [t for n, tt, _ in SIGNERS if n != name for t in (n, tt)]
        mine = [b for b in blocks if name in b or title in b]
        assert mine and not any(o in b for b in mine for o in others), mine


def _two_columns() -> bytes:
    """A two-column page whose columns each open with a bold heading on the same baseline."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for x0, head in ((54, "2 Related Work"), (318, "3 Method")):
        page.insert_text((x0, 72), head, fontname="hebo", fontsize=10)
        page.insert_textbox(pymupdf.Rect(x0, 82, x0 + 240, 720), PROSE * 8, fontname="helv", fontsize=10)
    return doc.tobytes()


def test_headings_heading_two_columns_side_by_side_stay_headings():
    d = layoutpdf.parse(_two_columns())
    heads = [e for e in d.elements if e.text.strip() in ("2 Related Work", "3 Method")]
    assert len(heads) == 2 and all(e.role is Role.HEADING for e in heads), \
        [(e.role, e.column, e.text[:30]) for e in d.elements]
