"""Header rows, closing rows, multi-level headers, sparse ruled grids and code that only
looks aligned -- on PDFs drawn here with PyMuPDF (Helvetica, points, top-left origin)."""
from __future__ import annotations

import pymupdf

from test_tables import Page, grid, parse

RESULTS = [["Method", "Precision", "Recall", "F1"], ["Baseline", "0.71", "0.65", "0.68"],
           ["Ours (small)", "0.78", "0.70", "0.74"], ["Ours (large)", "0.83", "0.79", "0.81"]]
TOTAL = ["Total", "2.32", "2.14", "2.23"]


def _row(p: Page, y: float, row: list[str], bold: bool = False, size: float = 10) -> None:
    p.text(120, y, row[0], bold=bold, size=size)
    for c, cell in enumerate(row[1:]):
        p.text(320 + 70 * c, y, cell, right=True, bold=bold, size=size)


def test_header_and_total_rows_outside_the_rules_stay_in_the_table():
    """Office suites and HTML tables rule only under the header and over the total row:
    the rows beyond those rules belong to the table, not to headings or paragraphs."""
    doc = pymupdf.open()
    p = Page(doc)
    y = p.prose(72, 80, 460, 4) + 18
    _row(p, y, RESULTS[0], bold=True, size=11)
    p.hline(110, 480, y + 4)
    y += 16
    for row in RESULTS[1:]:
        _row(p, y, row)
        y += 13
    p.hline(110, 480, y - 10)
    _row(p, y, TOTAL, bold=True)
    p.prose(72, y + 24, 460, 4)
    d = parse(doc)
    assert [t.rows for t in d.tables] == [tuple(tuple(r) for r in RESULTS + [TOTAL])]
    assert d.tables[0].header_rows == 1
    md = d.to_markdown()
    assert "#### " not in md
    assert "| Method | Precision | Recall | F1 |\n|---|---|---|---|" in md
    assert "| Total | 2.32 | 2.14 | 2.23 |" in md


def test_two_level_header_is_one_row_of_joined_labels():
    """The table keeps both header rows and the spans of the upper labels; Markdown, which
    has one header row, joins the labels over each column."""
    doc = pymupdf.open()
    p = Page(doc)
    y = p.prose(72, 80, 460, 4) + 20
    xs = [125, 235, 290, 375, 440]
    p.hline(120, 480, y, 1.0)
    y += 13
    p.text(255, y, "Dev")
    p.text(400, y, "Test")
    p.hline(220, 320, y + 3, 0.4)           # cmidrules under the spanning labels
    p.hline(360, 470, y + 3, 0.4)
    y += 14
    for t, x in zip(["Model", "P", "R", "P", "R"], xs):
        p.text(x, y, t)
    p.hline(120, 480, y + 4, 0.6)
    body = [["CRF", "71.2", "65.0", "70.1", "64.3"], ["BiLSTM", "78.5", "70.2", "77.9", "69.5"],
            ["BERT", "83.0", "79.1", "82.4", "78.8"]]
    for row in body:
        y += 14
        for t, x in zip(row, xs):
            p.text(x, y, t)
    p.hline(120, 480, y + 4, 1.0)
    p.prose(72, y + 30, 460, 4)
    d = parse(doc)
    assert len(d.tables) == 1
    t = d.tables[0]
    assert t.rows == (("", "Dev", "", "Test", ""), ("Model", "P", "R", "P", "R")) + tuple(tuple(r) for r in body)
    assert t.header_rows == 2 and (0, 1, 0, 2) in t.spans and (0, 3, 0, 4) in t.spans
    md = d.to_markdown()
    assert "| Model | Dev / P | Dev / R | Test / P | Test / R |\n|---|---|---|---|---|\n| CRF |" in md


def test_sparse_ruled_grid_is_accepted_on_its_rules():
    """Most rows hold one filled cell: the rules, not the fill, make it a table."""
    rows = [["Item", "Q1", "Q2", "Q3"], ["Alpha", "", "", ""], ["Beta", "", "", ""],
            ["Gamma", "", "", "7"], ["Delta", "", "", ""], ["Epsilon", "", "", ""]]
    doc = pymupdf.open()
    p = Page(doc)
    y = p.prose(72, 80, 460, 4) + 20
    bottom = grid(p, [100, 200, 300, 400, 500], y, rows)
    p.prose(72, bottom + 20, 460, 4)
    d = parse(doc)
    assert [t.rows for t in d.tables] == [tuple(tuple(r) for r in rows)]


def test_monospaced_listing_is_no_borderless_table():
    doc = pymupdf.open()
    p = Page(doc)
    y = p.prose(72, 80, 460, 5) + 16
    code = ["def merge(a, b):", "    out = []", "    while a and b:",
            "        out.append(min(a[0], b[0]))", "", "    return out + a + b  # rest"]
    for k, ln in enumerate(code, 1):
        p.text(72, y, str(k), size=7)
        if ln:
            p.page.insert_text((90, y), ln, fontsize=9, fontname="cour")
        y += 11
    p.prose(72, y + 14, 460, 5)
    d = parse(doc)
    assert d.tables == ()

