"""A sentence cut by a column break right before a table reference: column 1 ends
'... the statistics are set out in' and column 2 opens 'Table 4. On average, ...' in the
text's own type. That is the paragraph going on, not Table 4's caption (S2ORC p. 5): the
label is set in body type with text after it, and the paragraph before it stops
mid-sentence."""
from __future__ import annotations

import pymupdf

import layoutpdf

SIZE, LEAD, COL_W = 10.0, 12.0, 240.0
XS = (60.0, 60.0 + COL_W + 20)
WORDS = ("the corpus holds the full text of the papers and the links between their "
         "citations and the papers they cite ").split()


def _wrap(words: list[str]) -> list[str]:
    lines, cur = [], ""
    for w in words:
        t = (cur + " " + w).strip()
        if cur and pymupdf.get_text_length(t, fontname="tiro", fontsize=SIZE) > COL_W:
            lines.append(cur)
            cur = w
        else:
            cur = t
    return lines + [cur]


def _page(figure: bool = False) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    col1 = _wrap(("We provide statistics for the parses " + " ".join(WORDS * 12)).split())[:54]
    col1[-1] = "and the statistics of the linking are set out in"
    for k, line in enumerate(col1):
        page.insert_text((XS[0], 80 + LEAD * k), line, fontname="tiro", fontsize=SIZE)
    top = 80.0
    if figure:      # a figure at the top of column 2, its caption in body type under it
        page.draw_rect(pymupdf.Rect(XS[1], 70, XS[1] + COL_W, 190), color=(0, 0, 0), fill=(0.8, 0.8, 0.9))
        page.insert_text((XS[1], 205), "Figure 3: The pipeline of the reader, input to output.",
                         fontname="tiro", fontsize=SIZE)
        top = 235.0
    col2 = _wrap(("Table 4. On average, the parses contain many more paragraphs than the "
                  "others, and " + " ".join(WORDS * 8)).split())[:40]
    for k, line in enumerate(col2):
        page.insert_text((XS[1], top + LEAD * k), line, fontname="tiro", fontsize=SIZE)
    return doc.tobytes()


def test_a_sentence_running_into_the_next_column_is_no_caption():
    doc = layoutpdf.parse(_page())
    assert not any(e.role.value == "caption" for e in doc.elements)
    assert "are set out in Table 4. On average, the parses" in doc.to_markdown()


def test_a_caption_under_its_figure_stays_a_caption_after_a_cut_sentence():
    doc = layoutpdf.parse(_page(figure=True))
    caps = [e.text for e in doc.elements if e.role.value == "caption"]
    assert caps == ["Figure 3: The pipeline of the reader, input to output."]
