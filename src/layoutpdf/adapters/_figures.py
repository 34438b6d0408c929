"""Figure images in a rendered unit (for LlamaIndex image nodes): alt text, target (the
crop's path or ``#<figure id>``), caption and label; image-line syntax is the splitter's."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..model import Unit, UnitKind
from ..split._syntax import IMAGE_LINE
from ..text.caption_labels import OTHER_LANGUAGE_FIGURE_WORDS

# 'Figure 3', 'Fig. 3', and the figure words of other languages ('Abbildung 3', 'Рис. 3')
_FIG_LABEL = re.compile(r"\b(Fig(?:ure|\.)?|" + OTHER_LANGUAGE_FIGURE_WORDS + r")\s*([A-Z]?\d+[a-z]?)",
                        re.IGNORECASE)


@dataclass(frozen=True)
class FigureRef:
    alt: str
    target: str
    caption: str
    label: str | None        # "3" for "Figure 3"


def figure_refs(unit: Unit) -> list[FigureRef]:
    """Image lines of a FIGURE unit: alt text, target (crop path or #fig-id), caption line."""
    if unit.kind is not UnitKind.FIGURE and "![" not in unit.text:
        return []
    lines = unit.text.split("\n")
    refs = []
    for i, line in enumerate(lines):
        m = IMAGE_LINE.match(line)
        if not m:
            continue
        alt = m.group("alt").replace("\\]", "]")
        rest = [ln for ln in lines[i + 1:] if ln.strip() and not IMAGE_LINE.match(ln)]
        caption = rest[0].strip() if rest else ""
        lab = _FIG_LABEL.search(caption or alt)
        refs.append(FigureRef(alt, m.group("target"), caption or alt, lab.group(2) if lab else None))
    return refs


def mentions_figure(text: str, label: str) -> bool:
    return any(m.group(2).lower() == label.lower() for m in _FIG_LABEL.finditer(text))
