"""A table of text that a "Table N" caption labels (issue 37): rows of prose between a heavy
top rule, thin rules between the rows and a heavy bottom rule (booktabs), under its
caption, is one table region, its rows the bands between the rules; the same rules around
prose with no caption stay prose; words marked with a highlighter (a filled box hugging
each word) draw no cell edges -- on PDFs drawn here with PyMuPDF (Helvetica, points,
top-left origin)."""
from __future__ import annotations

import pymupdf

from layoutpdf.model import Role
from test_tables import Page, parse

TOP, BOTTOM = 0.8, 0.8      # booktabs: top and bottom rules heavier ...
MID = 0.5                   # ... than the rules between the rows


def _text_table(doc: pymupdf.Document, caption: bool, highlight: bool = False) -> tuple[float, float]:
    """A page of prose with a ruled table of three prose rows in the middle; returns the
    y of its top and bottom rules."""
    p = Page(doc)
    y = p.prose(72, 80, 460, 6)
    if caption:
        p.text(72, y + 14, "Table 1: Three summaries of one case, from the longest to the shortest.", 9.5)
        y += 18
    top = y + 4
    p.page.draw_line((70, top), (542, top), width=TOP)
    y = top + 14
    for k, lines in enumerate((8, 5, 2)):
        y = p.prose(76, y, 450, lines, size=9)
        if highlight and k == 0:
            _mark(p, 76, y - 9 * 1.2 * lines, 9)
        if k < 2:
            p.page.draw_line((70, y - 4), (542, y - 4), width=MID)
            y += 10
    bottom = y - 2
    p.page.draw_line((70, bottom), (542, bottom), width=BOTTOM)
    p.prose(72, bottom + 24, 460, 6)
    return top, bottom


def _mark(p: Page, x: float, baseline: float, size: float) -> None:
    """Highlighter marks over the first words of three lines of the row: a filled box
    hugging each word (as a PDF annotator or a LaTeX colour box draws them)."""
    for line in range(3):
        base = baseline + line * size * 1.2
        words = p.page.get_text("words", clip=pymupdf.Rect(x - 2, base - size, 540, base + 2))
        for w in words[:4] + words[-3:]:
            p.page.draw_rect(pymupdf.Rect(w[0], w[1], w[2], w[3]), color=None, fill=(1.0, 0.8, 0.2),
                             overlay=False)


def _assert_one_table(doc: pymupdf.Document, top: float, bottom: float, label: str):
    """The page holds one table, from the top rule to the bottom one, under its caption;
    returns the parsed document and the table."""
    d = parse(doc)
    assert len(d.tables) == 1
    t = d.tables[0]
    assert abs(t.bbox.y0 - top) <= 2 and abs(t.bbox.y1 - bottom) <= 2
    assert t.caption is not None and label in str(getattr(t.caption, "text", t.caption))
    return d, t


def test_captioned_table_of_text_is_one_region():
    doc = pymupdf.open()
    top, bottom = _text_table(doc, caption=True)
    d, t = _assert_one_table(doc, top, bottom, "Table 1")
    assert len(t.rows) == 3 and all(len(r) == 1 for r in t.rows)
    assert any("quick survey" in r[0] for r in t.rows)
    # the prose around the table stays paragraphs (the one broken by the table is joined
    # across it), the table element holds its rows only
    assert any(e.role is Role.PARAGRAPH and e.bbox.y1 < top for e in d.elements)
    table = next(e for e in d.elements if e.role is Role.TABLE)
    assert table.bbox.y1 <= bottom + 2


def test_same_rules_without_caption_stay_prose():
    doc = pymupdf.open()
    _text_table(doc, caption=False)
    d = parse(doc)
    assert d.tables == ()
    assert not any(e.role is Role.TABLE for e in d.elements)


def test_highlighted_words_draw_no_cells():
    """Highlighter marks inside the captioned table: the table is still one region of
    three rows, not small tables cut out of the marks' edges."""
    doc = pymupdf.open()
    top, bottom = _text_table(doc, caption=True, highlight=True)
    d = parse(doc)
    assert len(d.tables) == 1
    assert abs(d.tables[0].bbox.y0 - top) <= 2 and abs(d.tables[0].bbox.y1 - bottom) <= 2
    assert len(d.tables[0].rows) == 3


def _framed_text(doc: pymupdf.Document, caption: bool) -> tuple[float, float]:
    """Prose in a box drawn round it (an outlined rectangle), under a "Table 2" caption
    or none; returns the box's top and bottom."""
    p = Page(doc)
    y = p.prose(72, 80, 460, 6)
    if caption:
        p.text(72, y + 14, "Table 2: An example summary, as the annotators wrote it.", 9.5)
        y += 18
    top = y + 4
    y = p.prose(80, top + 14, 440, 7, size=9)
    bottom = y - 2
    p.page.draw_rect(pymupdf.Rect(70, top, 542, bottom), color=(0, 0, 0), width=0.6)
    p.prose(72, bottom + 24, 460, 6)
    return top, bottom


def test_captioned_box_of_text_is_a_table_region():
    doc = pymupdf.open()
    _assert_one_table(doc, *_framed_text(doc, caption=True), "Table 2")


def test_box_of_text_without_caption_stays_prose():
    doc = pymupdf.open()
    _framed_text(doc, caption=False)
    d = parse(doc)
    assert d.tables == ()


def test_a_word_broken_across_a_rows_lines_is_one_word():
    """The rows are prose: a line that ends in 'imple-' goes on with 'ment' as one word,
    as a paragraph's lines do (multilexsum's Table 1 read 'imple- ment')."""
    doc = pymupdf.open()
    p = Page(doc)
    y = p.prose(72, 80, 460, 6)
    p.text(72, y + 14, "Table 2: Two orders of the court, as the parties summarised them.", 9.5)
    top = y + 22
    p.page.draw_line((70, top), (542, top), width=TOP)
    rows = (("The court ordered the agency to imple-", "ment the settlement within ninety days of the order."),
            ("The second order set a schedule for the", "reports the agency files with the monitor."))
    y = top + 14
    for k, (first, second) in enumerate(rows):
        p.text(76, y, first, 9)
        p.text(76, y + 10.8, second, 9)
        y += 10.8 + 14
        if k == 0:
            p.page.draw_line((70, y - 9), (542, y - 9), width=MID)
            y += 6
    bottom = y - 6
    p.page.draw_line((70, bottom), (542, bottom), width=BOTTOM)
    p.prose(72, bottom + 24, 460, 6)
    d = parse(doc)
    cells = [c for t in d.tables for row in t.rows for c in row]
    assert any("to implement the settlement" in c for c in cells), cells
