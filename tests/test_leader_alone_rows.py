"""A statement with dot leaders whose labels fill their column: the leader no longer fits
after the label and wraps alone onto the next line, with a hanging indent, where the row's
amounts are set (cells aligned to the bottom, as Qt WebKit and other engines print an
EDGAR statement): "Purchases of property and equipment" / "..............  (807)  (9,939)".
A leader is fill that runs from a label to its amounts; a line of it alone is the end of
the label above, never a row of its own (issue 39 B). Drawn with PyMuPDF (Helvetica 7 pt,
points, top-left origin)."""
from __future__ import annotations

import pymupdf

import layoutpdf

SIZE = 7
LABEL_END = 210            # the label column's right edge: a leader stops there
ROWS = [  # (indent, label, amounts or None); a label too long for its leader wraps it
    (0, "Cash flows from investing activities:", None),
    (6, "Purchases of property and equipment and capitalized software", ("(807)", "(9,939)")),
    (6, "Acquisitions, net of cash", ("(677)", "(22,054)")),
    (6, "Proceeds from maturities of marketable securities and deposits", ("13,053", "88,954")),
    (18, "Net cash used in investing activities of the company", ("(11,029)", "(640)")),
    (0, "Cash flows from financing activities:", None),
    (6, "Repurchases of common stock", ("(240)", "(3,001)")),
    (6, "Dividends paid", ("(1,130)", "(1,092)")),
    (0, "Cash and cash equivalents at beginning of the period reported", ("465", "543")),
    (0, "Cash and cash equivalents at end of period", ("26,085", "507")),
]


def _width(text: str) -> float:
    return pymupdf.get_text_length(text, fontsize=SIZE)


def _right(page: pymupdf.Page, x: float, y: float, text: str) -> None:
    page.insert_text((x - _width(text), y), text, fontsize=SIZE)


def _dots(room: float) -> str:
    return "." * max(4, int(room / _width(".")))


def _statement() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((54, 60), "CONSOLIDATED STATEMENTS OF CASH FLOWS (In millions)", fontsize=9, fontname="hebo")
    _right(page, 435, 80, "2023")
    _right(page, 556, 80, "2022")
    y = 96.0
    for indent, label, amounts in ROWS:
        x = 54 + indent
        page.insert_text((x, y), label, fontsize=SIZE)
        if amounts:
            room = LABEL_END - (x + _width(label + " "))
            if room < 4 * _width("."):       # no room for a leader: it wraps alone, hung in
                y += 7.5
                page.insert_text((x + 6.6, y), _dots(40), fontsize=SIZE)
            else:
                page.insert_text((x + _width(label + " "), y), _dots(room), fontsize=SIZE)
            for right_x, value in zip((435, 556), amounts):
                _right(page, right_x, y, value)
        y += 9.2
    return doc.tobytes()


CONTINUED = [  # a page a statement goes on to: every label fills its column
    ("Acquisitions, net of cash acquired and other purchases", ("(11,339)", "(402)")),
    ("Purchases of marketable securities and other investments", ("(8,749)", "(48,057)")),
    ("Proceeds from maturities of marketable securities", ("63,092", "43,306")),
    ("Net cash used in investing activities of the company", ("(795)", "(273)")),
]


def _continued() -> bytes:
    """The page opens under its column labels with rows whose leaders all wrapped alone:
    no row of the page sets its label beside its amounts."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((54, 60), "CONSOLIDATED STATEMENTS OF CASH FLOWS (CONTINUED)", fontsize=9, fontname="hebo")
    _right(page, 435, 80, "2023")
    _right(page, 556, 80, "2022")
    y = 92.0
    for label, amounts in CONTINUED:
        page.insert_text((60, y), label, fontsize=SIZE)
        y += 7.5
        page.insert_text((66.6, y), _dots(40), fontsize=SIZE)
        for right_x, value in zip((435, 556), amounts):
            _right(page, right_x, y, value)
        y += 9.2
    return doc.tobytes()


def test_a_page_of_rows_whose_leaders_all_wrapped_is_one_table():
    d = layoutpdf.parse(_continued())
    assert len(d.tables) == 1, d.to_markdown()
    rows = [list(r) for r in d.tables[0].rows]
    assert rows[0] == ["", "2023", "2022"], rows
    assert rows[1:] == [[label, *amounts] for label, amounts in CONTINUED], rows


def _top_aligned() -> bytes:
    """Cells aligned to the top: a long label sets its amounts on its own line and the
    leader it had no room for wraps alone onto the next line, with nothing beside it."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((54, 60), "CONDENSED CONSOLIDATED BALANCE SHEETS (In millions)", fontsize=9, fontname="hebo")
    _right(page, 435, 80, "2023")
    _right(page, 556, 80, "2022")
    y = 96.0
    for label, amounts in TOP_ALIGNED:
        page.insert_text((60, y), label, fontsize=SIZE)
        for right_x, value in zip((435, 556), amounts):
            _right(page, right_x, y, value)
        if LABEL_END - (60 + _width(label + " ")) < 4 * _width("."):
            y += 7.5
            page.insert_text((66.6, y), _dots(60), fontsize=SIZE)
        else:
            page.insert_text((60 + _width(label + " "), y), _dots(LABEL_END - 60 - _width(label + " ")),
                             fontsize=SIZE)
        y += 9.2
    return doc.tobytes()


TOP_ALIGNED = [
    ("Cash and cash equivalents", ("27,079", "722")),
    ("Short-term investments", ("60,468", "109")),
    ("Accounts receivable, net of allowance for doubtful accounts", ("699", "619")),
    ("Inventories", ("268", "215")),
    ("Prepaid expenses and other current assets of the company", ("85,649", "81,452")),
    ("Total current assets", ("43,222", "876")),
]


def test_a_leader_wrapped_alone_under_top_aligned_amounts_stays_in_the_table():
    d = layoutpdf.parse(_top_aligned())
    assert len(d.tables) == 1, d.to_markdown()
    rows = [list(r) for r in d.tables[0].rows]
    assert rows[1:] == [[label, *amounts] for label, amounts in TOP_ALIGNED], rows
    assert "...." not in d.to_markdown(), d.to_markdown()


def _rows() -> list[list[str]]:
    d = layoutpdf.parse(_statement())
    assert len(d.tables) == 1, d.to_markdown()
    return [list(r) for r in d.tables[0].rows]


def test_a_leader_wrapped_alone_ends_the_label_above():
    rows = _rows()
    for indent, label, amounts in ROWS:
        if amounts:
            assert [label, *amounts] in rows, (label, rows)


def test_group_labels_stay_rows_of_their_own():
    rows = _rows()
    assert ["Cash flows from investing activities:", "", ""] in rows, rows
    assert rows[0] == ["", "2023", "2022"], rows
    assert not any(r[0] == "" for r in rows[1:]), rows      # no row of amounts without its label
