"""A row label wrapped at a hyphen inside its cell (issue 39): "Net income attributable to
non-" over "controlling interests" is one label, "non-controlling", not "non- controlling".
Drawn here with PyMuPDF (Helvetica, points, top-left origin)."""
from __future__ import annotations

import pymupdf

import layoutpdf
from layoutpdf.extract.table_grid import cell_text
from layoutpdf.render.markdown import header_labels

AMOUNTS = (430.0, 530.0)          # right edges of the two amount columns
ROWS = [("Net income", ("2,327", "8,607")),
        ("Net income attributable to non-|controlling interests", ("11", "13")),
        ("Net income attributable to the|company", ("2,316", "8,594")),
        ("Other comprehensive income, net of tax", ("187", "(311)")),
        ("Comprehensive income", ("2,514", "8,296"))]


def _statement() -> bytes:
    """A borderless statement: a title, the years over the amount columns, labels that
    wrap in a narrow label column with the amounts on the last line of the label."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((40, 50), "Consolidated Statements of Comprehensive Income", fontsize=10, fontname="hebo")
    for x, year in zip(AMOUNTS, ("2023", "2022")):
        page.insert_text((x - pymupdf.get_text_length(year, fontsize=10), 76), year, fontsize=10)
    y = 92.0
    for label, amounts in ROWS:
        lines = label.split("|")
        for k, text in enumerate(lines):
            page.insert_text((40 + (6 if k else 0), y + 12 * k), text, fontsize=10)
        y += 12 * (len(lines) - 1)
        for x, v in zip(AMOUNTS, amounts):
            page.insert_text((x - pymupdf.get_text_length(v, fontsize=10), y), v, fontsize=10)
        y += 16
    page.insert_text((40, y + 14), "See the notes to the consolidated financial statements.", fontsize=10)
    return doc.tobytes()


def test_a_label_wrapped_at_a_hyphen_is_joined_without_a_space():
    """The wrapped label is one cell, its two lines joined at the hyphen with no space,
    the hyphen kept; a label wrapped at a space keeps its space."""
    d = layoutpdf.parse(_statement())
    assert len(d.tables) == 1
    rows = d.tables[0].rows
    assert ("Net income attributable to non-controlling interests", "11", "13") in rows
    assert ("Net income attributable to the company", "2,316", "8,594") in rows


def test_cell_text_joins_lines_at_hyphens_only():
    """Phrases of one line keep their space ("A -" is no word broken), a soft hyphen at a
    line end goes, a hyphen after a digit or a space is no break of a word."""
    assert cell_text([(0, "non-"), (1, "controlling")]) == "non-controlling"
    assert cell_text([(0, "Share\u00ad"), (1, "holders")]) == "Shareholders"
    assert cell_text([(0, "Class A-"), (0, "B")]) == "Class A- B"
    assert cell_text([(0, "2019 -"), (1, "2020")]) == "2019 - 2020"
    assert cell_text([(0, "FY2019-"), (1, "2020")]) == "FY2019- 2020"


def test_a_header_label_wrapped_at_a_hyphen_is_one_word():
    """A column label stacked over header rows ("Non-" / "controlling" / "interests") is
    one label, joined at the hyphen as a cell's lines are."""
    rows = [["", "Share-", "Non-"], ["", "holders' Equity", "controlling"], ["", "", "interests"],
            ["Balance", "100,970", "266"]]
    assert header_labels(rows, 3, []) == ["", "Share-holders' Equity", "Non-controlling interests"]
