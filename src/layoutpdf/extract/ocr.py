"""OCR for pages without a usable text layer, through Tesseract as built into MuPDF.

The decision is `text.quality.assess` (one place); this module carries it out:

* a page with an invisible text layer over a scan (render mode 3: an OCR layer someone
  made before) keeps that text; it is labelled `TextSource.OCR` and its spans made
  opaque, so the furniture stage does not take it for faint watermark text;
* a scan (an image over most of the page, little or no usable text) or a garbled text
  layer (no Unicode mapping) is OCR'd: the page is rendered, turned upright (Tesseract's
  orientation detection, `tesseract --psm 0`, for /Rotate and for images drawn sideways),
  recognised by MuPDF's Tesseract (`Pixmap.pdfocr_tobytes`, the path
  `Page.get_textpage_ocr(full=True)` takes, which cannot turn a page upright), and the
  words come back as the same `Line`/`Span` objects as native text, so they go through
  the same stages. Native lines worth keeping (a visible stamp on a scan, the formulas on
  a page whose CJK font is broken) stay: the page is then `TextSource.MIXED`.

Coordinates of an OCR'd page are those of the upright page: when the scan had to be
turned, images and drawings are turned with it and `Page.width/height` follow.
Ids of OCR'd lines and spans carry `text_layer.OCR_ID_MARK`.
"""
from __future__ import annotations

import functools
import glob
import logging
import math
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, replace

import pymupdf

from ..errors import Issue, OCRUnavailableError
from ..model import BBox, Drawing, ImagePlacement, Line, Page, Span, TextSource
from ..settings import Settings
from ..text.quality import OCR_ID_MARK, TextLayerReport, assess, garbled_chars
from ..text.scripts import cjk_despace, is_cjk, is_hangul
from .ocr_quality import Reading, WordConfidences, inkless, reading_of, stands_out
from .render import view_matrix
from .text_dict import text_spans

log = logging.getLogger("layoutpdf")

OCR_MAX_PIXELS = 6_000_000      # render cap (A4 at 250 dpi): big pages get a lower dpi
OCR_MIN_DPI = 72
OSD_DPI = 150                   # orientation detection needs less detail than OCR
OSD_MIN_CONFIDENCE = 1.5        # Tesseract's orientation confidence to trust a rotation
OSD_MIN_SCRIPT_CONFIDENCE = 1.0 # ... and its script confidence to add a language
OSD_TIMEOUT_S = 60
KEEP_OVERLAP = 0.5              # an OCR line half covered by a kept native line is a duplicate
OCR_SPLIT_GAP_EM = 2.0          # a wider gap between words splits an OCR line (columns)
SNAP_BAND = (0.85, 1.2)         # OCR line sizes this close to the page's usual size snap to it
OCR_FLAGS = pymupdf.TEXT_PRESERVE_WHITESPACE | pymupdf.TEXT_MEDIABOX_CLIP
# a garbled text layer is OCR'd in the region of its garbled spans only: their union, this
# much around it (a text line's height, so Tesseract sees whole lines and white margins) ...
REGION_MARGIN_EM = 1.0
REGION_MARGIN_PT = 6.0
REGION_MAX_SHARE = 0.5          # ... unless that region is half the page or more (little to gain)

TESSDATA_GLOBS = ("/usr/share/tesseract-ocr/*/tessdata", "/usr/share/tesseract-ocr/tessdata",
                  "/usr/share/tessdata", "/usr/local/share/tessdata",
                  "/usr/local/share/tesseract-ocr/*/tessdata", "/opt/homebrew/share/tessdata",
                  "/opt/local/share/tessdata")
# script named by Tesseract's orientation detection -> language packs that read it
SCRIPT_LANGUAGES = {"Han": ("chi_sim", "chi_tra"), "Japanese": ("jpn",), "Korean": ("kor",),
                    "Hangul": ("kor",), "Cyrillic": ("rus", "ukr"), "Greek": ("ell",),
                    "Arabic": ("ara",), "Hebrew": ("heb",), "Devanagari": ("hin",),
                    "Thai": ("tha",)}


# -- is Tesseract there? ------------------------------------------------------------------
def install_hint(languages: tuple[str, ...] = ("eng",)) -> str:
    """The Debian command that installs Tesseract with these language packs."""
    packs = ["tesseract-ocr"] + [f"tesseract-ocr-{lang.lower().replace('_', '-')}"
                                 for lang in dict.fromkeys(("eng",) + tuple(languages))]
    return "apt-get install " + " ".join(packs)


@functools.lru_cache(maxsize=1)
def tessdata_dir() -> str | None:
    """Tesseract's language data folder: TESSDATA_PREFIX, the usual places, or PyMuPDF's search."""
    env = os.environ.get("TESSDATA_PREFIX")
    if env and os.path.isdir(env):
        return env
    found = sorted(d for pattern in TESSDATA_GLOBS for d in glob.glob(pattern)
                   if glob.glob(os.path.join(d, "*.traineddata")))
    if found:
        return found[-1]                       # the newest versioned folder
    try:
        path = pymupdf.get_tessdata()
    except Exception:  # PyMuPDF raises RuntimeError when there is no Tesseract at all
        return None
    return path if path and os.path.isdir(path) else None


def installed_languages(tessdata: str | None = None) -> frozenset[str]:
    folder = tessdata or tessdata_dir()
    if not folder:
        return frozenset()
    return frozenset(os.path.basename(p)[:-len(".traineddata")]
                     for p in glob.glob(os.path.join(folder, "*.traineddata")))


@dataclass(frozen=True)
class Engine:
    tessdata: str
    languages: tuple[str, ...]          # the configured ones, all installed
    installed: frozenset[str]
    osd: str | None                     # the tesseract binary, for orientation detection


def engine(languages: tuple[str, ...]) -> tuple[Engine | None, str]:
    """The OCR engine for these languages, or None and a message saying what to install."""
    folder = tessdata_dir()
    installed = installed_languages(folder)
    missing = tuple(lang for lang in languages if lang not in installed)
    if folder is None or not installed:
        return None, ("OCR needs Tesseract, which is not installed (no tessdata folder found; "
                      f"set TESSDATA_PREFIX if it is elsewhere): {install_hint(languages)}")
    if missing:
        return None, (f"OCR language data {', '.join(missing)} not installed in {folder}: "
                      f"{install_hint(missing)}")
    binary = shutil.which("tesseract")
    osd = binary if binary and "osd" in installed else None
    return Engine(folder, tuple(languages), installed, osd), ""


# -- the decision, carried out ----------------------------------------------------------------
def apply_ocr(pdf_page: pymupdf.Page, page: Page, settings: Settings,
              issues: list[Issue] | None = None) -> Page:
    """Return the page with its text source decided and, where needed, its text OCR'd."""
    cfg = settings.ocr
    report = assess(page)
    if cfg.mode != "always" and report.has_hidden_ocr_layer:
        return _hidden_layer(page)
    reason = "ocr_always" if cfg.mode == "always" else report.ocr_reason
    if cfg.mode == "never" or reason is None:
        return page
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
    rotate, script = orientation(pdf_page, eng, clip)
    if rotate:
        return None
    ocr_lines = recognise(pdf_page, page.index, 0, _languages(eng, script), settings.ocr.dpi,
                          eng.tessdata, clip)
    added = [piece for ln in ocr_lines for piece in _pieces(ln, lambda s: _covered(s.bbox, dropped, 0.2))]
    source = (TextSource.MIXED if keep and added else
              TextSource.NATIVE if keep else TextSource.OCR)
    return replace(page, lines=tuple(keep) + tuple(added), text_source=source)


def _read_page(pdf_page: pymupdf.Page, index: int, dpi: int, eng: Engine,
               wants_probe: bool) -> tuple[int, Reading | None, list[Line]]:
    """(clockwise turn, probe's reading, OCR'd lines) of the whole page.

    The probe's word confidences are a Tesseract run of their own (a `tesseract` process):
    it runs while MuPDF reads the same rendering, turned and in the languages orientation
    detection chose. The outcome is the one of reading after probing (a blank page's
    reading is dropped); only the wall clock differs."""
    rotate, script = orientation(pdf_page, eng)
    languages = _languages(eng, script)
    pix = _render(pdf_page, dpi, rotate)
    reading = inkless(pdf_page) if wants_probe else None
    if not wants_probe or reading is not None:
        lines = [] if reading is not None else \
            recognise(pdf_page, index, rotate, languages, dpi, eng.tessdata, pix=pix)
        return rotate, reading, lines
    words = WordConfidences(pix.tobytes("png"), languages, eng.tessdata)
    try:
        try:
            lines, failure = recognise(pdf_page, index, rotate, languages, dpi, eng.tessdata,
                                       pix=pix), None
        except Exception as exc:   # raised only if the reading is used (a blank page's is not)
            lines, failure = [], exc
        reading = reading_of(words.result())
    finally:
        words.close()
    if reading is not None and reading.blank:
        return rotate, reading, []
    if failure is not None:
        raise failure
    return rotate, reading, lines


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


def _languages(eng: Engine, script: str | None) -> str:
    """The configured languages; when the page's script is one none of them reads (Han
    on an `eng` setting), the installed pack for that script instead (each extra language
    costs a full extra recognition pass)."""
    langs = list(eng.languages)
    wanted = SCRIPT_LANGUAGES.get(script or "", ())
    if wanted and not any(w in langs for w in wanted):
        found = [w for w in wanted if w in eng.installed][:1]
        if found:
            log.info("OCR: %s script detected; reading it with %s", script, found[0])
            langs = found
    return "+".join(langs)


# -- orientation ----------------------------------------------------------------------------
def orientation(pdf_page: pymupdf.Page, eng: Engine,
                clip: pymupdf.Rect | None = None) -> tuple[int, str | None]:
    """(clockwise degrees that make the displayed page (or its `clip`) upright, script)
    from Tesseract's OSD."""
    if not eng.osd:
        return 0, None
    pix = _render(pdf_page, OSD_DPI, 0, clip)
    env = dict(os.environ, TESSDATA_PREFIX=eng.tessdata, OMP_THREAD_LIMIT="1")
    try:
        out = subprocess.run([eng.osd, "stdin", "stdout", "--psm", "0"], input=pix.tobytes("png"),
                             capture_output=True, timeout=OSD_TIMEOUT_S, env=env, check=False)
    except (OSError, subprocess.SubprocessError) as exc:
        log.info("orientation detection failed: %s", exc)
        return 0, None
    return parse_osd(out.stdout.decode("utf-8", "replace"))


def parse_osd(text: str) -> tuple[int, str | None]:
    def num(key: str) -> float | None:
        m = re.search(rf"{key}:\s*(-?[\d.]+)", text)
        return float(m.group(1)) if m else None
    rotate, conf = num("Rotate"), num("Orientation confidence")
    m = re.search(r"Script:\s*(\w+)", text)
    script_conf = num("Script confidence") or 0.0
    script = m.group(1) if m and script_conf >= OSD_MIN_SCRIPT_CONFIDENCE else None
    if rotate is None or (conf or 0.0) < OSD_MIN_CONFIDENCE:
        return 0, script
    return int(rotate) % 360, script


def upright_matrix(page: Page, rotate: int) -> tuple[pymupdf.Matrix, float, float]:
    """Matrix from the extracted page's coordinates to the displayed page turned by
    `rotate` (what OCR reads), and that page's size."""
    shown = view_matrix(page.view_rotation, page.width, page.height)
    r = pymupdf.Rect(0, 0, page.width, page.height) * shown
    turned = view_matrix(rotate, r.width, r.height)
    out = pymupdf.Rect(0, 0, r.width, r.height) * turned
    return shown * turned, float(out.width), float(out.height)


def _render(pdf_page: pymupdf.Page, dpi: float, rotate: int,
            clip: pymupdf.Rect | None = None) -> pymupdf.Pixmap:
    """The page (or its `clip`, at the resolution the whole page would get)."""
    dpi = _dpi(pdf_page, dpi)
    zoom = dpi / 72
    pix = pdf_page.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom).prerotate(rotate), clip=clip,
                              colorspace=pymupdf.csRGB, alpha=False)  # Gray OCRs to nothing
    pix.set_dpi(int(round(dpi)), int(round(dpi)))
    return pix


def _dpi(pdf_page: pymupdf.Page, dpi: float) -> float:
    rect = pdf_page.rect
    cap = 72 * math.sqrt(OCR_MAX_PIXELS / max(rect.width * rect.height, 1.0))
    return min(max(min(dpi, cap), OCR_MIN_DPI), cap)   # the pixel cap wins on huge pages


# -- recognition ----------------------------------------------------------------------------
def recognise(pdf_page: pymupdf.Page, page_index: int, rotate: int, languages: str, dpi: int,
              tessdata: str, clip: pymupdf.Rect | None = None,
              pix: pymupdf.Pixmap | None = None) -> list[Line]:
    """OCR the displayed page turned by `rotate` (already rendered as `pix`, when given);
    lines in upright page coordinates (points). With a `clip` (unturned pages only), only
    that region is read."""
    pix = pix or _render(pdf_page, dpi, rotate, clip)
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
            zoom = _dpi(pdf_page, dpi) / 72
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
