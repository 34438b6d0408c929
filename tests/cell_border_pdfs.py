"""Generated tables ruled cell by cell, as EDGAR's HTML-to-PDF converters print a filing's
tables (PyMuPDF only; issue 39 B): every cell of a ruled row draws its own piece of the
rule, with the cell spacing left open between the pieces, so that a row's rule is a row
of short collinear strokes, one per cell. Used by `test_cell_borders.py`."""
from __future__ import annotations

import pymupdf

SIZE = 7.0
LABEL = (18.0, 177.0)                       # the product cell
TEXT = (182.0, 394.0)                       # the description cell
AMOUNTS = ((400.0, 441.0), (447.0, 488.0), (493.0, 535.0), (541.0, 583.0))
PITCH = 11.0
# (label, description lines, amounts, total row): a total row is ruled above and below
PRODUCTS = [
    ("TOTAL REVENUES", (), ("$ 12,734", "$ 27,742", "$ 31,015", "$ 53,402"), True),
    ("Primary Care", (), ("$ 5,810", "$ 20,979", "$ 17,315", "$ 39,830"), True),
    ("Comirnaty direct sales", ("Active immunization to prevent COVID-19",), ("1,488", "8,848", "4,552", "22,075"), False),
    ("Paxlovid", ("COVID-19 in certain high-risk patients",), ("143", "8,115", "4,212", "9,585"), False),
    ("Eliquis alliance revenues", ("Nonvalvular atrial fibrillation, deep vein thrombosis,",
                                   "pulmonary embolism"), ("1,762", "1,745", "3,636", "3,537"), False),
    ("Prevnar family", ("Active immunization to prevent pneumonia",), ("1,388", "1,429", "2,981", "2,994"), False),
    ("Premarin family", ("Symptoms of menopause",), ("95", "115", "207", "217"), False),
    ("Nimenrix", ("Active immunization against meningococcal disease",), ("38", "65", "78", "142"), False),
    ("Specialty Care", (), ("$ 3,653", "$ 3,358", "$ 7,264", "$ 6,863"), True),
    ("Vyndaqel family", ("ATTR-CM and polyneuropathy",), ("782", "552", "1,468", "1,164"), False),
    ("Sulperazon", ("Bacterial infections",), ("177", "210", "497", "420"), False),
    ("Genotropin", ("Replacement of human growth hormone",), ("74", "91", "222", "171"), False),
    ("Somavert", ("Acromegaly",), ("65", "64", "131", "132"), False),
]


def _cells_rule(page: pymupdf.Page, y: float, cells) -> None:
    """One row's rule: a stroke under each cell, the cell spacing between them open."""
    for a, b in cells:
        page.draw_line((a, y), (b, y), width=0.5)


def _right(page: pymupdf.Page, x1: float, y: float, text: str, font: str = "tiro") -> None:
    page.insert_text((x1 - pymupdf.get_text_length(text, fontname=font, fontsize=SIZE), y), text,
                     fontname=font, fontsize=SIZE)


def _centred(page: pymupdf.Page, a: float, b: float, y: float, text: str, font: str = "tiro") -> None:
    w = pymupdf.get_text_length(text, fontname=font, fontsize=SIZE)
    page.insert_text(((a + b - w) / 2, y), text, fontname=font, fontsize=SIZE)


def product_revenues_pdf() -> bytes:
    """A 10-Q note's product table: product, its indication (some wrapped onto two lines,
    the amounts set on the last), and four amount columns under a two-level period header;
    every rule drawn cell by cell (the header's underlines, the rules above and below each
    total row), only the table's top rule one stroke across the measure."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((18, 60), "Significant Product Revenues", fontname="tibo", fontsize=9)
    page.insert_text((18, 78), "The following provides detailed revenue information for several of our major products:",
                     fontname="tiro", fontsize=9)
    top = 84.0
    page.draw_line((18, top), (583, top), width=0.5)
    y = top + 9
    page.insert_text((19, y), "(MILLIONS)", fontname="tiro", fontsize=SIZE)
    _centred(page, AMOUNTS[0][0], AMOUNTS[1][1], y, "Three Months Ended")
    _centred(page, AMOUNTS[2][0], AMOUNTS[3][1], y, "Six Months Ended")
    _cells_rule(page, y + 2, (LABEL, TEXT, (AMOUNTS[0][0], AMOUNTS[1][1]), (AMOUNTS[2][0], AMOUNTS[3][1])))
    for (a, b), date in zip(AMOUNTS, ("July 2,", "July 3,", "July 2,", "July 3,")):
        _right(page, b - 1, y + 10, date)
        _right(page, b - 1, y + 18, "2023" if date == "July 2," else "2022")
    page.insert_text((19, y + 18), "PRODUCT", fontname="tibo", fontsize=SIZE)
    page.insert_text((TEXT[0] + 1, y + 18), "PRIMARY INDICATION OR CLASS", fontname="tibo", fontsize=SIZE)
    y += 20
    _cells_rule(page, y, (LABEL, TEXT) + AMOUNTS)
    for label, text, amounts, total in PRODUCTS:
        y += PITCH
        if total:
            _cells_rule(page, y - PITCH + 2, ((LABEL[0], TEXT[1]),) + AMOUNTS)
        for k, line in enumerate(text):
            page.insert_text((TEXT[0] + 1, y + k * (PITCH - 2)), line, fontname="tiro", fontsize=SIZE)
        y += (PITCH - 2) * max(0, len(text) - 1)       # the amounts on the description's last line
        page.insert_text((19 + (0 if total else 6), y - (PITCH - 2) * max(0, len(text) - 1)), label,
                         fontname="tibo" if total else "tiro", fontsize=SIZE)
        for (a, b), v in zip(AMOUNTS, amounts):
            if v.startswith("$ "):
                page.insert_text((a + 1, y), "$", fontname="tiro", fontsize=SIZE)
                v = v[2:]
            _right(page, b - 1, y, v)
        if total:
            _cells_rule(page, y + 2, ((LABEL[0], TEXT[1]),) + AMOUNTS)
    page.insert_text((18, y + 30), "The table above presents revenues for each of our major products by period.",
                     fontname="tiro", fontsize=9)
    page.insert_text((300, 760), "36", fontname="tiro", fontsize=9)
    return doc.tobytes()


# -- the last row, under the last rule, its indication wrapped over three lines ---------------
LAST_ROW = ("Zirabev", ("Treatment of mCRC; unresectable, locally advanced,",
                        "recurrent or metastatic NSCLC; recurrent glioblastoma;",
                        "and persistent or metastatic cervical cancer"), ("106", "138", "235", "286"))


def wrapped_last_row_pdf() -> bytes:
    """The product table's first rows, every rule drawn cell by cell, and under the last
    rule one more product whose indication wraps over three lines, its amounts on the
    last: the table's closing row, aligned to the bottom."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 84.0
    page.draw_line((18, y), (583, y), width=0.5)
    page.insert_text((19, y + 9), "(MILLIONS)", fontname="tiro", fontsize=SIZE)
    for (a, b), year in zip(AMOUNTS, ("2023", "2022", "2023", "2022")):
        _right(page, b - 1, y + 9, year)
    y += 11
    _cells_rule(page, y, (LABEL, TEXT) + AMOUNTS)
    for label, text, amounts, _ in PRODUCTS[2:8]:
        if len(text) != 1:
            continue
        y += PITCH
        page.insert_text((19, y), label, fontname="tiro", fontsize=SIZE)
        page.insert_text((TEXT[0] + 1, y), text[0], fontname="tiro", fontsize=SIZE)
        for (a, b), v in zip(AMOUNTS, amounts):
            _right(page, b - 1, y, v)
        _cells_rule(page, y + 2, (LABEL, TEXT) + AMOUNTS)
    label, text, amounts = LAST_ROW
    y += PITCH
    page.insert_text((19, y), label, fontname="tiro", fontsize=SIZE)
    for k, line in enumerate(text):
        page.insert_text((TEXT[0] + 1, y + k * (PITCH - 2)), line, fontname="tiro", fontsize=SIZE)
    y += (PITCH - 2) * (len(text) - 1)
    for (a, b), v in zip(AMOUNTS, amounts):
        _right(page, b - 1, y, v)
    page.insert_text((18, y + 30), "(a) Revenues of each product are reported by region in Note 13.", fontname="tiro",
                     fontsize=9)
    return doc.tobytes()


# -- two tables ruled across the measure, one sentence between them ---------------------------
MEASURE = (36.0, 576.0)
PLAN_ROWS = [("Net actuarial loss", ("(2,136.6)", "(1,961.6)")), ("Prior service costs", ("(6.0)", "(5.9)")),
             ("Amounts recorded in accumulated other comprehensive loss", ("(2,142.6)", "(1,967.5)"))]
COST_ROWS = [("Service cost", ("92.7", "94.6")), ("Interest cost", ("230.5", "248.0")),
             ("Expected return on plan assets", ("(449.9)", "(445.8)")), ("Net expense", ("(19.1)", "8.4"))]
BETWEEN = ("Plans with accumulated benefit obligations in excess of plan assets as of May 31, 2020 and "
           "May 26, 2019 are as follows:")
PARAGRAPH = ("The decrease in the net actuarial loss in fiscal 2020 was primarily driven by lower discount rates on the pension plans",
             "of our operations in the United States and in Canada and by the currency rates.")


def _ruled_table(page: pymupdf.Page, y: float, rows, size: float = 10.0) -> float:
    """A table ruled across the measure under its header, over its last row and under it
    (no rule above the header), as a word processor or converter rules it, set in the
    page's text size. Returns the y of its bottom rule."""
    a, b = MEASURE
    for x1, year in ((470.0, "2020"), (570.0, "2019")):
        w = pymupdf.get_text_length(year, fontname="tibo", fontsize=size)
        page.insert_text((x1 - w, y), year, fontname="tibo", fontsize=size)
    page.insert_text((a, y), "In Millions", fontname="tibo", fontsize=size)
    page.draw_line((a, y + 3), (b, y + 3), width=0.5)
    for k, (label, amounts) in enumerate(rows):
        y += 1.2 * size
        if k == len(rows) - 1:
            page.draw_line((a, y - 1.2 * size + 3), (b, y - 1.2 * size + 3), width=0.5)
        page.insert_text((a, y), label, fontname="tiro", fontsize=size)
        for x1, v in zip((470.0, 570.0), amounts):
            w = pymupdf.get_text_length(v, fontname="tiro", fontsize=size)
            page.insert_text((x1 - w, y), v, fontname="tiro", fontsize=size)
    page.draw_line((a, y + 3), (b, y + 3), width=0.5)
    return y + 3


def tables_between_sentence_pdf(paragraph: bool = False) -> bytes:
    """Two tables, each ruled across the measure under its header and under its last row,
    one under the other, with a sentence set across the measure between them that leads
    into the second (`paragraph`: a paragraph of two lines instead, its last line short)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((36, 60), "Amounts recognized in accumulated other comprehensive loss are as follows:",
                     fontname="tiro", fontsize=10)
    y = _ruled_table(page, 84.0, PLAN_ROWS)
    for k, line in enumerate(PARAGRAPH if paragraph else (BETWEEN,)):
        page.insert_text((36, y + 18 + k * 12), line, fontname="tiro", fontsize=10)
    _ruled_table(page, y + 46, COST_ROWS)
    return doc.tobytes()


# -- a sentence that introduces a table, and the text after the table ------------------------
INTRO = ("Total Short-Term and Long-Term Investments",
         "The following summarizes our investments by classification type, as of each date:")
AFTER = "Our investment portfolio consists of investment-grade debt securities of governments."


def colon_intro_pdf() -> bytes:
    """Two lines (a label, then a longer sentence ending in a colon) right above a ruled
    table, and a paragraph under the table: the text after the table is not the rest of
    the sentence that introduces it."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for k, line in enumerate(INTRO):
        page.insert_text((36, 70 + 12 * k), line, fontname="tiro", fontsize=10)
    y = _ruled_table(page, 104.0, PLAN_ROWS)
    page.insert_text((36, y + 20), AFTER, fontname="tiro", fontsize=10)
    return doc.tobytes()


# -- a group label centred over its columns, sitting in a middle one ---------------------------
GROUPS = (("Before Perturb", ("dev", "test", "simple", "complex", "small")),
          ("After Perturb", ("test", "simple", "complex", "small")))
SCORES = (("Eisenschlos et al.", ("81.0", "81.0", "92.3", "75.6", "83.9", "70.2", "71.5", "60.1", "66.3")),
          ("Yin et al.", ("80.4", "81.4", "90.1", "74.2", "82.7", "69.9", "70.8", "59.4", "65.0")),
          ("Ours", ("82.3", "82.1", "93.0", "76.8", "84.4", "80.5", "90.2", "72.3", "81.1")))


def centred_groups_pdf() -> bytes:
    """A results table ruled top, under the header and at the bottom (booktabs, no
    cmidrule): each period label centred over its group of columns, so that it sits over
    a middle one, a vertical rule between the groups."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    x, cols = 190.0, []
    for k, (_, labels) in enumerate(GROUPS):
        cols.append([])
        for _ in labels:
            cols[-1].append((x, x + 42.0))
            x += 42.0
        x += 8.0
    size, y = 9.0, 80.0
    page.draw_line((70, y), (x, y), width=0.8)
    for (label, labels), group in zip(GROUPS, cols):
        _centred_sized(page, group[0][0], group[-1][1], y + 11, label, size)
        for (a, b), lab in zip(group, labels):
            _centred_sized(page, a, b, y + 23, lab, size, font="tiro")
    rule_x = cols[0][-1][1] + 4.0
    page.draw_line((rule_x, y + 2), (rule_x, y + 62), width=0.5)
    page.draw_line((70, y + 27), (x, y + 27), width=0.5)
    for k, (name, values) in enumerate(SCORES):
        yy = y + 39 + 11 * k
        page.insert_text((72, yy), name, fontname="tiro", fontsize=size)
        for (a, b), v in zip([c for g in cols for c in g], values):
            _centred_sized(page, a, b, yy, v, size, font="tiro")
    page.draw_line((70, y + 64), (x, y + 64), width=0.8)
    page.insert_text((72, y + 84), "Table 3: Accuracy before and after perturbing the order of rows.",
                     fontname="tiro", fontsize=size)
    return doc.tobytes()


def _centred_sized(page, a: float, b: float, y: float, text: str, size: float, font: str = "tibo") -> None:
    w = pymupdf.get_text_length(text, fontname=font, fontsize=size)
    page.insert_text(((a + b - w) / 2, y), text, fontname=font, fontsize=size)


# -- a double rule under a header (LaTeX's \hline\hline) -------------------------------------
STATS = (("Age", ("50.8", "15.9", "21", "90")), ("Men", ("0.47", "0.50", "0", "1")),
         ("East", ("0.28", "0.45", "0", "1")), ("Rural", ("0.15", "0.36", "0", "1")),
         ("Employed", ("0.55", "0.50", "0", "1")), ("Household size", ("2.43", "1.22", "1", "9")))


def double_rule_header_pdf() -> bytes:
    """A summary-statistics table ruled as an economics paper rules it: a rule on top, a
    double rule under the header, a rule under each group of variables, a double rule at
    the bottom."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((76, 80), "Table C1: Summary Statistics", fontname="tibo", fontsize=10)
    y = 90.0
    page.draw_line((76, y), (520, y), width=0.5)
    xs = (300.0, 360.0, 420.0, 480.0)
    page.insert_text((80, y + 10), "Variable", fontname="tiro", fontsize=10)
    for x, head in zip(xs, ("Mean", "Std. Dev.", "Min", "Max")):
        page.insert_text((x, y + 10), head, fontname="tiro", fontsize=10)
    page.draw_line((76, y + 13), (520, y + 13), width=0.5)
    page.draw_line((76, y + 15.4), (520, y + 15.4), width=0.5)
    y += 15.4
    for label, values in STATS:
        y += 12
        page.insert_text((80, y), label, fontname="tiro", fontsize=10)
        for x, v in zip(xs, values):
            page.insert_text((x, y), v, fontname="tiro", fontsize=10)
        if label in ("Rural", "Employed"):      # a rule under each group of variables
            page.draw_line((76, y + 3), (520, y + 3), width=0.5)
    page.draw_line((76, y + 3), (520, y + 3), width=0.5)
    page.draw_line((76, y + 5.4), (520, y + 5.4), width=0.5)
    page.insert_text((76, y + 20), "Source: a survey of households, weighted data.", fontname="tiro", fontsize=10)
    return doc.tobytes()


# -- two ruled tables one right under the other, each with its header ------------------------
TOPICS = ((("Air passengers rights", "1,204"), ("Consumer protection", "988"), ("Free movement of persons", "876")),
          (("Treaty reform", "654"), ("Environment", "512"), ("Public health", "433")))


def stacked_ruled_tables_pdf() -> bytes:
    """Two tables ruled all round, a vertical rule between their columns, set a few points
    apart, each under its own header ("Topic | Enquiries"): two tables."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 80.0
    for rows in TOPICS:
        top = y
        page.draw_line((60, y), (360, y), width=0.5)
        page.insert_text((64, y + 10), "Topic", fontname="tibo", fontsize=10)
        page.insert_text((300, y + 10), "Enquiries", fontname="tibo", fontsize=10)
        y += 13
        page.draw_line((60, y), (360, y), width=0.5)
        for label, n in rows:
            y += 12
            page.insert_text((64, y), label, fontname="tiro", fontsize=10)
            page.insert_text((300, y), n, fontname="tiro", fontsize=10)
        y += 3
        page.draw_line((60, y), (360, y), width=0.5)
        page.draw_line((290, top), (290, y), width=0.5)
        y += 12
    return doc.tobytes()


if __name__ == "__main__":                  # write the fixtures to look at them
    import sys
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    for name, data in (("product_revenues", product_revenues_pdf()),
                       ("tables_between_sentence", tables_between_sentence_pdf()),
                       ("tables_between_paragraph", tables_between_sentence_pdf(paragraph=True)),
                       ("centred_groups", centred_groups_pdf()), ("colon_intro", colon_intro_pdf()),
                       ("double_rule_header", double_rule_header_pdf())):
        with open(f"{out}/{name}.pdf", "wb") as fh:
            fh.write(data)
