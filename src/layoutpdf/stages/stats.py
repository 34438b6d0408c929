"""Document-wide typography statistics, computed once and read by later stages."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ..model import Document, Stats
from ..settings import Settings


def run(doc: Document, settings: Settings) -> Document:
    runs: dict[tuple[float, str], int] = {}   # (size, font) -> characters (a dict: faster)
    widths: list[float] = []
    for page in doc.pages:
        for ln in page.lines:
            if not ln.horizontal:
                continue
            for s in ln.spans:
                n = len(s.text)
                if n:
                    key = (s.size, s.font)
                    runs[key] = runs.get(key, 0) + n
                    if len(widths) < 5000:
                        widths.append(s.bbox.width / n)
    sizes: Counter[float] = Counter()
    fonts: Counter[str] = Counter()
    for (size, font), n in runs.items():
        sizes[round(size * 2) / 2] += n
        fonts[font] += n
    if not sizes:
        return doc
    body_size = sizes.most_common(1)[0][0]
    body_font = fonts.most_common(1)[0][0]
    line_height = _line_pitch(doc, body_size) or body_size * 1.2
    widths.sort()
    char_width = widths[len(widths) // 2] if widths else body_size * 0.5
    total = sum(sizes.values())
    heading_sizes = tuple(sorted((s for s, n in sizes.items()
                                  if s >= body_size * 1.1 and n < total * 0.2), reverse=True))
    return replace(doc, stats=Stats(body_size=body_size, body_font=body_font,
                                    line_height=line_height, char_width=char_width,
                                    heading_sizes=heading_sizes))


def _line_pitch(doc: Document, body_size: float) -> float | None:
    """Most common baseline distance between vertically adjacent body-size lines."""
    pitches: Counter[float] = Counter()
    for page in doc.pages[:50]:
        prev = None
        for ln in page.lines:
            if abs(ln.size - body_size) > 0.6 or not ln.horizontal:
                continue
            if prev is not None:
                d = ln.baseline - prev.baseline
                if body_size * 0.9 < d < body_size * 2.5 and \
                        ln.bbox.overlap_x(prev.bbox) > 0.5 * min(ln.bbox.width, prev.bbox.width):
                    pitches[round(d * 2) / 2] += 1
            prev = ln
    return pitches.most_common(1)[0][0] if pitches else None
