"""Generated PDFs for the text-fidelity tests (issue 21): each glyph placed by hand with
PyMuPDF's TextWriter and the built-in Times font, the way producers that write no space
characters, tracked headings, old TeX accents and scanners make their pages.

    python tests/text_fidelity_pdfs.py OUTDIR     # writes every case, for a look
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pymupdf

FONT = pymupdf.Font("tiro")
SIZE = 10.0
WIDTH, HEIGHT = 595.0, 842.0
LEFT = 72.0

PROSE = ("Composition of the pretraining data for the second model release is shown in the "
         "table below together with the number of tokens drawn from every source and the "
         "mixing weights chosen after a series of small ablation runs on held out data")


def _glyphs(tw: pymupdf.TextWriter, x: float, y: float, word: str, size: float,
            letter_gap: float = 0.0, kerns: dict[str, float] | None = None) -> float:
    """Write `word` glyph by glyph from x; returns the pen position after it. `letter_gap`
    (em) is added after every glyph (tracking), `kerns` maps a pair to its kern (em)."""
    for k, ch in enumerate(word):
        tw.append((x, y), ch, font=FONT, fontsize=size)
        x += FONT.text_length(ch, size)
        nxt = word[k + 1:k + 2]
        if nxt:
            x += (letter_gap + (kerns or {}).get(ch + nxt, 0.0)) * size
    return x


def spaceless_line(tw, y: float, words: list[str], gap_em: float, size: float = SIZE,
                   letter_gap: float = 0.0) -> float:
    """Words placed `gap_em` apart with no space character between them."""
    x = LEFT
    for w in words:
        x = _glyphs(tw, x, y, w, size, letter_gap) + (gap_em + letter_gap) * size
    return x


def _doc_page() -> tuple[pymupdf.Document, pymupdf.Page]:
    doc = pymupdf.open()
    return doc, doc.new_page(width=WIDTH, height=HEIGHT)


def _bytes(doc: pymupdf.Document) -> bytes:
    doc.set_metadata({})
    data = doc.tobytes(garbage=3, deflate=True, no_new_id=True)
    doc.close()
    return data


def spaceless_pdf() -> bytes:
    """A paragraph whose words are placed 0.10-0.13 em apart without space characters
    (justified: each line's gap differs), a letter-spaced heading (tracking 0.2 em), a
    tightly kerned display word, and one line (in another font) written with real spaces."""
    doc, page = _doc_page()
    tw = pymupdf.TextWriter(page.rect)
    spaceless_line(tw, 80, ["LETTER", "SPACED", "HEADING"], 0.28, 12, letter_gap=0.2)
    # a tightly kerned word (AV, VA, AT, TA, WA pairs) next to normal ones, no spaces between
    x = _glyphs(tw, LEFT, 110, "AVATAR", 14, kerns={"AV": -0.09, "VA": -0.09, "AT": -0.08,
                                                   "TA": -0.08})
    x = _glyphs(tw, x + 0.12 * 14, 110, "WAVE", 14, kerns={"WA": -0.08, "AV": -0.09})
    _glyphs(tw, x + 0.12 * 14, 110, "TOWARDS", 14, kerns={"TO": -0.05, "OW": -0.04, "WA": -0.08})
    words, y = PROSE.split(), 140
    gaps = (0.10, 0.12, 0.13, 0.11)
    for n in range(4):
        line = words[n * 8:(n + 1) * 8]
        spaceless_line(tw, y, line, gaps[n])
        y += 13
    # another producer's text (a stamp, an added note) with space characters of its own
    tw.append((LEFT, y + 13), "A line written with real spaces stays as it is.",
              font=pymupdf.Font("helv"), fontsize=SIZE)
    tw.write_text(page)
    return _bytes(doc)


def spaced_font_pdf() -> bytes:
    """One font written with space characters on one line and, on the next, identifiers
    set close (0.12 em) without any: that producer writes its spaces, so the close
    gaps are no word spaces."""
    doc, page = _doc_page()
    tw = pymupdf.TextWriter(page.rect)
    tw.append((LEFT, 100), "Attributes of the class:", font=FONT, fontsize=SIZE)
    spaceless_line(tw, 113, ["Network", "Linear", "Flow", "Event", "Type"], 0.12)
    tw.write_text(page)
    return _bytes(doc)


# (text before, base, accent, text after, accent first?) -- TeX draws the accent first
ACCENTED = [("Schr", "o", "\u00a8", "dinger", True), ("", "e", "\u00b4", "tude", True),
            ("Lema", "\u0131", "\u02c6", "tre", True), ("Ag", "e", "\u02c6", "ncia", False),
            ("Avia", "c", "\u00b8", "\u00e3o", False)]


def accents_pdf() -> bytes:
    """Accented words set as a spacing accent centred over its letter (before it in the
    content, as TeX's \\accent does, or after it), and standalone accents left alone."""
    doc, page = _doc_page()
    tw = pymupdf.TextWriter(page.rect)
    x, y = LEFT, 100
    for before, base, accent, after, first in ACCENTED:
        x = _glyphs(tw, x, y, before, SIZE)
        wb, wa = FONT.text_length(base, SIZE), FONT.text_length(accent, SIZE)
        ax = x + (wb - wa) / 2
        if first:
            tw.append((ax, y), accent, font=FONT, fontsize=SIZE)
            tw.append((x, y), base, font=FONT, fontsize=SIZE)
        else:
            tw.append((x, y), base, font=FONT, fontsize=SIZE)
            tw.append((ax, y), accent, font=FONT, fontsize=SIZE)
        x = _glyphs(tw, x + wb, y, after, SIZE) + 0.3 * SIZE
    tw.append((LEFT, 130), "Press the \u00b4 key, then type x^2 or a~b.", font=FONT, fontsize=SIZE)
    tw.write_text(page)
    return _bytes(doc)


def ligatures_pdf() -> bytes:
    """Ligature code points, a soft hyphen between two letters and at a line end, and
    non-breaking and thin spaces, written as text (a built-in font with a ToUnicode map)."""
    doc, page = _doc_page()
    font = pymupdf.Font(fontfile=_dejavu()) if _dejavu() else FONT
    tw = pymupdf.TextWriter(page.rect)
    lines = ["The \ufb01rst \ufb02oor o\ufb00ers o\ufb03ce, a ba\ufb04e, fa\ufb06 and ju\ufb05.",
             "A soft\u00adhyphen inside, 10\u00a0km and 5\u2009mm and 3\u202fkg, a long hyphen\u00ad",
             "ation at the end of the line above."]
    for k, text in enumerate(lines):
        tw.append((LEFT, 100 + 14 * k), text, font=font, fontsize=SIZE)
    tw.write_text(page)
    return _bytes(doc)


def _dejavu() -> str | None:
    for p in ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",):
        if Path(p).exists():
            return p
    return None


def _png(width: int, height: int, paint) -> bytes:
    """A greyscale image drawn pixel by pixel by `paint(samples: bytearray)` (0 = black)."""
    samples = bytearray([255]) * (width * height)
    paint(samples)
    pix = pymupdf.Pixmap(pymupdf.csGRAY, width, height, bytes(samples), False)
    return pix.tobytes("png")


def text_over_image_pdf() -> bytes:
    """A full-width pale photograph-like raster behind the top of the page (a cover
    band) with a title and a paragraph of short body-size lines over it, and body text
    below it."""
    doc, page = _doc_page()
    rng = random.Random(21)

    def tint(s: bytearray) -> None:
        for i in range(len(s)):
            s[i] = 215 + rng.randrange(30)
    page.insert_image(pymupdf.Rect(0, 0, WIDTH, 300), stream=_png(300, 150, tint))
    tw = pymupdf.TextWriter(page.rect)
    tw.append((LEFT, 60), "Annual report of the data team", font=FONT, fontsize=20)
    words = PROSE.split()
    for n, y in enumerate(range(90, 90 + 4 * 13, 13)):
        tw.append((LEFT, y), " ".join(words[n * 5:(n + 1) * 5]), font=FONT, fontsize=SIZE)
    for n, y in enumerate(range(340, 340 + 6 * 13, 13)):
        tw.append((LEFT, y), " ".join(words[n * 9:(n + 1) * 9]), font=FONT, fontsize=SIZE)
    tw.write_text(page)
    return _bytes(doc)


def scan_pdf(kind: str) -> bytes:
    """A page that is one scanned image: `blank` (paper grain only), `specks` (a near-blank
    scan: dust and a dark edge shadow) or `scribble` (pen strokes that are no text)."""
    doc, page = _doc_page()
    w, h = 850, 1200
    rng = random.Random(kind)

    def paint(s: bytearray) -> None:
        for i in range(len(s)):
            s[i] = 240 + rng.randrange(16)
        if kind in ("specks", "scribble"):
            for _ in range(60):                   # dust
                x, y = rng.randrange(w - 3), rng.randrange(h - 3)
                for dx in range(rng.randrange(1, 4)):
                    s[(y + dx) * w + x + dx] = rng.randrange(60)
            for y in range(h):                    # scanner edge shadow
                for x in range(12):
                    s[y * w + x] = 40 + 10 * x
        if kind == "scribble":
            for stroke in range(40):
                x, y = rng.uniform(80, w - 120), 100 + stroke * 25 + rng.uniform(-3, 3)
                for _ in range(120):
                    x += rng.uniform(0.5, 2.5)
                    y += rng.uniform(-2.2, 2.2)
                    for d in range(2):
                        xi, yi = int(x) + d, int(y)
                        if 0 <= xi < w and 0 <= yi < h:
                            s[yi * w + xi] = 20
    page.insert_image(page.rect, stream=_png(w, h, paint))
    return _bytes(doc)


def inverse_scan_pdf() -> bytes:
    """A scanned cover: white lettering on a black page (its median pixel is ink-dark)."""
    src = pymupdf.open()
    page = src.new_page(width=420, height=200)
    page.draw_rect(page.rect, color=None, fill=(0, 0, 0))
    page.insert_textbox(pymupdf.Rect(24, 40, 400, 190), "HOW BIG MEDIA USES TECHNOLOGY\n"
                        "AND THE LAW TO LOCK DOWN CULTURE", fontsize=16, fontname="helv",
                        color=(1, 1, 1))
    pix = page.get_pixmap(dpi=150)
    doc = pymupdf.open()
    doc.new_page(width=420, height=200).insert_image(pymupdf.Rect(0, 0, 420, 200), pixmap=pix)
    return _bytes(doc)


CASES = {"spaceless": spaceless_pdf, "spaced_font": spaced_font_pdf, "accents": accents_pdf, "ligatures": ligatures_pdf,
         "text_over_image": text_over_image_pdf,
         "scan_blank": lambda: scan_pdf("blank"), "scan_specks": lambda: scan_pdf("specks"),
         "scan_scribble": lambda: scan_pdf("scribble"), "scan_inverse": inverse_scan_pdf}


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    out.mkdir(parents=True, exist_ok=True)
    for name, make in CASES.items():
        (out / f"{name}.pdf").write_bytes(make())
        print(out / f"{name}.pdf")
