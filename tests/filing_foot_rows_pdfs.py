"""Generated 10-K pages, one of whose last rows reads like furniture by its words but
belongs to the text (issue 39 F, issue 36), for `test_furniture_foot_rows`. Printed from
HTML as EDGAR filings are: "Table of Contents" at the top of every sheet, the page number
centred 30 pt under each page's last baseline.
The exhibit index marks each exhibit filed with the report by an "X" in its "Filed
Herewith" column; the last one stands in the page's bottom rows, beside its exhibit's
number and title, where a folio might (Netflix 2017 10-K page 64, Adobe 2016 page 110).
Its page follows prose pages and comes before a full sheet of text."""
from __future__ import annotations

import pymupdf

from filings_pdfs import prose

RUNNING_HEAD = "Table of Contents"
SIZE = 8.8
LEFT, CENTRE = 18.9, 306.0
PITCH = 13.5
FOLIO_GAP = 30.0
FULL_SHEET_LINES = 60
EXHIBITS = (("10.1", "Amended and Restated 2011 Stock Plan", ""), ("21.1", "List of Significant Subsidiaries", "X"),
            ("23.1", "Consent of Ernst & Young LLP", "X"), ("24", "Power of Attorney", "X"),
            ("31.1", "Certification of Chief Executive Officer", "X"),
            ("31.2", "Certification of Chief Financial Officer", "X"))
X_LEFT = 567.2


def _text(page: pymupdf.Page, x: float, y: float, text: str, font: str = "tiro", size: float = SIZE) -> None:
    page.insert_text((x, y), text, fontname=font, fontsize=size)


def _sheet(doc: pymupdf.Document) -> pymupdf.Page:
    page = doc.new_page(width=612, height=792)
    _text(page, 17.5, 28.0, RUNNING_HEAD, "tibo", 7.4)
    return page


def _folio(page: pymupdf.Page, y: float, number: int) -> None:
    text = str(number)
    _text(page, CENTRE - pymupdf.get_text_length(text, "tiro", SIZE) / 2, y + FOLIO_GAP, text)


def _prose(page: pymupdf.Page, y: float, lines: int, start: int) -> float:
    """Running text across the measure from baseline y; returns the last baseline."""
    words = prose(15 * lines, start).split()
    for i in range(lines):
        _text(page, LEFT, y, " ".join(words[15 * i:15 * (i + 1)]))
        y += 11.0
    return y - 11.0


def _exhibits(page: pymupdf.Page) -> float:
    y = _prose(page, 60.0, 40, 5) + 2 * PITCH
    _text(page, 540.0, y, "Filed Herewith", "tibo")
    for number, title, filed in EXHIBITS:
        y += 2 * PITCH
        _text(page, LEFT + 14.0, y, number)
        _text(page, 65.5, y, title)
        if filed:
            _text(page, X_LEFT, y, filed)
    return y


def foot_rows_pdf() -> tuple[bytes, dict]:
    """The document and where its case is: {"exhibits": page index, "numbers": {page
    index: printed number}}."""
    doc = pymupdf.open()
    where: dict = {"numbers": {}}
    for k, lines in enumerate((52, 45, 58, 50, 55, 48)):
        page = _sheet(doc)
        where["numbers"][page.number] = 60 + page.number
        _folio(page, _prose(page, 60.0, lines, k), 60 + page.number)
    page = _sheet(doc)
    where["exhibits"] = page.number
    where["numbers"][page.number] = 60 + page.number
    _folio(page, _exhibits(page), 60 + page.number)
    page = _sheet(doc)                      # a full sheet of text last
    where["numbers"][page.number] = 60 + page.number
    _folio(page, _prose(page, 60.0, FULL_SHEET_LINES, 7), 60 + page.number)
    return doc.tobytes(), where


if __name__ == "__main__":                  # python tests/filing_foot_rows_pdfs.py: for a look
    data, where = foot_rows_pdf()
    with open("/tmp/foot_rows.pdf", "wb") as fh:
        fh.write(data)
    print(where)
