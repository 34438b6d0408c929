"""Math layout analysis: glyphs + rules -> structure -> LaTeX.

A baseline-structure-tree serializer in the spirit of DRACULAE (Zanibbi, Blostein & Cordy,
"Recognizing mathematical expressions using tree transformation", 2002). Two-dimensional
structures are recognised first and collapsed into composite atoms (structures.py).
What remains are rows; in each row the glyphs on the dominant baseline are the bases, and
every smaller glyph raised or lowered between two bases is a superscript or subscript of the
left one (recursively: scripts have their own baselines).

All thresholds are typographic, in em of the local font size: TeX's subscript drop is
0.15-0.25em, superscript raise 0.36-0.41em, the math axis sits 0.25em above the baseline.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Callable, Iterable, Sequence

from ...text import latex_symbols as sym
from .atoms import AXIS, Glyph

BIN, REL, OPEN, CLOSE, PUNCT, BIGOP, RADICAL, ACCENT, ORD = (
    sym.BIN, sym.REL, sym.OPEN, sym.CLOSE, sym.PUNCT, sym.BIGOP, sym.RADICAL, sym.ACCENT, sym.ORD)


@dataclass
class Ctx:
    reasons: list[str] = field(default_factory=list)
    display: bool = True
    script_depth: int = 0
    # serializes a sub-expression (a script, numerator, cell...): structures.layout, which
    # recognises structures and then calls back into these rows; passed in, not imported,
    # so that rows and structures are not a loop of imports
    expression: Callable[..., str] | None = None
    # every letter of the formula is upright text font (a formula typed as text, Word's
    # Times New Roman): being upright says nothing, a short word is letters as typed
    plain_letters: bool = False

    def note(self, reason: str) -> None:
        if reason not in self.reasons:
            self.reasons.append(reason)


def _bbox(gs: Iterable[Glyph]) -> tuple[float, float, float, float]:
    gs = list(gs)
    return (min(g.x0 for g in gs), min(g.top for g in gs), max(g.x1 for g in gs),
            max(g.bottom for g in gs))


def _normal_size(gs: Sequence[Glyph]) -> float:
    normals = [g.size for g in gs if not g.composite and not g.big]
    return max(normals) if normals else max((g.size for g in gs), default=10.0)


def _row_size(gs: Sequence[Glyph]) -> float:
    """Font size of a row: its largest glyph or composite, not counting tall glyphs (an
    operator's size says nothing about the text size around it)."""
    sizes = [g.size for g in gs if not g.big or (g.composite and g.inner != "limits")]
    return max(sizes) if sizes else max((g.size for g in gs), default=10.0)


def _without(gs: list[Glyph], used: Iterable[Glyph]) -> list[Glyph]:
    ids = {id(g) for g in used}
    return [g for g in gs if id(g) not in ids]


def _composite(tex: str, parts: Sequence[Glyph], inner: str, *, axis: float | None = None,
               base: float | None = None, size: float | None = None, kind: str = ORD,
               box: tuple[float, float, float, float] | None = None) -> Glyph:
    x0, top, x1, bottom = box or _bbox(parts)
    size = size or _normal_size(parts)
    first = min(parts, key=lambda g: g.pos)
    last = max(parts, key=lambda g: g.end)
    if base is None:
        base = (axis if axis is not None else (top + bottom) / 2) + AXIS * size
    return Glyph(tex, kind, x0, x1, top, bottom, base, size, composite=True, axis_y=axis,
                 inner=inner, pos=first.pos, end=last.end, math_font=True,
                 big=any(g.big for g in parts) and axis is not None,
                 parts=list(parts), unmapped=any(g.unmapped for g in parts))


@dataclass
class Atom:
    tex: str
    kind: str
    x0: float
    x1: float
    size: float
    ch: str = ""
    big: bool = False


# ----------------------------------------------------------------------------------------
# rows
# ----------------------------------------------------------------------------------------
def _key(g: Glyph) -> float:
    return g.axis


def split_rows(gs: Sequence[Glyph]) -> list[list[Glyph]]:
    """Group glyphs into rows (lines of a multi-line display, matrix rows) by the math axis
    of their full-size glyphs; smaller glyphs join the row whose band is nearest."""
    if not gs:
        return []
    size = _row_size(gs)
    main = [g for g in gs if g.composite or g.big or g.size >= 0.85 * size]
    main.sort(key=_key)
    clusters: list[list[Glyph]] = []
    for g in main:
        if clusters and _key(g) - _key(clusters[-1][-1]) <= 0.6 * size:
            clusters[-1].append(g)
        else:
            clusters.append([g])
    if len(clusters) <= 1:
        return [list(gs)]
    bands = [(min(g.top for g in c), max(g.bottom for g in c)) for c in clusters]
    rows: list[list[Glyph]] = [list(c) for c in clusters]
    in_main = {id(g) for g in main}
    for g in gs:
        if id(g) in in_main:
            continue
        dists = [0.0 if t <= g.cy <= b else min(abs(g.cy - t), abs(g.cy - b)) for t, b in bands]
        rows[dists.index(min(dists))].append(g)
    return rows


def _baseline_of(gs: Sequence[Glyph], size: float | None = None) -> float:
    """The row's dominant baseline; `size`: its _row_size when known."""
    size = _row_size(gs) if size is None else size
    cands = [g for g in gs if not g.composite and not g.big and g.size >= 0.85 * size]
    if not cands:
        axes = sorted(g.axis for g in gs)
        return axes[len(axes) // 2] + AXIS * size
    clusters: list[list[Glyph]] = []
    for g in sorted(cands, key=attrgetter("base")):
        if clusters and g.base - clusters[-1][-1].base <= 0.1 * size:
            clusters[-1].append(g)
        else:
            clusters.append([g])
    best = clusters[0] if len(clusters) == 1 else \
        max(clusters, key=lambda c: (len(c), -min(g.x0 for g in c)))
    return best[len(best) // 2].base          # the median: a cluster is in baseline order


def _is_base(g: Glyph, baseline: float, size: float, ctx: Ctx) -> bool:
    if g.script_hint:
        return False
    if g.axis_y is not None or g.big:
        return abs(g.axis - (baseline - AXIS * size)) <= 0.4 * size
    d = g.base - baseline
    if abs(d) <= 0.07 * size:
        return True
    if g.size >= 0.85 * size and abs(d) <= 0.2 * size:
        if abs(d) > 0.12 * size:
            ctx.note("ambiguous baseline")
        return True
    return False


def serialize_row(gs: Sequence[Glyph], ctx: Ctx) -> list[Atom]:
    """Baseline-tree serialization of one row: bases left to right, each followed by the
    sub- and superscript groups that sit between it and the next base."""
    if not gs:
        return []
    size = _row_size(gs)
    baseline = _baseline_of(gs, size)
    axis = baseline - AXIS * size
    ordered = sorted(gs, key=lambda g: (g.x0, g.top))
    bases = [g for g in ordered if _is_base(g, baseline, size, ctx)]
    if not bases:
        ctx.note("ambiguous baseline")
        bases = [ordered[0]]
    scripts: dict[int, list[Glyph]] = {id(b): [] for b in bases}
    pre: list[Glyph] = []
    starts = [b.x0 for b in bases]          # ascending: the bases are in x0 order
    for g in ordered:
        if id(g) in scripts:
            continue
        # the owner is the last base starting left of the glyph (+ a twentieth of an em)
        k = bisect_right(starts, g.x0 + 0.05 * size)
        (scripts[id(bases[k - 1])] if k else pre).append(g)
    atoms: list[Atom] = []
    if pre:
        ctx.note("script without a base")
        atoms.append(Atom("{}" + _scripts(pre, axis, ctx), ORD, pre[0].x0, pre[-1].x1, size))
    for i, b in enumerate(bases):
        nxt = bases[i + 1] if i + 1 < len(bases) else None
        tex, kind = _base_tex(b, bases[i - 1] if i else None, nxt, size, ctx.script_depth,
                              ctx.plain_letters)
        if b.ch in sym.PRIMES and atoms and not b.composite:
            if _PRIMES_ONLY.fullmatch(atoms[-1].tex):
                atoms[-1].tex += tex                # y'': two primes side by side
            else:
                atoms[-1].tex += "^{" + tex + "}"   # a prime set on the baseline
            atoms[-1].x1 = b.x1
            continue
        group, x1 = scripts[id(b)], b.x1
        if group:
            tex += _scripts(group, axis, ctx)
            x1 = max([x1] + [g.x1 for g in group])
        atoms.append(Atom(tex, kind, b.x0, x1, b.size, b.ch, b.big))
    return atoms


_PRIMES_ONLY = re.compile(r"(?:\\prime)+")


def _base_tex(b: Glyph, prev: Glyph | None, nxt: Glyph | None, size: float,
              depth: int, plain: bool = False) -> tuple[str, str]:
    """An upright word is a known function (\\sin), an operator name applied to an
    argument (\\operatorname{Var}(X)), prose set apart by spaces (\\text{if}), or a label
    (x_{\\mathrm{train}}). In a formula of `plain` letters (all upright text font) a
    word of four letters or more is prose (\\text{Rate}), a shorter one letters as typed
    ('CI', 'Dn')."""
    if b.kind != "word":
        return b.tex, b.kind
    word = b.ch
    glued = prev is not None and b.x0 - prev.x1 < 0.1 * size
    if word in sym.LIMIT_OPERATOR_NAMES and not plain:
        return sym.LIMIT_OPERATOR_NAMES[word], ORD
    if word in sym.FUNCTION_NAMES and not (plain and glued):
        return "\\" + word, ORD
    if plain:
        if glued and _greek_letter(prev) and word.isascii() and word.islower():
            # 'λmax', 'μavg' typed as text, where no script can be lowered: a Greek
            # letter is never multiplied by a word without a space or operator, so the
            # word glued to it is its label (λ_max), no operator applied to anything
            return f"_{{{word}}}", ORD
        return (rf"\text{{{word}}}" if len(word) >= 4 else word), ORD
    # a tall delimiter stands off by a thin space (TeX's Op-Inner) and its side bearing; a
    # browser sets MathML's operator name (`<mo>Attention</mo>`) a thick space (5/18 em)
    # before its bracket, where TeX sets none
    tall = nxt is not None and nxt.composite and nxt.inner == "delim"
    if nxt is not None and (nxt.kind == OPEN or tall) \
            and nxt.x0 - b.x1 < (0.8 if tall else 0.5) * size:
        return rf"\operatorname{{{word}}}", ORD
    spaced = all(o is None or (o.x0 - b.x1 if o.x0 > b.x0 else b.x0 - o.x1) >= 0.2 * size
                 for o in (prev, nxt))
    if word.islower() and depth == 0 and spaced or not word.isascii():   # Räume: prose
        after = " " if nxt is not None and spaced else ""   # TeX drops it after \text
        return rf"\text{{{word}{after}}}", ORD
    return rf"\mathrm{{{word}}}", ORD


def _greek_letter(g: Glyph | None) -> bool:
    """A single Greek letter (not a composite, a word or an operator)."""
    return g is not None and not g.composite and g.kind == ORD and len(g.ch) == 1 \
        and sym.GREEK.get(g.ch, "").startswith("\\")


def _scripts(group: list[Glyph], axis: float, ctx: Ctx) -> str:
    if not group:
        return ""
    sup = [g for g in group if (g.script_hint > 0) or (not g.script_hint and g.cy < axis)]
    sub = _without(group, sup)
    out = ""
    ctx.script_depth += 1
    if sub:
        out += "_{" + ctx.expression(sub, (), ctx) + "}"
    if sup:
        out += "^{" + ctx.expression(sup, (), ctx) + "}"
    ctx.script_depth -= 1
    return out


# ----------------------------------------------------------------------------------------
# joining atoms
# ----------------------------------------------------------------------------------------
_CS_END = re.compile(r"\\[A-Za-z]+$")


def join_atoms(atoms: Sequence[Atom], display: bool = True) -> str:
    out = ""
    prev: Atom | None = None
    for i, a in enumerate(atoms):
        nxt = atoms[i + 1] if i + 1 < len(atoms) else None
        if a.tex == "|" and not a.big and prev is not None and nxt is not None \
                and a.x0 - prev.x1 >= 0.2 * a.size and nxt.x0 - a.x1 >= 0.2 * a.size:
            a = Atom(r"\mid", REL, a.x0, a.x1, a.size, a.ch)
        if prev is None:
            out = a.tex
        else:
            # TeX puts thin/medium/thick spaces around punctuation, binary operators and
            # relations in text and display style, none in script style: follow the page
            gap = a.x0 - prev.x1
            if display and gap >= 0.8 * a.size and prev.kind != OPEN and a.kind != CLOSE:
                sep = r" \quad "
            elif gap >= 0.15 * a.size:
                sep = " "
            else:
                sep = ""
            if not sep and _CS_END.search(out) and a.tex[:1].isalpha():
                sep = " "
            out += sep + a.tex
        prev = a
    return out
