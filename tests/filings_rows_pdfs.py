"""Generated statement pages (PyMuPDF only) whose row labels wrap, for the row tests of
financial statements (issue 39): a borderless statement as filings printed from HTML set
it, a label column then amount columns right-aligned, a label too long for its column
going on in it on the next lines (indented or not) with no amounts, the amounts on the
label's first line (cells aligned to the top) or on its last (aligned to the bottom)."""
from __future__ import annotations

import pymupdf

W, H = 612.0, 792.0
LEFT, SIZE, PITCH = 54.0, 9.0, 11.5
RIGHTS = (420.0, 490.0, 560.0)      # right edges of the three amount columns
YEARS = ("2023", "2022", "2021")


class Row:
    """One statement row: its label's lines (each set `indent` points in from the label
    column's left edge, the wrapped ones `wrap_indent` further), its amounts and the line
    they stand on ("top": the first, "bottom": the last)."""

    def __init__(self, lines: list[str], amounts: tuple[str, ...] = (), indent: float = 9.0,
                 valign: str = "top", wrap_indent: float = 9.0) -> None:
        self.lines, self.amounts, self.indent = lines, amounts, indent
        self.valign, self.wrap_indent = valign, wrap_indent


def statement_page(rows: list[Row], note: str = "") -> pymupdf.Document:
    """A one-page statement: a title block, a header of years over the amount columns, the
    rows, and a `note` under them as text of the page when given."""
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    page.insert_text((200, 60), "CONSOLIDATED STATEMENTS OF CASH FLOWS", fontname="hebo", fontsize=10)
    page.insert_text((240, 74), "(In millions)", fontname="helv", fontsize=SIZE)
    for year, right in zip(YEARS, RIGHTS):
        page.insert_text((right - pymupdf.get_text_length(year, "hebo", SIZE), 100), year,
                         fontname="hebo", fontsize=SIZE)
    y = 116.0
    for row in rows:
        at = 0 if row.valign == "top" else len(row.lines) - 1
        for k, text in enumerate(row.lines):
            x = LEFT + row.indent + (row.wrap_indent if k else 0.0)
            page.insert_text((x, y), text, fontname="helv", fontsize=SIZE)
            if k == at:
                for value, right in zip(row.amounts, RIGHTS):
                    page.insert_text((right - pymupdf.get_text_length(value, "helv", SIZE), y), value,
                                     fontname="helv", fontsize=SIZE)
            y += PITCH
    if note:
        page.insert_text((LEFT, y + 4), note, fontname="helv", fontsize=SIZE)
    return doc


AMOUNTS = [("35,034", "127", "506"), ("4,553", "10,661", "15,150"), ("457", "52,330", "374"),
           ("57,466", "692", "842"), ("25,644", "99,564", "42,062"), ("86,567", "18,807", "23,608"),
           ("99,767", "342", "97,108"), ("12,554", "3,149", "80,376")]


def short_rows(labels: list[str], start: int = 0) -> list[Row]:
    """Rows of one-line labels with amounts."""
    return [Row([label], AMOUNTS[(start + k) % len(AMOUNTS)]) for k, label in enumerate(labels)]
