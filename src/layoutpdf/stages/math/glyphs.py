"""Glyphs for the math serializer: spans exploded into positioned, classified atoms.

A PyMuPDF "dict" span is a run of equal font and size; math needs one box per glyph. When a
span holds several characters, their x-extents are approximated by splitting the span box in
proportion to rough advance widths (exact when the extractor hands in one span per glyph).
Vertical extents are estimated from the baseline, the font size and the character class, so
the result does not depend on whether the extractor used ascender-based or ink bounding
boxes. TeX's cmex glyphs hang from their reference point (height ~0, depth = glyph size);
their extent comes from the cmex metrics table.

Beside it: atoms.py (the Glyph, character geometry, spaces), levels.py (the level each
span sits on), composites.py (glyphs read together: extensible delimiters, dots, big
operators, stretched delimiters, upright words). Pure: imports only the data model and
the symbol tables.
"""
from __future__ import annotations

import unicodedata
from dataclasses import replace
from functools import lru_cache
from typing import Sequence

from ...model.content import FLAG_ITALIC, Span
from ...text import latex_symbols as sym
from .atoms import AXIS, RAW_CODED, RAW_SPACE, SPACES, Glyph, char_extent, char_width
from .composites import dots_glyph, extensible_stack, merge_cdots, merge_pieces
from .levels import box_offsets, head_off_level, span_at_level, tail_off_level
from .raw_codes import brace_not_pilcrow, tex_fonts_unicode

def _is_upright(span: Span, family: str) -> bool:
    return _upright(span.font, span.flags & FLAG_ITALIC, family)


@lru_cache(maxsize=4096)
def _upright(font: str, italic_flag: int, family: str) -> bool:
    if family in ("cmmi", "cmmib", "cmsy", "cmex"):
        return False
    f = font.lower()
    return not italic_flag and "italic" not in f and "oblique" not in f


def _boxes_after_head(span: Span) -> list[tuple[float, float]] | None:
    """Character boxes of a span whose first glyph stands on a level of its own (see
    levels.head_off_level). An accent has no advance: it stands over the glyph after it,
    the span's width is the others'. A stretched delimiter is wider than the text-size
    glyph the rough widths assume: the others are set from the span's right end at their
    own widths, and the delimiter takes what is left."""
    rest = replace(span, text=span.text[1:])
    if span.text[0] in sym.SPACING_ACCENTS:
        boxes = _char_boxes(rest)
        return [boxes[0], *boxes]
    widths = [char_width(c) * span.size for c in rest.text]
    x = span.bbox.x1 - sum(widths)
    if x <= span.bbox.x0:
        return None
    out = [(span.bbox.x0, x)]
    for w in widths:
        out.append((x, x + w))
        x += w
    return out


def _char_boxes(span: Span) -> list[tuple[float, float]]:
    text = span.text
    if len(text) == 1:
        return [(span.bbox.x0, span.bbox.x1)]
    weights = [char_width(c) for c in text]
    total = sum(weights) or 1.0
    x, out, width = span.bbox.x0, [], span.bbox.width
    for w in weights:
        dx = width * w / total
        out.append((x, x + dx))
        x += dx
    return out


def glyphs_from_spans(spans: Sequence[Span], reasons: list[str] | None = None) -> list[Glyph]:
    """Explode spans into glyphs (whitespace dropped, combining accents applied)."""
    out: list[Glyph] = []
    pending_accent, pending_not = "", False
    offsets = box_offsets(spans)
    brace = brace_not_pilcrow(spans)
    raw = not tex_fonts_unicode(spans)
    for si, span in enumerate(spans):
        head_base, rest_base = span.origin[1], head_off_level(span, offsets)
        tail_base = None if rest_base is not None else tail_off_level(span, offsets)
        if rest_base is not None:
            span = replace(span, origin=(span.origin[0], rest_base))
        span, alt = span_at_level(span, offsets, out)
        family = sym.font_family(span.font)
        span = _recoded(span, family)
        mathf, fontname = sym.is_math_font(span.font), sym.base_font_name(span.font)
        stack = extensible_stack(span, family) or dots_glyph(span, offsets)
        if stack is not None:
            stack.pos, stack.end = (si, 0), (si, len(span.text))
            stack.font = fontname
            out.append(stack)
            continue
        boxes = _char_boxes(span)
        if rest_base is not None:
            boxes = _boxes_after_head(span) or boxes
        upright = _is_upright(span, family)
        first = True
        # cmex code 0x20 is a Bigg left parenthesis: a lone, wide ' ' in cmex is that glyph
        # (0.6 em in cmex, 0.38 em in txfonts' txex; a word space is narrower)
        lone_paren = family == "cmex" and span.text == " " and span.bbox.width > 0.33 * span.size
        spaces = RAW_SPACE if family in RAW_CODED else SPACES    # as is_space(c, family)
        for ci, (c, (x0, x1)) in enumerate(zip(span.text, boxes)):
            if c in spaces and not lone_paren:
                continue
            if c in MODIFIERS or (family == "cmsy" and c == "6"):
                pending_accent, pending_not = _modify(c, si, ci, family, out, pending_accent,
                                                      pending_not)
                continue
            g = _make_glyph(c, span, "" if brace and c == "{" else family, mathf, upright,
                            x0, x1, reasons, si, ci, fontname, raw)
            if pending_accent:
                g.tex, pending_accent = f"{pending_accent}{{{g.tex}}}", ""
            if pending_not:
                g.tex = sym.NEGATED.get(g.tex, r"\not" + g.tex) if g.kind == sym.REL \
                    else r"\not " + g.tex
                pending_not = False
            if g.big:
                # later glyphs of a multi-glyph cmex run: the run has one origin, theirs is
                # unknown
                g.floating = not first and g.kind != sym.RADICAL
            elif alt is not None:
                g.alt_base = alt
            if rest_base is not None and ci == 0:
                _move(g, head_base)                     # back on the first glyph's level
            elif tail_base is not None and ci == len(span.text.rstrip()) - 1:
                _move(g, tail_base)                     # a delimiter on a level of its own
                g.alt_base = None
            first = False
            out.append(g)
    return _finish(out, spans)


def _finish(out: list[Glyph], spans: Sequence[Span]) -> list[Glyph]:
    """What the glyphs of a formula say of each other: big glyphs placed, script capitals
    named, pieces and dots merged."""
    _settle_floating(out)
    _hang_big_operators(out)
    if any(g.family == "rsfs" for g in out):
        _rsfs_as_calligraphic(out, spans)
    return merge_cdots(merge_pieces(out))


def _recoded(span: Span, family: str) -> Span:
    """The span in the codes the symbol tables read: an extension font's Adobe piece code
    points and Unicode big operators back on cmex codes, STIX's private-use calligraphic
    capitals on Latin capitals."""
    if family == "cmex":
        text = sym.recode_unicode_big_ops(sym.recode_adobe_pieces(span.text))
    elif family == "cal":
        text = sym.recode_calligraphic(span.text)
    else:
        return span
    return span if text == span.text else replace(span, text=text)


def _move(g: Glyph, base: float) -> None:
    """Set a glyph on another baseline, its box with it."""
    shift = base - g.base
    g.base, g.top, g.bottom = base, g.top + shift, g.bottom + shift


def _rsfs_as_calligraphic(glyphs: list[Glyph], spans: Sequence[Span]) -> None:
    """Ralph Smith's script (rsfs) is `\\mathscr` beside Computer Modern's maths italic, but
    mathptmx sets `\\mathcal` in it: in a formula whose letters are a text italic (Times)
    and none from a cmmi-like maths italic, its capitals are calligraphic."""
    lettered = [(sym.font_family(s.font), s) for s in spans if any(c.isalpha() for c in s.text)]
    if any(f in ("cmmi", "cmmib") for f, _ in lettered):    # (mathptmx takes ',' from cmmi)
        return
    if not any(f == "" and s.italic and not sym.is_math_font(s.font) for f, s in lettered):
        return
    for g in glyphs:
        if g.family == "rsfs" and g.tex.startswith(r"\mathscr{"):
            g.tex = r"\mathcal" + g.tex[len(r"\mathscr"):]


# characters that modify a neighbouring glyph instead of being one
MODIFIERS = frozenset(sym.NEGATION_SLASH) | frozenset(map(chr, range(0xFE00, 0xFE10))) \
    | frozenset(sym.COMBINING_ACCENTS)


def _modify(c: str, si: int, ci: int, family: str, out: list[Glyph], pending_accent: str,
            pending_not: bool) -> tuple[str, bool]:
    """Apply a negation slash, variation selector or combining accent to the glyph before
    it, or leave it pending for the next glyph: returns (pending accent, pending not)."""
    if c == sym.NEGATION_SLASH or (family == "cmsy" and c == "6"):
        # '=' + U+0338 (Unicode order) or the slash set before the relation (TeX)
        if out and out[-1].pos[0] == si and out[-1].kind == sym.REL \
                and c == sym.NEGATION_SLASH:
            out[-1].tex = sym.NEGATED.get(out[-1].tex, r"\not" + out[-1].tex)
        else:
            pending_not = True
    elif "\ufe00" <= c <= "\ufe0f":
        # variation selectors: STIX tells chancery (\mathcal, VS1) from roundhand
        # (\mathscr, VS2) script capitals by them; others change nothing in LaTeX
        if c == "\ufe01" and out and out[-1].tex.startswith(r"\mathcal{"):
            out[-1] = replace(out[-1], tex=r"\mathscr" + out[-1].tex[8:])
    else:
        # Unicode puts a combining mark after its base; TeX output places the accent
        # glyph before the letter it sits on ('(' + U+20D7 + 'k' is \vec{k})
        cmd = sym.COMBINING_ACCENTS[c]
        if out and out[-1].pos[0] == si and _accentable(out[-1].ch):
            out[-1] = replace(out[-1], tex=f"{cmd}{{{out[-1].tex}}}", end=(si, ci + 1))
        else:
            pending_accent = cmd
    return pending_accent, pending_not


def text_glyphs(si: int, span: Span, lo: int = 0, hi: int | None = None) -> list[Glyph]:
    """The glyphs `glyphs_from_spans` makes of characters lo..hi of span `si` (already at
    its level, see `span_at_level`) when the span is in a text font (no maths font, no
    raw-coded TeX family) and holds only characters that stand for themselves (no
    combining mark or variation selector, not '...'): one glyph per character but spaces."""
    family = sym.font_family(span.font)
    upright = _is_upright(span, family)
    font = sym.base_font_name(span.font)
    boxes = _char_boxes(span)
    hi = len(span.text) if hi is None else hi
    return [_make_glyph(c, span, family, False, upright, *boxes[ci], None, si, ci, font)
            for ci, c in enumerate(span.text[:hi]) if ci >= lo and c not in SPACES]


def _settle_floating(glyphs: list[Glyph]) -> None:
    """TeX centres big operators and delimiters on the math axis: place a glyph whose own
    baseline is unknown on the axis of the nearest full-size glyph beside it."""
    if not any(g.floating for g in glyphs):
        return
    normal = [h for h in glyphs if not h.big and not h.floating]
    if not normal:
        return
    full = max(h.size for h in normal)
    peers = [h for h in normal if h.size >= 0.9 * full]
    for g in glyphs:
        if not g.floating:
            continue
        near = min(peers, key=lambda h: (max(0.0, h.x0 - g.x1, g.x0 - h.x1),
                                         0 if h.x0 >= g.x0 else 1))
        half = (g.bottom - g.top) / 2
        axis = near.base - AXIS * near.size
        g.top, g.bottom = axis - half, axis + half
        g.base = g.top


def _hang_big_operators(glyphs: list[Glyph]) -> None:
    """A big operator named by Unicode may be a TeX extension-font glyph, which hangs from
    its origin (pdfTeX with stix2 or libertinust1math: the size variants share the letters'
    font name, so no cmex family tells); an OpenType maths font's or a browser's stands on
    the baseline. Its scripts tell: a limit set right over the origin (a display operator
    reaches down from there), or a subscript beside it a full line below the origin (a
    text-style one hanging from the line above its operand's). It then takes cmex's depth
    for its style: 1.4 em under a limit, 1 em beside a subscript."""
    ops = [g for g in glyphs if g.kind == sym.BIGOP and not g.big and g.family != "cmex"]
    for g in ops:
        s = g.size
        small = [h for h in glyphs if h.size < 0.9 * s and not h.big]
        over = any(g.x0 < h.cx < g.x1 and g.base - 0.6 * s <= h.base <= g.base for h in small)
        under = any(min(h.x1, g.x1) - max(h.x0, g.x0) > 0.1 * s and h.base > g.base
                    for h in small)
        beside = not under and any(g.x1 - 0.02 * s <= h.x0 <= g.x1 + 0.3 * s
                                   and h.base > g.base + 0.8 * s for h in small)
        if over or beside:
            g.top, g.bottom, g.big = g.base, g.base + (1.4 if over else 1.0) * s, True


def _accentable(ch: str) -> bool:
    return len(ch) == 1 and (ch.isalnum() or unicodedata.category(ch).startswith("L"))


def _make_glyph(c: str, span: Span, family: str, mathf: bool, upright: bool,
                x0: float, x1: float, reasons: list[str] | None, si: int, ci: int,
                font: str, raw: bool = True) -> Glyph:
    """The glyph of character `ci` of span `si`, at x0..x1."""
    size, base = span.size, span.origin[1]
    if c in _SCRIPT_CHARS:
        hint, c2, tex, kind, h, d = _script_char(c)
        size = span.size * 0.7
        base = base - 0.36 * span.size if hint > 0 else base + 0.15 * span.size
        return Glyph(tex, kind, x0, x1, base - h * size, base + d * size, base, size, ch=c2,
                     family=family, upright=False, math_font=True, script_hint=hint,
                     pos=(si, ci), end=(si, ci + 1), font=font)
    tex, kind, unmapped, h, d, big, letter = _char_info(c, family, raw)
    if c == sym.WRITER_ERROR_MARK and sym.is_opensymbol(font):
        tex, kind, unmapped = sym.WRITER_ERROR_RELATION, sym.REL, False
        note = f"LibreOffice error mark read as the relation '{sym.WRITER_ERROR_RELATION}'"
        if reasons is not None and note not in reasons:
            reasons.append(note)
    if unmapped and reasons is not None:
        reasons.append(f"unmapped glyph U+{ord(c):04X} in {sym.base_font_name(span.font)}")
    # ch, family, upright, math_font, big, unmapped, pos, end, font (see Glyph)
    return Glyph(tex, kind, x0, x1, base - h * size, base + d * size, base, size, c, family,
                 upright and letter, mathf, big, unmapped, (si, ci), (si, ci + 1), font)


_SCRIPT_CHARS = frozenset(sym.SUPERSCRIPT_CHARS) | frozenset(sym.SUBSCRIPT_CHARS)


# The two tables below hold what a glyph takes from its character (and font family) alone;
# a page repeats the same few hundred characters, so each is worked out once.
@lru_cache(maxsize=1024)
def _script_char(c: str) -> tuple[int, str, str, str, float, float]:
    """A superscript or subscript code point (x² typed as a character): (+1 raised / -1
    lowered, the plain character, tex, kind, height, depth in em)."""
    hint = 1 if c in sym.SUPERSCRIPT_CHARS else -1
    c2 = sym.SUPERSCRIPT_CHARS.get(c) or sym.SUBSCRIPT_CHARS[c]
    found = sym.lookup(c2)
    tex, kind = found if found else (c2, sym.ORD)
    h, d = char_extent(c2)
    return hint, c2, tex, kind, h, d


@lru_cache(maxsize=16384)
def _char_info(c: str, family: str, raw: bool = True
               ) -> tuple[str, str, bool, float, float, bool, bool]:
    """(tex, kind, unmapped, height, depth, big, word letter) of a character in a font of
    `family` (read as raw codes or, `raw` False, as Unicode); height above and depth below
    the baseline in em (cmex glyphs and the cmsy radical hang from their origin)."""
    found = sym.lookup(c, family, raw)
    unmapped = found is None or sym.is_private_use(c)
    tex, kind = (c, sym.ORD) if unmapped else found
    ascii_letter = c.isascii() and c.isalpha()
    # a letter of a word: Latin with its diacritics (Räume), Cyrillic; Greek letters but
    # those that stand for themselves are symbols (see is_math_char)
    letter = ascii_letter or (c.isalpha() and not sym.is_math_char(c))
    if family == "bold" and ascii_letter:
        tex = rf"\mathbf{{{c}}}"
    elif family == "cmmib" and ascii_letter:
        tex = rf"\boldsymbol{{{c}}}"
    ext = sym.cmex_extent(c) if family == "cmex" else None
    big = ext is not None
    if big:
        h, d = ext
    elif kind == sym.RADICAL and family == "cmsy":
        h, d = 0.04, 0.96                                    # cmsy radical hangs too
    else:
        h, d = char_extent(c)
    if c in sym.PRIMES and kind == sym.ORD:
        tex = r"\prime" * sym.PRIMES[c]
    return tex, kind, unmapped, h, d, big, letter
