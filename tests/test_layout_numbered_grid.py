"""A grid of numbered cards is read in the order of its numbers (issue 35, class 7).

Four cards in two columns and two rows can be read down the columns or across the rows:
the white space between the rows runs through both columns. The numbers opening the cards
decide: '1 2 / 3 4' is read across, '1 3 / 2 4' down. Pages are drawn with PyMuPDF."""
from __future__ import annotations

import pymupdf

import layoutpdf
from layoutpdf.model import Layer

WORDS = ("check the weather and the route before you leave and tell someone where you are going "
         "and when you expect to be back so that help can find you").split()
TITLES = ("Plan your route", "Pack the essentials", "Tell someone", "Know when to turn back")


def _body(n: int, start: int = 0) -> str:
    return " ".join(WORDS[(i + start) % len(WORDS)] for i in range(n)).capitalize() + "."


def grid_pdf(numbers: tuple[int, ...] | None) -> bytes:
    """A title, then four cards: top left, top right, bottom left, bottom right, each a
    bold heading (numbered with `numbers`, in that order) over a paragraph."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 80), "Before you go hiking", fontname="hebo", fontsize=18)
    cells = ((72, 120), (326, 120), (72, 420), (326, 420))
    for k, (x, y) in enumerate(cells):
        title = TITLES[(numbers[k] - 1) if numbers else k]
        page.insert_text((x, y), f"{numbers[k]}. {title}" if numbers else title, fontname="hebo", fontsize=13)
        assert page.insert_textbox(pymupdf.Rect(x, y + 10, x + 214, y + 250), _body(110, 3 * k),
                                   fontname="helv", fontsize=10) >= 0
    return doc.tobytes()



def _positions(pdf: bytes) -> list[int]:
    doc = layoutpdf.parse(pdf)
    texts = [e.text for e in doc.elements if e.layer is Layer.BODY]
    return [next(i for i, t in enumerate(texts) if title in t) for title in TITLES]


def test_cards_numbered_across_the_rows_are_read_across():
    order = _positions(grid_pdf((1, 2, 3, 4)))
    assert order == sorted(order)           # 1, 2, 3, 4: top left, top right, bottom left, ...


def test_cards_numbered_down_the_columns_are_read_down():
    order = _positions(grid_pdf((1, 3, 2, 4)))
    assert order == sorted(order)


def test_unnumbered_cards_are_read_down_the_columns_as_before():
    doc = layoutpdf.parse(grid_pdf(None))
    texts = [e.text for e in doc.elements if e.layer is Layer.BODY]
    where = [next(i for i, t in enumerate(texts) if title == t) for title in TITLES]
    assert where[0] < where[2] < where[1] < where[3]     # top left, bottom left, top right, ...
