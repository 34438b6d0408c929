"""A ruled two-year statement drawn on a PyMuPDF page (Helvetica 10 pt, points, top-left
origin): a rule, the years, a rule, the rows (label, then the amounts set flush right), a
closing rule. Shared by the stitch fixtures that put text over and under such a table."""
from __future__ import annotations

import pymupdf


def ruled_statement(page: pymupdf.Page, top: float, rows) -> float:
    """Draw the statement from `top` with `rows` of (label, 2023, 2022); the baseline after
    its last row."""
    page.draw_line((72, top), (540, top), width=0.5)
    page.insert_text((400, top + 12), "2023", fontsize=10)
    page.insert_text((490, top + 12), "2022", fontsize=10)
    page.draw_line((72, top + 16), (540, top + 16), width=0.5)
    y = top + 28
    for label, a, b in rows:
        page.insert_text((74, y), label, fontsize=10)
        for x, v in ((423, a), (513, b)):
            page.insert_text((x - pymupdf.get_text_length(v, fontsize=10), y), v, fontsize=10)
        y += 13
    page.draw_line((72, y - 8), (540, y - 8), width=0.5)
    return y
