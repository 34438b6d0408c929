"""A table whose cells are aligned to the middle (issue 39 B; Amcor's 2023 Q4 earnings
release, "Components of Fiscal 2023 Net Sales growth"): a row label set on two lines, its
amounts centred between them, a rule over and under it; the rows around it ruled in pairs
(rules around groups of rows, not under each). `growth_table(path)` writes one page."""
from __future__ import annotations

import pymupdf

LEFT, SIZE, PITCH = 38.6, 8.0, 8.0
RIGHTS = (228.0, 288.8, 348.8, 411.8, 471.8, 531.8)
ROWS = (("Reported Growth %", ("(6)", "(5)", "(6)", "0", "4", "1")),
        ("Items affecting comparability %", ("(3)", "0", "(2)", "(2)", "0", "(1)")),
        (("Comparable Constant Currency", "Growth %"), ("(5)", "(4)", "(5)", "1", "(3)", "0")),
        ("Volume %", ("(7)", "(6)", "(7)", "(3)", "(4)", "(3)")),
        ("Price/Mix %", ("2", "2", "2", "4", "1", "3")))
RULED_AFTER = ("Items affecting comparability %", ("Comparable Constant Currency", "Growth %"), "Price/Mix %")
COLUMNS = ("Flexibles", "Rigid", "Total", "Flexibles", "Rigid", "Total")


def _right(page, x1: float, y: float, text: str, font: str = "helv") -> None:
    page.insert_text((x1 - pymupdf.get_text_length(text, font, SIZE), y), text, fontname=font, fontsize=SIZE)


def growth_table(path) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((LEFT, 60), "Components of Fiscal 2023 Net Sales growth", fontname="hebo", fontsize=9)
    for x1, label in zip(RIGHTS, COLUMNS):
        _right(page, x1, 80, label, "hebo")
    y = 84.0
    page.draw_line((36.0, y), (532.5, y), color=(0, 0, 0), width=0.5)
    for label, amounts in ROWS:
        lines = label if isinstance(label, tuple) else (label,)
        height = 6.0 + PITCH * len(lines)
        for k, text in enumerate(lines):
            page.insert_text((LEFT, y + 9.5 + PITCH * k), text, fontname="helv", fontsize=SIZE)
        middle = y + 9.5 + PITCH * (len(lines) - 1) / 2       # the amounts centred on the label
        for x1, v in zip(RIGHTS, amounts):
            _right(page, x1, middle, v)
        y += height
        if label in RULED_AFTER:
            page.draw_line((36.0, y), (532.5, y), color=(0, 0, 0), width=0.5)
    page.insert_text((LEFT, y + 20), "Net sales for the fourth quarter were lower than last year.", fontname="helv",
                     fontsize=9)
    doc.save(str(path))
