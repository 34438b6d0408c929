"""The page's running text, and how a heading set in its size is set apart from it:
underlined, as a word processor underlines, or in an accent colour."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping, Sequence

from ...model import Document, Drawing, Element, Layer, Line, Role

MIN_RUNNING_CHARS = 300     # characters of paragraphs of two lines or more: a page's prose
UNDERLINE_EM = 0.15         # an underline is a stroke thinner than this many ems
UNDERLINE_REACH_EM = 0.5    # it starts and ends within this many ems of the line's ends
ACCENT_SHARE = 0.8          # of a line's characters in one colour not the running text's


@dataclass(frozen=True)
class Running:
    """The type most of a page's prose is set in: size (tenths of a point, 0.0 when the
    page holds too little prose to tell) and colour (0xRRGGBB, None when unknown)."""
    size: float = 0.0
    color: int | None = None


def running_types(doc: Document, lines: Mapping[str, Line]) -> dict[int, Running]:
    """The running text's type on each page (`running_type`); a page of too little prose to
    tell (a signature page, the last lines of an exhibit) is set in the type of the last
    page before it that had some, as a section goes on in one type."""
    by_page: dict[int, list[Element]] = {}
    for e in doc.elements:
        by_page.setdefault(e.page, []).append(e)
    out, last = {}, Running()
    for p in doc.pages:
        here = running_type(by_page.get(p.index, ()), lines)
        last = here if here.size else last
        out[p.index] = last
    return out


def running_type(elements: Iterable[Element], lines: Mapping[str, Line]) -> Running:
    """The size and colour most characters of the page's body paragraphs of two lines or
    more are set in. A document's body size is its commonest size; where small-type tables
    fill most pages (a filing, an earnings release), the prose of a page may be set larger."""
    sizes: Counter[float] = Counter()
    colors: Counter[int] = Counter()
    for e in elements:
        if e.layer is not Layer.BODY or e.role is not Role.PARAGRAPH or len(e.line_ids) < 2:
            continue
        for i in e.line_ids:
            ln = lines.get(i)
            for s in ln.spans if ln is not None else ():
                n = len(s.text.strip())
                if n:
                    sizes[round(s.size, 1)] += n
                    colors[s.color] += n
    if not sizes:
        return Running()
    size, n = max(sizes.items(), key=lambda kv: (kv[1], kv[0]))
    if n < MIN_RUNNING_CHARS:
        return Running()
    return Running(size, max(colors.items(), key=lambda kv: (kv[1], kv[0]))[0])


def set_apart(own: Sequence[Line], drawings: Sequence[Drawing],
              column_lines: Callable[[], Sequence[Line]], running: Running) -> bool:
    """A block in the running text's size is set apart as a heading when it is underlined
    in black or grey (a word processor's underline) or, not underlined, set in an accent
    colour or reversed out in white, and no line beside it on its baseline, in its column
    (`column_lines()`, read only then), is set apart the same way: underlined labels side
    by side (a cover page's "Title of each class", "Trading Symbol") head columns. A
    coloured underline (blue, as browsers and filing viewers draw them) marks a link."""
    mark = _mark(own, drawings, running)
    if mark is None:
        return False
    return not any(other.id != ln.id and _same_baseline(ln, other)
                   and _mark((other,), drawings, running) == mark
                   for ln in own for other in (*own, *column_lines()))


def _mark(own: Sequence[Line], drawings: Sequence[Drawing], running: Running) -> tuple | None:
    """How the lines are set apart from the running text at its size: ("underline",),
    ("colour", c), or None (not, or a link)."""
    under = _underline_colors(own, drawings)
    if under is not None:
        return ("underline",) if all(_neutral(c) for c in under) else None
    color = _accent(own, running.color) if running.color is not None else None
    return None if color is None else ("colour", color)


def _same_baseline(a: Line, b: Line) -> bool:
    return a.bbox.overlap_y(b.bbox) > 0.5 * min(a.bbox.height, b.bbox.height)


def _underline_colors(own: Sequence[Line], drawings: Sequence[Drawing]) -> list[int | None] | None:
    """The colours of the strokes that underline every line of the block from end to end
    (right under the baseline, thin, no wider than the line), None when one is not."""
    colors = []
    for ln in own:
        em = ln.size or (ln.bbox.y1 - ln.bbox.y0)
        reach = UNDERLINE_REACH_EM * em
        stroke = next((d for d in drawings
                       if d.bbox.y1 - d.bbox.y0 <= UNDERLINE_EM * em
                       and ln.baseline - 0.1 * em <= d.bbox.y0 <= ln.baseline + 0.4 * em
                       and abs(d.bbox.x0 - ln.bbox.x0) <= reach and abs(d.bbox.x1 - ln.bbox.x1) <= reach),
                      None)
        if stroke is None:
            return None
        colors.append(stroke.stroke if stroke.stroke is not None else stroke.fill)
    return colors


def _accent(own: Sequence[Line], running: int) -> int | None:
    """The colour most of the block's characters are in, when it is an accent: a hue (a
    near-black such as a layout program's rich black 0x231F20 is the text's own) or white
    (type reversed out of a band), and not the running text's."""
    chars: Counter[int] = Counter()
    for ln in own:
        for s in ln.spans:
            chars[s.color] += len(s.text.strip())
    total = sum(chars.values())
    if not total:
        return None
    color, n = max(chars.items(), key=lambda kv: (kv[1], kv[0]))
    if color == running or n < ACCENT_SHARE * total:
        return None
    return color if not _neutral(color) or min(color >> 16 & 0xFF, color >> 8 & 0xFF, color & 0xFF) >= 0xF0 \
        else None


def _neutral(color: int | None) -> bool:
    """Black or grey (sRGB channels within 0x20 of each other)."""
    if color is None:
        return False
    r, g, b = color >> 16 & 0xFF, color >> 8 & 0xFF, color & 0xFF
    return max(r, g, b) - min(r, g, b) <= 0x20
