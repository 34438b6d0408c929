"""Generated filing pages (PyMuPDF only) for issue 39's statements that came out as a
table of bare amounts with their labels as paragraphs:

- `leader_statement_pdf`: an income statement whose labels end in dot leaders, as filing
  agents print them ("Net revenue ........ $ 35,034"), under a header that is ruled under
  each period column;
- `leader_contents_pdf`: a 10-K's table of contents (item, title, dot leaders, page) set
  in the same face, whose leaders lead to page references;
- `sign_cell_statement_pdf`: a statement whose amounts carry their `$` in the same cell
  ("$ 99,247") and whose last label wraps below its amounts (cells aligned to the top) in
  a line of more than six words.
"""
from __future__ import annotations

from functools import partial

import pymupdf

from filings_pdfs import centred_at, right_at, text_at

FONT, BOLD, SIZE, PITCH = "helv", "hebo", 9.0, 13.0
LABEL_X = 54.0
AMOUNT_RIGHTS = (395.0, 475.0, 556.0)      # right edges of the three amount columns
SIGN_XS = (328.0, 409.0, 489.0)            # where a `$` cell starts in each column

LEADER_ROWS = [  # (label, amounts, `$` on the row)
    ("Net revenue", ("35,034", "31,127", "29,506"), True),
    ("Cost of revenue", ("14,382", "13,828", "12,402"), False),
    ("Gross profit", ("20,652", "17,299", "17,104"), True),
    ("Operating income", ("8,330", "7,374", "6,466"), True),
    ("Interest expense", ("(692)", "(842)", "(644)"), False),
    ("Other income (expense), net", ("564", "-", "(67)"), False),
    ("Income before income taxes", ("8,202", "6,532", "5,755"), True),
    ("Provision for income taxes", ("1,342", "1,108", "954"), False),
    ("Net income", ("6,860", "5,424", "4,801"), True),
]

LEADER_CHARS = 60
FOOTNOTE = "(1) Includes stock-based compensation in each year."

CONTENTS = [  # (item, title, page)
    ("Item 1.", "Business", "4"),
    ("Item 1A.", "Risk Factors", "12"),
    ("Item 1B.", "Unresolved Staff Comments", "25"),
    ("Item 2.", "Properties", "26"),
    ("Item 3.", "Legal Proceedings", "27"),
    ("Item 5.", "Market for Registrant's Common Equity", "29"),
    ("Item 7.", "Management's Discussion and Analysis", "31"),
    ("Item 8.", "Financial Statements", "48"),
]

SIGN_ROWS = [  # (label, amounts, `$` in the cell, group label)
    ("Net revenue", ("35,034", "31,127", "99,247", "90,506"), True),
    ("Cost of revenue", ("14,382", "13,828", "41,402", "38,113"), False),
    ("Gross profit", ("20,652", "17,299", "57,845", "52,393"), True),
    ("Operating expenses:", None, False),
    ("Research and development", ("4,692", "4,842", "13,644", "12,907"), False),
    ("Selling, general and administrative", ("3,564", "3,311", "10,267", "9,818"), False),
    ("Total operating expenses", ("8,256", "8,153", "23,911", "22,725"), False),
    ("Operating income", ("12,396", "9,146", "33,934", "29,668"), True),
    ("Net income", ("10,202", "7,532", "28,755", "24,120"), True),
    ("Net income per share:", None, False),
    ("Basic", ("0.22", "0.17", "0.63", "0.54"), True),
    ("Diluted", ("0.21", "0.16", "0.61", "0.52"), True),
]
WRAPPED_LABEL = ("Weighted average shares outstanding used in",
                 "computing basic and diluted net income per share")
SIGN_RIGHTS = (330.0, 400.0, 470.0, 540.0)


_text = partial(text_at, size=SIZE)
_right = partial(right_at, size=SIZE)
_centred = partial(centred_at, size=SIZE)


def _leader(page: pymupdf.Page, x: float, y: float, label: str, end: float | None = None,
            glued: bool = False) -> None:
    """`label` followed, after a space (none when `glued`), by dots: up to `end`, or as
    many as pad the label to LEADER_CHARS characters (a filing agent's leaders: the same
    count of characters on every row, so every label cell is about as long as the longest)."""
    _text(page, x, y, label)
    start = x + pymupdf.get_text_length(label if glued else label + " ", fontname=FONT, fontsize=SIZE)
    dot = pymupdf.get_text_length(".", fontname=FONT, fontsize=SIZE)
    dots = "." * (int((end - start) / dot) if end else LEADER_CHARS - len(label))
    _text(page, start, y, dots)


def _title_block(page: pymupdf.Page, lines: tuple[str, ...]) -> None:
    for k, text in enumerate(lines):
        _centred(page, 306, 50 + 13 * k, text, BOLD if k < 2 else FONT)


def leader_statement_pdf(glued: bool = False) -> bytes:
    """An income statement: labels with dot leaders (each cut at its cell's right edge, so
    the dots end at different places), `$` set apart at the left of the first row's and
    the totals' amounts, parentheses for negatives, a dash for nil, three year columns
    each under a header ruled beneath ("Year Ended" / "December 31," / year), and a
    footnote of a line right under the labels. `glued`: the dots follow the label's last
    word with no space ("Net revenue........")."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _title_block(page, ("NORTHWIND HOLDINGS, INC.", "CONSOLIDATED STATEMENTS OF OPERATIONS",
                        "(In millions, except per share data)"))
    for sign_x, x1, year in zip(SIGN_XS, AMOUNT_RIGHTS, ("2023", "2022", "2021")):
        mid = (sign_x + x1) / 2
        for k, text in enumerate(("Year Ended", "December 31,", year)):
            _centred(page, mid, 98 + 10 * k, text)
        page.draw_line((sign_x, 121), (x1, 121), width=0.75)
    y = 133.0
    for label, amounts, sign in LEADER_ROWS:
        _leader(page, LABEL_X, y, label, glued=glued)
        for sign_x, x1, v in zip(SIGN_XS, AMOUNT_RIGHTS, amounts):
            _right(page, x1, y, v)
            if sign:
                _text(page, sign_x, y, "$")
        y += PITCH
    _text(page, LABEL_X, y + 8, FOOTNOTE)
    return doc.tobytes()


def leader_contents_pdf(glued: bool = False) -> bytes:
    """A 10-K's contents: item number, title with dot leaders, page number at the right;
    an introduction above and a paragraph below (`glued` as in `leader_statement_pdf`)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _centred(page, 306, 50, "TABLE OF CONTENTS")
    _right(page, 556, 72, "Page", BOLD)
    y = 86.0
    for item, title, number in CONTENTS:
        _text(page, LABEL_X, y, item)
        _leader(page, 110, y, title, 530, glued)
        _right(page, 556, y, number)
        y += PITCH
    _text(page, LABEL_X, y + 20, "This annual report contains forward-looking statements about our business.")
    return doc.tobytes()


def sign_cell_statement_pdf() -> bytes:
    """A statement in four period columns whose amounts hold their `$` in the cell
    ("$ 99,247"), group labels alone on their rows, and a last row whose label wraps below
    its amounts (cells aligned to the top) in a line of more than six words."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _title_block(page, ("NORTHWIND HOLDINGS, INC.", "CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS",
                        "(In millions, except per share data)"))
    for x1, period in zip(SIGN_RIGHTS, ("Q2 2023", "Q2 2022", "H1 2023", "H1 2022")):
        _right(page, x1, 100, period, BOLD)
    y = 114.0
    for label, amounts, sign in SIGN_ROWS:
        _text(page, LABEL_X if amounts is None or label.endswith(":") else LABEL_X + 6, y, label)
        for x1, v in zip(SIGN_RIGHTS, amounts or ()):
            _right(page, x1, y, f"$ {v}" if sign else v)
        y += PITCH
    _text(page, LABEL_X + 6, y, WRAPPED_LABEL[0])
    for x1, v in zip(SIGN_RIGHTS, ("932", "916", "929", "911")):
        _right(page, x1, y, v)
    _text(page, LABEL_X + 12, y + 11, WRAPPED_LABEL[1])
    return doc.tobytes()
