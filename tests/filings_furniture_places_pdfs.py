"""A generated 10-K whose body lines look like its furniture but stand elsewhere on the
page (issue 39 F, issue 36; `test_furniture_places`). Every sheet but the cover carries
the running link "Table of Contents" at its top left and its page number centred at its
foot, right under the page's content (NETFLIX 2017 10-K, Pfizer 2023 Q2 10-Q: the link in
7.4 pt at 17.5 pt from the left edge, the number centred some 20 pt under the content). Three sheets put body
lines in their outer rows that read like that furniture:

- the cover (Pfizer 2023 Q2 10-Q page 0): a checkbox row "Yes  x  No  ☐" in its bottom
  rows, the "x" a bare roman numeral by its letters, left of the middle, where no page
  number stands;
- the contents sheet (AMERICANWATERWORKS 2021 10-K page 1): no running link, its title
  "TABLE OF CONTENTS" centred in its top rows, the running link's words in capitals;
- the index to the statements (NETFLIX 2017 10-K page 39): titles at the left, their page
  references "39" ... "45" right-aligned at the far right under "Page", one per row,
  counting up by one at a regular pitch.

`places_filing_pdf()` returns the PDF and the body lines of those three sheets, by index.

Two more filings whose page numbers stand where the rules for the bands do not look:
`shifted_count_pdf()`, a count shifted by one where an HTML page runs onto a sheet of its
own that shows no number (Pfizer 2023 Q2 10-Q pages 3 and 46), short sheets before and
after the proven run showing their number mid-sheet; `noted_folio_pdf()`, a page number close under the smaller notes
closing its page (BESTBUY 2023 10-K page 52)."""
from __future__ import annotations

import pymupdf

from filings_pdfs import prose

RUNNING_HEAD = "Table of Contents"
WIDTH, HEIGHT = 612.0, 792.0
LEFT, RIGHT = 18.0, 592.0
SIZE, HEAD_SIZE = 8.8, 7.4
PITCH = 10.4
WORDS_PER_LINE = 17
COVER, CONTENTS, INDEX = 0, 1, 6
PAGES = 12
FIRST_NUMBER = 2            # printed on the sheet after the contents: index 2 shows "1"
INDEX_ENTRIES = ("Report of Independent Registered Public Accounting Firm",
                 "Consolidated Statements of Operations",
                 "Consolidated Statements of Comprehensive Income",
                 "Consolidated Statements of Cash Flows",
                 "Consolidated Balance Sheets",
                 "Consolidated Statements of Stockholders' Equity",
                 "Notes to Consolidated Financial Statements")
INDEX_PITCH = 13.5          # the index's rows: wider apart than the text's lines
CONTENTS_ITEMS = ("Business", "Risk Factors", "Unresolved Staff Comments", "Properties",
                  "Legal Proceedings", "Mine Safety Disclosures", "Market for Common Equity",
                  "Selected Financial Data", "Management's Discussion and Analysis")
CONTENTS_PAGES = (1, 3, 9, 14, 14, 15, 16, 18, 19)


def _text(page: pymupdf.Page, x: float, y: float, text: str, font: str = "tiro",
          size: float = SIZE) -> None:
    page.insert_text((x, y), text, fontname=font, fontsize=size)


def _right(page: pymupdf.Page, x1: float, y: float, text: str, size: float = SIZE) -> None:
    _text(page, x1 - pymupdf.get_text_length(text, "tiro", size), y, text, size=size)


def _centred(page: pymupdf.Page, y: float, text: str, font: str = "tiro") -> None:
    _text(page, (WIDTH - pymupdf.get_text_length(text, font, SIZE)) / 2, y, text, font)


def _prose(page: pymupdf.Page, y: float, lines: int, start: int) -> float:
    words = prose(WORDS_PER_LINE * lines, start).split()
    for i in range(lines):
        _text(page, LEFT, y, " ".join(words[WORDS_PER_LINE * i:WORDS_PER_LINE * (i + 1)]))
        y += PITCH
    return y


def _cover(page: pymupdf.Page) -> list[str]:
    body = ["UNITED STATES", "SECURITIES AND EXCHANGE COMMISSION", "FORM 10-Q"]
    for k, text in enumerate(body):
        _centred(page, 60.0 + 16 * k, text, "tibo")
    y = _prose(page, 140.0, 52, 3)
    question = "Indicate by check mark whether the registrant is a shell company (as defined in Rule 12b-2)."
    _text(page, LEFT, y + 20, question)
    row = y + 38
    for x, mark in ((19.0, "Yes"), (56.5, "x"), (87.4, "No"), (115.9, "o")):
        _text(page, x, row, mark)
    last = "At August 4, 2023, 5,645,959,570 shares of the issuer's voting common stock were outstanding."
    _text(page, LEFT, row + 26, last)
    return [question, "x", last]


def _contents(page: pymupdf.Page) -> list[str]:
    title = "TABLE OF CONTENTS"
    _centred(page, 55.0, title)
    _right(page, RIGHT - 12, 76.0, "Page", size=6.0)
    y = 86.0
    for k, (item, number) in enumerate(zip(CONTENTS_ITEMS, CONTENTS_PAGES)):
        _text(page, LEFT, y, f"Item {k + 1}.")
        _text(page, 75.0, y, item)
        _right(page, RIGHT - 15, y, str(number))
        y += 9.3
    return [title]


def _index(page: pymupdf.Page, number: int) -> list[str]:
    _centred(page, 60.0, "ACME WIDGETS, INC.")
    _centred(page, 74.0, "INDEX TO FINANCIAL STATEMENTS")
    _right(page, RIGHT - 5, 110.0, "Page")
    y = 122.0
    refs = []
    for k, title in enumerate(INDEX_ENTRIES):
        _text(page, LEFT + 1, y, title)
        refs.append(str(number + 1 + k))
        _right(page, RIGHT, y, refs[-1])
        y += INDEX_PITCH
    return refs


def places_filing_pdf() -> tuple[bytes, dict[int, list[str]]]:
    doc = pymupdf.open()
    body: dict[int, list[str]] = {}
    for index in range(PAGES):
        page = doc.new_page(width=WIDTH, height=HEIGHT)
        if index == COVER:
            body[index] = _cover(page)
            continue
        if index == CONTENTS:
            body[index] = _contents(page)
            continue
        _text(page, 17.5, 28.0, RUNNING_HEAD, size=HEAD_SIZE)
        number = index - FIRST_NUMBER + 1
        if index == INDEX:
            body[index] = _index(page, number)
            bottom = 122.0 + INDEX_PITCH * len(INDEX_ENTRIES)
        else:
            bottom = _prose(page, 50.0, 50 + 5 * (index % 3), 7 * index)
        _centred(page, bottom + 30.0, str(number))
    data = doc.tobytes()
    doc.close()
    return data, body


# -- a count shifted by unnumbered sheets ---------------------------------------------------
# Pfizer 2023 Q2 10-Q: each HTML page's number centred under its content; pages 3 and 46
# are the rest of an HTML page too long for its sheet, run onto the next one, which shows
# no number: before page 3 the printed number is the sheet's index, from page 46 on its
# index less 3 instead of 2. Full sheets print their number in the paper's bottom fifth,
# short ones higher (0.3-0.8 of the sheet), so only the run between the two shifts is
# proven by numbers in the band.
SHIFT_LINES = (25, 70, 66, 40, 66, 66, 66, 66, 70, 66, 40, 66, 25, 66)   # lines per sheet
OVERFLOWS = (1, 8)          # the sheets with no number, their content to the foot
FOLIO_SIZE, FOLIO_PITCH, FOLIO_TOP, FOLIO_GAP = 7.4, 9.0, 53.0, 24.0


def shifted_count_pdf() -> tuple[bytes, dict[int, str]]:
    """The PDF and, per numbered sheet, its page number."""
    doc = pymupdf.open()
    numbers: dict[int, str] = {}
    for index, lines in enumerate(SHIFT_LINES):
        page = doc.new_page(width=WIDTH, height=HEIGHT)
        _text(page, 17.5, 30.0, RUNNING_HEAD, size=HEAD_SIZE)
        words = prose(20 * lines, 5 * index).split()
        y = FOLIO_TOP
        for i in range(lines):
            _text(page, LEFT, y, " ".join(words[20 * i:20 * (i + 1)]), "helv", FOLIO_SIZE)
            y += FOLIO_PITCH
        if index in OVERFLOWS:
            continue
        numbers[index] = str(index + 1 - sum(1 for k in OVERFLOWS if k < index))
        y += FOLIO_GAP - FOLIO_PITCH
        _text(page, (WIDTH - pymupdf.get_text_length(numbers[index], "helv", FOLIO_SIZE)) / 2, y,
              numbers[index], "helv", FOLIO_SIZE)
    data = doc.tobytes()
    doc.close()
    return data, numbers


# -- a page number close under the notes closing a page -----------------------------------
# BESTBUY 2023 10-K page 52: the page's notes in 6.2 pt type, their lines 6.8 pt apart;
# the page number in the body's 8 pt some 8 pt under the last note's box: more white
# space than the notes' line pitch, less than the body's (8.5 pt); its top just above the
# paper's bottom fifth, its foot in it. Every other sheet prints its number in that fifth.
NOTE_SIZE, NOTE_PITCH = 6.2, 6.8
NOTED, NOTED_PAGES = 3, 8
NOTES = ("(1) Valued using the performance of mutual funds that trade with sufficient frequency and "
         "volume to obtain pricing information on an ongoing basis.",
         "(2) Valued using readily observable market inputs. These instruments are custom, "
         "over-the-counter contracts with various bank counterparties that are not traded.",
         "Derivative Instruments, for additional information.")


def noted_folio_pdf() -> tuple[bytes, dict[int, str]]:
    """The PDF and, per sheet, its page number."""
    doc = pymupdf.open()
    numbers: dict[int, str] = {}
    for index in range(NOTED_PAGES):
        page = doc.new_page(width=WIDTH, height=HEIGHT)
        words = prose(20 * 66, 3 * index).split()
        y = 50.0
        for i in range(64 if index == NOTED else 66):
            _text(page, LEFT, y, " ".join(words[20 * i:20 * (i + 1)]), "helv", 8.0)
            y += 8.5 + (0.5 if i % 6 == 5 else 0.0)
        if index == NOTED:
            y = 606.0           # the notes' last box ends near 621 pt
            for note in NOTES:
                _text(page, LEFT, y, note, "helv", NOTE_SIZE)
                y += NOTE_PITCH
            y = 638.0           # the number's baseline: its box 629-640 pt
        else:
            y = 660.0
        numbers[index] = str(index + 50)
        _text(page, (WIDTH - pymupdf.get_text_length(numbers[index], "helv", 8.0)) / 2, y,
              numbers[index], "helv", 8.0)
    data = doc.tobytes()
    doc.close()
    return data, numbers
