"""Tables: detection, structure, captions, notes, continued tables, Markdown — on PDFs drawn
here with PyMuPDF (Helvetica, points, top-left origin)."""
from __future__ import annotations

import pymupdf
import pytest

import layoutpdf
from layoutpdf.model import Role

PROSE = ("The quick survey of the field shows that most methods agree on the basic steps "
         "while they differ in how they weigh the evidence collected along the way and in "
         "how much time they spend on each of the stages before reporting a final answer "
         "to the user who asked the question in the first place. ") * 3


class Page:
    """A thin drawing helper over a PyMuPDF page."""

    def __init__(self, doc: pymupdf.Document, width: float = 612, height: float = 792):
        self.page = doc.new_page(width=width, height=height)

    def text(self, x: float, y: float, s: str, size: float = 10, bold: bool = False,
             right: bool = False) -> None:
        font = "hebo" if bold else "helv"
        if right:
            x -= pymupdf.get_text_length(s, fontname=font, fontsize=size)
        self.page.insert_text((x, y), s, fontsize=size, fontname=font)

    def hline(self, x0: float, x1: float, y: float, width: float = 0.5) -> None:
        self.page.draw_line((x0, y), (x1, y), width=width)

    def vline(self, x: float, y0: float, y1: float) -> None:
        self.page.draw_line((x, y0), (x, y1), width=0.5)

    def prose(self, x: float, y: float, width: float, lines: int, size: float = 10) -> float:
        """Justified-looking prose lines; returns the baseline after the last one."""
        words = PROSE.split()
        k = 0
        for _ in range(lines):
            line = ""
            while k < len(words) and pymupdf.get_text_length(line + " " + words[k], fontsize=size) < width:
                line = (line + " " + words[k]).strip()
                k = (k + 1) % len(words)
            self.text(x, y, line, size)
            y += size * 1.2
        return y


def parse(doc: pymupdf.Document):
    return layoutpdf.parse(doc.tobytes())


def grid(p: Page, x: list[float], top: float, rows: list[list[str]], pitch: float = 16,
         bold_header: bool = True, verticals: bool = True) -> float:
    """A fully ruled table; numbers right-aligned in their cells. Returns its bottom."""
    y = top
    p.hline(x[0], x[-1], y)
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            numeric = cell.replace(".", "").isdigit()
            if numeric:
                p.text(x[c + 1] - 4, y + 11.5, cell, bold=bold_header and r == 0, right=True)
            else:
                p.text(x[c] + 4, y + 11.5, cell, bold=bold_header and r == 0)
        if verticals:
            for xv in x:
                p.vline(xv, y, y + pitch)
        y += pitch
        p.hline(x[0], x[-1], y)
    return y


RULED = [["Method", "Time", "Score"], ["Fast", "1.2", "a|b"], ["Careful", "14.8", "0.91"],
         ["Hybrid", "3.5", "0.88"]]


def test_ruled_table_with_caption_note_and_pipe():
    doc = pymupdf.open()
    p = Page(doc)
    y = p.prose(72, 80, 460, 5)
    p.text(150, y + 10, "Table 1: Results of the three methods.")
    bottom = grid(p, [150, 260, 350, 460], y + 20, RULED)
    p.text(150, bottom + 12, "a Measured on one core.", size=8)
    p.prose(72, bottom + 40, 460, 5)
    d = parse(doc)
    assert len(d.tables) == 1
    t = d.tables[0]
    assert t.rows == tuple(tuple(r) for r in RULED)
    assert t.header_rows == 1
    assert t.label == "Table 1"
    assert t.caption == "Table 1: Results of the three methods."
    assert t.footnotes == ("a Measured on one core.",)
    md = d.to_markdown()
    assert ("Table 1: Results of the three methods.\n\n"
            "| Method | Time | Score |\n|---|---|---|\n| Fast | 1.2 | a\\|b |\n"
            "| Careful | 14.8 | 0.91 |\n| Hybrid | 3.5 | 0.88 |\n\n"
            "a Measured on one core.") in md
    prose = " ".join(e.text for e in d.elements if e.role is Role.PARAGRAPH)
    for cell in ("Careful", "14.8", "Measured"):
        assert cell not in prose
    units = [u for u in layoutpdf.render.markdown.render_units(d) if u.table_ids]
    assert len(units) == 1 and units[0].table_ids == (t.id,)


def test_booktabs_table():
    doc = pymupdf.open()
    p = Page(doc)
    y = p.prose(72, 80, 460, 4)
    top = y + 20
    rows = [["Approach", "Latency", "Size"], ["Radix sort", "963", "103"],
            ["Hash join", "40.7", "0.907"], ["Treap", "30.4", "98.2"]]
    p.hline(160, 420, top, 1.0)
    yy = top
    for r, row in enumerate(rows):
        yy += 15
        p.text(165, yy - 4, row[0])
        p.text(330, yy - 4, row[1], right=True)
        p.text(415, yy - 4, row[2], right=True)
        if r == 0:
            p.hline(160, 420, yy, 0.6)
    p.hline(160, 420, yy + 3, 1.0)
    p.prose(72, yy + 30, 460, 4)
    d = parse(doc)
    assert [t.rows for t in d.tables] == [tuple(tuple(r) for r in rows)]
    assert d.tables[0].header_rows == 1
    assert "rows above the header rule" in d.pages[0].table_candidates[0].reasons


def test_borderless_aligned_table():
    doc = pymupdf.open()
    p = Page(doc)
    y = p.prose(72, 80, 460, 4)
    rows = [["Country", "2019", "2020", "2021"], ["Austria", "1.5", "-6.7", "4.6"],
            ["Belgium", "2.1", "-5.7", "6.1"], ["Croatia", "3.5", "-8.5", "13.1"],
            ["Denmark", "2.1", "-2.0", "4.9"]]
    y += 14
    for row in rows:
        p.text(120, y, row[0])
        for c, cell in enumerate(row[1:]):
            p.text(300 + 70 * c, y, cell, right=True)
        y += 13
    p.prose(72, y + 16, 460, 4)
    d = parse(doc)
    assert [t.rows for t in d.tables] == [tuple(tuple(r) for r in rows)]
    assert d.pages[0].table_candidates[0].strategy == "text"
    assert "| Austria | 1.5 | -6.7 | 4.6 |" in d.to_markdown()


def test_two_column_prose_is_not_a_table():
    doc = pymupdf.open()
    p = Page(doc)
    p.prose(72, 80, 220, 45)
    p.prose(320, 80, 220, 45)
    p.hline(72, 200, 700)                  # a footnote rule
    p.text(72, 712, "1 A footnote under the rule.", size=8)
    d = parse(doc)
    assert d.tables == ()
    assert all(not p.table_candidates for p in d.pages)


def test_table_continued_on_next_page():
    doc = pymupdf.open()
    header = ["Year", "Sales", "Cost"]
    first = [["2001", "10.5", "3.2"], ["2002", "11.0", "3.9"], ["2003", "12.5", "4.1"]]
    second = [["2004", "13.0", "4.4"], ["2005", "14.5", "4.8"]]
    p1 = Page(doc)
    y = p1.prose(72, 80, 460, 38)
    p1.text(150, y + 6, "Table 2: Sales by year.")
    grid(p1, [150, 260, 350, 460], y + 14, [header] + first)
    p2 = Page(doc)
    bottom = grid(p2, [150, 260, 350, 460], 72, [header] + second)
    p2.prose(72, bottom + 30, 460, 6)
    d = parse(doc)
    # one region per page, linked by id; the first piece holds every row
    assert [(x.page, x.continued) for x in d.tables] == [(0, True), (1, True)]
    t, rest = d.tables
    assert t.rows == tuple(tuple(r) for r in [header] + first + second)
    assert rest.rows == () and f"continues table {t.id}" in rest.reasons
    assert rest.bbox.y0 >= 70 and rest.bbox.y1 <= 72 + 16 * 3 + 2
    md = d.to_markdown()
    assert md.count("| Year | Sales | Cost |") == 1
    assert "| 2003 | 12.5 | 4.1 |\n| 2004 | 13.0 | 4.4 |" in md
    table_el = next(e for e in d.elements if e.id == t.element_id)
    assert [r.page for r in table_el.continuation] == [1]



def test_continued_title_over_a_continued_table_is_its_repeated_caption():
    """A government-report table runs on to the next page under an unlabelled title that
    says so ("SALES BY YEAR—Continued"): the table is one, and the title is neither a
    paragraph of the page nor glued onto the sentence that introduced the table."""
    doc = pymupdf.open()
    header = ["Year", "Sales", "Cost"]
    first = [["2001", "10.5", "3.2"], ["2002", "11.0", "3.9"], ["2003", "12.5", "4.1"]]
    second = [["2004", "13.0", "4.4"], ["2005", "14.5", "4.8"]]
    p1 = Page(doc)
    y = p1.prose(72, 80, 460, 38)
    p1.text(72, y, "The agency estimates the following costs:")
    grid(p1, [150, 260, 350, 460], y + 14, [header] + first)
    p2 = Page(doc)
    p2.text(230, 70, "SALES BY YEAR\u2014Continued")
    bottom = grid(p2, [150, 260, 350, 460], 78, [header] + second)
    p2.prose(72, bottom + 30, 460, 6)
    d = parse(doc)
    assert [(t.page, t.continued, bool(t.rows)) for t in d.tables] == [(0, True, True), (1, True, False)]
    assert not any("Continued" in e.text for e in d.body_elements())

def test_markdown_cell_escaping():
    from layoutpdf.render.markdown import _cell
    assert _cell("a|b") == "a\\|b"
    assert _cell("two\nlines") == "two lines"
    assert _cell("$5") == "\\$5"


def test_tables_can_be_switched_off():
    doc = pymupdf.open()
    p = Page(doc)
    grid(p, [150, 260, 350, 460], 100, RULED)
    d = layoutpdf.parse(doc.tobytes(), {"tables": {"enabled": False}})
    assert d.tables == () and not d.pages[0].table_candidates


def test_candidates_survive_json_round_trip():
    doc = pymupdf.open()
    p = Page(doc)
    grid(p, [150, 260, 350, 460], 100, RULED)
    d = parse(doc)
    back = layoutpdf.Document.from_dict(d.to_dict())
    assert back.pages[0].table_candidates == d.pages[0].table_candidates
    assert back.tables == d.tables


if __name__ == "__main__":
    raise SystemExit(pytest.main([__file__, "-q"]))
