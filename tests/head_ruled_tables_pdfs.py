"""Small tables one under another in a filing's pension note, set the way a filing agent sets
American Water's 10-K (issue 39 B): each table's spanning head (two lines in 6 pt,
centred over the two amount columns) is underlined by a rule across those columns, each
column head ('2021', '2020') by a rule of its own, and no rule runs under the label
column nor under the body rows. The body rows sit on pale zebra fills. So the rules of the
first table's heads and of the second table's head stack into one ruled region over the
amount columns only, whose widest line is the second table's head. `pension_tables(path)`
writes the page."""
from __future__ import annotations

import pymupdf

LEFT, RIGHT = 18.0, 593.0
PROSE, ROWS, HEAD = 8.0, 7.0, 6.0
COLUMNS = ((427.0, 504.0), (515.0, 593.0))     # the amount columns: x0, x1
TABLES = (
    (("Projected Benefit Obligation Exceeds the Fair Value of Plans'", "Assets"),
     (("Projected benefit obligation", ("$", "2,294", "$", "2,386")),
      ("Fair value of plan assets", ("", "1,991", "", "1,990")))),
    (("Accumulated Benefit Obligation Exceeds the Fair Value of", "Plans' Assets"),
     (("Accumulated benefit obligation", ("$", "2,138", "$", "2,188")),
      ("Fair value of plan assets", ("", "1,991", "", "1,990")))),
)
ZEBRA = (0.81, 0.94, 0.99)


def _centred(page, x0: float, x1: float, y: float, text: str, size: float) -> None:
    w = pymupdf.get_text_length(text, "helv", size)
    page.insert_text(((x0 + x1 - w) / 2, y), text, fontname="helv", fontsize=size)


def _right(page, x1: float, y: float, text: str, size: float) -> None:
    page.insert_text((x1 - pymupdf.get_text_length(text, "helv", size), y), text, fontname="helv", fontsize=size)


def _rule(page, x0: float, x1: float, y: float) -> None:
    page.draw_rect(pymupdf.Rect(x0, y, x1, y + 0.6), color=None, fill=(0, 0, 0))


def _table(page, y: float, head, rows) -> float:
    span = (COLUMNS[0][0], COLUMNS[-1][1])
    for line in head:
        _centred(page, *span, y, line, HEAD)
        y += 6.0
    _rule(page, *span, y - 4.0)
    y += 6.0
    for (x0, x1), year in zip(COLUMNS, ("2021", "2020")):
        _centred(page, x0, x1, y, year, HEAD)
        _rule(page, x0, x1, y + 2.0)
    for k, (label, cells) in enumerate(rows):
        y += 9.5
        if k % 2 == 0:
            page.draw_rect(pymupdf.Rect(LEFT, y - 7.5, RIGHT, y + 2.0), color=None, fill=ZEBRA)
        page.insert_text((LEFT, y), label, fontname="helv", fontsize=ROWS)
        for (x0, x1), (sign, amount) in zip(COLUMNS, (cells[:2], cells[2:])):
            if sign:
                page.insert_text((x0 + 1, y), sign, fontname="helv", fontsize=ROWS)
            _right(page, x1 - 1, y, amount, ROWS)
    return y


def pension_tables(path) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 60.0
    for _ in range(8):
        page.insert_text((LEFT, y), "The Company's pension plans cover most employees hired before 2006; the "
                         "benefits are based on years of service and pay.", fontname="helv", fontsize=PROSE)
        y += 10.0
    page.insert_text((LEFT, y + 4), "Presented in the tables below are the obligations and plan assets of pension "
                     "plans with an obligation in excess of plan assets:", fontname="helv", fontsize=PROSE)
    y += 20.0
    for head, rows in TABLES:
        y = _table(page, y, head, rows) + 14.0
    page.insert_text((LEFT, y + 4), "The postretirement plan assets exceed benefit obligations for all of the "
                     "Company's other postretirement benefit plans.", fontname="helv", fontsize=PROSE)
    doc.save(str(path))
