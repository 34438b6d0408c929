"""Text fidelity (issue 21): the words themselves.

Word spaces inferred from glyph gaps, separate-glyph accents composed, ligatures, soft
hyphens and special spaces normalised, body text over a background image kept as text,
blank scans read as empty (with a `blank_page` issue), low-confidence OCR flagged, and OCR
line sizes that make headings only on strong evidence. PDFs come from the generator in
`tests/text_fidelity_pdfs.py`.
"""
from __future__ import annotations

import re
import shutil

import pytest

import layoutpdf
from layoutpdf.extract import ocr_quality, recognition, tesseract
from layoutpdf.extract.accents import compose
from layoutpdf.extract.words import normalise, respace
from layoutpdf.model import BBox, Line, Span
from layoutpdf.render.markdown import render_units
from layoutpdf.split import split_units

import text_fidelity_pdfs as gen

HAVE_ENG = tesseract.engine(("eng",))[0] is not None
needs_tesseract = pytest.mark.skipif(
    not HAVE_ENG, reason=f"Tesseract with English data is not installed ({tesseract.install_hint()})")
needs_tesseract_program = pytest.mark.skipif(
    not HAVE_ENG or not shutil.which("tesseract"),
    reason="word confidences need the tesseract program (apt-get install tesseract-ocr)")
FAST = {"ocr": {"dpi": 150}}


def markdown(data: bytes, settings=None) -> str:
    return layoutpdf.parse(data, settings).to_markdown()


# -- word spaces ---------------------------------------------------------------------------
def test_words_placed_without_spaces_are_spaced():
    md = markdown(gen.spaceless_pdf())
    flat = re.sub(r"\s+", " ", md)
    assert ("Composition of the pretraining data for the second model release is shown in "
            "the table below together with the number of tokens drawn from every source and "
            "the mixing weights chosen after") in flat


def test_letter_spaced_line_reads_as_words():
    md = markdown(gen.spaceless_pdf())
    assert "LETTER SPACED HEADING" in md
    assert "L E T T E R" not in md


def test_tightly_kerned_words_are_not_split():
    md = markdown(gen.spaceless_pdf())
    assert "AVATAR WAVE TOWARDS" in md


def test_a_line_with_its_own_spaces_is_left_alone():
    assert "A line written with real spaces stays as it is." in markdown(gen.spaceless_pdf())


def test_no_space_is_inferred_in_a_font_the_producer_writes_spaces_in():
    md = markdown(gen.spaced_font_pdf())
    assert "NetworkLinearFlowEventType" in md


def _chars(spec: list[tuple[str, float]], size: float = 10.0) -> list[dict]:
    """Glyphs of width 5 pt placed with the given gaps (pt) after each."""
    out, x = [], 0.0
    for ch, gap in spec:
        out.append({"c": ch, "bbox": (x, 0.0, x + 5.0, 12.0), "origin": (x, 10.0), "size": size,
                    "synthetic": False})
        x += 5.0 + gap
    return out


def test_kerned_gaps_alone_never_make_a_space():
    # kerns of -0.9..+0.3 pt on a 10 pt line (-0.09..+0.03 em), no word gap anywhere
    chars = _chars([(c, g) for c, g in zip("AVATARWAVES", (-0.9, -0.9, -0.8, -0.8, 0.3, -0.8,
                                                           -0.9, 0.0, 0.2, 0.0, 0.0))])
    texts = [c["c"] for c in chars]
    assert not respace(chars, texts)
    assert "".join(texts) == "AVATARWAVES"


def test_cjk_glyphs_get_no_inferred_space():
    chars = _chars([(c, 1.3 if k % 3 == 2 else 0.0) for k, c in enumerate("商品的价值量与实现的事情")])
    texts = [c["c"] for c in chars]
    respace(chars, texts)
    assert "".join(texts) == "商品的价值量与实现的事情"


# -- accents -------------------------------------------------------------------------------
def test_separate_accents_are_composed():
    md = markdown(gen.accents_pdf())
    for word in ("Schrödinger", "étude", "Lemaître", "Agência", "Aviação"):
        assert word in md, md


def test_standalone_accents_stay():
    assert "Press the \u00b4 key, then type x^2 or a~b." in markdown(gen.accents_pdf())


def test_dotless_j_under_an_accent_is_j():
    chars = [{"c": "\u02c7", "bbox": (0, 0, 5, 12)}, {"c": "\u0237", "bbox": (0.5, 0, 4.5, 12)}]
    texts = ["\u02c7", "\u0237"]
    assert compose(chars, texts)
    assert "".join(texts) == "\u01f0"                       # ǰ


# -- ligatures, soft hyphens, special spaces -----------------------------------------------
def test_ligatures_soft_hyphens_and_special_spaces_in_a_pdf():
    md = markdown(gen.ligatures_pdf())
    assert "The first floor offers office, a baffle, fast and just." in md
    assert "soft-hyphen inside, 10 km and 5 mm and 3 kg" in md      # a drawn soft hyphen
    assert "long hyphenation at the end" in md
    assert not re.search("[\u00ad\u00a0\u2009\u202f\ufb00-\ufb06]", md)


@pytest.mark.parametrize("lig, text", [("\ufb00", "ff"), ("\ufb01", "fi"), ("\ufb02", "fl"),
                                       ("\ufb03", "ffi"), ("\ufb04", "ffl"), ("\ufb05", "st"),
                                       ("\ufb06", "st")])
def test_every_ligature_is_expanded(lig, text):
    assert normalise(f"a{lig}b") == f"a{text}b"


def test_soft_hyphens_are_the_hyphens_drawn_or_dropped():
    assert normalise("pseudo\u00adAvicenna and hy\u00ad") == "pseudo-Avicenna and hy-"
    assert normalise("hy\u00ad", line_end=False) == "hy"              # not the line's end
    assert normalise("\u00ad\u00e9quation de \u00adHenderson") == "\u00e9quation de Henderson"
    assert normalise("10\u00a0km\u2002and\u200b\ufeff 5\u205fmm") == "10 km and 5 mm"


# -- text over a background image ----------------------------------------------------------
def test_body_text_over_a_full_width_image_stays_text():
    doc = layoutpdf.parse(gen.text_over_image_pdf())
    md = doc.to_markdown()
    assert "Composition of the pretraining data for the second model release is shown in the " \
           "table below together with the number" in re.sub(r"\s+", " ", md)
    assert not any("Composition" in f.text for f in doc.figures)


# -- blank, near-blank and noisy scans -----------------------------------------------------
@needs_tesseract
@pytest.mark.parametrize("kind", ["blank",   # no ink: told without Tesseract's confidences
                                  pytest.param("specks", marks=needs_tesseract_program),
                                  pytest.param("scribble", marks=needs_tesseract_program)])
def test_a_scan_without_text_gives_empty_text_and_an_issue(kind):
    doc = layoutpdf.parse(gen.scan_pdf(kind), FAST)
    assert len(doc.to_markdown().strip()) <= 20
    assert any(i.code == "blank_page" and i.page == 0 for i in doc.issues)


@needs_tesseract
def test_light_text_on_a_dark_scan_is_read():
    doc = layoutpdf.parse(gen.inverse_scan_pdf(), FAST)
    assert "LOCK DOWN CULTURE" in doc.to_markdown()
    assert not any(i.code == "blank_page" for i in doc.issues)


def test_judge_word_confidences():
    assert ocr_quality.judge([]).blank
    assert ocr_quality.judge([(20.0, "ee"), (35.0, "oe"), (10.0, "Se")]).blank
    low = ocr_quality.judge([(95.0, "Rohrbuch"), (30.0, "Erdgasleitung"), (12.0, "Vreden"),
                             (40.0, "Werkstoff")])
    assert not low.blank and low.low
    good = ocr_quality.judge([(95.0, "Reading"), (91.0, "order"), (30.0, "ii")])
    assert not good.blank and not good.low


def test_parse_tsv_keeps_words_with_their_confidence():
    tsv = ("level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"
           "1\t1\t0\t0\t0\t0\t0\t0\t100\t100\t-1\t\n"
           "5\t1\t1\t1\t1\t1\t10\t10\t30\t12\t96.5\tword\n"
           "5\t1\t1\t1\t1\t2\t50\t10\t8\t12\t12.0\t—\n")
    assert ocr_quality.parse_tsv(tsv) == [(96.5, "word")]


@needs_tesseract_program
def test_low_confidence_page_is_kept_and_flagged(monkeypatch):
    from test_ocr import scan_pdf
    monkeypatch.setattr(ocr_quality, "parse_tsv",
                        lambda text: [(90.0, "Scanned"), (20.0, "pages"), (25.0, "need"),
                                      (15.0, "optical")])
    doc = layoutpdf.parse(scan_pdf(), FAST)
    assert doc.pages[0].extraction_confidence == "low"
    assert any(i.code == "low_ocr_confidence" for i in doc.issues)
    assert "brown fox" in doc.to_markdown()                 # the text is still there
    chunks = split_units(render_units(doc), chunk_size=200, tokenizer=lambda t: t.split())
    assert chunks and all(c.metadata()["extraction_confidence"] == "low" for c in chunks)


# -- OCR line sizes ------------------------------------------------------------------------
def _ocr_line(n: int, text: str, y: float, height: float, x1: float = 500.0) -> Line:
    span = Span(f"p0-ocr-s{n}", text, BBox(50, y, x1, y + height), "OCR", round(height / 1.2, 1),
                0, 0, 255, (50, y + height * 0.8))
    return Line.build(f"p0-ocr-l{n}", 0, (span,))


def test_ocr_lines_larger_than_body_need_a_headings_evidence():
    lines = [_ocr_line(0, "Chapter One", 40, 24, 200)]
    lines += [_ocr_line(k, "a line of running text on the scanned page", 80 + 14 * k, 12)
              for k in range(1, 8)]
    lines.append(_ocr_line(8, "a noisy line of running text read too tall", 80 + 14 * 8, 17))
    lines += [_ocr_line(k, "a line of running text on the scanned page", 84 + 14 * k, 12)
              for k in range(9, 12)]
    sizes = {ln.text: ln.size for ln in recognition._snap_sizes(lines)}
    assert sizes["Chapter One"] == 20.0                     # short, set apart: stays large
    assert sizes["a noisy line of running text read too tall"] == 10.0   # inside a paragraph
