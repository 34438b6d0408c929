"""The repair paths pay for what they repair: their shortcuts give what the long way gave.

* `glyph_columns` finds a glyph's column through an index of the columns' heads, and
  returns early on a page without CJK: the same columns as comparing every glyph with
  every open column (the reference below, the loop it replaced).
* `text.quality.garbled_chars` answers 0 at once for text without a character any of
  its rules counts: the count of the full rules (the reference below), on random text.
* glyph repair does not examine CJK fonts (vertical text sets them a glyph a span, which
  made them look like Pi fonts), and keeps the comparisons of an ink bitmap it has seen.
* reference shapes are rendered in smaller cells, through MuPDF's show-string directly:
  for every character a reference can be asked for, the bitmap of the character drawn
  alone on a page of its own, as the shapes were first defined.
"""
from __future__ import annotations

import random

import pymupdf

from layoutpdf.extract import glyph_repair, glyph_shapes
from layoutpdf.extract.page import TEXT_FLAGS
from layoutpdf.model import BBox, Line, Span
from layoutpdf.text import glyph_columns as gc
from layoutpdf.text import quality
from layoutpdf.text.latex_symbols import is_math_font
from layoutpdf.text.glyph_columns import glyph_columns


def _glyph(ch: str, x: float, y: float, size: float, n: int) -> Line:
    span = Span(f"s{n}", ch, BBox(x, y, x + size, y + size), "MS-Mincho", size, 0, 0, 255,
                (x, y + size))
    return Line.build(f"l{n}", 0, (span,))


def _reference_columns(lines: list[Line]) -> list[list[Line]]:
    """The columns as the former loop built them: every open column tried per glyph."""
    cand = [ln for ln in lines if gc._glyph_like(ln)]
    size = sorted(ln.size for ln in cand)[len(cand) // 2] or 1.0
    cuts = gc.thin_bands([(ln.bbox.y0, ln.bbox.y1) for ln in cand], gc.TIER_BAND * size)
    columns: list[list[Line]] = []
    open_cols: list[list[Line]] = []
    heads: dict[int, BBox] = {}
    lettered: set[int] = set()
    for ln in sorted(cand, key=lambda l: (l.bbox.y0, l.bbox.x0)):
        fits = [c for c in open_cols if gc._fits(c, ln, max(ln.size, 1.0), cuts, heads[id(c)])]
        target = min(fits, key=lambda c: abs(c[0].bbox.cx - ln.bbox.cx)) if fits else None
        if target is None:
            target = []
            columns.append(target)
            open_cols.append(target)
        target.append(ln)
        key = id(target)
        if key not in lettered and gc._lettered(ln):
            heads[key] = ln.bbox
            lettered.add(key)
        elif key not in heads:
            heads[key] = ln.bbox
        open_cols = [c for c in open_cols if c[-1].bbox.y1 >= ln.bbox.y0 - 2 * size]
    return columns


def _page(seed: int) -> list[Line]:
    """Columns of vertical text in tiers, with jitter, punctuation off-centre, mixed
    sizes (a large glyph reaches a column left behind by the page's usual size), stray
    Latin glyphs, and wide vertical-mode boxes with glyphs under them."""
    rnd = random.Random(seed)
    out: list[Line] = []
    for tier in range(rnd.randint(1, 3)):
        top = 40 + 260 * tier
        for col in range(rnd.randint(1, 30)):
            size = rnd.choice((8.0, 9.0, 10.0, 10.0, 14.0))
            x = 560 - col * rnd.uniform(0.6, 1.6) * size
            y = top + rnd.uniform(0, 20)
            for _ in range(rnd.randint(1, 20)):
                ch = rnd.choice("漢字仮名交じり文。、「」1aあ")
                big = rnd.random() < 0.1
                gsize = 3 * size if big else size
                dx = rnd.uniform(-0.4, 0.4) * size if ch in "。、「」" else rnd.uniform(-1, 1)
                out.append(_glyph(ch, x + dx, y + (2.5 * size if big else 0), gsize, len(out)))
                y += gsize * rnd.uniform(0.9, 1.5)
    for _ in range(rnd.randint(0, 3)):
        x, y = rnd.uniform(0, 500), rnd.uniform(0, 700)
        wide = _glyph("表", x, y, 9.0, len(out))
        span = wide.spans[0]
        span = Span(span.id, span.text, BBox(x, y, x + rnd.choice((9.0, 900.0)), y + 9.0),
                    span.font, span.size, 0, 0, 255, span.origin)
        out.append(Line.build(wide.id, 0, (span,), (0.0, 1.0), True))
        for k in range(rnd.randint(0, 4)):
            out.append(_glyph("字", x + rnd.uniform(0, 20), y + 10 * (k + 1), 9.0, len(out)))
    rnd.shuffle(out)
    return out


def test_column_index_finds_the_columns_every_open_column_would():
    for seed in range(60):
        lines = _page(seed)
        if sum(gc._glyph_like(ln) for ln in lines) < gc.MIN_GLYPHS:
            continue
        want = [sorted(ln.id for ln in c) for c in _reference_columns(lines)]
        got = _columns_built(lines)
        assert got == want, seed
        assert sum(len(c) > 1 for c in got) > 0


def _columns_built(lines: list[Line]) -> list[list[str]]:
    """The columns `glyph_columns` builds (before it keeps only the CJK ones), each as
    its sorted line ids (the CJK ones are put in content order afterwards)."""
    seen: list[list[Line]] = []
    real = gc._Columns

    class Spy(real):
        def __init__(self, cell):
            super().__init__(cell)
            seen.append(self.lines)
    gc._Columns = Spy
    try:
        glyph_columns(lines)
    finally:
        gc._Columns = real
    return [sorted(ln.id for ln in c) for c in seen[0]] if seen else []


def test_pages_without_cjk_are_returned_as_they_are():
    lines = [_glyph(ch, 100, 40 + 10 * n, 10.0, n) for n, ch in enumerate("abcdefgh")]
    assert glyph_columns(lines) is lines


# -- glyph repair ------------------------------------------------------------------------------
def test_cjk_fonts_set_a_glyph_at_a_time_are_not_pi_fonts():
    """Vertical Japanese: every span one glyph; a stray control code in a Mincho font is a
    broken encoding (OCR's business), not a symbol font's lie: the page is not examined."""
    spans = [{"font": "Ryumin-Light", "text": ch} for ch in "縦書きの本文"]
    spans += [{"font": "DFHSMincho-W3G014", "text": t} for t in ("\x01", "™—", "›")]
    raw = {"blocks": [{"type": 0, "lines": [{"spans": [s]} for s in spans]}]}
    assert not glyph_repair.needs_repair(raw)
    assert glyph_repair.pi_fonts(raw) == set()
    spans[-3]["font"] = "AdvP4C4E74"
    assert glyph_repair.needs_repair(raw)


def test_kept_comparisons_equal_fresh_ones():
    """The comparisons of a glyph's ink bitmap, kept per (bitmap, claimed character), are
    those computed afresh."""
    doc = pymupdf.open()
    page = doc.new_page(width=200, height=80)
    for x, ch in ((20, "="), (60, "+"), (100, "("), (140, "5")):
        page.insert_text((x, 50), ch, fontname="symb" if ch != "5" else "helv", fontsize=20)
    spans = [s for b in page.get_textpage(flags=TEXT_FLAGS).extractRAWDICT()["blocks"]
             for ln in b.get("lines", ()) for s in ln["spans"]]
    drawing = page.get_displaylist()
    for s in spans:
        for c in s["chars"]:
            if c["c"].strip():
                glyph_repair._likeness.cache_clear()
                fresh = glyph_repair._read_glyph(drawing, c["bbox"], c["c"])
                for claimed in (c["c"], "5"):
                    kept = glyph_repair._read_glyph(drawing, c["bbox"], claimed)
                    glyph_repair._likeness.cache_clear()
                    assert kept == glyph_repair._read_glyph(drawing, c["bbox"], claimed)
                assert fresh[1] is not None


# -- garbled characters ----------------------------------------------------------------------
def _reference_garbled_chars(text: str, font: str = "") -> int:
    """`garbled_chars` without its shortcuts."""
    if is_math_font(font):
        return text.count(quality.UNMAPPED)
    bad = len(quality._BAD_CHARS.findall(text))
    if bad and quality._glyph_ids_as_text(text):
        return len(text.strip())
    if len(quality._SYMBOL_IN_WORD.findall(text)) >= 2 and len(text.strip()) >= 8:
        return len(text.strip())
    if font and quality.is_cjk_font(font) and not quality._CJK_TEXT.search(text):
        strange = len(quality._LATIN1_HIGH.findall(text))
        if bad or strange:
            return len(text.strip()) or bad
    return bad


def test_garbled_chars_shortcut_counts_what_the_rules_count():
    rnd = random.Random(7)
    pools = ["abc xyz", "\x01\x02\x1f\x7f\x85\ufffd\t\n", "èÜ•§¶£©®°±", "ñéçœŸƒ™",
             "漢字かなカナ한글", "αβγΔЖжж", "\u2013\u2014\u2019\u201c\u2022\u2122", "‐∑∫≤"]
    fonts = ["", "SimSun", "CMMI10", "Helvetica", "MS-Mincho", "AdvP4C4E74"]
    for _ in range(4000):
        text = "".join(rnd.choice(rnd.choice(pools)) for _ in range(rnd.randint(0, 14)))
        font = rnd.choice(fonts)
        assert quality.garbled_chars(text, font) == _reference_garbled_chars(text, font), \
            (text, font)


# -- reference shapes ----------------------------------------------------------------------------
def test_every_reference_equals_its_character_drawn_alone():
    chars = glyph_repair.CANDIDATES + "".join(chr(c) for c in range(256))
    glyph_shapes.prepare(chars)
    fonts = [pymupdf.Font(name) for name in glyph_shapes.REFERENCE_FONTS]
    for ch in dict.fromkeys(chars):
        alone = []
        if ch in glyph_shapes.DRAWN:     # the polygon where the first definition drew it
            alone.append(_alone(lambda page: page.draw_polyline(
                [(x + 20, y + 28) for x, y in glyph_shapes.DRAWN[ch]], color=(0, 0, 0),
                fill=(0, 0, 0), closePath=True)))
        for font in fonts:
            if font.has_glyph(ord(ch)):
                alone.append(_alone(lambda page: _write_alone(page, ch, font)))
        assert glyph_shapes.references(ch) == tuple(
            (bits, aspect, bits.bit_count()) for bits, aspect in filter(None, alone)), repr(ch)


def _write_alone(page, ch, font):
    writer = pymupdf.TextWriter(page.rect)
    writer.append((36, 100), ch, font=font, fontsize=48)
    writer.write_text(page)


def _alone(draw):
    """The shape on a 144 x 144 page of its own (the first definition's cell)."""
    doc = pymupdf.open()
    page = doc.new_page(width=144, height=144)
    draw(page)
    pix = page.get_pixmap(dpi=72, colorspace=pymupdf.csGRAY, alpha=False)
    samples = pix.samples
    ink = [i for i, v in enumerate(samples) if v < 128]
    if ink:        # within the smaller cell now used, 4 pixels from its edges
        xs, ys = [i % 144 for i in ink], [i // 144 for i in ink]
        x0, y0 = 36 - glyph_shapes.ORIGIN[0], 100 - glyph_shapes.ORIGIN[1]
        assert x0 + 4 <= min(xs) and max(xs) < x0 + glyph_shapes.CELL - 4
        assert y0 + 4 <= min(ys) and max(ys) < y0 + glyph_shapes.CELL - 4
    return glyph_shapes.ink_bitmap(samples, pix.width, pix.height)
