"""A section heading at the foot of a page, its section opening the next page (issue 39 E;
Best Buy's 10-K, "2. Acquisitions" over "Current Health Ltd."). `stranded(path)` writes
two pages of 10 pt prose; the bold heading is the last line of the first."""
from __future__ import annotations

import pymupdf

LEFT, SIZE, PITCH = 72.0, 10.0, 13.0
HEADING = "2. Acquisitions"
OPENING = "In fiscal 2022, we acquired all of the outstanding shares of Current Health Ltd."
FILLER = ("The Company reviews the carrying amount of its long-lived assets whenever events or "
          "changes in circumstances indicate that the carrying amount may not be recoverable. ")


def _lines(text: str, width: float) -> list[str]:
    out, line = [], ""
    for word in text.split():
        trial = (line + " " + word).strip()
        if pymupdf.get_text_length(trial, "helv", SIZE) > width and line:
            out.append(line)
            line = word
        else:
            line = trial
    return out + ([line] if line else [])


def _paragraph(page: pymupdf.Page, y: float, text: str) -> float:
    for line in _lines(text, 468.0):
        page.insert_text((LEFT, y), line, fontname="helv", fontsize=SIZE)
        y += PITCH
    return y + PITCH


def stranded(path) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 72.0
    while y < 640:
        y = _paragraph(page, y, FILLER * 4)
    page.insert_text((LEFT, y + 6), HEADING, fontname="hebo", fontsize=SIZE)
    page = doc.new_page(width=612, height=792)
    y = _paragraph(page, 72.0, OPENING + " " + FILLER * 2)
    _paragraph(page, y, FILLER * 5)
    doc.save(str(path))
