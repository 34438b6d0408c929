"""OCR: text source decisions, Tesseract through MuPDF, rotated scans, missing Tesseract.

Fixtures are made here: text rendered to a pixmap at low resolution and put back into a
new PDF as the only content of a page (also with /Rotate, and drawn rotated). OCR runs
at a low dpi on small pages so the whole file stays within a few seconds per test.
"""
from __future__ import annotations

import re
import shutil

import pymupdf
import pytest

import layoutpdf
from layoutpdf import Settings, TextSource
from layoutpdf.errors import OCRUnavailableError
from layoutpdf.extract import ocr, recognition, tesseract
from layoutpdf.text.quality import garbled_chars

TEXT = ("Scanned pages need optical character recognition.\n"
        "The quick brown fox jumps over the lazy dog.\n"
        "Reading order must survive every rotation.")
WORDS = ("quick brown fox", "lazy dog", "character recognition")
FAST = {"ocr": {"dpi": 150}}

HAVE_ENG = tesseract.engine(("eng",))[0] is not None
needs_tesseract = pytest.mark.skipif(
    not HAVE_ENG, reason=f"Tesseract with English data is not installed ({tesseract.install_hint()})")
needs_osd = pytest.mark.skipif(
    not HAVE_ENG or not shutil.which("tesseract") or "osd" not in tesseract.installed_languages(),
    reason="orientation detection needs the tesseract binary and osd data (apt-get install tesseract-ocr)")


def scan_pdf(rotation: int = 0, drawn_rotated: int = 0, text: str = TEXT) -> bytes:
    """A one-page image-only PDF of `text`: rendered, then placed as a picture."""
    src = pymupdf.open()
    page = src.new_page(width=420, height=200)
    page.insert_textbox(pymupdf.Rect(24, 30, 400, 190), text, fontsize=13, fontname="helv")
    pix = page.get_pixmap(dpi=150)
    out = pymupdf.open()
    if drawn_rotated % 180:
        target = out.new_page(width=200, height=420)
    else:
        target = out.new_page(width=420, height=200)
    target.insert_image(target.rect, pixmap=pix, rotate=drawn_rotated)
    if rotation:
        target.set_rotation(rotation)
    return out.tobytes()


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).lower()


def assert_read(doc: layoutpdf.Document) -> None:
    md = flat(doc.to_markdown())
    found = [w for w in WORDS if w in md]
    assert len(found) >= 2, md
    assert md.index("character recognition") < md.index("lazy dog") or "character recognition" not in md


# -- decisions without OCR ---------------------------------------------------------------------
def test_garbled_chars_counts_unmapped_and_cid_garbage():
    assert garbled_chars("abc\ufffd") == 1
    assert garbled_chars("x\x17y") == 1
    assert garbled_chars("Ø\x17", "ABCDEF+SimSun") == 2           # CJK font read as Latin-1
    assert garbled_chars("中文", "SimSun") == 0
    assert garbled_chars("The states\u2019 rates\xa0apply", "TradeGothicLTPro") == 0


def test_latin1_symbols_inside_words_are_a_wrong_encoding():
    """A font without a usable encoding read as Latin-1 (IBM Redbook brief: 'Highlights'
    came out as 'èÜ•ÜáÜ§ê †°ê£Ü•î†ü§'); real text in any Latin-script language does not
    wedge symbols between letters."""
    garbage = "\u00e8\u00dc\u2022\u00dc\u00e1\u00dc\u00a7\u00ea \u2020\u00b0\u00ea\u00a3\u00dc\u2022\u00ee\u2020\u00fc\u00a7"
    assert garbled_chars(garbage, "ABCDEF+HelvNeue") == len(garbage)
    for real in ("Selon le principe de l\u2019\u00e9lectroneutralit\u00e9 dans le plasma",
                 "Gr\u00fc\u00dfe aus M\u00fcnchen und \u00d6sterreich",
                 "Za\u017c\u00f3\u0142\u0107 g\u0119\u015bl\u0105 ja\u017a\u0144",
                 "Ti\u1ebfng Vi\u1ec7t c\u00f3 d\u1ea5u \u0111\u01b0\u1ee3c",
                 "Departamento de F\u00b4\u0131sica, Centro de Investigaci\u00b4on",  # TeX accents
                 "Copyright \u00a9 2024 IBM\u00ae \u00a7 4.2 \u2020 see note",
                 "Smith\u2020, Jones\u2021 and Chen\u00a7"):
        assert garbled_chars(real, "Times-Roman") == 0, real


def test_parse_osd():
    text = ("Page number: 0\nOrientation in degrees: 90\nRotate: 270\n"
            "Orientation confidence: 2.48\nScript: Latin\nScript confidence: 24.44\n")
    assert tesseract.parse_osd(text) == (270, "Latin")
    assert tesseract.parse_osd(text.replace("2.48", "0.4")) == (0, "Latin")     # unsure: leave it
    assert tesseract.parse_osd("Too few characters. Skipping this page") == (0, None)


def test_install_hint_names_the_debian_packages():
    assert tesseract.install_hint(("chi_sim",)) == "apt-get install tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim"


def test_never_mode_flags_the_page_and_keeps_it_native():
    doc = layoutpdf.parse(scan_pdf(), {"ocr": {"mode": "never"}})
    assert doc.pages[0].text_source is TextSource.NATIVE
    codes = {i.code for i in doc.issues}
    assert "no_text_layer" in codes


def test_hidden_ocr_layer_is_kept_and_labelled_ocr(monkeypatch):
    """Invisible text over a scan (render mode 3) is an earlier OCR: no new OCR runs."""
    pdf = pymupdf.open(stream=scan_pdf(), filetype="pdf")
    page = pdf[0]
    page.insert_text((24, 60), "An earlier OCR layer with enough words to count as text.",
                     fontsize=13, render_mode=3)
    page.insert_text((24, 90), "Another invisible line of recognised text for the test.",
                     fontsize=13, render_mode=3)
    monkeypatch.setattr(ocr, "recognise", lambda *a, **k: pytest.fail("OCR ran again"))
    doc = layoutpdf.parse(pdf.tobytes())
    assert doc.pages[0].text_source is TextSource.OCR
    assert "earlier OCR layer" in doc.to_markdown()          # opaque now: not a watermark
    assert all(e.text_source is TextSource.OCR for e in doc.elements)


def test_missing_tesseract_is_an_issue_naming_the_package(monkeypatch):
    monkeypatch.setattr(tesseract, "tessdata_dir", lambda: None)
    doc = layoutpdf.parse(scan_pdf())
    issue = next(i for i in doc.issues if i.code == "ocr_unavailable")
    assert "apt-get install tesseract-ocr tesseract-ocr-eng" in issue.message
    assert any(i.code == "no_text_layer" for i in doc.issues)        # never a silent empty page
    with pytest.raises(OCRUnavailableError, match="tesseract-ocr-eng"):
        layoutpdf.parse(scan_pdf(), {"ocr": {"mode": "always"}})
    with pytest.raises(OCRUnavailableError):
        layoutpdf.parse(scan_pdf(), {"strict": True})


def test_missing_language_pack_names_it():
    doc = layoutpdf.parse(scan_pdf(), {"ocr": {"languages": ["zzz_test"]}})
    issue = next(i for i in doc.issues if i.code == "ocr_unavailable")
    assert "tesseract-ocr-zzz-test" in issue.message


def test_ocr_lines_close_up_cjk_and_keep_latin_spaces():
    def word(text, x0, x1):
        return {"text": text, "bbox": (x0, 10, x1, 22), "origin": (x0, 20)}
    raw = {"blocks": [{"type": 0, "lines": [{"spans": [
        word("中", 10, 22), word(" 的", 24, 36), word(" 事情", 38, 60), word(" 。", 61, 70),
        word(" worth", 72, 100), word(" value", 104, 130)]}]}]}
    (line,) = recognition.ocr_lines(raw, 0)
    assert line.text == "中的事情。 worth value"
    assert all("-ocr" in s.id for s in line.spans) and all(s.alpha == 255 for s in line.spans)


# -- OCR ---------------------------------------------------------------------------------------
@needs_tesseract
def test_scanned_page_is_ocrd():
    doc = layoutpdf.parse(scan_pdf(), FAST)
    page = doc.pages[0]
    assert page.text_source is TextSource.OCR
    assert page.lines and all(ln.horizontal for ln in page.lines)
    assert_read(doc)
    body = [e for e in doc.elements if e.text.strip()]
    assert body and all(e.text_source is TextSource.OCR for e in body)
    assert not any(i.code in ("no_text_layer", "ocr_failed") for i in doc.issues)
    from layoutpdf.adapters._metadata import text_source
    assert text_source(doc, 0) == "ocr"                             # what chunk metadata says


@needs_tesseract
def test_always_mode_ocrs_a_born_digital_page():
    src = pymupdf.open()
    src.new_page(width=420, height=200).insert_textbox(pymupdf.Rect(24, 30, 400, 190), TEXT,
                                                       fontsize=13, fontname="helv")
    doc = layoutpdf.parse(src.tobytes(), {"ocr": {"mode": "always", "dpi": 150}})
    assert doc.pages[0].text_source is TextSource.OCR
    assert all("-ocr" in ln.id for ln in doc.pages[0].lines)
    assert_read(doc)


@needs_osd
@pytest.mark.parametrize("rotation", [90, 180])
def test_rotated_scan_comes_out_upright(rotation):
    doc = layoutpdf.parse(scan_pdf(rotation=rotation), FAST)
    page = doc.pages[0]
    assert page.text_source is TextSource.OCR
    assert (page.width, page.height) == pytest.approx((420, 200), abs=1)   # upright page
    assert all(ln.horizontal for ln in page.lines)
    assert_read(doc)


@needs_osd
def test_image_drawn_sideways_comes_out_upright():
    doc = layoutpdf.parse(scan_pdf(drawn_rotated=90), FAST)
    assert doc.pages[0].text_source is TextSource.OCR
    assert_read(doc)


@needs_tesseract
def test_visible_stamp_on_a_scan_stays_native_and_the_page_is_mixed():
    pdf = pymupdf.open(stream=scan_pdf(), filetype="pdf")
    pdf[0].insert_text((24, 196), "Received 2024-03-01", fontsize=6)   # a visible stamp
    doc = layoutpdf.parse(pdf.tobytes(), FAST)
    assert doc.pages[0].text_source is TextSource.MIXED
    assert_read(doc)
    stamp = [e for e in doc.elements if "Received" in e.text]
    assert stamp and all(e.text_source in (TextSource.NATIVE, TextSource.MIXED) for e in stamp)
    assert any(e.text_source is TextSource.OCR for e in doc.elements if "fox" in e.text)
    from layoutpdf.adapters._metadata import text_source
    assert text_source(doc, 0) == "mixed"


def garbled_line_pdf() -> bytes:
    """Native prose on top, and one line lower down whose text comes out as glyph codes
    read through the wrong encoding (Latin-1 symbols wedged between letters)."""
    src = pymupdf.open()
    page = src.new_page(width=420, height=300)
    page.insert_textbox(pymupdf.Rect(24, 24, 400, 120), TEXT, fontsize=11, fontname="helv")
    page.insert_text((24, 250), "Wrong\u00a7encoding\u00b6text\u00a7here\u00b6today", fontsize=14,
                     fontname="helv")
    return src.tobytes()


@needs_tesseract
def test_garbled_spans_are_ocrd_in_their_region_only(monkeypatch):
    """Replacing a few garbled spans renders and reads their region (clipped), not the
    whole page; the words OCR finds come back where the spans were."""
    clips = []
    render = recognition.render

    def recording(pdf_page, dpi, rotate, clip=None):
        clips.append(clip)
        return render(pdf_page, dpi, rotate, clip)
    monkeypatch.setattr(recognition, "render", recording)
    doc = layoutpdf.parse(garbled_line_pdf(), FAST)
    page = doc.pages[0]
    assert page.text_source is TextSource.MIXED
    assert clips and all(c is not None and c.get_area() < 0.5 * 420 * 300 for c in clips)
    assert all(c.y0 > 150 for c in clips)              # the prose on top is not read again
    ocr_lines = [ln for ln in page.lines if "-ocr" in ln.id]
    found = [ln for ln in ocr_lines if "encoding" in ln.text.lower()]
    assert found, [ln.text for ln in page.lines]
    assert 230 < found[0].bbox.y0 < found[0].bbox.y1 < 260   # where the span was drawn
    assert 15 < found[0].bbox.x0 < 40
    assert "quick brown fox" in flat(doc.to_markdown())       # native text kept


@needs_tesseract
def test_progress_counts_the_pages_read_by_ocr():
    """A callback that takes a third argument hears how many pages OCR has read so far (the
    slow ones); the documented two-argument callback still works."""
    src = pymupdf.open(stream=scan_pdf())
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "A born-digital page with a text layer.", fontsize=11)
    doc.insert_pdf(src)
    data = doc.tobytes()
    three, two = [], []
    layoutpdf.parse(data, FAST, progress=lambda done, total, ocr: three.append((done, total, ocr)))
    layoutpdf.parse(data, FAST, progress=lambda done, total: two.append((done, total)))
    assert three == [(1, 2, 0), (2, 2, 1)]
    assert two == [(1, 2), (2, 2)]


def test_the_batch_progress_bar_names_the_pages_read_by_ocr(monkeypatch):
    """The CLI's bar (batch_pool._Bar, fed by workers' page reports) says when pages are
    read by OCR, so a slow stretch is explained."""
    import io
    import sys as _sys
    from layoutpdf.batch_pool import _Bar
    pytest.importorskip("tqdm")

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    term = Terminal()
    monkeypatch.setattr(_sys, "stderr", term)
    bar = _Bar({0: 3, 1: 2}, enabled=True)
    bar.page(0, 1, 3, 0)
    assert "by OCR" not in term.getvalue()
    bar.page(0, 2, 3, 1)
    bar.page(1, 1, 2, 2)
    bar.close()
    assert "3 pages by OCR" in term.getvalue()
