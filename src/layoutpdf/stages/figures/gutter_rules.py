"""Rules that touch a cluster of drawings without being part of it.

The rule between two columns (LaTeX's `\\columnseprule`, a CSS `column-rule`, a
separator under a float) is drawn along the text, top to bottom of the column band. A
figure set against it (a plot a little wider than its column) comes within the clustering
distance of it, and the rule, taken into the figure's cluster, stretches the region over
the caption and the text beside the figure: the figure loses its region and its caption.
Such a rule runs on past the figure's other strokes, with running text or the caption
beside that stretch; an axis ends where its plot does, among its own tick labels.
"""
from __future__ import annotations

from ...model import BBox
from .page_text import PageText

Box = tuple[float, float, float, float]


def loose_rules(members: list[int], boxes: list[Box], kinds: list[str], text: PageText,
                em: float) -> list[int]:
    """The straight rules of a cluster (`kinds` 'rule') that go on more than an em past
    the box of its other strokes, with running text or a caption beside that stretch."""
    shape = [boxes[i] for i in members if kinds[i] != "rule"]
    if not shape or len(shape) == len(members):
        return []
    box = (min(b[0] for b in shape), min(b[1] for b in shape),
           max(b[2] for b in shape), max(b[3] for b in shape))
    return [i for i in members if kinds[i] == "rule" and _runs_past(boxes[i], box, text, em)]


def _runs_past(rule: Box, shape: Box, text: PageText, em: float) -> bool:
    """The rule goes on more than an em past `shape` along its length, beside running
    text or a caption there."""
    x0, y0, x1, y1 = rule
    if y1 - y0 >= x1 - x0:          # vertical: the stretches above and below the shape
        parts = [(x0 - em, y0, x1 + em, shape[1]), (x0 - em, shape[3], x1 + em, y1)]
        stretches = [p for p in parts if p[3] - p[1] > em]
    else:                           # horizontal: left and right of it
        parts = [(x0, y0 - em, shape[0], y1 + em), (shape[2], y0 - em, x1, y1 + em)]
        stretches = [p for p in parts if p[2] - p[0] > em]
    return any(text.is_prose(ln) or ln.id in text.captions
               for p in stretches for ln in text.near(BBox(*p)))
