"""A caption is one paragraph: it ends at the line that closes a sentence with room left for
the next word (elements/blocks._caption_ended), so the text set right under it in the same
font is read as text, not swallowed into the caption (issue #31, in-column captions)."""
from __future__ import annotations

import pymupdf
import pytest

import layoutpdf

COL_W, LEAD, SIZE = 170.0, 12.0, 10.0
FILL = ("The method reads each page and writes the text it finds in reading order so that a "
        "retriever can find it later. ") * 6
CAPTION = "Figure 1: The pipeline of the reader shown as boxes and arrows from input to output."
AFTER = ("After the figure the text goes on with a sentence that describes the next step of "
         "the method in detail and at length. ") * 2


def _wrap(text: str, width: float) -> list[str]:
    lines, cur = [], ""
    for w in text.split():
        t = (cur + " " + w).strip()
        if pymupdf.get_text_length(t, fontname="tiro", fontsize=SIZE) > width and cur:
            lines.append(cur)
            cur = w
        else:
            cur = t
    return lines + [cur]


def _set(page, x: float, y: float, text: str, *, width: float = COL_W, centred: bool = False,
         indent: float = 0.0) -> float:
    for i, line in enumerate(_wrap(text, width - indent)):
        w = pymupdf.get_text_length(line, fontname="tiro", fontsize=SIZE)
        dx = (COL_W - w) / 2 if centred else (indent if i == 0 else 0.0)
        page.insert_text((x + dx, y), line, fontname="tiro", fontsize=SIZE)
        y += LEAD
    return y


def _page(caption: str, *, centred: bool, caption_width: float = COL_W) -> bytes:
    """Three columns in one body font; in the first, a paragraph, a shaded figure, the
    caption, and the next paragraph flush left right under it (no indent, no extra space)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    xs = [54.0, 54.0 + COL_W + 15, 54.0 + 2 * (COL_W + 15)]
    y = _set(page, xs[0], 80, " ".join(FILL.split()[:45]) + ".", indent=10)
    page.draw_rect(pymupdf.Rect(xs[0] + 10, y, xs[0] + COL_W - 10, y + 90), color=(0, 0, 0),
                   fill=(0.8, 0.8, 0.9))
    y += 104
    margin = (COL_W - caption_width) / 2
    y = _set(page, xs[0] + margin, y, caption, width=caption_width, centred=centred)
    _set(page, xs[0], y, AFTER)
    for x in xs[1:]:
        _set(page, x, 80, FILL, indent=10)
    return doc.tobytes()


def _captions(data: bytes) -> list[str]:
    return [e.text for e in layoutpdf.parse(data).elements if e.role.value == "caption"]


@pytest.mark.parametrize("centred", [True, False], ids=["centred", "flush"])
def test_the_text_under_a_caption_is_not_the_caption(centred):
    caps = _captions(_page(CAPTION, centred=centred))
    assert caps == [CAPTION]
    md = layoutpdf.parse(_page(CAPTION, centred=centred)).to_markdown()
    assert md.count("After the figure the text goes on") == 2


def test_a_caption_of_two_sentences_stays_whole():
    """A sentence that ends inside the caption, on a line with no room for the next word,
    does not end the caption; nor does a full line of a caption set narrower than the column."""
    two = ("Figure 1: The pipeline of the reader. Boxes are the stages and arrows carry the "
           "pages from one stage to the next until the text is written.")
    for width in (COL_W, COL_W - 40):
        caps = _captions(_page(two, centred=False, caption_width=width))
        assert caps == [two], (width, caps)
