"""Dates are no formulas (issue 39: an exhibit index's 'Filing Date' column, Best Buy 2023
10-K p66, came out as display maths: `$$\\begin{gathered} 9/4/2015 \\\\ 6/9/2016 ...$$`).

The fixture page sets an exhibit index as a filing agent does when no table survives: each
exhibit's description wraps at the left, its form, exhibit number and filing date stand in
columns at the right, the dates in a small type of their own."""
from __future__ import annotations

import pymupdf
import pytest

import layoutpdf
from layoutpdf.stages.math.prose import is_date

EXHIBITS = (
    ("4.1", "Form of Indenture, to be dated as of March 11, 2011, between the Company and the "
     "National Association, as successor trustee", "8-K", "4.1", ("3/8/2011",)),
    ("10.1", "Five-Year Credit Agreement dated as of May 18, 2021, among the Company, the "
     "Subsidiary Guarantors, the Lenders and the administrative agent", "10-Q", "10.1",
     ("9/4/2015", "6/9/2016", "6/9/2016")),
    ("10.2", "Omnibus Stock and Incentive Plan, as amended, and the Long-Term Incentive "
     "Program Award Agreement approved by the Board of Directors", "10-K", "10.19",
     ("6/5/2017", "6/5/2017")),
)
SIZE, SMALL = 8.0, 6.25


def write(path) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 72.0
    page.insert_text((36, y), "Exhibits incorporated by reference and filed herewith are listed below.",
                     fontname="helv", fontsize=SIZE)
    y += 24
    for number, text, form, exhibit, dates in EXHIBITS:
        words, line, lines = text.split(), "", []
        for w in words:
            if pymupdf.get_text_length(line + " " + w, "helv", SIZE) > 330:
                lines.append(line)
                line = w
            else:
                line = (line + " " + w).strip()
        lines.append(line)
        page.insert_text((36, y), number, fontname="helv", fontsize=SIZE)
        for k, ln in enumerate(lines):
            page.insert_text((70, y + 10 * k), ln, fontname="helv", fontsize=SIZE)
        page.insert_text((430, y), form, fontname="helv", fontsize=SIZE)
        page.insert_text((480, y), exhibit, fontname="helv", fontsize=SIZE)
        for k, d in enumerate(dates):
            page.insert_text((531, y + 8 * k), d, fontname="helv", fontsize=SMALL)
        y += 10 * max(len(lines), len(dates)) + 14
    doc.save(str(path))


@pytest.fixture(scope="module")
def parsed(tmp_path_factory):
    path = tmp_path_factory.mktemp("dates") / "exhibits.pdf"
    write(path)
    return layoutpdf.parse(str(path), {"ocr": {"mode": "never"}})


def test_no_date_is_a_formula(parsed):
    assert not parsed.equations
    md = parsed.to_markdown()
    assert "$" not in md
    for *_, dates in EXHIBITS:
        for d in dates:
            assert d in md


@pytest.mark.parametrize("text, date", [
    ("3/8/2011", True), ("9/4/2015 6/9/2016", True), ("31.12.2020", True),
    ("12-31-20", True), ("1/2", False), ("a/b/c", False), ("3/8/2011 filed", False),
])
def test_what_a_date_is(text, date):
    assert is_date(text) is date
