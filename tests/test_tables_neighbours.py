"""What lies next to a table or looks like one (issue 37, after tables37): a body column
beside a boxed table stays prose, a flowchart's boxes joined by lines are a diagram, a
header label over a column whose marks the text layer lacks keeps its column, and a
shaded code listing is code -- on PDFs drawn here with PyMuPDF (Helvetica, points,
top-left origin)."""
from __future__ import annotations

import pymupdf

from layoutpdf.model import Role
from test_tables import Page, parse

BODY = ("The alternative tax regime will apply to you for the ten succeeding tax years "
        "following the year of your expatriation if one of the principal purposes of your "
        "action was to avoid taxes. You are considered to have tax avoidance as a principal "
        "purpose if your average annual net income tax for the last five tax years ending "
        "before the date of your action was more than the amount shown in the chart, or your "
        "net worth on the date of your action was two million dollars or more.")
YEARS = [("1997", "$106,000", "$528,000"), ("1998", "109,000", "543,000"), ("1999", "110,000", "552,000"),
         ("2000", "112,000", "562,000"), ("2001", "116,000", "580,000"), ("2002", "120,000", "599,000"),
         ("2003", "122,000", "608,000"), ("2004", "124,000", "622,000")]


def _lines(text: str, width: float, size: float) -> list[str]:
    out, line = [], ""
    for word in text.split():
        if pymupdf.get_text_length((line + " " + word).strip(), fontsize=size) > width:
            out.append(line)
            line = word
        else:
            line = (line + " " + word).strip()
    return out + [line]


def test_body_column_beside_a_boxed_table_stays_prose():
    """An instructions booklet sets a chart of years and amounts in a box beside its body
    column; the body's lines (another pitch) fall between the chart's rows, two of them in
    some rows. The chart is a table of its own columns; the body's lines (which fill their
    column's measure and go on under the chart) are no first column of it."""
    doc = pymupdf.open()
    p = Page(doc)
    p.text(42, 127, "Expatriation Before June 4,", 9, bold=True)
    p.text(42, 140, "2004", 9, bold=True)
    y = 153.0
    for line in _lines(BODY, 165, 8):
        p.text(42, y, line, 8)
        y += 10
    p.text(240, 120, "Year", 8, bold=True)
    p.text(380, 120, "Income tax", 8, bold=True)
    p.text(500, 120, "Net worth", 8, bold=True)
    for r, (year, tax, worth) in enumerate(YEARS):
        base = 138 + r * 11
        p.text(258, base, year, 8)
        p.text(416, base, tax, 8, right=True)
        p.text(558, base, worth, 8, right=True)
    d = parse(doc)
    assert len(d.tables) == 1
    rows = d.tables[0].rows
    assert [r[-3:] for r in rows if r[-1]][-8:] == [tuple(r) for r in YEARS]
    assert all(len(" ".join(r).split()) <= 4 for r in rows)
    body = " ".join(e.text for e in d.elements if e.role is Role.PARAGRAPH)
    assert "one of the principal purposes of your action was to avoid taxes" in body


def _box(p: Page, rect: tuple, x: float, base: float, lines: list[str]) -> None:
    """A flowchart box: white, outlined, over the connectors drawn before it; its lines
    from baseline `base`."""
    p.page.draw_rect(pymupdf.Rect(*rect), color=(0.65, 0.8, 0.22), fill=(1, 1, 1), width=0.5)
    for k, s in enumerate(lines):
        p.text(x, base + 9.5 * k, s, 7.5)


def test_flowchart_boxes_joined_by_lines_are_no_table():
    """A textbook's decision tree: boxes of text joined by lines drawn first and hidden
    behind the boxes (so they run through the boxes' text). Boxes side by side under one
    connector are a diagram, not the cells of a table."""
    doc = pymupdf.open()
    p = Page(doc)
    y = p.prose(72, 80, 460, 4)
    shape = p.page.new_shape()
    for path in ([(352.8, 210.7), (352.8, 233.3), (275.6, 233.3), (275.6, 317.2), (234.4, 317.2), (234.4, 352.5)],
                 [(275.6, 317.2), (318.9, 317.2), (318.9, 393.7), (257.8, 393.7), (257.8, 444.2),
                  (202.9, 444.2), (202.9, 479.7)],
                 [(257.8, 444.2), (321.2, 444.2), (321.2, 467.4)],
                 [(318.9, 393.7), (382.7, 393.7), (382.7, 419.9)],
                 [(352.8, 233.3), (432.7, 233.3), (432.7, 346.5)]):
        for a, b in zip(path, path[1:]):
            shape.draw_line(a, b)
    shape.finish(color=(0.14, 0.12, 0.13), width=0.5)
    shape.commit()
    assert y < 200
    _box(p, (318.0, 196.0, 388.0, 211.0), 330, 206, ["Basse"])
    _box(p, (242.35, 289.38, 307.05, 304.38), 257, 300, ["Mesurer UCI"])
    _box(p, (359.0, 287.0, 512.0, 301.0), 368, 297, ["Mesurer la rénine"])
    _box(p, (359.0, 320.0, 512.0, 363.0), 380, 333, ["- hyperréninisme primitif", "- hyperaldostéronisme"])
    _box(p, (185.13, 333.14, 283.62, 371.84), 203, 346, ["> 15 mmol/L", "- diurétiques en cours",
                                                         "- perte rénale de sel"])
    _box(p, (288.31, 333.14, 349.55, 359.85), 300, 344, ["< 15 mmol/L", "Mesurer UNa"])
    _box(p, (190.0, 419.9, 326.0, 444.0), 215, 430, ["> 20 mmol/L", "Mesurer le pH urinaire"])
    _box(p, (340.0, 419.9, 440.0, 452.0), 350, 430, ["< 10 mmol/L", "- contraction volémique"])
    _box(p, (170.0, 479.7, 236.0, 494.0), 185, 490, ["> 6,5"])
    _box(p, (290.0, 467.4, 352.0, 482.0), 305, 478, ["< 6,5"])
    p.prose(72, 530, 460, 4)
    d = parse(doc)
    assert d.tables == ()
    text = " ".join(e.text for e in d.elements)
    assert "diurétiques en cours" in text and "Mesurer UNa" in text


DPR = [("Random", "7", "47.0", "64.3", "77.8"), ("BM25", "7", "50.0", "63.3", "74.8"),
       ("Gold", "7", "42.6", "63.1", "78.3"), ("Gold", "31", "52.1", "70.8", "82.1"),
       ("Gold", "127", "55.8", "73.0", "83.1"), ("G.+BM25", "31+32", "65.0", "77.3", "84.4")]


def test_header_label_over_a_column_without_text_keeps_its_column():
    """A paper's booktabs table marks one column with check marks set in a symbol font the
    text layer does not read: the column under its bold label "IB" holds no text. The label
    still names a column of its own; it is not joined to the "#N" beside it."""
    doc = pymupdf.open()
    p = Page(doc)
    y = p.prose(72, 80, 460, 4) + 20
    xs = [310, 365, 405, 423, 453, 488]
    p.hline(308, 524, y, 0.9)
    for x, s in zip(xs, ("Type", "#N", "IB", "Top-5", "Top-20", "Top-100")):
        p.text(x, y + 11, s, 8, bold=True)
    p.hline(308, 524, y + 15)
    for r, row in enumerate(DPR):
        base = y + 27 + r * 11
        for x, s in zip(xs[:2] + xs[3:], row):
            p.text(x, base, s, 8)
    p.hline(308, 524, y + 27 + len(DPR) * 11 - 5, 0.9)
    p.prose(72, y + 120, 460, 4)
    d = parse(doc)
    assert len(d.tables) == 1
    rows = d.tables[0].rows
    assert rows[0] == ("Type", "#N", "IB", "Top-5", "Top-20", "Top-100")
    assert rows[1:] == tuple((a, b, "", c, e, f) for a, b, c, e, f in DPR)


CODE = ["public class Example implements LoremIpsum {",
        "    public static void main(String[] args) {",
        "        if(args.length < 2) {",
        '            System.out.println("Lorem ipsum dolor sit amet");',
        "        }",
        "    } // Obscura atque coniuge, per de coniunx",
        "}"]


def test_shaded_code_listing_with_line_numbers_is_no_table():
    """A listing as a document converter draws it: each line on its own shaded strip (a
    gutter box, the code box and a right margin box of one colour, touching), outlined
    left and right, line numbers in the text face and the code in a monospaced one. The
    numbers and the indentation are no columns: the listing is code."""
    doc = pymupdf.open()
    p = Page(doc)
    y = p.prose(72, 80, 460, 4) + 20
    grey, edge = (0.97, 0.97, 0.97), (0.7, 0.7, 0.7)
    p.page.draw_rect(pymupdf.Rect(70.6, y, 526.7, y + 2.3), color=None, fill=grey)
    p.hline(70.6, 526.7, y + 0.2)
    for k, line in enumerate(CODE):
        top = y + 2.3 + 12 * k
        for x0, x1 in ((71.0, 72.9), (72.9, 524.4), (524.4, 526.3)):
            p.page.draw_rect(pymupdf.Rect(x0, top, x1, top + 12), color=None, fill=grey)
        p.page.draw_line((70.8, top), (70.8, top + 12), color=edge, width=0.4)
        p.page.draw_line((526.5, top), (526.5, top + 12), color=edge, width=0.4)
        p.page.insert_text((83, top + 9), str(k + 1), fontsize=8, fontname="helv")
        p.page.insert_text((97.8, top + 9), line, fontsize=10, fontname="cour")
    bottom = y + 2.3 + 12 * len(CODE)
    p.page.draw_rect(pymupdf.Rect(70.6, bottom, 526.7, bottom + 2.3), color=None, fill=grey)
    p.hline(70.6, 526.7, bottom + 2.1)
    p.prose(72, bottom + 30, 460, 4)
    d = parse(doc)
    assert d.tables == ()
    code = " ".join(e.text for e in d.elements if e.role is Role.CODE)
    assert "System.out.println" in code
