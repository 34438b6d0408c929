"""Recognition: a page (or a clip of it) rendered within the pixel cap, read once by
Tesseract (the `tesseract` program's TSV, `ocr_tsv`, which also gives each word's
confidence; MuPDF's built-in Tesseract, `Pixmap.pdfocr_tobytes`, when only the library is
there), and its words brought back as `Line`/`Span` objects like native text: lines split
at column gaps, rows of one line joined, sizes snapped to the page's usual size, ids
marked as OCR'd (`text.quality.OCR_ID_MARK`)."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

import pymupdf

from ..model import BBox, Line, Span
from ..text.quality import OCR_ID_MARK
from ..text.scripts import cjk_despace, is_cjk, is_hangul
from . import ocr_quality
from .ocr_quality import stands_out
from .ocr_tsv import run_tsv, text_dict
from .text_dict import text_spans

OCR_MAX_PIXELS = 6_000_000      # render cap (A4 at 250 dpi): big pages get a lower dpi
OCR_MIN_DPI = 72
OCR_SPLIT_GAP_EM = 2.0          # a wider gap between words splits an OCR line (columns)
SNAP_BAND = (0.85, 1.2)         # OCR line sizes this close to the page's usual size snap to it
OCR_FLAGS = pymupdf.TEXT_PRESERVE_WHITESPACE | pymupdf.TEXT_MEDIABOX_CLIP


def render(pdf_page: pymupdf.Page, dpi: float, rotate: int,
            clip: pymupdf.Rect | None = None) -> pymupdf.Pixmap:
    """The page (or its `clip`, at the resolution the whole page would get)."""
    dpi = _ocr_dpi(pdf_page, dpi)
    zoom = dpi / 72
    pix = pdf_page.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom).prerotate(rotate), clip=clip,
                              colorspace=pymupdf.csRGB, alpha=False)  # Gray OCRs to nothing
    pix.set_dpi(int(round(dpi)), int(round(dpi)))
    return pix


def _ocr_dpi(pdf_page: pymupdf.Page, dpi: float) -> float:
    rect = pdf_page.rect
    cap = 72 * math.sqrt(OCR_MAX_PIXELS / max(rect.width * rect.height, 1.0))
    return min(max(min(dpi, cap), OCR_MIN_DPI), cap)   # the pixel cap wins on huge pages


# -- recognition ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Recognised:
    """A page's OCR'd lines and Tesseract's (confidence, word) of each word it read
    (`words` None: not known, MuPDF's OCR gives no confidences)."""
    lines: list[Line]
    words: list[tuple[float, str]] | None


def recognise(pdf_page: pymupdf.Page, page_index: int, rotate: int, languages: str, dpi: int,
              tessdata: str, clip: pymupdf.Rect | None = None,
              pix: pymupdf.Pixmap | None = None, program: str | None = None) -> Recognised:
    """OCR the displayed page turned by `rotate` (already rendered as `pix`, when given);
    lines in upright page coordinates (points). With a `clip` (unturned pages only), only
    that region is read. With the `tesseract` `program`, one run of it gives words,
    lines and confidences; without it (or when it fails) MuPDF's Tesseract reads the page."""
    pix = pix or render(pdf_page, dpi, rotate, clip)
    zoom = _ocr_dpi(pdf_page, dpi) / 72
    if clip is None:
        rect = pdf_page.rect
        scale = (rect.height if rotate % 180 else rect.width) / pix.width
        dx = dy = 0.0
    else:          # the pixmap's pixel box, in page points (MuPDF rounds the clip out)
        scale, dx, dy = 1 / zoom, pix.x / zoom, pix.y / zoom
    tsv = run_tsv(program, pix.tobytes("pnm"), languages, tessdata, int(round(zoom * 72))) \
        if program else None
    if tsv is not None:
        return Recognised(ocr_lines(text_dict(tsv, scale, dx, dy), page_index),
                          ocr_quality.parse_tsv(tsv))
    return Recognised(_recognise_mupdf(pdf_page, page_index, rotate, languages, dpi, tessdata,
                                       clip, pix), None)


def _recognise_mupdf(pdf_page: pymupdf.Page, page_index: int, rotate: int, languages: str,
                     dpi: int, tessdata: str, clip: pymupdf.Rect | None,
                     pix: pymupdf.Pixmap) -> list[Line]:
    """MuPDF's Tesseract: the page OCR'd into a PDF text layer, read back as a text dict."""
    origin = (pix.x, pix.y)
    if clip is not None:
        pix.set_origin(0, 0)            # the OCR page is the pixmap from (0, 0); moved back below
    data = pix.pdfocr_tobytes(compress=False, language=languages, tessdata=tessdata)
    with pymupdf.open("pdf", data) as ocr_doc:
        opage = ocr_doc[0]
        if clip is None:
            rect = pdf_page.rect
            width = rect.height if rotate % 180 else rect.width
            scale = width / opage.rect.width
        else:          # the pixmap's pixel box, in page points (MuPDF rounds the clip out)
            zoom = _ocr_dpi(pdf_page, dpi) / 72
            scale = pix.width / zoom / opage.rect.width
        raw = opage.get_textpage(flags=OCR_FLAGS, matrix=pymupdf.Matrix(scale, scale)).extractDICT()
    if clip is not None:
        _shift(raw, origin[0] / zoom, origin[1] / zoom)
    return ocr_lines(raw, page_index)


def _shift(raw: dict, dx: float, dy: float) -> None:
    """Move the words of a text dict (read from a clip) to their place on the page."""
    for s in text_spans(raw):
        x0, y0, x1, y1 = s["bbox"]
        s["bbox"] = (x0 + dx, y0 + dy, x1 + dx, y1 + dy)
        s["origin"] = (s["origin"][0] + dx, s["origin"][1] + dy)


def ocr_lines(raw: dict, page_index: int) -> list[Line]:
    """Lines from the text of an OCR'd page: opaque, one size per line, no spaces inside CJK."""
    rows: list[list[dict]] = []
    for block in raw.get("blocks", ()):
        for ln in block.get("lines", ()) if block.get("type", 0) == 0 else ():
            words = [s for s in ln.get("spans", ()) if s.get("text", "").strip()]
            rows.extend(_split_gaps(words))
    out: list[Line] = []
    nspan = 0
    for words in _merge_rows(rows):
        size = _line_size(words)
        spans: list[Span] = []
        for w in words:
            text = w["text"].strip()
            if spans and not _joins(spans[-1].text, text):
                text = " " + text
            spans.append(Span(f"p{page_index}{OCR_ID_MARK}-s{nspan}", cjk_despace(text),
                              BBox.of(w["bbox"]), "OCR", size, 0, 0, 255, tuple(w["origin"])))
            nspan += 1
        out.append(Line.build(f"p{page_index}{OCR_ID_MARK}-l{len(out)}", page_index,
                              tuple(spans), (1.0, 0.0), False))
    return _snap_sizes(out)


def _snap_sizes(lines: list[Line]) -> list[Line]:
    """Word boxes make OCR sizes wobble; lines near the page's usual size get exactly it,
    and so do larger ones without a heading's evidence (`ocr_quality.stands_out`), so only
    short, set-apart larger lines (headings) or smaller lines (notes) stand out."""
    weights: dict[float, int] = {}
    for ln in lines:
        weights[ln.size] = weights.get(ln.size, 0) + len(ln.text)
    if not weights:
        return lines
    ordered = sorted(weights)
    total, acc, body = sum(weights.values()), 0, ordered[-1]
    for size in ordered:                       # the character-weighted median size
        acc += weights[size]
        if acc * 2 >= total:
            body = size
            break
    out = []
    for ln in lines:
        if ln.size != body and (SNAP_BAND[0] * body <= ln.size <= SNAP_BAND[1] * body
                                or ln.size > body and not stands_out(ln, lines, body)):
            ln = Line.build(ln.id, ln.page, tuple(replace(s, size=body) for s in ln.spans),
                            ln.direction, ln.vertical)
        out.append(ln)
    return out


def _split_gaps(words: list[dict]) -> list[list[dict]]:
    """Words far apart on one baseline belong to different columns or cells."""
    if not words:
        return []
    pieces = [[words[0]]]
    for w in words[1:]:
        prev = pieces[-1][-1]
        if w["bbox"][0] - prev["bbox"][2] > OCR_SPLIT_GAP_EM * max(_height(prev), _height(w), 1.0):
            pieces.append([])
        pieces[-1].append(w)
    return pieces


def _merge_rows(rows: list[list[dict]]) -> list[list[dict]]:
    """MuPDF splits a Tesseract line where word baselines wobble: join a row to the one
    it continues (same height band, a word gap to its right)."""
    out: list[list[dict]] = []
    for row in rows:
        last = out[-1] if out else None
        if last is not None and _continues(last, row):
            last.extend(row)
        else:
            out.append(list(row))
    return out


def _continues(left: list[dict], right: list[dict]) -> bool:
    a, b = left[-1]["bbox"], right[0]["bbox"]
    h = max(min(_height(left[-1]), _height(right[0])), 1.0)
    overlap = min(a[3], b[3]) - max(a[1], b[1])
    gap = b[0] - a[2]
    return overlap > 0.5 * h and -0.2 * h <= gap <= OCR_SPLIT_GAP_EM * h


def _height(word: dict) -> float:
    return word["bbox"][3] - word["bbox"][1]


def _line_size(words: list[dict]) -> float:
    """One font size for an OCR'd line: the median word height (Tesseract sizes each word)."""
    heights = sorted(_height(w) for w in words)
    return round(heights[len(heights) // 2] / 1.2 * 2) / 2 or 1.0


_TIGHT_AFTER = tuple(",.;:!?)]}%\u3001\u3002\uff0c\uff1a\uff1b\uff01\uff1f\uff09")
_TIGHT_BEFORE = tuple("([{\uff08")


def _joins(prev: str, text: str) -> bool:
    """No space between two CJK words, nor between CJK and the punctuation next to it
    (Tesseract separates every CJK word, often every character, by a space)."""
    a, b = prev.rstrip()[-1:], text.lstrip()[:1]
    if not a or not b:
        return False
    if is_cjk(a) and is_cjk(b) and not (is_hangul(a) or is_hangul(b)):
        return True
    before_a = prev.rstrip()[-2:-1]
    return ((is_cjk(a) and b in _TIGHT_AFTER) or (a in _TIGHT_BEFORE and is_cjk(b))
            or (a in _TIGHT_AFTER and is_cjk(before_a) and is_cjk(b) and not is_hangul(b)))
