"""One Tesseract run per OCR'd page (issue 39): the `tesseract` program's TSV gives the
words, their lines and their confidences, so the page is not read a second time for the
confidences; orientation detection runs only when the reading is in doubt.

Fixtures are the generated scans of test_ocr (text rendered, placed back as an image)."""
from __future__ import annotations

import shutil

import pymupdf
import pytest

import layoutpdf
from layoutpdf import TextSource
from layoutpdf.extract import ocr, ocr_quality, ocr_tsv, recognition, tesseract
from layoutpdf.extract.ocr_quality import reads_upright
from layoutpdf.model import BBox, Line, Span
from test_ocr import FAST, HAVE_ENG, assert_read, scan_pdf  # noqa: E402

needs_tesseract_program = pytest.mark.skipif(
    not HAVE_ENG or not shutil.which("tesseract"),
    reason="one-run OCR needs the tesseract program (apt-get install tesseract-ocr)")

TSV_HEADER = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext"


def tsv(*rows: tuple) -> str:
    return "\n".join([TSV_HEADER] + ["\t".join(str(c) for c in r) for r in rows]) + "\n"


def test_text_dict_gives_words_their_lines_height_in_points():
    """Words keep Tesseract's lines and blocks; a word's box spans its line's height
    (as in MuPDF's OCR text layer, so line sizes read the same), origin on the line's
    bottom; pixels become points, moved to a clip's place."""
    text = tsv((1, 1, 0, 0, 0, 0, 0, 0, 600, 300, -1, ""),
               (4, 1, 1, 1, 1, 0, 30, 40, 300, 30, -1, ""),
               (5, 1, 1, 1, 1, 1, 30, 44, 100, 22, 95.5, "Total"),
               (5, 1, 1, 1, 1, 2, 150, 40, 180, 30, 91.0, "assets"),
               (5, 1, 1, 1, 1, 3, 200, 40, 10, 30, 10.0, " "),
               (4, 1, 2, 1, 1, 0, 30, 100, 60, 20, -1, ""),
               (5, 1, 2, 1, 1, 1, 30, 100, 60, 20, 88.0, "2021"))
    raw = ocr_tsv.text_dict(text, 0.5, dx=10, dy=20)
    assert [[[s["text"] for s in ln["spans"]] for ln in b["lines"]] for b in raw["blocks"]] == \
        [[["Total", "assets"]], [["2021"]]]
    total, assets = raw["blocks"][0]["lines"][0]["spans"]
    assert total["bbox"] == (25.0, 40.0, 75.0, 55.0)          # the line's top and bottom
    assert assets["bbox"] == (85.0, 40.0, 175.0, 55.0) and assets["origin"] == (85.0, 55.0)
    (line,) = recognition.ocr_lines(raw, 0)[:1]
    assert line.text == "Total assets"


def _line(text: str, box: tuple) -> Line:
    span = Span("s0", text, BBox(*box), "OCR", 10.0, 0, 0, 255, (box[0], box[3]))
    return Line.build("l0", 0, (span,), (1.0, 0.0), False)


def test_a_confident_reading_in_lines_across_the_page_is_upright():
    sure = [(96.0, "Scanned"), (95.0, "pages"), (94.0, "need")]
    across = [_line("Scanned pages need", (20, 30, 200, 44))]
    on_end = [_line("Scanned pages need", (20, 30, 34, 200))]     # sideways: read, standing
    assert reads_upright(sure, across)
    assert not reads_upright(sure, on_end)
    assert not reads_upright([(20.0, "Sca"), (15.0, "nned")], across)   # upside down: unsure
    assert not reads_upright(None, across)                     # MuPDF's OCR: not known


def _count_runs(monkeypatch) -> dict:
    """Count Tesseract runs: the program (recognition / orientation detection) and MuPDF's."""
    runs = {"tsv": 0, "osd": 0, "mupdf": 0}
    run_tsv, osd, pdfocr = ocr_tsv.run_tsv, tesseract.subprocess.run, pymupdf.Pixmap.pdfocr_tobytes

    def counted_tsv(*a, **k):
        runs["tsv"] += 1
        return run_tsv(*a, **k)

    def counted_osd(args, *a, **k):
        runs["osd"] += "--psm" in args
        return osd(args, *a, **k)

    def counted_mupdf(self, *a, **k):
        runs["mupdf"] += 1
        return pdfocr(self, *a, **k)
    monkeypatch.setattr(recognition, "run_tsv", counted_tsv)
    monkeypatch.setattr(tesseract.subprocess, "run", counted_osd)
    monkeypatch.setattr(pymupdf.Pixmap, "pdfocr_tobytes", counted_mupdf)
    return runs


@needs_tesseract_program
def test_an_upright_scan_is_read_by_one_tesseract_run(monkeypatch):
    runs = _count_runs(monkeypatch)
    doc = layoutpdf.parse(scan_pdf(), FAST)
    assert runs == {"tsv": 1, "osd": 0, "mupdf": 0}
    assert doc.pages[0].text_source is TextSource.OCR
    assert doc.pages[0].extraction_confidence != "low"
    assert_read(doc)


@needs_tesseract_program
@pytest.mark.parametrize("turned", [{"rotation": 180}, {"drawn_rotated": 90}])
def test_a_doubtful_reading_asks_which_way_is_up_and_reads_again(monkeypatch, turned):
    runs = _count_runs(monkeypatch)
    doc = layoutpdf.parse(scan_pdf(**turned), FAST)
    assert runs == {"tsv": 2, "osd": 1, "mupdf": 0}
    assert all(ln.horizontal for ln in doc.pages[0].lines)
    assert_read(doc)


@needs_tesseract_program
def test_without_the_program_output_mupdf_reads_the_page(monkeypatch):
    """The program fails (or is not there): MuPDF's built-in Tesseract reads the page;
    no confidences, so the page is neither blank nor flagged low."""
    runs = _count_runs(monkeypatch)
    monkeypatch.setattr(recognition, "run_tsv", lambda *a, **k: runs.__setitem__("tsv", runs["tsv"] + 1))
    doc = layoutpdf.parse(scan_pdf(), FAST)
    assert runs["mupdf"] == 1 and runs["osd"] == 1
    assert doc.pages[0].extraction_confidence != "low"
    assert_read(doc)


@needs_tesseract_program
@pytest.mark.parametrize("words, code", [([], "blank_page"),
                                         ([(20.0, "Scanned"), (30.0, "pages"), (95.0, "fox")],
                                          "low_ocr_confidence")])
def test_the_verdict_comes_from_the_run_that_read_the_page(monkeypatch, words, code):
    """The confidences judged are those of the words kept: none sure, a blank page
    (empty, never noise); most unsure, the text kept and flagged low."""
    monkeypatch.setattr(ocr_quality, "parse_tsv", lambda text: words)
    doc = layoutpdf.parse(scan_pdf(), FAST)
    assert code in {i.code for i in doc.issues}
    if code == "blank_page":
        assert not doc.pages[0].lines
    else:
        assert doc.pages[0].extraction_confidence == "low"
        assert_read(doc)


@needs_tesseract_program
def test_a_failed_recognition_is_the_pages_ocr_failure(monkeypatch):
    def broken(*a, **k):
        raise RuntimeError("recognition broke")
    monkeypatch.setattr(ocr, "recognise", broken)
    doc = layoutpdf.parse(scan_pdf(), FAST)
    assert "ocr_failed" in {i.code for i in doc.issues}


@needs_tesseract_program
def test_the_same_page_reads_the_same_every_time():
    first, second = (layoutpdf.parse(scan_pdf(rotation=90), FAST) for _ in range(2))
    assert first.to_markdown() == second.to_markdown()
    assert [(ln.text, ln.bbox) for ln in first.pages[0].lines] == \
        [(ln.text, ln.bbox) for ln in second.pages[0].lines]
