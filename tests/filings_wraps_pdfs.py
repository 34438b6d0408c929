"""Generated statement pages (PyMuPDF only) whose row labels wrap over three lines and
more, as filing agents' HTML prints them (issue 39, seeds 40-45 of the filings benchmark):
a label cell with a hanging indent (`padding-left` one em more than its level, `text-indent`
one em less), amounts aligned to the label's first line (cells aligned to the top) or to
its last (aligned to the bottom).

- `statement_pdf`: rows under a title and a year header, or (`continued`) a page a
  statement goes on to, opening with its rows;
- `zebra_pdf`: rows shaded every other one with a rule over each amount of the totals,
  then bare rows under the last band (the bands and rules end above them).

A row is (level, label lines, amounts or None).
"""
from __future__ import annotations

from functools import partial

import pymupdf

from filings_pdfs import centred_at, right_at, text_at

BOLD, SIZE = "hebo", 8.0
LINE, PITCH = 10.0, 13.0                 # a label's line pitch; from row to row
LABEL_X, INDENT = 54.0, 8.0             # the indent step is one em, as in the filings' HTML
RIGHTS = (431.0, 556.0)                 # right edges of the two amount columns
CELLS = (54.0, 215.0, 387.0, 558.0)     # label cell, then two amount cells (the bands)
SHADE = (0.86, 0.90, 0.95)

_text = partial(text_at, size=SIZE)
_right = partial(right_at, size=SIZE)
_centred = partial(centred_at, size=SIZE)

COMMON_TOP = (1, ("Common stock and additional", "paid-in capital, $0.0001 par", "value: 900 shares authorized;",
                  "486 and 491 shares issued and", "outstanding"), ("14,117", "277"))
EQUITY_TOP = [
    (0, ("Total liabilities",), ("$628", "$20,295")),
    (0, ("Commitments and contingencies",), None),
    (0, ("Stockholders' equity:",), None),
    COMMON_TOP,
    (1, ("Retained earnings",), ("602", "15,183")),
    (1, ("Accumulated other", "comprehensive loss"), ("(9,114)", "(388)")),
    (2, ("Total stockholders' equity",), ("43,755", "45,227")),
]
WEIGHTED = (0, ("Weighted average shares", "outstanding used in computing", "basic and diluted net income per",
                "share"), ("817", "456"))
INCOME_TOP = [
    (0, ("Net income",), ("$656", "$84,573")),
    (0, ("Net income per share:",), None),
    (1, ("Basic net income per share",), ("$6.34", "$7.59")),
    (1, ("Diluted net income per share",), ("$1.82", "$3.03")),
    WEIGHTED,
]
COMMON_BOTTOM = (1, ("Common stock and additional paid-in capital, $0.0001 par",
                     "value: 900 shares authorized; 486 and 491 shares", "issued and", "outstanding"),
                 ("73,735", "41,489"))
EQUITY_BOTTOM = [
    (1, ("Accounts payable",), ("55,786", "49,197")),
    (1, ("Accrued compensation and benefits",), ("40,456", "94,360")),
    (0, ("Long-term debt, net of current portion",), ("204", "936")),
    (0, ("Total liabilities",), ("$982", "$814")),
    (0, ("Commitments and contingencies (Note 12)",), None),
    (0, ("Stockholders' equity:",), None),
    COMMON_BOTTOM,
    (1, ("Retained earnings",), ("782", "314")),
    (2, ("Total stockholders' equity",), ("51,423", "12,906")),
]
CASH_GOES_ON = [    # a cash flow statement's second page opens under its investing rows
    (1, ("Proceeds from maturities of", "marketable securities"), ("98,749", "63,366")),
    (2, ("Net cash used in", "investing activities"), ("(844)", "(56,739)")),
    (0, ("Cash flows from financing", "activities:"), None),
    (1, ("Repurchases of common", "stock"), ("(68,323)", "(21,758)")),
    (1, ("Dividends paid",), ("(222)", "(85,825)")),
    (1, ("Repayments of long-term", "debt"), ("(208)", "(253)")),
    (2, ("Net cash used in", "financing activities"), ("(224)", "(8,905)")),
    (0, ("Cash and cash equivalents", "at end of period"), ("$35,613", "$29,786")),
]
ZEBRA_ROWS = [
    (1, ("Accounts payable",), ("17,231", "342")),
    (1, ("Accrued compensation and benefits",), ("265", "656")),
    (2, ("Total current liabilities",), ("69,408", "56,962")),
    (0, ("Long-term debt, net of current portion",), ("577", "185")),
    (1, ("Retained earnings",), ("91,645", "532")),
    (1, ("Accumulated other comprehensive loss",), ("(147)", "(49,316)")),
    (2, ("Total stockholders' equity",), ("306", "71,290")),
]
TOTAL_BOTTOM = (0, ("Total liabilities and", "stockholders' equity"), ("$719", "$294"))
INCOME_BARE = [(1, ("Diluted net income per share",), ("$1.82", "$3.03")), WEIGHTED]


def statement_pdf(rows: list, valign: str, continued: bool = False) -> bytes:
    """The rows at a pitch of PITCH, a label's lines LINE apart, each after the first one
    INDENT further in (a hanging indent), the amounts on the label's first line (`valign`
    "top") or its last ("bottom"); under a title and a year header, or (`continued`) from
    the top of the page on."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 60.0
    if not continued:
        _centred(page, 306, 50, "CONSOLIDATED STATEMENTS")
        for x1, year in zip(RIGHTS, ("2023", "2022")):
            _right(page, x1, 90, year, BOLD)
        y = 106.0
    for row in rows:
        y = _row(page, y, row, valign, RIGHTS)
    return doc.tobytes()


def zebra_pdf(rows: list, bare: list, valign: str) -> bytes:
    """`rows` one line each, every other one shaded by a band across the table and a rule
    over each amount cell of the totals; then the `bare` rows under the last band, their
    labels wrapped with a hanging indent, amounts aligned as `valign` says."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _centred(page, 306, 50, "CONSOLIDATED BALANCE SHEETS (CONTINUED)")
    rights = tuple(x1 - 2 for x1 in CELLS[2:])
    for x1, year in zip(rights, ("2023", "2022")):
        _right(page, x1, 90, year, BOLD)
    y = 106.0
    for k, row in enumerate(rows):
        if k % 2 == 0:
            page.draw_rect(pymupdf.Rect(CELLS[0], y - 9, CELLS[-1], y + 3), color=None, fill=SHADE)
        if row[1][0].startswith("Total"):
            for a, b in zip(CELLS[1:], CELLS[2:]):
                page.draw_line((a + 10, y - 9), (b, y - 9), width=0.75)
        y = _row(page, y, row, valign, rights)
    for row in bare:
        y = _row(page, y, row, valign, rights)
    return doc.tobytes()


def _row(page: pymupdf.Page, y: float, row: tuple, valign: str, rights) -> float:
    """Set one row from baseline `y`; the baseline of the next."""
    level, lines, amounts = row
    x = LABEL_X + level * INDENT
    for j, text in enumerate(lines):
        _text(page, x + (INDENT if j else 0), y + LINE * j, text)
    at = y if valign == "top" else y + LINE * (len(lines) - 1)
    for x1, v in zip(rights, amounts or ()):
        _right(page, x1, at, v)
    return y + LINE * (len(lines) - 1) + PITCH


def label(row: tuple) -> str:
    """A row's label as one line."""
    return " ".join(row[1])
