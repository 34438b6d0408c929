"""Booktabs tables as LaTeX sets them (issue 35, class 5): the rules close the header and
a group of rows, never each row, so a group of two body rows between two rules is two
rows; a group label centred over three columns sits in the middle one, over the partial
rule (cmidrule) that spans its group, and labels all three. Drawn with PyMuPDF."""
from __future__ import annotations

import pymupdf

from layoutpdf.render.markdown import header_labels
from test_tables import Page, parse

X = [72, 160, 205, 250, 300, 345, 390]     # label column, then Dev P R F1, Test P R F1
BODY = [["Baseline", "71.2", "68.0", "69.6", "70.1", "67.2", "68.6"],
        ["Ours", "75.4", "72.9", "74.1", "74.8", "71.5", "73.1"]]
AVERAGE = ["Average", "73.3", "70.5", "71.9", "72.5", "69.4", "70.9"]


def _booktabs() -> bytes:
    doc = pymupdf.open()
    p = Page(doc)
    p.text(72, 60, "Table 1: Results on the development and test sets.", size=9)
    p.hline(70, 430, 70, width=0.8)                               # \toprule
    for label, (a, b) in (("Development", (1, 3)), ("Test", (4, 6))):
        mid = (X[a] + X[b] + 20) / 2                              # centred over its group
        p.text(mid - pymupdf.get_text_length(label, fontsize=9) / 2, 82, label, size=9)
        p.hline(X[a] - 3, X[b] + 25, 86, width=0.4)               # \cmidrule(lr){a-b}
    for k, h in enumerate(["System", "P", "R", "F1", "P", "R", "F1"]):
        p.text(X[k], 96, h, size=9)
    p.hline(70, 430, 100, width=0.5)                              # \midrule
    y = 112
    for row in BODY:                                              # two rows, no rule between
        for k, v in enumerate(row):
            p.text(X[k], y, v, size=9)
        y += 11
    p.hline(70, 430, y - 7, width=0.5)                            # \midrule
    for k, v in enumerate(AVERAGE):
        p.text(X[k], y + 4, v, size=9, bold=True)
    p.hline(70, 430, y + 8, width=0.8)                            # \bottomrule
    p.text(72, y + 40, "Body text follows the table here and goes on for a while.", size=10)
    return doc.tobytes()


def _table():
    d = parse(pymupdf.open("pdf", _booktabs()))
    assert len(d.tables) == 1
    return d.tables[0]


def test_two_body_rows_between_two_rules_are_two_rows():
    t = _table()
    body = [list(r) for r in t.rows[t.header_rows:]]
    assert body == [*BODY, AVERAGE]


def test_a_group_label_centred_over_its_cmidrule_labels_every_column_of_its_group():
    t = _table()
    labels = header_labels([list(r) for r in t.rows], t.header_rows, t.spans)
    assert labels[1:] == [f"{g} / {m}" for g in ("Development", "Test") for m in ("P", "R", "F1")]


def _turned_header() -> bytes:
    """Column labels turned 90 degrees to fit narrow columns (\\rotatebox{90}), over a
    booktabs table."""
    doc = pymupdf.open()
    p = Page(doc)
    p.text(72, 60, "Table 2: Scores with turned column labels.", size=9)
    p.hline(70, 260, 70, width=0.8)
    xs = [72, 150, 185, 220]
    p.text(xs[0], 128, "Model", size=9)
    for x, label in zip(xs[1:], ("Accuracy", "Precision", "Recall")):
        p.page.insert_text((x + 8, 128), label, fontsize=9, fontname="helv", rotate=90)
    p.hline(70, 260, 132, width=0.5)
    y = 144
    for row in (["A", "1.0", "2.0", "3.0"], ["B", "4.0", "5.0", "6.0"], ["C", "7.0", "8.0", "9.0"]):
        for x, v in zip(xs, row):
            p.text(x, y, v, size=9)
        y += 11
    p.hline(70, 260, y - 6, width=0.8)
    p.text(72, y + 40, "Body text follows the table here and goes on for a while.", size=10)
    return doc.tobytes()


def test_turned_column_labels_are_the_header_not_lost():
    d = parse(pymupdf.open("pdf", _turned_header()))
    assert len(d.tables) == 1
    t = d.tables[0]
    labels = header_labels([list(r) for r in t.rows], t.header_rows, t.spans)
    assert labels == ["Model", "Accuracy", "Precision", "Recall"]
    assert all(w in d.to_markdown() for w in ("Accuracy", "Precision", "Recall"))
