"""Generated statement of equity as General Mills' 2020 10-K prints one (page 50; Microsoft
Print to PDF), for `test_filings_equity` (issue 39 B): three years, each a "Shares" and an
"Amount" column; the amounts are filled on every row, the shares only on the rows about
shares (common stock, treasury stock), so three of the seven columns are mostly empty."""
from __future__ import annotations

import pymupdf

SIZE = 8.0
LEFT = 38.0
YEARS = ("2020", "2019", "2018")
SHARES_RIGHT = (393.0, 486.0, 580.0)    # each year's amount column ends here
SHARE_COLUMN = 45.0                      # the shares column ends this far left of it
ROWS = (("Total equity, beginning balance", (None, "7,367.7", None, "6,492.4", None, "4,685.5")),
        ("Common stock", ("754.6", "75.5", "754.6", "75.5", "754.6", "75.5")),
        ("Additional paid-in capital:", None),
        ("Beginning balance", (None, "1,386.7", None, "1,202.5", None, "1,120.9")),
        ("Stock compensation plans", (None, "(12.1)", None, "(96.4)", None, "(57.9)")),
        ("Unearned compensation related to stock unit awards", (None, "(85.7)", None, "(71.3)", None, "(58.1)")),
        ("Earned compensation", (None, "92.8", None, "82.8", None, "77.0")),
        ("Ending balance", (None, "1,348.6", None, "1,386.7", None, "1,202.5")),
        ("Retained earnings:", None),
        ("Beginning balance", (None, "14,996.7", None, "14,459.6", None, "13,138.9")),
        ("Comprehensive income", (None, "2,181.2", None, "1,752.7", None, "2,131.0")),
        ("Cash dividends declared", (None, "(1,195.8)", None, "(1,181.7)", None, "(1,139.7)")),
        ("Ending balance", (None, "15,982.1", None, "14,996.7", None, "14,459.6")),
        ("Common stock in treasury:", None),
        ("Beginning balance", ("(152.7)", "(6,779.0)", "(161.5)", "(7,167.5)", "(177.7)", "(7,762.9)")),
        ("Shares purchased", ("(0.1)", "(3.4)", "-", "(1.1)", "(10.9)", "(601.6)")),
        ("Stock compensation plans", ("8.0", "349.1", "8.8", "389.6", "4.4", "188.0")),
        ("Ending balance", ("(144.8)", "(6,433.3)", "(152.7)", "(6,779.0)", "(161.5)", "(7,167.5)")),
        ("Noncontrolling interests:", None),
        ("Beginning balance", (None, "313.2", None, "351.3", None, "357.6")),
        ("Comprehensive income", (None, "10.3", None, "0.4", None, "26.9")),
        ("Ending balance", (None, "291.0", None, "313.2", None, "351.3")),
        ("Total equity, ending balance", (None, "8,349.5", None, "7,367.7", None, "6,492.4")))


def _right(page: pymupdf.Page, x1: float, y: float, text: str, font: str = "tiro") -> None:
    page.insert_text((x1 - pymupdf.get_text_length(text, font, SIZE), y), text, fontname=font, fontsize=SIZE)


def equity_statement_pdf() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    title = "Consolidated Statements of Total Equity and Redeemable Interest"
    page.insert_text((306 - pymupdf.get_text_length(title, "tibo", 9.0) / 2, 60.0), title,
                     fontname="tibo", fontsize=9.0)
    y = 90.0
    for year, right in zip(YEARS, SHARES_RIGHT):
        _right(page, right - 30.0, y, year, "tibo")
        page.draw_line((right - 95.0, y + 2.0), (right, y + 2.0), color=(0, 0, 0), width=0.5)
    y += 11.0
    for right in SHARES_RIGHT:
        _right(page, right - SHARE_COLUMN, y, "Shares", "tibo")
        _right(page, right, y, "Amount", "tibo")
    for label, cells in ROWS:
        y += 11.5
        indent = 0.0 if cells is None or label.startswith(("Total", "Common stock")) else 6.0
        page.insert_text((LEFT + indent, y), label, fontname="tiro", fontsize=SIZE)
        for k, value in enumerate(cells or ()):
            if value is not None:
                right = SHARES_RIGHT[k // 2] - (SHARE_COLUMN if k % 2 == 0 else 0.0)
                _right(page, right, y, value)
    page.insert_text((LEFT, y + 16.0), "See accompanying notes to consolidated financial statements.",
                     fontname="tiro", fontsize=SIZE)
    return doc.tobytes()
