"""A report's table set at the top of the next page, between the two halves of a sentence
cut by the page break (issue #31, class 6): the label line 'Table 2.' in the text face
over its title in a larger bold is one caption, bound to the table, and the sentence goes
on after the table and the notes set under it in small type ('– Represents zero.',
'Source: ...'), not into the caption."""
from __future__ import annotations

import pymupdf

import layoutpdf

BODY = 9.0
LEAD = 12.0
COL_W, GAP = 150.0, 25.0
XS = (54.0, 54.0 + COL_W + GAP, 54.0 + 2 * (COL_W + GAP))
WORDS = ("the survey counts each person once and reports the share of people with a "
         "condition in every group of the population ").split()
TITLE = "Age-Adjusted and Unadjusted Rates of Disability by Gender, Race and Origin: 2005 and 2010"


def _wrap(words: list[str], width: float, font: str = "helv", size: float = BODY) -> list[str]:
    lines, cur = [], ""
    for w in words:
        t = (cur + " " + w).strip()
        if cur and pymupdf.get_text_length(t, fontname=font, fontsize=size) > width:
            lines.append(cur)
            cur = w
        else:
            cur = t
    return lines + [cur] if cur else lines


def _column(page, x: float, y: float, y_end: float, words: list[str]) -> list[str]:
    """Sets words flush left from y down to y_end; returns the words left over."""
    lines = _wrap(words, COL_W)
    n = int((y_end - y) // LEAD)
    for line in lines[:n]:
        page.insert_text((x, y), line, fontname="helv", fontsize=BODY)
        y += LEAD
    return " ".join(lines[n:]).split()


def _table(page, y: float) -> float:
    """A ruled table across the page in 8 pt, its notes and source in 7 pt; returns the
    y under it."""
    cols = [54.0, 200.0, 300.0, 400.0, 500.0, 558.0]
    rows = [("Category", "2005", "Margin", "2010", "Margin")] + [
        (name, f"{18 + k}.{k}", "0.3", f"{17 + k}.{k + 1}", "0.4")
        for k, name in enumerate(("All people", "Male", "Female", "White alone", "Black alone"))]
    top = y
    for r, row in enumerate(rows):
        page.draw_line((cols[0], y), (cols[-1], y), width=0.5)
        for c, cell in enumerate(row):
            page.insert_text((cols[c] + 4, y + 10), cell, fontname="helv", fontsize=8)
        y += 14
    page.draw_line((cols[0], y), (cols[-1], y), width=0.5)
    for x in cols:
        page.draw_line((x, top), (x, y), width=0.5)
    y += 12
    page.insert_text((64, y), "\u2013 Represents or rounds to zero.", fontname="helv", fontsize=7)
    y += 10
    page.insert_text((64, y), "Source: Survey of Income and Program Participation, 2005 and 2010.",
                     fontname="helv", fontsize=7)
    return y + 24


def _report() -> bytes:
    doc = pymupdf.open()
    words = WORDS * 40
    page = doc.new_page(width=612, height=792)
    for x in XS:
        words = _column(page, x, 72, 720, words)
    # the last line of the page stops mid-sentence: "... Among the"
    page.insert_text((XS[2], 720), "are set out by age. Among the", fontname="helv", fontsize=BODY)
    page = doc.new_page(width=612, height=792)
    page.insert_text((54, 64), "Table 2.", fontname="helv", fontsize=BODY)
    for k, line in enumerate(_wrap(TITLE.split(), 450, "hebo", 10)):
        page.insert_text((54, 78 + 12 * k), line, fontname="hebo", fontsize=10)
    y = _table(page, 104)
    page.insert_text((XS[0], y), "oldest group, more than half had a severe disability.",
                     fontname="helv", fontsize=BODY)
    for x in XS:
        words = _column(page, x, y + LEAD, 720, words)
    return doc.tobytes()


def test_the_label_line_and_its_bold_title_are_the_tables_caption():
    doc = layoutpdf.parse(_report())
    (table,) = doc.tables
    assert table.caption is not None and table.caption.startswith("Table 2.")
    assert "Rates of Disability" in table.caption


def test_the_sentence_goes_on_after_the_table_and_its_notes():
    md = layoutpdf.parse(_report()).to_markdown()
    assert "Among the oldest group, more than half" in md
    assert "Among the Age-Adjusted" not in md
