"""A borderless statement whose first row label runs up to the `$` of the first amount
column (issue 39 B; General Mills 2020 10-K, cash-flow statement, p52).

The filer's converter sets each amount column as a pair of cells: a narrow one holding
`$` flush left on the first and total rows, then the amount right-aligned. A long label
('Net earnings, including earnings attributable to redeemable and noncontrolling
interests') wraps no earlier than the sign cell, so its last word ends less than half an
em before the `$`. `write(path)` draws one page with such a statement between prose.
"""
from __future__ import annotations

import pymupdf

from filings_pdfs import prose

SIZE = 9.0
PITCH = 13.4
LEFT = 36.0
YEARS = ("2020", "2019", "2018")
LONG_LABEL = "Net earnings, including earnings attributable to redeemable and noncontrolling interests"
SIGN_CELL, AMOUNT_CELL = 10.5, 55.5     # pt: the sign cell's left edge to the amount's right
ROWS = ((LONG_LABEL, ("2,210.8", "1,786.2", "2,163.0"), True),
        ("Depreciation and amortization", ("594.7", "620.1", "618.8"), False),
        ("After-tax earnings from joint ventures", ("(91.1)", "(72.0)", "(84.7)"), False),
        ("Distributions of earnings from joint ventures", ("76.5", "86.7", "113.2"), False),
        ("Stock-based compensation", ("94.9", "84.9", "77.0"), False),
        ("Deferred income taxes", ("(29.6)", "93.5", "(504.3)"), False),
        ("Pension and other postretirement benefit plan contributions", ("(31.1)", "(28.8)", "(31.8)"), False),
        ("Restructuring, impairment, and other exit costs", ("43.6", "235.7", "126.0"), False),
        ("Changes in current assets and liabilities", ("793.9", "(7.5)", "542.1"), False),
        ("Net cash provided by operating activities", ("3,676.2", "2,807.0", "2,841.0"), True))


def _width(text: str, size: float = SIZE) -> float:
    return pymupdf.get_text_length(text, "helv", size)


def _columns() -> list[tuple[float, float]]:
    """(right edge of the amounts, left edge of the `$`) per year column: the first `$`
    0.4 em right of the long label's end."""
    sign = LEFT + _width(LONG_LABEL) + 0.4 * SIZE
    out = []
    for _ in YEARS:
        out.append((sign + AMOUNT_CELL, sign))
        sign += AMOUNT_CELL + SIGN_CELL
    return out


COLUMNS = _columns()


def write(path) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    words = prose(60, 3).split()
    y = 72.0
    for i in range(0, 60, 15):
        page.insert_text((LEFT, y), " ".join(words[i:i + 15]), fontname="helv", fontsize=SIZE)
        y += PITCH
    y += PITCH
    page.insert_text((LEFT, y), "Consolidated Statements of Cash Flows", fontname="hebo", fontsize=SIZE + 1)
    page.insert_text((LEFT, y + PITCH), "(In Millions)", fontname="helv", fontsize=SIZE)
    y += 2.5 * PITCH
    page.insert_text((470.0, y), "Fiscal Year", fontname="hebo", fontsize=SIZE)
    y += PITCH
    for (right, _), year in zip(COLUMNS, YEARS):
        page.insert_text((right - _width(year), y), year, fontname="hebo", fontsize=SIZE)
    page.draw_line((LEFT, y + 3), (COLUMNS[-1][0], y + 3), width=0.5)
    y += PITCH
    for label, amounts, signed in ROWS:
        page.insert_text((LEFT, y), label, fontname="helv", fontsize=SIZE)
        for (right, sign), amount in zip(COLUMNS, amounts):
            if signed:
                page.insert_text((sign, y), "$", fontname="helv", fontsize=SIZE)
            page.insert_text((right - _width(amount), y), amount, fontname="helv", fontsize=SIZE)
        y += PITCH
    y += PITCH
    for i in range(0, 45, 15):
        page.insert_text((LEFT, y), " ".join(words[i:i + 15]), fontname="helv", fontsize=SIZE)
        y += PITCH
    doc.save(str(path))


if __name__ == "__main__":
    import sys
    write(sys.argv[1] if len(sys.argv) > 1 else "sign_cells.pdf")
