"""Generated filing pages (PyMuPDF only) for the statements of issue 39's held-out seeds
that still came out as a table of bare amounts with their labels as paragraphs:

- `long_leader_statement_pdf`: an income statement whose labels are mostly long (five
  words and more: "Amortization of acquired intangible assets") and end in dot leaders
  padded to about one length, one label with a footnote mark ("Cost of revenue (1)"),
  and the footnote under the statement;
- `equity_section_pdf`: the foot of a balance sheet: a row without amounts, a group label,
  then a row label wrapped over two lines with its amounts on the last one (cells aligned
  to the bottom), under two label lines already;
- `zebra_last_wrap_pdf`: a statement shaded on every other row, whose last row (unshaded,
  below the last band and rule) has its label wrapped to a second line under its amounts
  (cells aligned to the top);
- `bottom_aligned_pdf`: a reconciliation whose indented row labels wrap with their amounts
  on the last line (cells aligned to the bottom), right under a row with amounts.
"""
from __future__ import annotations

from functools import partial

import pymupdf

from filings_pdfs import centred_at, right_at, text_at

FONT, BOLD, SIZE, PITCH = "helv", "hebo", 8.0, 12.0
LABEL_X, INDENT = 54.0, 8.0
AMOUNT_RIGHTS = (386.0, 470.0, 549.0)      # right edges of the three amount columns
SIGN_XS = (328.0, 407.0, 491.0)            # where a `$` cell starts in each column
LEADER_CHARS = 66

LONG_ROWS = [  # (label, amounts, `$` on the row, indented)
    ("Net revenue", ("679", "97,594", "86,920"), True, False),
    ("Cost of revenue (1)", ("866", "736", "427"), False, False),
    ("Gross profit", ("77,473", "328", "894"), True, False),
    ("Research and development expenses", ("254", "35,507", "844"), False, True),
    ("Selling, general and administrative expenses", ("71,397", "69,844", "244"), False, True),
    ("Amortization of acquired intangible assets", ("847", "60,543", "28,919"), False, True),
    ("Restructuring and other related charges, net", ("-", "-", "585"), False, True),
    ("Total operating expenses", ("852", "524", "88,827"), False, True),
    ("Operating income", ("68,517", "97,739", "50,897"), True, False),
    ("Other income (expense), net", ("70,081", "708", "921"), False, False),
    ("Income before income taxes", ("40,948", "81,219", "796"), True, False),
    ("Provision for income taxes", ("914", "37,809", "142"), False, False),
    ("Net income", ("488", "964", "26,152"), True, False),
    ("Basic net income per share", ("1.50", "7.17", "3.92"), True, True),
    ("Diluted net income per share", ("0.84", "7.55", "5.72"), True, True),
]
FOOTNOTE = "(1) Includes amounts related to the cost of revenue."


_text = partial(text_at, size=SIZE)
_right = partial(right_at, size=SIZE)
_centred = partial(centred_at, size=SIZE)


def long_leader_statement_pdf() -> bytes:
    """The statement: a title block, a year header, each label followed by a space and
    dots up to LEADER_CHARS characters (a filing agent's leaders), `$` set apart on the
    first row and the totals, and a footnote line under the statement."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for k, text in enumerate(("HARBOR FOODS, INC.", "CONSOLIDATED STATEMENTS OF OPERATIONS")):
        _centred(page, 306, 50 + 13 * k, text)
    _centred(page, 442, 98, "Year Ended December 31,")
    for sign_x, x1, year in zip(SIGN_XS, AMOUNT_RIGHTS, ("2023", "2022", "2021")):
        _right(page, x1, 110, year, BOLD)
    y = 124.0
    for label, amounts, sign, indented in LONG_ROWS:
        _text(page, LABEL_X + (INDENT if indented else 0), y,
              label + " " + "." * max(4, LEADER_CHARS - len(label)))
        for sign_x, x1, v in zip(SIGN_XS, AMOUNT_RIGHTS, amounts):
            _right(page, x1, y, v)
            if sign:
                _text(page, sign_x, y, "$")
        y += PITCH
    _text(page, LABEL_X, y + 10, FOOTNOTE)
    return doc.tobytes()


EQUITY_ROWS = [  # (label lines, amounts or None, indented)
    (("Accounts payable",), ("560", "82,612"), False),
    (("Accrued compensation and benefits",), ("31,126", "623"), False),
    (("Long-term debt, net of current portion",), ("505", "2,183"), False),
    (("Total liabilities",), ("$227", "$92,079"), False),
    (("Commitments and contingencies (Note 12)",), None, False),
    (("Stockholders' equity:",), None, False),
    (("Common stock and additional paid-in capital, $0.0001 par value: 900 shares",
      "authorized; 486 and 491 shares issued and outstanding"), ("496", "27,211"), True),
    (("Retained earnings",), ("872", "466"), True),
    (("Accumulated other comprehensive loss",), ("(678)", "(53,346)"), True),
    (("Total stockholders' equity",), ("809", "290"), True),
    (("Total liabilities and stockholders' equity",), ("$10,593", "$98,081"), False),
]
EQUITY_RIGHTS = (431.0, 556.0)


def equity_section_pdf() -> bytes:
    """A balance sheet's liabilities and equity: a year header, rows of label and two
    amounts at a pitch of PITCH, a wrapped label's lines at that pitch too, its second
    line with a hanging indent and the amounts (cells aligned to the bottom)."""
    return _bottom_aligned("CONDENSED CONSOLIDATED BALANCE SHEETS", ("2023", "2022"), EQUITY_RIGHTS,
                           EQUITY_ROWS, sign_apart=False)


def _bottom_aligned(title: str, heads, rights, rows, sign_apart: bool) -> bytes:
    """A statement under a centred title and a bold column header: each row's label lines
    at a pitch of PITCH, every line after the first with a hanging indent, the amounts on
    the label's last line; with `sign_apart`, the `$` of a "$ 809" amount set at the
    cell's left."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _centred(page, 306, 50, title)
    for x1, head in zip(rights, heads):
        _right(page, x1, 90, head, BOLD)
    y = 104.0
    for lines, amounts, indented in rows:
        x = LABEL_X + (INDENT if indented else 0)
        for k, text in enumerate(lines):
            _text(page, x + (INDENT if k else 0), y, text)
            if k < len(lines) - 1:
                y += PITCH
        for x1, v in zip(rights, amounts or ()):
            _right(page, x1, y, v.removeprefix("$ ") if sign_apart else v)
            if sign_apart and v.startswith("$"):
                _text(page, x1 - 62, y, "$")      # `$` set apart, at the cell's left
        y += PITCH
    return doc.tobytes()


ZEBRA_ROWS = [  # (label, amounts)
    ("Accounts payable", ("17,231", "342")),
    ("Accrued compensation and benefits", ("265", "656")),
    ("Current portion of long-term debt", ("-", "-")),
    ("Total current liabilities", ("69,408", "56,962")),
    ("Long-term debt, net of current portion", ("577", "185")),
    ("Operating lease liabilities", ("832", "233")),
    ("Retained earnings", ("91,645", "532")),
    ("Accumulated other comprehensive loss", ("(147)", "(49,316)")),
    ("Total stockholders' equity", ("306", "71,290")),
]
ZEBRA_LAST = (("Total liabilities and stockholders'", "equity"), ("$719", "$294"))
ZEBRA_CELLS = (54.0, 215.0, 387.0, 558.0)   # label cell, then two amount cells
SHADE = (0.86, 0.90, 0.95)


def zebra_last_wrap_pdf(statistic: str = "", leaders: bool = False) -> bytes:
    """Rows at a pitch of PITCH, every other one shaded by a band across the table, a
    rule over each amount cell of the totals, the last row bare with its label's second
    line under the first, its amounts on the first (the rules and bands end above it).
    `statistic`: the last row's label on one line, and this line of a test's statistic
    under it instead ("t = 2.31, p = 0.02"). `leaders`: the label's last line ends in dot
    leaders ("equity ..........")."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _centred(page, 306, 50, "CONSOLIDATED BALANCE SHEETS (CONTINUED)")
    for x1, year in zip(ZEBRA_CELLS[2:], ("2023", "2022")):
        _right(page, x1 - 2, 90, year, BOLD)
    y = 106.0
    last = ((" ".join(ZEBRA_LAST[0]), statistic), ZEBRA_LAST[1]) if statistic else ZEBRA_LAST
    if leaders:
        last = (last[0][:-1] + (last[0][-1] + " " + "." * 20,), last[1])
    for k, (label, amounts) in enumerate(ZEBRA_ROWS + [last]):
        lines = (label,) if isinstance(label, str) else label
        if k % 2 == 0 and k < len(ZEBRA_ROWS):
            page.draw_rect(pymupdf.Rect(ZEBRA_CELLS[0], y - 9, ZEBRA_CELLS[-1], y + 3),
                           color=None, fill=SHADE)
        if str(lines[0]).startswith("Total"):
            for a, b in zip(ZEBRA_CELLS[1:], ZEBRA_CELLS[2:]):
                page.draw_line((a + 10, y - 9), (b, y - 9), width=0.75)
        for x1, v in zip(ZEBRA_CELLS[2:], amounts):
            _right(page, x1 - 2, y, v)
        for j, text in enumerate(lines):
            _text(page, LABEL_X + 2 + (INDENT if j else 0), y + 10 * j, text)
        y += PITCH + 10 * (len(lines) - 1)
    return doc.tobytes()


RECON_ROWS = [  # (label lines, amounts, indented)
    (("GAAP net income",), ("$ 730", "$ 24,045", "$ 96,138", "$ 577"), False),
    (("Amortization of acquired intangible", "assets"), ("9,279", "852", "787", "88,142"), True),
    (("Restructuring and related charges",), ("37,357", "106", "98,372", "347"), True),
    (("Acquisition-related costs",), ("948", "783", "751", "77,424"), True),
    (("Tax effect of non-GAAP adjustments",), ("(85,017)", "(992)", "(36,851)", "(439)"), True),
    (("Non-GAAP net income",), ("$ 809", "$ 838", "$ 197", "$ 83,104"), False),
]
RECON_RIGHTS = (333.0, 407.0, 484.0, 556.0)


def bottom_aligned_pdf() -> bytes:
    """Rows at a pitch of PITCH; a wrapped label's first line alone, its second (a hanging
    indent deeper) with the row's amounts; `$` apart at the left of the first row's and
    the total's amount cells."""
    return _bottom_aligned("RECONCILIATION OF GAAP TO NON-GAAP FINANCIAL MEASURES",
                           ("Q2 2023", "Q2 2022", "H1 2023", "H1 2022"), RECON_RIGHTS, RECON_ROWS, sign_apart=True)
