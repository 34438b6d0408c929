"""Generated pages of a financial report that each open with a statement's column header,
the fiscal years "2022" and "2021" (and "2020") over their amount columns, at the same place on every
page (issue 39 F, issue 36), for `test_furniture_statement_years`. The rows under the
header are set as plain lines (the amounts written into each row's text, as a converter
that prints a preformatted block sets them), so no table holds the years: a year taken
for furniture is a word lost. The page number is centred at the foot of every page and
counts with the pages; the years stand identical on every page and count nothing."""
from __future__ import annotations

import pymupdf

from filings_pdfs import prose

SIZE = 9.0
YEARS = ("2022", "2021", "2020")
YEAR_RIGHTS = (390.0, 470.0, 550.0)   # each year's right edge, over its column of amounts
HEADER_BASE = 40.0                # the header's baseline: the first row of every page
ROWS = ("Net revenues", "Cost of revenues", "Gross profit", "Operating expenses", "Operating income",
        "Interest expense", "Income before taxes", "Income taxes", "Net income")


def _right(page: pymupdf.Page, x1: float, y: float, text: str, font: str = "helv") -> None:
    page.insert_text((x1 - pymupdf.get_text_length(text, fontname=font, fontsize=SIZE), y), text,
                     fontname=font, fontsize=SIZE)


def _row_text(label: str, k: int, page: int, years: int) -> str:
    """One row of the statement as one line: its label and an amount a year, spaced out."""
    amounts = (f"$ {1200 + 137 * k + 11 * page - 90 * y:,}" for y in range(years))
    return f"{label} {'.' * (40 - len(label))} " + "      ".join(amounts)


def statement_years_pdf(pages: int = 6, first_number: int = 41, years: int = 2) -> tuple[bytes, list[int]]:
    """`pages` pages, each opening with the header of the first `years` years in bold and
    a statement's rows under it, then a paragraph; the page number (first_number,
    first_number + 1, ...) centred at the foot. Returns the PDF and the page numbers."""
    doc = pymupdf.open()
    numbers = []
    for i in range(pages):
        page = doc.new_page(width=612, height=792)
        for year, x1 in zip(YEARS[:years], YEAR_RIGHTS[-years:]):
            _right(page, x1, HEADER_BASE, year, "hebo")
        y = HEADER_BASE + 16.0
        for k, label in enumerate(ROWS):
            page.insert_text((72.0, y), _row_text(label, k, i, years), fontname="helv", fontsize=SIZE)
            y += 12.0
        words = prose(14 * (8 + i), i).split()
        y += 14.0
        for j in range(0, len(words), 14):
            page.insert_text((72.0, y), " ".join(words[j:j + 14]), fontname="helv", fontsize=SIZE)
            y += 12.0
        numbers.append(first_number + i)
        text = str(numbers[-1])
        page.insert_text((306.0 - pymupdf.get_text_length(text, fontname="helv", fontsize=SIZE) / 2, 760.0),
                         text, fontname="helv", fontsize=SIZE)
    return doc.tobytes(), numbers


if __name__ == "__main__":                  # python tests/statement_years_pdfs.py: for a look
    data, numbers = statement_years_pdf()
    with open("/tmp/statement_years.pdf", "wb") as fh:
        fh.write(data)
    print(numbers)
