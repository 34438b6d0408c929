"""Two-dimensional math structures, recognised and collapsed innermost first into composite
atoms that carry their LaTeX: accents over a glyph, radicals and fractions from horizontal
rules, limits stacked over/under big operators, tall delimiter pairs (with matrices and
binomials inside), cases braces. See rows.py for the rows that remain.

Thresholds are typographic, in em of the local font size.
"""
from __future__ import annotations

from typing import Sequence

from ...model.geometry import BBox
from ...text import latex_symbols as sym
from .atoms import Glyph
from .rows import (Ctx, _baseline_of, _bbox, _composite, _normal_size, _row_size,
                          _without, serialize_row, join_atoms, split_rows)

BIN, REL, OPEN, CLOSE, PUNCT, BIGOP, RADICAL, ACCENT, ORD = (
    sym.BIN, sym.REL, sym.OPEN, sym.CLOSE, sym.PUNCT, sym.BIGOP, sym.RADICAL, sym.ACCENT, sym.ORD)


# ----------------------------------------------------------------------------------------
# accents
# ----------------------------------------------------------------------------------------
def _spacing_accents_over(gs: list[Glyph]) -> None:
    """A character that is also a spacing accent ('^' read as \\wedge, '~' as \\sim) set
    over another glyph is that accent: a browser draws MathML's accent (`\\hat\\beta`) with
    the plain character, raised over its base by less than the base's height; an
    operator or a relation stands between its operands on their baseline, never over one
    of them (the same sign a row above is a whole line higher)."""
    for acc in gs:
        if acc.kind == ACCENT or acc.composite or acc.ch not in sym.SPACING_ACCENTS:
            continue
        for g in gs:
            ov = min(acc.x1, g.x1) - max(acc.x0, g.x0)
            if g is not acc and g.kind != ACCENT and ov >= 0.5 * min(acc.width, g.width) \
                    and 0.15 * acc.size <= g.base - acc.base <= 0.6 * acc.size \
                    and g.size >= 0.8 * acc.size:
                acc.kind, acc.tex = ACCENT, sym.SPACING_ACCENTS[acc.ch]
                break


def apply_accents(gs: list[Glyph], ctx: Ctx) -> list[Glyph]:
    _spacing_accents_over(gs)
    for acc in [g for g in gs if g.kind == ACCENT and not g.composite]:
        others = [g for g in gs if g is not acc and g.kind != ACCENT]
        wide = acc.tex in (r"\widehat", r"\widetilde")
        targets = []
        for g in others:
            ov = min(acc.x1, g.x1) - max(acc.x0, g.x0)
            if g.base < acc.base - 0.05 * acc.size or g.cy <= acc.cy:
                continue
            # LibreOffice sets an accent at script size over its base
            if g.top - acc.bottom > 0.6 * max(acc.size, g.size):
                continue
            if wide and acc.x0 - 0.1 * acc.size <= g.cx <= acc.x1 + 0.1 * acc.size:
                targets.append(g)
            elif not wide and ov >= 0.3 * min(acc.width, g.width or acc.width):
                targets.append((ov, g))
        if not wide and targets:
            targets = [max(targets, key=lambda t: t[0])[1]]
        if not targets:
            found = sym.SYMBOLS.get(acc.ch)
            acc.kind = found[1] if found else ORD
            acc.tex = found[0] if found else acc.tex + "{}"
            continue
        inner = layout(targets, (), ctx)
        base_g = max(targets, key=lambda g: g.size)
        comp = _composite(f"{acc.tex}{{{inner}}}", [acc, *targets], "accent",
                          base=base_g.base, size=base_g.size)
        comp.axis_y = None
        comp.big = False
        gs = _without(gs, [acc, *targets]) + [comp]
    return gs


# ----------------------------------------------------------------------------------------
# rules: radicals, fractions, overlines
# ----------------------------------------------------------------------------------------
def usable_rules(rules: Sequence[BBox], gs: Sequence[Glyph]) -> list[BBox]:
    if not gs or not rules:
        return []
    size = _normal_size(gs)
    x0, y0, x1, y1 = _bbox(gs)
    region = BBox(x0, y0, x1, y1).expand(size)
    out: list[BBox] = []
    for r in sorted(rules, key=lambda r: r.width):
        if r.height > max(1.5, 0.2 * size) or r.width < 0.25 * size or r.width < 2 * r.height:
            continue
        if region.intersection(r.expand(0.5)) is None:
            continue
        if any(abs(r.cy - o.cy) < 0.6 and abs(r.x0 - o.x0) < 0.6 and abs(r.x1 - o.x1) < 0.6
               for o in out):
            continue
        out.append(r)
    return out


def _side(gs: Sequence[Glyph], rule: BBox, above: bool) -> list[Glyph]:
    """Glyphs stacked directly above (numerator) or below (denominator) a rule, chained
    outwards from the rule while the vertical gaps stay small."""
    y = rule.cy
    cands = []
    shared: set[int] | None = None
    for g in gs:
        tol = 0.2 * g.size
        if g.x0 < rule.x0 - tol or g.x1 > rule.x1 + tol:
            # a character of a span of several has an estimated box (the span's divided
            # in proportion, a stretched delimiter's width unknown): its centre decides
            if shared is None:
                shared = _shared_spans(gs)
            if g.pos[0] not in shared or not rule.x0 <= g.cx <= rule.x1:
                continue
        if above and g.cy < y and g.bottom <= y + 0.3 * g.size:
            cands.append(g)
        elif not above and g.cy > y and g.top >= y - 0.3 * g.size:
            cands.append(g)
    cands.sort(key=lambda g: (y - g.bottom) if above else (g.top - y))
    taken: list[Glyph] = []
    edge = y
    for g in cands:
        gap = (edge - g.bottom) if above else (g.top - edge)
        # TeX sets a display numerator up to ~0.8em clear of the bar; beyond the glyphs
        # taken, a row further out (a matrix row) is not part of it
        if gap > (0.4 * min(g.size, taken[-1].size) if taken else 0.8 * g.size):
            break
        taken.append(g)
        edge = min(edge, g.top) if above else max(edge, g.bottom)
    return _one_row(taken, above)


def _shared_spans(gs: Sequence[Glyph]) -> set[int]:
    """The spans that hold more than one glyph (plain characters)."""
    seen: set[int] = set()
    shared: set[int] = set()
    for g in gs:
        if not g.composite:
            (shared if g.pos[0] in seen else seen).add(g.pos[0])
    return shared


def _one_row(taken: list[Glyph], above: bool) -> list[Glyph]:
    """A numerator or denominator is one row (a nested fraction's narrower bar is read
    first, so it is a composite by now): a character clear of everything taken before it
    and larger than all of those is the next row of a matrix or a stacked display (a
    text-style fraction over a matrix row of full-size entries), and so is what was
    chained on from it. `taken` runs outwards from the bar."""
    for n, g in enumerate(taken[1:], 1):
        before = taken[:n]
        clear = g.bottom < min(h.top for h in before) if above \
            else g.top > max(h.bottom for h in before)
        if clear and _on_a_baseline(g) and g.size >= 1.15 * max(h.size for h in before):
            return taken[:n]
    return taken


def _on_a_baseline(g: Glyph) -> bool:
    """A character set on its row's baseline (not a composite, a tall or hanging glyph)."""
    return not g.composite and not g.big and not g.floating and g.kind in (ORD, BIN, REL, PUNCT)


def _radical_for(gs: Sequence[Glyph], rule: BBox) -> Glyph | None:
    best = None
    for g in gs:
        if g.kind != RADICAL or g.composite:
            continue
        s = g.size
        if not (rule.x0 - 0.5 * s <= g.x1 <= rule.x0 + 0.4 * s):
            continue
        # a hanging radical after a space may be placed up to an em low (its span carries
        # the space's origin): the vinculum starting at its right end is still its own
        if not (g.top - 1.0 * s <= rule.cy <= g.top + 0.6 * (g.bottom - g.top)):
            continue
        if best is None or abs(g.x1 - rule.x0) < abs(best.x1 - rule.x0):
            best = g
    return best


def apply_rules(gs: list[Glyph], rules: Sequence[BBox], ctx: Ctx) -> list[Glyph]:
    for rule in usable_rules(rules, gs):
        rad = _radical_for(gs, rule)
        if rad is not None:
            gs = _make_sqrt(gs, rad, rule, ctx)
            continue
        num, den = _side(gs, rule, True), _side(gs, rule, False)
        if num and den:
            tex = rf"\frac{{{layout(num, (), ctx)}}}{{{layout(den, (), ctx)}}}"
            x0, top, x1, bottom = _bbox(num + den)
            size = max(_normal_size(num), _normal_size(den))
            comp = _composite(tex, num + den, "frac", axis=rule.cy, size=size,
                              box=(min(x0, rule.x0), top, max(x1, rule.x1), bottom))
            gs = _without(gs, num + den) + [comp]
        elif den and not num and den[0].top - rule.cy < 0.5 * den[0].size:
            below = [g for g in den if g.top - rule.cy < 0.6 * g.size]
            comp = _composite(rf"\overline{{{layout(below, (), ctx)}}}", below, "overline",
                              base=max(below, key=lambda g: g.size).base)
            comp.axis_y = None
            gs = _without(gs, below) + [comp]
    # radicals without a vinculum rule: take the next atom as the radicand
    for rad in [g for g in gs if g.kind == RADICAL and not g.composite]:
        nxt = [g for g in gs if g.x0 >= rad.x1 - 0.3 * rad.size and g is not rad]
        if not nxt:
            continue
        arg = min(nxt, key=lambda g: g.x0)
        ctx.note("radical without vinculum rule")
        comp = _composite(rf"{rad.tex}{{{layout([arg], (), ctx)}}}", [rad, arg], "sqrt",
                          base=arg.base, size=arg.size)
        comp.axis_y = None
        gs = _without(gs, [rad, arg]) + [comp]
    return gs


def _make_sqrt(gs: list[Glyph], rad: Glyph, rule: BBox, ctx: Ctx) -> list[Glyph]:
    s = rad.size
    # a radical drawn well below its vinculum is a taller variant than its character's
    # estimate: it reaches as much further down (a radicand's limits and scripts)
    bottom = rad.bottom + max(0.0, rad.top - rule.cy - 0.3 * s)
    inner = [g for g in gs if g is not rad and rule.x0 - 0.2 * s <= g.cx <= rule.x1 + 0.2 * s
             and g.top >= rule.cy - 0.3 * g.size and g.cy <= bottom + 0.2 * s]
    if not inner:
        return gs
    # \sqrt[n]: TeX kerns the index into the radical's left half, raised to ~60% of its height
    index = [g for g in gs if g is not rad and not any(g is i for i in inner)
             and rad.x0 + 0.05 * rad.width < g.x1 <= rad.x0 + 0.75 * rad.width
             and g.x0 >= rad.x0 - 1.2 * s and g.bottom <= rad.top + 0.6 * (rad.bottom - rad.top)
             and g.bottom >= rad.top - 0.6 * s and g.size < 0.85 * _normal_size(inner)]
    body = layout(inner, (), ctx)
    idx = f"[{layout(index, (), ctx)}]" if index else ""
    tex = rad.tex if rad.tex.startswith(r"\sqrt") else r"\sqrt"
    if "[" in tex:                       # ∛ / ∜ already carry their index
        idx, tex = "", tex
    rows = _baseline_of(inner)
    comp = _composite(f"{tex}{idx}{{{body}}}", [rad, *index, *inner], "sqrt", base=rows,
                      size=_normal_size(inner),
                      box=(min(g.x0 for g in [rad, *index]), min(rule.y0, rad.top),
                           max(rule.x1, max(g.x1 for g in inner)),
                           max(rad.bottom, max(g.bottom for g in inner))))
    comp.axis_y = None
    comp.big = False
    return _without(gs, [rad, *index, *inner]) + [comp]


# ----------------------------------------------------------------------------------------
# big operators with limits
# ----------------------------------------------------------------------------------------
def _grow(seed: list[Glyph], pool: Sequence[Glyph]) -> list[Glyph]:
    """Extend a limit seed sideways along its baseline, then with its own scripts."""
    group = list(seed)
    changed = True
    while changed:
        changed = False
        x0, top, x1, bottom = _bbox(group)
        for g in pool:
            if any(g is h for h in group):
                continue
            s = max(g.size, 1.0)
            near_x = g.x0 - x1 < 0.45 * s and x0 - g.x1 < 0.45 * s
            near_y = top - 0.25 * s <= g.cy <= bottom + 0.25 * s
            if near_x and near_y:
                group.append(g)
                changed = True
    return group


def _is_limit_op(g: Glyph, display: bool) -> bool:
    if g.kind == "word":
        return g.ch in sym.LIMIT_FUNCTIONS or g.ch in sym.LIMIT_OPERATOR_NAMES
    return g.kind == BIGOP and g.tex not in (r"\int", r"\iint", r"\iiint", r"\oint")


def apply_limits(gs: list[Glyph], ctx: Ctx) -> list[Glyph]:
    for op in sorted([g for g in gs if _is_limit_op(g, ctx.display)], key=lambda g: -g.size):
        pool = [g for g in gs if g is not op]
        s = op.size
        below_seed = [g for g in pool if min(g.x1, op.x1) - max(g.x0, op.x0) > 0
                      and op.bottom - 0.2 * g.size <= g.top <= op.bottom + 0.9 * s
                      and g.size <= op.size * 1.05 and not g.big]
        above_seed = [g for g in pool if min(g.x1, op.x1) - max(g.x0, op.x0) > 0
                      and op.top - 0.9 * s <= g.bottom <= op.top + 0.2 * g.size
                      and g.size <= op.size * 1.05 and not g.big]
        lower = _grow(below_seed, [g for g in pool if g.cy > op.bottom]) if below_seed else []
        upper = _grow(above_seed, [g for g in pool if g.cy < op.top]) if above_seed else []
        lower = lower if _centered(lower, op) and not _crosses_row(lower, op, pool) else []
        upper = upper if _centered(upper, op) and not _crosses_row(upper, op, pool) else []
        if not lower and not upper:
            continue
        tex = op.tex if op.kind != "word" else \
            sym.LIMIT_OPERATOR_NAMES.get(op.ch, "\\" + op.ch)
        if lower:
            tex += f"_{{{layout(lower, (), ctx, multi='substack')}}}"
        if upper:
            tex += f"^{{{layout(upper, (), ctx, multi='substack')}}}"
        parts = [op, *lower, *upper]
        comp = _composite(tex, parts, "limits", axis=op.axis if op.big else None,
                          base=op.base, size=op.size, kind=BIGOP)
        if not op.big:
            comp.axis_y = None
        comp.big = op.big
        gs = _without(gs, parts) + [comp]
    return gs


def _crosses_row(group: Sequence[Glyph], op: Glyph, pool: Sequence[Glyph]) -> bool:
    """A limit lives inside its operator's box (TeX centres operator and limits in one
    box; the row's other atoms stand left and right of it), so it never reaches over a
    glyph of the operator's own row. A row above or below that does (the line before a
    text-style sum in an algorithm) is another row, not a limit."""
    x0, _, x1, _ = _bbox(group)
    mine = {id(g) for g in group}
    return any(id(g) not in mine and g.top < op.axis < g.bottom
               and min(g.x1, x1) - max(g.x0, x0) > 0.15 * g.size for g in pool)


def _centered(group: Sequence[Glyph], op: Glyph) -> bool:
    if not group:
        return False
    x0, _, x1, _ = _bbox(group)
    return abs((x0 + x1) / 2 - op.cx) <= 0.2 * max(op.width, x1 - x0) + 0.15 * op.size


# ----------------------------------------------------------------------------------------
# tall delimiters, matrices, binomials
# ----------------------------------------------------------------------------------------
_ENV = {"(": "pmatrix", "[": "bmatrix", r"\{": "Bmatrix", "|": "vmatrix", r"\|": "Vmatrix"}


def _pairs(gs: Sequence[Glyph]) -> list[tuple[Glyph, Glyph]]:
    stack: list[Glyph] = []
    pairs = []
    for g in sorted([g for g in gs if g.big and not g.composite
                     and (g.kind in (OPEN, CLOSE) or g.tex in ("|", r"\|"))], key=lambda g: g.x0):
        if g.kind == OPEN:
            stack.append(g)
        elif g.kind == CLOSE:
            if stack:
                pairs.append((stack.pop(), g))
        else:                                            # | and \| open or close
            if stack and stack[-1].tex == g.tex and abs(stack[-1].cy - g.cy) < 0.5 * g.size:
                pairs.append((stack.pop(), g))
            else:
                stack.append(g)
    return pairs


def apply_delimiters(gs: list[Glyph], ctx: Ctx) -> list[Glyph]:
    for left, right in sorted(_pairs(gs), key=lambda p: p[1].x0 - p[0].x0):
        top, bottom = min(left.top, right.top), max(left.bottom, right.bottom)
        inner = [g for g in gs if g is not left and g is not right
                 and left.x1 - 0.2 * g.size <= g.cx <= right.x0 + 0.2 * g.size
                 and top - 0.2 * g.size <= g.cy <= bottom + 0.2 * g.size]
        rows = split_rows(inner) if inner else []
        if len(rows) >= 2:
            body = _grid(rows, ctx)
            if body is None:
                continue
            if left.tex == "(" and right.tex == ")" and body.count("&") == 0 \
                    and body.count(r"\\") == 1:
                a, b = body.split(r" \\ ")
                tex = rf"\binom{{{a}}}{{{b}}}"
            else:
                env = _ENV.get(left.tex) if _ENV.get(left.tex) == _ENV.get(_mirror(right.tex)) \
                    else None
                tex = (rf"\begin{{{env}}} {body} \end{{{env}}}" if env else
                       rf"\left{_dl(left.tex)} \begin{{matrix}} {body} \end{{matrix}} "
                       rf"\right{_dl(right.tex)}")
            inner_kind = "matrix"
        else:
            body = layout(inner, (), ctx) if inner else ""
            tex = rf"\left{_dl(left.tex)} {body} \right{_dl(right.tex)}"
            inner_kind = "delim"
        comp = _composite(tex, [left, right, *inner], inner_kind,
                          axis=(left.axis + right.axis) / 2, size=_normal_size(inner or [left]))
        gs = _without(gs, [left, right, *inner]) + [comp]
    return gs


def apply_cases(gs: list[Glyph], ctx: Ctx) -> list[Glyph]:
    """A tall '{' left unpaired, with rows to its right: a cases environment."""
    for brace in [g for g in gs if g.big and not g.composite and g.kind == OPEN
                  and g.tex == r"\{"]:
        right = [g for g in gs if g is not brace and g.x0 >= brace.x1 - 0.2 * g.size
                 and brace.top - 0.2 * g.size <= g.cy <= brace.bottom + 0.2 * g.size]
        rows = split_rows(right) if right else []
        if len(rows) < 2:
            continue
        body = _grid(rows, ctx)
        comp = _composite(rf"\begin{{cases}} {body} \end{{cases}}", [brace, *right], "cases",
                          axis=brace.axis, size=_row_size(right))
        gs = _without(gs, [brace, *right]) + [comp]
    return gs


def _mirror(tex: str) -> str:
    return {")": "(", "]": "[", r"\}": r"\{", "|": "|", r"\|": r"\|"}.get(tex, tex)


def _dl(tex: str) -> str:
    return tex


def _grid(rows: list[list[Glyph]], ctx: Ctx) -> str | None:
    size = max(_normal_size(r) for r in rows)
    cols = _columns([g for row in rows for g in row], size)
    bounds = [(a[1] + b[0]) / 2 for a, b in zip(cols, cols[1:])]
    finer = max(([(a[1] + b[0]) / 2 for a, b in zip(c, c[1:])]
                 for c in (_columns(row, size) for row in rows)), key=len)
    if len(finer) > len(bounds) and all(_may_split(row, b) for row in rows for b in finer):
        bounds = finer
    out_rows = []
    for row in rows:
        cells: list[list[Glyph]] = [[] for _ in range(len(bounds) + 1)]
        for g in row:
            cells[sum(g.cx > b for b in bounds)].append(g)
        out_rows.append(" & ".join(layout(c, (), ctx) if c else "" for c in cells))
    return r" \\ ".join(out_rows)


def _columns(gs: Sequence[Glyph], size: float) -> list[list[float]]:
    """The x-intervals of glyphs closer than 0.6em to one another: a grid's columns."""
    cols: list[list[float]] = []
    for x0, x1 in sorted((g.x0, g.x1) for g in gs):
        if cols and x0 - cols[-1][1] < 0.6 * size:
            cols[-1][1] = max(cols[-1][1], x1)
        else:
            cols.append([x0, x1])
    return cols


def _may_split(row: Sequence[Glyph], x: float) -> bool:
    """A column boundary another row shows may cut this row at `x`: nothing of it there,
    or only glyphs whose place is an estimate (characters of one span, its box divided
    among them: a browser sets a matrix row's cells, their spacing unmarked, as one span
    when font and size run on, so the gap between cells is spread over the characters)."""
    spans: dict[int, int] = {}
    for g in row:
        for k in range(g.pos[0], g.end[0] + 1):
            spans[k] = spans.get(k, 0) + 1
    return all(any(spans[k] > 1 for k in range(g.pos[0], g.end[0] + 1))
               for g in row if g.x0 < x < g.x1)


# ----------------------------------------------------------------------------------------
# all structures, innermost first
# ----------------------------------------------------------------------------------------
def structure(gs: list[Glyph], rules: Sequence[BBox], ctx: Ctx) -> list[Glyph]:
    gs = apply_accents(gs, ctx)
    gs = apply_rules(gs, rules, ctx)
    gs = apply_limits(gs, ctx)
    gs = apply_delimiters(gs, ctx)
    return apply_cases(gs, ctx)


def layout(gs: Sequence[Glyph], rules: Sequence[BBox], ctx: Ctx, multi: str = "join") -> str:
    """Serialize a sub-expression (numerator, script, radicand, cell...)."""
    if len(gs) == 1 and not rules and _ordinary(gs[0]):
        return gs[0].tex              # what the steps below make of it (a script 'i', '2')
    gs = structure(list(gs), rules, ctx)
    rows = split_rows(gs)
    texts = [join_atoms(serialize_row(r, ctx), ctx.display) for r in rows]
    if len(texts) == 1:
        return texts[0]
    if multi == "substack":
        return r"\substack{" + r" \\ ".join(texts) + "}"
    ctx.note("several rows in a sub-expression")
    return " ".join(texts)


def _ordinary(g: Glyph) -> bool:
    """A glyph no structure takes (no accent, radical, operator with limits or tall
    delimiter) and that is its own row's only base, on its own baseline."""
    return g.kind == ORD and not g.composite and not g.big and not g.script_hint \
        and g.axis_y is None
