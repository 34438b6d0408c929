"""The page's art that is no figure (issue 37): drawings laid behind the running text and
art that bleeds off the page edge, as report and magazine designers make them.

- An outline (a stroked curve, no fill) whose box holds lines of body prose is a swoosh
  or contour laid across the page and set over with text, not a figure's ink.
- A drawing more than an em off the page is art the page box cuts (a figure sits inside
  the text block): the drawings on the page that cluster with it, all of its colours,
  are the rest of that art (a dotted trail running off the edge); a cluster with drawings
  of other colours is a figure the art passes by, and keeps them without the art.
"""
from __future__ import annotations

from ...model import BBox, Page
from .clusters import Box, cluster_items
from .page_text import PageText

BLEED = "bleed"         # a drawing that runs off the page: the art it belongs to is no figure
BEHIND_LINES = 2        # lines of body prose inside an outline's box that put it behind the text
BEHIND_SIZE = 0.92      # ... set at least this share of the body size


def off_page(b: BBox, page: Page, em: float) -> bool:
    """Placed more than an em off the page: the page box cuts it (art that bleeds)."""
    return b.x0 < -em or b.y0 < -em or b.x1 > page.width + em or b.y1 > page.height + em


def without_bleeding_art(clusters: list[tuple[list[int], Box]], boxes: list[Box], kinds: list[str],
                          colours: list, gap: float) -> list[tuple[list[int], Box]]:
    """Clusters less the art that bleeds off the page: a cluster whose drawings on the
    page are all of the colours of the pieces it has off the page is the rest of that
    art (a dotted trail, a swoosh the page box cuts) and is dropped; in any other, the
    pieces off the page are art laid over or beside a figure and are left out of it."""
    out: list[tuple[list[int], Box]] = []
    for members, box in clusters:
        bleed = {colours[i] for i in members if kinds[i] == BLEED}
        if not bleed:
            out.append((members, box))
            continue
        rest = [i for i in members if kinds[i] != BLEED]
        if all(colours[i] in bleed for i in rest):
            continue                            # one piece of art with what runs off the page
        out += [([rest[k] for k in sub], b) for sub, b in cluster_items([boxes[i] for i in rest], gap)]
    return out


def behind_text(box: BBox, text: PageText) -> bool:
    """An outline (a stroked curve, no fill) whose box holds lines of the page's running
    text at body size: background art -- a designer's swoosh or contour laid across the
    page and set over with text -- not a figure's ink. A figure's own curves enclose its
    labels (short, often smaller), never paragraphs of body text."""
    prose = 0
    for ln in text.inside(box):
        if (ln.size or 0) >= BEHIND_SIZE * text.body and text.is_prose(ln):
            prose += 1
            if prose >= BEHIND_LINES:
                return True
    return False
