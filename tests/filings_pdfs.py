"""Generated filing-like PDFs (PyMuPDF only) for the furniture and splitter tests of
financial reports (issue 39): pages printed from HTML the way SEC filings are, with the
running footer set right under each page's last line of content (not at the foot of the
sheet), and financial statements under a title block (company line, statement name, unit
line) repeated at the top of every statement page."""
from __future__ import annotations

import pymupdf

COMPANY = "ACME WIDGETS, INC."
GROUP = "Acme Widgets Company, Inc. and Subsidiary Companies"
RUNNING_HEAD = "Table of Contents"
WORDS = ("the company designs manufactures and sells widgets through its retail stores and "
         "online channels and it expects demand to grow as new markets open during the "
         "coming fiscal years while costs of materials and freight remain uncertain").split()
STATEMENTS = ("Consolidated Balance Sheets", "Consolidated Statements of Operations",
              "Consolidated Statements of Cash Flows", "Consolidated Statements of Equity")
LEFT, WIDTH, PITCH, SIZE = 36.0, 540.0, 11.0, 9.0


def prose(n: int, start: int = 0) -> str:
    return " ".join(WORDS[(i + start) % len(WORDS)] for i in range(n)).capitalize() + "."


def footer_text(number: int) -> str:
    """Even pages carry the page number before the company, odd ones after the form name."""
    return f"{number} {COMPANY}" if number % 2 == 0 else f"2019 FORM 10-K {number}"


def _lines(page: pymupdf.Page, text: str, y: float) -> float:
    """Set `text` as left-aligned lines from baseline y; return the next baseline."""
    words, line = text.split(), ""
    for w in words:
        trial = (line + " " + w).strip()
        if pymupdf.get_text_length(trial, fontname="helv", fontsize=SIZE) > WIDTH and line:
            page.insert_text((LEFT, y), line, fontname="helv", fontsize=SIZE)
            y, line = y + PITCH, w
        else:
            line = trial
    if line:
        page.insert_text((LEFT, y), line, fontname="helv", fontsize=SIZE)
        y += PITCH
    return y


def _footer(page: pymupdf.Page, y: float, number: int) -> None:
    """The footer 2.5 line pitches under the last row of text, wherever that is."""
    page.insert_text((LEFT, y + 1.5 * PITCH), footer_text(number), fontname="helv", fontsize=8)


def _row(page: pymupdf.Page, y: float, label: str, values: tuple[str, ...]) -> None:
    """A statement row, ruled under (the grid makes it a table for the tables stage)."""
    page.draw_line((LEFT - 2, y - PITCH + 2.5), (LEFT + WIDTH, y - PITCH + 2.5), width=0.5)
    page.draw_line((LEFT - 2, y + 2.5), (LEFT + WIDTH, y + 2.5), width=0.5)
    for x in (LEFT - 2, 340, 440, LEFT + WIDTH):
        page.draw_line((x, y - PITCH + 2.5), (x, y + 2.5), width=0.5)
    page.insert_text((LEFT, y), label, fontname="helv", fontsize=SIZE)
    for k, v in enumerate(values):
        x1 = 430 + 100 * k
        page.insert_text((x1 - pymupdf.get_text_length(v, fontname="helv", fontsize=SIZE), y),
                         v, fontname="helv", fontsize=SIZE)


def statement_rows(n: int, offset: int = 0) -> list[tuple[str, tuple[str, str]]]:
    return [(f"Line item {offset + i + 1} of the statement",
             (f"{1000 + 37 * (offset + i):,}", f"{900 + 29 * (offset + i):,}")) for i in range(n)]


def filing_pdf(prose_pages: int = 6, statement_pages: int = 4, rows_per_page: int = 18) -> bytes:
    """Prose pages of different lengths (a paragraph runs on from each page to the next)
    and statement pages under a repeated title block, each followed by its footer."""
    doc = pymupdf.open()
    number = 1
    for k in range(prose_pages):
        page = doc.new_page(width=612, height=792)
        page.insert_text((LEFT, 30), RUNNING_HEAD, fontname="helv", fontsize=8)
        y = _lines(page, prose(60 + 25 * k, k), 60)
        last = prose(90 + 35 * k, k + 3)
        runs_on = k < prose_pages - 1          # into the next page, but not into a statement
        y = _lines(page, last[:-1] + " and" if runs_on else last, y + PITCH)
        _footer(page, y, number)
        number += 1
    for k in range(statement_pages):
        page = doc.new_page(width=612, height=792)
        page.insert_text((LEFT, 30), RUNNING_HEAD, fontname="helv", fontsize=8)
        y = 56.0
        for text in (GROUP, STATEMENTS[k % len(STATEMENTS)], "(In millions, except per share data)"):
            page.insert_text((LEFT, y), text, fontname="helv", fontsize=SIZE)
            y += PITCH
        _row(page, y + PITCH, "", ("2019", "2018"))
        y += 2.5 * PITCH
        for label, values in statement_rows(rows_per_page - 2 * k, 100 * k):
            _row(page, y, label, values)
            y += PITCH
        _footer(page, y, number)
        number += 1
    return doc.tobytes()
