"""A statement whose group and section labels outnumber its rows of amounts (issue 39 B;
Nike 2019 10-K, Item 7A, "Expected maturity date"): every row ruled under, cell by cell,
in gray; section labels ("Foreign Exchange Risk"), group labels ("Japanese Yen Functional
Currency") and a line item's name ("Long-term ... debt - Fixed rate") each alone on a
ruled row, above the two rows of amounts they head. `maturity_table(path)` writes one
page."""
from __future__ import annotations

import pymupdf

LEFT, RIGHT, SIZE, PITCH = 18.0, 593.0, 7.4, 14.2
COLUMNS = ("2020", "2021", "2022", "2023", "2024", "LATER", "TOTAL")
CELLS = [(216.0 + 43.2 * k, 259.2 + 43.2 * k) for k in range(7)]
SECTIONS = (
    ("Foreign Exchange Risk", "Japanese Yen Functional Currency", "Long-term Japanese Yen debt - Fixed rate",
     ("6", "3", "0", "0", "0", "0", "9"), ("2.4%", "2.4%", "0.0%", "0.0%", "0.0%", "0.0%", "2.4%")),
    ("Interest Rate Risk", "U.S. Dollar Functional Currency", "Long-term U.S. Dollar debt - Fixed rate",
     ("0", "0", "0", "500", "0", "3,000", "3,500"), ("0.0%", "0.0%", "0.0%", "2.3%", "0.0%", "3.3%", "3.1%")),
)
AMOUNT_LABELS = ("Principal payments", "Average interest rate")


def _right(page, x1: float, y: float, text: str, font: str = "helv") -> None:
    page.insert_text((x1 - pymupdf.get_text_length(text, font, SIZE), y), text, fontname=font, fontsize=SIZE)


def _ruled(page, y: float, color) -> None:
    for a, b in [(LEFT, CELLS[0][0])] + CELLS:
        page.draw_line((a, y), (b, y), color=color, width=0.6)


def maturity_table(path) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((LEFT, 60), "Details of third-party debt are provided in the table below.", fontname="helv",
                     fontsize=8)
    orange, gray = (0.91, 0.47, 0.13), (0.5, 0.5, 0.5)
    page.draw_line((CELLS[0][0], 72), (CELLS[-1][1], 72), color=orange, width=0.6)
    page.insert_text((LEFT + 1, 89), "(Dollars in millions)", fontname="helv", fontsize=SIZE)
    for (a, b), label in zip(CELLS, COLUMNS):
        _right(page, b - 8, 89, label, "hebo")
    _ruled(page, 92, orange)
    y = 92.0
    for section, group, item, amounts, rates in SECTIONS:
        for k, label in enumerate((section, group, item)):
            y += PITCH
            page.insert_text((LEFT + 1 + 3 * k, y - 4), label, fontname="hebo" if k == 0 else "helv", fontsize=SIZE)
            _ruled(page, y, gray)
        for label, values, signed in ((AMOUNT_LABELS[0], amounts, True), (AMOUNT_LABELS[1], rates, False)):
            y += PITCH
            page.insert_text((LEFT + 8, y - 4), label, fontname="helv", fontsize=SIZE)
            for (a, b), v in zip(CELLS, values):
                if signed:
                    page.insert_text((a + 1, y - 4), "$", fontname="helv", fontsize=SIZE)
                _right(page, b - 8, y - 4, v)
            _ruled(page, y, gray)
    page.insert_text((LEFT, y + 20), "The fixed interest rate debt instruments were issued by one of our subsidiaries.",
                     fontname="helv", fontsize=8)
    doc.save(str(path))
