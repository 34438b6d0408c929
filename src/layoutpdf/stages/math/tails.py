"""A paragraph's last line that the block stage joined to the display below it because
it is all maths ('... where the bound is' / 'μ_k.'): it goes on the paragraph, as inline
maths."""
from __future__ import annotations

from dataclasses import replace

from ...model import BBox, Element, Layer, Line, Role
from ...text.lines import join_lines

_SENTENCE_END = ".,;:!?"


def rejoin_paragraph_ends(elements: list[Element], lines: dict[str, Line],
                          body: float) -> list[Element]:
    """Give a block's first line back to the paragraph right above it when the line goes
    on that paragraph: it starts at the paragraph's left edge, sits at line spacing under
    its last line, is short, that last line ends no sentence, and the line itself ends one
    in the text font (a display is set apart from the column's edge). The rest of the
    block (a display right under the paragraph) stays a block of its own."""
    out: list[Element] = []
    for e in elements:
        prev = out[-1] if out else None
        if prev is None or not _goes_on(prev, e, lines, body):
            out.append(e)
            continue
        first = lines[e.line_ids[0]]
        out[-1] = replace(prev, bbox=prev.bbox.union(first.bbox),
                          line_ids=prev.line_ids + (first.id,),
                          text=join_lines([prev.text, first.text]))
        rest = [lines[i] for i in e.line_ids[1:] if i in lines]
        if rest:
            out.append(replace(e, line_ids=tuple(ln.id for ln in rest),
                               bbox=BBox.union_all([ln.bbox for ln in rest]),
                               text=" ".join(ln.text for ln in rest)))
    return out


def _goes_on(prev: Element, e: Element, lines: dict[str, Line], body: float) -> bool:
    if prev.page != e.page or prev.layer is not Layer.BODY or e.layer is not Layer.BODY \
            or prev.role is not Role.PARAGRAPH or e.role not in (Role.PARAGRAPH, Role.EQUATION) \
            or not e.line_ids or not prev.line_ids:
        return False
    last, ln = lines.get(prev.line_ids[-1]), lines.get(e.line_ids[0])
    if last is None or ln is None or not last.text.strip() or not ln.spans:
        return False
    end = ln.spans[-1]
    return abs(ln.bbox.x0 - prev.bbox.x0) <= 0.5 * body \
        and 0 <= ln.bbox.y0 - last.bbox.y1 <= 0.6 * body \
        and ln.bbox.width < 0.5 * max(prev.bbox.width, 1.0) \
        and last.text.rstrip()[-1] not in _SENTENCE_END \
        and end.text.rstrip()[-1:] in ".!?" and abs(end.size - body) <= 0.15 * body \
        and all(o.bbox.y0 >= ln.bbox.y1 - 0.3 * body for o in
                (lines[i] for i in e.line_ids[1:] if i in lines))
