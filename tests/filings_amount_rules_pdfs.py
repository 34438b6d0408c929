"""A statement as Chromium prints an EDGAR filing's HTML (issue 39): the subtotal and total
rules are the bottom borders of the amount cells only, one short filled box per cell,
so each amount column is ruled on its own and its rules bound a narrow region of amounts
("$" cells at the left of the column, the amounts right-aligned, a negative amount's ")"
standing out to the right). In the widest column "$ 34,382" fills most of the width
between its rules, as a line of text fills a framed box.

The geometry is the Chromium print of `benchmarks/filings_html_repro.py`'s case
amounts_under_total_rules_dropped (10 pt text, 13.5 pt rows), its columns narrowed from
61 to 54 pt as Helvetica's digits are narrower than DejaVu Sans's: "$ 34,382" spans
0.82 of its column there as here, with an 8 pt gap after the "$"."""
from __future__ import annotations

import pymupdf

SIZE, PITCH, LABEL_X = 10.0, 13.5, 54.0
COLUMNS = tuple((x, x + 54.0) for x in (293.0, 361.0, 429.0, 497.0))
DOLLAR_CELL, PAREN_CELL = 9.8, 6.5       # widths of the "$" cell and of the ")" cell
YEARS = ("2023", "2022", "2023", "2022")
# label, bold (a subtotal: "$" cells and a rule above it), the four amounts
ROWS = (
    ("Net revenue", True, ("35,034", "127", "506", "34,382")),
    ("Cost of revenue", False, ("828", "402", "476", "46,591")),
    ("Gross profit", True, ("910", "52,330", "374", "57,466")),
    ("Operating income", True, ("692", "842", "25,644", "99,564")),
    ("Interest expense", False, ("(42,062)", "(86,567)", "(18,807)", "(23,608)")),
    ("Other income (expense), net", False, ("99,767", "342", "97,108", "12,554")),
    ("Income before income taxes", True, ("3,149", "80,376", "813", "72,001")),
    ("Provision for income taxes", False, ("762", "973", "235", "65,074")),
    ("Net income", True, ("622", "957", "990", "23,507")),
)


def _text(page: pymupdf.Page, x: float, y: float, text: str, bold: bool = False) -> None:
    page.insert_text((x, y), text, fontname="hebo" if bold else "helv", fontsize=SIZE)


def _right(page: pymupdf.Page, x1: float, y: float, text: str, bold: bool = False) -> None:
    font = "hebo" if bold else "helv"
    _text(page, x1 - pymupdf.get_text_length(text, fontname=font, fontsize=SIZE), y, text, bold)


def _cell_rules(page: pymupdf.Page, y: float) -> None:
    """A rule under every amount column, none under the labels: each cell's bottom
    border, a 0.75 pt filled box (the "$" cell and the amount cell abut)."""
    for x0, x1 in COLUMNS:
        for a, b in ((x0, x0 + DOLLAR_CELL), (x0 + DOLLAR_CELL, x1 - PAREN_CELL), (x1 - PAREN_CELL, x1)):
            page.draw_rect(pymupdf.Rect(a, y, b, y + 0.75), color=None, fill=(0, 0, 0), width=0)


def _amount(page: pymupdf.Page, column: tuple[float, float], y: float, value: str, dollar: bool) -> None:
    x0, x1 = column
    if dollar:
        _text(page, x0 + 1.8, y, "$")
    if value.startswith("("):                # the ")" stands in the column's last cell
        _right(page, x1 - PAREN_CELL - 1.5, y, value[:-1])
        _text(page, x1 - PAREN_CELL + 0.5, y, ")")
    else:
        _right(page, x1 - PAREN_CELL - 1.5, y, value)


def amount_rules_statement_pdf() -> bytes:
    """One statement under its title block, each amount column ruled on its own above
    and below the subtotals."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _text(page, 216.0, 56.0, "NORTHWIND HOLDINGS, INC.", bold=True)
    _text(page, 164.2, 70.0, "CONSOLIDATED STATEMENTS OF OPERATIONS", bold=True)
    _text(page, 218.4, 86.0, "(In millions, except per share data)")
    _text(page, 294.4, 102.0, "Three Months Ended", bold=True)
    _text(page, 442.0, 102.0, "Six Months Ended", bold=True)
    _cell_rules(page, 117.0)
    for (x0, x1), year in zip(COLUMNS, YEARS):
        _right(page, x1 - 14.0, 127.0, year, bold=True)
    _cell_rules(page, 130.5)
    y = 141.0
    for k, (label, subtotal, amounts) in enumerate(ROWS):
        if subtotal and k:
            _cell_rules(page, y - PITCH + 3.2)  # the rule above a subtotal
        _text(page, LABEL_X, y, label, bold=subtotal)
        for column, value in zip(COLUMNS, amounts):
            _amount(page, column, y, value, dollar=subtotal)
        y += PITCH
    _cell_rules(page, y - PITCH + 3.2)
    return doc.tobytes()


if __name__ == "__main__":                  # write it for a look: python tests/filings_amount_rules_pdfs.py
    with open("/tmp/amount_rules_statement.pdf", "wb") as fh:
        fh.write(amount_rules_statement_pdf())
