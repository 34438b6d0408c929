"""Glyphs for the math serializer: spans exploded into positioned, classified atoms.

A PyMuPDF "dict" span is a run of equal font and size; math needs one box per glyph. When a
span holds several characters, their x-extents are approximated by splitting the span box in
proportion to rough advance widths (exact when the extractor hands in one span per glyph).
Vertical extents are estimated from the baseline, the font size and the character class, so
the result does not depend on whether the extractor used ascender-based or ink bounding
boxes. TeX's cmex glyphs hang from their reference point (height ~0, depth = glyph size);
their extent comes from the cmex metrics table.

Pure: imports only the data model and the symbol tables.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Sequence

from ...model.content import FLAG_ITALIC, Span
from ...model.geometry import BBox
from ...text import latex_symbols as sym
from .raw_codes import brace_not_pilcrow

AXIS = 0.25          # math axis above the baseline, in em (TeX: 0.25em for cmsy10)


@dataclass
class Glyph:
    """One atom of a formula: a character, or a composite already serialized to LaTeX."""
    tex: str
    kind: str                     # latex_symbols kinds, plus "word" and "comp"
    x0: float
    x1: float
    top: float
    bottom: float
    base: float                   # baseline y
    size: float
    # the fields a character's glyph sets, in this order (_make_glyph passes them by
    # position: keywords cost a generated __init__ twice the time, once per glyph)
    ch: str = ""
    family: str = ""
    upright: bool = False         # roman text font: candidates for \sin, \mathrm{...}
    math_font: bool = False
    big: bool = False             # tall glyph placed on the math axis (cmex, \left( ...)
    unmapped: bool = False
    pos: tuple[int, int] = (-1, -1)   # (span index, char index) of the first character
    end: tuple[int, int] = (-1, -1)   # (span index, char index) after the last character
    font: str = ""                # font name without subset prefix
    # the others
    composite: bool = False
    axis_y: float | None = None   # math axis of a composite / big glyph
    inner: str = ""               # "frac", "sqrt", "limits", "delim", "matrix", ...
    script_hint: int = 0          # +1 superscript char (²), -1 subscript char (₂)
    floating: bool = False        # vertical position unknown (2nd+ glyph of a cmex run)
    alt_base: float | None = None  # other possible baseline (span on two baselines)
    parts: list["Glyph"] = field(default_factory=list)

    @property
    def cx(self) -> float:
        return (self.x0 + self.x1) / 2

    @property
    def cy(self) -> float:
        return (self.top + self.bottom) / 2

    @property
    def width(self) -> float:
        return max(0.0, self.x1 - self.x0)

    @property
    def axis(self) -> float:
        if self.axis_y is not None:
            return self.axis_y
        if self.big:
            return self.cy
        return self.base - AXIS * self.size


# ----------------------------------------------------------------------------------------
# character geometry estimates (em units)
# ----------------------------------------------------------------------------------------
_NARROW = set("il.,;:!|'()[]ftrIj`´ˆ˙")
_WIDE = set("mwMW∑∏∫")
_TALL = set("bdfhklt∂ßβδζθλξϑ!?/|()[]{}⟨⟩")
_DESC = set("gjpqyβγζημξρςφχψϕϱ,;()[]{}|/⟨⟩∫")
_OPS = set("+−-=<>≤≥≠≈≡∼≃∝±∓×÷·∘→←↔⇒⇐⇔↦∈∉⊂⊆⊃⊇∪∩∧∨")


@lru_cache(maxsize=8192)
def char_width(c: str) -> float:
    if c.isspace():
        return 0.33
    if c in _NARROW:
        return 0.3
    if c in _WIDE:
        return 0.85
    if c in _OPS:
        return 0.78
    if c.isupper() or c.isdigit():
        return 0.7 if c.isupper() else 0.5
    return 0.5


@lru_cache(maxsize=8192)
def char_extent(c: str) -> tuple[float, float]:
    """(height above baseline, depth below baseline) in em, a typographic estimate."""
    if c in _OPS:
        return 0.58, 0.08
    h = 0.7 if (c in _TALL or c.isupper() or c.isdigit()
                or ("GREEK CAPITAL" in unicodedata.name(c, ""))) else 0.45
    if c in "ˆ˜¯ˉ˙¨ˇ˘´`˚^~\u20d7":
        return 0.72, -0.5
    if c in "∞∼≈−·":
        h = 0.45
    d = 0.22 if c in _DESC else 0.0
    return h, d


# ----------------------------------------------------------------------------------------
# spans -> glyphs
# ----------------------------------------------------------------------------------------
SPACES = frozenset(" \t\n\r\u00a0\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
                    "\u2008\u2009\u200a\u200b\u202f\u205f\u3000\u00ad")


_RAW_CODED = frozenset({"cmex", "cmsy", "cmmi", "cmmib"})
_RAW_SPACE = frozenset(" ")


def is_space(c: str, family: str = "") -> bool:
    """Real spaces only. In TeX math fonts read as raw codes, characters below 0x20 are
    glyphs (cmex '\\t' = a big right brace, cmmi '\\n' = Omega), only ' ' is a space."""
    if family in _RAW_CODED:
        return c == " "
    return c in SPACES
def _is_upright(span: Span, family: str) -> bool:
    return _upright(span.font, span.flags & FLAG_ITALIC, family)


@lru_cache(maxsize=4096)
def _upright(font: str, italic_flag: int, family: str) -> bool:
    if family in ("cmmi", "cmmib", "cmsy", "cmex"):
        return False
    f = font.lower()
    return not italic_flag and "italic" not in f and "oblique" not in f


@lru_cache(maxsize=4096)
def _font_key(font: str, size: float) -> tuple[str, float]:
    """The key of a font's box offsets (see box_offsets): its name and size to 0.01pt."""
    return font, round(size, 2)


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


def _extensible_stack(span: Span, family: str) -> Glyph | None:
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


def box_offsets(spans: Sequence[Span]) -> dict[tuple[str, float], tuple[float, float]]:
    """Per font and size, (origin.y - bbox.y0, bbox.y1 - origin.y) when it is the same for
    every span that does not start with a space: ascender-based boxes. Ink boxes vary from
    glyph to glyph and give nothing."""
    seen: dict[tuple[str, float], list[tuple[float, float]]] = {}
    for s in spans:
        if is_space(s.text[:1]) or not s.text.strip(" ."):   # dots may stand stacked
            continue
        seen.setdefault(_font_key(s.font, s.size), []).append(
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
    off = offsets.get(_font_key(span.font, span.size))
    base = span.origin[1]
    if off is None:
        other = _borrowed_level(span, offsets)
        if other is not None and prev_base is not None and prev_base != prev_base:
            return other, base      # a script after its base, off the base's line
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
    """A one-glyph span after a space, with no other span of its font to learn its box
    from, may stand on another level than its origin says (the space's): its other level,
    from the box of a font of about its size (TeX's fonts share their proportions), left
    for its neighbours to settle."""
    if not is_space(span.text[:1]) or len(span.text.strip()) != 1:
        return None
    text_fonts = [(abs(k[1] - span.size), k, v) for k, v in offsets.items()
                  if sym.font_family(k[0]) != "cmex"]
    if not text_fonts:
        return None
    _, (_, size0), (up0, down0) = min(text_fonts)
    top_level = span.bbox.y0 + up0 * span.size / size0
    bottom_level = span.bbox.y1 - down0 * span.size / size0
    if bottom_level - top_level <= 0.3 * span.size:
        return None
    base = span.origin[1]
    return top_level if abs(base - top_level) > abs(base - bottom_level) else bottom_level


def span_at_level(span: Span, offsets: dict, before: Sequence[Glyph]) -> tuple[Span, float | None]:
    """The span with its origin on the baseline its glyphs stand on, and their alternative
    baseline (see `_span_levels`). `before` are the glyphs of the spans before it; only
    their size, `big` and baseline are read."""
    prev = None
    if is_space(span.text[:1]) and before:
        if before[-1].size > 1.15 * span.size and not before[-1].big:
            prev = float("nan")     # a smaller span after its base: a script of it
        else:
            prev = next((g.base for g in reversed(before)
                         if not g.big and g.size >= 0.85 * span.size), None)
    base, alt = _span_levels(span, offsets, prev)
    if base != span.origin[1]:
        span = replace(span, origin=(span.origin[0], base))
    return span, alt


def glyphs_from_spans(spans: Sequence[Span], reasons: list[str] | None = None) -> list[Glyph]:
    """Explode spans into glyphs (whitespace dropped, combining accents applied)."""
    out: list[Glyph] = []
    pending_accent, pending_not = "", False
    offsets = box_offsets(spans)
    brace = brace_not_pilcrow(spans)
    for si, span in enumerate(spans):
        span, alt = span_at_level(span, offsets, out)
        family = sym.font_family(span.font)
        if family == "cmex" and (text := sym.recode_adobe_pieces(span.text)) != span.text:
            span = replace(span, text=text)
        mathf = sym.is_math_font(span.font)
        fontname = sym.base_font_name(span.font)
        stack = _extensible_stack(span, family) or _dots(span, offsets)
        if stack is not None:
            stack.pos, stack.end = (si, 0), (si, len(span.text))
            stack.font = fontname
            out.append(stack)
            continue
        boxes = _char_boxes(span)
        upright = _is_upright(span, family)
        first = True
        # cmex code 0x20 is a Bigg left parenthesis: a lone, wide ' ' in cmex is that glyph
        lone_paren = family == "cmex" and span.text == " " and span.bbox.width > 0.45 * span.size
        spaces = _RAW_SPACE if family in _RAW_CODED else SPACES    # as is_space(c, family)
        for ci, (c, (x0, x1)) in enumerate(zip(span.text, boxes)):
            if c in spaces and not lone_paren:
                continue
            if c in MODIFIERS or (family == "cmsy" and c == "6"):
                pending_accent, pending_not = _modify(c, si, ci, family, out, pending_accent,
                                                      pending_not)
                continue
            g = _make_glyph(c, span, "" if brace and c == "{" else family, mathf, upright,
                            x0, x1, reasons, si, ci, fontname)
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
            first = False
            out.append(g)
    _settle_floating(out)
    return merge_cdots(merge_pieces(out))


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


def _dots(span: Span, offsets: dict) -> Glyph | None:
    r"""Three periods in one span: TeX's \ldots on the baseline, or its \vdots (stacked in
    one column) and \ddots (stepping down to the right), whose span box is a line taller
    than one period's."""
    if "." not in span.text or span.text.replace(" ", "") != "..." \
            or sym.font_family(span.font) == "cmex":
        return None
    size, box = span.size, span.bbox
    up, down = offsets.get(_font_key(span.font, span.size), (0.75 * size, 0.25 * size))
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


def _accentable(ch: str) -> bool:
    return len(ch) == 1 and (ch.isalnum() or unicodedata.category(ch).startswith("L"))


def _make_glyph(c: str, span: Span, family: str, mathf: bool, upright: bool,
                x0: float, x1: float, reasons: list[str] | None, si: int, ci: int,
                font: str) -> Glyph:
    """The glyph of character `ci` of span `si`, at x0..x1."""
    size, base = span.size, span.origin[1]
    if c in _SCRIPT_CHARS:
        hint, c2, tex, kind, h, d = _script_char(c)
        size = span.size * 0.7
        base = base - 0.36 * span.size if hint > 0 else base + 0.15 * span.size
        return Glyph(tex, kind, x0, x1, base - h * size, base + d * size, base, size, ch=c2,
                     family=family, upright=False, math_font=True, script_hint=hint,
                     pos=(si, ci), end=(si, ci + 1), font=font)
    tex, kind, unmapped, h, d, big, letter = _char_info(c, family)
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
def _char_info(c: str, family: str) -> tuple[str, str, bool, float, float, bool, bool]:
    """(tex, kind, unmapped, height, depth, big, word letter) of a character in a font of
    `family`; height above and depth below the baseline in em (cmex glyphs and the cmsy
    radical hang from their origin)."""
    found = sym.lookup(c, family)
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


def mark_stretched_delimiters(glyphs: list[Glyph]) -> None:
    """A browser or office suite sets a matrix's parentheses as stretched variants of the
    text-size glyph, whose box (from the font's ascender and descender) says nothing of
    their height. A pair on one baseline enclosing rows above and below that baseline and
    nothing on it is such a pair: tall delimiters spanning the rows they enclose."""
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
        on_line = [g for g in inner if abs(g.base - left.base) < 0.15 * s]
        above = [g for g in inner if g.base < left.base - 0.3 * s]
        below = [g for g in inner if g.base > left.base + 0.2 * s]
        if on_line or not above or not below:
            continue
        top = min(g.top for g in [left, right, *inner])
        bottom = max(g.bottom for g in [left, right, *inner])
        for g in (left, right):
            g.big, g.top, g.bottom = True, top, bottom
        done += [left, right]


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
    for run in runs:
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
