"""Group labels over column groups in a borderless table (issue 35 item 5): a regular-weight
label centred over each pair of year columns, the years under them, rows of amounts and a
bold total under a rule -- drawn here with PyMuPDF."""
from __future__ import annotations

import pymupdf

from layoutpdf.render.markdown import header_labels
from test_tables import Page, parse

XS = (250, 320, 420, 490)                   # right edges of the four amount columns
ROWS = [("Widgets", "1,200", "1,350", "800", "910"), ("Gadgets", "450", "520", "300", "340"),
        ("Sprockets", "95", "110", "60", "75"), ("Gears", "310", "290", "205", "220")]


def _grouped_table(bold: bool) -> pymupdf.Document:
    doc = pymupdf.open()
    p = Page(doc)
    p.prose(60, 60, 480, 3)
    p.text(60, 112, "Table 2. Results by region and year.")
    for (a, b), group in zip(((250, 320), (420, 490)), ("North America", "Europe")):
        w = pymupdf.get_text_length(group, fontname="hebo" if bold else "helv", fontsize=10)
        p.text((a + b) / 2 - 15 - w / 2, 133, group, bold=bold)
    for x, year in zip(XS, ("2022", "2023", "2022", "2023")):
        p.text(x, 150, year, bold=bold, right=True)
    y = 168
    for label, *values in ROWS:
        p.text(60, y, label)
        for x, v in zip(XS, values):
            p.text(x, y, v, right=True)
        y += 15
    p.hline(60, 495, y - 10)
    p.text(60, y + 2, "Total", bold=True)
    for x, v in zip(XS, ("2,055", "2,270", "1,365", "1,545")):
        p.text(x, y + 2, v, bold=True, right=True)
    p.prose(60, y + 40, 480, 3)
    return doc


def test_years_under_group_labels_are_the_column_labels():
    """The years under the group labels label the columns (a row with an empty label cell
    between the group labels and the labelled rows), whatever the weight: the header has
    both levels and the body starts with the first labelled row."""
    for bold in (True, False):
        d = parse(_grouped_table(bold))
        assert len(d.tables) == 1, bold
        t = d.tables[0]
        assert header_labels([list(r) for r in t.rows], t.header_rows, t.spans)[1:] == \
            ["North America / 2022", "North America / 2023", "Europe / 2022", "Europe / 2023"], bold
        assert t.rows[t.header_rows][0] == "Widgets", bold
        assert t.rows[-1] == ("Total", "2,055", "2,270", "1,365", "1,545"), bold
