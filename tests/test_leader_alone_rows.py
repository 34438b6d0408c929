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


def _page(title: str) -> tuple[pymupdf.Document, pymupdf.Page]:
    """A page with the statement's title and its two year columns."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((54, 60), title, fontsize=9, fontname="hebo")
    _right(page, 435, 80, "2023")
    _right(page, 556, 80, "2022")
    return doc, page


def _wraps(x: float, label: str) -> bool:
    """No room for a leader after the label in its column."""
    return LABEL_END - (x + _width(label + " ")) < 4 * _width(".")


def _row(page: pymupdf.Page, x: float, y: float, lines: tuple[str, ...], amounts, top: bool = False,
         wrap: bool = False) -> float:
    """One row: its label's lines, its leader (after the last line, or wrapped alone onto
    the next line, hung in, when the label fills its column or `wrap` says so) and its
    amounts (on the leader's line, or on the label's first line when `top`). Returns the
    baseline of the row's last line."""
    first = y
    for k, line in enumerate(lines[:-1]):
        page.insert_text((x + (6.6 if k else 0), y), line, fontsize=SIZE)
        y += 7.5
    last = lines[-1]
    if len(lines) > 1:
        page.insert_text((x + 6.6, y), last + " " + _dots(40), fontsize=SIZE)
    elif amounts and (wrap or _wraps(x, last)):
        page.insert_text((x, y), last, fontsize=SIZE)
        y += 7.5
        page.insert_text((x + 6.6, y), _dots(40), fontsize=SIZE)
    else:
        page.insert_text((x, y), last, fontsize=SIZE)
        if amounts:
            room = LABEL_END - (x + _width(last + " "))
            page.insert_text((x + _width(last + " "), y), _dots(room), fontsize=SIZE)
    for right_x, value in zip((435, 556), amounts or ()):
        _right(page, right_x, first if top else y, value)
    return y


def _statement() -> bytes:
    doc, page = _page("CONSOLIDATED STATEMENTS OF CASH FLOWS (In millions)")
    y = 96.0
    for indent, label, amounts in ROWS:
        y = _row(page, 54 + indent, y, (label,), amounts) + 9.2
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
    doc, page = _page("CONSOLIDATED STATEMENTS OF CASH FLOWS (CONTINUED)")
    y = 92.0
    for label, amounts in CONTINUED:
        y = _row(page, 60, y, (label,), amounts, wrap=True) + 9.2
    return doc.tobytes()


def test_a_page_of_rows_whose_leaders_all_wrapped_is_one_table():
    d = layoutpdf.parse(_continued())
    assert len(d.tables) == 1, d.to_markdown()
    rows = [list(r) for r in d.tables[0].rows]
    assert rows[0] == ["", "2023", "2022"], rows
    assert rows[1:] == [[label, *amounts] for label, amounts in CONTINUED], rows


TOP_ALIGNED = [
    ("Cash and cash equivalents", ("27,079", "722")),
    ("Short-term investments", ("60,468", "109")),
    ("Accounts receivable, net of allowance for doubtful accounts", ("699", "619")),
    ("Inventories", ("268", "215")),
    ("Prepaid expenses and other current assets of the company", ("85,649", "81,452")),
    ("Total current assets", ("43,222", "876")),
]
TOP_ALL_WRAPPED = [(label + " of the company", amounts) for label, amounts in TOP_ALIGNED]


def _top_aligned(rows=None) -> bytes:
    """Cells aligned to the top: a long label sets its amounts on its own line and the
    leader it had no room for wraps alone onto the next line, with nothing beside it."""
    doc, page = _page("CONDENSED CONSOLIDATED BALANCE SHEETS (In millions)")
    y = 96.0
    for label, amounts in rows or TOP_ALIGNED:
        y = _row(page, 60, y, (label,), amounts, top=True) + 9.2
    return doc.tobytes()


def test_a_leader_wrapped_alone_under_top_aligned_amounts_stays_in_the_table():
    d = layoutpdf.parse(_top_aligned())
    assert len(d.tables) == 1, d.to_markdown()
    rows = [list(r) for r in d.tables[0].rows]
    assert rows[1:] == [[label, *amounts] for label, amounts in TOP_ALIGNED], rows
    assert "...." not in d.to_markdown(), d.to_markdown()


def test_rows_whose_leaders_all_wrapped_under_top_aligned_amounts_are_one_table():
    d = layoutpdf.parse(_top_aligned(TOP_ALL_WRAPPED))
    assert len(d.tables) == 1, d.to_markdown()
    rows = [list(r) for r in d.tables[0].rows]
    assert rows[1:] == [[label, *amounts] for label, amounts in TOP_ALL_WRAPPED], rows


CONTINUED_TOP = [  # (indent, label lines, amounts or None): cells aligned to the top
    (6, ("Acquisitions, net of cash acquired and other purchases",), ("(47,595)", "(24,378)")),
    (6, ("Purchases of marketable securities and other investments",), ("(55,025)", "(6,679)")),
    (6, ("Proceeds from maturities of marketable", "securities"), ("813", "59,937")),
    (18, ("Net cash used in investing activities of the company",), ("(90,283)", "(23,245)")),
    (0, ("Cash flows from financing activities:",), None),
    (6, ("Repurchases of common stock",), ("(74,282)", "(61,536)")),
    (6, ("Dividends paid",), ("(7,730)", "(235)")),
    (6, ("Repayments of long-term debt",), ("(594)", "(73,744)")),
]


def _continued_top() -> bytes:
    """A page a statement goes on to, cells aligned to the top: its first rows set their
    amounts beside the label's first line, and the leader (with the label's last word)
    wraps onto the line under it."""
    doc, page = _page("CONSOLIDATED STATEMENTS OF CASH FLOWS (CONTINUED)")
    y = 92.0
    for indent, lines, amounts in CONTINUED_TOP:
        y = _row(page, 54 + indent, y, lines, amounts, top=True) + 9.2
    return doc.tobytes()


def test_a_page_opening_with_top_aligned_rows_whose_leaders_wrapped_is_one_table():
    d = layoutpdf.parse(_continued_top())
    assert len(d.tables) == 1, d.to_markdown()
    rows = [list(r) for r in d.tables[0].rows]
    want = [[" ".join(lines), *(amounts or ("", ""))] for _, lines, amounts in CONTINUED_TOP]
    assert rows[1:] == want, rows


ZEBRA = [  # label, amounts or None; every other row shaded behind its label cell
    ("Depreciation and amortization", ("1,204", "1,118")),
    ("Deferred income taxes", ("(355)", "(157)")),
    ("Accounts receivable", ("(350)", "(805)")),
    ("Inventories", ("(456)", "(349)")),
    ("Accrued expenses and other liabilities", ("576", "121")),
    ("Net cash provided by operating activities of the company", ("6,856", "6,615")),
    ("Cash flows from investing activities:", None),
    ("Purchases of property and equipment and capitalized software", ("(886)", "(180)")),
]


def _zebra_end() -> bytes:
    """Zebra rows shaded behind the label cells only, as Qt WebKit paints a cell's
    background; cells aligned to the top. The last rows of the page stand under the last
    shaded one: a group label, then a row whose leader wrapped alone onto the next line."""
    doc, page = _page("CONSOLIDATED STATEMENTS OF CASH FLOWS (In millions)")
    page.draw_rect(pymupdf.Rect(54, 70, LABEL_END + 5, 83), color=None, fill=(0.85, 0.85, 0.85))
    y = 94.0
    for k, (label, amounts) in enumerate(ZEBRA):
        x = 54 if amounts is None else 60
        if k % 2 == 0 and k < 6:
            tall = bool(amounts) and _wraps(x, label)
            page.draw_rect(pymupdf.Rect(54, y - 7, LABEL_END + 5, y + (9.5 if tall else 2.3)), color=None,
                           fill=(0.86, 0.9, 0.95))
        y = _row(page, x, y, (label,), amounts, top=True) + 9.8
    return doc.tobytes()


def test_a_group_label_under_the_last_shaded_row_stays_a_row_of_its_own():
    d = layoutpdf.parse(_zebra_end())
    assert len(d.tables) == 1, d.to_markdown()
    rows = [list(r) for r in d.tables[0].rows]
    assert rows[1:] == [[label, *(amounts or ("", ""))] for label, amounts in ZEBRA], rows
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
