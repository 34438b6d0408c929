"""Running heads of older books: the folio, the title in capitals and a chapter reference
spread across the top row, each closed by a full stop ('400  BRITISH HUSBANDRY.  [Ch. XIX.';
issue 35, class 4), on the printed page and on a scan of it read through an OCR layer.

The pages are made here with PyMuPDF: a book page is typeset, rendered to a grey image and
placed as the only picture of a new page; its OCR layer is invisible text (render mode 3)
in a monospaced font, each line sized to fill the width of its printed line, as OCR
layers fit the text to the recognised boxes with the glyphless font engines embed. A line
of wide capitals is then measured larger than the body, as OCR measures it.
"""
from __future__ import annotations

import pymupdf
import pytest

import layoutpdf
from layoutpdf.extract import tesseract
from layoutpdf.model import BBox, Layer, Line, Role, Span
from layoutpdf.stages.furniture.outer_rows import outer_blocks_of, rows_and_extents

FOLIO, TITLE, CHAPTER = "400", "BRITISH HUSBANDRY.", "[Ch. XIX."
WORDS = ("the farmer who would raise good crops of turnips must first bring his land into a fine "
         "tilth by repeated ploughings and harrowings and then manure it well with dung from the "
         "fold yard before the seed is sown in drills").split()
WIDTH, HEIGHT, MARGIN = 432, 648, 54


def _body(n: int, start: int = 0) -> str:
    return " ".join(WORDS[(i + start) % len(WORDS)] for i in range(n)).capitalize() + "."


def book_page(pieces: tuple[str, ...] = (FOLIO, TITLE, CHAPTER), head_y: float = 54) -> pymupdf.Document:
    """A book page: the head's pieces flush left, centred and flush right on one row over
    two justified paragraphs of 10 pt type on a 14 pt pitch."""
    doc = pymupdf.open()
    page = doc.new_page(width=WIDTH, height=HEIGHT)
    font = pymupdf.Font("tiro")
    places = {0: MARGIN, 1: None, 2: None}
    for k, text in enumerate(pieces):
        w = font.text_length(text, 10)
        x = places[k] if k == 0 else (WIDTH - w) / 2 if k == 1 else WIDTH - MARGIN - w
        page.insert_text((x, head_y), text, fontname="tiro", fontsize=10)
    for rect, n, start in ((pymupdf.Rect(MARGIN, 66, WIDTH - MARGIN, 330), 190, 0),
                           (pymupdf.Rect(MARGIN, 332, WIDTH - MARGIN, 600), 200, 5)):
        assert page.insert_textbox(rect, _body(n, start), fontname="tiro", fontsize=10,
                                   align=pymupdf.TEXT_ALIGN_JUSTIFY) >= 0
    return doc


def scanned(printed: pymupdf.Document, layer: bool = True) -> bytes:
    """The printed page as a scan: its rendering as the page's picture, and (with `layer`)
    an invisible OCR layer over it, each line fitted to its printed width (module doc)."""
    src = printed[0]
    pix = src.get_pixmap(dpi=150, colorspace=pymupdf.csGRAY)
    out = pymupdf.open()
    page = out.new_page(width=src.rect.width, height=src.rect.height)
    page.insert_image(page.rect, stream=pix.tobytes("png"))
    mono = pymupdf.Font("cour")
    for block in src.get_text("dict")["blocks"] if layer else ():
        for ln in block["lines"]:
            text = "".join(s["text"] for s in ln["spans"]).strip()
            x0, _, x1, _ = ln["bbox"]
            size = (x1 - x0) / mono.text_length(text, 1)
            page.insert_text((x0, ln["spans"][0]["origin"][1]), text, fontname="cour",
                             fontsize=size, render_mode=3)
    return out.tobytes()


def _furniture(doc) -> dict[str, Role]:
    return {e.text: e.role for e in doc.elements if e.layer is Layer.FURNITURE}


def test_the_folio_row_of_a_scanned_book_page_is_its_running_head():
    doc = layoutpdf.parse(scanned(book_page()))
    assert doc.pages[0].text_source.value == "ocr"
    sizes = {ln.text.strip(): ln.size for ln in doc.pages[0].lines}
    assert sizes[TITLE] > 1.15 * doc.stats.body_size           # OCR measures the capitals large
    furniture = _furniture(doc)
    assert furniture.get(FOLIO) is Role.PAGE_NUMBER
    assert furniture.get(TITLE) is Role.PAGE_HEADER and furniture.get(CHAPTER) is Role.PAGE_HEADER
    md = doc.to_markdown()
    assert "HUSBANDRY" not in md and "XIX" not in md
    assert "The farmer who would raise" in md and "Good crops of turnips" in md


def test_the_folio_row_of_a_printed_book_page_is_its_running_head():
    doc = layoutpdf.parse(book_page().tobytes())
    furniture = _furniture(doc)
    assert furniture.get(TITLE) is Role.PAGE_HEADER and furniture.get(CHAPTER) is Role.PAGE_HEADER
    assert furniture.get(FOLIO) is Role.PAGE_NUMBER


def test_a_folio_in_one_line_with_its_head_is_a_running_head():
    doc = layoutpdf.parse(book_page((f"{FOLIO} {TITLE} {CHAPTER}",)).tobytes())
    assert _furniture(doc).get(f"{FOLIO} {TITLE} {CHAPTER}") is Role.PAGE_HEADER


@pytest.mark.skipif(tesseract.engine(("eng",))[0] is None,
                    reason=f"Tesseract with English data is not installed ({tesseract.install_hint()})")
def test_the_folio_row_read_by_the_ocr_path_is_its_running_head():
    """The scan without a text layer, read by Tesseract (default settings): it sizes the
    head's capitals above the body, and its boxes leave the head 12 pt of white over the
    body, under 2.5 of the page's usual gaps; its baseline lies 1.6 pitches above."""
    doc = layoutpdf.parse(scanned(book_page(), layer=False))
    assert doc.pages[0].text_source.value == "ocr"
    furniture = _furniture(doc)
    assert furniture.get(FOLIO) is Role.PAGE_NUMBER
    assert {TITLE, CHAPTER} <= set(furniture)
    assert "The farmer who would raise" in doc.to_markdown()


@pytest.mark.parametrize("pieces", [("12 the farmer who would raise good crops.",),   # prose
                                    (TITLE,)])                  # no folio: the size is no evidence
def test_rows_without_a_folio_and_a_title_stay_text(pieces):
    doc = layoutpdf.parse(scanned(book_page(pieces)))
    assert not _furniture(doc)
    assert pieces[0].split()[-1] in doc.to_markdown()


# -- white space under a head, read from the middles of the boxes on an OCR'd page ---------------
def _row(k: int, text: str, baseline: float, top: float, bottom: float) -> Line:
    span = Span(f"s{k}", text, BBox(54, top, 378, bottom), "OCR", 7.5, 0, 0, 255, (54, baseline))
    return Line.build(f"l{k}", 0, (span,), (1.0, 0.0), False)


def test_an_ocr_head_is_set_apart_by_its_middle_where_ink_boxes_leave_little_white():
    """Boxes as Tesseract drew them for the scan below: the head's box runs 4 pt under its
    capitals, the body rows (14 pt apart) are 9 pt tall; the head's middle lies 1.57
    pitches above the first body row's, but its box only 12 pt above the body's box
    (2.5 usual gaps: 12.5)."""
    rows = [_row(0, "BRITISH HUSBANDRY.", 54, 47, 58)]
    rows += [_row(k, "the farmer who would raise good crops", 76.5 + 14 * (k - 1), 70 + 14 * (k - 1),
                  79 + 14 * (k - 1)) for k in range(1, 12)]
    grouped = rows_and_extents(rows)
    limits, pitch = (130.0, 518.0), 14.0
    assert not [b for b in outer_blocks_of(grouped, limits, pitch, ocr=False) if b.where == "top"]
    (top,) = [b for b in outer_blocks_of(grouped, limits, pitch, ocr=True) if b.where == "top"]
    assert [ln.text for ln in top.lines] == ["BRITISH HUSBANDRY."]
