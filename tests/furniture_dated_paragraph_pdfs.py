"""Generated 10-K pages whose last paragraph, set apart by a blank line under a note's
heading at the foot of the page, ends on a short line naming a date (issue 39, issue 36;
`test_furniture_dated_paragraph`). The geometry is General Mills' 2020 10-K page 72: Arial
9 pt on a 792 pt sheet, lines 11.6 pt apart, a blank line before and after the heading
"NOTE 10. ...", the paragraph's two full lines across the measure (36-578 pt), its last
line "$4.7 million as of May 31, 2020." at 718-729 pt, the page number centred at 733 pt.

`dated_paragraph_pdf()` returns the PDF, the index of the page with that paragraph and the
paragraph's three lines."""
from __future__ import annotations

import pymupdf

from filings_pdfs import prose

WIDTH, HEIGHT = 612.0, 792.0
LEFT, RIGHT = 36.0, 578.0
SIZE, PITCH = 9.0, 11.6
TOP = 60.0
FOLIO_BASELINE = 742.0
HEADING = "NOTE 10. REDEEMABLE AND NONCONTROLLING INTERESTS"
LAST_PARAGRAPH = (
    "Our principal redeemable and noncontrolling interests relate to our Yoplait SAS, Yoplait Marques SNC,",
    "General Mills Cereals, LLC (GMC) subsidiaries. In addition, we have 4 foreign subsidiaries that have",
    "$4.7 million as of May 31, 2020.",
)
PAGES, DATED = 6, 3
WORDS_PER_LINE = 17


def _line(page: pymupdf.Page, y: float, text: str, font: str = "helv") -> float:
    page.insert_text((LEFT, y), text, fontname=font, fontsize=SIZE)
    return y + PITCH


def _paragraphs(page: pymupdf.Page, y: float, until: float, start: int) -> float:
    """Paragraphs of 5 lines, a blank line after each, down to `until`."""
    k = start
    while y + 6 * PITCH < until:
        words = prose(5 * WORDS_PER_LINE, k).split()
        for i in range(5):
            y = _line(page, y, " ".join(words[WORDS_PER_LINE * i:WORDS_PER_LINE * (i + 1)]))
        y += PITCH
        k += 3
    return y


def dated_paragraph_pdf() -> tuple[bytes, int, tuple[str, ...]]:
    doc = pymupdf.open()
    for index in range(PAGES):
        page = doc.new_page(width=WIDTH, height=HEIGHT)
        if index == DATED:
            y = _paragraphs(page, TOP, 655.0, 11 * index)
            y = _line(page, max(y, 678.0), HEADING, "hebo") + PITCH
            for text in LAST_PARAGRAPH:
                y = _line(page, y, text)
        else:
            _paragraphs(page, TOP, 735.0, 11 * index)
        folio = str(index + 70)
        page.insert_text(((WIDTH - pymupdf.get_text_length(folio, "helv", SIZE)) / 2, FOLIO_BASELINE),
                         folio, fontname="helv", fontsize=SIZE)
    data = doc.tobytes()
    doc.close()
    return data, DATED, LAST_PARAGRAPH
