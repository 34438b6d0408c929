"""Generated 10-K pages with a segment table as EDGAR's HTML converters print one (issue 39
B, D; Nike 2019 10-K pages 30-35), for `test_segment_tables`. Each amount column is an
HTML cell pair: a narrow cell holding `$` flush left, then the amount right-aligned; a
column of percentages right-aligned before it ends a few points short of the next `$`.
The header cells are bottom-aligned over their columns, the narrow ones wrapped onto up
to four lines ("% CHANGE" / "EXCLUDING" / "CURRENCY" / "CHANGES"), and a coloured rule
runs under the header and under each row (or, `row_rules=False`, under the last row
only), none over the header."""
from __future__ import annotations

import pymupdf

from filings_pdfs import prose

SIZE = 7.4
HEAD = 7.0
LEFT, RIGHT = 18.0, 593.0
PITCH = 12.2
RULE = (0.93, 0.45, 0.13)       # the filer's accent colour
SIGN_GAP = 3.0                  # pt between a percentage's end and the next column's `$`
# column: (header lines, bottom first is the last line; right edge of the amount; has `$`)
COLUMNS = ((("FISCAL 2019",), 269.0, True), (("FISCAL 2018",), 321.0, True),
           (("% CHANGE",), 372.0, False),
           (("% CHANGE", "EXCLUDING", "CURRENCY", "CHANGES"), 422.0, False),
           (("FISCAL 2017",), 483.0, True), (("% CHANGE",), 533.0, False),
           (("% CHANGE", "EXCLUDING", "CURRENCY", "CHANGES"), 583.0, False))
ROWS = (("Revenues", ("1,906", "1,886", "1 %", "3%", "2,042", "-8 %", "-11 %")),
        ("Earnings Before Interest and Taxes", ("303", "310", "-2 %", "", "477", "-35 %", "")))


def _width(text: str, font: str, size: float) -> float:
    return pymupdf.get_text_length(text, font, size)


def _right(page: pymupdf.Page, x1: float, y: float, text: str, font: str = "helv", size: float = SIZE) -> None:
    page.insert_text((x1 - _width(text, font, size), y), text, fontname=font, fontsize=size)


def _prose(page: pymupdf.Page, y: float, lines: int, start: int) -> float:
    words = prose(16 * lines, start).split()
    for i in range(lines):
        page.insert_text((LEFT, y), " ".join(words[16 * i:16 * (i + 1)]), fontname="helv", fontsize=SIZE)
        y += 9.6
    return y


def _signs_left() -> list[float]:
    """Where each `$` stands: right after the column before it ends (its cell is flush
    with the previous column's), or a fixed cell's width left of its amount."""
    out = []
    for k, (_, right, sign) in enumerate(COLUMNS):
        if not sign:
            out.append(0.0)
        elif k and not COLUMNS[k - 1][2]:
            out.append(COLUMNS[k - 1][1] + SIGN_GAP)
        else:
            out.append(right - 48.0)
    return out


def _segment_table(page: pymupdf.Page, y: float, title: str, row_rules: bool) -> float:
    """A segment's heading and table from baseline y; returns the baseline after it."""
    page.insert_text((LEFT, y), title, fontname="hebo", fontsize=12.0)
    y += 4 * PITCH                              # room for the four-line header cells
    page.insert_text((LEFT + 1, y), "(Dollars in millions)", fontname="tiit", fontsize=HEAD)
    for lines, right, _ in COLUMNS:
        for k, text in enumerate(reversed(lines)):     # bottom-aligned: the last line on the base
            centre = right - 22.0
            page.insert_text((centre - _width(text, "hebo", HEAD) / 2, y - k * 8.4), text,
                             fontname="hebo", fontsize=HEAD)
    page.draw_line((LEFT, y + 2.5), (RIGHT, y + 2.5), color=RULE, width=0.8)
    signs = _signs_left()
    for label, cells in ROWS:
        y += PITCH
        page.insert_text((LEFT + 2, y), label, fontname="helv", fontsize=SIZE)
        for (_, right, sign), x_sign, text in zip(COLUMNS, signs, cells):
            if sign and text:
                page.insert_text((x_sign, y), "$", fontname="helv", fontsize=SIZE)
            if text:
                _right(page, right, y, text)
        if row_rules or label == ROWS[-1][0]:
            page.draw_line((LEFT, y + 3.5), (RIGHT, y + 3.5), color=RULE, width=0.5)
    return y + 2 * PITCH


def segment_tables_pdf(row_rules: bool = True) -> bytes:
    """One page: prose, two segments' tables with prose between them, prose."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = _prose(page, 60.0, 6, 0) + PITCH
    y = _segment_table(page, y, "GLOBAL BRAND DIVISIONS", row_rules)
    y = _prose(page, y, 4, 3) + PITCH
    y = _segment_table(page, y, "CONVERSE", row_rules)
    _prose(page, y, 5, 7)
    return doc.tobytes()
