"""Which level each span sits on: raised or lowered script spans read from how far their
boxes sit from the baseline (`box_offsets`, `span_at_level`), and glyphs settled on the
baseline of their neighbours unless a fraction rule or script sets them apart."""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Sequence

from ...model.content import Span
from ...model.geometry import BBox
from ...text import latex_symbols as sym
from .atoms import Glyph, is_space

@lru_cache(maxsize=4096)
def font_key(font: str, size: float) -> tuple[str, float]:
    """The key of a font's box offsets (see box_offsets): its name and size to 0.01pt."""
    return font, round(size, 2)


def box_offsets(spans: Sequence[Span]) -> dict[tuple[str, float], tuple[float, float]]:
    """Per font and size, (origin.y - bbox.y0, bbox.y1 - origin.y) when it is the same for
    every span that does not start with a space: ascender-based boxes. Ink boxes vary from
    glyph to glyph and give nothing."""
    seen: dict[tuple[str, float], list[tuple[float, float]]] = {}
    for s in spans:
        if is_space(s.text[:1]) or not s.text.strip(" ."):   # dots may stand stacked
            continue
        seen.setdefault(font_key(s.font, s.size), []).append(
            (s.origin[1] - s.bbox.y0, s.bbox.y1 - s.origin[1]))
    out = {}
    for k, v in seen.items():
        ups = sorted([a for a, _ in v])
        downs = sorted([b for _, b in v])
        up, down = ups[len(ups) // 2], downs[len(downs) // 2]
        tol = 0.03 * k[1]
        consistent = sum(abs(a - up) <= tol for a in ups) >= max(1, 0.6 * len(ups))
        if consistent and up > 0:
            out[k] = (up, down)
    return out


def _span_levels(span: Span, offsets: dict,
                 prev_base: float | None = None) -> tuple[float, float | None]:
    """(baseline, alternative baseline). A span that starts with a synthesized space carries
    the space's origin, i.e. the previous glyph's baseline: recover the real one from the
    box. A span much taller than its font's box holds glyphs on two baselines (PyMuPDF joins
    a numerator glyph to the same-font glyph before it): the second level is the
    alternative, settled later against the fraction rules."""
    off = offsets.get(font_key(span.font, span.size))
    base = span.origin[1]
    if off is None:
        other = _borrowed_level(span, offsets)
        if other is not None and prev_base is not None and prev_base != prev_base:
            return other, None      # a script after its base, off the base's line
        return base, other
    up, down = off
    top_level, bottom_level = span.bbox.y0 + up, span.bbox.y1 - down
    if bottom_level - top_level > 0.3 * span.size:
        # the level of the origin is the span's first glyph's; after a space the origin is
        # the previous glyph's (a raised script, say): the first glyph then stands on the
        # line of the full-size glyphs before it, or, for a smaller span right after its
        # base, off the base's line (a subscript)
        ref = prev_base if is_space(span.text[:1]) and prev_base is not None else base
        if ref != ref:          # NaN: a script after its base, away from the base's line
            near_top = abs(base - top_level) > abs(base - bottom_level)
        else:
            near_top = abs(ref - top_level) <= abs(ref - bottom_level)
        if near_top:
            return top_level, bottom_level
        return bottom_level, top_level
    if is_space(span.text[:1]) and span.text.strip():
        return top_level, None
    return base, None


def _borrowed_level(span: Span, offsets: dict) -> float | None:
    """A span after a space, with no other span of its font to learn its box from, may
    stand on another level than its origin says (the space's): its other level, from the
    box of a font of about its size (TeX's fonts share their proportions). A box on one
    level is its glyphs'; a box on two levels holds the space on the origin's and the
    glyphs on the other (LibreOffice writes a lowered `X,Y` after a space on the base's
    line), left for the neighbours to settle."""
    visible = len(span.text.strip())
    if not is_space(span.text[:1]) or not visible:
        return None
    text_fonts = [(abs(k[1] - span.size), k, v) for k, v in offsets.items()
                  if sym.font_family(k[0]) != "cmex"]
    if not text_fonts:
        return None
    _, (_, size0), (up0, down0) = min(text_fonts)
    top_level = span.bbox.y0 + up0 * span.size / size0
    bottom_level = span.bbox.y1 - down0 * span.size / size0
    base = span.origin[1]
    if bottom_level - top_level <= 0.15 * span.size:      # one level: the box's
        level = (top_level + bottom_level) / 2
        return level if abs(level - base) > 0.15 * span.size else None
    return top_level if abs(base - top_level) > abs(base - bottom_level) else bottom_level


_OFF_LEVEL_HEADS = frozenset(sym.SPACING_ACCENTS) | frozenset("()[]{}|\u2016\u27e8\u27e9")


def head_off_level(span: Span, offsets: dict) -> float | None:
    """The baseline of the glyphs after a first glyph set on a level of its own, or None.
    A browser raises MathML's accent over its base ('^' over beta) and centres a stretched
    delimiter on the maths axis, both in the font and size of the glyphs after them, which
    PyMuPDF joins into one span carrying the first glyph's origin. The span's box then
    reaches from one level to the other (its top plus the font's height, its bottom less
    the font's depth): the level that is not the origin's is the others' baseline. So
    does pdfTeX with a one-font maths set (libertinust1math: a big ')' then ' = '), the
    glyphs after a word space."""
    text = span.text
    if len(text) < 2 or text[0] not in _OFF_LEVEL_HEADS or not text[1:].strip():
        return None
    return _other_level(span, offsets)


def _other_level(span: Span, offsets: dict) -> float | None:
    """Of the two levels a span's box reaches (its top plus the font's height, its bottom
    less the font's depth), the one its origin is not on; None when the box holds one
    level or the origin is on neither."""
    off = offsets.get(font_key(span.font, span.size))
    if off is None:
        return None
    top_level, bottom_level = span.bbox.y0 + off[0], span.bbox.y1 - off[1]
    tol, base = 0.05 * span.size, span.origin[1]
    if bottom_level - top_level < 0.15 * span.size:
        return None
    if abs(base - top_level) <= tol:
        return bottom_level
    return top_level if abs(base - bottom_level) <= tol else None


_OFF_LEVEL_TAILS = frozenset("([{|\u2016\u27e8")


def tail_off_level(span: Span, offsets: dict) -> float | None:
    """The baseline of a span's last glyph, an opening delimiter set on a level of its own
    after the glyphs of the formula's line, or None. A one-font maths set (pdfTeX with
    libertinust1math) draws a matrix's big '(' from the font of the 'A =' before it, and
    PyMuPDF joins them into one span with the first glyph's origin: the box reaches from
    that level to the delimiter's, the level that is not the origin's."""
    text = span.text.rstrip()
    if len(text) < 2 or text[-1] not in _OFF_LEVEL_TAILS or not text[:-1].strip() \
            or text[0] in _OFF_LEVEL_HEADS:
        return None
    return _other_level(span, offsets)


def span_at_level(span: Span, offsets: dict, before: Sequence[Glyph]) -> tuple[Span, float | None]:
    """The span with its origin on the baseline its glyphs stand on, and their alternative
    baseline (see `_span_levels`). `before` are the glyphs of the spans before it; only
    their size, `big` and baseline are read."""
    prev = None
    if is_space(span.text[:1]) and before:
        if before[-1].size > 1.15 * span.size and not before[-1].big:
            prev = float("nan")     # a smaller span after its base: a script of it
        elif before[-1].big and before[-1].family == "cmex" and not before[-1].composite:
            # the space carries the origin of an extension-font glyph, which hangs from it:
            # the delimiter's top, never a baseline, so the glyphs stand on the other level
            prev = float("nan")
        else:
            prev = next((g.base for g in reversed(before)
                         if not g.big and g.size >= 0.85 * span.size), None)
    base, alt = _span_levels(span, offsets, prev)
    if base != span.origin[1]:
        span = replace(span, origin=(span.origin[0], base))
    return span, alt


def settle_levels(glyphs: list[Glyph], rules: Sequence[BBox]) -> None:
    """Glyphs of a two-baseline span: nothing crosses a fraction bar, so a glyph that would
    cross a rule above/below which it stands moves to its other baseline."""
    for g in glyphs:
        if g.alt_base is None:
            continue
        crossing = [r for r in rules if r.x0 <= g.cx <= r.x1 and _crosses(g, g.base, r)
                    and not _crosses(g, g.alt_base, r)]
        # a span of one glyph cannot stand on two baselines: its tall box comes from the
        # space before it, and with no rule to settle it it sits on its neighbours' line
        alone = sum(h.pos[0] == g.pos[0] for h in glyphs) == 1
        if crossing or (alone and not any(r.x0 <= g.cx <= r.x1 for r in rules)
                        and _neighbours_on(g, g.alt_base, glyphs)
                        and not _neighbours_on(g, g.base, glyphs)):
            shift = g.alt_base - g.base
            g.base, g.top, g.bottom = g.alt_base, g.top + shift, g.bottom + shift
        g.alt_base = None


def _neighbours_on(g: Glyph, base: float, glyphs: list[Glyph]) -> bool:
    """Another glyph of the formula, beside `g` within an em, sits on `base`: with no
    rule to settle it, a two-level span's glyph sits on its neighbours' baseline."""
    return any(h is not g and h.alt_base is None and not h.big
               and abs(h.base - base) <= 0.05 * g.size
               and max(h.x0 - g.x1, g.x0 - h.x1) < g.size for h in glyphs)


def _crosses(g: Glyph, base: float, r: BBox) -> bool:
    top = base - (g.base - g.top)
    bottom = base + (g.bottom - g.base)
    return top + 0.05 * g.size < r.cy < bottom - 0.05 * g.size
