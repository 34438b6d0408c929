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


# -- an income statement set the way 10-K statements are typeset (HTML printed to PDF) --------
AMOUNT_RIGHTS = (412.0, 484.0, 557.0)        # right edges of the three amount columns
SIGN_XS = (351.0, 423.0, 495.0)              # "$" set apart at the left of each amount cell
INCOME_ROWS = [
    ("Revenue:", None, ""),
    ("Subscription", ("4,584,833", "3,223,904", "2,076,584"), "$"),
    ("Product", ("800,498", "1,125,146", "1,627,803"), ""),
    ("Total revenue", ("5,385,331", "4,349,050", "3,704,387"), "indent"),
    ("Cost of revenue", ("819,908", "744,317", "622,080"), ""),
    ("Gross profit", ("4,565,423", "3,604,733", "3,082,307"), ""),
    ("Research and development", ("975,987", "862,730", "844,353"), ""),
    ("Operating income", ("3,589,436", "2,742,003", "2,237,954"), ""),
    ("Preferred stock, $0.001 par value; 10,000,000 shares|authorized; none issued and outstanding",
     ("-", "-", "-"), ""),
    ("Net income", ("1,168,782", "629,551", "268,395"), "$"),
    ("Basic net income per share", ("2.35", "1.26", "0.54"), "$"),
    ("Diluted net income per share", ("2.32", "1.24", "0.53"), "$"),
    ("Shares used to compute diluted net income per share", ("504,299", "507,164", "508,480"), ""),
]


def income_statement_pdf(shaded: bool = True) -> bytes:
    """A statement under a centred title block, a header that stacks a spanning period
    line ("Years Ended") over dates set on two lines ("December 2," / "2016") in a smaller
    bold face, a group label ("Revenue:") on its own line under the dates, amount rows on a
    15 pt pitch, every other row shaded across the label and amount columns (zebra rows),
    a row label that wraps onto a second line which carries its amounts, and a last row
    with a long label and double rules under its amounts only."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for y, text in ((50, "EXAMPLE SYSTEMS INCORPORATED"), (68, "CONSOLIDATED STATEMENTS OF INCOME"),
                    (86, "(In thousands, except per share data)")):
        x = 306 - pymupdf.get_text_length(text, fontname="hebo", fontsize=10) / 2
        page.insert_text((x, y), text, fontname="hebo", fontsize=10)
    _right(page, (AMOUNT_RIGHTS[1] - 8, 112), "Years Ended", "hebo", 8)
    for x1, (date, year) in zip(AMOUNT_RIGHTS, (("December 2,", "2016"), ("November 27,", "2015"),
                                                ("November 28,", "2014"))):
        _right(page, (x1 - 6, 125), date, "hebo", 8)
        _right(page, (x1 - 22, 133), year, "hebo", 8)
    y, shade = 148.0, True
    for label, amounts, kind in INCOME_ROWS:
        lines = label.split("|")
        top = y - 10.5
        height = 15.0 * len(lines)
        if shaded and shade and amounts:
            for x0, x1 in ((49.5, 348.5), (348.5, 416.5), (416.5, 420.5), (420.5, 488.5), (488.5, 492.5),
                           (492.5, 561.5)):    # one cell at a time, as browsers paint them
                page.draw_rect(pymupdf.Rect(x0, top, x1, top + height), color=None, fill=(0.8, 0.93, 1.0))
        for k, text in enumerate(lines):
            x = 70.0 if kind == "indent" else (52.0 if amounts is None else 58.0 if k == 0 else 64.0)
            page.insert_text((x, y + 15 * k), text, fontname="helv", fontsize=10)
        y += 15 * (len(lines) - 1)
        for x1, sx, v in zip(AMOUNT_RIGHTS, SIGN_XS, amounts or ()):
            _right(page, (x1, y), v, "helv", 10)
            if kind == "$":
                page.insert_text((sx, y), "$", fontname="helv", fontsize=10)
        if amounts:
            shade = not shade
        y += 15
    for x0, x1 in ((348.5, 416.5), (420.5, 488.5), (492.5, 561.5)):   # double rule under the last row
        page.draw_line((x0, y - 11), (x1, y - 11), width=0.5)
        page.draw_line((x0, y - 9), (x1, y - 9), width=0.5)
    page.insert_text((180, y + 12), "See accompanying Notes to Consolidated Financial Statements.",
                     fontname="helv", fontsize=10)
    return doc.tobytes()


def _right(page: pymupdf.Page, at: tuple[float, float], text: str, font: str, size: float) -> None:
    """`text` set right-aligned to x = at[0] on baseline at[1]."""
    page.insert_text((at[0] - pymupdf.get_text_length(text, fontname=font, fontsize=size), at[1]),
                     text, fontname=font, fontsize=size)


def text_at(page: pymupdf.Page, x: float, y: float, text: str, font: str = "helv", *, size: float) -> None:
    """`text` set from x on baseline y (the fixture modules bind their own `size`)."""
    page.insert_text((x, y), text, fontname=font, fontsize=size)


def right_at(page: pymupdf.Page, x1: float, y: float, text: str, font: str = "helv", *, size: float) -> None:
    """`text` set right-aligned to x1 on baseline y."""
    _right(page, (x1, y), text, font, size)


def centred_at(page: pymupdf.Page, x: float, y: float, text: str, font: str = "hebo", *, size: float) -> None:
    """`text` centred on x, on baseline y."""
    text_at(page, x - pymupdf.get_text_length(text, fontname=font, fontsize=size) / 2, y, text, font, size=size)


SEGMENT_ROWS = [      # label, amounts (None: a group label on its own line), footnote mark
    ("Reportable Segment:", None, ""),
    ("Biopharma", ("$ 12,418", "$ 27,425", "$ 30,389", "$ 52,748"), ""),
    ("Other business activities", ("316", "317", "626", "655"), "(b)"),
    ("Amortization of intangible assets", ("(1,184)", "(822)", "(2,287)", "(1,657)"), ""),
    ("Certain significant items", ("(293)", "(1,431)", "(958)", "(2,322)"), "(c)"),
    ("Total", ("$ 12,734", "$ 27,742", "$ 31,015", "$ 53,402"), ""),
]
SEG_SIGNS = (206.0, 300.0, 394.0, 488.0)     # the left edge of each `$` cell
SEG_RIGHTS = (290.0, 384.0, 478.0, 572.0)    # the right edge of each amount cell
RULE_H = 0.675                               # pt: the height of a filing's rule pieces


def _cell_rule(page: pymupdf.Page, y: float, x0: float, x1: float, cuts: tuple[float, ...] = ()) -> None:
    """A rule painted as filing software writes it: abutting thin filled boxes, one per
    cell it runs under (the `$` cell, a 1.35 pt gutter, the amount cell ...)."""
    edges = [x0] + [c for c in sorted(cuts) if x0 < c < x1] + [x1]
    for a, b in zip(edges, edges[1:]):
        page.draw_rect(pymupdf.Rect(a, y, b, y + RULE_H), color=None, fill=(0, 0, 0))


def _all_cuts() -> tuple[float, ...]:
    out = []
    for s, r in zip(SEG_SIGNS, SEG_RIGHTS):
        out += [s - 5.0, s - 3.65, s, s + 6.0, r]
    return tuple(out)


def _segment_statement(page: pymupdf.Page, y: float, title: str, periods: tuple[str, str]) -> float:
    """A statement ruled across the measure above its two-level header (a period over two
    dates, each date set on two lines) and twice under its last row; the header ruled
    under each column apart; `$` set in its own cell; footnote marks raised. Returns the
    y under its bottom rule."""
    y = _lines(page, title, y) + 2
    _cell_rule(page, y, LEFT, LEFT + WIDTH, _all_cuts())
    for k, period in enumerate(periods):                # upper level: over two columns
        mid = (SEG_SIGNS[2 * k] + SEG_RIGHTS[2 * k + 1]) / 2
        page.insert_text((mid - pymupdf.get_text_length(period, fontsize=8) / 2, y + 9), period, fontsize=8)
        _cell_rule(page, y + 11, SEG_SIGNS[2 * k], SEG_RIGHTS[2 * k + 1], _all_cuts())
    for k, (date, year) in enumerate((("July 2,", "2023"), ("July 3,", "2022")) * 2):
        _right(page, (SEG_RIGHTS[k], y + 20), date, "helv", 8)
        _right(page, (SEG_RIGHTS[k], y + 28), year, "helv", 8)
    page.insert_text((LEFT + 1, y + 28), "(MILLIONS)", fontsize=7)
    y += 31
    _cell_rule(page, y, LEFT, SEG_SIGNS[0] - 5.0)
    for s, r in zip(SEG_SIGNS, SEG_RIGHTS):             # under each column apart
        _cell_rule(page, y, s, r, (s + 6.0,))
    for label, amounts, mark in SEGMENT_ROWS:
        y += 11
        indent = 0 if amounts is None or label == "Total" else 4
        page.insert_text((LEFT + 1 + indent, y), label, fontsize=8)
        if mark:
            x = LEFT + 1 + indent + pymupdf.get_text_length(label, fontsize=8) + 1
            page.insert_text((x, y - 3), mark, fontsize=5)
        for s, r, v in zip(SEG_SIGNS, SEG_RIGHTS, amounts or ()):
            if v.startswith("$ "):
                page.insert_text((s + 1, y), "$", fontsize=8)
                v = v[2:]
            _right(page, (r - (0 if v.endswith(")") else 4), y), v, "helv", 8)
        if label == "Certain significant items":
            for s, r in zip(SEG_SIGNS, SEG_RIGHTS):     # the sum rules under the amounts
                _cell_rule(page, y + 2.5, s, r, (s + 6.0,))
    _cell_rule(page, y + 3.5, LEFT, LEFT + WIDTH, _all_cuts())
    _cell_rule(page, y + 5.5, LEFT, LEFT + WIDTH, _all_cuts())
    return y + 8


def segment_statements_pdf() -> bytes:
    """A 10-Q notes page as Workiva/Donnelley write them: the running head ruled across the
    measure, prose, two statements each ruled above and below across the measure (every
    rule a row of abutting per-cell filled boxes), footnotes and prose after each, and the
    page foot ruled across the measure. Every full-measure rule on the page lines up with
    the next one down; only the two rules of each statement bound a table."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((LEFT, 40), "ACME INC. AND SUBSIDIARY COMPANIES", fontsize=SIZE)
    page.insert_text((LEFT, 51), "NOTES TO CONDENSED CONSOLIDATED FINANCIAL STATEMENTS", fontsize=SIZE)
    _cell_rule(page, 56, LEFT, LEFT + WIDTH, _all_cuts())
    y = _lines(page, prose(70), 74) + 4
    y = _segment_statement(page, y, "Selected Income Statement Information",
                           ("Three Months Ended", "Six Months Ended"))
    y = _lines(page, "(a) " + prose(55, 4), y + 12) + 4
    y = _lines(page, prose(60, 9), y + 6) + 4
    y = _lines(page, "Revenues by segment were as follows:", y + 6)
    y = _segment_statement(page, y, "Revenues by Segment", ("Second Quarter", "First Half"))
    y = _lines(page, prose(80, 2), y + 14) + 4
    _cell_rule(page, 700, LEFT, LEFT + WIDTH, _all_cuts())
    page.insert_text((300, 714), "35", fontsize=SIZE)
    return doc.tobytes()


# -- statement pages as EDGAR's HTML converters print them ------------------------------------
PRINTED_ROWS = [("Revenue", ("46,298", "51,761")), ("Cost of sales", ("36,386", "40,121")),
                ("Gross profit", ("9,912", "11,640")), ("Operating income", ("1,795", "3,039")),
                ("Interest expense", ("(35)", "(25)")), ("Net earnings", ("1,419", "2,454"))]
PRINTED_SIGNS = (380.0, 480.0)               # "$" set in a cell of its own left of each amount
PRINTED_RIGHTS = (460.0, 560.0)              # the right edge of each amount cell


def printed_statements_pdf(pages: int = 3, page_end_rule: bool = True) -> bytes:
    """Statement pages as EDGAR's HTML-to-PDF converters print a filing: every statement a
    table the width of the measure, ruled under its header across the measure, with `$` in
    a cell of its own on the first and the last row; under it the statement's note, then
    the page number centred right under the content (not at the foot of the sheet), and
    under the page number the filing's page-break rule (`<hr>`) across the measure."""
    doc = pymupdf.open()
    right = LEFT + WIDTH
    for k in range(pages):
        page = doc.new_page(width=612, height=792)
        y = _lines(page, STATEMENTS[k % len(STATEMENTS)], 50) + 4
        for x1, year in zip(PRINTED_RIGHTS, ("2023", "2022")):
            _right(page, (x1, y), year, "hebo", SIZE)
        _cell_rule(page, y + 3, LEFT, right, PRINTED_SIGNS + PRINTED_RIGHTS)
        y += 3 + PITCH + 2
        for n, (label, amounts) in enumerate(PRINTED_ROWS):
            if n % 2 == 0:          # zebra rows: one filled box per cell, as browsers paint them
                page.draw_rect(pymupdf.Rect(LEFT, y - 8.5, right, y + 2.5), color=None, fill=(0.86, 0.89, 0.98))
            page.insert_text((LEFT + 1, y), label, fontname="helv", fontsize=SIZE)
            for sx, x1, v in zip(PRINTED_SIGNS, PRINTED_RIGHTS, amounts):
                if n in (0, len(PRINTED_ROWS) - 1):
                    page.insert_text((sx + 1, y), "$", fontname="helv", fontsize=SIZE)
                _right(page, (x1 - (0 if v.endswith(")") else 4), y), v, "helv", SIZE)
            y += PITCH
        page.insert_text((LEFT, y + 8), "See Notes to Consolidated Financial Statements.", fontname="helv",
                         fontsize=SIZE)
        folio = str(40 + k)
        _right(page, (306 + pymupdf.get_text_length(folio, fontsize=SIZE) / 2, y + 42), folio, "helv", SIZE)
        if page_end_rule:
            _cell_rule(page, y + 58, LEFT, right)
    return doc.tobytes()
