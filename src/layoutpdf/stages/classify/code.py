"""Code listings: runs of monospaced lines (with or without line numbers) become one CODE
element whose text keeps the listing's lines, indentation and blank lines.

Typesetters set listings, pseudo-code and terminal output in a typewriter font, one
source line per printed line, indentation by character cells; line numbers (LaTeX
`listings`, `minted`, office "code" styles) sit at the left, often smaller or in the text
font. A document set entirely in a typewriter font (a typescript, a plain-text print)
has no listings to tell apart: there nothing is recast.
"""
from __future__ import annotations

import re
from statistics import median

from ...elements.ids import element_id
from ...model import BBox, Element, Layer, Line, Role, Span
from ...model.content import FLAG_MONO
from ...text.monospace import is_mono, mono_font

MIN_LINES = 2           # a listing holds this many code lines at least
MONO_CHARS = 0.8        # share of a line's characters (line number aside) set in a mono font
MONO_DOCUMENT = 0.5     # a document with this share of mono text is a typescript
RUN_GAP = 3.0           # blocks of a listing are at most this many line pitches apart
BLANK_LINE = 1.6        # a gap of this many pitches between two code lines is a blank line
_NUMBER = re.compile(r"^\s*\d{1,5}[:.]?\s*$")
_ADDRESS = re.compile(r"\w@\w|://|\bwww\.")   # e-mail addresses and URLs set in typewriter type
# enum members read in per-element loops, bound once: reading Role.X or Layer.X goes
# through EnumType's attribute hook, several times slower than a global on Python 3.11
_BODY = Layer.BODY

CODE_ROLES = (Role.PARAGRAPH, Role.LIST_ITEM)


def mono_document(lines: dict[str, Line]) -> bool:
    """Most of the document's text is set in a monospaced font."""
    mono = total = 0
    unflagged: dict[str, int] = {}        # characters without the fixed-pitch flag, by font
    for ln in lines.values():
        for s in ln.spans:
            n = len(s.text.strip())
            if n:
                total += n
                if s.flags & FLAG_MONO:
                    mono += n
                else:
                    unflagged[s.font] = unflagged.get(s.font, 0) + n
    mono += sum(n for font, n in unflagged.items() if mono_font(font))   # `is_mono`, by font
    return total > 0 and mono >= MONO_DOCUMENT * total


def _content(ln: Line) -> list[Span]:
    """The spans of a line without a leading line number (a number alone, set apart)."""
    spans = [s for s in ln.spans if s.text.strip()]
    if len(spans) >= 2 and _NUMBER.match(spans[0].text) and \
            (not is_mono(spans[0]) or spans[1].bbox.x0 - spans[0].bbox.x1 >= 0.5 * spans[1].size):
        return spans[1:]
    if len(spans) == 1 and _NUMBER.match(spans[0].text):
        return []
    return spans


def code_line(ln: Line) -> bool | None:
    """True for a line of code, None for a bare line number (an empty numbered line),
    False for anything else."""
    spans = _content(ln)
    if not spans:
        return None if ln.text.strip() else False
    if not any(is_mono(s) for s in spans):
        return False                     # no typewriter type at all (most lines)
    if _ADDRESS.search("".join(s.text for s in spans)):
        return False                     # authors' e-mails, links: not a listing
    chars = sum(len(s.text.strip()) for s in spans)
    return sum(len(s.text.strip()) for s in spans if is_mono(s)) >= MONO_CHARS * chars


def code_blocks(elements: list[Element], lines: dict[str, Line], typescript: bool) -> list[Element]:
    """Runs of body blocks made only of code lines (and bare line numbers), next to each
    other, as one CODE element each; other elements as they are."""
    if typescript:
        return elements
    out: list[Element] = []
    run: list[Element] = []
    for e in elements:
        own = [lines[i] for i in e.line_ids if i in lines] \
            if e.layer is _BODY and e.role in CODE_ROLES else []
        if own and all(code_line(ln) is not False for ln in own):
            if run and not _adjacent(run[-1], e, lines):
                out.extend(_flush(run, lines))
                run = []
            run.append(e)
            continue
        out.extend(_flush(run, lines))
        run = []
        out.append(e)
    out.extend(_flush(run, lines))
    return out


def _adjacent(prev: Element, e: Element, lines: dict[str, Line]) -> bool:
    pitch = max((lines[i].bbox.height for i in prev.line_ids if i in lines), default=10.0)
    return e.page == prev.page and prev.bbox.overlap_x(e.bbox) > 0 and \
        -0.5 * pitch <= e.bbox.y0 - prev.bbox.y1 <= RUN_GAP * pitch


def _flush(run: list[Element], lines: dict[str, Line]) -> list[Element]:
    if not run:
        return []
    own = sorted((lines[i] for e in run for i in e.line_ids if i in lines),
                 key=lambda ln: (ln.bbox.y0, ln.bbox.x0))
    if sum(1 for ln in own if code_line(ln)) < MIN_LINES:
        return list(run)
    text = code_text(own)
    bbox = BBox.union_all(e.bbox for e in run)
    first = run[0]
    return [Element(id=element_id(first.page, bbox, "code:" + text), role=Role.CODE,
                    layer=Layer.BODY, page=first.page, bbox=bbox, text=text,
                    line_ids=tuple(i for e in run for i in e.line_ids), column=first.column,
                    reasons=("monospaced lines: a code listing",))]


def code_text(own: list[Line]) -> str:
    """The listing as text: one row per printed line, indentation from the x offset in
    character cells, blank lines where the pitch skips, line numbers left out."""
    rows: list[list[Line]] = []
    for ln in own:
        if rows and abs(ln.bbox.cy - rows[-1][0].bbox.cy) < 0.5 * max(ln.bbox.height, 1.0):
            rows[-1].append(ln)
        else:
            rows.append([ln])
    cells = [sorted((s for ln in row for s in _content(ln)), key=lambda s: s.bbox.x0) for row in rows]
    mono = [s for row in cells for s in row if is_mono(s) and s.text]
    cw = median(s.bbox.width / len(s.text) for s in mono) if mono else 5.0
    base = min((row[0].bbox.x0 for row in cells if row), default=0.0)
    ys = [r[0].bbox.cy for r in rows]
    steps = [b - a for a, b in zip(ys, ys[1:]) if b > a]
    pitch = median(steps) if steps else 1.0
    out: list[str] = []
    for k, row in enumerate(cells):
        if k and pitch > 0 and ys[k] - ys[k - 1] > BLANK_LINE * pitch:
            out.extend([""] * (round((ys[k] - ys[k - 1]) / pitch) - 1))
        text, prev_x1 = "", 0.0
        for s in row:
            col = max(0, round((s.bbox.x0 - base) / cw))
            if col > len(text):
                text += " " * (col - len(text))
            elif text and not text.endswith(" ") and not s.text.startswith(" ") and \
                    s.bbox.x0 - prev_x1 > 0.5 * cw:
                text += " "
            text += s.text
            prev_x1 = s.bbox.x1
        out.append(text.rstrip())
    while out and not out[0]:
        out.pop(0)
    return "\n".join(out).rstrip()
