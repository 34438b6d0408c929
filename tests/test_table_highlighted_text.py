"""Marker-pen highlights behind words of a paragraph are no table cells (issue 37.1): the
fills' ends line up from line to line, so their edges looked like the column rules of a
two-row grid that cut the sentences into cells."""
from __future__ import annotations

import pymupdf

import layoutpdf

LINES = ["The case was filed in the district court by thirteen individuals who",
         "were applicants and alleged that the selection test had a disparate",
         "impact on them; the court approved a settlement agreement in June",
         "and ordered the company to pay the fees and expenses of the class."]
YELLOW = (1.0, 0.79, 0.23)


def _x(line: str, words: int | None = None) -> float:
    """Where the word `words` of `line` starts (the line's end when None)."""
    head = line if words is None else " ".join(line.split()[:words]) + " "
    return 72 + pymupdf.get_text_length(head, fontsize=10)


def _page(path, highlight: bool = True) -> str:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 100
    page.draw_line((66, y - 14), (480, y - 14), width=0.8)
    # marked from a word in mid-line to the line's end, then from the next line's start
    # to a word's end: the fills of two lines touch, and their ends fall between words
    marks = {0: (_x(LINES[0], 5), _x(LINES[0])), 1: (72, _x(LINES[1], 4) - 2.5),
             2: (_x(LINES[2], 6), _x(LINES[2])), 3: (72, _x(LINES[3], 5) - 2.5)}
    for k, text in enumerate(LINES):
        if highlight:
            x0, x1 = marks[k]
            page.draw_rect(pymupdf.Rect(x0, y - 9, x1, y + 2.5), color=None, fill=YELLOW, overlay=False)
        page.insert_text((72, y), text, fontsize=10)
        y += 11.5
    page.draw_line((66, y), (480, y), width=0.8)
    doc.save(str(path))
    return str(path)


def test_highlighted_paragraph_is_no_table(tmp_path):
    doc = layoutpdf.parse(_page(tmp_path / "marked.pdf"))
    assert doc.tables == ()
    md = doc.to_markdown()
    assert "thirteen individuals who were applicants" in md
