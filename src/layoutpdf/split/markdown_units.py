"""Parse Markdown (ours, or any, best effort) back into rendered units.

The round trip is exact: ``"\\n\\n".join(u.text for u in units_from_markdown(md)) == md``.
The Markdown is cut at every blank line ("\\n\\n") into blocks; a unit is always a run of
consecutive blocks, so joining unit texts by "\\n\\n" gives back the input. Blocks are
grouped when a code fence or a ``$$`` display is still open, when a footnote definition
follows the paragraph holding its anchor, when a caption follows an image, and when a
table caption sits just before or after a pipe table.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..model.units import Unit, UnitKind
from . import _syntax as sx

_DEF = "footnote_def"            # a block of footnote definitions, before attachment
# units whose footnote marks take the definitions that follow them
_ANCHOR_HOSTS = (UnitKind.PARAGRAPH, UnitKind.LIST_ITEM, UnitKind.CAPTION)
# a caption's label is followed by its delimiter or title ("Table 2:", "Table 2. Results",
# "Figure 1 | ...", "Table 2 (continued)"); a label followed by a lowercase word is the
# subject of a sentence in running text ("Table 2 compares ...", "Figure 3 shows ...")
_RUNNING_TEXT_AFTER_LABEL = re.compile(r"[ \t]+[a-z\u00df-\u00ff]")


@dataclass
class _Draft:
    kind: UnitKind | str
    blocks: list[str]
    level: int = 0
    figure_ids: list[str] = field(default_factory=list)
    captioned: bool = False      # FIGURE/TABLE already holds its caption

    @property
    def text(self) -> str:
        return "\n\n".join(self.blocks)


def units_from_markdown(md: str) -> list[Unit]:
    """Units of `md`, in order; their texts joined by a blank line reproduce `md` exactly."""
    if not md:
        return []
    blocks = _blocks(md)
    drafts: list[_Draft] = []
    i = 0
    while i < len(blocks):
        draft = _classify(blocks[i])
        prev = drafts[-1] if drafts else None
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        if draft.kind == _DEF:
            if prev is not None and prev.kind in _ANCHOR_HOSTS and _anchored(prev.text, blocks[i]):
                prev.blocks.append(blocks[i])
            elif prev is not None and prev.kind is UnitKind.FOOTNOTE:   # a run of loose notes
                prev.blocks.append(blocks[i])
            else:
                draft.kind = UnitKind.FOOTNOTE
                drafts.append(draft)
        elif (draft.kind is UnitKind.CAPTION and prev is not None
              and prev.kind is UnitKind.FIGURE and not prev.captioned):
            prev.blocks.append(blocks[i])
            prev.captioned = True
        elif draft.kind is UnitKind.TABLE and not draft.captioned:
            if prev is not None and prev.kind is UnitKind.CAPTION and _is_table_caption(prev.text):
                drafts.pop()
                draft.blocks.insert(0, prev.text)
                draft.captioned = True
            elif (nxt is not None and _is_table_caption(nxt)
                  and not (i + 2 < len(blocks) and _is_bare_table(blocks[i + 2]))):
                # a caption between two tables belongs to the second (tables are
                # captioned above by convention), unless that one has its own already
                draft.blocks.append(nxt)
                draft.captioned = True
                i += 1
            drafts.append(draft)
        else:
            drafts.append(draft)
        i += 1
    return [_to_unit(d) for d in drafts]


def _blocks(md: str) -> list[str]:
    """Cut at blank lines; keep open fences/displays and empty pieces with a neighbour."""
    out: list[str] = []
    state: tuple[str, bool] = ("", False)
    pending_blank: list[str] = []      # whitespace-only pieces before the first block
    for piece in md.split("\n\n"):
        if out and (state != ("", False) or not piece.strip()):
            out[-1] = out[-1] + "\n\n" + piece
        elif not out and not piece.strip():
            pending_blank.append(piece)
            continue
        else:
            if pending_blank:
                piece = "\n\n".join(pending_blank + [piece])
                pending_blank = []
            out.append(piece)
        state = sx.open_blocks(piece, state)
    if pending_blank:                  # the whole input is blank lines
        out.append("\n\n".join(pending_blank))
    return out


def _classify(block: str) -> _Draft:
    lines = [ln for ln in block.split("\n") if ln.strip()]
    first = lines[0] if lines else ""
    if not first:
        return _Draft(UnitKind.OTHER, [block])
    if sx.FENCE.match(first):
        return _Draft(UnitKind.CODE, [block])
    if first.lstrip().startswith("$$"):
        return _Draft(UnitKind.EQUATION, [block])
    m = sx.HEADING.match(first)
    if m:
        return _Draft(UnitKind.HEADING, [block], level=len(m.group(1)))
    if sx.FOOTNOTE_DEF.match(first):
        return _Draft(_DEF, [block])
    m = sx.IMAGE_LINE.match(first)
    if m:
        target = m.group("target")
        ids = [target[1:]] if target.startswith("#") and len(target) > 1 else []
        captioned = any(sx.CAPTION.match(ln) for ln in lines[1:])
        return _Draft(UnitKind.FIGURE, [block], figure_ids=ids, captioned=captioned)
    table = _table_shape(lines)
    if table is not None:
        return _Draft(UnitKind.TABLE, [block], captioned=table)
    m = sx.CAPTION.match(first)
    if m and not _RUNNING_TEXT_AFTER_LABEL.match(first, m.end()):
        return _Draft(UnitKind.CAPTION, [block])
    if sx.THEMATIC_BREAK.match(first) or first.lstrip().startswith("<"):
        return _Draft(UnitKind.OTHER, [block])
    if sx.LIST_ITEM.match(first):
        return _Draft(UnitKind.LIST_ITEM, [block])
    return _Draft(UnitKind.PARAGRAPH, [block])


def _table_shape(lines: list[str]) -> bool | None:
    """None if not a pipe table; else whether the block already holds a caption line."""
    rows = [i for i, ln in enumerate(lines) if sx.TABLE_LINE.match(ln)]
    if not rows:
        return None
    lo, hi = rows[0], rows[-1]
    if hi - lo + 1 != len(rows):
        return None
    outside = lines[:lo] + lines[hi + 1:]
    if outside and not (len(rows) >= 2 and _caption_lines(lines[:lo], lines[hi + 1:])):
        return None
    return bool(outside)


def _caption_lines(before: list[str], after: list[str]) -> bool:
    """Caption text around a table: one caption paragraph before or after (not both)."""
    if before and after:
        return False
    part = before or after
    return bool(sx.CAPTION.match(part[0]))


def _is_bare_table(block: str) -> bool:
    draft = _classify(block)
    return draft.kind is UnitKind.TABLE and not draft.captioned


def _is_table_caption(block: str) -> bool:
    return bool(sx.TABLE_CAPTION.match(block.lstrip("\n")))


def _anchored(host: str, def_block: str) -> bool:
    labels = sx.FOOTNOTE_DEF.findall(def_block)
    present = set(sx.anchors(host))
    return any(label in present for label in labels)


def _to_unit(d: _Draft) -> Unit:
    kind = d.kind if isinstance(d.kind, UnitKind) else UnitKind.OTHER
    text = d.text
    math = kind is UnitKind.EQUATION or (kind is not UnitKind.CODE and sx.has_math(text))
    footnotes = tuple(dict.fromkeys(sx.FOOTNOTE_DEF.findall(text))) if "[^" in text else ()
    return Unit(kind=kind, text=text, heading_level=d.level if kind is UnitKind.HEADING else 0,
                figure_ids=tuple(d.figure_ids), footnote_ids=footnotes, has_math=math)
