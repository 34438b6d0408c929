"""Rows and paragraph blocks inside one column leaf."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..model import BBox, Line, Stats

# a caption label set alone on its line ("TABLE III", "Figure 2:") above the caption text
LABEL_ONLY = re.compile(r"^\s*(?:fig(?:ure)?|table|tab)\.?\s*(?:[A-Z]?\d+[a-z]?|[IVXLC]+)\s*[:.]?$", re.I)
# an equation number, "(2)", "(3.1)", "(4b)", at the end of a line
EQUATION_TAG = re.compile(r"\(\s*\d+(?:\.\d+)*[a-z]?\s*\)\s*$")
_LIST_START = re.compile(r"^\s*(?:[•·◦▪▫‣⁃●○■□➢►–—-]\s+|\(?\d{1,3}[.)]\s+|\(?[a-zA-Z][.)]\s+|\([ivx]{1,4}\)\s+)")


@dataclass(frozen=True)
class Row:
    """Line fragments sharing a baseline, left to right."""
    lines: tuple[Line, ...]
    bbox: BBox
    size: float
    baseline: float

    @property
    def bold(self) -> bool:
        spans = [s for ln in self.lines for s in ln.spans if s.text.strip()]
        return bool(spans) and all(s.bold for s in spans)


def rows_of(lines: tuple[Line, ...]) -> list[Row]:
    ordered = sorted(lines, key=lambda ln: ln.baseline)
    rows: list[list[Line]] = []
    for ln in ordered:
        if rows and _same_row(rows[-1], ln):
            rows[-1].append(ln)
        else:
            rows.append([ln])
    out = []
    for group in rows:
        group.sort(key=lambda ln: ln.bbox.x0)
        main = max(group, key=lambda ln: (len(ln.text.strip()), ln.size))
        out.append(Row(tuple(group), BBox.union_all(ln.bbox for ln in group), main.size, main.baseline))
    out.sort(key=lambda r: (r.baseline, r.bbox.x0))
    return out


def _same_row(row: list[Line], ln: Line) -> bool:
    ref = max(row, key=lambda l: l.size)
    small = min(ln.bbox.height, ref.bbox.height)
    if small <= 0:
        return False
    if abs(ln.baseline - ref.baseline) <= 0.25 * max(ln.size, ref.size):
        return True
    # raised or lowered smaller glyphs (scripts, markers) inside the row's vertical extent
    return ln.size < ref.size * 0.9 and ln.bbox.overlap_y(ref.bbox) >= 0.6 * small


def segment(rows: list[Row], stats: Stats, column: BBox) -> list[list[Row]]:
    """Split the rows of one column into blocks (paragraphs, headings, list items)."""
    blocks: list[list[Row]] = []
    for row in rows:
        if blocks and not _starts_block(blocks[-1], row, stats, column):
            blocks[-1].append(row)
        else:
            blocks.append([row])
    return blocks


def _starts_block(block: list[Row], row: Row, stats: Stats, column: BBox) -> bool:
    prev = block[-1]
    size = max(prev.size, row.size)
    pitch = stats.line_height * (size / stats.body_size) if stats.body_size else size * 1.2
    gap = row.baseline - prev.baseline
    if gap > pitch * 1.45 or gap < -0.5 * size:
        return True
    if abs(row.size - prev.size) > 0.12 * size:
        return True
    if prev.bold != row.bold and (len(block) == 1 or row.bold):
        return True
    text = " ".join(ln.text for ln in row.lines).strip()
    if _LIST_START.match(text) and (row.bbox.x0 <= block[0].bbox.x0 + 2 * stats.char_width):
        return True
    em = size
    if len(block) == 1 and _centered(prev, column, em) and not _centered(row, column, em) \
            and row.bbox.width > prev.bbox.width + 4 * em \
            and not LABEL_ONLY.match(" ".join(ln.text for ln in prev.lines)):
        return True   # a centred heading or label line above flush text
    if size <= stats.body_size * 1.1 and _set_apart(block, column, em) \
            and row.bbox.width > 0.7 * column.width and not _centered(row, column, em) \
            and _leaves_display(block, row, column, em) \
            and not LABEL_ONLY.match(" ".join(ln.text for ln in block[0].lines)):
        return True   # out of a display set apart from the prose into a full prose line
    indent = row.bbox.x0 - column.x0
    prev_short = prev.bbox.x1 < column.x1 - 1.5 * em
    prev_text = " ".join(ln.text for ln in prev.lines).rstrip()
    if is_toc_entry(prev_text) or (is_toc_entry(text) and prev.bbox.x1 < column.x0 + 0.75 * column.width):
        return True   # one contents entry per block (the first line of a wrapped entry is long)
    if indent > 0.6 * em and indent < 4 * em and prev_short and prev.bbox.x0 < row.bbox.x0 - 0.5 * em:
        return True
    if prev_short and prev_text.endswith((".", "!", "?", ":")) and indent > 0.6 * em:
        return True
    return False


def _leaves_display(block: list[Row], row: Row, column: BBox, em: float) -> bool:
    """`row` starts prose after the set-apart `block`: flush left; or with a paragraph
    indent (under 4 em) when the block is narrow, as a display formula is (a narrow
    column's ordinary lines can look centred, its indented lines must not end them)."""
    indent = row.bbox.x0 - column.x0
    if indent < 0.5 * em:
        return True
    return indent < 4 * em and max(r.bbox.width for r in block) < 0.4 * column.width


def _set_apart(rows: list[Row], column: BBox, em: float) -> bool:
    """Every row centred and clear of both column edges: a display, not prose."""
    return all(_centered(r, column, em) for r in rows)


def _centered(row: Row, column: BBox, em: float) -> bool:
    """Centred in the column, clear of both edges; an equation number "(2)" set at the
    right edge, apart from the rest, does not count."""
    lines = row.lines
    if len(lines) > 1 and EQUATION_TAG.match(lines[-1].text.strip()) \
            and lines[-1].bbox.x0 - lines[-2].bbox.x1 > 2 * em:
        x1 = max(ln.bbox.x1 for ln in lines[:-1])
    else:
        x1 = row.bbox.x1
    left, right = row.bbox.x0 - column.x0, column.x1 - x1
    return left > 2 * em and right > 2 * em and abs(left - right) < max(2 * em, 0.15 * column.width)




# a table-of-contents entry ends in leader dots (or an ellipsis) and a page number
_LEADER_RUN = r"(?:(?:\.\s?){4,}|[…⋯]+|(?:·\s?){4,})"       # dot leaders, or an ellipsis
LEADERS = re.compile(r"\s*" + _LEADER_RUN + r"\s*")
_PAGE_REF = r"(?:\d{1,4}|[ivxlc]{1,7})"
_TOC_ENTRY = re.compile(_LEADER_RUN + r"\s*" + _PAGE_REF
                        + r"(?:\s*[,–-]\s*" + _PAGE_REF + r")*\s*$", re.I)


def is_toc_entry(text: str) -> bool:
    return bool(_TOC_ENTRY.search(text))


def is_list_start(text: str) -> bool:
    return bool(_LIST_START.match(text))
