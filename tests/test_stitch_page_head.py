"""A line set at the head of a page, above where its columns begin, opens the column under
it; it does not continue the paragraph that ends the column before (stage stitch). A
broker's report sets its report-type band flush right at the top of the main column, over
a sidebar whose last paragraph (a list of related reports) ends without a full stop; a
paragraph cut at the foot of the left column still goes on at the top of the right."""
from __future__ import annotations

import pymupdf

import layoutpdf

BAND = "Equity Research | Company Update"
RELATED = ("Related research: Wire capacity doubles on new plant, 2022.4.29; Equipment makers "
           "lead the efficient cell build-out, 2022.4.10; New cutting contract signed, 2022.1.24")
BODY = ("The company plans to build a new plant for diamond wire next to its existing site, where "
        "power costs less, and expects the first phase to start production early next year. ")


def _report() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((420, 50), BAND, fontname="helv", fontsize=10)          # the page's head band
    # sidebar: from below the band's height down to its last paragraph, no full stop
    page.insert_textbox(pymupdf.Rect(24, 100, 180, 300), "Analyst: Jane Doe, licence S0120521020003. "
                        "Research assistant: John Roe.", fontname="helv", fontsize=9)
    page.insert_textbox(pymupdf.Rect(24, 480, 180, 700), RELATED, fontname="helv", fontsize=9)
    page.insert_text((200, 115), "Capacity Expansion Strengthens Cutting", fontname="hebo", fontsize=16)
    page.insert_textbox(pymupdf.Rect(200, 140, 570, 760), BODY * 12, fontname="helv", fontsize=9)
    return doc.tobytes()


def _two_columns() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    font = pymupdf.Font("helv")
    left = pymupdf.TextWriter(page.rect)
    # the lines the left column cannot hold go on at the top of the right column
    rest = left.fill_textbox(pymupdf.Rect(40, 60, 290, 300), BODY * 14, font=font, fontsize=10)
    left.write_text(page)
    right = pymupdf.TextWriter(page.rect)
    right.fill_textbox(pymupdf.Rect(305, 60, 555, 800), " ".join(text for text, _ in rest), font=font,
                       fontsize=10)
    right.write_text(page)
    return doc.tobytes()


def test_a_band_over_the_columns_is_no_continuation():
    d = layoutpdf.parse(_report())
    band = [e for e in d.elements if BAND in e.text]
    assert len(band) == 1 and band[0].text.strip() == BAND, [e.text for e in band]
    related = [e for e in d.elements if e.text.startswith("Related research")]
    assert related and related[0].text.rstrip().endswith("2022.1.24"), related[0].text


def test_a_paragraph_cut_by_the_column_break_still_goes_on():
    d = layoutpdf.parse(_two_columns())
    paras = [e for e in d.elements if e.text.startswith("The company plans")]
    assert len(paras) == 1 and len(paras[0].continuation) == 1, [e.text[:60] for e in paras]
