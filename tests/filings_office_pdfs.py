"""Generated statement pages (PyMuPDF only) in the geometry LibreOffice gives the office-suite
filings of benchmarks/filings_office.py (issue 39): statements set with tab stops, not
tables, as a word processor's user types them.

- `leader_tab_statement_pdf`: a cash-flow statement whose labels run into their first
  amount through a leader tab's fill ('Net income_____$ 223'): LibreOffice draws the fill
  as characters of the label's font, with no space before the amount; the other amounts
  stand at right (or decimal) tab stops. With `fill="_"` the fill is underscores (Word's
  and LibreOffice's "solid" leader), with `fill="."` dots. Amounts of the row over a total
  are underlined (a typist's rule over a total).
- `decimal_tab_statement_pdf`: a cash-flow statement set with decimal tabs and no leaders
  (Times 10 pt, pitch 13): the closing parenthesis of a negative hangs past the column's
  right edge, a group label ("Adjustments to reconcile net income to net cash provided by
  operating activities:") runs across the first amount column, and the rows under the next
  group label are short labels beside three amounts.
- `wrapped_cell_label_pdf`: the foot of a balance sheet set as a word-processor table: a
  label wrapped over three lines in its cell with its amounts bottom-aligned on the last
  line, amounts ruled under the row over each total (`wide_cell_label_pdf`: a wide label
  cell, the label's first line a long clause ending in a semicolon).
- `leader_tab_contents_pdf`: a report's contents typed with a leader tab into the page
  numbers: no table.
- `leader_to_sign_statement_pdf`, `dotted_wrapped_balance_pdf`, `bold_total_leader_pdf`:
  leader fills glued to a wrapped label's first line, to a `$` of the first amount, or
  drawn in the regular face after a bold label.
- `continued_cash_flow_pdf`: the page a statement goes on to, opening with indented rows
  under a group label on the page before.

Geometry (x positions, pitches, sizes) is measured on the soffice exports of seeds 39 to
46 (named at each generator), the fonts are PyMuPDF's base-14 stand-ins.
"""
from __future__ import annotations

import pymupdf

CASH_HEAD = "Cash flows from operating activities:"
LEADER_ROWS = [  # (label, indent level, amounts, ruled under: the next row is a total)
    ("Net income", 1, ("$ 223", "$ 5,232", "$ 12,102"), False),
    ("Depreciation and amortization", 2, ("41,596", "566", "66,963"), False),
    ("Stock-based compensation expense", 2, ("32,301", "694", "308"), False),
    ("Deferred income taxes", 2, ("(34,591)", "(563)", "(525)"), False),
    ("Accounts receivable", 2, ("(971)", "(716)", "(673)"), False),
    ("Inventories", 2, ("(45,534)", "(51,476)", "(8,079)"), False),
    ("Accounts payable", 2, ("125", "524", "36,558"), False),
    ("Accrued expenses and other liabilities", 2, ("763", "16,640", "463"), True),
    ("Net cash provided by operating activities", 3, ("288", "627", "17,827"), False),
]
LEADER_GROUPS = {4: "Changes in operating assets and liabilities:"}   # a group label before row 4
YEARS = ("2023", "2022", "2021")


def _right(page: pymupdf.Page, x1: float, y: float, text: str, font: str, size: float) -> float:
    """`text` right-aligned at x1 on baseline y; returns where it starts."""
    x0 = x1 - pymupdf.get_text_length(text, fontname=font, fontsize=size)
    page.insert_text((x0, y), text, fontname=font, fontsize=size)
    return x0


def _amount_end(text: str, x1: float, font: str, size: float) -> float:
    """A decimal tab ends the digits at its stop: a negative's ')' hangs past it."""
    return x1 + (pymupdf.get_text_length(")", fontname=font, fontsize=size) if text.endswith(")") else 0)


def _year_header(page: pymupdf.Page, rights: tuple[float, ...], y: float, font: str, size: float) -> None:
    """Bold years at right stops, each underlined (the typist's rule under a header)."""
    for x1, year in zip(rights, YEARS):
        x0 = _right(page, x1, y, year, "tibo" if font == "tiro" else "hebo", size)
        page.draw_line((x0, y + 1), (x1, y + 1), width=0.6)


def leader_tab_statement_pdf(fill: str = "_", columns: int = 3) -> bytes:
    """LibreOffice's export of a tab-stop statement with a leader tab to the first amount
    (Arial 11 pt, pitch 14.1): label, fill and first amount one run of glyphs with no gap,
    the fill up to where the amount starts; the other amounts at stops 68.4 pt apart.
    `columns`: amount columns (a balance sheet has two: one short piece a row besides the
    label's run)."""
    size, font, pitch = 11.0, "helv", 14.1
    rights = (399.7, 468.1, 536.5)[3 - columns:]  # decimal stops: where the digits end
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _centred = (lambda y, t, f="hebo": page.insert_text(
        (306 - pymupdf.get_text_length(t, fontname=f, fontsize=size) / 2, y), t, fontname=f, fontsize=size))
    _centred(72, "SUMMIT RETAIL GROUP, INC.")
    _centred(90, "CONSOLIDATED STATEMENTS OF CASH FLOWS")
    _centred(104, "(In millions)", "helv")
    _year_header(page, (415.5, 483.9, 552.3)[3 - columns:], 120.0, "helv", size)
    page.insert_text((54.1, 134.0), CASH_HEAD, fontname=font, fontsize=size)
    y = 134.0 + pitch
    for k, (label, level, amounts, ruled) in enumerate(LEADER_ROWS):
        amounts = amounts[:columns]
        if k in LEADER_GROUPS:
            page.insert_text((64.9, y), LEADER_GROUPS[k], fontname=font, fontsize=size)
            y += pitch
        x = 54.1 + 10.8 * level
        first_end = _amount_end(amounts[0], rights[0], font, size)
        room = first_end - x - pymupdf.get_text_length(label + amounts[0], fontname=font, fontsize=size)
        n = int(room / pymupdf.get_text_length(fill, fontname=font, fontsize=size))
        _right(page, first_end, y, label + fill * n + amounts[0], font, size)
        for x1, v in zip(rights[1:], amounts[1:]):
            x0 = _right(page, _amount_end(v, x1, font, size), y, v, font, size)
            if ruled:
                page.draw_line((x0, y + 2), (x1, y + 2), width=0.6)
        if ruled:
            w = pymupdf.get_text_length(amounts[0], fontname=font, fontsize=size)
            page.draw_line((rights[0] - w, y + 2), (rights[0], y + 2), width=0.6)
        y += pitch
    return doc.tobytes()


DECIMAL_GROUPS = {   # group labels (no amounts) before the row of that index
    0: "Cash flows from operating activities:",
    1: "Adjustments to reconcile net income to net cash provided by operating activities:",
    4: "Changes in operating assets and liabilities:",
    9: "Cash flows from investing activities:",
}
DECIMAL_ROWS = [  # (label, indent level, amounts)
    ("Net income", 1, ("$753", "$151", "$63,658")),
    ("Depreciation and amortization", 2, ("409", "564", "314")),
    ("Stock-based compensation expense", 2, ("39,453", "843", "65,828")),
    ("Deferred income taxes", 2, ("(947)", "(432)", "(12,488)")),
    ("Accounts receivable", 2, ("(166)", "(787)", "(41,302)")),
    ("Inventories", 2, ("(458)", "(402)", "(1,266)")),
    ("Accounts payable", 2, ("433", "3,839", "11,956")),
    ("Accrued expenses and other liabilities", 2, ("791", "65,567", "30,293")),
    ("Net cash provided by operating activities", 3, ("2,906", "709", "618")),
    ("Purchases of property and equipment", 1, ("(156)", "(74,605)", "(48,988)")),
    ("Acquisitions, net of cash acquired", 1, ("(498)", "(205)", "(49,484)")),
    ("Purchases of marketable securities", 1, ("(52,034)", "(72,712)", "(93,161)")),
]


def decimal_tab_statement_pdf() -> bytes:
    """The statement at LibreOffice's positions: labels from x 54.1 (10.8 pt a level),
    amounts at decimal stops (digits end at 399.7, 468.1 and 536.5), years right-aligned
    at 415.6, 484.0 and 552.4, a line every 13 pt; the company in the page header."""
    size, font, pitch = 10.0, "tiro", 13.0
    rights = (399.7, 468.1, 536.5)
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((54.1, 44.4), "Cascade Brands Corporation", fontname=font, fontsize=size)
    for y, text in ((73.7, "CASCADE BRANDS CORPORATION"), (88.6, "CONSOLIDATED STATEMENTS OF CASH FLOWS"),
                    (102.0, "(In millions)")):
        f = "tibo" if y < 100 else font
        page.insert_text((306 - pymupdf.get_text_length(text, fontname=f, fontsize=size) / 2, y), text,
                         fontname=f, fontsize=size)
    _year_header(page, (415.6, 484.0, 552.4), 115.0, font, size)
    y = 128.0
    for k, (label, level, amounts) in enumerate(DECIMAL_ROWS):
        if k in DECIMAL_GROUPS:
            group_level = 0 if DECIMAL_GROUPS[k].startswith("Cash flows") else 1
            page.insert_text((54.1 + 10.8 * group_level, y), DECIMAL_GROUPS[k], fontname=font, fontsize=size)
            y += pitch
        page.insert_text((54.1 + 10.8 * level, y), label, fontname=font, fontsize=size)
        for x1, v in zip(rights, amounts):
            _right(page, _amount_end(v, x1, font, size), y, v, font, size)
        y += pitch
    page.insert_text((285.8, 754.1), "Page 4 of 6", fontname=font, fontsize=size)
    return doc.tobytes()


WRAPPED_ROWS = [  # (label lines, indent level, amounts, ruled under)
    (("Long-term debt, net of current portion",), 0, ("620", "22,804"), False),
    (("Operating lease liabilities",), 0, ("57,233", "918"), True),
    (("Total liabilities",), 0, ("$5,640", "$68,180"), False),
    (("Commitments and contingencies (Note 12)",), 0, None, False),
    (("Stockholders' equity:",), 0, None, False),
    (("Common stock and additional paid-in capital,", "$0.0001 par value: 900 shares authorized;",
      "486 and 491 shares issued and outstanding"), 1, ("818", "707"), False),
    (("Retained earnings",), 1, ("670", "232"), False),
    (("Accumulated other comprehensive loss",), 1, ("(3,550)", "(319)"), True),
    (("Total stockholders' equity",), 2, ("410", "954"), False),
]


def wrapped_cell_label_pdf(rows=WRAPPED_ROWS, rights: tuple[float, float] = (448.0, 540.0),
                           indent: float = 7.2) -> bytes:
    """A word-processor table without borders (Times 9 pt): the label cell 3.1 in wide,
    wrapped lines at a pitch of 10.4 pt with a hanging indent, amounts right-aligned in
    their cells at 448 and 540 and bottom-aligned with the label's last line, cell
    padding between rows; a rule under the amounts of the row over each total.
    (`wide_cell_label_pdf`: the same table with a label cell 4.5 in wide.)"""
    size, font, pitch, gap = 9.0, "tiro", 10.4, 5.6
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((246, 80), "CONDENSED CONSOLIDATED BALANCE SHEETS", fontname="tibo", fontsize=size)
    for x1, head in zip(rights, ("June 30, 2023", "December 31, 2022")):
        x0 = _right(page, x1, 100, head, "tibo", size)
        page.draw_line((x0 - 20, 103), (x1 + 2, 103), width=0.5)
    y = 116.0
    for lines, level, amounts, ruled in rows:
        x = 74.0 + indent * level
        for k, text in enumerate(lines):
            page.insert_text((x + (indent if k else 0), y + k * pitch), text, fontname=font, fontsize=size)
        last = y + (len(lines) - 1) * pitch
        for x1, v in zip(rights, amounts or ()):
            _right(page, x1, last, v, font, size)
            if ruled:
                page.draw_line((x1 - 60, last + 3), (x1 + 2, last + 3), width=0.5)
        y = last + pitch + gap
    return doc.tobytes()


WIDE_ROWS = [(lines, level, amounts, ruled) for lines, level, amounts, ruled in WRAPPED_ROWS if len(lines) == 1]
WIDE_ROWS.insert(5, (("Common stock and additional paid-in capital, $0.0001 par value: 900 shares authorized;",
                      "486 and 491 shares issued and outstanding"), 1, ("606", "321"), False))


def wide_cell_label_pdf() -> bytes:
    """The foot of the balance sheet in a table whose label cell is 4.5 in wide (LibreOffice,
    s44 doc03 p3): the equity label wraps once, its first line a long clause ending in a
    semicolon ('... par value: 900 shares authorized;'), as long as no short piece, and
    its amounts on the second, bottom-aligned, at 470 and 539; indents of 0.15 in."""
    return wrapped_cell_label_pdf(WIDE_ROWS, (470.3, 538.7), 10.8)


CONTENTS_ROWS = [  # (title, page): a report's contents typed with a leader tab to a right stop
    ("Letter to Shareholders", "2"),
    ("Management's Discussion and Analysis", "5"),
    ("Consolidated Statements of Operations", "14"),
    ("Consolidated Balance Sheets", "15"),
    ("Consolidated Statements of Cash Flows", "16"),
    ("Notes to Consolidated Financial Statements", "17"),
]


def leader_tab_contents_pdf(fill: str = ".") -> bytes:
    """A report's contents typed as a word processor's user sets it: each title runs
    through a leader tab's fill into its page number at a right tab stop, one run of
    glyphs with no gap (as `leader_tab_statement_pdf`'s rows run into their first amount),
    under a heading and over a paragraph (Arial 11 pt, pitch 16)."""
    size, font = 11.0, "helv"
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((54.1, 72), "Contents", fontname="hebo", fontsize=14)
    y = 100.0
    for title, number in CONTENTS_ROWS:
        room = 536.5 - 54.1 - pymupdf.get_text_length(title + number, fontname=font, fontsize=size)
        n = int(room / pymupdf.get_text_length(fill, fontname=font, fontsize=size))
        _right(page, 536.5, y, title + fill * n + number, font, size)
        y += 16.0
    page.insert_text((54.1, y + 14), "This annual report contains forward-looking statements about "
                     "our business.", fontname=font, fontsize=size)
    return doc.tobytes()


SIGN_ROWS = [  # (label lines, indent level, amounts, `$` on the row) of an income statement
    (("Net revenue",), 0, ("67,570", "423", "779", "782"), True),
    (("Cost of revenue",), 0, ("778", "995", "91,491", "197"), False),
    (("Gross profit",), 0, ("33,654", "46,632", "55,973", "72,538"), True),
    (("Operating expenses:",), 0, None, False),
    (("Research and development",), 1, ("399", "60,362", "901", "92,811"), False),
    (("Selling, general and administrative",), 1, ("314", "854", "610", "874"), False),
    (("Amortization of acquired intangible", "assets"), 1, ("16,912", "20,833", "36,005", "16,710"), False),
    (("Restructuring, impairment and other", "related charges, net"), 1, ("-", "-", "-", "87,290"), False),
    (("Total operating expenses",), 2, ("600", "246", "389", "709"), False),
    (("Operating income",), 0, ("118", "492", "649", "845"), True),
    (("Weighted average shares outstanding", "used in computing basic and diluted net", "income per share"), 0,
     ("472", "934", "951", "470"), False),
]


def leader_to_sign_statement_pdf() -> bytes:
    """LibreOffice's export of an income statement typed with tab stops and a solid
    (underscore) leader tab (Times 10 pt, pitch 13): the fill is glued to the label and
    runs to a stop before the first amount column, where the first amount's own `$`
    stands on the rows that carry one ('Net revenue______$', the `$` glued to the fill);
    the other amounts at right stops, each `$` at its column's left. A label too long for
    the stop wraps onto the next lines, indented, its amounts on the first line."""
    size, font, pitch = 10.0, "tiro", 13.0
    rights, signs, stop = (338.5, 409.8, 481.1, 552.4), (None, 352.9, 424.2, 495.5), 281.6
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for y, text, f in ((75.7, "PIEDMONT WATER COMPANY", "tibo"),
                       (88.7, "CONDENSED CONSOLIDATED STATEMENTS OF INCOME", "tibo"),
                       (101.7, "(In millions, except per share data)", "tiit")):
        page.insert_text((306 - pymupdf.get_text_length(text, fontname=f, fontsize=size) / 2, y), text,
                         fontname=f, fontsize=size)
    for x1, head in zip(rights, ("Q2 2023", "Q2 2022", "YTD 2023", "YTD 2022")):
        _right(page, x1, 114.7, head, "tibo", size)
    y = 127.7
    fill_w = pymupdf.get_text_length("_", fontname=font, fontsize=size)
    for lines, level, amounts, sign in SIGN_ROWS:
        x = 54.1 + 10.8 * level
        if amounts is None:
            page.insert_text((x, y), lines[0], fontname=font, fontsize=size)
            y += pitch
            continue
        n = int((stop - x - pymupdf.get_text_length(lines[0], fontname=font, fontsize=size)) / fill_w)
        page.insert_text((x, y), lines[0] + "_" * n + ("$" if sign else ""), fontname=font, fontsize=size)
        for x1, sx, v in zip(rights, signs, amounts):
            _right(page, x1, y, v, font, size)
            if sign and sx is not None:
                page.insert_text((sx, y), "$", fontname=font, fontsize=size)
        for k, rest in enumerate(lines[1:], 1):
            page.insert_text((x + 10.8, y + 11.5 * k), rest, fontname=font, fontsize=size)
        y += pitch + 11.5 * (len(lines) - 1)
    return doc.tobytes()


DOTTED_ROWS = [  # (label lines, indent level, amounts) of a balance sheet's rows
    (("Cash and cash equivalents",), 1, ("$ 53,653", "$ 75,410")),
    (("Short-term investments",), 1, ("634", "64,984")),
    (("Accounts receivable, net of allowance for doubtful accounts of", "$31 and $27"), 1, ("569", "42,602")),
    (("Inventories",), 1, ("21,022", "859")),
    (("Total current assets",), 2, ("365", "86,789")),
    (("Stockholders' equity:",), 0, None),
    (("Common stock and additional paid-in capital, $0.0001 par value:",
      "900 shares authorized; 486 and 491 shares issued and outstanding"), 1, ("588", "85,721")),
    (("Retained earnings",), 1, ("948", "48,719")),
    (("Accumulated other comprehensive loss",), 1, ("(60,953)", "(1,125)")),
    (("Total stockholders' equity",), 2, ("33,762", "15,629")),
]


def dotted_wrapped_balance_pdf() -> bytes:
    """LibreOffice's export of a balance sheet typed with a dotted leader tab into the
    first amount (Times 9 pt, pitch 11.8): a label too long for the line wraps onto the
    next, indented, its amounts on the first line, which ends in the fill ('... doubtful
    accounts of.........569' / '$31 and $27'; '... par value:.....588' / '900 shares
    authorized; ...')."""
    size, font, pitch = 9.0, "tiro", 11.8
    rights = (466.0, 534.4)
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for y, text in ((46.2, "VERTEX MEDIA CO."), (60.3, "CONSOLIDATED BALANCE SHEETS"), (72.1, "(In millions)")):
        page.insert_text((306 - pymupdf.get_text_length(text, fontname=font, fontsize=size) / 2, y), text,
                         fontname=font, fontsize=size)
    for x1, year in zip(rights, ("2023", "2022")):
        _right(page, x1, 95.7, year, font, size)
    page.insert_text((72.1, 107.5), "Current assets:", fontname=font, fontsize=size)
    y = 119.3
    dot = pymupdf.get_text_length(".", fontname=font, fontsize=size)
    for lines, level, amounts in DOTTED_ROWS:
        x = 72.1 + 10.8 * level
        if amounts is None:
            page.insert_text((x, y), lines[0], fontname=font, fontsize=size)
            y += pitch
            continue
        room = rights[0] - x - pymupdf.get_text_length(lines[0] + amounts[0], fontname=font, fontsize=size)
        _right(page, rights[0], y, lines[0] + "." * int(room / dot) + amounts[0], font, size)
        _right(page, rights[1], y, amounts[1], font, size)
        for k, rest in enumerate(lines[1:], 1):
            page.insert_text((x + 10.8, y + 10.3 * k), rest, fontname=font, fontsize=size)
        y += pitch + 10.3 * (len(lines) - 1)
    return doc.tobytes()


CONTINUED_ROWS = [  # (label lines, indent level, amounts or None, ruled under) at a page's top
    (("Proceeds from maturities of marketable", "securities"), 1, ("465", "92,744", "54,652"), True),
    (("Net cash used in investing activities",), 3, ("(44,671)", "(316)", "(21,456)"), False),
    (("Cash flows from financing activities:",), 0, None, False),
    (("Repurchases of common stock",), 1, ("(65,997)", "(682)", "(396)"), False),
    (("Dividends paid",), 1, ("(286)", "(686)", "(59,257)"), False),
    (("Repayments of long-term debt",), 1, ("(709)", "(7,235)", "(947)"), True),
    (("Net cash used in financing activities",), 3, ("(479)", "(342)", "(30,802)"), False),
    (("Effect of exchange rate changes on cash and", "cash equivalents"), 0, ("(497)", "(657)", "(503)"), False),
]


def continued_cash_flow_pdf() -> bytes:
    """The page a tab-stop cash-flow statement goes on to (LibreOffice, s44 doc06 p5; Arial
    9 pt there as DejaVu Sans): it opens with the last rows of the investing section,
    indented one and three levels (0.15 in a level) under a group label on the page
    before, the first row's label wrapped under its amounts (a rule under them: the row
    over a total); then the next group label at the left margin, one level out, and its
    rows."""
    size, font, pitch = 9.0, "helv", 11.95
    rights = (383.7, 459.1, 534.4)
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 46.2
    for lines, level, amounts, ruled in CONTINUED_ROWS:
        x = 72.1 + 10.8 * level
        for k, text in enumerate(lines):
            page.insert_text((x + (10.8 if k else 0), y + 10.5 * k), text, fontname=font, fontsize=size)
        for x1, v in zip(rights, amounts or ()):
            x0 = _right(page, x1, y, v, font, size)
            if ruled:
                page.draw_line((x0, y - 0.9), (x1, y - 0.9), width=0.5)
        y += pitch + 10.5 * (len(lines) - 1)
    page.insert_text((288.0, 755.9), "Page 5 of 6", fontname=font, fontsize=8)
    return doc.tobytes()


BOLD_TOTAL_ROWS = [  # (label lines, amounts, bold): the foot of a cash-flow statement
    (("Net increase (decrease) in cash", "and cash equivalents"), ("12,895", "71,415", "57,020"), False),
    (("Cash and cash equivalents at", "beginning of period"), ("972", "62,645", "56,562"), False),
    (("Cash and cash equivalents at end", "of period"), ("$ 90,282", "$ 521", "$ 589"), True),
]


def bold_total_leader_pdf() -> bytes:
    """LibreOffice's export of the foot of a tab-stop cash-flow statement (s43 doc06 p4;
    DejaVu Sans 10 pt there, Helvetica here): each label wraps once with its amounts on its
    last line, which runs through a dotted leader tab to the first amount column; the last
    row's label is bold, its leader drawn in the paragraph's regular face glued to it and
    to the first amount's `$` ('of period' + '..........$'), one word of the text page in
    two faces."""
    size, pitch = 10.0, 13.1
    rights, signs, stop = (356.7, 437.6, 518.5), (None, 387.0, 467.9), 312.5
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for x1, year in zip(rights, YEARS):
        _right(page, x1, 60.0, year, "hebo", size)
    y = 80.0
    dot = pymupdf.get_text_length(".", fontname="helv", fontsize=size)
    for (first, last), amounts, bold in BOLD_TOTAL_ROWS:
        font = "hebo" if bold else "helv"
        page.insert_text((72.1, y), first, fontname=font, fontsize=size)
        y += 11.6
        x = 82.9 + pymupdf.get_text_length(last, fontname=font, fontsize=size)
        page.insert_text((82.9, y), last, fontname=font, fontsize=size)
        sign = "$" if amounts[0].startswith("$") else ""
        end = stop if sign else stop - 6.4
        fill = "." * int((end - x - pymupdf.get_text_length(sign, fontname="helv", fontsize=size)) / dot)
        page.insert_text((x, y), fill + sign, fontname="helv", fontsize=size)
        for x1, sx, v in zip(rights, signs, amounts):
            _right(page, x1, y, v.lstrip("$ "), "helv", size)
            if sign and sx is not None:
                page.insert_text((sx, y), "$", fontname="helv", fontsize=size)
        y += pitch
    return doc.tobytes()
