"""Financial statements as filing agents set them (issue 39, A and B): a borderless table
with a label column, `$` signs set apart, group labels ending with a colon alone on their
row, accounting rules under each amount column, and rows shaded cell by cell. Pages drawn
here with PyMuPDF."""
from __future__ import annotations

import os

import pymupdf

import layoutpdf

W, H = 612.0, 792.0
GROUPS = [("Revenue:", [("Subscription", "$", "4,584,833", "$", "3,223,904", "$", "2,076,584"),
                        ("Product", "", "800,498", "", "1,125,146", "", "1,627,803"),
                        ("Total revenue", "", "5,854,430", "", "4,795,511", "", "4,147,065")]),
          ("Operating expenses:", [("Research and development", "", "975,987", "", "862,730", "", "844,353"),
                                   ("Sales and marketing", "", "1,910,197", "", "1,683,242", "", "1,652,308"),
                                   ("Total operating expenses", "", "3,540,920", "", "3,148,099", "", "3,112,300")]),
          ("Non-operating income (expense):", [("Interest expense", "", "(70,442)", "", "(64,184)", "", "(59,732)"),
                                               ("Net income", "$", "1,168,782", "$", "629,551", "$", "268,395")])]
RIGHTS = (410, 490, 570)       # right edges of the amount columns
PITCH = 15.0


def _statement(page, shade: bool, rules: bool) -> None:
    font = pymupdf.Font("tiro")
    page.insert_text((200, 60), "CONSOLIDATED STATEMENTS OF INCOME", fontname="tibo", fontsize=10)
    for (date, year), right in zip((("December 2,", "2016"), ("November 27,", "2015"),
                                    ("November 28,", "2014")), RIGHTS):
        page.insert_text((right - 74, 110), date, fontname="tibo", fontsize=8)   # over the $ too
        page.insert_text((right - font.text_length(year, 8), 110), year, fontname="tibo", fontsize=8)
    y, k = 125.0, 0
    for label, rows in GROUPS:
        for text, cells in [(label, None)] + [(r[0], r[1:]) for r in rows]:
            if shade and k % 2 == 0:           # a zebra stripe painted cell by cell
                edges = [50, 330, 334]
                for right in RIGHTS:
                    edges += [right - 70, right - 66, right + 2]
                for x0, x1 in zip(edges, edges[1:]):
                    page.draw_rect(pymupdf.Rect(x0, y - 10.5, x1, y + 3), color=None,
                                   fill=(0.8, 0.93, 1.0), width=0)
            page.insert_text((52, y), text, fontname="tiro", fontsize=9)
            for sign, value, right in (zip(cells[::2], cells[1::2], RIGHTS) if cells else ()):
                if sign:
                    page.insert_text((right - 68, y), sign, fontname="tiro", fontsize=9)
                page.insert_text((right - font.text_length(value, 9), y), value, fontname="tiro", fontsize=9)
                if rules and text.startswith("Total"):   # the subtotal's rule, per amount column
                    page.draw_line((right - 60, y + 3), (right, y + 3), color=(0, 0, 0), width=0.5)
            y += PITCH
            k += 1


def _parse(tmp_path, shade: bool, rules: bool):
    doc = pymupdf.open()
    _statement(doc.new_page(width=W, height=H), shade, rules)
    path = os.path.join(tmp_path, "statement.pdf")
    doc.save(path)
    return layoutpdf.parse(path)


def test_statement_is_one_table_across_its_group_labels(tmp_path):
    """Rules under each amount column's totals make no table of their own; the statement
    is one table, its group labels rows of it, each `$` joined to its amount and each
    date over both."""
    d = _parse(tmp_path, shade=False, rules=True)
    assert len(d.tables) == 1
    rows = [list(r) for r in d.tables[0].rows]
    assert ["Subscription", "$ 4,584,833", "$ 3,223,904", "$ 2,076,584"] in rows
    assert ["Research and development", "975,987", "862,730", "844,353"] in rows
    assert any(r[0] == "Operating expenses:" and not any(r[1:]) for r in rows)
    assert "December 2, 2016" in d.to_markdown()


def test_a_header_band_shaded_cell_by_cell_is_no_figure(tmp_path):
    """A statement's header band painted as one box per cell (the label cell, then for each
    amount column a narrow `$` gap cell and the amount cell): the background of rows of
    text, not the bars of a chart. Its words stay text; no figure placeholder takes them."""
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    edges = [50, 330]
    for right in RIGHTS:
        edges += [right - 70, right - 66, right + 2]
    for k, label in enumerate(("Assets", "Current assets:", "Property and equipment:")):
        y = 100 + 14 * k
        for x0, x1 in zip(edges, edges[1:]):
            page.draw_rect(pymupdf.Rect(x0, y - 10.5, x1, y + 3), color=None,
                           fill=(0.8, 0.93, 1.0), width=0)
        page.insert_text((52, y), label, fontname="tibo", fontsize=9)
    y = 160
    for k in range(8):
        page.insert_text((52, y), f"cash and equivalents held at the end of each period, note {k}",
                         fontname="tiro", fontsize=9)
        y += 11
    path = os.path.join(tmp_path, "band.pdf")
    doc.save(path)
    d = layoutpdf.parse(path)
    assert not d.figures
    md = d.to_markdown()
    assert "![" not in md
    for words in ("Assets", "Current assets:", "Property and equipment:"):
        assert words in md
