"""Statements whose header rules are drawn column by column (issue 39): filing software
paints the rule under a header as one piece per column, the gutter between columns left
open (a few points on one y), and the row of pieces is one rule that closes the header --
the row of years right above it heads the columns, it is no body row. Drawn here with
PyMuPDF (Helvetica, points, top-left origin)."""
from __future__ import annotations

import pymupdf

import layoutpdf

LEFT, RIGHT = 36.0, 576.0
LABEL_END = 200.0                 # right end of the label column
COLUMNS = ((205.0, 270.0), (276.0, 341.0), (347.0, 390.0),    # three months: two dates, % change
           (396.0, 461.0), (467.0, 532.0), (538.0, 576.0))    # six months
GAP_PIECES = [(LEFT, LABEL_END)] + list(COLUMNS)              # 5-6 pt gutters between pieces
ROWS = [("United States", ("$ 6,185", "$ 11,222", "(45)", "$ 14,692", "$ 20,140", "(27)")),
        ("Developed Europe", ("2,415", "5,480", "(56)", "5,236", "11,569", "(55)")),
        ("Developed Rest of World", ("1,305", "5,034", "(74)", "3,778", "8,320", "(55)")),
        ("Emerging Markets", ("2,828", "6,006", "(53)", "7,308", "13,373", "(45)")),
        ("Revenues", ("$ 12,734", "$ 27,742", "(54)", "$ 31,015", "$ 53,402", "(42)"))]
SIZE = 9.0


def _rule(page: pymupdf.Page, y: float, pieces) -> None:
    """A rule painted as abutting thin filled boxes, one per piece."""
    for a, b in pieces:
        page.draw_rect(pymupdf.Rect(a, y, b, y + 0.7), color=None, fill=(0, 0, 0))


def _right(page: pymupdf.Page, x: float, y: float, text: str) -> None:
    page.insert_text((x - pymupdf.get_text_length(text, fontsize=SIZE), y), text, fontsize=SIZE)


def _statement(joined_header_rule: bool = False) -> bytes:
    """The geographic revenue table of a 10-Q: a rule across the top, a period label over
    each group of three columns with a rule under each group, the dates ("July 2," over
    "2023") and "% / Change" right-aligned in their columns with "(MILLIONS)" on the
    years' line, then the header rule painted one piece per column (label column
    included), five rows, a double rule under the last."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((LEFT, 60), "The following summarizes revenues by geographic area:", fontsize=SIZE)
    y = 66.0
    _rule(page, y, [(LEFT, RIGHT)])
    for period, (a, b) in (("Three Months Ended", (COLUMNS[0][0], COLUMNS[2][1])),
                           ("Six Months Ended", (COLUMNS[3][0], COLUMNS[5][1]))):
        mid = (a + b) / 2
        page.insert_text((mid - pymupdf.get_text_length(period, fontsize=SIZE) / 2, y + 9), period, fontsize=SIZE)
    _rule(page, y + 12, [(COLUMNS[0][0], COLUMNS[2][1]), (COLUMNS[3][0], COLUMNS[5][1])])
    for (a, b), (top, low) in zip(COLUMNS, [("July 2,", "2023"), ("July 3,", "2022"), ("%", "Change")] * 2):
        _right(page, b, y + 22, top)
        _right(page, b, y + 31, low)
    page.insert_text((LEFT + 1, y + 31), "(MILLIONS)", fontsize=SIZE)
    y += 34
    _rule(page, y, [(LEFT, RIGHT)] if joined_header_rule else GAP_PIECES)
    for label, amounts in ROWS:
        y += 12
        page.insert_text((LEFT + 1, y), label, fontsize=SIZE)
        for (a, b), v in zip(COLUMNS, amounts):
            if v.startswith("$ "):
                page.insert_text((a + 1, y), "$", fontsize=SIZE)
                v = v[2:]
            _right(page, b - (0 if v.endswith(")") else 4), y, v)
    _rule(page, y + 3, [(LEFT, RIGHT)])
    _rule(page, y + 5, [(LEFT, RIGHT)])
    page.insert_text((LEFT, y + 24), "In May 2023, we amended our contract with the EC to deliver vaccines.",
                     fontsize=SIZE)
    return doc.tobytes()


def test_rule_pieces_under_the_column_heads_close_the_header():
    """The header rule painted one piece per column (5-6 pt gutters between the pieces)
    closes the header as a rule drawn in one piece does: the years' row is the last
    header row and the first body row is the first region's."""
    for joined in (True, False):
        d = layoutpdf.parse(_statement(joined))
        assert len(d.tables) == 1, joined
        t = d.tables[0]
        assert t.header_rows == 2, joined       # "July 2," over "2023" (and "%" over "Change") is one row
        assert t.rows[1][1:4] == ("July 2, 2023", "July 3, 2022", "% Change"), joined
        assert t.rows[t.header_rows][0] == "United States", joined

