"""Pi fonts whose character codes lie are read by their glyph shapes (extract.glyph_repair).

The fixture is built here: a Type 3 font whose glyphs are drawn as vector paths ('=' and
'+' bars, '(' and ')' arcs) but whose encoding names them five, one, eth and Thorn, as
journal typesetting systems' maths fonts do. MuPDF then reads "W 5 A 1 B" and "ðxÞ".
"""
from pathlib import Path

import pymupdf
import pytest

from layoutpdf import parse
from layoutpdf.extract import glyph_repair
from layoutpdf.extract.page import TEXT_FLAGS

# glyph programs, 1000 units a em; d1: shape only (the text colour paints it)
EQUALS = "600 0 0 0 600 700 d1 60 220 480 70 re f 60 400 480 70 re f"
PLUS = "600 0 0 0 600 700 d1 265 80 70 480 re f 60 285 480 70 re f"
LEFT = "400 0 0 -200 400 800 d1 55 w 330 -180 m 80 80 80 520 330 780 c S"
RIGHT = "400 0 0 -200 400 800 d1 55 w 70 -180 m 320 80 320 520 70 780 c S"
GLYPHS = {"five": (53, EQUALS), "one": (49, PLUS), "eth": (240, LEFT), "Thorn": (222, RIGHT),
          "equal": (61, EQUALS)}


def pi_font_pdf(path: Path, names: dict[str, str], lines: list[list[tuple[str, str]]]) -> Path:
    """One page; `lines` are runs of (font, text): font "T" is the Type 3 font (text as
    PDF string bytes, octal escapes allowed), "H" Helvetica."""
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=300)
    page.insert_text((30, 280), "Running text in Helvetica keeps the page ordinary.",
                     fontname="helv", fontsize=9)
    codes = {GLYPHS[g][0]: g for g in names}
    first, last = min(codes), max(codes)
    procs = {}
    for glyph in names:
        xref = doc.get_new_xref()
        doc.update_object(xref, "<<>>")
        doc.update_stream(xref, GLYPHS[glyph][1].encode())
        procs[glyph] = xref
    widths = " ".join("600" if c in codes else "0" for c in range(first, last + 1))
    diffs = " ".join(f"{c} /{g}" for c, g in sorted(codes.items()))
    font = doc.get_new_xref()
    doc.update_object(font, (
        "<< /Type /Font /Subtype /Type3 /FontBBox [0 -200 600 800] "
        "/FontMatrix [0.001 0 0 0.001 0 0] "
        f"/CharProcs << {' '.join(f'/{g} {x} 0 R' for g, x in procs.items())} >> "
        f"/Encoding << /Type /Encoding /Differences [{diffs}] >> "
        f"/FirstChar {first} /LastChar {last} /Widths [{widths}] /Resources << >> >>"))
    _add_font(doc, page, "T3", font)
    ops, y = [], 220
    for runs in lines:
        ops.append(f"BT 1 0 0 1 40 {y} Tm")
        for which, text in runs:
            ops.append(("/T3 20 Tf" if which == "T" else "/helv 20 Tf") + f" ({text}) Tj")
        ops.append("ET")
        y -= 50
    xref = doc.get_new_xref()
    doc.update_object(xref, "<<>>")
    doc.update_stream(xref, "\n".join(ops).encode("latin-1"))
    contents = doc.xref_get_key(page.xref, "Contents")
    existing = contents[1] if contents[0] == "xref" else contents[1].strip("[]")
    doc.xref_set_key(page.xref, "Contents", f"[{existing} {xref} 0 R]")
    doc.save(path)
    doc.close()
    return path


def _add_font(doc, page, name: str, font_xref: int) -> None:
    """Put the font in the page's /Resources /Font, through indirect dictionaries."""
    owner, path = page.xref, "Resources"
    kind, value = doc.xref_get_key(owner, path)
    if kind == "xref":
        owner, path = int(value.split()[0]), ""
    fonts = f"{path}/Font" if path else "Font"
    kind, value = doc.xref_get_key(owner, fonts)
    if kind == "xref":
        owner, fonts = int(value.split()[0]), ""
    doc.xref_set_key(owner, f"{fonts}/{name}" if fonts else name, f"{font_xref} 0 R")


LYING = [[("H", "W "), ("T", "5"), ("H", " A "), ("T", "1"), ("H", " B")],
         [("H", "f"), ("T", "\\360"), ("H", "x"), ("T", "\\336"), ("H", " ends here")]]


def raw_text(path: Path) -> str:
    return pymupdf.open(path)[0].get_text()


def test_fixture_lies_as_journal_pi_fonts_do(tmp_path):
    pdf = pi_font_pdf(tmp_path / "lying.pdf", ["five", "one", "eth", "Thorn"], LYING)
    text = raw_text(pdf)
    assert "W 5 A 1 B" in text and "fðxÞ" in text


def test_lying_pi_font_is_read_by_its_shapes(tmp_path):
    pdf = pi_font_pdf(tmp_path / "lying.pdf", ["five", "one", "eth", "Thorn"], LYING)
    md = parse(pdf).to_markdown()
    assert "5" not in md and "ð" not in md and "Þ" not in md
    assert "W = A + B" in md.replace("$", "")
    assert "f(x)" in md.replace("$", "").replace(" ", "")


def test_replacements_are_per_font_and_reported(tmp_path):
    pdf = pi_font_pdf(tmp_path / "lying.pdf", ["five", "one", "eth", "Thorn"], LYING)
    page = pymupdf.open(pdf)[0]
    textpage = page.get_textpage(flags=TEXT_FLAGS)
    assert glyph_repair.needs_repair(textpage.extractDICT())
    raw = textpage.extractRAWDICT()
    made = glyph_repair.repair(page, raw)
    assert {claimed: sym for (_, claimed), sym in made.items()} == \
        {"5": "=", "1": "+", "ð": "(", "Þ": ")"}
    helv = [s["text"] for b in raw["blocks"] if b["type"] == 0 for ln in b["lines"]
            for s in ln["spans"] if "Helvetica" in s["font"]]
    assert any("Running text" in t for t in helv)       # other fonts untouched


def test_no_evidence_no_examination(tmp_path):
    """Digits that are really '=' and '+', but no impossible character on the page: the
    page is not examined (the evidence rule), and costs nothing."""
    pdf = pi_font_pdf(tmp_path / "quiet.pdf", ["five", "one"], LYING[:1])
    page = pymupdf.open(pdf)[0]
    assert not glyph_repair.needs_repair(page.get_textpage(flags=TEXT_FLAGS).extractDICT())
    assert "W 5 A 1 B" in parse(pdf).to_markdown()


def test_honest_glyphs_are_kept(tmp_path):
    """A Pi font whose '=' looks like '=' keeps it, even on an examined page."""
    pdf = pi_font_pdf(tmp_path / "honest.pdf", ["equal", "eth", "Thorn"],
                      [[("H", "a "), ("T", "="), ("H", " b")],
                       [("H", "g"), ("T", "\\360"), ("H", "y"), ("T", "\\336")]])
    page = pymupdf.open(pdf)[0]
    raw = page.get_textpage(flags=TEXT_FLAGS).extractRAWDICT()
    made = glyph_repair.repair(page, raw)
    assert ("=" not in {claimed for _, claimed in made})
    assert {claimed for _, claimed in made} == {"ð", "Þ"}


def test_tex_math_and_dingbat_fonts_are_never_examined():
    raw = {"blocks": [{"type": 0, "lines": [{"spans": [
        {"font": "CMEX10", "text": "\x08"}, {"font": "ZapfDingbats", "text": "\x02"},
        {"font": "Wingdings2", "text": "þ"}, {"font": "AdvP4C4E74", "text": "ð"}]}]}]}
    assert glyph_repair.pi_fonts(raw) == {"AdvP4C4E74"}


def test_bitmaps_keep_thin_strokes_and_compare_shapes():
    bar = glyph_repair._references("−")
    plus = glyph_repair._references("+")
    paren = glyph_repair._references("(")
    assert bar and plus and paren
    assert max(glyph_repair.similarity(bar[0], p) for p in plus) < 0.6
    assert glyph_repair.similarity(bar[0], bar[0]) == pytest.approx(1.0)
    assert max(glyph_repair.similarity(paren[0], b) for b in bar) < 0.3
    # a 2-pixel-high bar still has ink after reduction to the grid
    width, height = 40, 10
    samples = bytes(0 if 4 <= y < 6 else 255 for y in range(height) for _ in range(width))
    bits, aspect = glyph_repair._bitmap(samples, width, height)
    assert bits and aspect == pytest.approx(20.0)


@pytest.mark.skipif(not Path(__file__).parents[2].joinpath(
    "shared/corpus/real/pymupdf_scirep_quantum_ions.pdf").exists(),
    reason="needs ../shared/corpus (the real-PDF corpus) next to the repo")
def test_a_journal_article_set_in_advent_pi_fonts():
    path = Path(__file__).parents[2] / "shared/corpus/real/pymupdf_scirep_quantum_ions.pdf"
    md = parse(path, {"ocr": {"mode": "never"}}).to_markdown()
    plain = md.replace("$", "").replace(" ", "")
    assert "\\Phi(x,y,z)=\\Phi_{\\mathrm{DC}}(x,y,z)+\\Phi_{\\mathrm{AC}}(x,y,z)" in plain
    assert "(1+\\gamma)x^{2}+(1-\\gamma)y^{2}-2z^{2}" in plain
    assert md.count("ð") <= 5 < 80          # was 80 'ð' for '('


def test_a_failing_repair_keeps_the_page_as_extracted(tmp_path, monkeypatch):
    from layoutpdf.extract import page as page_module

    def broken(page, rawdict):
        raise RuntimeError("renderer failed")
    monkeypatch.setattr(page_module, "repair", broken)
    pdf = pi_font_pdf(tmp_path / "lying.pdf", ["five", "one", "eth", "Thorn"], LYING)
    doc = parse(pdf)
    assert "W 5 A 1 B" in doc.to_markdown()           # as MuPDF read it: nothing lost
    assert not doc.issues


# -- paying for what is repaired ------------------------------------------------------------
REPEATED = [[("H", "W "), ("T", "5"), ("H", " A "), ("T", "1"), ("H", " B "), ("T", "5"),
             ("H", " C "), ("T", "1"), ("H", " D "), ("T", "5"), ("H", " E "), ("T", "1"),
             ("H", " F")],
            [("H", "f"), ("T", "\\360"), ("H", "x"), ("T", "\\336"), ("H", " g"), ("T", "\\360"),
             ("H", "y"), ("T", "\\336"), ("H", " h"), ("T", "\\360"), ("H", "z"), ("T", "\\336")]]


def test_glyph_reads_are_kept_across_the_pages_of_a_document(tmp_path, monkeypatch):
    """A character of a font read VOTES times on one page is not rendered again on the
    next page set in the same font object; both pages are repaired alike."""
    one = pi_font_pdf(tmp_path / "one.pdf", ["five", "one", "eth", "Thorn"], REPEATED)
    doc = pymupdf.open(one)
    doc.fullcopy_page(0)                      # page 2 uses the same font object
    doc.save(tmp_path / "two.pdf")
    reads = []
    original = glyph_repair._read_glyph

    def counting(drawing, bbox, claimed):
        reads.append(claimed)
        return original(drawing, bbox, claimed)
    monkeypatch.setattr(glyph_repair, "_read_glyph", counting)
    md_one = parse(one).to_markdown()
    first = len(reads)
    reads.clear()
    md_two = parse(tmp_path / "two.pdf").to_markdown()
    assert first == 4 * glyph_repair.VOTES           # four characters, three reads each
    assert len(reads) == first                        # the second page costs no reads
    plain = md_two.replace("$", "")
    assert plain.count("W = A + B = C + D = E + F") == 2, md_two
    assert "5" not in md_one and "5" not in md_two


def test_fonts_of_one_name_but_other_objects_are_read_afresh():
    """The identity of a font across pages is its name with its font objects; a name
    MuPDF cannot tie to an object is read on every page."""
    class FakePage:
        def get_fonts(self):
            return [(12, "cff", "Type1", "ABCDEF+AdvP4C4E74", "F1", ""),
                    (15, "cff", "Type1", "GHIJKL+AdvP4C4E74", "F2", "")]
    ids = glyph_repair._font_ids(FakePage(), {"AdvP4C4E74", "Type3 (11 0 R)", "Mystery"})
    assert ids["AdvP4C4E74"] == ("AdvP4C4E74", (12, 15))
    assert ids["Type3 (11 0 R)"] == ("Type3 (11 0 R)", ())
    assert "Mystery" not in ids


def test_reference_shapes_rendered_together_equal_each_rendered_alone():
    """The batch render of reference characters gives exactly the bitmap each character
    gets on a page of its own (what the shapes were first defined by)."""
    from layoutpdf.extract import glyph_shapes
    chars = "=+(∑ΩW5ðÞ►•"
    glyph_shapes.prepare(chars)
    for ch in chars:
        alone = []
        if ch in glyph_shapes.DRAWN:
            alone.append(_alone(lambda page: page.draw_polyline(
                glyph_shapes.DRAWN[ch], color=(0, 0, 0), fill=(0, 0, 0), closePath=True)))
        for name in glyph_shapes.REFERENCE_FONTS:
            font = pymupdf.Font(name)
            if font.has_glyph(ord(ch)):
                alone.append(_alone(lambda page: _write_alone(page, ch, font)))
        expected = tuple(s for s in alone if s is not None)
        assert expected, ch
        assert glyph_repair._references(ch) == expected, ch


def _write_alone(page, ch, font):
    writer = pymupdf.TextWriter(page.rect)
    writer.append((36, 100), ch, font=font, fontsize=48)
    writer.write_text(page)


def _alone(draw):
    doc = pymupdf.open()
    page = doc.new_page(width=144, height=144)
    draw(page)
    pix = page.get_pixmap(dpi=72, colorspace=pymupdf.csGRAY, alpha=False)
    return _plain_bitmap(pix.samples, pix.width, pix.height)


def _plain_bitmap(samples, width, height, grid=16):
    """The bitmap by its definition, pixel by pixel."""
    ink = [(x, y) for y in range(height) for x in range(width) if samples[y * width + x] < 128]
    if not ink:
        return None
    x0, x1 = min(x for x, _ in ink), max(x for x, _ in ink) + 1
    y0, y1 = min(y for _, y in ink), max(y for _, y in ink) + 1
    side = max(x1 - x0, y1 - y0)
    ox, oy = (side - (x1 - x0)) / 2 - x0, (side - (y1 - y0)) / 2 - y0
    scale = grid / side
    bits = 0
    for x, y in ink:
        bits |= 1 << (min(grid - 1, int((y + oy) * scale)) * grid + min(grid - 1, int((x + ox) * scale)))
    return bits, (x1 - x0) / (y1 - y0)


def test_fast_bitmaps_equal_the_definition():
    import random
    rnd = random.Random(7)
    for _ in range(150):
        w, h = rnd.randint(1, 60), rnd.randint(1, 60)
        density = rnd.random() ** 2
        samples = bytes(rnd.choice((0, 90, 127, 128, 200, 255)) if rnd.random() < density else 255
                        for _ in range(w * h))
        assert glyph_repair._bitmap(samples, w, h) == _plain_bitmap(samples, w, h), (w, h)
