"""A two-level header whose spanning head wraps in its cell: "Three Months Ended June" /
"30," centred over "2023" and "2022", beside "Six Months Ended June 30," on one line (issue
39 D). The head's rest is one short phrase centred under it, a tight line below: it is the
same head, not a header row of its own, and the table's header takes both lines (a
borderless table's header lines are found above its first aligned row). Drawn with
PyMuPDF (Helvetica 10 pt, points, top-left origin), as an office suite sets a release's
reconciliation with tab stops."""
from __future__ import annotations

import pymupdf

import layoutpdf

RIGHTS = (330, 410, 490, 570)
ROWS = [("GAAP net income", "$ 420", "$ 89,819", "$ 521", "$ 75,986"),
        ("Amortization of acquired intangible assets", "82,446", "753", "39,990", "596"),
        ("Restructuring and related charges", "296", "516", "1,739", "7,189"),
        ("Stock-based compensation", "46,509", "38,603", "20,203", "809"),
        ("Non-GAAP net income", "$ 72,830", "$ 74,184", "$ 22,536", "$ 60,031")]


def _centred(page: pymupdf.Page, mid: float, y: float, text: str, font: str = "hebo") -> None:
    page.insert_text((mid - pymupdf.get_text_length(text, fontname=font, fontsize=10) / 2, y), text,
                     fontname=font, fontsize=10)


def _release() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _centred(page, 306, 60, "RECONCILIATION OF GAAP TO NON-GAAP FINANCIAL MEASURES")
    _centred(page, 306, 74, "(In millions, except per share data)", font="helv")
    _centred(page, 359, 96, "Three Months Ended June")     # over the first two columns
    _centred(page, 519, 96, "Six Months Ended June 30,")   # over the last two
    _centred(page, 359, 108, "30,")                        # the first head's rest
    for right, year in zip(RIGHTS, ("2023", "2022", "2023", "2022")):
        page.insert_text((right - pymupdf.get_text_length(year, fontname="hebo", fontsize=10), 122), year,
                         fontname="hebo", fontsize=10)
    y = 138.0
    for row in ROWS:
        page.insert_text((72, y), row[0], fontsize=10)
        for right, value in zip(RIGHTS, row[1:]):
            page.insert_text((right - pymupdf.get_text_length(value, fontsize=10), y), value, fontsize=10)
        y += 14
    return doc.tobytes()


def test_a_spanning_head_and_its_wrapped_rest_are_one_head_over_its_columns():
    d = layoutpdf.parse(_release())
    assert len(d.tables) == 1, d.to_markdown()
    t = d.tables[0]
    assert t.header_rows == 2, t.rows[:3]
    assert [c for c in t.rows[0] if c] == ["Three Months Ended June 30,", "Six Months Ended June 30,"], t.rows[:3]
    md = d.to_markdown()
    assert "| Three Months Ended June 30, / 2023 |" in md and "| Six Months Ended June 30, / 2022 |" in md, md
