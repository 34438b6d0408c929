"""Display math: spans or lines (+ rules) -> MathResult. Public names are re-exported by
serialize.py, which documents the API."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Sequence

from ...model.content import Drawing, ImagePlacement, Line, Span
from ...model.geometry import BBox
from ...text import latex_symbols as sym
from .atoms import Glyph
from .composites import (cut_operator_names, group_words, mark_big_glyphs,
                         mark_stretched_delimiters)
from .glyphs import glyphs_from_spans
from .levels import settle_levels
from .rows import REL, Atom, join_atoms, serialize_row, split_rows
from .structures import Ctx, layout, structure, usable_rules


MAX_GLYPHS = 1500          # the layout analysis is quadratic in places
TYPED_REASON = "typed as text: scripts and operator names as typed, not read"


@dataclass(frozen=True, slots=True)
class MathResult:
    latex: str
    confidence: str = "high"            # "high" | "low"
    reasons: tuple[str, ...] = ()
    tag: str | None = None              # equation number, without parentheses

    @property
    def low(self) -> bool:
        return self.confidence == "low"


@dataclass(frozen=True, slots=True)
class MathRun:
    """A stretch of a prose line that is math. Offsets index ``line.text``; spans are
    ``line.spans[span_start:span_end]`` (the spans the run touches)."""
    start: int
    end: int
    span_start: int
    span_end: int
    result: MathResult | None = None
    maybe_footnote_marker: bool = False


# ----------------------------------------------------------------------------------------
# display math
# ----------------------------------------------------------------------------------------
def rules_from_images(images: Sequence[ImagePlacement], max_height: float = 2.0) -> list[BBox]:
    """Some producers paint fraction bars and vincula as a one-pixel image stretched thin."""
    return [im.bbox for im in images
            if 0 < im.bbox.height <= max_height and im.bbox.width > 2 * im.bbox.height]


def rules_from_drawings(drawings: Sequence[Drawing], max_height: float = 2.0) -> list[BBox]:
    """Horizontal rules among a page's vector paths: stroked horizontal lines (their box
    thickened by half the stroke width) and thin filled rectangles."""
    out: list[BBox] = []
    for d in drawings:
        b = d.bbox
        if d.kind not in ("line", "rect") or b.width <= 0.5:
            continue
        if d.kind == "line" and b.height < 0.5:
            w = max(d.width, 0.2) / 2
            out.append(BBox(b.x0, b.cy - w, b.x1, b.cy + w))
        elif d.kind == "rect" and b.height <= max_height and b.width > 2 * b.height:
            out.append(b)
    return out


def spans_to_latex(spans: Sequence[Span], rules: Sequence[BBox] = (), *,
                   base_size: float | None = None, typed: bool = False) -> MathResult:
    """Serialize one formula (display or inline) given as spans, plus the horizontal rules
    drawn in its region. `typed`: a formula typed as text (stages/math/typed.py)."""
    reasons: list[str] = []
    glyphs = glyphs_from_spans(spans, reasons)
    return glyphs_to_latex(glyphs, rules, reasons, display=True, base_size=base_size,
                           typed=typed)


def lines_to_latex(lines: Sequence[Line], rules: Sequence[BBox] = (), *,
                   base_size: float | None = None, typed: bool = False) -> MathResult:
    """Serialize a display block made of several text lines (fractions, limits and
    multi-line environments span several extractor lines)."""
    spans = [s for line in lines for s in line.spans]
    return spans_to_latex(spans, rules, base_size=base_size, typed=typed)


def glyphs_to_latex(glyphs: list[Glyph], rules: Sequence[BBox], reasons: list[str], *,
                    display: bool = True, base_size: float | None = None,
                    typed: bool = False) -> MathResult:
    if not glyphs:
        return MathResult("", "low", ("no glyphs",))
    if len(glyphs) > MAX_GLYPHS:          # not a formula (a table or a page taken for one)
        text = " ".join(g.tex for g in sorted(glyphs, key=lambda g: (round(g.base), g.x0)))
        return MathResult(text, "low", (*reasons, "too many glyphs for a formula"))
    ctx = Ctx(reasons=reasons, display=display, expression=layout,
              plain_letters=typed and _plain_letters(glyphs))
    if typed:       # 'D1', 'λmax': a subscript the author did not lower is not read as one
        ctx.note(TYPED_REASON)
    rules = usable_rules(rules, glyphs)
    settle_levels(glyphs, rules)
    mark_big_glyphs(glyphs)
    mark_stretched_delimiters(glyphs, rules)
    glyphs = group_words(glyphs)
    cut_operator_names(glyphs, ctx.reasons)
    glyphs = structure(glyphs, rules, ctx)
    rows = sorted(split_rows(glyphs), key=lambda r: min(g.axis for g in r))
    tags: list[str] = []
    if display:
        rows, tags = _pop_tags(rows)
    row_atoms = [serialize_row(r, ctx) for r in rows if r]
    if any(not _writes_something(atoms) for atoms in row_atoms):
        row_atoms = [atoms for atoms in row_atoms if _writes_something(atoms)] or [[]]
        ctx.note(EMPTY_ROW_REASON)
    if len(row_atoms) == 1:
        latex = join_atoms(row_atoms[0], display)
    else:
        latex = _multiline(row_atoms, display)
    if ctx.plain_letters:       # the words of a typed gloss, '(Fill Rate)', as one text
        latex = _TEXT_RUN.sub(r"\\text{\1 ", latex)
    _check_balance(latex, ctx)
    conf = "low" if ctx.reasons else "high"
    return MathResult(latex.strip(), conf, tuple(ctx.reasons), ",".join(tags) or None)


_TEXT_RUN = re.compile(r"\\text\{([^{}]*)\} \\text\{")


EMPTY_ROW_REASON = "a row of glyphs with nothing to write (no Unicode mapping) left out"


def _writes_something(atoms: Sequence[Atom]) -> bool:
    """A row writes something when one of its atoms has a visible character. A row made
    only of glyphs without a Unicode mapping (control codes from a font whose glyph names
    say nothing, such as the pieces of a big bracket drawn over the formula) would come out
    as an empty row of the display (`\\begin{gathered} \\quad \\\\ ...`)."""
    return any(not c.isspace() and unicodedata.category(c) not in ("Cc", "Cf")
               for a in atoms for c in a.tex)


def _plain_letters(glyphs: list[Glyph]) -> bool:
    """No maths font and no italic letter: a formula typed in a text font's roman, where
    an upright word is no operator name or label by its shape. (Asked of typed formulas
    only: a TeX or MathML display of upright letters alone, `\\Phi_{\\mathrm{AC}}`, has
    its roman by choice.)"""
    letters = [g for g in glyphs if g.ch.isascii() and g.ch.isalpha()]   # Greek: symbols
    return bool(letters) and all(g.upright for g in letters) \
        and not any(g.math_font for g in glyphs)


_TAG_RX = re.compile(r"^\(([0-9A-Za-z][\w.\-:*']{0,7})\)$")


def _pop_tags(rows: list[list[Glyph]]) -> tuple[list[list[Glyph]], list[str]]:
    """Equation numbers: '(' ... ')' in a text font at the right end of a row, separated
    from the formula by a wide gap (or forming a row of their own)."""
    tags: list[str] = []
    out: list[list[Glyph]] = []
    formula_x1 = max((g.x1 for r in rows for g in r), default=0.0)
    for row in rows:
        ordered = sorted(row, key=lambda g: g.x0)
        opens = [i for i, g in enumerate(ordered) if g.ch == "(" and not g.composite]
        if not opens or ordered[-1].ch != ")":
            out.append(row)
            continue
        k = opens[-1]
        cand, rest = ordered[k:], ordered[:k]
        m = _TAG_RX.match("".join(g.ch for g in cand))
        size = max(g.size for g in cand)
        if not m or any(g.family in ("cmmi", "cmmib") or g.composite for g in cand):
            out.append(row)
            continue
        if rest:
            gap = cand[0].x0 - max(g.x1 for g in rest)
            if gap < 1.5 * size and not (gap >= -0.5 * size and _number_font_apart(cand, rest)):
                out.append(row)
                continue
            out.append(rest)
        elif len(rows) == 1 or cand[-1].x1 < formula_x1 - 0.1:
            out.append(row)
            continue
        tags.append(m.group(1))
    return out, tags


def _number_font_apart(cand: list[Glyph], rest: list[Glyph]) -> bool:
    """A number in the page's text font beside a formula set in a maths font, at full
    size: a browser sets MathML's number in a box of its own (flex item or positioned at
    the column edge), so a long formula may leave it less than TeX's quad of room, and a
    vertically centred box puts it below the formula's baseline when a limit hangs under
    it; positioned at the column's edge, it may even be drawn over the end of a formula
    too wide for the column. A script is smaller, and in the formula's own fonts."""
    fonts = {g.font for g in rest if not g.composite}
    normal = [g.size for g in rest if not g.composite and not g.big]
    return any(g.math_font for g in rest) \
        and all(not g.math_font and not g.composite and g.font not in fonts for g in cand) \
        and bool(normal) and min(g.size for g in cand) >= 0.85 * max(normal)


def _multiline(row_atoms: list[list[Atom]], display: bool) -> str:
    """Rows of one display: `aligned` at their first relations when these stand one under
    the other, or when every row opens its right-hand part with LibreOffice's error mark
    (Writer draws one for each aligned cell that opens with a relation, and centres the
    rows, so the marks need not line up); `gathered` otherwise."""
    firsts = []
    for atoms in row_atoms:
        idx = next((i for i, a in enumerate(atoms) if a.kind == REL), None)
        firsts.append(idx)
    aligned = all(i is not None for i in firsts)
    if aligned and not all(atoms[i].ch == sym.WRITER_ERROR_MARK
                           for atoms, i in zip(row_atoms, firsts)):
        xs = [atoms[i].x0 for atoms, i in zip(row_atoms, firsts)]
        size = max(a.size for atoms in row_atoms for a in atoms)
        aligned = max(xs) - min(xs) <= 0.6 * size
    texts = []
    for atoms, i in zip(row_atoms, firsts):
        if aligned:
            left = join_atoms(atoms[:i], display)
            texts.append((left + " &" if left else "&") + join_atoms(atoms[i:], display))
        else:
            texts.append(join_atoms(atoms, display))
    env = "aligned" if aligned else "gathered"
    return rf"\begin{{{env}}} " + r" \\ ".join(texts) + rf" \end{{{env}}}"


_PAIRS = [("(", ")"), ("[", "]"), (r"\{", r"\}"), (r"\langle", r"\rangle"),
          (r"\left", r"\right"), (r"\lfloor", r"\rfloor"), (r"\lceil", r"\rceil")]


def _token_rx(tex: str) -> re.Pattern:
    r"""`tex` as a whole token (\left, not the start of \leftarrow)."""
    return re.compile(re.escape(tex) + (r"(?![A-Za-z])" if tex[-1].isalpha() else ""))


_PAIR_RX = [(a, b, _token_rx(a), _token_rx(b)) for a, b in _PAIRS]
_BRACE_OR_ESCAPE = re.compile(r"\\.|[{}]")
_NULL_DELIMITER = re.compile(r"\\(left|right)\.")


def _check_balance(latex: str, ctx: Ctx) -> None:
    depth = 0
    for m in _BRACE_OR_ESCAPE.finditer(latex):
        t = m.group(0)
        depth += 1 if t == "{" else -1 if t == "}" else 0
        if depth < 0:
            break
    if depth != 0:
        ctx.note("unbalanced braces")
    plain = _NULL_DELIMITER.sub("", latex)
    for a, b, a_rx, b_rx in _PAIR_RX:
        if (a in plain or b in plain) and len(a_rx.findall(plain)) != len(b_rx.findall(plain)):
            ctx.note("unbalanced delimiters")
            return
