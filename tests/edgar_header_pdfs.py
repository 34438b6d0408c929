"""Statements whose header band a filing agent's converter (EDGRpdf) sets between two rules
(issue 39 B, C; Pfizer 2023 Q2 10-Q, pp. 8-10): each date column's label wrapped in its
narrow column, month and day over the year and set flush right ("July 2," / "2023"), beside
"December 31, 2022" on one line; a column's qualifier "(Unaudited)" under the header rule,
and the section label "Assets", underlined, above the first row. `balance_sheet(path)`
and `periods(path)` each write one page."""
from __future__ import annotations

import pymupdf

SIZE, PITCH = 8.1, 11.0
LEFT, RIGHT = 19.0, 593.0
COL_RIGHTS = (514.0, 593.0)         # amounts set flush right in their columns
SIGN_LEFTS = (443.0, 522.0)         # the `$` of each amount column, flush left in its cell
ROWS = (("Cash and cash equivalents", ("2,632", "416"), True),
        ("Short-term investments", ("42,153", "22,316"), False),
        ("Trade accounts receivable, less allowance for doubtful accounts", ("10,231", "10,952"), False),
        ("Inventories", ("10,310", "8,981"), False),
        ("Current tax assets", ("3,194", "3,577"), False),
        ("Other current assets", ("4,828", "5,017"), False),
        ("Total current assets", ("73,347", "51,259"), False),
        ("Equity-method investments", ("11,422", "11,033"), False),
        ("Long-term investments", ("3,644", "4,036"), False),
        ("Goodwill", ("51,572", "51,375"), False),
        ("Total assets", ("208,968", "197,205"), True))


def _right(page, x1: float, y: float, text: str, size: float = SIZE, font: str = "tiro") -> None:
    page.insert_text((x1 - pymupdf.get_text_length(text, font, size), y), text, fontname=font, fontsize=size)


def _centre(page, y: float, text: str, size: float = 9.0) -> None:
    w = pymupdf.get_text_length(text, "tiro", size)
    page.insert_text(((LEFT + RIGHT - w) / 2, y), text, fontname="tiro", fontsize=size)


def _rule(page, y: float) -> None:
    page.draw_line((LEFT - 1, y), (RIGHT + 1, y), color=(0, 0, 0), width=0.7)


def _rows(page, y: float, rows, cols: int) -> float:
    for label, amounts, signed in rows:
        page.insert_text((LEFT, y), label, fontname="tiro", fontsize=SIZE)
        for k in range(cols):
            x1 = COL_RIGHTS[k] if cols == 2 else 280.0 + 100.0 * k
            if signed:
                page.insert_text((x1 - 70.0, y), "$", fontname="tiro", fontsize=SIZE)
            _right(page, x1, y, amounts[k % len(amounts)])
        y += PITCH
    return y


def balance_sheet(path) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _centre(page, 78, "ACME WIDGETS INC. AND SUBSIDIARY COMPANIES")
    _centre(page, 89, "CONDENSED CONSOLIDATED BALANCE SHEETS")
    _rule(page, 101.5)
    _right(page, COL_RIGHTS[0], 110, "July 2,")
    _right(page, COL_RIGHTS[0], 119, "2023")
    _right(page, COL_RIGHTS[1], 119, "December 31, 2022")
    page.insert_text((LEFT, 119), "(MILLIONS)", fontname="tiro", fontsize=7.2)
    _rule(page, 121.5)
    page.insert_text((459, 130), "(Unaudited)", fontname="tiro", fontsize=SIZE)
    page.insert_text((LEFT, 141), "Assets", fontname="tiro", fontsize=SIZE)
    page.draw_line((LEFT, 142), (LEFT + 21, 142), width=0.5)
    _rows(page, 152, ROWS, 2)
    doc.save(str(path))


PERIODS = ("Three Months Ended", "Six Months Ended")
DATES = (("July 2,", "2023"), ("July 3,", "2022"))
OTHER_ROWS = (("Interest income", ("(316)", "(30)", "(493)", "(44)"), True),
              ("Interest expense", ("508", "293", "826", "614"), False),
              ("Net periodic benefit costs other than service costs", ("(88)", "295", "(168)", "12"), False),
              ("Royalty income", ("(164)", "(232)", "(311)", "(388)"), False),
              ("Other, net", ("(23)", "(16)", "(5)", "157"), False),
              ("Other (income)/deductions--net", ("(83)", "310", "(151)", "351"), True))


def periods(path) -> None:
    """A note's table under two periods, each ruled over its two columns, each column's
    date wrapped in it."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((LEFT, 80), "Components of Other (income)/deductions--net include:",
                     fontname="tiro", fontsize=9.0)
    _rule(page, 92.5)
    for k, period in enumerate(PERIODS):
        x1 = 380.0 + 200.0 * k
        w = pymupdf.get_text_length(period, "tiro", SIZE)
        page.insert_text((x1 - 50 - w / 2, 101), period, fontname="tiro", fontsize=SIZE)
        page.draw_line((x1 - 170.0, 103.5), (x1, 103.5), width=0.7)   # under its two columns
    for k in range(4):
        day, year = DATES[k % 2]
        x1 = 280.0 + 100.0 * k
        _right(page, x1, 112, day)
        _right(page, x1, 121, year)
    page.insert_text((LEFT, 121), "(MILLIONS)", fontname="tiro", fontsize=7.2)
    _rule(page, 123.5)
    y = _rows(page, 134, OTHER_ROWS, 4)
    _rule(page, y - PITCH + 2.5)          # the statement's closing rule
    doc.save(str(path))


if __name__ == "__main__":
    balance_sheet("edgar_balance_sheet.pdf")
    periods("edgar_periods.pdf")


BAND_ROWS = (("Cash and cash equivalents", ("478", "81,307"), True),
             ("Short-term investments", ("12,754", "627"), False),
             ("Accounts receivable, net", ("75,467", "20,496"), False),
             ("Inventories", ("82,546", "28,779"), False),
             ("Prepaid expenses and other current assets", ("553", "328"), False),
             ("Total current assets", ("99,947", "989"), True))


def header_band(path) -> None:
    """A balance sheet printed from HTML with its column labels in a shaded band of their
    own (white on the filer's dark blue, cell by cell), "December 31," ruled under over the
    two year columns, a rule under the years, its rows under it with no rule at all
    (EDGAR-HTML benchmark, seed 50 doc09)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _centre(page, 78, "ACME WIDGETS CORPORATION")
    _centre(page, 89, "CONSOLIDATED BALANCE SHEETS")
    _centre(page, 100, "(In millions, except par value)", SIZE)
    blue, white = (0.12, 0.22, 0.39), (1, 1, 1)
    cols = (LEFT, 420.0, 440.0, 515.0, 520.0, RIGHT)       # label, pad, 2023, pad, 2022
    for top, bottom in ((104.0, 116.0), (116.0, 128.7)):
        for a, b in zip(cols, cols[1:]):
            page.draw_rect(pymupdf.Rect(a, top, b, bottom), color=None, fill=blue, width=0)
    page.draw_rect(pymupdf.Rect(440.0, 116.0, RIGHT, 116.7), color=None, fill=(0, 0, 0), width=0)
    for a, b in ((440.0, 515.0), (520.0, RIGHT)):
        page.draw_rect(pymupdf.Rect(a, 128.7, b, 129.4), color=None, fill=(0, 0, 0), width=0)
    w = pymupdf.get_text_length("December 31,", "tibo", SIZE)
    page.insert_text(((440.0 + RIGHT) / 2 - w / 2, 113.5), "December 31,", fontname="tibo",
                     fontsize=SIZE, color=white)
    for x1, year in zip(COL_RIGHTS, ("2023", "2022")):
        page.insert_text((x1 - pymupdf.get_text_length(year, "tibo", SIZE), 126), year,
                         fontname="tibo", fontsize=SIZE, color=white)
    page.insert_text((LEFT, 141), "ASSETS", fontname="tiro", fontsize=SIZE)
    page.insert_text((LEFT, 152), "Current assets:", fontname="tiro", fontsize=SIZE)
    _rows(page, 163, BAND_ROWS, 2)
    doc.save(str(path))


# a five-year summary (Netflix 2017 10-K, "Selected Financial Data"): the header above the
# first rule, its unit centred under the years; the rows ruled top and bottom only
YEARS = ("2017", "2016", "2015", "2014", "2013")
YEAR_RIGHTS = (330.0, 395.0, 460.0, 525.0, 590.0)
SUMMARY_ROWS = (("Cash, cash equivalents and short-term investments", ("2,822,795", "1,733,782", "2,310,715",
                                                                       "1,608,496", "1,200,405")),
                ("Total content assets, net", ("14,681,989", "11,000,808", "7,218,815", "4,939,460", "3,838,364")),
                ("Working capital", ("2,203,662", "1,133,634", "1,902,216", "1,263,899", "883,049")),
                ("Total assets", ("19,012,742", "13,586,610", "10,202,871", "7,042,500", "5,404,025")))


def unit_under_years(path) -> None:
    """'As of December 31,' over the five years, '(in thousands)' centred under them, then
    a rule across the table and the rows, a rule under the last one."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((LEFT, 70), "Consolidated Balance Sheets:", fontname="tibo", fontsize=9)
    w = pymupdf.get_text_length("As of December 31,", "tibo", 7)
    page.insert_text(((YEAR_RIGHTS[0] - 40 + YEAR_RIGHTS[-1] - w) / 2, 88), "As of December 31,", fontname="tibo",
                     fontsize=7)
    for x1, year in zip(YEAR_RIGHTS, YEARS):
        _right(page, x1 - 20, 100, year, 7, "tibo")
    w = pymupdf.get_text_length("(in thousands)", "tibo", 7)
    page.insert_text(((YEAR_RIGHTS[0] - 40 + YEAR_RIGHTS[-1] - w) / 2, 110), "(in thousands)", fontname="tibo",
                     fontsize=7)
    _rule(page, 113)
    y = 124.0
    for label, amounts in SUMMARY_ROWS:
        page.insert_text((LEFT, y), label, fontname="tiro", fontsize=SIZE)
        for x1, v in zip(YEAR_RIGHTS, amounts):
            _right(page, x1, y, v)
        y += PITCH
    _rule(page, y - PITCH + 3)
    doc.save(str(path))


CASH_ROWS = (("Net cash (used in) provided by operating activities",
              ("(1,785,948)", "(1,473,984)", "(749,439)", "16,483", "97,831")),
             ("Free cash flow (1)", ("(2,019,659)", "(1,659,755)", "(920,557)", "(126,699)", "(16,300)")))


def two_row_summary(path, unit: str = "(in thousands)", group: str = "Year Ended December 31,") -> None:
    """A summary of two rows under a ruled header (Netflix 2017 10-K, Selected Financial
    Data): 'Year Ended December 31,' ruled under over the five years, a rule under the
    years, '(in thousands)' centred under that rule, then two rows and no rule below
    them, the first on a shaded band; a note under the table."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((LEFT, 70), "Consolidated Statements of Cash Flows:", fontname="tibo", fontsize=9)
    band = (YEAR_RIGHTS[0] - 60, RIGHT)
    w = pymupdf.get_text_length(group, "tibo", 7)
    page.insert_text(((band[0] + band[1] - w) / 2, 88), group, fontname="tibo", fontsize=7)
    page.draw_line((band[0], 90.5), (band[1], 90.5), color=(0, 0, 0), width=0.7)
    for x1, year in zip(YEAR_RIGHTS, YEARS):
        _right(page, x1 - 20, 100, year, 7, "tibo")
    page.draw_line((band[0], 104.5), (band[1], 104.5), color=(0, 0, 0), width=0.7)
    w = pymupdf.get_text_length(unit, "tibo", 7)
    page.insert_text(((band[0] + band[1] - w) / 2, 114), unit, fontname="tibo", fontsize=7)
    y = 126.0
    page.draw_rect(pymupdf.Rect(LEFT - 1, y - 8.5, RIGHT, y + 3), color=None, fill=(0.8, 0.93, 1.0), width=0)
    for k, (label, amounts) in enumerate(CASH_ROWS):
        page.insert_text((LEFT, y), label, fontname="tiro", fontsize=SIZE)
        for x1, v in zip(YEAR_RIGHTS, amounts):
            if k == 0:
                page.insert_text((x1 - 62, y), "$", fontname="tiro", fontsize=SIZE)
            _right(page, x1, y, v)
        y += PITCH + 2
    page.insert_text((LEFT, y + 10), "(1) Free cash flow is defined as net cash provided by operating and investing "
                     "activities, excluding the non-operational cash flows.", fontname="tiro", fontsize=7)
    doc.save(str(path))


FAIR_COLUMNS = (("Amortized", "Cost"), ("Gross Unrealized", "Gains"), ("Estimated", "Fair Value"),
                ("Short-term", "investments"))
FAIR_RIGHTS = (260.0, 360.0, 460.0, 560.0)
FAIR_FIRST = ("Cash", ("1,267,523", "1,410", "1,267,523", "1,264,126"))
FAIR_ROWS = (("Level 1 securities:", None),
             ("Money market funds", ("204,967", "1,410", "204,967", "1,410")),
             ("Level 2 securities:", None),
             ("Corporate debt securities", ("199,843", "2,110", "199,222", "199,222")),
             ("Government securities", ("35,944", "1,410", "35,816", "35,816")),
             ("Agency securities", ("21,563", "1,410", "21,335", "21,335")))
FAIR_TOTAL = ("Total", ("1,739,673", "2,110", "1,738,696", "266,206"))


def fair_value_table(path, spacers: bool = True) -> None:
    """A table whose rows go on below in shaded bands (Netflix 2017 10-K, note 4): each
    column's two-line label centred over its `$` and amount, a rule under each label,
    '(in thousands)' centred under them, a first row on white, then the rows on alternate
    shaded bands a converter draws cell by cell, a rule over the total and a double rule
    under it. The shaded rows make a ruled region of their own, with no header; without
    `spacers` the shading leaves the gaps between the cells white, and the region holds
    the label column only."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((LEFT, 70), "The following table summarizes the Company's assets measured at fair value:",
                     fontname="tiro", fontsize=9)
    cells = [(x1 - 90.0, x1) for x1 in FAIR_RIGHTS]
    for (a, b), (top, bottom) in zip(cells, FAIR_COLUMNS):
        for y, text in ((88, top), (97, bottom)):
            w = pymupdf.get_text_length(text, "tibo", 7)
            page.insert_text(((a + b - w) / 2, y), text, fontname="tibo", fontsize=7)
        page.draw_line((a, 99.5), (b, 99.5), color=(0, 0, 0), width=0.7)
    w = pymupdf.get_text_length("(in thousands)", "tibo", 7)
    page.insert_text(((cells[0][0] + cells[-1][1] - w) / 2, 110), "(in thousands)", fontname="tibo", fontsize=7)

    def row(y: float, label: str, amounts, signed: bool) -> None:
        page.insert_text((LEFT, y), label, fontname="tiro", fontsize=SIZE)
        for (a, b), v in zip(cells, amounts or ()):
            if signed:
                page.insert_text((a + 2, y), "$", fontname="tiro", fontsize=SIZE)
            _right(page, b, y, v)

    y = 119.0
    row(y, *FAIR_FIRST, True)
    for k, (label, amounts) in enumerate(FAIR_ROWS):
        y += PITCH + 2
        if k % 2 == 0:
            edges = [LEFT - 1] + [x for a, b in cells for x in (a, b)]
            pieces = list(zip(edges, edges[1:])) if spacers else [(LEFT - 1, cells[0][0])] + list(cells)
            for a, b in pieces:                                 # shaded cell by cell
                page.draw_rect(pymupdf.Rect(a, y - 8.5, b, y + 4.5), color=None, fill=(0.8, 0.93, 1.0), width=0)
        row(y, label, amounts, False)
    y += PITCH + 2
    for a, b in cells:
        page.draw_line((a, y - 9.5), (b, y - 9.5), color=(0, 0, 0), width=0.7)
        page.draw_line((a, y + 3.5), (b, y + 3.5), color=(0, 0, 0), width=0.7)
        page.draw_line((a, y + 5.0), (b, y + 5.0), color=(0, 0, 0), width=0.7)
    row(y, *FAIR_TOTAL, True)
    page.insert_text((LEFT, y + 24), "Fair value is a market-based measurement that should be determined "
                     "based on the assumptions that market participants would use.", fontname="tiro", fontsize=9)
    doc.save(str(path))


LIQUIDITY_COLUMNS = ("Commercial Paper Limit", "Letters of Credit", "Total (a)")
LIQUIDITY_RIGHTS = (437.0, 514.0, 591.0)
LIQUIDITY_ROWS = (("Total availability", ("2,100", "150", "2,250")),
                  ("Outstanding debt", ("(584)", "(76)", "(660)")),
                  ("Remaining availability as of December 31, 2021", ("1,516", "74", "1,590")))


def year_over_three(path) -> None:
    """A year centred over three columns, narrower than the middle one's label, ruled
    under across all three; the column labels ruled under each; '(In millions)' in the
    stub under them; then the rows, the first on a shaded band (American Water Works
    2021 10-K, liquidity tables)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((LEFT, 70), "Presented in the tables below are the credit facility commitments:",
                     fontname="tiro", fontsize=9)
    cells = [(x1 - 66.0, x1) for x1 in LIQUIDITY_RIGHTS]
    w = pymupdf.get_text_length("2021", "tibo", 6.6)
    page.insert_text(((cells[0][0] + cells[-1][1] - w) / 2, 89), "2021", fontname="tibo", fontsize=6.6)
    page.draw_line((cells[0][0], 90.5), (cells[-1][1], 90.5), color=(0, 0, 0), width=0.5)
    for (a, b), label in zip(cells, LIQUIDITY_COLUMNS):
        w = pymupdf.get_text_length(label, "tibo", 6.6)
        page.insert_text(((a + b - w) / 2, 97.5), label, fontname="tibo", fontsize=6.6)
        page.draw_line((a, 99.2), (b, 99.2), color=(0, 0, 0), width=0.5)
    page.insert_text((LEFT, 105.7), "(In millions)", fontname="tibo", fontsize=6.6)
    y = 114.5
    edges = [LEFT - 1] + [x for a, b in cells for x in (a, b)]
    for k, (label, amounts) in enumerate(LIQUIDITY_ROWS):
        if k % 2 == 0:                                          # shaded cell by cell
            for a, b in zip(edges, edges[1:]):
                page.draw_rect(pymupdf.Rect(a, y - 7.4, b, y + 1.9), color=None, fill=(0.8, 0.93, 1.0), width=0)
        for a, b in cells:                                      # the amounts ruled over and under
            for rule in ((y - 7.4, y + 1.9) if k == 1 else (y + 1.9, y + 3.5) if k == 2 else ()):
                page.draw_line((a, rule), (b, rule), color=(0, 0, 0), width=0.5)
        page.insert_text((LEFT, y), label, fontname="tiro", fontsize=7.9)
        for (a, b), v in zip(cells, amounts):
            if k != 1:
                page.insert_text((a + 1, y), "$", fontname="tiro", fontsize=7.9)
            _right(page, b - 2, y, v, 7.9)
        y += 9.8
    doc.save(str(path))


TAX_ROWS = (("Provision for (benefit from) income taxes",
             ("$", "(73,608)", "$", "73,829", "$", "19,244", "$", "(147,437)", "(200)%", "54,585", "284%")),
            ("Effective tax rate", ("", "(15)%", "", "28%", "", "14%", "", "", "", "", "")))
TAX_X = (165.0, 222.0, 238.0, 292.0, 308.0, 362.0, 378.0, 431.0, 483.0, 540.0, 592.0)   # $ left, amounts right


def change_table(path) -> None:
    """An MD&A table of two rows (Netflix 2017 10-K, "Provision for Income Taxes"):
    "Year Ended December 31," over three years, "Change" over two comparisons of an
    amount and a percentage each, "(in thousands, except percentages)" under them, then a
    row of amounts and a row of rates under the years only. No rule at all."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((LEFT, 70), "Provision for Income Taxes", fontname="tibo", fontsize=9)
    for text, x in (("Year Ended December 31,", 226.0), ("Change", 473.5)):
        page.insert_text((x, 138), text, fontname="tibo", fontsize=7.4)
    for text, x1 in (("2017", 204.0), ("2016", 276.0), ("2015", 346.0), ("2017 vs. 2016", 452.0),
                     ("2016 vs. 2015", 563.0)):
        _right(page, x1, 152, text, 7.4, "tibo")
    page.insert_text((324.0, 166), "(in thousands, except percentages)", fontname="tibo", fontsize=7.4)
    y = 178.0
    for label, cells in TAX_ROWS:
        page.insert_text((LEFT, y), label, fontname="tiro", fontsize=SIZE)
        for x, v in zip(TAX_X, cells):
            if v == "$":
                page.insert_text((x, y), v, fontname="tiro", fontsize=SIZE)
            elif v:
                _right(page, x, y, v)
        y += PITCH
    page.insert_text((LEFT, y + 14), "Year ended December 31, 2017 as compared to the year ended December 31, 2016",
                     fontname="tibo", fontsize=9)
    doc.save(str(path))
