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


def engine_lines(page: "pymupdf.Page") -> tuple[list[Line], list[BBox]] | None:
    """Lines and rules as the engine's extractor produces them, or None if it is absent."""
    try:
        from layoutpdf.extract.page import extract_page
        from layoutpdf.settings import Settings
        from layoutpdf.stages.math.serialize import rules_from_drawings, rules_from_images
    except ImportError:
        return None
    pg = extract_page(page, page.number, Settings())
    # re-encoded cmex fonts come in standard codes (extract.font_encoding)
    return list(pg.lines), rules_from_drawings(pg.drawings) + rules_from_images(pg.images)


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
