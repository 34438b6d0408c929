"""OCR for pages without a usable text layer, through Tesseract as built into MuPDF.

The decision is `text.quality.assess` (one place); this module carries it out:

* a page with an invisible text layer over a scan (render mode 3: an OCR layer someone
  made before) keeps that text; it is labelled `TextSource.OCR` and its spans made
  opaque, so the furniture stage does not take it for faint watermark text;
* a scan (an image over most of the page, little or no usable text) or a garbled text
  layer (no Unicode mapping) is OCR'd: the page is rendered and read once by the
  `tesseract` program (its TSV: words, lines and confidences, `ocr_tsv`); a reading in
  doubt asks Tesseract's orientation detection (`tesseract --psm 0`, for /Rotate and for
  images drawn sideways, and the script) and is read again turned upright. Without the
  program, MuPDF's Tesseract reads the page (`Pixmap.pdfocr_tobytes`, the path
  `Page.get_textpage_ocr(full=True)` takes, which cannot turn a page upright), after
  orientation detection. The words come back as the same `Line`/`Span` objects as
  native text, so they go through the same stages. Native lines worth keeping (a
  visible stamp on a scan, the formulas on a page whose CJK font is broken) stay: the
  page is then `TextSource.MIXED`.

Coordinates of an OCR'd page are those of the upright page: when the scan had to be
turned, images and drawings are turned with it and `Page.width/height` follow.
Ids of OCR'd lines and spans carry `text.quality.OCR_ID_MARK`.

Beside it: tesseract.py (is Tesseract there, which languages, which way up),
recognition.py (render, recognise, words back as lines), ocr_tsv.py (the one run),
ocr_quality.py (blank and doubtful readings, which way up).
"""
from __future__ import annotations

import logging
from dataclasses import replace

import pymupdf

from ..errors import Issue, OCRUnavailableError, ResourceLimitError
from ..limits import DocumentClock, current_clock
from ..model import BBox, Drawing, ImagePlacement, Line, Page, Span, TextSource
from ..settings import Settings
from ..text.quality import TextLayerReport, assess, garbled_chars
from .images import too_large
from .ocr_quality import Reading, inkless, reading_of, reads_upright
from .recognition import Recognised, recognise
from .render import view_matrix
from .tesseract import Engine, engine, languages_for, orientation

log = logging.getLogger("layoutpdf")

KEEP_OVERLAP = 0.5              # an OCR line half covered by a kept native line is a duplicate
# a garbled text layer is OCR'd in the region of its garbled spans only: their union, this
# much around it (a text line's height, so Tesseract sees whole lines and white margins) ...
REGION_MARGIN_EM = 1.0
REGION_MARGIN_PT = 6.0
REGION_MAX_SHARE = 0.5          # ... unless that region is half the page or more (little to gain)


# -- the decision, carried out ----------------------------------------------------------------
def apply_ocr(pdf_page: pymupdf.Page, page: Page, settings: Settings,
              issues: list[Issue] | None = None, clock: DocumentClock | None = None) -> Page:
    """Return the page with its text source decided and, where needed, its text OCR'd
    (while `clock`, the document's (by default the one being read, `current_clock`),
    allows OCR; else the page keeps its text layer, flagged low)."""
    cfg = settings.ocr
    report = assess(page)
    if cfg.mode != "always" and report.has_hidden_ocr_layer:
        return _hidden_layer(page)
    reason = "ocr_always" if cfg.mode == "always" else report.ocr_reason
    if cfg.mode == "never" or reason is None:
        return page
    if too_large(page.images, settings.limits.max_image_pixels):
        return page        # rendering would decode it (extract_page's image_not_decoded)
    clock = clock or current_clock()
    if clock is not None and not clock.ocr_allowed(page.index, issues if issues is not None else []):
        if settings.strict:
            raise ResourceLimitError(f"page {page.index + 1} needs OCR ({reason}) but OCR has "
                                     "used its share of limits.document_time_budget_s")
        return replace(page, extraction_confidence="low")
    eng, message = engine(cfg.languages)
    if eng is None:
        if cfg.mode == "always" or settings.strict:
            raise OCRUnavailableError(message)
        _note(issues, Issue("ocr", page.index, "ocr_unavailable",
                            f"page {page.index + 1} needs OCR ({reason}) but {message}"))
        return page
    if reason == "garbled_text_layer":
        _note(issues, Issue("ocr", page.index, reason,
                            f"page {page.index + 1}: {report.garbled} of {report.chars} characters have "
                            "no usable Unicode mapping (broken font encoding, e.g. no ToUnicode map); "
                            "that text is replaced by OCR"))
    try:
        return _ocr(pdf_page, page, settings, eng, report, issues)
    except Exception as exc:  # a page Tesseract cannot read keeps its native content
        if settings.strict:
            raise
        log.warning("OCR failed on page %d: %s", page.index + 1, exc)
        _note(issues, Issue("ocr", page.index, "ocr_failed",
                            f"page {page.index + 1}: OCR failed ({type(exc).__name__}: {exc})"))
        return page


def _note(issues: list[Issue] | None, issue: Issue) -> None:
    """Record an issue; `ocr_unavailable` once per document, not once per page."""
    if issues is None:
        return
    if issue.code == "ocr_unavailable" and any(i.code == issue.code for i in issues):
        return
    issues.append(issue)


def _hidden_layer(page: Page) -> Page:
    lines = tuple(replace(ln, spans=tuple(replace(s, alpha=255) if s.alpha == 0 else s
                                          for s in ln.spans)) for ln in page.lines)
    return replace(page, lines=lines, text_source=TextSource.OCR)


def _ocr(pdf_page: pymupdf.Page, page: Page, settings: Settings, eng: Engine,
         report: TextLayerReport, issues: list[Issue] | None = None) -> Page:
    if not (report.is_scan or settings.ocr.mode == "always"):
        replaced = _ocr_garbled_region(pdf_page, page, settings, eng)
        if replaced is not None:
            return replaced
    rotate, reading, ocr_lines = _read_page(pdf_page, page.index, settings.ocr.dpi, eng,
                                            report.is_scan or settings.ocr.mode == "always")
    matrix, width, height = upright_matrix(page, rotate)
    _note_reading(issues, page.index, reading)
    keep, dropped = _native_to_keep(page, settings)
    moved = tuple(matrix) != (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    if moved:
        keep = [_move_line(ln, matrix) for ln in keep]
        dropped = [_move_box(b, matrix) for b in dropped]
    if report.is_scan or settings.ocr.mode == "always":
        added = [ln for ln in ocr_lines if not _covered(ln.bbox, keep)]
    else:                                     # a garbled layer: OCR only where it was garbage
        added = [piece for ln in ocr_lines for piece in _pieces(ln, lambda s: _covered(s.bbox, dropped, 0.2))]
    if keep and added:
        source = TextSource.MIXED
    else:
        source = TextSource.NATIVE if keep else TextSource.OCR
    low = reading is not None and reading.low and bool(added)
    return replace(page, lines=tuple(keep) + tuple(added), text_source=source,
                   extraction_confidence="low" if low else page.extraction_confidence,
                   width=width, height=height, view_rotation=(-rotate) % 360,
                   images=tuple(_move_image(im, matrix) for im in page.images) if moved else page.images,
                   drawings=tuple(_move_drawing(d, matrix) for d in page.drawings) if moved else page.drawings,
                   table_candidates=() if moved else page.table_candidates)


def _ocr_garbled_region(pdf_page: pymupdf.Page, page: Page, settings: Settings,
                        eng: Engine) -> Page | None:
    """A garbled text layer: OCR only the region of the spans being replaced (their
    union, a line's height around it), not the whole page; None when that cannot be
    done (a rotated page, a region that is most of the page, text turned sideways), so
    the caller OCRs the page."""
    keep, dropped = _native_to_keep(page, settings)
    clip = _garbled_region(pdf_page, page, dropped)
    if clip is None:
        return None
    _, read = _read_upright(pdf_page, page.index, settings.ocr.dpi, eng, clip)
    if read is None:
        return None
    ocr_lines = read.lines
    added = [piece for ln in ocr_lines for piece in _pieces(ln, lambda s: _covered(s.bbox, dropped, 0.2))]
    source = (TextSource.MIXED if keep and added else
              TextSource.NATIVE if keep else TextSource.OCR)
    return replace(page, lines=tuple(keep) + tuple(added), text_source=source)


def _read_page(pdf_page: pymupdf.Page, index: int, dpi: int, eng: Engine,
               wants_probe: bool) -> tuple[int, Reading | None, list[Line]]:
    """(clockwise turn, the reading's verdict, OCR'd lines) of the whole page.

    A page without a stroke of ink is blank before anything is read. Else one Tesseract
    run reads the page (`_read_upright`), and its word confidences judge the reading
    (`ocr_quality.judge`: a blank page's words are dropped, a doubtful page flagged);
    MuPDF's OCR, without confidences, when only the library is there."""
    reading = inkless(pdf_page) if wants_probe else None
    if reading is not None:
        return 0, reading, []
    rotate, read = _read_upright(pdf_page, index, dpi, eng)
    reading = reading_of(read.words) if wants_probe else None
    if reading is not None and reading.blank:
        return rotate, reading, []
    return rotate, reading, read.lines


def _read_upright(pdf_page: pymupdf.Page, index: int, dpi: int, eng: Engine,
                  clip: pymupdf.Rect | None = None) -> tuple[int, Recognised | None]:
    """(clockwise turn that makes the page (or its `clip`) upright, its reading; None for
    a turned clip, which the caller reads as a whole page).

    Most scans lie the right way up and are in the configured languages: the page is
    read as it is shown first, and a reading Tesseract is sure of, in lines set
    across the page (`ocr_quality.reads_upright`), is kept. Only a doubtful reading
    (a page upside down or sideways, a script the languages do not read, a poor scan)
    asks orientation detection (`tesseract --psm 0`) which way is up and which script
    it is, and is read again if that changes anything."""
    configured = "+".join(eng.languages)
    first = None
    if eng.program:
        first = recognise(pdf_page, index, 0, configured, dpi, eng.tessdata, clip,
                          program=eng.program)
        if reads_upright(first.words, first.lines):
            return 0, first
    rotate, script = orientation(pdf_page, eng, clip)
    languages = languages_for(eng, script)
    if rotate and clip is not None:
        return rotate, None
    if first is not None and not rotate and languages == configured:
        return 0, first
    return rotate, recognise(pdf_page, index, rotate, languages, dpi, eng.tessdata, clip,
                             program=eng.program)


def _garbled_region(pdf_page: pymupdf.Page, page: Page, dropped: list[BBox]) -> pymupdf.Rect | None:
    if not dropped or pdf_page.rotation % 360 or page.view_rotation:
        return None
    u = BBox.union_all(dropped)
    pad = max(REGION_MARGIN_PT, REGION_MARGIN_EM * max(b.height for b in dropped))
    clip = pymupdf.Rect(u.x0 - pad, u.y0 - pad, u.x1 + pad, u.y1 + pad) & pdf_page.rect
    if clip.is_empty or clip.width * clip.height >= REGION_MAX_SHARE * pdf_page.rect.get_area():
        return None
    return clip


def _note_reading(issues: list[Issue] | None, index: int, reading: Reading | None) -> None:
    if reading is not None and reading.blank:
        _note(issues, Issue("ocr", index, "blank_page",
                            f"page {index + 1}: a scan with no text on it ({reading.why}); "
                            "not OCR'd, so its text is empty rather than noise"))
    elif reading is not None and reading.low:
        _note(issues, Issue("ocr", index, "low_ocr_confidence",
                            f"page {index + 1}: OCR is unsure of most of the text ({reading.why}: "
                            "handwriting or a poor scan); the text is kept, marked "
                            "extraction_confidence low"))


def _native_to_keep(page: Page, settings: Settings) -> tuple[list[Line], list[BBox]]:
    """Native text that stays next to the OCR'd text, and the boxes of what goes:
    invisible lines (a poor earlier OCR layer) and garbled spans go; a line keeps its
    good spans, split where a garbled one was, so OCR'd words fall into the gaps."""
    if settings.ocr.mode == "always":
        return [], [ln.bbox for ln in page.lines]
    keep: list[Line] = []
    dropped: list[BBox] = []
    for ln in page.lines:
        if not ln.text.strip() or all(s.alpha == 0 for s in ln.spans if s.text.strip()):
            dropped.append(ln.bbox)
            continue
        bad = {s.id for s in ln.spans if _garbled_span(s)}
        dropped.extend(s.bbox for s in ln.spans if s.id in bad)
        keep.extend(_pieces(ln, lambda s: s.id not in bad) if bad else [ln])
    return keep, dropped


def _garbled_span(s: Span) -> bool:
    text = s.text.strip()
    return bool(text) and garbled_chars(s.text, s.font) > 0.3 * len(text)


def _pieces(ln: Line, wanted) -> list[Line]:
    """The runs of a line's spans that are `wanted`, each its own line (id suffixed)."""
    runs: list[list[Span]] = [[]]
    for s in ln.spans:
        if wanted(s):
            runs[-1].append(s)
        elif runs[-1]:
            runs.append([])
    runs = [r for r in runs if any(s.text.strip() for s in r)]
    if len(runs) == 1 and len(runs[0]) == len(ln.spans):
        return [ln]
    out = []
    for k, run in enumerate(runs):
        run[0] = replace(run[0], text=run[0].text.lstrip())
        out.append(Line.build(f"{ln.id}.{k}", ln.page, tuple(run), ln.direction, ln.vertical))
    return out


def _covered(box: BBox, others, share: float = KEEP_OVERLAP) -> bool:
    for o in others:
        ob = o.bbox if isinstance(o, Line) else o
        inter = box.intersection(ob)
        if inter is not None and inter.area >= share * min(box.area, ob.area):
            return True
    return False


def upright_matrix(page: Page, rotate: int) -> tuple[pymupdf.Matrix, float, float]:
    """Matrix from the extracted page's coordinates to the displayed page turned by
    `rotate` (what OCR reads), and that page's size."""
    shown = view_matrix(page.view_rotation, page.width, page.height)
    r = pymupdf.Rect(0, 0, page.width, page.height) * shown
    turned = view_matrix(rotate, r.width, r.height)
    out = pymupdf.Rect(0, 0, r.width, r.height) * turned
    return shown * turned, float(out.width), float(out.height)


# -- moving raw content to the upright page -------------------------------------------------
def _move_box(b: BBox, m: pymupdf.Matrix) -> BBox:
    r = pymupdf.Rect(b.x0, b.y0, b.x1, b.y1) * m
    return BBox(r.x0, r.y0, r.x1, r.y1)


def _move_line(ln: Line, m: pymupdf.Matrix) -> Line:
    spans = tuple(replace(s, bbox=_move_box(s.bbox, m),
                          origin=tuple(pymupdf.Point(s.origin) * m)) for s in ln.spans)
    d = pymupdf.Point(ln.direction) * pymupdf.Matrix(m.a, m.b, m.c, m.d, 0, 0)
    return Line.build(ln.id, ln.page, spans, (round(d.x, 3), round(d.y, 3)), ln.vertical)


def _move_image(im: ImagePlacement, m: pymupdf.Matrix) -> ImagePlacement:
    return replace(im, bbox=_move_box(im.bbox, m))


def _move_drawing(d: Drawing, m: pymupdf.Matrix) -> Drawing:
    return replace(d, bbox=_move_box(d.bbox, m))
