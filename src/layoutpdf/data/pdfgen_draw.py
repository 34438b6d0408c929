"""Figures, math and footnotes for the test-PDF typesetter in ``pdfgen.py``.

Developer tool like ``pdfgen``: vector bar charts, a generated raster image, display math
laid out from small atoms, and footnote blocks under a separator rule.
"""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path

import pymupdf


def _core():
    # Works both as ``layoutpdf.data.pdfgen_draw`` and when loaded by file path.
    if __package__:
        from . import pdfgen

        return pdfgen
    if "layoutpdf_pdfgen" not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            "layoutpdf_pdfgen", Path(__file__).with_name("pdfgen.py"))
        module = importlib.util.module_from_spec(spec)
        sys.modules["layoutpdf_pdfgen"] = module
        spec.loader.exec_module(module)
    return sys.modules["layoutpdf_pdfgen"]


_g = _core()
Canvas, Style = _g.Canvas, _g.Style
GRAPHICS, rnd, text_width = _g.GRAPHICS, _g.rnd, _g.text_width
ascent, descent, left_text = _g.ascent, _g.descent, _g.left_text
parse_words, break_lines, draw_line_words, line_text = (
    _g.parse_words, _g.break_lines, _g.draw_line_words, _g.line_text)


def gradient_png(width: int, height: int, seed: int = 1) -> bytes:
    """A small deterministic RGB PNG (a smooth 'heat map'), made with pymupdf.Pixmap."""
    data = bytearray()
    for j in range(height):
        for i in range(width):
            u, v = i / width, j / height
            t = 0.5 + 0.25 * math.sin(6.0 * u + seed) + 0.25 * math.cos(5.0 * v * (1 + u))
            t = min(1.0, max(0.0, t))
            data += bytes((int(255 * t), int(255 * (1 - abs(2 * t - 1))), int(255 * (1 - t))))
    pix = pymupdf.Pixmap(pymupdf.csRGB, width, height, bytes(data), False)
    return pix.tobytes("png")


def bar_chart(canvas: Canvas, rect, categories: list[str], series: dict, colors: list,
              y_label: str, y_max: float = 100.0, y_step: float = 20.0) -> dict:
    """A vector grouped bar chart (axes, ticks, bars, legend) filling ``rect``.

    Returns ``{"bbox": ..., "text_inside": [...]}``; every label drawn is listed.
    """
    x0, y0, x1, y1 = rect
    texts = []
    ax0, ay0, ax1, ay1 = x0 + 34, y0 + 18, x1 - 6, y1 - 16  # plot area

    def label(t, x, y, align="left"):
        texts.append(t)
        left_text(canvas, t, x, y, "helv", 7.0, align=align, layer=GRAPHICS)

    tick = y_step
    v = 0.0
    while v <= y_max + 1e-9:
        y = ay1 - (ay1 - ay0) * v / y_max
        if v > 0:
            canvas.line((ax0, y), (ax1, y), color=(0.85, 0.85, 0.85), width=0.4)
        canvas.line((ax0 - 3, y), (ax0, y), width=0.6)
        label(f"{v:g}", ax0 - 5, y + 2.5, align="right")
        v += tick
    canvas.line((ax0, ay0), (ax0, ay1), width=0.8)
    canvas.line((ax0, ay1), (ax1, ay1), width=0.8)
    group_w = (ax1 - ax0) / len(categories)
    names = list(series)
    bar_w = group_w * 0.7 / len(names)
    for i, cat in enumerate(categories):
        gx = ax0 + i * group_w + group_w * 0.15
        for k, name in enumerate(names):
            h = (ay1 - ay0) * series[name][i] / y_max
            canvas.rect((gx + k * bar_w, ay1 - h, gx + (k + 1) * bar_w, ay1), color=None,
                        fill=colors[k])
        label(cat, ax0 + i * group_w + group_w / 2 - text_width(cat, "helv", 7) / 2, ay1 + 10)
    # y-axis title, rotated
    texts.append(y_label)
    canvas.text(x0 + 8, (ay0 + ay1) / 2 + text_width(y_label, "helv", 7.5) / 2, y_label, "helv",
                7.5, angle=90, layer=GRAPHICS)
    lx = ax0 + 8
    for k, name in enumerate(names):
        canvas.rect((lx, y0 + 4, lx + 8, y0 + 11), color=None, fill=colors[k])
        label(name, lx + 11, y0 + 11)
        lx += 11 + text_width(name, "helv", 7) + 14
    return {"bbox": rnd(rect), "text_inside": texts}


# --------------------------------------------------------------------------- math

_MATH_FONTS = {"r": "tiro", "i": "tiit", "s": "symb"}


def math_box(canvas: Canvas | None, atoms: list, x: float, baseline: float, size: float) -> dict:
    """Lay out (and, if ``canvas`` is given, draw) a small math expression.

    Atoms: ``"text"`` (roman), ``("i", "x")`` italic, ``("s", "α")`` Symbol font,
    ``("sub", atoms)``, ``("sup", atoms)``, ``("subsup", sub, sup)`` (attach to what
    precedes), ``("op", "∑", lower, upper)`` big operator with limits,
    ``("frac", numerator, denominator)`` stacked around a rule.
    Returns ``{"width", "ascent", "descent", "glyphs"}``; glyphs lists the drawn strings in
    drawing order (what a text extractor sees).
    """
    cx, asc, desc, glyphs = x, size * 0.75, size * 0.25, []
    for atom in atoms:
        kind = "r" if isinstance(atom, str) else atom[0]
        if kind in _MATH_FONTS:
            t = atom if isinstance(atom, str) else atom[1]
            w = text_width(t, _MATH_FONTS[kind], size)
            if canvas:
                canvas.text(cx, baseline, t, _MATH_FONTS[kind], size)
            glyphs.append(t)
            cx += w
        elif kind in ("sub", "sup", "subsup"):
            sub = atom[1] if kind != "sup" else None
            sup = atom[2] if kind == "subsup" else (atom[1] if kind == "sup" else None)
            w = 0.0
            for part, rise in ((sub, -0.22 * size), (sup, 0.40 * size)):
                if part is not None:
                    box = math_box(canvas, part, cx, baseline - rise, size * 0.7)
                    glyphs += box["glyphs"]
                    w = max(w, box["width"])
                    asc = max(asc, rise + box["ascent"])
                    desc = max(desc, -rise + box["descent"])
            cx += w + size * 0.05
        elif kind == "op":
            big = size * 1.6
            w = text_width(atom[1], "symb", big)
            lo = math_box(None, atom[2], 0, 0, size * 0.7)
            hi = math_box(None, atom[3], 0, 0, size * 0.7)
            full = max(w, lo["width"], hi["width"])
            mid = cx + full / 2
            if canvas:
                canvas.text(mid - w / 2, baseline + size * 0.12, atom[1], "symb", big)
            glyphs.append(atom[1])
            top = baseline - big * 0.72 - size * 0.35
            bot = baseline + big * 0.22 + size * 0.75
            math_box(canvas, atom[3], mid - hi["width"] / 2, top, size * 0.7)
            math_box(canvas, atom[2], mid - lo["width"] / 2, bot, size * 0.7)
            glyphs += hi["glyphs"] + lo["glyphs"]
            asc = max(asc, baseline - top + size * 0.55)
            desc = max(desc, bot - baseline + size * 0.2)
            cx += full + size * 0.15
        elif kind == "frac":
            num = math_box(None, atom[1], 0, 0, size)
            den = math_box(None, atom[2], 0, 0, size)
            full = max(num["width"], den["width"]) + size * 0.4
            axis = baseline - size * 0.3
            nb = axis - size * 0.25 - num["descent"]
            db = axis + size * 0.25 + den["ascent"]
            if canvas:
                canvas.line((cx, axis), (cx + full, axis), width=0.5)
            math_box(canvas, atom[1], cx + (full - num["width"]) / 2, nb, size)
            math_box(canvas, atom[2], cx + (full - den["width"]) / 2, db, size)
            glyphs += num["glyphs"] + den["glyphs"]
            asc = max(asc, baseline - nb + num["ascent"])
            desc = max(desc, db - baseline + den["descent"])
            cx += full + size * 0.1
        else:
            raise ValueError(f"unknown math atom {atom!r}")
    return {"width": cx - x, "ascent": asc, "descent": desc, "glyphs": glyphs}


# --------------------------------------------------------------------------- footnotes


def footnote_block(canvas: Canvas, page: int, notes: list[tuple[str, str]], x0: float,
                   width: float, bottom: float, style: Style, raised: bool = True,
                   hang: float = 8.0) -> tuple[float, list[dict]]:
    """Set ``notes`` ((marker, text) pairs) upwards from ``bottom`` under a short rule.

    Returns (y of the separator rule, one truth record per note).
    """
    laid = []
    for marker, text in notes:
        src = f"[^{marker}]{text}" if raised else f"{marker} {text}"
        words = parse_words(src, style)
        laid.append((marker, text, break_lines(words, width - hang, style, first_indent=-hang)))
    height = sum(len(x[2]) for x in laid) * style.leading + 2 * (len(laid) - 1)
    top = bottom - height
    rule_y = top - 5
    canvas.line((x0, rule_y), (x0 + width / 3, rule_y), width=0.4)
    y, out = top, []
    for marker, text, lines in laid:
        recs = []
        for i, words in enumerate(lines):
            baseline = y + style.leading * 0.78
            lx = x0 if i == 0 else x0 + hang
            a, b = draw_line_words(canvas, words, lx, baseline, width - (lx - x0), style,
                                   justify=i < len(lines) - 1)
            recs.append({"page": page, "text": line_text(words),
                         "bbox": rnd((a, baseline - ascent(style.font, style.size), b,
                                      baseline + descent(style.font, style.size)))})
            y += style.leading
        y += 2
        boxes = [r["bbox"] for r in recs]
        out.append({"page": page, "marker": marker, "text": text,
                    "marker_style": "raised" if raised else "baseline",
                    "bbox": rnd((min(b[0] for b in boxes), min(b[1] for b in boxes),
                                 max(b[2] for b in boxes), max(b[3] for b in boxes))),
                    "lines": recs})
    return rule_y, out
