"""Generated statement pages (PyMuPDF only) in the geometry Chromium gives the EDGAR-style
filings of benchmarks/filings_html.py (issue 39) on the pages a statement goes on to:

- `narrow_balance_foot_pdf`: the foot of a balance sheet whose label column is narrow
  (2.2 in), so labels wrap over many lines with their amounts on the last (cells aligned
  to the bottom): between "Total liabilities" and the equity rows stand a row with no
  amounts on two lines, a group label and the first four lines of the common stock
  label, seven lines of one piece; the last row's amounts carry their `$` with a
  no-break space ("$\xa076,737"). Measured on s49 doc04 p4 and s48 doc01 p4 (DejaVu Sans
  9 pt there, Helvetica here).
- `zebra_group_foot_pdf`: a cash-flow statement shaded on every other row, its last rows
  on the page bare below the last band: a group label, then a row whose label wraps
  under its amounts (cells aligned to the top), "Purchases of property and" /
  "equipment" (s47 doc12 p5).
- `bottom_aligned_totals_pdf`: a cash-flow statement whose labels wrap with their amounts
  on their last line, totals indented under the rows they sum (s42 doc00 p6).
"""
from __future__ import annotations

import pymupdf

FONT, BOLD, SIZE = "helv", "hebo", 9.0


def _right(page: pymupdf.Page, x1: float, y: float, text: str, font: str = FONT) -> None:
    page.insert_text((x1 - pymupdf.get_text_length(text, fontname=font, fontsize=SIZE), y), text,
                     fontname=font, fontsize=SIZE)


def _centred(page: pymupdf.Page, y: float, text: str, font: str = BOLD, size: float = SIZE) -> None:
    page.insert_text((306 - pymupdf.get_text_length(text, fontname=font, fontsize=size) / 2, y), text,
                     fontname=font, fontsize=size)


NARROW_ROWS = [  # (label lines, indent level, amounts or None, bold)
    (("Current liabilities:",), 0, None, False),
    (("Accounts payable",), 1, ("57,280", "275"), False),
    (("Accrued compensation and", "benefits"), 1, ("845", "1,558"), False),
    (("Current portion of long-term", "debt"), 1, ("-", "887"), False),
    (("Total current liabilities",), 2, ("61,474", "268"), False),
    (("Long-term debt, net of current", "portion"), 0, ("974", "673"), False),
    (("Operating lease liabilities",), 0, ("35,465", "37,126"), False),
    (("Total liabilities",), 0, ("$586", "$57,182"), True),
    (("Commitments and contingencies", "(Note 12)"), 0, None, False),
    (("Stockholders' equity:",), 0, None, False),
    (("Common stock and additional", "paid-in capital, $0.0001 par", "value: 900 shares authorized;",
      "486 and 491 shares issued and", "outstanding"), 1, ("31,828", "58,182"), False),
    (("Retained earnings",), 1, ("125", "27,502"), False),
    (("Accumulated other", "comprehensive loss"), 1, ("(33,184)", "(8,655)"), False),
    (("Total stockholders' equity",), 2, ("850", "748"), False),
    (("Total liabilities and", "stockholders' equity"), 0, ("$\xa076,737", "$\xa053,872"), True),
]
NARROW_RIGHTS = (377.1, 548.5)


def narrow_balance_foot_pdf() -> bytes:
    """The rows of `NARROW_ROWS` from x 54 (9 pt a level, wrapped lines one level more),
    a label's lines 10.5 pt apart, 12.7 pt from a row's last line to the next row, the
    amounts on a label's last line at right edges 377 and 549; the title block and the
    period header above."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _centred(page, 71.4, "HARBOR FOODS, INC.", size=10)
    _centred(page, 84.9, "CONSOLIDATED BALANCE SHEETS (CONTINUED)", size=10)
    _centred(page, 98.9, "(In millions, except par value)", FONT)
    _centred(page, 114.6, "December 31,")
    for x1, year in zip((318.5, 489.9), ("2023", "2022")):
        _right(page, x1, 127.4, year, BOLD)
    page.insert_text((54.0, 140.1), "LIABILITIES AND STOCKHOLDERS'", fontname=FONT, fontsize=SIZE)
    page.insert_text((63.0, 150.6), "EQUITY", fontname=FONT, fontsize=SIZE)
    y = 163.4
    for lines, level, amounts, bold in NARROW_ROWS:
        x = 54.0 + 9.0 * level
        for k, text in enumerate(lines):
            page.insert_text((x + (9.0 if k else 0), y + 10.5 * k), text, fontname=BOLD if bold else FONT,
                             fontsize=SIZE)
        last = y + 10.5 * (len(lines) - 1)
        for x1, v in zip(NARROW_RIGHTS, amounts or ()):
            _right(page, x1, last, v)
        y = last + 12.7
    return doc.tobytes()


SHADE = (0.8, 0.933, 1.0)
ZEBRA_ROWS = [  # (label lines, indent level, amounts): the shaded and bare rows of the page
    (("Net income",), 1, ("$ 87,614", "$ 78,407", "$ 72,730")),
    (("Depreciation and", "amortization"), 2, ("169", "54,142", "71,436")),
    (("Stock-based compensation", "expense"), 2, ("628", "23,878", "2,214")),
    (("Deferred income taxes",), 2, ("(82,428)", "(41,856)", "(149)")),
    (("Accounts receivable",), 2, ("(720)", "(10,024)", "(467)")),
    (("Inventories",), 2, ("(468)", "(459)", "(571)")),
    (("Accounts payable",), 2, ("472", "517", "51,898")),
    (("Net cash provided by", "operating activities"), 3, ("47,553", "8,786", "59,749")),
]
ZEBRA_GROUP = "Cash flows from investing activities:"
ZEBRA_LAST = (("Purchases of property and", "equipment"), 1, ("(83,357)", "(23,420)", "(25,733)"))
ZEBRA_RIGHTS = (327.5, 441.7, 556.0)


def zebra_group_foot_pdf() -> bytes:
    """`ZEBRA_ROWS` (labels from x 54, 8.5 pt a level), every other row shaded by a band
    across the table (54 to 558) as a browser paints a `tr` background; under the last
    band, bare, the group label `ZEBRA_GROUP` and the row `ZEBRA_LAST`, its label's second
    line under its first, its amounts on the first (cells aligned to the top)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _centred(page, 71.2, "HARBOR FOODS, INC.")
    _centred(page, 84.7, "CONSOLIDATED STATEMENTS OF CASH FLOWS")
    _centred(page, 98.8, "(In millions)", FONT)
    for x1, year in zip(ZEBRA_RIGHTS, ("2023", "2022", "2021")):
        _right(page, x1, 125.0, f"December 31, {year}", BOLD)
    page.insert_text((54.0, 137.8), "Cash flows from operating activities:", fontname=FONT, fontsize=SIZE)
    y = 150.0
    for k, (lines, level, amounts) in enumerate(ZEBRA_ROWS):
        height = 10.5 * (len(lines) - 1)
        if k % 2 == 0:
            page.draw_rect(pymupdf.Rect(54.0, y - 11.0, 558.0, y + height + 1.8), color=None, fill=SHADE)
        for j, text in enumerate(lines):
            page.insert_text((54.0 + 8.5 * (level + (1 if j else 0)), y + 10.5 * j), text, fontname=FONT,
                             fontsize=SIZE)
        for x1, v in zip(ZEBRA_RIGHTS, amounts):
            _right(page, x1, y, v)
        y += 12.7 + height
    page.insert_text((54.0, y), ZEBRA_GROUP, fontname=FONT, fontsize=SIZE)
    y += 12.0
    lines, level, amounts = ZEBRA_LAST
    for j, text in enumerate(lines):
        page.insert_text((54.0 + 8.5 * (level + (1 if j else 0)), y + 10.5 * j), text, fontname=FONT,
                         fontsize=SIZE)
    for x1, v in zip(ZEBRA_RIGHTS, amounts):
        _right(page, x1, y, v)
    page.insert_text((300.6, y + 36), "33", fontname=FONT, fontsize=SIZE)
    return doc.tobytes()


BOTTOM_ROWS = [  # (label lines, indent level, amounts or None): cells aligned to the bottom
    (("Proceeds from maturities of", "marketable securities"), 1, ("90,501", "75,937", "12,423")),
    (("Net cash used in", "investing", "activities"), 3, ("(97,145)", "(18,760)", "(101)")),
    (("Cash flows from financing", "activities:"), 0, None),
    (("Repurchases of common", "stock"), 1, ("(37,047)", "(73,796)", "(11,439)")),
    (("Dividends paid",), 1, ("(84,990)", "(757)", "(97,208)")),
    (("Repayments of long-term", "debt"), 1, ("(54,536)", "(11,727)", "(23,758)")),
    (("Net cash used in", "financing", "activities"), 3, ("(212)", "(40,226)", "(298)")),
    (("Effect of exchange rate", "changes on cash and cash", "equivalents"), 0, ("(12,627)", "(169)", "(66,584)")),
]
BOTTOM_RIGHTS = (319.6, 433.9, 548.1)


def bottom_aligned_totals_pdf(leaders: bool = True) -> bytes:
    """The page a cash-flow statement goes on to, its label column narrow (1.9 in; DejaVu
    Sans 10 pt there, Helvetica here; s42 doc00 p6): labels wrap with their amounts on
    their last line (cells aligned to the bottom), a label's lines 11.3 pt apart and
    indented 10 pt under its first, a total indented two levels under the rows it sums;
    `leaders`: the last line of each label ends in dot leaders."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _centred(page, 73.8, "NORTHWIND HOLDINGS, INC.", size=11)
    _centred(page, 88.8, "CONSOLIDATED STATEMENTS OF CASH FLOWS (CONTINUED)", size=11)
    for x1, year in zip(BOTTOM_RIGHTS, ("2023", "2022", "2021")):
        _right(page, x1 - 20, 142.6, year, BOLD)
    y = 156.1
    for lines, level, amounts in BOTTOM_ROWS:
        x = 54.0 + 10.0 * level
        for k, text in enumerate(lines):
            last = k == len(lines) - 1
            text = text + " ......" if leaders and last and amounts else text
            page.insert_text((x + (10.0 if k else 0), y + 11.3 * k), text, fontname=FONT, fontsize=10)
        bottom = y + 11.3 * (len(lines) - 1)
        for x1, v in zip(BOTTOM_RIGHTS, amounts or ()):
            page.insert_text((x1 - pymupdf.get_text_length(v, fontname=FONT, fontsize=10), bottom), v,
                             fontname=FONT, fontsize=10)
        y = bottom + 13.5
    return doc.tobytes()
