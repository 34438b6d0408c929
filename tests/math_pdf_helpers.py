"""Tiny PyMuPDF -> data-model converter for the math tests and benchmarks/math_eval.py.

`engine_lines` uses the engine's own extractor (layoutpdf.extract.page) when present;
`page_lines` is a minimal stand-in: "dict" spans (runs of one font/size) or one span per
glyph from "rawdict", and `page_rules` horizontal rules from page.get_drawings().
"""
from __future__ import annotations

import pymupdf

from layoutpdf.model.content import Line, Span
from layoutpdf.model.geometry import BBox


def _color(c) -> int:
    return c if isinstance(c, int) else 0


def page_lines(page: "pymupdf.Page", *, per_glyph: bool = False,
               clip: "pymupdf.Rect | None" = None) -> list[Line]:
    flags = pymupdf.TEXTFLAGS_DICT & ~pymupdf.TEXT_PRESERVE_IMAGES
    d = page.get_text("rawdict" if per_glyph else "dict", flags=flags, clip=clip)
    lines: list[Line] = []
    for bi, block in enumerate(d["blocks"]):
        for li, ln in enumerate(block.get("lines", [])):
            spans: list[Span] = []
            for si, s in enumerate(ln["spans"]):
                common = dict(font=s["font"], size=s["size"], flags=s["flags"],
                              color=_color(s.get("color", 0)), alpha=s.get("alpha", 255))
                if per_glyph:
                    for ci, ch in enumerate(s["chars"]):
                        spans.append(Span(id=f"p{page.number}b{bi}l{li}s{si}c{ci}", text=ch["c"],
                                          bbox=BBox.of(ch["bbox"]), origin=tuple(ch["origin"]),
                                          **common))
                else:
                    spans.append(Span(id=f"p{page.number}b{bi}l{li}s{si}", text=s["text"],
                                      bbox=BBox.of(s["bbox"]), origin=tuple(s["origin"]),
                                      **common))
            if spans:
                lines.append(Line.build(f"p{page.number}b{bi}l{li}", page.number, tuple(spans),
                                        tuple(ln["dir"])))
    return lines


def glyph_name_maps(page: "pymupdf.Page") -> dict[str, dict[int, str]]:
    """Font name -> {code: glyph name} from each font's /Encoding /Differences."""
    import re
    doc, out = page.parent, {}
    for xref, _ext, _type, name, _ref, _enc in page.get_fonts():
        kind, val = doc.xref_get_key(xref, "Encoding")
        if kind == "xref":
            src = doc.xref_object(int(val.split()[0]))
        elif kind == "dict":
            src = val
        else:
            continue
        m = re.search(r"/Differences\s*\[(.*?)\]", src, re.S)
        if not m:
            continue
        names, code = {}, 0
        for tok in re.findall(r"\d+|/[^\s/\[\]]+", m.group(1)):
            if tok[0] == "/":
                names[code] = tok[1:]
                code += 1
            else:
                code = int(tok)
        out[name.split("+")[-1]] = names
    return out


def recode_cmex_spans(page: "pymupdf.Page", lines: list[Line]) -> list[Line]:
    """What an extractor can do for re-encoded cmex subsets (see latex_symbols.recode_cmex)."""
    from dataclasses import replace

    from layoutpdf.text.latex_symbols import font_family, recode_cmex
    maps = glyph_name_maps(page)
    out = []
    for ln in lines:
        spans = tuple(replace(s, text=recode_cmex(s.text, maps[s.font.split("+")[-1]]))
                      if font_family(s.font) == "cmex" and s.font.split("+")[-1] in maps else s
                      for s in ln.spans)
        out.append(ln if spans == ln.spans else
                   Line.build(ln.id, ln.page, spans, ln.direction, ln.vertical))
    return out


def engine_lines(page: "pymupdf.Page") -> tuple[list[Line], list[BBox]] | None:
    """Lines and rules as the engine's extractor produces them, or None if it is absent."""
    try:
        from layoutpdf.extract.page import extract_page
        from layoutpdf.settings import Settings
        from layoutpdf.stages.math.serialize import rules_from_drawings, rules_from_images
    except ImportError:
        return None
    pg = extract_page(page, page.number, Settings())
    lines = recode_cmex_spans(page, list(pg.lines))
    return lines, rules_from_drawings(pg.drawings) + rules_from_images(pg.images)


def page_rules(page: "pymupdf.Page", max_height: float = 2.0) -> list[BBox]:
    """Thin horizontal strokes and filled rectangles: fraction bars, vincula, overlines."""
    out: list[BBox] = []
    for dr in page.get_drawings():
        for item in dr["items"]:
            if item[0] == "l":
                p, q = item[1], item[2]
                if abs(p.y - q.y) < 0.5 and abs(p.x - q.x) > 0.5:
                    w = (dr.get("width") or 0.4) / 2
                    y = (p.y + q.y) / 2
                    out.append(BBox(min(p.x, q.x), y - w, max(p.x, q.x), y + w))
            elif item[0] == "re":
                r = item[1]
                if r.height <= max_height and r.width > r.height * 2:
                    out.append(BBox(r.x0, r.y0, r.x1, r.y1))
    return out


# ----------------------------------------------------------------------------------------
# displays as non-TeX producers set them (fonts shipped by Debian packages / PyMuPDF)
# ----------------------------------------------------------------------------------------
MATH_TTF = "/usr/share/fonts/truetype/dejavu/DejaVuMathTeXGyre.ttf"      # fonts-dejavu-extra
ITALIC_TTF = "/usr/share/fonts/truetype/liberation/LiberationSerif-Italic.ttf"  # fonts-liberation
PROSE_WORDS = ("The measurements were repeated on every sample of the series and the results "
               "were collected in one table for the comparison that follows in this section "
               "of the text").split()


def prose(tw: "pymupdf.TextWriter", y: float, n: int, x0: float = 72, words: int = 15) -> float:
    """`n` full lines of Times prose from baseline `y`, 12 pt apart; returns the next baseline."""
    font = pymupdf.Font("tiro")
    for _ in range(n):
        tw.append((x0, y), " ".join(PROSE_WORDS[:words]), font=font, fontsize=10)
        y += 12
    return y


def centred(tw, pieces, y: float, left: float, right: float) -> None:
    """Pieces (text, font, size, dy) set one after the other, centred between left and right."""
    width = sum(f.text_length(t, fontsize=s) for t, f, s, _ in pieces)
    x = (left + right - width) / 2
    for text, font, size, dy in pieces:
        tw.append((x, y + dy), text, font=font, fontsize=size)
        x += font.text_length(text, fontsize=size)
