"""Furniture a page shows on its own, when nothing repeats (a one-page document, a page
read alone, the first page of an article).

Publishers and office suites set headers and footers apart from the text block: in the
outermost rows of the page, with more white space between them and the body than
between two body lines, often smaller, and in a few recognisable kinds (page numbers,
URLs and DOIs, copyright and licence lines, "Downloaded from ..." stamps, journal
citation lines, dates). `outer_blocks` finds the rows set apart at the top and bottom of
a page; `furniture_kind` says which of those lines read as furniture, and why.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter

from ...elements.captions import parse_label
from ...model import Line, Page, TextSource
from ...text.lines import CLAUSE_END
from ...text.margin_lines import NOTE_MARKER, PATTERNS, is_page_count, marker_first, page_number
from .content_box import band_limits

_CAPS_FOLIO = re.compile(r"^\d{1,4}\s+[A-Z][A-Z\s&'’:,-]{1,60}$")  # '4 FREE CULTURE': a folio, not note 4
_NOTE_START = re.compile(r"^\s*(?:\d{1,3}|[*†‡§¶]{1,3})\s*[^\W\d]")   # '1 See the ...', '3You may'

MAX_OUTER_ROWS = 3          # a header or footer block is at most this many rows
MAX_WORDS = 30              # a furniture line is a label, not a paragraph line
# white space between a header or footer and the body: this many times the usual space
# between two rows of the page, and at least half a body line pitch
USUAL_GAPS = 2.5
MIN_SEPARATION_PITCHES = 0.5
HEADER_SIZE_RATIO = 0.95    # an unpatterned running head is set smaller than the body
MAX_HEAD_WORDS = 15
DATE_LINE_WORDS = 12        # a dated footer is a short line; a longer one is prose naming a date
HEAD_GAP_PITCHES = 1.5      # a body-size running head sits this far above the text


@dataclass(frozen=True)
class OuterBlock:
    where: str                  # "top" | "bottom"
    lines: tuple[Line, ...]
    gap: float                  # white space between the block and the nearest body row
    rows: int = 1


_TOP = attrgetter("bbox.y0")


def rows(lines: list[Line]) -> list[list[Line]]:
    """Lines grouped into rows (overlapping vertically), top to bottom."""
    return [row for row, _, _ in rows_and_extents(lines)]


def rows_and_extents(lines: list[Line]) -> list[tuple[list[Line], float, float]]:
    """`rows`, each with its top and bottom (those of its highest and lowest lines)."""
    rows: list[list[Line]] = []
    tops: list[float] = []                    # lines come in y0 order: a row's first is its top
    bottoms: list[float] = []                 # the lowest of its lines
    for ln in sorted(lines, key=_TOP):
        b = ln.bbox
        if rows and b.y0 < bottoms[-1] - 0.3 * b.height:
            rows[-1].append(ln)
            if b.y1 > bottoms[-1]:
                bottoms[-1] = b.y1
        else:
            rows.append([ln])
            tops.append(b.y0)
            bottoms.append(b.y1)
    return list(zip(rows, tops, bottoms))


def _usual_gap(grouped: list[tuple[list[Line], float, float]]) -> float:
    """The median white space between consecutive rows of the page."""
    gaps = sorted(max(0.0, b[1] - a[2]) for a, b in zip(grouped, grouped[1:]))   # touching rows: 0
    return gaps[len(gaps) // 2] if gaps else 0.0


def outer_blocks(page: Page, lines: list[Line], band: float, pitch: float,
                 limits: tuple[float, float] | None = None) -> list[OuterBlock]:
    """The rows at the top and at the bottom of the page (at most MAX_OUTER_ROWS, within
    the band) that white space sets apart from the rest of the text: the gap to the next
    row inward is USUAL_GAPS times the page's usual gap between rows (at least half a line
    pitch), and wider than any gap inside. On an OCR'd page (`ocr_page`) a row is also set
    apart by the middle of its box (`_apart_by_middles`).
    A block holding a caption label is a caption set apart from its float, not furniture."""
    limits = limits or (page.height * band, page.height * (1 - band))
    return outer_blocks_of(rows_and_extents(lines), limits, pitch, ocr_page(page))


def ocr_page(page: Page) -> bool:
    """The page's text is an OCR layer over its image (read here, or an invisible layer
    someone made before): its sizes and boxes are those of recognised ink, not of type."""
    return page.text_source is not TextSource.NATIVE


def outer_blocks_of(grouped: list[tuple[list[Line], float, float]], limits: tuple[float, float],
                    pitch: float, ocr: bool = False) -> list[OuterBlock]:
    """`outer_blocks` of a page's rows; `limits`: the lowest a top row may end and the
    highest a bottom row may start (the bands, `content_box.band_limits`)."""
    need = max(MIN_SEPARATION_PITCHES * pitch, USUAL_GAPS * _usual_gap(grouped))
    apart = _apart_by_middles(grouped) if ocr else None
    out: list[OuterBlock] = []
    for where, seq in (("top", grouped), ("bottom", grouped[::-1])):
        block = _outer_block(seq, where, limits, need, apart)
        if block is not None:
            out.append(block)
    return out


def _apart_by_middles(grouped: list[tuple[list[Line], float, float]]):
    """On an OCR'd page the boxes are those of recognised ink, grown or cut by the engine's
    guess at ascenders and descenders: a row of capitals and figures may get a box deeper
    than its letters, and its 'baseline' is the box's foot; the white between two body
    rows holds the leading and the empty part of their em, so the box gaps are uneven and
    their usual one large. The middles of the boxes keep the type's pitch: a row is set
    apart when its middle lies half a pitch more than the page's usual pitch from the next
    row's. Returns a test of two neighbouring rows (None when the page has too few rows)."""
    middles = {id(r): (top + bottom) / 2 for r, top, bottom in grouped}
    ys = [middles[id(r)] for r, _, _ in grouped]
    steps = sorted(b - a for a, b in zip(ys, ys[1:]) if b > a)
    if len(steps) < 2:
        return None
    need = (1 + MIN_SEPARATION_PITCHES) * steps[len(steps) // 2]
    return lambda row, other: abs(middles[id(other)] - middles[id(row)]) >= need


def _outer_block(seq: list[tuple[list[Line], float, float]], where: str, limits: tuple[float, float],
                 need: float, apart=None) -> OuterBlock | None:
    inside_gap = 0.0
    for k in range(min(MAX_OUTER_ROWS, len(seq) - 1)):
        (row, top, bottom), (next_row, next_top, next_bottom) = seq[k], seq[k + 1]
        if where == "top":
            in_band, gap = bottom <= limits[0], next_top - bottom
        else:
            in_band, gap = top >= limits[1], top - next_bottom
        if not in_band:
            return None
        if gap >= need and gap > 1.5 * inside_gap \
                or apart is not None and k == 0 and apart(row, next_row):
            lines = tuple(ln for r, _, _ in seq[:k + 1] for ln in r)
            if any(parse_label(ln.text.strip()) for ln in lines):
                return None     # a caption over (or under) its table or figure
            if any(marker_first(ln) or _marker_beside(ln, lines) or where == "bottom"
                   and _NOTE_START.match(ln.text) and not _CAPS_FOLIO.match(ln.text.strip())
                   for ln in lines):
                return None     # footnotes closing the page (or carried over to its top)
            return OuterBlock(where, lines, gap, k + 1)
        inside_gap = max(inside_gap, gap)
    return None


class PageLines:
    """Each page's upright lines, and those of them holding text, picked out once: every
    furniture rule looks at them, less the lines already marked. The rows of a page and
    its `outer_blocks` are worked out again only when the lines left to it have changed
    (the rules between two asks seldom mark anything on a page)."""

    def __init__(self, pages, band: float, pitch: float):
        self.upright = {p.index: [ln for ln in p.lines if ln.horizontal] for p in pages}
        self.text = {i: [ln for ln in lines if ln.text.strip()] for i, lines in self.upright.items()}
        self.band, self.pitch = band, pitch
        self.ocr = {p.index: ocr_page(p) for p in pages}
        # page index -> (top band's lower edge, bottom band's upper edge), from the content
        self.limits = band_limits(pages, self.text, band)
        self._rows: dict[int, tuple[list[Line], list]] = {}      # free lines, their rows
        self._outer: dict[int, tuple[list, list[OuterBlock]]] = {}  # rows, their blocks

    def free(self, page: Page, marks: dict) -> list[Line]:
        """The page's upright lines with text that no rule has marked yet."""
        return [ln for ln in self.text[page.index] if ln.id not in marks]

    def rows(self, page: Page, marks: dict) -> list[tuple[list[Line], float, float]]:
        """`rows_and_extents` of the page's free lines."""
        lines = self.free(page, marks)
        known = self._rows.get(page.index)
        if known is None or known[0] != lines:     # the same line objects: compared by identity
            known = self._rows[page.index] = lines, rows_and_extents(lines)
        return known[1]

    def outer_blocks(self, page: Page, marks: dict) -> list[OuterBlock]:
        grouped = self.rows(page, marks)
        known = self._outer.get(page.index)
        if known is None or known[0] is not grouped:
            known = self._outer[page.index] = grouped, outer_blocks_of(
                grouped, self.limits[page.index], self.pitch, self.ocr[page.index])
        return known[1]


def furniture_kind(ln: Line, block: OuterBlock, body_size: float, pitch: float) -> str | None:
    """Why a line of a set-apart outer block is furniture, or None when it may be text:
    a page number, a line of a furniture pattern, or (at the top) a short running head."""
    text = " ".join(ln.text.split())
    if not text or parse_label(text) is not None:
        return None
    if ln.size > body_size * 1.15:
        return None             # a title, a chapter number
    number = page_number(text)
    if number and number.group("count") is None:
        return "page number"    # with its count ('3 of 10') it is a 'page count' line, below
    if len(text.split()) > MAX_WORDS:
        return None             # a paragraph line
    for name, rx in PATTERNS:
        if rx.search(text) and (name != "page count" or is_page_count(text)) \
                and (name != "date" or len(text.split()) <= DATE_LINE_WORDS
                     and not _ends_a_sentence(ln, block, pitch)):
            return name
    if block.where == "top" and block.rows == 1 and len(text.split()) <= MAX_HEAD_WORDS \
            and not text.endswith((".", ":", ";", ",")) and _head_style(ln, block, body_size, pitch):
        return "running head"
    return None


def _ends_a_sentence(ln: Line, block: OuterBlock, pitch: float) -> bool:
    """The line ends a sentence a paragraph line right above it began: that line (within a
    pitch, longer than a dated footer, `DATE_LINE_WORDS`) does not close its sentence. A dated footer
    stands on its own; a paragraph's last line may name a date ("... that have" / "$4.7
    million as of May 31, 2020.")."""
    for other in block.lines:
        gap = ln.bbox.y0 - other.bbox.y1
        if other is not ln and -0.5 * pitch < gap <= pitch and len(other.text.split()) > DATE_LINE_WORDS \
                and not other.text.rstrip().endswith(CLAUSE_END):
            return True
    return False


def _head_style(ln: Line, block: OuterBlock, body_size: float, pitch: float) -> bool:
    """Set like a running head, not bold as headings are: smaller than the body; or, at
    body size, in italic or capitals with a header's white space under it (more than a
    heading leaves before its text)."""
    spans = [s for s in ln.spans if s.text.strip()]
    if not spans or any(s.bold for s in spans):
        return False                    # a heading
    if ln.size <= body_size * HEADER_SIZE_RATIO:
        return True
    if block.gap < HEAD_GAP_PITCHES * pitch:
        return False
    letters = [c for c in ln.text if c.isalpha()]
    return all(s.italic for s in spans) or (len(letters) >= 4 and all(c.isupper() for c in letters))


def _marker_beside(ln: Line, lines: tuple[Line, ...]) -> bool:
    """A note marker set as a line of its own: a bare number or symbol in smaller type,
    right before a text line of the same row ('1' + 'Pub. L. No. 105-304, ...')."""
    if not NOTE_MARKER.fullmatch(ln.text.strip()):
        return False
    return any(o is not ln and o.bbox.overlap_y(ln.bbox) > 0 and -1.0 <= o.bbox.x0 - ln.bbox.x1 < 2 * o.size
               and ln.size < 0.85 * o.size for o in lines)


@lru_cache(maxsize=65536)
def normalize_for_repeat(text: str) -> str:
    """Key for cross-page repetition: digits masked, case and spacing folded."""
    t = unicodedata.normalize("NFKC", text).lower()
    t = re.sub(r"\d+", "#", t)
    t = re.sub(r"\b[ivxlcdm]+\b", "#", t) if len(t) < 12 else t
    return re.sub(r"\s+", " ", t).strip()
