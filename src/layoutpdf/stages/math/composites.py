"""Glyphs read together: extensible delimiters built from TeX extension pieces, dots set
as one glyph, big operators, delimiters stretched over what they enclose, and runs of
upright letters that are one word (\\sin, \\max, \\operatorname{Var})."""
from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from ...model.content import Span
from ...model.geometry import BBox
from ...text import latex_symbols as sym
from .atoms import AXIS, Glyph, is_space
from .levels import font_key

def _piece(c: str) -> tuple[str, str, str, float, float] | None:
    """cmex metrics of an extensible-delimiter piece (top, middle, bottom, repeater)."""
    info = sym.CMEX.get(ord(c)) if len(c) == 1 else None
    if info and info[0].endswith(("ex", "tp", "bt", "mid", "vextendsingle", "vextenddouble",
                                  "vertex")) and info[2] != sym.RADICAL:
        return info
    return None


def _stack_glyph(infos: list[tuple], x0: float, x1: float, top: float, bottom: float,
                 size: float, ch: str) -> Glyph:
    names = " ".join(i[0] for i in infos)
    tex = next((i[1] for i in infos if i[1] not in ("", "|")), infos[0][1] or "|")
    kind = sym.OPEN if "left" in names else sym.CLOSE if "right" in names else sym.ORD
    if "vextenddouble" in names or "arrowvertexdbl" in names:
        tex = r"\|"
    return Glyph(tex, kind, x0, x1, top, bottom, top, size, ch=ch, family="cmex",
                 math_font=True, big=True)


def extensible_stack(span: Span, family: str) -> Glyph | None:
    """A run of cmex extension pieces ('\\x0c' x5, brace top/middle/bottom) is one tall
    delimiter."""
    if family != "cmex":
        return None
    t = "".join(c for c in span.text if not is_space(c, family))
    if len(t) < 2:
        return None
    infos = [_piece(c) for c in t]
    if any(i is None for i in infos):
        return None
    top = span.origin[1]
    bottom = max(span.bbox.y1, top + sum(i[4] for i in infos) * span.size)
    return _stack_glyph(infos, span.bbox.x0, span.bbox.x1, top, bottom, span.size, t)


def merge_pieces(glyphs: list[Glyph]) -> list[Glyph]:
    """Single-glyph spans of cmex pieces stacked in one column -> one tall delimiter."""
    pieces = [g for g in glyphs if g.family == "cmex" and not g.composite and _piece(g.ch)]
    if len(pieces) < 2:
        return glyphs
    pieces.sort(key=lambda g: (round(g.x0), g.top))
    stacks: list[list[Glyph]] = []
    for g in pieces:
        last = stacks[-1][-1] if stacks else None
        if last is not None and abs(g.x0 - last.x0) < 0.2 * g.size \
                and g.top - last.bottom < 0.3 * g.size:
            stacks[-1].append(g)
        else:
            stacks.append([g])
    is_piece = {id(g) for g in pieces}
    out = [g for g in glyphs if id(g) not in is_piece]
    for st in stacks:
        if len(st) == 1:
            out.append(st[0])
            continue
        big = _stack_glyph([_piece(g.ch) for g in st], min(g.x0 for g in st),
                           max(g.x1 for g in st), st[0].top, max(g.bottom for g in st),
                           st[0].size, "".join(g.ch for g in st))
        big.pos, big.end = st[0].pos, st[-1].end
        out.append(big)
    return sorted(out, key=lambda g: g.pos)


def dots_glyph(span: Span, offsets: dict) -> Glyph | None:
    r"""Three periods in one span: TeX's \ldots on the baseline, or its \vdots (stacked in
    one column) and \ddots (stepping down to the right), whose span box is a line taller
    than one period's."""
    if "." not in span.text or span.text.replace(" ", "") != "..." \
            or sym.font_family(span.font) == "cmex":
        return None
    size, box = span.size, span.bbox
    up, down = offsets.get(font_key(span.font, span.size), (0.75 * size, 0.25 * size))
    extra = box.height - (up + down)
    if extra < 0.4 * size:
        tex, base = r"\ldots", span.origin[1]
        top, bottom = base - 0.12 * size, base
    else:
        tex = r"\vdots" if box.width < 0.5 * size else r"\ddots"
        top, bottom = box.y0 + up - 0.12 * size, box.y1 - down
        base = (top + bottom) / 2 + AXIS * size      # the middle dot sits near the axis
    return Glyph(tex, sym.ORD, box.x0, box.x1, top, bottom, base, size, ch="...",
                 math_font=True)


def merge_cdots(glyphs: list[Glyph]) -> list[Glyph]:
    r"""Three centred dots set close on one baseline (TeX's \cdots is three \cdotp) are
    one \cdots."""
    out: list[Glyph] = []
    for g in glyphs:
        if g.tex != r"\cdot":
            out.append(g)
            continue
        run = out[-2:]
        if len(run) == 2 and all(
                h.tex == r"\cdot" and not h.composite and abs(h.base - g.base) < 0.05 * g.size
                for h in run) and 0 <= run[1].x0 - run[0].x1 < 0.3 * g.size \
                and 0 <= g.x0 - run[1].x1 < 0.3 * g.size:
            out[-2:] = [replace(run[0], tex=r"\cdots", kind=sym.ORD, x1=g.x1, end=g.end,
                                ch="\u22ef")]
            continue
        out.append(g)
    return out


def mark_big_glyphs(glyphs: list[Glyph]) -> None:
    """Delimiters / operators / radicals set well above the text size (Unicode math fonts
    size a glyph up instead of using a separate extension font) sit on the math axis."""
    ords = [g for g in glyphs if not g.composite and g.kind == sym.ORD]
    if not ords:
        return
    median = _median_size(ords)
    for g in glyphs:
        if g.big or g.composite:
            continue
        if g.kind in (sym.OPEN, sym.CLOSE, sym.BIGOP, sym.RADICAL) or g.ch in "|‖∥":
            # scripts may outnumber the letters ({U_i}_{i \in I}): the letters on the
            # glyph's own baseline are its text size where there are any
            level = [o for o in ords if abs(o.base - g.base) < 0.1 * g.size]
            if g.size >= 1.3 * max(median, _median_size(level) if level else 0):
                g.big = True
                h = 0.75 * g.size
                g.top, g.bottom = g.base - h, g.base + 0.25 * g.size


def _median_size(glyphs: list[Glyph]) -> float:
    sizes = sorted(g.size for g in glyphs)
    return sizes[len(sizes) // 2]


_CLOSING = {"(": ")", "[": "]", r"\{": r"\}", "|": "|", r"\|": r"\|", r"\langle": r"\rangle"}


def mark_stretched_delimiters(glyphs: list[Glyph], rules: Sequence[BBox] = ()) -> None:
    """A browser or office suite sets a matrix's parentheses as stretched variants of the
    text-size glyph, whose box (from the font's ascender and descender) says nothing of
    their height. A pair on one baseline enclosing rows above and below that baseline and
    nothing on it is such a pair: tall delimiters spanning the rows they enclose. So is a
    pair around a stacked fraction (a bar with glyphs over and under it): a text-size
    glyph never encloses one, and its baseline may be the numerator's."""
    # cmex glyphs have their real extent already; a sized-up Unicode glyph may not
    free = sorted((g for g in glyphs if g.family != "cmex" and not g.composite
                   and (g.kind in (sym.OPEN, sym.CLOSE) or g.tex in ("|", r"\|"))),
                  key=lambda g: g.x0)
    done: list[Glyph] = []
    for i, left in enumerate(free):
        want = _CLOSING.get(left.tex)
        if want is None or any(left is d for d in done):
            continue
        right = next((g for g in free[i + 1:] if g.tex == want and not any(g is d for d in done)
                      and abs(g.base - left.base) < 0.1 * left.size), None)
        if right is None:
            continue
        s = left.size
        inner = _enclosed_band(left, right, glyphs)
        # a pair standing on a fraction bar (or hanging under one) is the numerator's
        # (denominator's) own: it stands on that row's baseline
        own_row = _on_a_bar(left, right, rules)
        line = left.base if own_row else _line_outside(left, right, glyphs)
        on_line = [g for g in inner if abs(g.base - line) < 0.15 * s]
        above = [g for g in inner if g.base < line - 0.3 * s]
        below = [g for g in inner if g.base > line + 0.2 * s]
        if on_line or not above or not below:
            stacked = [] if own_row else _stacked_on_a_bar(left, right, glyphs, rules)
            if not stacked:
                continue
            inner = inner + [g for g in stacked if not any(g is h for h in inner)]
        top = min(g.top for g in [left, right, *inner])
        bottom = max(g.bottom for g in [left, right, *inner])
        for g in (left, right):
            g.big, g.top, g.bottom = True, top, bottom
        done += [left, right]


def _line_outside(left: Glyph, right: Glyph, glyphs: list[Glyph]) -> float:
    """The baseline the pair stands on: that of the nearest full-size glyph beside it,
    outside (a browser's stretched variant has its origin where its design puts it, off
    the formula's baseline, which may be a matrix row's), else the pair's own. Only a
    glyph of the pair's size counts: a script's parentheses stand off their base's line."""
    s = left.size
    beside = [(left.x0 - g.x1 if g.cx < left.cx else g.x0 - right.x1, g.base) for g in glyphs
              if not g.big and not g.composite and 0.9 * s <= g.size <= 1.1 * s
              and (g.x1 <= left.x0 + 0.1 * s or g.x0 >= right.x1 - 0.1 * s)]
    near = [b for b in beside if b[0] < 2 * s]
    return min(near)[1] if near else left.base


def _on_a_bar(left: Glyph, right: Glyph, rules: Sequence[BBox]) -> bool:
    """A rule under or over both delimiters, within 1.5em: they belong to a fraction's
    numerator or denominator."""
    s = left.size
    return any(r.x0 <= left.cx and right.cx <= r.x1 and abs(r.cy - left.cy) < 1.5 * s
               for r in rules)


def _stacked_on_a_bar(left: Glyph, right: Glyph, glyphs: list[Glyph],
                      rules: Sequence[BBox]) -> list[Glyph]:
    """The glyphs over and under the fraction bars between two delimiters (beside the
    bars' ends, not over them), within 1.5em of their axis, none larger than the
    delimiters; the bars reach from right after the left delimiter to right before the
    right one (a matrix's first and last columns of fractions), with nothing else
    between (an exponent's norm bars around a fraction are not its delimiters). None: no
    such bar."""
    s = left.size
    between = [r for r in rules if left.cx < r.x0 and r.x1 < right.cx
               and abs(r.cy - left.axis) <= 1.5 * s]
    if not between:
        return []
    x0, x1, cy = min(r.x0 for r in between), max(r.x1 for r in between), between[0].cy
    if x0 - left.x1 > 1.5 * s or right.x0 - x1 > 1.5 * s or any(
            abs(g.cy - cy) < 2 * s and (left.x1 <= g.cx < x0 or x1 < g.cx <= right.x0)
            for g in glyphs if g is not left and g is not right):
        return []
    out: list[Glyph] = []
    for r in between:
        on = [g for g in glyphs if r.x0 - 0.2 * s <= g.cx <= r.x1 + 0.2 * s
              and abs(g.cy - r.cy) < 2 * s and g is not left and g is not right]
        if any(g.bottom <= r.cy for g in on) and any(g.top >= r.cy for g in on) \
                and max(g.size for g in on) <= 1.1 * s:
            out += [g for g in on if not any(g is h for h in out)]
    return out


def _enclosed_band(left: Glyph, right: Glyph, glyphs: list[Glyph]) -> list[Glyph]:
    """Glyphs between two delimiters, grown up and down from the delimiters' line while the
    rows stay within 3/4 em of each other (a matrix's rows, fractions, dot rows)."""
    s = left.size
    pool = [g for g in glyphs if left.x1 - 0.1 * s <= g.cx <= right.x0 + 0.1 * s
            and g is not left and g is not right]
    top, bottom = min(left.top, right.top), max(left.bottom, right.bottom)
    inner: list[Glyph] = []
    taken: set[int] = set()
    grown = True
    while grown:
        grown = False
        for g in pool:
            if id(g) not in taken and g.top <= bottom + 0.75 * s \
                    and g.bottom >= top - 0.75 * s:
                inner.append(g)
                taken.add(id(g))
                top, bottom = min(top, g.top), max(bottom, g.bottom)
                grown = True
    return inner


# ----------------------------------------------------------------------------------------
# upright words: \sin, \max, \operatorname{Var}
# ----------------------------------------------------------------------------------------
def group_words(glyphs: list[Glyph]) -> list[Glyph]:
    """Merge upright Latin letters that sit side by side (same size and baseline, no gap)
    into words. Glyphs on other baselines in between (limits under 'lim') do not break a
    word."""
    letters = [g for g in glyphs if g.upright and g.kind == sym.ORD and not g.composite
               and g.family != "bold" and g.ch.isalpha()]
    is_letter = {id(g) for g in letters}
    others = [g for g in glyphs if id(g) not in is_letter]
    letters.sort(key=lambda g: g.x0)
    runs: list[list[Glyph]] = []
    for g in letters:
        for run in runs:
            last = run[-1]
            if (abs(g.base - last.base) < 0.08 * g.size and abs(g.size - last.size) < 0.05 * g.size
                    and -0.2 * g.size < g.x0 - last.x1 < 0.12 * g.size):
                run.append(g)
                break
        else:
            runs.append([g])
    for run in _two_word_names(runs):
        if len(run) == 1:
            others.append(run[0])
            continue
        text = "".join(g.ch for g in run)
        others.append(Glyph(text, "word", run[0].x0, run[-1].x1, min(g.top for g in run),
                            max(g.bottom for g in run), run[0].base, run[0].size, ch=text,
                            family=run[0].family, upright=True, math_font=run[0].math_font,
                            pos=run[0].pos, end=run[-1].end, parts=list(run)))
    others.sort(key=lambda g: g.x0)
    return others


def _two_word_names(runs: list[list[Glyph]]) -> list[list[Glyph]]:
    """'arg' and 'min' a thin space apart on one baseline are one operator name (amsmath's
    `arg\\,min`), whose limit is centred under both words."""
    runs = sorted(runs, key=lambda r: r[0].x0)
    out: list[list[Glyph]] = []
    for run in runs:
        prev = out[-1] if out else None
        if prev is not None and "".join(g.ch for g in prev + run) in sym.LIMIT_OPERATOR_NAMES \
                and abs(run[0].base - prev[-1].base) < 0.08 * run[0].size \
                and 0 <= run[0].x0 - prev[-1].x1 < 0.35 * run[0].size:
            out[-1] = prev + run
            continue
        out.append(run)
    return out


def cut_operator_names(glyphs: list[Glyph], reasons: list[str]) -> None:
    """LibreOffice Math, importing MathML, draws only the first letter of a multi-letter
    operator (`<mo>Var</mo>`, `\\operatorname{softmax}`, `\\lim`): an upright Latin letter
    alone, at full size, before a bracket or a limit, in a formula whose letters are
    otherwise the text font's italic and whose operators are OpenSymbol's. It is an
    operator name of which the text layer holds one letter: written as one, and said so
    (the rest of the name is not guessed)."""
    if not any(sym.is_opensymbol(g.font) for g in glyphs):
        return
    full = max((g.size for g in glyphs if not g.big and not g.composite), default=0.0)
    ordered = sorted(glyphs, key=lambda g: g.x0)
    for i, g in enumerate(ordered):
        if not (g.upright and g.kind == sym.ORD and not g.composite and len(g.ch) == 1
                and g.ch.isascii() and g.ch.isalpha() and g.size >= 0.85 * full):
            continue
        nxt = next((h for h in ordered[i + 1:] if h.x0 >= g.x1 - 0.1 * g.size), None)
        if nxt is None or not (nxt.kind == sym.OPEN or nxt.size < 0.85 * g.size):
            continue
        g.tex = rf"\operatorname{{{g.ch}}}"
        reason = "operator name cut to its first letter (LibreOffice Math)"
        if reason not in reasons:
            reasons.append(reason)
