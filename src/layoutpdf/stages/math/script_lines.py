"""Script pieces an extractor split off their line (a superscript or subscript set as a line
of its own, a few characters long) joined back onto the line they belong to."""
from __future__ import annotations

from typing import Sequence

from ...model import Line
from ...text import latex_symbols as sym


def attach_script_lines(lines: Sequence[Line], max_chars: int = 8) -> list[Line]:
    """Undo the splits an extractor makes around inline math: a line broken where a
    fraction's numerator/denominator or a script changes the baseline comes back together
    ("... factor of p" + "q. The next ..."), and short pieces off the baseline ("q.", a
    hanging integral sign) rejoin the line whose band they sit in. Repeats until stable;
    returns lines in their original order."""
    live: list[Line | None] = list(lines)
    while _merge_once(live, max_chars):
        pass
    return [ln for ln in live if ln is not None]


def _merge_once(live: list[Line | None], max_chars: int) -> bool:
    order = sorted((k for k, ln in enumerate(live) if ln is not None),
                   key=lambda k: live[k].bbox.cy)
    for pos, a in enumerate(order):
        la = live[a]
        em = la.size or 10.0
        for b in order[pos + 1:]:
            lb = live[b]
            if lb.bbox.cy - la.bbox.cy > 2 * em:
                break
            if la.horizontal and lb.horizontal and _continues(la, lb):
                _fold(live, min(a, b), max(a, b))
                return True
    others = [ln for ln in live if ln is not None]
    for i, piece in enumerate(live):
        if piece is None:
            continue
        host = _host_of(piece, others, max_chars)
        if host is not None:
            h = next(k for k, ln in enumerate(live) if ln is others[host])
            _fold(live, h, i)
            return True
    return False


def _fold(live: list[Line | None], keep: int, gone: int) -> None:
    """Merge line `gone` into line `keep` (the earlier one keeps its id and position)."""
    a, b = live[keep], live[gone]
    first = a if keep < gone else b
    spans = tuple(sorted(a.spans + b.spans, key=lambda sp: sp.bbox.x0))
    live[min(keep, gone)] = Line.build(first.id, first.page, spans, first.direction,
                                       first.vertical)
    live[max(keep, gone)] = None


def _continues(a: Line, b: Line) -> bool:
    """Same baseline, touching or a word space apart: one visual line split in two."""
    em = max(a.size, b.size) or 10.0
    if abs(a.baseline - b.baseline) >= 0.1 * em:
        return False
    gap = max(a.bbox.x0, b.bbox.x0) - min(a.bbox.x1, b.bbox.x1)
    return gap <= 0.5 * em and a.bbox.overlap_y(b.bbox) > 0


def _host_of(piece: Line, lines: Sequence[Line], max_chars: int) -> int | None:
    """The prose line a short piece belongs to: script-size glyphs off the host's baseline
    (a text-style fraction's numerator or denominator), or TeX glyphs that hang from their
    origin (cmex operators, radicals), counted at the middle of their drop."""
    if len(piece.text.strip()) > max_chars or not piece.horizontal:
        return None
    inked = [sp for sp in piece.spans if sp.text.strip()]
    hanging = bool(inked) and all(sym.font_family(sp.font) == "cmex"
                                  or (sym.font_family(sp.font) == "cmsy" and "√" in sp.text)
                                  for sp in inked)
    best, best_d = None, None
    smallest = min((sp.size for sp in inked), default=None)
    for j, host in enumerate(lines):
        em = host.size or 10.0
        if host is piece:
            continue
        cy = piece.baseline + 0.5 * em if hanging else piece.bbox.cy
        if not host.bbox.y0 - 0.35 * em <= cy <= host.bbox.y1 + 0.35 * em:
            continue
        if not hanging and not (smallest is not None and smallest < 0.85 * em):
            continue                  # no glyph of the piece is smaller than the host's
        if piece.bbox.x0 < host.bbox.x0 - em or piece.bbox.x0 > host.bbox.x1 + 0.3 * em:
            continue                  # must overlap or touch the host (not the next column)
        if sum(len(sp.text.strip()) for sp in host.spans if sp.size >= 0.85 * em) < 2:
            continue                  # a host has text at its own size
        d = abs(cy - host.bbox.cy)
        if best_d is None or d < best_d:
            best, best_d = j, d
    return best
