"""Two ruled tables on one page, a filing's note set the way Best Buy's 10-K sets its
lease note (issue 39 B): prose in 8 pt, tables in 7 pt with a rule under every row,
the first table's footnotes in 6 pt under it, then a one-line sentence in the prose's
type that announces the second table ("Other information ... was as follows ($ in
millions):"). `lease_note(path)` writes the page."""
from __future__ import annotations

import pymupdf

LEFT, RIGHT = 36.0, 576.0
PROSE, ROWS, NOTES = 8.0, 7.0, 6.0
INTRO = "Other information related to our leases was as follows ($ in millions):"
FIRST = (("Operating lease cost", ("780", "770", "777")), ("Variable lease cost", ("233", "238", "249")),
         ("Sublease income", ("(12)", "(13)", "(16)")), ("Total lease cost", ("1,017", "1,009", "1,024")))
SECOND = (("Operating cash flows from operating leases", ("781", "814")),
          ("Financing cash flows from finance leases", ("18", "18")),
          ("Weighted average discount rate", ("3.0 %", "2.5 %")))


def _right(page, x1: float, y: float, text: str, size: float) -> None:
    page.insert_text((x1 - pymupdf.get_text_length(text, "helv", size), y), text, fontname="helv", fontsize=size)


def _table(page, y: float, header: tuple[str, ...], rows) -> float:
    xs = (400.0, 488.0, 576.0)[-len(header):]
    for x1, h in zip(xs, header):
        _right(page, x1, y, h, ROWS)
    y += 3.0
    page.draw_line((LEFT, y), (RIGHT, y), color=(0, 0, 0), width=0.5)
    for label, amounts in rows:
        y += 10.0
        page.insert_text((LEFT, y), label, fontname="helv", fontsize=ROWS)
        for x1, v in zip(xs, amounts):
            _right(page, x1, y, v, ROWS)
        y += 3.0
        page.draw_line((LEFT, y), (RIGHT, y), color=(0, 0, 0), width=0.5)
    return y


def lease_note(path) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 60.0
    for _ in range(6):
        page.insert_text((LEFT, y), "We lease portions of our stores, distribution centres and offices; the terms of "
                         "our leases run to twenty years.", fontname="helv", fontsize=PROSE)
        y += 11.0
    y += 8.0
    page.insert_text((LEFT, y), "Components of our total lease cost were as follows ($ in millions):",
                     fontname="helv", fontsize=PROSE)
    y = _table(page, y + 14.0, ("2023", "2022", "2021"), FIRST)
    page.insert_text((LEFT, y + 8.0), "(1) Includes short-term leases, which are immaterial.", fontname="helv",
                     fontsize=NOTES)
    page.insert_text((LEFT, y + 15.0), "(2) Supply chain-related amounts are included in Cost of sales.",
                     fontname="helv", fontsize=NOTES)
    page.insert_text((LEFT, y + 30.0), INTRO, fontname="helv", fontsize=PROSE)
    _table(page, y + 46.0, ("2023", "2022"), SECOND)
    doc.save(str(path))
