"""Tables only where there are tables (issue 37): prose set in narrow columns of a shaded
sidebar, a report's page foot (last body lines, notes, footer) drawn over background art,
and zebra-shaded rows are no ruled grid; a statement's centred bold years and its blocks
parted by blank rows -- on PDFs drawn here with PyMuPDF (Helvetica, points, top-left
origin)."""
from __future__ import annotations

import pymupdf

from layoutpdf.model import Role
from test_tables import Page, parse

# long words, as a German magazine sets them: few words fit a narrow column's line
SIDEBAR = ("Die Forschungsergebnisse der Arbeitsgruppe zeigen eindeutig, dass Wechselwirkungen "
           "zwischen Klimaveränderungen und Bodenbeschaffenheit bisher unterschätzt wurden. "
           "Insbesondere Niederschlagsmengen beeinflussen Nährstoffkreisläufe nachhaltig. "
           "Langzeitbeobachtungen verschiedener Versuchsflächen bestätigen diese Vermutung "
           "überzeugend, obwohl Messungenauigkeiten gelegentlich auftraten. ") * 4


def _column(p: Page, x: float, y: float, width: float, lines: int, words: list[str],
            start: int, size: float = 7.5, hyphenate: bool = True) -> int:
    """Prose set in a narrow column, a long word broken with a hyphen at the line end when
    it does not fit (or ragged right, unbroken); returns the index of the next word."""
    k = start
    for _ in range(lines):
        line = ""
        while pymupdf.get_text_length((line + " " + words[k]).strip(), fontsize=size) < width:
            line = (line + " " + words[k]).strip()
            k = (k + 1) % len(words)
        rest = width - pymupdf.get_text_length(line + " ", fontsize=size)
        word = words[k]
        cut = max((i for i in range(3, len(word) - 2)
                   if pymupdf.get_text_length(word[:i] + "-", fontsize=size) < rest), default=0)
        if cut and hyphenate:                   # hyphenate the next word
            line += " " + word[:cut] + "-"
            words[k] = word[cut:]           # the rest opens the next line
        p.text(x, y, line, size)
        y += size * 1.25
    return k


def test_shaded_three_column_sidebar_is_no_table():
    """A magazine's box: a shaded panel holding three narrow columns of running text (lines
    that fill the column, hyphenated, flowing into each other). Their baselines line up,
    but the cells are sentences cut at line ends: not a table."""
    doc = pymupdf.open()
    p = Page(doc)
    y = p.prose(72, 80, 460, 8)
    top = y + 20
    p.page.draw_rect(pymupdf.Rect(60, top, 552, top + 190), color=None, fill=(0.9, 0.92, 0.95))
    p.text(72, top + 18, "Im Fokus: Boden und Klima", 11, bold=True)
    k, words = 0, SIDEBAR.split()
    for c in range(3):
        k = _column(p, 72 + c * 160, top + 38, 140, 12, words, k)
    p.prose(72, top + 220, 460, 6)
    d = parse(doc)
    assert d.tables == ()
    body = " ".join(e.text for e in d.elements if e.role is Role.PARAGRAPH)
    assert "Wechselwirkungen" in body


def test_ruled_three_column_sidebar_is_no_table():
    """The same box drawn with a rule above and below it (no shading), set ragged right: the
    rules bound the box, and its three columns of running text are still prose, not a
    booktabs table."""
    doc = pymupdf.open()
    p = Page(doc)
    y = p.prose(72, 80, 460, 8)
    top = y + 20
    p.hline(66, 546, top, 1.0)
    p.text(72, top + 16, "Im Fokus: Boden und Klima", 11, bold=True)
    k, words = 0, SIDEBAR.split()
    for c in range(3):
        k = _column(p, 72 + c * 160, top + 34, 140, 11, words, k, hyphenate=False)
    p.hline(66, 546, top + 150, 1.0)
    p.prose(72, top + 180, 460, 6)
    d = parse(doc)
    assert d.tables == ()
    assert not any(e.role is Role.TABLE for e in d.elements)
    # the debug report says why the ruled region stayed prose
    why = [r for e in d.elements if "Wechselwirkungen" in e.text for r in e.reasons]
    assert any(r.startswith("not a table: its 3 columns are running text") for r in why)


def _gao_foot(p: Page) -> None:
    """A report's page: two columns of body text, the last lines of the left column, notes
    in small type under them, a rule across the page and the footer; stroked background
    art (a large pale outline) runs behind the text at the foot."""
    p.prose(36, 60, 250, 50)
    p.prose(320, 60, 250, 40)
    for y, note in ((712, "1 Office of the Auditor, Strategy Review: Clarity of Leadership Needed, "
                          "OA-20-629 (Washington, D.C.: Sept. 22, 2020)."),
                    (720, "2 National Defense Authorization Act for Fiscal Year 2021, Pub. L. "
                          "No. 116-283, section 1752(a)."),
                    (728, "3 The White House, National Strategy (Washington, D.C.: Mar. 1, 2023).")):
        p.text(36, y, note, 5.5)
    # the background art: a thick pale outline whose sides run down through the text
    shape = p.page.new_shape()
    shape.draw_polyline([(110, 520), (110, 830), (230, 830), (230, 520)])
    shape.finish(color=(0.8, 0.8, 0.8), width=4.5, closePath=False)
    shape.commit(overlay=False)
    p.page.draw_line((24, 750), (590, 750), color=(0.0, 0.3, 0.6), width=2)
    p.text(18, 764, "Page 1", 6)
    p.text(440, 764, "OA-23-106826 | National Strategy", 6)


def test_page_foot_over_background_art_is_no_table():
    """Rules that run through words are drawn behind the text, not around cells: the page
    foot they cross (body lines, notes, footer) is no ruled table, and the notes stay
    notes (issue 37: a report's page-1 notes read into a table)."""
    doc = pymupdf.open()
    _gao_foot(Page(doc))
    d = parse(doc)
    assert d.tables == ()
    assert not any(e.role is Role.TABLE for e in d.elements)
    assert not any("Page 1" in e.text for e in d.elements if e.layer.name == "BODY")


STATEMENT = [["(Dollars in millions)", "2021", "2020", "2019"],
             ["Total operating revenues", "3,930", "3,777", "3,610"],
             ["Operating revenues, market-based", "563", "540", "539"],
             ["Operating revenues, other", "(17)", "(18)", "(23)"],
             ["Regulated operating revenues", "3,384", "3,255", "3,094"],
             ["Purchased water revenues", "153", "149", "135"],
             ["Adjusted operating revenues", "3,231", "3,106", "2,959"],
             ["Efficiency ratio", "34.1 %", "34.3 %", "34.5 %"]]


def test_zebra_shaded_rows_are_backgrounds_not_a_grid():
    """A filing's table shades every other row, each stripe drawn as one filled box per
    cell with narrow boxes in the padding between the cells (as a word processor exports
    it), a ratio's % sign set in the padding. The stripes are backgrounds: their edges are
    no cell borders, so no column is made of the padding; the run of stripes bounds the
    table and its columns are read from the text."""
    doc = pymupdf.open()
    p = Page(doc)
    y = p.prose(40, 80, 520, 4) + 20
    cells = [(40, 300), (300, 306), (306, 380), (380, 386), (386, 460), (460, 466), (466, 540),
             (540, 546)]
    for r, row in enumerate(STATEMENT):
        fill = (0.8, 0.93, 1.0) if r % 2 else (1.0, 1.0, 1.0)
        for x0, x1 in cells:
            p.page.draw_rect(pymupdf.Rect(x0, y, x1, y + 10), color=None, fill=fill, width=0)
        p.text(42, y + 8, row[0], 8, bold=r == 0)
        for c, cell in enumerate(row[1:]):
            amount, _, sign = cell.partition(" ")
            p.text(cells[2 + 2 * c][1] - 2, y + 8, amount, 8, bold=r == 0, right=True)
            if sign:                            # the % set in the padding after the cell
                p.text(cells[2 + 2 * c][1] + 0.5, y + 8, sign, 8)
        y += 10
    p.prose(40, y + 30, 520, 4)
    d = parse(doc)
    assert [t.rows for t in d.tables] == [tuple(tuple(r) for r in STATEMENT)]
    assert not any("vertical rules" in r for r in d.tables[0].reasons)


def test_bold_years_centred_over_sign_and_amount_make_no_columns():
    """A filing's borderless statement sets the `$` apart at the left of the amount cell
    and centres the bold year over the sign and the amount: the year heads the amount's
    column; it is no column of its own between the two."""
    doc = pymupdf.open()
    p = Page(doc)
    y = p.prose(40, 80, 520, 4) + 24
    amounts = [(300, 380), (400, 480), (500, 580)]          # sign at x0, amount right at x1
    p.text(42, y, STATEMENT[0][0], 8, bold=True)
    for (x0, x1), year in zip(amounts, STATEMENT[0][1:]):
        p.text((x0 + x1) / 2 - pymupdf.get_text_length(year, "hebo", 8) / 2, y, year, 8, bold=True)
    for r, row in enumerate(STATEMENT[1:-1]):
        y += 11
        p.text(42, y, row[0], 8)
        for (x0, x1), cell in zip(amounts, row[1:]):
            if r in (0, 5):
                p.text(x0, y, "$", 8)
            p.text(x1, y, cell, 8, right=True)
    p.prose(40, y + 30, 520, 4)
    d = parse(doc)
    rows = [list(r) for r in STATEMENT[:-1]]
    for r in (1, 6):
        rows[r] = [rows[r][0]] + ["$ " + c for c in rows[r][1:]]
    assert [t.rows for t in d.tables] == [tuple(map(tuple, rows))]


def test_statement_blocks_after_a_blank_row_are_one_table():
    """A statement's two blocks (expenses, then revenues) with blank rows between them
    (a blank stripe) and labels of other lengths: the amount columns are the same, so it is one table,
    not two tables (nor a figure of the stripes between)."""
    doc = pymupdf.open()
    p = Page(doc)
    y = p.prose(40, 80, 520, 4) + 24
    first = [["Total operation and maintenance expenses", "1,777", "1,622", "1,544"],
             ["Operation and maintenance expenses, market-based", "482", "389", "393"],
             ["Operation and maintenance expenses, regulated", "1,325", "1,258", "1,182"]]
    rows = [STATEMENT[0]] + first + STATEMENT[1:4]
    p.text(42, y, rows[0][0], 8, bold=True)
    for x, cell in zip((380, 480, 580), rows[0][1:]):
        p.text(x, y, cell, 8, bold=True, right=True)
    for r, row in enumerate(rows[1:]):
        y += 11 + (22 if r == len(first) else 0)           # two blank rows between the blocks
        p.text(42, y, row[0], 8)
        for x, cell in zip((380, 480, 580), row[1:]):
            p.text(x, y, cell, 8, right=True)
    p.prose(40, y + 30, 520, 4)
    d = parse(doc)
    assert [t.rows for t in d.tables] == [tuple(map(tuple, rows))]
