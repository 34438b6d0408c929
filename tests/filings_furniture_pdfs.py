"""Generated 10-K pages as EDGAR's HTML converters print them (issue 39 F, issue 36), for
the furniture tests (`test_furniture_printed_filings`): the running head "Table of
Contents" at the top of every sheet, the page number centred right under each HTML page's
content, so that it stands at a different height on every page. The white space is that
of the Netflix 2017 10-K (pages 28-40): lines 0.4 pt apart, a blank line between
paragraphs, the page number 21.4 pt under the last line.

Three pages put body text where furniture stood elsewhere:
- the last row of the contents ("Item 15. Exhibits, Financial Statement Schedules 36",
  under the "PART IV" heading), on a sheet without a page number, at the height of
  another page's page number (Netflix 2017 page 1);
- a short item at the foot of a page ("Item 9. Changes in and Disagreements ..." in bold
  some 15 pt under the text above, "None." 4.5 pt under it, the page number 25 pt
  lower): "None." stands at the height of another page's page number;
- an HTML page longer than a sheet (a product table): the sheet is full to its foot, its
  last row a row of amounts centred where page numbers go ("Worldwide $ 469 $ 430 9 11",
  as on Pfizer's 2023 Q2 10-Q page 46), and the page number prints on the next sheet
  under the rest of the table."""
from __future__ import annotations

import pymupdf

from filings_pdfs import prose

RUNNING_HEAD = "Table of Contents"
SIZE, HEAD_SIZE, TABLE_SIZE = 8.8, 7.4, 6.3
LEFT, CENTRE = 17.5, 305.4
# a row's box height: 11.7 pt for base-14 Times at 8.8 pt (the filing's font: 9.7 pt); the
# white space between the boxes is the filing's, the pitch grows with the boxes
LINE = (pymupdf.Font("tiro").ascender - pymupdf.Font("tiro").descender) * SIZE
PITCH = LINE + 0.4              # lines 0.4 pt apart
BODY_TOP = 41.7
FOLIO_GAP = 21.4                # the page number under the last line of content
ITEM_GAP, NONE_GAP, NONE_FOLIO_GAP = 14.6, 4.5, 25.4
ITEM_HEADING = ("Item 9.", "Changes in and Disagreements with Accountants on Accounting and "
                "Financial Disclosure")
FOOT_ROW = ("Worldwide", ("$", "469", "$", "430", "9", "11"))
# the product table's columns: label left edge, then each cell's right edge ("$" cells by left)
TABLE_XS = (185.1, 224.9, 264.2, 271.1, 310.6, 343.2, 376.0)
PRODUCTS = ("Ibrance", "Xtandi", "Inlyta", "Xeljanz", "Eliquis", "Prevnar family", "Vyndaqel family")


def _put(page: pymupdf.Page, x: float, top: float, text: str, font: str = "tiro", size: float = SIZE) -> float:
    """Set `text` with its box's top at `top`; return the box's bottom."""
    f = pymupdf.Font(font)
    page.insert_text((x, top + f.ascender * size), text, fontname=font, fontsize=size)
    return top + (f.ascender - f.descender) * size


def _head(page: pymupdf.Page) -> None:
    _put(page, LEFT, 22.0, RUNNING_HEAD, "tibo", HEAD_SIZE)


def _folio(page: pymupdf.Page, top: float, number: int) -> float:
    """The page number centred on the text measure with its top at `top`."""
    text = str(number)
    return _put(page, CENTRE - pymupdf.get_text_length(text, "tiro", SIZE) / 2, top, text)


def _paragraphs(page: pymupdf.Page, lines_each: tuple[int, ...], start: int) -> float:
    """Paragraphs of running text, a blank line between them, the first line indented;
    return the bottom of the last line."""
    top, bottom = BODY_TOP, BODY_TOP
    for k, n in enumerate(lines_each):
        words = prose(16 * n, start + k).split()
        for i in range(n):
            x = LEFT + (20.3 if i == 0 else 0.0)
            bottom = _put(page, x, top, " ".join(words[16 * i:16 * (i + 1)]))
            top += PITCH
        top += PITCH                        # the blank line
    return bottom


# lines per paragraph of the prose pages: each page ends at its own height
PROSE_PAGES = ((12, 9, 14, 6), (10, 10, 8, 6), (15, 13, 11), (6, 8, 7, 9, 6), (20, 11, 9),
               (9, 9, 9, 8, 4), (14, 12, 10, 3))
SHORT_ITEM_PAGE = (12, 9, 13)     # the prose above the short item
TWIN = 1                          # the prose page whose number stands where "None." does
CONTENTS_TWIN = 3                 # the one whose number stands where the contents end


CONTENTS = (("PART III", None), ("Item 10.", "Directors, Executive Officers and Corporate Governance"),
            ("Item 11.", "Executive Compensation"),
            ("Item 12.", "Security Ownership of Certain Beneficial Owners and Management"),
            ("Item 13.", "Certain Relationships and Related Transactions, and Director Independence"),
            ("Item 14.", "Principal Accounting Fees and Services"), ("PART IV", None),
            ("Item 15.", "Exhibits, Financial Statement Schedules"))
CONTENTS_GAP, PART_GAP, LAST_GAP = 3.8, 20.0, 9.9     # between rows, above a part, above its item


def _contents(page: pymupdf.Page, last_top: float) -> float:
    """The end of the contents: items with their page references at the right margin,
    the last row's top at `last_top` (the company name at the top of the sheet, white
    space between it and the rows); returns the last row's bottom."""
    _put(page, 274.6, BODY_TOP, "NETFLIX, INC.", "tibo")
    top, tops = last_top, []
    for k in range(len(CONTENTS) - 1, -1, -1):        # upward from the last row
        tops.append(top)
        above = LAST_GAP if k == len(CONTENTS) - 1 else PART_GAP if CONTENTS[k][1] is None else CONTENTS_GAP
        top -= LINE + above
    bottom = 0.0
    for (label, title), top in zip(CONTENTS, tops[::-1]):
        if title is None:
            bottom = _put(page, 18.9, top, label, "tibo")
            continue
        _put(page, 18.9, top, label)
        _put(page, 70.9, top, title)
        ref = "36" if label == "Item 15." else "35"     # Part III incorporated by reference
        bottom = _put(page, 592.0 - pymupdf.get_text_length(ref, "tiro", SIZE), top, ref)
    return bottom


def _short_item(page: pymupdf.Page, number: int) -> tuple[float, float]:
    """Prose, then the item heading and "None." under it, then the page number; returns
    the top and bottom of the "None." row."""
    bottom = _paragraphs(page, SHORT_ITEM_PAGE, 11)
    top = bottom + ITEM_GAP
    _put(page, LEFT, top, ITEM_HEADING[0], "tibo")
    bottom = _put(page, 66.2, top, ITEM_HEADING[1], "tibo")
    none_top = bottom + NONE_GAP
    none_bottom = _put(page, 39.2, none_top, "None.")
    _folio(page, none_bottom + NONE_FOLIO_GAP, number)
    return none_top, none_bottom


def _table_row(page: pymupdf.Page, top: float, label: str, cells: tuple[str, ...]) -> float:
    bottom = _put(page, TABLE_XS[0], top, label, size=TABLE_SIZE)
    for x, v in zip(TABLE_XS[1:], cells):
        if v == "$":
            _put(page, x, top, v, size=TABLE_SIZE)
        else:
            _put(page, x - pymupdf.get_text_length(v, "tiro", TABLE_SIZE), top, v, size=TABLE_SIZE)
    return bottom


def _product_rows(k: int) -> list[tuple[str, tuple[str, ...]]]:
    """A product's rows: its name, then U.S., international and worldwide revenues."""
    us, intl = 200 + 37 * k, 180 + 29 * k
    return [(PRODUCTS[k % len(PRODUCTS)], ()), ("U.S.", ("$", str(us), "$", str(us + 11), "(3)", "(5)")),
            ("Int\u2019l.", ("", str(intl), "", str(intl - 7), "4", "8")),
            ("Worldwide", ("$", str(us + intl), "$", str(us + intl + 4), "1", "2"))]


def _product_table(doc: pymupdf.Document, number: int) -> None:
    """An HTML page longer than a sheet: the table fills the first sheet to its foot, the
    last row there `FOOT_ROW`; the rest of the table and the page number go on the next."""
    page = doc.new_page(width=612, height=792)
    _head(page)
    top = _put(page, LEFT, BODY_TOP, "Revenues\u2014Selected Product Discussion", "tibo") + 6.0
    rows = [r for k in range(12) for r in _product_rows(k)]
    foot = 764.0                          # the last row's top, as on Pfizer's page
    per_row = 15.6
    fit = int((foot - top) / per_row)
    rows = rows[:fit - 1] + [FOOT_ROW] + rows[fit - 1:]
    y = foot - (fit - 1) * per_row
    for label, cells in rows[:fit]:
        _table_row(page, y, label, cells)
        y += per_row
    page = doc.new_page(width=612, height=792)
    _head(page)
    y = BODY_TOP
    for label, cells in rows[fit:fit + 5]:
        bottom = _table_row(page, y, label, cells)
        y += per_row
    _folio(page, bottom + FOLIO_GAP, number)


def printed_filing_pdf() -> tuple[bytes, dict]:
    """The document, and where its cases are: {"contents": index of the contents sheet,
    "none": (page index, top, bottom of "None."), "amounts": index of the full sheet,
    "numbers": {page index: printed number}}. Sheet k prints page number 27 + k."""
    doc = pymupdf.open()
    numbers, folio_tops = {}, []
    for k, paragraphs in enumerate(PROSE_PAGES):
        page = doc.new_page(width=612, height=792)
        _head(page)
        numbers[k + 1] = 28 + k
        folio_tops.append(_paragraphs(page, paragraphs, k) + FOLIO_GAP)
        _folio(page, folio_tops[-1], numbers[k + 1])
    page = doc.new_page(width=612, height=792)
    _head(page)
    numbers[page.number + 1] = 28 + page.number
    none_top, none_bottom = _short_item(page, numbers[page.number + 1])
    assert abs(none_top - folio_tops[TWIN]) < 0.25 * LINE      # the case holds
    where = {"contents": 0, "none": (page.number + 1, none_top, none_bottom), "amounts": doc.page_count + 1}
    numbers[doc.page_count + 2] = 28 + doc.page_count   # one HTML page, two sheets
    _product_table(doc, numbers[doc.page_count + 2])
    page = doc.new_page(pno=0, width=612, height=792)   # the contents sheet, without a number
    _head(page)
    _contents(page, folio_tops[CONTENTS_TWIN])
    where["numbers"] = numbers
    return doc.tobytes(), where


if __name__ == "__main__":                  # python tests/filings_furniture_pdfs.py: for a look
    data, where = printed_filing_pdf()
    with open("/tmp/printed_filing.pdf", "wb") as fh:
        fh.write(data)
    print(where)
