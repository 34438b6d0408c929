"""A ruled table of one row (issue 39 B): a note to a statement gives one line item over
the periods ("Amortization expense | SG&A | $ 86 | $ 82 | $ 80" under "2023 2022 2021"); an
HTML-to-PDF converter shades the row cell by cell and rules only under the column heads,
so the ruled region holds one row and no grid can be read from it alone. Read with the
period heads right above it, it is a table of a header and one row, each amount under its
year and beside its label. Drawn with PyMuPDF (Helvetica, points, top-left origin)."""
from __future__ import annotations

import pymupdf

import layoutpdf

COLS = [(292, 385), (395, 489), (499, 592)]     # a currency sign's cell and its amount's
INTRO = ("Intangible assets are amortized on a straight-line basis over their estimated useful lives, and",
         "we review them for impairment whenever events indicate that the carrying amount may not be",
         "recoverable. Amortization expense was as follows ($ in millions):")
AFTER = ("Amortization expense expected to be recognized in future periods is disclosed in the table of",
         "expected amortization, and we expect no impairment of these assets in the next fiscal year.")


def _note(years=("2023", "2022", "2021"), amounts=("86", "82", "80"), signs: bool = True) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 72.0
    for line in INTRO:
        page.insert_text((18, y), line, fontsize=8)
        y += 10
    y += 10
    page.insert_text((124, y), "Statement of Earnings Location", fontsize=8)
    for (a, b), year in zip(COLS, years):       # each year centred over its sign and amount
        page.insert_text(((a + b) / 2 - pymupdf.get_text_length(year, fontsize=8) / 2, y), year, fontsize=8)
    for a, b in [(124, 282)] + COLS:            # the rule under the heads, cell by cell
        page.draw_rect(pymupdf.Rect(a, y + 2, b, y + 3.5), color=None, fill=(0, 0, 0))
    page.draw_rect(pymupdf.Rect(18, y + 3.5, 592, y + 13), color=None, fill=(0.86, 0.89, 0.98))
    y += 11
    page.insert_text((18, y), "Amortization expense", fontsize=8)
    page.insert_text((124, y), "SG&A", fontsize=8)
    for (a, b), v in zip(COLS, amounts):
        if signs:
            page.insert_text((a, y), "$", fontsize=8)
        page.insert_text((b - 8 - pymupdf.get_text_length(v, fontsize=8), y), v, fontsize=8)
    y += 20
    for line in AFTER:
        page.insert_text((18, y), line, fontsize=8)
        y += 10
    return doc.tobytes()


def test_a_shaded_row_under_its_period_heads_is_a_table():
    d = layoutpdf.parse(_note())
    assert len(d.tables) == 1, d.to_markdown()
    rows = [list(r) for r in d.tables[0].rows]
    assert rows[0][-3:] == ["2023", "2022", "2021"], rows
    assert rows[1][0] == "Amortization expense" and rows[1][-3:] == ["$ 86", "$ 82", "$ 80"], rows
    md = d.to_markdown()
    assert "| Amortization expense | SG&A | \\$ 86 | \\$ 82 | \\$ 80 |" in md, md
    assert md.index("recoverable. Amortization expense was as follows") < md.index("| Amortization expense") < md.index(AFTER[0]), md


def test_each_head_stands_over_its_amount():
    """Amounts without a currency sign, set flush right, clear of the head centred over
    their cell: each head and its amount one column."""
    d = layoutpdf.parse(_note(signs=False))
    assert len(d.tables) == 1, d.to_markdown()
    assert [list(r) for r in d.tables[0].rows] == [
        ["", "Statement of Earnings Location", "2023", "2022", "2021"],
        ["Amortization expense", "SG&A", "86", "82", "80"]], d.tables[0].rows


def test_heads_that_do_not_name_the_amounts_make_no_table():
    """Two heads over three amounts: the heads are not the row's; no table is made up."""
    d = layoutpdf.parse(_note(years=("2023", "", "2021 and 2020"), amounts=("86", "82", "80")))
    d2 = layoutpdf.parse(_note(years=("Fiscal", "Fiscal", "Fiscal")))
    assert not d.tables or len(d.tables[0].rows) != 2 or "86" not in " ".join(d.tables[0].rows[1])
    assert not d2.tables, d2.to_markdown()
