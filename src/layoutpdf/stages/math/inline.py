"""Inline math inside prose lines: which stretches of a line are formulas, their LaTeX,
and the line text with each formula as ``$...$``. Also re-joins the pieces an extractor
splits off a line around inline fractions and scripts. Public names are re-exported by
serialize.py."""
from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter, le
from typing import NamedTuple, Sequence

from ...model.content import Line, Span
from ...model.geometry import BBox
from ...text import latex_symbols as sym
from .glyphs import (MODIFIERS, SPACES, Glyph, box_offsets, glyphs_from_spans, span_at_level,
                     text_glyphs)
from .display import MathResult, MathRun, glyphs_to_latex


# ----------------------------------------------------------------------------------------
# inline math in prose lines
# ----------------------------------------------------------------------------------------
_OP_CHARS = "=<>+±×÷·≤≥≠≈≡∼≃∝∈∉⊂⊆⊃⊇∪∩→←↔⇒⇐⇔↦−"
_OP_TOKEN = re.compile(f"^[{_OP_CHARS}]+$")
_OP_TOKEN_CHARS = frozenset("=<>+")
_PLAIN_NUMBER = re.compile(r"^[0-9]+([.,][0-9]+)*$")
_NUM_TOKEN = re.compile(r"^[0-9]+([.,][0-9]+)?$")
_MARKER_CHARS = set("0123456789*†‡§¶abcdefghijklmnopqrstuvwxyz,-–)")  # 1 | a | 3,4 | 5–7 | 1)
_TRAIL = set(".,;:!?")


@dataclass
class _Tok:
    start: int
    end: int
    glyphs: list[Glyph]
    kind: str = "word"          # math | op | num | letter | word | marker
    script_end: bool = False    # its last glyph is a sub- or superscript


def _line_baseline(glyphs: Sequence[Glyph], body_size: float,
                   weights: Sequence[int] | None = None) -> float:
    """The baseline most of the line's body glyphs sit on (the median of those near the
    most common one). `weights[i]`: how many glyphs `glyphs[i]` stands for (notes_at_most
    passes one entry per span, every glyph of a span being alike): the vote is the same."""
    pairs = list(zip(glyphs, weights if weights is not None else [1] * len(glyphs)))
    tol = 0.12 * body_size
    body = [(g, n) for g, n in pairs if abs(g.size - body_size) <= tol
            and not g.script_hint and not g.big]
    pool = body or [(g, n) for g, n in pairs if not g.script_hint] or pairs
    counts: Counter[float] = Counter()
    for g, n in pool:                   # keys in the order first met
        counts[round(g.base, 1)] += n
    best = max(counts.items(), key=itemgetter(1))[0]      # on a tie, the first one met
    reach = 0.1 * body_size
    near = sorted((g.base, n) for g, n in pool if abs(g.base - best) <= reach)
    middle = sum(n for _, n in near) // 2        # the median glyph's rank
    for base, n in near:
        if middle < n:
            return base
        middle -= n
    raise IndexError("no glyph near the line's baseline")


def _is_script(g: Glyph, base: float, body_size: float) -> bool:
    if g.script_hint:
        return True
    d = g.base - base
    if g.size <= 0.85 * body_size and abs(d) >= 0.08 * body_size:
        return True
    return abs(d) >= 0.3 * body_size and not g.big


def _tokens(line: Line, glyphs: list[Glyph], offs: list[int], body_size: float,
            words: Sequence[tuple[int, int]] | None = None) -> list[_Tok]:
    """Whitespace-separated tokens of the line text, also split where the glyphs leave a
    word-space gap without a space character (extractors do not always insert one).
    `words`: (start, end) of the words to cut, all of the line's by default."""
    text = line.text
    toks: list[_Tok] = []
    # glyphs in text order (they come so; stable: glyphs at one offset keep theirs), found
    # per word by bisection
    order, at = glyphs, [offs[g.pos[0]] + g.pos[1] for g in glyphs]
    if not all(map(le, at, at[1:])):
        order = sorted(glyphs, key=lambda g: offs[g.pos[0]] + g.pos[1])
        at = sorted(at)
    space, near, small = 0.25 * body_size, 0.1 * body_size, 0.85 * body_size
    if words is None:
        words = [m.span() for m in _WORD.finditer(text)]
    for i, j in words:
        start, prev, cur = i, None, []
        for n in range(bisect_left(at, i), bisect_left(at, j)):
            g = order[n]
            # a word space after a glyph on the same line, or back on the text line
            # after a smaller one (a word after an inline fraction or a script)
            if prev is not None and g.x0 - prev.x1 >= space \
                    and (abs(g.base - prev.base) < near or prev.size < small <= g.size):
                toks.append(_Tok(start, at[n], cur))
                start, cur = at[n], []
            cur.append(g)
            prev = g
        toks.append(_Tok(start, j, cur))
    return toks


_WORD = re.compile(r"\S+")      # \s is str.isspace() for str patterns


def _classify(tok: _Tok, text: str, base: float, body_size: float,
              body_fonts: frozenset[str]) -> None:
    s = text[tok.start:tok.end]
    seeds, scripts = [], []
    last = max(tok.glyphs, key=lambda g: g.pos, default=None)
    tok.script_end = last is not None and _is_script(last, base, body_size)
    for g in tok.glyphs:
        script = _is_script(g, base, body_size)
        if script:
            scripts.append(g)
        by_font = g.math_font and g.font not in body_fonts
        if by_font or g.script_hint or script or (len(g.ch) == 1 and sym.is_math_char(g.ch)):
            seeds.append(g)
    if scripts and len(scripts) == len(seeds) and all(
            not g.math_font and not g.script_hint and g.base < base and g.ch in _MARKER_CHARS
            for g in scripts):
        first = min(scripts, key=lambda g: g.pos)
        before = [g for g in tok.glyphs if g.pos < first.pos]
        letters = sum(1 for g in before if g.ch.isalpha())
        word = "".join(g.ch for g in before if g.ch.isalpha())
        if word in sym.FUNCTION_NAMES:
            pass                      # sin², log² are math
        elif not before or letters >= 2 or before[-1].ch in _TRAIL | set("\"')”’"):
            tok.kind = "marker"
            return
    bare = s.rstrip(".,;:!?")
    if not tok.glyphs and s and all(c in "·⋅∙" for c in s):
        tok.kind = "math"       # the 2nd and 3rd dots of a \cdots (one glyph, the 1st's)
        return
    if seeds:
        tok.kind = "math"
    elif _OP_TOKEN.match(s):
        tok.kind = "op"
    elif bare and _NUM_TOKEN.match(bare):
        tok.kind = "num"
    elif len(bare) == 1 and bare.isalpha():
        tok.kind = "letter"
    elif _ITALIC_OPERAND.match(bare) and all(not g.upright for g in tok.glyphs if g.ch.isalpha()):
        tok.kind = "letter"     # 'ax', 'f(x)' in the text italic (Times maths: mathptmx, tx)


# a product of italic letters or a function of a few arguments, an operand beside an operator
_ITALIC_OPERAND = re.compile(r"^[A-Za-z]{1,3}(?:\([A-Za-z0-9,]{1,7}\))?$")


def _runs_of_tokens(toks: list[_Tok]) -> list[tuple[int, int]]:
    """Token index ranges [i, j) that form formulas."""
    n = len(toks)
    in_run = [t.kind == "math" for t in toks]
    changed = True
    while changed:          # operators join formulas with numbers / single letters
        changed = False
        for i, t in enumerate(toks):
            if t.kind != "op" or in_run[i]:
                continue
            left = i > 0 and (in_run[i - 1] or toks[i - 1].kind in ("num", "letter"))
            right = i + 1 < n and (in_run[i + 1] or toks[i + 1].kind in ("num", "letter"))
            touch = (i > 0 and in_run[i - 1]) or (i + 1 < n and in_run[i + 1]) or \
                any(toks[k].kind == "letter" and toks[k].glyphs and not toks[k].glyphs[0].upright
                    for k in (i - 1, i + 1) if 0 <= k < n)
            if left and right and touch:
                for k in (i - 1, i, i + 1):
                    if not in_run[k]:
                        in_run[k] = True
                        changed = True
    for i in range(1, n):     # "δρ/ρ ≫" + "0": an operand after a trailing operator
        if in_run[i - 1] and not in_run[i] and toks[i].kind in ("num", "letter") \
                and toks[i - 1].glyphs and max(toks[i - 1].glyphs, key=lambda g: g.pos).kind \
                in (sym.BIN, sym.REL):
            in_run[i] = True
    runs: list[tuple[int, int]] = []
    i = 0
    while i < n:
        if not in_run[i]:
            i += 1
            continue
        j = i
        while j < n and in_run[j]:
            j += 1
            if _ends_sentence_part(toks[j - 1]):
                break                 # "R, Θ is": prose punctuation separates formulas
        j = _balance(toks, i, j)
        runs.append((i, j))
        i = j
    return runs


def _ends_sentence_part(tok: _Tok) -> bool:
    """The token ends in prose punctuation: a text-font comma on the line, not one in a
    subscript (`x_{i, j}`)."""
    last = max(tok.glyphs, key=lambda g: g.pos, default=None)
    return last is not None and last.ch in ",;:" and not last.math_font \
        and not tok.script_end


def _balance(toks: list[_Tok], i: int, j: int, reach: int = 6) -> int:
    """Extend a formula that opened a parenthesis over the short tokens up to its close:
    W(x, y, z) is one formula, not 'W(x' plus prose."""
    depth = sum(g.ch in "([" for t in toks[i:j] for g in t.glyphs) - \
        sum(g.ch in ")]" for t in toks[i:j] for g in t.glyphs)
    k = j
    while depth > 0 and k < len(toks) and k - j < reach and len(toks[k].glyphs) <= 4 \
            and toks[k].kind != "marker":
        depth += sum(g.ch in "([" for g in toks[k].glyphs) - \
            sum(g.ch in ")]" for g in toks[k].glyphs)
        k += 1
    return k if depth <= 0 else j


def _trim(glyphs: list[Glyph], base: float, body_size: float) -> list[Glyph]:
    """Drop sentence punctuation and unbalanced text-font parentheses at the edges."""
    gl = sorted(glyphs, key=lambda g: g.pos)

    def text_level(g: Glyph) -> bool:
        return not g.math_font and not _is_script(g, base, body_size)

    changed = True
    while gl and changed:
        changed = False
        last, first = gl[-1], gl[0]
        n_open = sum(g.ch in "([" for g in gl)
        n_close = sum(g.ch in ")]" for g in gl)
        if text_level(last) and (last.ch in _TRAIL or last.ch in ")]" and n_close > n_open
                                 or last.ch in "\"'”’"):
            gl.pop()
            changed = True
        elif text_level(first) and (first.ch in "([" and n_open > n_close
                                    or first.ch in "\"'“‘"):
            gl.pop(0)
            changed = True
    return gl


_SCRIPT_CHARS = frozenset(sym.SUPERSCRIPT_CHARS) | frozenset(sym.SUBSCRIPT_CHARS)


@lru_cache(maxsize=4096)
def _maths_mark(c: str) -> bool:
    return sym.is_math_char(c) or c in _SCRIPT_CHARS or c in sym.COMBINING_ACCENTS


def _may_hold_math(line: Line, body_size: float, body_fonts: Sequence[str]) -> bool:
    """Cheap screen: a math font, a math character, or a shifted / smaller span."""
    base = line.baseline
    for s in line.spans:
        if not s.text.strip():
            continue
        if sym.is_math_font(s.font) and s.font not in body_fonts \
                and sym.base_font_name(s.font) not in body_fonts:
            return True
        if s.size <= 0.85 * body_size or abs(s.origin[1] - base) >= 0.08 * body_size:
            return True
        if any(map(_maths_mark, s.text)):
            return True
        if _OP_TOKEN_CHARS.intersection(s.text):
            return True
    return False


_TEXT_FAMILIES = frozenset({"", "cmr", "bold"})    # font families read as Unicode
_DOTS = frozenset("·⋅∙")     # a glyphless token of these is maths (_classify)
_NO_SPACES = dict.fromkeys(map(ord, SPACES))       # str.translate table: drop spaces


@lru_cache(maxsize=4096)
def _stands_for_itself(c: str) -> bool:
    """In a text font, `c` is a space glyphs_from_spans drops, or one glyph that is no
    maths character, operator, script code point or modifier (see notes_at_most)."""
    if c in SPACES:
        return True
    return not (c.isspace() or sym.is_math_char(c) or c in _OP_CHARS or c in _SCRIPT_CHARS
                or c in MODIFIERS or c in _DOTS)


class _Level(NamedTuple):
    """A glyph of a text-font span of such characters, as the baseline vote and the
    script test see it: every glyph of the span looks the same to them."""
    base: float
    size: float
    script_hint: int = 0
    big: bool = False


def notes_at_most(line: Line, body_size: float) -> bool:
    """Cheap screen before `inline_math_runs(line, body_size)`: True when that finds no
    formula in the line, at most raised note markers (the common case of a prose line
    with a footnote or citation mark). It follows the full path without building every
    glyph; False means "run the full path". Whatever the body fonts: the test admits no
    maths font."""
    text, spans = line.text, line.spans
    if not all(map(_stands_for_itself, set(text))) or any(
            sym.is_math_font(sp.font) or sym.font_family(sp.font) not in _TEXT_FAMILIES
            or sp.text.replace(" ", "") == "..." for sp in spans):
        return False
    # Then glyphs_from_spans makes one glyph per character but spaces, at its span's size
    # and level, neither big nor in a maths font nor a script code point, and no glyph is
    # a maths character nor a token an operator: a token's seeds are its script glyphs
    # (_classify), and without a token of maths or operators there is no formula.
    offsets = box_offsets(spans)
    placed: list[_Level] = []       # one per span with glyphs: all span_at_level reads
    at_level: list[tuple[Span, _Level | None]] = []
    glyph_counts: list[int] = []    # placed[i] stands for this many glyphs in the vote
    for sp in spans:
        sp, _ = span_at_level(sp, offsets, placed)
        n = len(sp.text.translate(_NO_SPACES))        # its glyphs
        level = _Level(sp.origin[1], sp.size) if n else None
        if level is not None:
            placed.append(level)
            glyph_counts.append(n)
        at_level.append((sp, level))
    if not placed:
        return True
    base = _line_baseline(placed, body_size, glyph_counts)
    raised = {si for si, (_, level) in enumerate(at_level)
              if level is not None and _is_script(level, base, body_size)}
    if not raised:
        return True                   # no seed at all
    # The tokens holding script glyphs decide (a note marker, or maths). A token lies in
    # one white-space-separated word and is cut there by that word's glyphs alone: the
    # glyphs of such words give these tokens as the full path does.
    offs = _span_offsets(spans)
    ranges = [(offs[si], offs[si] + len(spans[si].text)) for si in raised]
    words = [m.span() for m in _WORD.finditer(text)
             if any(a < m.end() and m.start() < b for a, b in ranges)]
    glyphs = []
    for si, sp in enumerate(spans):
        touched = [(a, b) for a, b in words if a < offs[si] + len(sp.text) and offs[si] < b]
        if touched:
            glyphs += text_glyphs(si, at_level[si][0], touched[0][0] - offs[si],
                                  touched[-1][1] - offs[si])
    for tok in _tokens(line, glyphs, offs, body_size, words):
        if any(g.pos[0] in raised for g in tok.glyphs):
            _classify(tok, text, base, body_size, frozenset())
            if tok.kind in ("math", "op"):
                return False
    return True


def _span_offsets(spans: Sequence[Span]) -> list[int]:
    """Where each span's text starts in the line's text."""
    offs, acc = [], 0
    for s in spans:
        offs.append(acc)
        acc += len(s.text)
    return offs


def inline_math_runs(line: Line, body_size: float, rules: Sequence[BBox] = (), *,
                     body_fonts: Sequence[str] = ()) -> list[MathRun]:
    """Find the formulas inside a prose line and serialize each of them."""
    if not _may_hold_math(line, body_size, body_fonts):
        return []
    reasons: list[str] = []
    glyphs = glyphs_from_spans(line.spans, reasons)
    if not glyphs:
        return []
    offs = _span_offsets(line.spans)
    base = _line_baseline(glyphs, body_size)
    fams = frozenset(sym.base_font_name(f) for f in body_fonts)
    toks = _tokens(line, glyphs, offs, body_size)
    for t in toks:
        _classify(t, line.text, base, body_size, fams)
    _continued_scripts(toks, base, body_size)
    if rules:
        _stacked_on_bars(toks, line.bbox, rules, body_size)
    out: list[MathRun] = []
    for t in toks:
        if t.kind == "marker":
            out.append(_marker_run(t, base, body_size, offs))
    # each run's glyphs go to the serializer as they are: runs share no glyph, and
    # classifying marked only the tokens
    for i, j in _runs_of_tokens(toks):
        gl = _trim([g for t in toks[i:j] for g in t.glyphs], base, body_size)
        if not gl:
            continue
        start = offs[gl[0].pos[0]] + gl[0].pos[1]
        end = offs[gl[-1].end[0]] + gl[-1].end[1]
        sub = gl                      # in reading order (_trim sorts)
        x0, x1 = min(g.x0 for g in sub), max(g.x1 for g in sub)
        # a fraction bar or a vinculum lies within its formula; a longer rule across it
        # (a frame round a theorem, a table's rule) is none of its own
        reach = 0.5 * body_size
        near = [r for r in rules if r.x1 > x0 - 1 and r.x0 < x1 + 1
                and r.x0 > x0 - reach and r.x1 < x1 + reach]
        res = glyphs_to_latex(sub, near, [r for r in reasons if _in_run(r, sub)],
                              display=False)
        out.append(MathRun(start, end, gl[0].pos[0], gl[-1].end[0] + 1, res))
    out.sort(key=lambda r: r.start)
    return out


def _continued_scripts(toks: list[_Tok], base: float, body_size: float) -> None:
    """A raised token that goes on with the script a formula's token ends in (same level
    and size, less than a script-size word space away) is more of that script, not a note
    marker; an italic letter right before a token that opens with a script is that
    script's base. LibreOffice Math writes spaces inside a formula (`n^{-1/ 2}`,
    `w t+1`), and the line's text is cut into words at them."""
    for prev, t in zip(toks, toks[1:]):
        if not prev.glyphs or not t.glyphs:
            continue
        last, first = max(prev.glyphs, key=lambda g: g.end), min(t.glyphs, key=lambda g: g.pos)
        if not _is_script(first, base, body_size):
            continue
        if prev.kind == "math" and t.kind in ("marker", "num", "letter", "word") \
                and _is_script(last, base, body_size) \
                and abs(first.base - last.base) <= 0.1 * first.size \
                and abs(first.size - last.size) <= 0.1 * first.size \
                and first.x0 - last.x1 < 0.4 * first.size:
            t.kind = "math"
        elif prev.kind == "letter" and t.kind == "math" and not last.upright \
                and not _is_script(last, base, body_size) and first.size < last.size \
                and first.x0 - last.x1 < 0.5 * last.size:
            prev.kind = "math"        # w_{t+1}: an italic letter and the script after it


def _stacked_on_bars(toks: list[_Tok], box: BBox, rules: Sequence[BBox],
                     body_size: float) -> None:
    """Tokens stacked on a fraction bar are maths: a thin rule with glyphs right above it
    and right below it, all within its width, is a fraction whatever the glyphs' font (a
    Times or Palatino numerator is the text italic, as a raised note marker is). An
    overline or an underline has ink on one side only."""
    tol, reach = 0.2 * body_size, body_size
    for r in rules:
        if r.height > 0.2 * body_size or r.width < 0.2 * body_size \
                or not box.y0 - tol <= r.cy <= box.y1 + tol or r.overlap_x(box) <= 0:
            continue
        inside = [t for t in toks if t.glyphs and all(
            r.x0 - tol <= g.x0 and g.x1 <= r.x1 + tol for g in t.glyphs)]
        over = [t for t in inside if all(g.cy < r.cy and r.cy - reach <= g.bottom <= r.cy + tol
                                         for g in t.glyphs)]
        under = [t for t in inside if all(g.cy > r.cy and r.cy - tol <= g.top <= r.cy + reach
                                          for g in t.glyphs)]
        if over and under:
            for t in over + under:
                t.kind = "math"


def _in_run(reason: str, glyphs: Sequence[Glyph]) -> bool:
    m = re.search(r"U\+([0-9A-F]{4,6})", reason)
    return not m or any(g.unmapped and g.ch == chr(int(m.group(1), 16)) for g in glyphs)


def _marker_run(t: _Tok, base: float, body_size: float, offs: list[int]) -> MathRun:
    sc = [g for g in t.glyphs if _is_script(g, base, body_size)]
    first, last = min(sc, key=lambda g: g.pos), max(sc, key=lambda g: g.end)
    return MathRun(offs[first.pos[0]] + first.pos[1], offs[last.end[0]] + last.end[1],
                   first.pos[0], last.end[0] + 1, None, maybe_footnote_marker=True)


def line_to_markdown_with_math(line: Line, body_size: float, rules: Sequence[BBox] = (), *,
                               body_fonts: Sequence[str] = ()) -> tuple[str, list[MathResult]]:
    """The line's text with inline formulas as ``$...$``. Possible footnote markers are
    left as plain text (see ``inline_math_runs``)."""
    text = line.text
    if notes_at_most(line, body_size):
        return text, []
    results: list[MathResult] = []
    out, pos = [], 0
    for run in inline_math_runs(line, body_size, rules, body_fonts=body_fonts):
        if run.maybe_footnote_marker or run.result is None or not run.result.latex:
            continue
        if _PLAIN_NUMBER.match(run.result.latex):
            continue                  # a number set in math mode carries no structure
        before = text[pos:run.start]
        out.append(before)
        if (before and not before[-1].isspace() and before[-1] not in "([{\"'“‘") \
                or (not before and results):
            out.append(" ")           # a gap with no space; never '$a$$b$' (a display)
        out.append(f"${run.result.latex}$")
        if run.end < len(text) and text[run.end].isalnum():
            out.append(" ")
        results.append(run.result)
        pos = run.end
    out.append(text[pos:])
    return "".join(out), results
