"""Generated 10-K sheets as EDGAR's HTML converters print them with a page-break rule
(issue 39 F): each HTML page's content, then its running footer ("52 NIKE, INC.": the page
number and the company) right under it, then the `<hr>` the converter prints between HTML
pages, a hairline across the measure some 18 pt lower (NIKE 2019 10-K: footer 612-620 pt,
rule 638-639 pt on a 792 pt sheet). The footer stands at a different height on every sheet,
as high as 0.55 of the sheet on a short page. On a full page it ends just above the paper's
bottom fifth, while its rule, drawn under it, falls inside that fifth.

`rules_filing_pdf()` returns the PDF and, per sheet, the footer's text.

`folio_filing_pdf()` prints a bare page number centred under each page's content instead
(Pfizer 2023 Q2 10-Q): most sheets are full, their number inside the paper's bottom fifth,
so the document keeps the paper's bands; on the short ones the number stands higher
(0.55-0.78 of the sheet), the page's last row, set apart by a blank line and a half."""
from __future__ import annotations

import pymupdf

from filings_pdfs import prose

COMPANY = "NIKE, INC."
WIDTH, HEIGHT = 612.0, 792.0
LEFT, RIGHT = 18.0, 593.0
SIZE, HEAD_SIZE = 7.4, 7.4
PITCH = 9.0                      # the filing's line pitch at 7.4 pt
WORDS_PER_LINE = 20
BODY_TOP = 53.0
FOOTER_GAP = 24.0                # the footer's top under the last line's baseline
RULE_GAP = 18.0                  # the page-break rule under the footer's baseline
# lines of running text per sheet: the short ones end mid-sheet, the full ones put the
# footer just above the paper's bottom fifth (its top near 0.77 of the sheet) and the rule
# inside it; the last sheet's footer stands astride the band's edge (NIKE page 69: "68 NIKE,
# INC." at 630-638 pt), its foot in the band, its top above it
LINES_PER_SHEET = (52, 40, 61, 58, 44, 61, 50, 60, 47, 61, 63)


# the folio sheets: full ones end with their number in the bottom band, short ones above it
FOLIO_LINES_PER_SHEET = (66, 66, 50, 66, 63, 66, 40, 66, 66, 58, 66, 66)
CENTRE = (LEFT + RIGHT) / 2


def _sheet(page: pymupdf.Page, lines: int, number: int, start: int, bare: bool = False) -> str:
    page.insert_text((LEFT, 30.0), "Table of Contents", fontname="hebo", fontsize=HEAD_SIZE)
    words = prose(WORDS_PER_LINE * lines, start).split()
    y = BODY_TOP
    for i in range(lines):
        page.insert_text((LEFT, y), " ".join(words[WORDS_PER_LINE * i:WORDS_PER_LINE * (i + 1)]),
                         fontname="helv", fontsize=SIZE)
        y += PITCH
    footer = f"{number} {COMPANY}" if bare is False else str(number)
    y += FOOTER_GAP - PITCH
    x = LEFT if bare is False else CENTRE - pymupdf.get_text_length(footer, "helv", SIZE) / 2
    page.insert_text((x, y), footer, fontname="helv", fontsize=SIZE)
    rule = pymupdf.Rect(LEFT, y + RULE_GAP, RIGHT, y + RULE_GAP + 0.75)
    page.draw_rect(rule, color=(0.5, 0.5, 0.5), fill=(0.5, 0.5, 0.5), width=0)
    return footer


def last_line(index: int, per_sheet: tuple[int, ...] = LINES_PER_SHEET) -> str:
    """The last line of running text on sheet `index`."""
    lines = per_sheet[index]
    words = prose(WORDS_PER_LINE * lines, 7 * index).split()
    return " ".join(words[WORDS_PER_LINE * (lines - 1):])


def rules_filing_pdf() -> tuple[bytes, dict[int, str]]:
    doc = pymupdf.open()
    footers: dict[int, str] = {}
    for index, lines in enumerate(LINES_PER_SHEET):
        page = doc.new_page(width=WIDTH, height=HEIGHT)
        footers[index] = _sheet(page, lines, index + 10, 7 * index)
    data = doc.tobytes()
    doc.close()
    return data, footers


def folio_filing_pdf() -> tuple[bytes, dict[int, str]]:
    doc = pymupdf.open()
    folios: dict[int, str] = {}
    for index, lines in enumerate(FOLIO_LINES_PER_SHEET):
        page = doc.new_page(width=WIDTH, height=HEIGHT)
        folios[index] = _sheet(page, lines, index + 3, 7 * index, bare=True)
    data = doc.tobytes()
    doc.close()
    return data, folios
