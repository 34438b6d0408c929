"""Each table's region whole (issue 37): side-by-side tables apart, one table across its
label rows and across a wide gap between column groups, header rows up to the caption
and the caption outside -- on PDFs drawn here with PyMuPDF (Helvetica, points, top-left
origin)."""
from __future__ import annotations

from test_tables import Page, parse

import pymupdf


def _booktabs(p: Page, x0: float, x1: float, top: float, rows: list[list[str]],
              xs: list[float], label_rows: tuple[int, ...] = ()) -> float:
    """A booktabs table: rules above and under the header and under the last row; the
    first column flush left, the others right-aligned at `xs`; rows in `label_rows` are a
    label alone on its row. Returns the bottom rule's y."""
    p.hline(x0, x1, top, 1.0)
    y = top + 13
    for r, row in enumerate(rows):
        p.text(x0 + 4 + (8 if r and r not in label_rows and label_rows else 0), y, row[0],
               bold=r == 0)
        for x, cell in zip(xs, row[1:]):
            p.text(x, y, cell, right=True, bold=r == 0)
        if r == 0:
            p.hline(x0, x1, y + 4, 0.5)
            y += 4
        y += 13
    p.hline(x0, x1, y - 8, 1.0)
    return y - 8


LEFT = [["Model", "Acc", "F1"], ["Linear", "71.2", "68.0"], ["Tree", "74.9", "70.3"],
        ["Forest", "79.4", "76.1"], ["Boosted", "81.0", "78.8"]]
RIGHT = [["Corpus", "Docs", "Pages"], ["News", "1,204", "9,870"], ["Patents", "880", "15,002"],
         ["Papers", "2,310", "31,415"], ["Forms", "95", "410"]]


def test_side_by_side_tables_with_their_own_rules_stay_apart():
    """Two booktabs tables set side by side with a clear gap, each with its own caption
    and rules, are two tables (not one table of six columns)."""
    doc = pymupdf.open()
    p = Page(doc)
    y = p.prose(60, 80, 480, 5) + 16
    p.text(60, y, "Table 1: Accuracy of the models.", 9)
    p.text(330, y, "Table 2: The corpora.", 9)
    _booktabs(p, 60, 270, y + 8, LEFT, [200, 262])
    bottom = _booktabs(p, 330, 540, y + 8, RIGHT, [460, 532])
    p.prose(60, bottom + 30, 480, 5)
    d = parse(doc)
    assert sorted(t.rows for t in d.tables) == sorted([tuple(map(tuple, LEFT)), tuple(map(tuple, RIGHT))])


def _barred(p: Page, x0: float, x1: float, top: float, rows: list[list[str]], xs: list[float]) -> float:
    """A borderless table under a filled header bar (no rules). Returns its bottom."""
    p.page.draw_rect(pymupdf.Rect(x0, top, x1, top + 15), color=None, fill=(0.2, 0.3, 0.5))
    y = top + 11
    for r, row in enumerate(rows):
        p.text(x0 + 4, y, row[0], bold=r == 0)
        for x, cell in zip(xs, row[1:]):
            p.text(x, y, cell, right=True, bold=r == 0)
        y += 14
    return y


def test_side_by_side_tables_under_header_bars_stay_apart():
    """Two borderless tables side by side, each under its own filled header bar, with a
    clear gap between them: their rows share baselines, but the bars end where each table
    ends, so they are two tables, not one of six columns."""
    doc = pymupdf.open()
    p = Page(doc)
    y = p.prose(60, 80, 480, 5) + 16
    _barred(p, 60, 270, y, LEFT, [200, 262])
    bottom = _barred(p, 330, 540, y, RIGHT, [460, 532])
    p.prose(60, bottom + 24, 480, 5)
    d = parse(doc)
    assert sorted(t.rows for t in d.tables) == sorted([tuple(map(tuple, LEFT)), tuple(map(tuple, RIGHT))])


LABELLED = [["Split", "Documents", "Pages", "Items"], ["Tables:", "", "", ""],
            ["train", "120", "3,400", "5,210"], ["test", "30", "800", "1,302"],
            ["Rows:", "", "", ""], ["train", "120", "3,400", "61,977"],
            ["test", "30", "800", "15,480"]]


def _borderless(p: Page, top: float, rows: list[list[str]], xs: list[float],
                gap_before: tuple[int, ...] = ()) -> float:
    y = top
    for r, row in enumerate(rows):
        if r in gap_before:
            y += 5
        p.text(100 if row[1] or r == 0 else 92, y, row[0], bold=r == 0)
        for x, cell in zip(xs, row[1:]):
            if cell:
                p.text(x, y, cell, right=True, bold=r == 0)
        y += 13
    return y


def test_label_rows_inside_a_borderless_table_keep_it_whole():
    """Rows that hold only a label ("Tables:", "Rows:", set a little apart, out-dented)
    group the rows under them: the table runs on across them, one region with its
    header."""
    doc = pymupdf.open()
    p = Page(doc)
    y = p.prose(72, 80, 460, 5) + 18
    p.text(100, y, "Table 3: Sizes of the splits.", 9)
    bottom = _borderless(p, y + 18, LABELLED, [260, 340, 420], gap_before=(1, 4))
    p.prose(72, bottom + 20, 460, 5)
    d = parse(doc)
    assert [t.rows for t in d.tables] == [tuple(map(tuple, LABELLED))]
    t = d.tables[0]
    assert t.label == "Table 3"
    assert t.caption_bbox is not None and t.caption_bbox.y1 <= t.bbox.y0


WIDE = [["Method", "P", "R", "F1", "P", "R", "F1"],
        ["Rules", "0.61", "0.55", "0.58", "0.52", "0.49", "0.50"],
        ["CRF", "0.72", "0.70", "0.71", "0.66", "0.61", "0.63"],
        ["BERT", "0.84", "0.81", "0.82", "0.79", "0.77", "0.78"],
        ["Ours", "0.88", "0.86", "0.87", "0.83", "0.80", "0.81"]]


def test_wide_gap_between_column_groups_is_one_table():
    """A wide table under one caption whose two column groups ("Dev", "Test") are set
    apart by a wide gap, with the group labels on shaded bars over them: one table (the
    row labels lie outside the bars: the bars head column groups, not tables side by
    side), header rows included up to the caption."""
    doc = pymupdf.open()
    p = Page(doc)
    y = p.prose(40, 80, 530, 5) + 18
    p.text(40, y, "Table 4: Results on the dev and test sets.", 9)
    y += 18
    for x0, x1 in ((115, 255), (375, 515)):     # a shaded bar over each column group
        p.page.draw_rect(pymupdf.Rect(x0, y - 10, x1, y + 3), color=None, fill=(0.85, 0.85, 0.85))
    p.text(165, y, "Dev", bold=True)
    p.text(420, y, "Test", bold=True)
    y += 13
    xs = [150, 200, 250, 410, 460, 510]
    for r, row in enumerate(WIDE):
        p.text(44, y, row[0], bold=r == 0)
        for x, cell in zip(xs, row[1:]):
            p.text(x, y, cell, right=True, bold=r == 0)
        y += 13
    p.prose(40, y + 20, 530, 5)
    d = parse(doc)
    assert len(d.tables) == 1
    t = d.tables[0]
    assert t.rows[-len(WIDE):] == tuple(map(tuple, WIDE))
    assert any("Dev" in c for c in t.rows[0]) and any("Test" in c for c in t.rows[0])
    assert t.label == "Table 4" and t.caption_bbox.y1 <= t.bbox.y0


def test_statements_one_under_another_stay_apart_at_their_titles():
    """Two statements one under the other, ruled the same way over the same width, the
    second under its own title set larger than the tables' text: the last rule of the
    first and the first rule of the second bound no table; two tables."""
    doc = pymupdf.open()
    p = Page(doc)
    p.text(60, 70, "Condensed Statements of Cash Flows", 13, bold=True)
    bottom = _booktabs(p, 60, 540, 84, LEFT, [400, 530])
    p.text(60, bottom + 14, "(1) Restated for the sale of the forest business.", 8)
    p.text(60, bottom + 40, "Condensed Balance Sheets", 13, bold=True)
    bottom = _booktabs(p, 60, 540, bottom + 54, RIGHT, [400, 530])
    p.prose(60, bottom + 30, 480, 5)
    d = parse(doc)
    assert [t.rows for t in d.tables] == [tuple(map(tuple, LEFT)), tuple(map(tuple, RIGHT))]
