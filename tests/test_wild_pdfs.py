"""PDFs from the wild (issue 41): text drawn twice read once, files without a header read,
giant images placed but never decoded, OCR paid from the document's time budget."""
from __future__ import annotations

import time
from dataclasses import replace

import pymupdf
import pytest

import layoutpdf
from layoutpdf import NotAPDFError, Settings
from layoutpdf.extract import ocr, tesseract
from layoutpdf.extract.figures import render_clips
from layoutpdf.extract.overprint import FLAG_OVERDRAWN
from layoutpdf.model import BBox, TextSource

import wild_pdfs as gen


def words(doc) -> list[str]:
    return doc.to_markdown().split()


# -- text drawn twice ------------------------------------------------------------------------
def test_a_word_drawn_twice_at_a_small_offset_is_read_once():
    """Faked bold: `guest` shown again 0.3 pt to the right of itself, inside a sentence
    (MuPDF makes two lines of it, which used to be glued into `guestguest`)."""
    body = (b"BT /helv 11 Tf 72 650 Td (Our ) Tj ET "
            + gen.drawn_twice("guest", 72 + pymupdf.get_text_length("Our ", "helv", 11), 650, 11, 0.3)
            + b"BT /helv 11 Tf 125 650 Td (arrived early.) Tj ET")
    doc = layoutpdf.parse(gen.with_content(body))
    assert "Our guest arrived early." in doc.to_markdown()
    assert not any("guestguest" in w for w in words(doc))
    flagged = [s for p in doc.pages for ln in p.lines for s in ln.spans if s.flags & FLAG_OVERDRAWN]
    assert flagged and all("guest" in s.text for s in flagged)
    assert not doc.issues                      # not a problem of the document


def test_a_logo_stamped_four_times_inside_a_line_is_read_once():
    """The company name in a sentence stamped three more times over itself (0.3 pt apart):
    the stamps used to land after the sentence as `said.ACME`."""
    at = 72 + pymupdf.get_text_length("Welcome to ", "helv", 11)
    body = b"BT /helv 11 Tf 72 400 Td (Welcome to ACME Corporation, the guest said.) Tj ET " \
        + b"".join(b"BT /helv 11 Tf %g 400 Td (ACME) Tj ET " % (at + 0.3 * k) for k in range(1, 4))
    doc = layoutpdf.parse(gen.with_content(body))
    assert "Welcome to ACME Corporation, the guest said." in doc.to_markdown()
    assert doc.to_markdown().count("ACME") == 1


def test_letters_set_after_themselves_are_not_copies():
    """A letter after itself sits a whole advance away: `llama`, `000`, `....` stay."""
    body = b"BT /helv 11 Tf 72 500 Td (The llama paid 1000 dollars .... sheepishly.) Tj ET"
    doc = layoutpdf.parse(gen.with_content(body))
    assert "The llama paid 1000 dollars .... sheepishly." in doc.to_markdown()
    assert not any(s.flags & FLAG_OVERDRAWN for p in doc.pages for ln in p.lines for s in ln.spans)


# -- no %PDF- header -------------------------------------------------------------------------
def test_a_pdf_without_its_header_is_read_with_an_issue():
    data = gen.prose_pdf(1).tobytes()
    assert data.startswith(b"%PDF-")
    headless = b"%\xe2\xe3\xcf\xd3" + data[data.index(b"\n"):]   # the first line overwritten
    assert b"%PDF" not in headless[:1024]
    doc = layoutpdf.parse(headless)
    assert "Line 3 of page 1" in doc.to_markdown()
    assert [i.code for i in doc.issues if i.page is None][:1] == ["missing_header"]


@pytest.mark.parametrize("data", [b"%\xe2\xe3\xcf\xd3 not a pdf at all\n" * 20,
                                  b"1 0 obj << /Type /Catalog >> endobj\n"])
def test_a_headerless_file_without_a_pdf_in_it_is_still_refused(data):
    with pytest.raises(NotAPDFError, match="not a PDF"):
        layoutpdf.parse(data)


# -- a giant image ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def giant() -> bytes:
    return gen.giant_image_pdf(20_000)


def test_a_giant_image_is_placed_but_not_decoded(giant, monkeypatch):
    """Its size and place come from its dictionary and the page's image info; OCR (which
    would render, so decode, it) is not run, and an Issue says so."""
    fake = tesseract.Engine("/nowhere", ("eng",), frozenset({"eng"}), None)
    monkeypatch.setattr(ocr, "engine", lambda languages: (fake, ""))
    monkeypatch.setattr(ocr, "_ocr", lambda *a, **k: pytest.fail("the page was rendered for OCR"))
    doc = layoutpdf.parse(giant)
    [image] = doc.pages[0].images
    assert (image.pixel_width, image.pixel_height) == (20_000, 20_000)
    assert abs(image.bbox.width - 500) < 1 and abs(image.bbox.height - 600) < 1
    [issue] = [i for i in doc.issues if i.code == "image_not_decoded"]
    assert issue.page == 0 and "20,000 x 20,000" in issue.message


def test_a_giant_image_is_a_grey_box_in_a_crop(giant):
    """A crop over the image shows a stand-in (light grey), never the decoded image
    (mid grey)."""
    [png] = render_clips(giant, [(0, BBox(100, 300, 300, 500))], dpi=36)
    pix = pymupdf.Pixmap(png)
    assert pix.pixel(pix.width // 2, pix.height // 2)[0] == 0xC0
    [png] = render_clips(giant, [(0, BBox(100, 300, 300, 500))], dpi=36,
                         max_image_pixels=400_000_000)     # within budget: decoded
    pix = pymupdf.Pixmap(png)
    assert pix.pixel(pix.width // 2, pix.height // 2)[0] == 0x80


# -- OCR and the document's time budget ------------------------------------------------------
def test_ocr_stops_at_its_share_of_the_document_budget(monkeypatch):
    """20 garbled pages, OCR taking 0.25 s a page, a 2 s document budget: OCR runs for
    about half the budget; every later page keeps its text layer, flagged low, with an
    Issue, and every page is read."""
    fake = tesseract.Engine("/nowhere", ("eng",), frozenset({"eng"}), None)
    monkeypatch.setattr(ocr, "engine", lambda languages: (fake, ""))

    def slow_ocr(pdf_page, page, *args, **kwargs):
        time.sleep(0.25)
        return replace(page, text_source=TextSource.OCR)
    monkeypatch.setattr(ocr, "_ocr", slow_ocr)
    doc = layoutpdf.parse(gen.garbled_pdf(20), Settings().replace(limits={"document_time_budget_s": 2}))
    assert len(doc.pages) == 20
    assert not [i for i in doc.issues if i.code == "document_time_budget"]
    ocrd = [p.index for p in doc.pages if p.text_source is TextSource.OCR]
    skipped = sorted(i.page for i in doc.issues if i.code == "ocr_time_budget")
    assert 1 <= len(ocrd) <= 8 and len(skipped) == 20 - len(ocrd)
    assert all(doc.pages[k].extraction_confidence == "low" for k in skipped)
    assert min(skipped) > max(ocrd)
