"""Tables rule to rule (issue 35, class 5): a booktabs table -- top rule, group labels
over their column groups (centred, a partial rule under each), the column labels, the
midrule, the body, a rule and a bold 'Average' row, the bottom rule -- with and without
a shaded band behind its first body row. Drawn with PyMuPDF (Helvetica, points)."""
from __future__ import annotations

import pymupdf
import pytest

from layoutpdf.render.markdown import header_labels
from test_tables import Page, parse

X = [72, 200, 260, 320, 380, 440]          # left edges of the label and amount columns
ROWS = [["Baseline", "71.2", "70.1", "69.8", "68.7", "70.0"],
        ["Ours", "75.3", "74.8", "73.9", "73.1", "74.3"],
        ["Ours + aug", "76.1", "75.0", "74.2", "73.8", "74.8"]]
AVERAGE = ["Average", "74.2", "73.3", "72.6", "71.9", "73.0"]


def _cell(p: Page, k: int, y: float, text: str, bold: bool = False) -> None:
    p.text(X[k] if k == 0 else X[k] + 10, y, text, size=9, bold=bold)


def _booktabs(shade: bool) -> bytes:
    doc = pymupdf.open()
    p = Page(doc)
    p.text(72, 60, "Table 1: Results on the benchmarks.", size=9)
    p.hline(70, 480, 70, width=0.8)                      # top rule
    for label, (a, b) in (("Dev", (1, 2)), ("Test", (3, 4))):
        mid = (X[a] + 10 + X[b] + 10 + 15) / 2           # centred over its two columns
        p.text(mid - pymupdf.get_text_length(label, fontsize=9) / 2, 82, label, size=9)
        p.hline(X[a] - 5, X[b] + 40, 85, width=0.4)      # cmidrule
    for k, h in enumerate(["Model", "P", "R", "P", "R", "Avg"]):
        _cell(p, k, 94, h, bold=True)
    p.hline(70, 480, 98, width=0.5)                      # midrule
    y = 110
    for n, row in enumerate(ROWS):
        if shade and n == 0:                             # a shaded band behind the first row
            p.page.draw_rect(pymupdf.Rect(70, y - 9, 480, y + 3), color=None, fill=(0.85, 0.85, 0.85))
        for k, v in enumerate(row):
            _cell(p, k, y, v)
        y += 13
    p.hline(70, 480, y - 8, width=0.5)
    for k, v in enumerate(AVERAGE):
        _cell(p, k, y + 5, v, bold=True)
    p.hline(70, 480, y + 9, width=0.8)                   # bottom rule
    p.text(72, y + 40, "Body text follows the table here and goes on for a while.", size=10)
    return doc.tobytes()


@pytest.mark.parametrize("shade", [False, True])
def test_the_rows_above_the_midrule_are_the_header_under_a_shaded_first_row(shade):
    """The group labels and the column labels are the header, each group label over the
    two columns it is centred on (not over the 'Avg' beside them), with or without the
    shaded band; the bold 'Average' row under its rule is the last row of the table."""
    d = parse(pymupdf.open("pdf", _booktabs(shade)))
    assert len(d.tables) == 1
    t = d.tables[0]
    assert t.header_rows == 2
    assert header_labels([list(r) for r in t.rows], t.header_rows, t.spans) == \
        ["Model", "Dev / P", "Dev / R", "Test / P", "Test / R", "Avg"]
    assert [list(r) for r in t.rows[2:]] == ROWS + [AVERAGE]
