"""Formulas typed as text: a line of its own, flush left, in the body's text font.

Office authors (Word, Writer) often type a formula as plain text — `CI = (λmax – n)/(n-1)`
in Times New Roman, no equation object, no maths font — on a line of its own at the
column's left edge. Nothing sets it apart but the line breaks around it: it is not centred
or indented (the display test in stage.py looks for that), and the block stage runs it into
the paragraph next to it when no paragraph space separates them.

A line stands on its own when a hard break ends the line before it and the line itself:
a line wraps only when the next word does not fit, so a line whose following line's first
word would have fitted in the room left at its end was ended by the author (a paragraph end
or a manual break), justified or not. A block's first line follows a break; its last line
ends one.

Such a line is a formula when it states a relation (`=`, `<`, `≤`, ...) between two
sides, its right side is an expression (an operator or a bracket, no prose word: `n =
Number of samples` is a definition in words) and it holds few prose words in all (a gloss
`CI (Consistency Index) = ...` admits two), in a proportional font (a typewriter line is
code). Those lines are split off their paragraph as
display blocks marked with `TYPED_LINE`, which the display test takes as being set apart.
"""
from __future__ import annotations

import re
from dataclasses import replace

from ...model import BBox, Element, Layer, Line, Role
from ...text.latex_symbols import FUNCTION_NAMES, is_math_font, is_symbol_font
from ...text.lines import join_lines
from ...text.monospace import is_mono
from .prose import PROSE_WORD

TYPED_LINE = "formula typed as text on a line of its own"

_RELATION = re.compile(r"\s?[=<>\u2264\u2265\u2248\u2260\u2261\u221d]\s?")
# what makes the right side an expression rather than a value or a name
_OPERATOR = re.compile(r"[-+/*^()\[\]\u2212\u2013\u00d7\u00b7\u00f7\u2211\u221a]")
_GREEK = re.compile(r"[\u0370-\u03ff]")
MAX_GLOSS_WORDS = 2


def _words(text: str) -> int:
    """Prose words: four letters or more, not an operator name; a Greek letter with a
    Latin label glued on ('λmax') is a symbol, not a word."""
    return sum(1 for w in PROSE_WORD.findall(text)
               if w not in FUNCTION_NAMES and not _GREEK.search(w))


def typed_formula(ln: Line) -> bool:
    """The line states a relation whose right side is an expression, in text fonts only
    (a maths font's formula is the display test's), with at most a short gloss in words."""
    text = ln.text.strip()
    if any(is_math_font(sp.font) or is_symbol_font(sp.font) or is_mono(sp)
           for sp in ln.spans if sp.text.strip()):
        return False                  # a typewriter line is code: `x = f(a)` is a statement
    m = _RELATION.search(text)
    if m is None or m.start() == 0 or m.end() >= len(text):
        return False
    right = text[m.end():]
    first = text.split()[0]
    if first.islower() and _words(first):
        return False                  # 'where x = ...': a sentence going on
    return bool(_OPERATOR.search(right)) and _words(right) == 0 \
        and _words(text) <= MAX_GLOSS_WORDS and not text.endswith((":", ","))


def _first_word_width(ln: Line) -> float:
    """The width of the line's first word, in proportion of its first span's characters."""
    for sp in ln.spans:
        text = sp.text.lstrip()
        if not text:
            continue
        word = text.split()[0]
        return sp.bbox.width * len(word) / max(len(sp.text), 1)
    return 0.0


def hard_break_after(ln: Line, nxt: Line, right_edge: float) -> bool:
    """The next line's first word would have fitted after this line (with a space): the
    author ended the line, the typesetter did not wrap it."""
    room = right_edge - ln.bbox.x1 - 0.3 * max(nxt.size, 1.0)
    return _first_word_width(nxt) < room


def _clear(own: list[Line]) -> list[bool]:
    """Per line: no other line of the block shares its height. An extractor cuts a line
    of prose at its raised scripts and inline fractions into pieces on other baselines;
    a piece's end is no line end, its start no line start."""
    out = []
    for i, ln in enumerate(own):
        tol = 0.15 * max(ln.size, 1.0)
        out.append(not any(j != i and ln.bbox.overlap_y(o.bbox) > tol
                           for j, o in enumerate(own)))
    return out


def _standalone(own: list[Line], right_edge: float) -> list[bool]:
    """Per line: a whole line of its own, with a hard break before it and after it."""
    n, clear = len(own), _clear(own)
    after = [i == n - 1 or clear[i + 1] and hard_break_after(own[i], own[i + 1], right_edge)
             for i in range(n)]
    return [clear[i] and (i == 0 or clear[i - 1] and after[i - 1]) and after[i]
            for i in range(n)]


def split_typed_formulas(elements: list[Element], lines: dict[str, Line],
                         column_box) -> list[Element]:
    """Each body paragraph's typed formula lines become display blocks of their own; the
    prose around them stays paragraphs. `column_box(element)` gives its column's box."""
    out: list[Element] = []
    for e in elements:
        own = [lines[i] for i in e.line_ids if i in lines]
        if e.role is not Role.PARAGRAPH or e.layer is not Layer.BODY or not own \
                or "=" not in e.text and not _RELATION.search(e.text):
            out.append(e)
            continue
        right_edge = max(column_box(e).x1, e.bbox.x1)
        alone = _standalone(own, right_edge)
        formula = [a and typed_formula(ln) for a, ln in zip(alone, own)]
        if not any(formula):
            out.append(e)
            continue
        out += _pieces(e, own, formula)
    return out


def _pieces(e: Element, own: list[Line], formula: list[bool]) -> list[Element]:
    """The element cut into runs of formula lines and runs of prose lines, in order; the
    first prose run keeps the element's id (notes and links refer to it)."""
    runs: list[tuple[bool, list[Line]]] = []
    for ln, f in zip(own, formula):
        if runs and runs[-1][0] == f:
            runs[-1][1].append(ln)
        else:
            runs.append((f, [ln]))
    out, kept = [], False
    for k, (f, run) in enumerate(runs):
        box = BBox.union_all([ln.bbox for ln in run])
        ids = tuple(ln.id for ln in run)
        if f:
            out.append(replace(e, id=f"{e.id}-typed{k}", line_ids=ids, bbox=box,
                               text=" ".join(ln.text.strip() for ln in run),
                               reasons=e.reasons + (TYPED_LINE,)))
            continue
        out.append(replace(e, id=e.id if not kept else f"{e.id}-{k}", line_ids=ids, bbox=box,
                           text=join_lines([ln.text for ln in run])))
        kept = True
    return out
