"""Layout columns: a full-width band of small type at the page foot (footnotes) is read
after the columns, not across the gutter; a full-width rule splits the page into bands
read top to bottom, each with its own columns; a float removed before layout does not
leave a one-column band that is read before the columns beside it."""
from __future__ import annotations

import pymupdf

import layoutpdf

from test_errors_support import set_lines

W, H = 612, 792
LEFT, GUTTER, RIGHT = (72, 297), 18, (315, 540)


def _sentences(tag: str, n: int) -> list[str]:
    return [f"{tag} sentence {i} tells about the careful survey of the northern region."
            for i in range(n)]


def _set(page, x0, x1, y, sentences, size=10.0, pitch=12.0) -> float:
    """Set sentences as left-aligned lines from baseline y; returns the next baseline."""
    return set_lines(page, x0, x1, y, " ".join(sentences).split(), size, pitch)


def _order_of(doc, *sentences: str) -> list[int]:
    text = " ".join(e.text for e in doc.elements if e.layer.name == "BODY")
    text = " ".join(text.split())
    return [text.index(s) for s in sentences]


def _first_last(tag, n):
    s = _sentences(tag, n)
    return s[0], s[-1]


def test_full_width_footnote_band_close_below_the_columns_is_read_after_them():
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    y_left = _set(page, *LEFT, 90, _sentences("Left", 18))
    y_right = _set(page, *RIGHT, 90, _sentences("Right", 18))
    y = max(y_left, y_right) - 12 + 11        # notes close under the columns (3 pt gap)
    page.draw_line((72, y - 8), (200, y - 8), width=0.4)
    _set(page, 72, 540, y, ["1 The first note explains the northern survey data which "
                            "was collected by the regional office over many seasons."],
         size=8, pitch=9.5)
    parsed = layoutpdf.parse(doc.tobytes())
    lf, ll = _first_last("Left", 18)
    rf, rl = _first_last("Right", 18)
    pos = _order_of(parsed, lf, ll, rf, rl, "The first note explains")
    assert pos == sorted(pos)


def test_a_full_width_rule_separates_bands_with_their_own_columns():
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    y1 = max(_set(page, *LEFT, 90, _sentences("Upleft", 8)),
             _set(page, *RIGHT, 90, _sentences("Upright", 8)))
    rule = y1 + 2
    page.draw_line((72, rule), (540, rule), width=0.8)
    _set(page, *LEFT, rule + 16, _sentences("Downleft", 8))
    _set(page, *RIGHT, rule + 16, _sentences("Downright", 8))
    parsed = layoutpdf.parse(doc.tobytes())
    firsts = [_first_last(t, 8) for t in ("Upleft", "Upright", "Downleft", "Downright")]
    pos = _order_of(parsed, *[s for pair in firsts for s in pair])
    assert pos == sorted(pos)


def test_a_short_rule_does_not_split_the_columns():
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    y1 = max(_set(page, *LEFT, 90, _sentences("Upleft", 8)),
             _set(page, *RIGHT, 90, _sentences("Upright", 8)))
    rule = y1 + 2
    page.draw_line((72, rule), (200, rule), width=0.8)      # a column-wide note rule
    _set(page, *LEFT, rule + 16, _sentences("Downleft", 8))
    _set(page, *RIGHT, rule + 16, _sentences("Downright", 8))
    parsed = layoutpdf.parse(doc.tobytes())
    firsts = [_first_last(t, 8) for t in ("Upleft", "Downleft", "Upright", "Downright")]
    pos = _order_of(parsed, *[s for pair in firsts for s in pair])
    assert pos == sorted(pos)


def test_rows_beside_a_removed_figure_are_not_read_before_the_columns():
    """Title across the page, a figure at the top of the left column, and beside it the
    first paragraph of the right column, set apart by a heading-sized gap: that paragraph
    is the right column's start, read after the left column, not a band of its own."""
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    page.insert_text((150, 80), "A Survey of the Northern Region and Its Records",
                     fontname="tibo", fontsize=16)
    page.draw_rect(pymupdf.Rect(LEFT[0], 102, LEFT[1], 250), color=(0, 0, 0), fill=(0.6, 0.7, 0.9))
    page.insert_text((LEFT[0], 264), "Figure 1: The three waves of the survey.",
                     fontname="tiro", fontsize=9)
    _set(page, *LEFT, 286, _sentences("First", 16))
    y = _set(page, *RIGHT, 110, _sentences("Second", 5))
    _set(page, *RIGHT, y + 16, _sentences("Third", 14))
    parsed = layoutpdf.parse(doc.tobytes())
    order = [_first_last("First", 16), _first_last("Second", 5), _first_last("Third", 14)]
    pos = _order_of(parsed, *[s for pair in order for s in pair])
    assert pos == sorted(pos)


def test_notes_set_within_each_column_stay_at_their_column_foot():
    """Small type that fits its column (LaTeX's two-column footnotes) is no page-wide band."""
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    y_left = _set(page, *LEFT, 90, _sentences("Left", 12))
    y_right = _set(page, *RIGHT, 90, _sentences("Right", 12))
    _set(page, *LEFT, y_left + 2, ["1 The left note is about the northern survey."], size=8)
    _set(page, *RIGHT, y_right + 2, ["2 The right note is about the southern survey."], size=8)
    parsed = layoutpdf.parse(doc.tobytes())
    lf, ll = _first_last("Left", 12)
    rf, rl = _first_last("Right", 12)
    pos = _order_of(parsed, lf, ll, "The left note", rf, rl, "The right note")
    assert pos == sorted(pos)


def _picture(page, rect) -> None:
    """A raster figure (a gradient), which the figures stage takes out before layout."""
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 120, 60), False)
    for x in range(120):
        for y in range(60):
            pix.set_pixel(x, y, (2 * x, 4 * y, 128))
    page.insert_image(rect, pixmap=pix)


def test_a_full_width_float_cuts_three_columns_into_bands():
    """A `column-span: all` figure mid-page with a short caption (crossing only the first
    gutter): the three columns above it are read before it and the three below after it;
    without the cut the third column runs straight through the hole the figure leaves and
    its upper part is read after the lower parts of the first two."""
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    cols = [(42, 202), (222, 382), (402, 562)]
    tags_up, tags_down = ("Upone", "Uptwo", "Upthree"), ("Downone", "Downtwo", "Downthree")
    for (x0, x1), tag in zip(cols, tags_up):
        _set(page, x0, x1, 72, _sentences(tag, 5))
    _picture(page, pymupdf.Rect(142, 300, 470, 480))
    page.insert_text((42, 494), "Fig. 1. The survey map.", fontname="tiro", fontsize=9)
    for (x0, x1), tag in zip(cols, tags_down):
        _set(page, x0, x1, 520, _sentences(tag, 5))
    parsed = layoutpdf.parse(doc.tobytes())
    order = [_first_last(t, 5) for t in tags_up + tags_down]
    pos = _order_of(parsed, *[s for pair in order for s in pair])
    assert pos == sorted(pos)

