"""The math stage's speed paths give what the full paths give.

* `notes_at_most`, the screen before `inline_math_runs`: when it says a line holds no
  formula, the full path finds none (random prose lines with raised marks, scripts,
  operators and maths fonts), and it does say so for the common prose line with a note mark.
* The glyph builder's per-character table (`_char_info`, `_script_char`) gives the glyphs
  the former per-glyph lookups gave.
* `layout` of one ordinary glyph (a script 'i') gives what the structure and row steps give.
"""
from __future__ import annotations

import random

from layoutpdf.model.content import Line, Span
from layoutpdf.model.geometry import BBox
from layoutpdf.stages.math import atoms as A
from layoutpdf.stages.math import glyphs as G
from layoutpdf.stages.math import inline
from layoutpdf.stages.math import structures as S
from layoutpdf.stages.math.rows import Ctx, join_atoms, serialize_row, split_rows
from layoutpdf.stages.math.inline import inline_math_runs, notes_at_most
from layoutpdf.text import latex_symbols as sym

BODY = 10.0
WORDS = ["the", "model", "of", "energy", "is", "at", "a", "x", "sin", "f(x)", "n", "2", "3.5",
         "value,", "(see", "above)", "results.", "“quoted”", "über", "§", "•", "/", "~", "@"]
MATH = ["=", "+", "<", "α", "∑", "x²", "≤", "·", "…", "...", "→"]
MARKS = ["1", "2", "a", "*", "†", "1,2", "3–5", "b)", "12"]
FONTS = ["Times-Roman", "LMRoman10-Regular", "ABCDEF+CMR10", "Times-Italic", "DejaVuSans"]
MATH_FONTS = ["CMMI10", "CMSY10", "CambriaMath", "CMEX10"]


def _span(i: int, text: str, x: float, base: float, size: float, font: str,
          ascender: bool) -> tuple[Span, float]:
    width = max(len(text), 1) * 0.5 * size
    top, bottom = (base - 0.9 * size, base + 0.25 * size) if ascender else \
        (base - 0.7 * size, base + 0.1 * size)
    sp = Span(id=f"s{i}", text=text, bbox=BBox(x, top, x + width, bottom), font=font,
              size=size, flags=0, color=0, alpha=255, origin=(x, base))
    return sp, x + width


def _random_line(rng: random.Random, n: int) -> Line:
    spans, x, base = [], 72.0, 100.0
    ascender = rng.random() < 0.7
    for i in range(rng.randint(1, 8)):
        roll = rng.random()
        size, y, font = BODY, base, rng.choice(FONTS)
        if roll < 0.35:                      # a raised or lowered small mark
            size = rng.choice([6.0, 7.0, 8.5])
            y = base + rng.choice([-4.0, -3.0, 2.0, 0.0])
            text = rng.choice(MARKS)
        elif roll < 0.45:
            text = rng.choice(MATH)
            font = rng.choice(FONTS + MATH_FONTS)
        else:
            text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 4)))
        if rng.random() < 0.3:
            text = " " + text
        if rng.random() < 0.3:
            text += " "
        x += rng.choice([0.0, 0.0, 1.0, 3.0])
        sp, x = _span(i, text, x, y, size, font, ascender)
        spans.append(sp)
    return Line.build(f"l{n}", 0, tuple(spans))


def test_screen_agrees_with_the_full_path():
    rng = random.Random(22)
    said = marked = 0
    for n in range(3000):
        line = _random_line(rng, n)
        if notes_at_most(line, BODY):
            runs = inline_math_runs(line, BODY)
            assert all(r.maybe_footnote_marker for r in runs), (line.text, runs)
            said += 1
            marked += bool(runs)
    assert said > 600 and marked > 200      # not vacuous: lines with and without marks


def test_screen_passes_a_prose_line_with_a_note_mark():
    parts = [("The results were published in the spring", BODY, 100.0),
             ("2", 7.0, 96.0), (" and are still the record.", BODY, 100.0)]
    spans, x = [], 72.0
    for i, (text, size, y) in enumerate(parts):
        sp, x = _span(i, text, x, y, size, "Times-Roman", True)
        spans.append(sp)
    line = Line.build("l", 0, tuple(spans))
    runs = inline_math_runs(line, BODY)
    assert [r.maybe_footnote_marker for r in runs] == [True]
    assert notes_at_most(line, BODY)


def test_screen_leaves_formulas_to_the_full_path():
    for text, font in [("where x = 3 holds", "Times-Roman"), ("the sum α of", "Times-Roman"),
                       ("with x in", "CMMI10"), ("so x² grows", "Times-Roman")]:
        sp, _ = _span(0, text, 72.0, 100.0, BODY, font, True)
        assert not notes_at_most(Line.build("l", 0, (sp,)), BODY), text


def test_screen_characters_are_no_maths():
    """What the screen's comments rely on, against the symbol tables."""
    for c in map(chr, range(0x10000)):
        if not inline._stands_for_itself(c):
            continue
        if c in A.SPACES:
            continue
        assert not sym.is_math_char(c) and not inline._OP_TOKEN.match(c), repr(c)
        assert c not in inline._SCRIPT_CHARS and c not in G.MODIFIERS, repr(c)
        for family in inline._TEXT_FAMILIES:
            found = sym.lookup(c, family)
            assert found is None or found[0] != r"\cdot", repr(c)


# -- the per-character table ---------------------------------------------------------------
def _reference_glyph(c, span, family, mathf, upright, x0, x1, reasons):
    """_make_glyph as it was before the table (every lookup per glyph)."""
    size, base = span.size, span.origin[1]
    if c in sym.SUPERSCRIPT_CHARS or c in sym.SUBSCRIPT_CHARS:
        hint = 1 if c in sym.SUPERSCRIPT_CHARS else -1
        c2 = sym.SUPERSCRIPT_CHARS.get(c) or sym.SUBSCRIPT_CHARS[c]
        size = span.size * 0.7
        base = base - 0.36 * span.size if hint > 0 else base + 0.15 * span.size
        found = sym.lookup(c2)
        tex, kind = found if found else (c2, sym.ORD)
        h, d = A.char_extent(c2)
        return A.Glyph(tex, kind, x0, x1, base - h * size, base + d * size, base, size, ch=c2,
                       family=family, upright=False, math_font=True, script_hint=hint)
    found = sym.lookup(c, family)
    unmapped = found is None or sym.is_private_use(c)
    if unmapped:
        tex, kind = c, sym.ORD
        if reasons is not None:
            reasons.append(f"unmapped glyph U+{ord(c):04X} in {sym.base_font_name(span.font)}")
    else:
        tex, kind = found
    if family == "bold" and c.isascii() and c.isalpha():
        tex = rf"\mathbf{{{c}}}"
    elif family == "cmmib" and c.isascii() and c.isalpha():
        tex = rf"\boldsymbol{{{c}}}"
    ext = sym.cmex_extent(c) if family == "cmex" else None
    big = False
    if ext is not None:
        top, bottom, big = base - ext[0] * size, base + ext[1] * size, True
    elif kind == sym.RADICAL and family == "cmsy":
        top, bottom = base - 0.04 * size, base + 0.96 * size
    else:
        h, d = A.char_extent(c)
        top, bottom = base - h * size, base + d * size
    if c in sym.PRIMES and kind == sym.ORD:
        tex = r"\prime" * sym.PRIMES[c]
    return A.Glyph(tex, kind, x0, x1, top, bottom, base, size, ch=c, family=family,
                   upright=upright and c.isalpha() and (c.isascii() or not sym.is_math_char(c)),
                   math_font=mathf, big=big,
                   unmapped=unmapped)


FIELDS = ("tex", "kind", "x0", "x1", "top", "bottom", "base", "size", "ch", "family", "upright",
          "math_font", "big", "unmapped", "script_hint")


def test_glyph_table_gives_the_former_glyphs():
    chars = set(map(chr, range(0x20, 0x250))) | set(sym.GREEK) | set(sym.SYMBOLS) \
        | set(sym.SUPERSCRIPT_CHARS) | set(sym.SUBSCRIPT_CHARS) | set(sym.PRIMES) \
        | {chr(k) for k in sym.CMEX} | set(sym.SPACING_ACCENTS) | {"\ue000", "\ufffd", "𝑥", "ℝ"}
    for family in ("", "cmr", "bold", "cmex", "cmsy", "cmmi", "cmmib", "msbm", "eufm", "rsfs"):
        for size in (10.0, 7.3):
            for c in sorted(chars):
                sp = Span(id="s", text=c, bbox=BBox(10, 90, 15, 103), font="XYZABC+Font",
                          size=size, flags=0, color=0, alpha=255, origin=(10.0, 100.0))
                for upright in (True, False):
                    want_r, got_r = [], []
                    want = _reference_glyph(c, sp, family, True, upright, 10.0, 15.0, want_r)
                    got = G._make_glyph(c, sp, family, True, upright, 10.0, 15.0, got_r, 3, 4,
                                        "Font")
                    assert [getattr(got, f) for f in FIELDS] == \
                        [getattr(want, f) for f in FIELDS], (family, repr(c))
                    assert got_r == want_r and got.pos == (3, 4) and got.end == (3, 5)


def _layout_steps(gs, ctx):
    """layout's steps without its one-glyph shortcut."""
    rows = split_rows(S.structure(list(gs), (), ctx))
    texts = [join_atoms(serialize_row(r, ctx), ctx.display) for r in rows]
    return texts[0] if len(texts) == 1 else None


def test_one_ordinary_glyph_is_its_own_latex():
    chars = set(map(chr, range(0x21, 0x250))) | set(sym.GREEK) | set(sym.SYMBOLS) \
        | {chr(k) for k in sym.CMEX} | {"𝑥", "ℝ", "′"}
    seen = 0
    for family in ("", "cmr", "bold", "cmex", "cmsy", "cmmi", "msbm"):
        for c in sorted(chars):
            sp = Span(id="s", text=c, bbox=BBox(10, 90, 15, 103), font="Font", size=7.0,
                      flags=0, color=0, alpha=255, origin=(10.0, 100.0))
            g = G._make_glyph(c, sp, family, True, True, 10.0, 15.0, None, 0, 0, "Font")
            if not S._ordinary(g):
                continue
            seen += 1
            for display, depth in ((True, 1), (False, 2), (True, 0)):
                slow, fast = Ctx(display=display, expression=S.layout), \
                    Ctx(display=display, expression=S.layout)
                slow.script_depth = fast.script_depth = depth
                assert S.layout([g], (), fast) == _layout_steps([g], slow), (family, repr(c))
                assert fast.reasons == slow.reasons == []
    assert seen > 1000


def test_baseline_vote_by_span_counts_each_glyph():
    """notes_at_most votes on the line's baseline with one entry per span weighted by its
    glyphs: the vote is the one over every glyph (most common rounded baseline first met,
    then the median of the glyphs near it), whichever spans are body, script or big."""
    rng = random.Random(39)
    bases = [100.0, 100.04, 100.06, 100.15, 99.5, 103.2]
    for _ in range(3000):
        levels = [inline._Level(rng.choice(bases + [rng.uniform(95, 105)]),
                                rng.choice([10.0, 10.0, 9.0, 7.0, 12.0]),
                                rng.choice([0, 0, 0, 1]), rng.random() < 0.1)
                  for _ in range(rng.randint(1, 6))]
        counts = [rng.randint(1, 8) for _ in levels]
        glyphs = [lv for lv, n in zip(levels, counts) for _ in range(n)]
        body = rng.choice([10.0, 9.5, 7.0])
        assert inline._line_baseline(levels, body, counts) == inline._line_baseline(glyphs, body)
