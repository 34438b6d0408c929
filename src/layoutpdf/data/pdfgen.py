"""A tiny typesetter for generating PDFs whose ground truth is known.

Developer tool, not part of the engine: it is used by ``make_sample.py`` (the demo PDF
shipped in this package) and by ``tests/fixtures/make_fixtures.py`` (the test fixtures).
It is loaded by file path, so it never triggers ``import layoutpdf``. Charts, math and
footnote blocks live in the sibling ``pdfgen_draw.py``.

Coordinates are PyMuPDF's: points, origin top-left, y grows downwards.

The model is two-pass: layout code records drawing operations on a :class:`Canvas` per
page (and returns truth dictionaries describing what it placed); :func:`save_pdf` then
renders every canvas with PyMuPDF and saves a byte-reproducible file.

Inline markup understood by :func:`parse_words` (no spaces inside braces):

* ``^{2}`` superscript, ``_{i}`` subscript (smaller glyphs, raised/lowered baseline)
* ``*x*`` italic (math variables)
* ``[^1]`` footnote marker (small raised glyph; dropped from the truth text)
* ``\\u00ad`` (soft hyphen) marks where a word may be hyphenated at a line end
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re
from dataclasses import dataclass, field

import pymupdf

FIXED_DATE = "D:20240301090000+00'00'"
BLACK = (0.0, 0.0, 0.0)
SOFT_HYPHEN = "\u00ad"

# Layers are rendered in this order; within a layer, in insertion order.
BACKGROUND, GRAPHICS, TEXT, OVERLAY = 0, 1, 2, 3

SUP_SCALE, SUP_RISE = 0.7, 0.36
SUB_SCALE, SUB_RISE = 0.7, -0.18
MARK_SCALE, MARK_RISE = 0.65, 0.40
CJK_NO_LINE_START = set("，。、；：！？）》」』”’")


@functools.cache
def font(name: str) -> pymupdf.Font:
    """A cached PyMuPDF built-in font ("tiro", "tibo", "tiit", "helv", "hebo", "cjk", ...)."""
    return pymupdf.Font(name)


@functools.lru_cache(maxsize=65536)
def text_width(text: str, fontname: str, size: float) -> float:
    return font(fontname).text_length(text, fontsize=size)


def ascent(fontname: str, size: float) -> float:
    return font(fontname).ascender * size


def descent(fontname: str, size: float) -> float:
    return -font(fontname).descender * size


def rnd(values) -> list[float]:
    """Round a bbox/point for the truth files (stable, compact JSON)."""
    return [round(float(v), 2) for v in values]


# --------------------------------------------------------------------------- canvas


@dataclass
class TextOp:
    x: float
    y: float
    text: str
    fontname: str
    size: float
    color: tuple
    opacity: float = 1.0
    angle: float = 0.0  # degrees, counter-clockwise as seen on the page, about ``pivot``
    pivot: tuple | None = None  # default: the text origin (x, y)


@dataclass
class LineOp:
    p1: tuple
    p2: tuple
    color: tuple
    width: float


@dataclass
class RectOp:
    rect: tuple
    color: tuple | None
    fill: tuple | None
    width: float


@dataclass
class ImageOp:
    rect: tuple
    data: bytes


@dataclass
class Canvas:
    """Drawing operations for one page, in page (display) coordinates."""

    width: float
    height: float
    rotation: int = 0  # /Rotate value written to the page
    upright: bool = True  # with rotation: draw so the content reads upright when displayed
    ops: dict = field(default_factory=dict)

    def _add(self, layer: int, op) -> None:
        self.ops.setdefault(layer, []).append(op)

    def text(self, x, y, text, fontname="tiro", size=10.0, color=BLACK, opacity=1.0,
             angle=0.0, layer=TEXT, pivot=None) -> float:
        """Draw ``text`` with its baseline origin at (x, y); returns the advance width."""
        self._add(layer, TextOp(x, y, text, fontname, size, tuple(color), opacity, angle,
                                None if pivot is None else tuple(pivot)))
        return text_width(text, fontname, size)

    def line(self, p1, p2, color=BLACK, width=0.5, layer=GRAPHICS) -> None:
        self._add(layer, LineOp(tuple(p1), tuple(p2), tuple(color), width))

    def rect(self, rect, color=None, fill=None, width=0.5, layer=GRAPHICS) -> None:
        self._add(layer, RectOp(tuple(rect), color, fill, width))

    def image(self, rect, data: bytes, layer=GRAPHICS) -> None:
        self._add(layer, ImageOp(tuple(rect), data))


def _pivot(op: TextOp) -> tuple:
    return op.pivot if op.pivot is not None else (op.x, op.y)


def _text_key(op: TextOp):
    return (op.color, op.opacity, op.angle, _pivot(op) if op.angle else None)


def _write_texts(page: pymupdf.Page, ops: list[TextOp], canvas: Canvas) -> None:
    first = ops[0]
    writer = pymupdf.TextWriter(page.rect)
    for op in ops:
        writer.append((op.x, op.y), op.text, font=font(op.fontname), fontsize=op.size)
    morph = None
    if first.angle:
        morph = (pymupdf.Point(_pivot(first)), pymupdf.Matrix(first.angle))
    if canvas.rotation == 90 and canvas.upright:
        if morph is not None:
            raise ValueError("rotated text on an upright-rotated page is not supported")
        pivot = page.mediabox.height / 2
        morph = (pymupdf.Point(pivot, pivot), pymupdf.Matrix(90))
    opacity = first.opacity if first.opacity < 1 else -1
    writer.write_text(page, color=first.color, opacity=opacity, morph=morph)


def _render(page: pymupdf.Page, canvas: Canvas) -> None:
    derot = page.derotation_matrix if canvas.upright else pymupdf.Identity
    for layer in sorted(canvas.ops):
        ops = canvas.ops[layer]
        i = 0
        while i < len(ops):
            op = ops[i]
            if isinstance(op, TextOp):
                j = i
                key = _text_key(op)
                while j < len(ops) and isinstance(ops[j], TextOp) and _text_key(ops[j]) == key:
                    j += 1
                _write_texts(page, ops[i:j], canvas)
                i = j
                continue
            if isinstance(op, LineOp):
                page.draw_line(pymupdf.Point(op.p1) * derot, pymupdf.Point(op.p2) * derot,
                               color=op.color, width=op.width)
            elif isinstance(op, RectOp):
                page.draw_rect(pymupdf.Rect(op.rect) * derot, color=op.color, fill=op.fill,
                               width=op.width)
            elif isinstance(op, ImageOp):
                page.insert_image(pymupdf.Rect(op.rect) * derot, stream=op.data,
                                  rotate=page.rotation if canvas.upright else 0)
            i += 1


def build_document(canvases: list[Canvas]) -> pymupdf.Document:
    """Render ``canvases`` into a new in-memory PDF document."""
    doc = pymupdf.open()
    for canvas in canvases:
        if canvas.rotation in (90, 270) and canvas.upright:
            page = doc.new_page(width=canvas.height, height=canvas.width)
        else:
            page = doc.new_page(width=canvas.width, height=canvas.height)
        if canvas.rotation:
            page.set_rotation(canvas.rotation)
        _render(page, canvas)
    return doc


def save_pdf(path, canvases: list[Canvas], title: str, subject: str = "",
             author: str = "layoutpdf test generator") -> None:
    """Render ``canvases`` into a new PDF at ``path``, reproducibly (fixed metadata, no ids)."""
    doc = build_document(canvases)
    doc.subset_fonts()
    doc.set_metadata({
        "title": title, "author": author, "subject": subject, "keywords": "",
        "creator": "layoutpdf pdfgen", "producer": "PyMuPDF",
        "creationDate": FIXED_DATE, "modDate": FIXED_DATE,
    })
    doc.save(str(path), garbage=4, deflate=True, no_new_id=True, reproducible=True)
    doc.close()


# --------------------------------------------------------------------------- text model


@dataclass(frozen=True)
class Style:
    font: str = "tiro"
    size: float = 10.0
    leading: float = 12.0
    color: tuple = BLACK
    italic_font: str = "tiit"

    def replace(self, **changes) -> "Style":
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True)
class Run:
    text: str
    fontname: str
    size: float
    rise: float = 0.0  # baseline shift, positive = up
    kind: str = "text"  # text | sup | sub | italic | marker

    @property
    def width(self) -> float:
        return text_width(self.text, self.fontname, self.size)


@dataclass(frozen=True)
class Word:
    runs: tuple
    space_after: bool = True
    hyphen_points: tuple = ()  # break offsets in runs[0].text (plain one-run words only)
    hyphenated: bool = False  # this is the head of a word broken at the line end

    @property
    def width(self) -> float:
        return sum(r.width for r in self.runs)

    @property
    def text(self) -> str:
        return "".join(r.text for r in self.runs)


_TOKEN = re.compile(r"\^\{([^}]*)\}|_\{([^}]*)\}|\*([^*]+)\*|\[\^([^\]]+)\]")


def _runs(token: str, style: Style) -> list[Run]:
    runs, pos = [], 0
    for m in _TOKEN.finditer(token):
        if m.start() > pos:
            runs.append(Run(token[pos:m.start()], style.font, style.size))
        sup, sub, ital, mark = m.groups()
        s = style.size
        if sup is not None:
            runs.append(Run(sup, style.font, s * SUP_SCALE, s * SUP_RISE, "sup"))
        elif sub is not None:
            runs.append(Run(sub, style.font, s * SUB_SCALE, s * SUB_RISE, "sub"))
        elif ital is not None:
            runs.append(Run(ital, style.italic_font, s, 0.0, "italic"))
        else:
            runs.append(Run(mark, style.font, s * MARK_SCALE, s * MARK_RISE, "marker"))
        pos = m.end()
    if pos < len(token):
        runs.append(Run(token[pos:], style.font, style.size))
    return runs


def parse_words(text: str, style: Style) -> list[Word]:
    """Split marked-up text into words (runs of differently styled glyphs)."""
    words = []
    for token in text.split():
        runs = _runs(token, style)
        if len(runs) == 1 and SOFT_HYPHEN in token:
            pieces = token.split(SOFT_HYPHEN)
            points = tuple(sum(len(p) for p in pieces[:k]) for k in range(1, len(pieces)))
            word = Word((Run("".join(pieces), style.font, style.size),), True, points)
        else:
            word = Word(tuple(Run(r.text.replace(SOFT_HYPHEN, ""), r.fontname, r.size, r.rise,
                                  r.kind) for r in runs))
        words.append(word)
    return words


def cjk_words(text: str, style: Style) -> list[Word]:
    """One word per character, glued together (CJK text has no spaces)."""
    return [Word((Run(ch, style.font, style.size),), space_after=False) for ch in text]


def plain_text(text: str) -> str:
    """Truth text of marked-up text: markers dropped, scripts inline, soft hyphens removed."""
    text = re.sub(r"\[\^[^\]]+\]", "", text)
    text = re.sub(r"\^\{([^}]*)\}|_\{([^}]*)\}", lambda m: m.group(1) or m.group(2) or "", text)
    text = re.sub(r"\*([^*]+)\*", r"\1", text)
    return text.replace(SOFT_HYPHEN, "")


def _split_word(word: Word, room: float) -> tuple[Word, Word] | None:
    """Hyphenate ``word`` so its head (with '-') fits in ``room``; None if impossible."""
    run = word.runs[0]
    for point in reversed(word.hyphen_points):
        head = Run(run.text[:point] + "-", run.fontname, run.size)
        if head.width <= room:
            tail_points = tuple(p - point for p in word.hyphen_points if p > point)
            tail = Word((Run(run.text[point:], run.fontname, run.size),), word.space_after,
                        tail_points)
            return Word((head,), False, (), True), tail
    return None


def break_lines(words: list[Word], width: float, style: Style, first_indent: float = 0.0,
                hyphenate: bool = True) -> list[list[Word]]:
    """Greedy line breaking with optional hyphenation at soft hyphens."""
    space = text_width(" ", style.font, style.size)
    lines, cur, cur_w = [], [], 0.0
    avail = width - first_indent
    queue = list(words)
    while queue:
        word = queue.pop(0)
        gap = space if cur and cur[-1].space_after else 0.0
        no_start = word.text in CJK_NO_LINE_START
        if not cur or cur_w + gap + word.width <= avail + 1e-6 or no_start:
            cur.append(word)
            cur_w += gap + word.width
            continue
        split = _split_word(word, avail - cur_w - gap) if hyphenate and word.hyphen_points else None
        if split:
            cur.append(split[0])
            queue.insert(0, split[1])
        else:
            queue.insert(0, word)
        lines.append(cur)
        cur, cur_w, avail = [], 0.0, width
    if cur:
        lines.append(cur)
    return lines


def line_text(words: list[Word]) -> str:
    out = ""
    for i, w in enumerate(words):
        out += w.text
        if w.space_after and i < len(words) - 1:
            out += " "
    return out


def draw_line_words(canvas: Canvas, words: list[Word], x: float, baseline: float, width: float,
                    style: Style, justify: bool, align: str = "left") -> tuple[float, float]:
    """Draw one line of words; returns (x0, x1) of the inked line."""
    space = text_width(" ", style.font, style.size)
    natural = sum(w.width for w in words) + space * sum(
        1 for w in words[:-1] if w.space_after)
    gaps = sum(1 for w in words[:-1] if w.space_after)
    extra = (width - natural) / gaps if justify and gaps else 0.0
    if align == "center":
        x += (width - natural) / 2
    elif align == "right":
        x += width - natural
    x0 = cx = x
    for i, w in enumerate(words):
        for run in w.runs:
            cx += canvas.text(cx, baseline - run.rise, run.text, run.fontname, run.size,
                              style.color)
        if w.space_after and i < len(words) - 1:
            canvas.text(cx, baseline, " ", style.font, style.size, style.color)
            cx += space + extra
    return x0, cx


# --------------------------------------------------------------------------- flow


@dataclass
class Frame:
    page: int
    x0: float
    y0: float
    x1: float
    y1: float
    label: str = ""

    @property
    def width(self) -> float:
        return self.x1 - self.x0


class Flow:
    """Pours paragraphs, headings and blocks through a sequence of frames (columns)."""

    def __init__(self, canvases: list[Canvas], frames: list[Frame]):
        self.canvases = canvases
        self.frames = frames
        self.k = 0
        self.y = frames[0].y0

    @property
    def frame(self) -> Frame:
        return self.frames[self.k]

    def at_top(self) -> bool:
        return abs(self.y - self.frame.y0) < 1e-6

    def next_frame(self) -> None:
        if self.k + 1 >= len(self.frames):
            raise OverflowError("content does not fit in the frames")
        self.k += 1
        self.y = self.frame.y0

    def space(self, h: float) -> None:
        if not self.at_top():
            self.y += h

    def ensure(self, h: float) -> None:
        if self.y + h > self.frame.y1 + 1e-6:
            self.next_frame()

    def block(self, height: float, gap_before: float = 0.0) -> Frame:
        """Reserve ``height`` points in the current column; returns the reserved area."""
        self.space(gap_before)
        self.ensure(height)
        f = self.frame
        area = Frame(f.page, f.x0, self.y, f.x1, self.y + height, f.label)
        self.y += height
        return area

    def paragraph(self, sentences: list[str], style: Style, first_indent: float = 0.0,
                  gap_before: float = 0.0, justify: bool = True, align: str = "left",
                  left_indent: float = 0.0, hanging: float = 0.0, cjk: bool = False,
                  role: str = "paragraph", joiner: str = " ", **extra) -> dict:
        """Lay out one paragraph; returns its truth record (role, text, sentences, lines...)."""
        self.space(gap_before)
        text = joiner.join(sentences)
        words = cjk_words(text, style) if cjk else parse_words(text, style)
        width = self.frame.width - left_indent - hanging
        raw = break_lines(words, width, style, first_indent - hanging)
        lines, frames_used = [], []
        for i, lw in enumerate(raw):
            self.ensure(style.leading)
            f = self.frame
            baseline = self.y + style.leading * 0.78
            x = f.x0 + left_indent + (first_indent if i == 0 else hanging)
            w = f.width - left_indent - (first_indent if i == 0 else hanging)
            last = i == len(raw) - 1
            x0, x1 = draw_line_words(self.canvases[f.page], lw, x, baseline, w, style,
                                     justify and not last, align)
            bbox = (x0, baseline - ascent(style.font, style.size), x1,
                    baseline + descent(style.font, style.size))
            lines.append({"page": f.page, "column": f.label, "bbox": rnd(bbox),
                          "text": line_text(lw)})
            frames_used.append(self.k)
            self.y += style.leading
        rec = {"role": role, "text": plain_text(text),
               "sentences": [plain_text(s) for s in sentences]}
        rec.update(extra)
        rec["page"] = lines[0]["page"]
        rec["pages"] = sorted({ln["page"] for ln in lines})
        rec["continues"] = _continuation(lines, raw, frames_used, self.frames)
        rec["hyphenated_words"] = [
            {"after_line": i, "word": _hyphenated_word(raw, i)}
            for i in range(len(raw)) if _hyphenated_word(raw, i)]
        rec["lines"] = lines
        return rec


def _ends_sentence(words: list[Word]) -> bool:
    last = "".join(r.text for r in words[-1].runs if r.kind != "marker").rstrip("\"')”’)")
    return last[-1:] in (".", "!", "?", ":", "。", "！", "？")


def _hyphenated_word(raw: list[list[Word]], i: int) -> str | None:
    """The whole word if line ``i`` ends with a word broken by a hyphen, else None."""
    if not raw[i][-1].hyphenated or i + 1 >= len(raw):
        return None
    return raw[i][-1].text[:-1] + raw[i + 1][0].text


def _continuation(lines: list[dict], raw: list[list[Word]], frames_used: list[int],
                  frames: list[Frame]) -> list[dict]:
    """Describe each place where a paragraph is cut by a column or page break."""
    out = []
    for i in range(1, len(lines)):
        if frames_used[i] == frames_used[i - 1]:
            continue
        same_page = frames[frames_used[i]].page == frames[frames_used[i - 1]].page
        kind = "column" if same_page else "page"
        out.append({"kind": kind, "after_line": i - 1,
                    "mid_sentence": not _ends_sentence(raw[i - 1]),
                    "hyphenated_word": _hyphenated_word(raw, i - 1),
                    "from": {"page": lines[i - 1]["page"], "column": lines[i - 1]["column"]},
                    "to": {"page": lines[i]["page"], "column": lines[i]["column"]}})
    return out


# --------------------------------------------------------------------------- helpers


def heading(flow: Flow, text: str, style: Style, level: int, gap_before: float,
            gap_after: float, keep_with: float = 0.0) -> dict:
    """A one-line heading kept together with ``keep_with`` points of what follows."""
    flow.space(gap_before)
    flow.ensure(style.leading + keep_with)
    rec = flow.paragraph([text], style, justify=False)
    flow.y += gap_after
    line = rec["lines"][0]
    return {"role": "heading", "level": level, "text": rec["text"], "page": line["page"],
            "column": line["column"], "bbox": line["bbox"]}


def centered_text(canvas: Canvas, text: str, cx: float, baseline: float, fontname: str,
                  size: float, color=BLACK, layer=TEXT) -> list[float]:
    """Draw ``text`` centred on ``cx``; returns its bbox."""
    w = text_width(text, fontname, size)
    canvas.text(cx - w / 2, baseline, text, fontname, size, color, layer=layer)
    return rnd((cx - w / 2, baseline - ascent(fontname, size), cx + w / 2,
                baseline + descent(fontname, size)))


def left_text(canvas: Canvas, text: str, x: float, baseline: float, fontname: str, size: float,
              color=BLACK, align: str = "left", layer=TEXT) -> list[float]:
    """Draw ``text`` left- (or right-, with x as the right edge) aligned; returns its bbox."""
    w = text_width(text, fontname, size)
    if align == "right":
        x -= w
    canvas.text(x, baseline, text, fontname, size, color, layer=layer)
    return rnd((x, baseline - ascent(fontname, size), x + w, baseline + descent(fontname, size)))


def rotated_text(canvas: Canvas, text: str, cx: float, cy: float, fontname: str, size: float,
                 angle: float, color, opacity: float = 1.0, layer=BACKGROUND) -> dict:
    """Draw ``text`` centred on (cx, cy), rotated ``angle`` degrees counter-clockwise."""
    w = text_width(text, fontname, size)
    # baseline origin such that the unrotated string is centred on (cx, cy)
    x, y = cx - w / 2, cy + size * 0.35
    canvas.text(x, y, text, fontname, size, color, opacity, angle, layer, pivot=(cx, cy))
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    corners = []
    for px, py in ((x, y - ascent(fontname, size)), (x + w, y - ascent(fontname, size)),
                   (x, y + descent(fontname, size)), (x + w, y + descent(fontname, size))):
        dx, dy = px - cx, py - cy
        corners.append((cx + dx * c + dy * s, cy - dx * s + dy * c))
    bbox = (min(p[0] for p in corners), min(p[1] for p in corners),
            max(p[0] for p in corners), max(p[1] for p in corners))
    return {"text": text, "center": rnd((cx, cy)), "bbox": rnd(bbox), "angle": angle,
            "size": size, "color": list(color), "opacity": opacity}
