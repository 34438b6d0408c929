"""An earnings release as a filing agent sets one (issue 39 E; Amcor's 2023 Q4 release):
pages of statements in 8 pt type, so that 8 pt is the document's commonest size, and a
page of prose in 10 pt. On the prose page a bold heading, an underlined sub-heading, one
in an accent colour, one reversed out of a band, a sentence and list entries on lines of
their own, a link underlined in blue, and two underlined column labels side by side;
then a signature page with a line of prose and two signature blocks, set in the prose's
type, the signer's printed name under a conformed signature ('/s/ JOHN A. SMITH') in
bold; the next exhibit's title opens the page after it. `release(path)` writes the
five pages.

The prose page's sentences, list entries and signature lines are in the running text's
type: no headings, though larger than the document's commonest size."""
from __future__ import annotations

import pymupdf

LEFT, TABLE_SIZE, PROSE_SIZE = 40.0, 8.0, 10.0
HEADING = "Conference Call"
UNDERLINED = "June 2023 quarter"
ACCENT = "Market performance"                  # in the house's accent colour
REVERSED = "Key figures"                       # white on a dark band
NEXT_EXHIBIT = "Certification of the Chief Financial Officer Pursuant to Section 302"
SENTENCE = "For the twelve-month period ending June 30, 2024, the Company expects:"
BULLETS = ("US & Canada 888 440 4149 (toll free), 646 960 0661 (local)",   # set as a list, indented
           "Australia 1800 519 630 (toll free), 02 9133 7103 (local)")
CLOSING = "A replay of the webcast will also be available on www.example.com following the call."
LINK = "4.7 First Supplemental Indenture"
LABELS = ("Title of each class", "Trading Symbol")
SIGNER = ("/s/ JOHN A. SMITH", "John A. Smith (Director)")   # the name under it in bold
SIGNATURE = ("By: /s/ JANE Q. DOE Jane Q. Doe", "Title: Vice President, Benefits", "Date: January 20, 2022")
PARAGRAPH = ("Net sales for the Group were 6% lower than last year on a reported basis, which",
             "includes an unfavourable impact of approximately 1% related to movements in foreign",
             "exchange rates and an unfavourable impact of approximately 3% related to the pass",
             "through of lower raw material costs. Volumes were lower in most regions.")


def _statement_page(doc: pymupdf.Document, n: int) -> None:
    page = doc.new_page(width=612, height=792)
    page.insert_text((LEFT, 50), "Condensed Consolidated Statement of Income", fontname="hebo", fontsize=TABLE_SIZE)
    y = 70.0
    for i in range(48):
        page.insert_text((LEFT, y), "Line item number %d of segment %d" % (i + 1, n), fontname="helv",
                         fontsize=TABLE_SIZE)
        for x1, v in ((400.0, "%d,%03d" % (n + 1, 117 * i % 1000)), (480.0, "%d,%03d" % (n + 2, 71 * i % 1000))):
            text = v
            page.insert_text((x1 - pymupdf.get_text_length(text, "helv", TABLE_SIZE), y), text, fontname="helv",
                             fontsize=TABLE_SIZE)
        y += 14.0


def _line(page: pymupdf.Page, y: float, text: str, font: str = "helv", x: float = LEFT,
          color: tuple[float, float, float] = (0, 0, 0)) -> float:
    page.insert_text((x, y), text, fontname=font, fontsize=PROSE_SIZE, color=color)
    return pymupdf.get_text_length(text, font, PROSE_SIZE)


def _underline(page: pymupdf.Page, x: float, y: float, width: float,
               color: tuple[float, float, float] = (0, 0, 0)) -> None:
    page.draw_line((x, y + 1.2), (x + width, y + 1.2), color=color, width=0.5)


def _paragraph(page: pymupdf.Page, y: float) -> float:
    for text in PARAGRAPH:
        _line(page, y, text)
        y += 12.5
    return y + 12.0


def release(path) -> None:
    doc = pymupdf.open()
    _statement_page(doc, 1)
    _statement_page(doc, 2)
    page = doc.new_page(width=612, height=792)
    y = 60.0
    _line(page, y, HEADING, "hebo")
    y += 22.0
    width = _line(page, y, UNDERLINED)
    _underline(page, LEFT, y, width)
    y += 22.0
    y = _paragraph(page, y)
    _line(page, y, ACCENT, color=(0xA0 / 255, 0x78 / 255, 0x59 / 255))
    y += 22.0
    page.draw_rect(pymupdf.Rect(LEFT - 4, y - 11, 572, y + 4), color=None, fill=(0.2, 0.3, 0.5))
    _line(page, y, REVERSED, color=(1, 1, 1))
    y += 22.0
    y = _paragraph(page, y)
    _line(page, y, SENTENCE)
    y += 22.0
    for text in BULLETS:
        _line(page, y, text, x=LEFT + 10)
        y += 22.0
    y = _paragraph(page, y)
    width = _line(page, y, LINK, color=(0, 0, 1))
    _underline(page, LEFT, y, width, color=(0, 0, 1))
    y += 22.0
    for k, label in enumerate(LABELS):
        x = LEFT + 220 * k
        _underline(page, x, y, _line(page, y, label, x=x))
    y += 22.0
    y = _paragraph(page, y)
    _line(page, y, CLOSING)
    page = doc.new_page(width=612, height=792)
    y = 60.0
    _line(page, y, "IN WITNESS WHEREOF, this Amendment has been executed the date set forth below.")
    y += 30.0
    for text in SIGNATURE:
        _line(page, y, text)
        y += 22.0
    y += 20.0
    _line(page, y, SIGNER[0])
    _line(page, y + 13.0, SIGNER[1], "hebo")
    page = doc.new_page(width=612, height=792)
    _line(page, 60.0, NEXT_EXHIBIT)
    _paragraph(page, 90.0)
    doc.save(str(path))
