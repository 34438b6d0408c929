"""The lines a table's edge rows are read from reach past its aligned band (issue 39 B, 36;
office seed 53 doc02, seed 39 doc11): the last row's label, wrapped over four lines under
its amounts (cells aligned to the top), lost its last line "share" to a paragraph at the
top of the page, and the two-line period header above the rows stayed out of the table.

The fixture is generated here: an income statement with a narrow label column whose last
label wraps onto four lines, under a header of two periods over two years each."""
from __future__ import annotations

import pymupdf
import pytest

import layoutpdf
from filings_pdfs import prose

SIZE, PITCH, LEFT = 10.0, 11.7, 56.0
COLS = (307.0, 388.0, 469.0, 549.0)
SIGNS = (216.0, 326.0, 407.0, 488.0)   # the first one right after the label column
LAST = ("Weighted average shares", "outstanding used in computing", "basic and diluted net income per",
        "share")
ROWS = (("Net revenue", ("$ 344", "$ 55,004", "$ 800", "$ 749")),
        ("Cost of revenue", ("92,303", "89,890", "397", "620")),
        ("Gross profit", ("$ 32,012", "$ 758", "$ 598", "$ 48,678")),
        ("Operating expenses", ("74,077", "5,069", "85,923", "59,834")),
        ("Operating income", ("$ 99,066", "$ 17,455", "$ 98,582", "$ 44,375")),
        ("Net income", ("$ 75,275", "$ 343", "$ 67,754", "$ 87,974")),
        ("Basic net income per share", ("$ 9.06", "$ 1.60", "$ 2.63", "$ 4.93")))


def _right(page, x1, y, text, font="helv"):
    page.insert_text((x1 - pymupdf.get_text_length(text, font, SIZE), y), text, fontname=font, fontsize=SIZE)


def write(path) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    words = prose(60, 2).split()
    y = 60.0
    for i in range(0, 60, 15):
        page.insert_text((LEFT, y), " ".join(words[i:i + 15]), fontname="helv", fontsize=SIZE)
        y += PITCH
    y += PITCH
    page.insert_text((LEFT, y), "CONDENSED CONSOLIDATED STATEMENTS OF INCOME", fontname="hebo", fontsize=SIZE + 1)
    y += 2 * PITCH
    for k, period in enumerate(("Three Months Ended June 30,", "Six Months Ended June 30,")):
        mid = (COLS[2 * k] + COLS[2 * k + 1]) / 2 - 20
        w = pymupdf.get_text_length(period, "hebo", SIZE)
        page.insert_text((mid - w / 2, y), period, fontname="hebo", fontsize=SIZE)
    y += PITCH
    for x1, year in zip(COLS, ("2023", "2022", "2023", "2022")):
        _right(page, x1, y, year, "hebo")
    y += PITCH + 2
    for label, amounts in ROWS:
        page.insert_text((LEFT, y), label, fontname="helv", fontsize=SIZE)
        for x1, v in zip(COLS, amounts):
            if v.startswith("$ "):      # the sign in a cell of its own, flush left: the
                # first one right after the label column, which the wrapped label fills
                page.insert_text((SIGNS[COLS.index(x1)], y), "$", fontname="helv", fontsize=SIZE)
                v = v[2:]
            _right(page, x1, y, v)
        y += PITCH
    for k, part in enumerate(LAST):
        page.insert_text((LEFT + (10 if k else 0), y), part, fontname="helv", fontsize=SIZE)
        if k == 0:
            for x1, v in zip(COLS, ("944", "999", "859", "778")):
                _right(page, x1, y, v)
        y += PITCH
    y += 3 * PITCH
    for i in range(0, 45, 15):
        page.insert_text((LEFT, y), " ".join(prose(45, 5).split()[i:i + 15]), fontname="helv", fontsize=SIZE)
        y += PITCH
    doc.save(str(path))


@pytest.fixture(scope="module")
def parsed(tmp_path_factory):
    path = tmp_path_factory.mktemp("reach") / "statement.pdf"
    write(path)
    return layoutpdf.parse(str(path), {"ocr": {"mode": "never"}})


def test_the_last_label_keeps_its_last_line(parsed):
    (table,) = parsed.tables
    assert table.rows[-1][0] == " ".join(LAST)
    assert list(table.rows[-1][1:]) == ["944", "999", "859", "778"]


def test_the_period_header_is_in_the_table(parsed):
    (table,) = parsed.tables
    header = [" ".join(c for c in col if c) for col in zip(*table.rows[:table.header_rows])]
    assert header[1] == "Three Months Ended June 30, 2023"
    assert not any("Months Ended" in e.text for e in parsed.body_elements() if e.role.name == "PARAGRAPH")
