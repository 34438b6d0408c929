"""The committed fixture PDFs are up to date, and agree with their truth files.

Only plain PyMuPDF is used here: these tests check the fixtures, not layoutpdf's engine.
Regenerate after changing the generators with

    python tests/fixtures/make_fixtures.py
    python tests/fixtures/make_sample.py
"""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
from pathlib import Path

import pytest

pymupdf = pytest.importorskip("pymupdf")

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
PDFS = FIXTURES / "pdfs"
SAMPLE = ROOT / "src" / "layoutpdf" / "data" / "sample.pdf"

NAMES = sorted(p.name[: -len(".truth.json")] for p in PDFS.glob("*.truth.json"))
EXPECTED = {
    "two_column", "three_column", "four_column", "unequal_columns", "sidebar", "figure_star",
    "watermark_diagonal", "watermark_tiled", "watermark_light_one_page", "watermark_cjk",
    "running_furniture", "footnotes", "equations", "lists", "rotated_page", "scanned_like",
    "table_ruled",
}
ROLES = {"title", "authors", "affiliation", "abstract", "heading", "paragraph", "caption",
         "figure", "table", "equation", "list_item", "masthead", "dateline", "standfirst"}
MAX_BYTES = 150_000


def truth(name: str) -> dict:
    return json.loads((PDFS / f"{name}.truth.json").read_text(encoding="utf-8"))


def open_pdf(name: str):
    return pymupdf.open(PDFS / f"{name}.pdf")


# --------------------------------------------------------------------------- freshness


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("fixtures")
    subprocess.run([sys.executable, str(FIXTURES / "make_fixtures.py"), "--out", str(out)],
                   check=True, cwd=ROOT)
    return out


def test_every_expected_fixture_is_committed():
    assert set(NAMES) == EXPECTED
    for name in NAMES:
        assert (PDFS / f"{name}.pdf").is_file()


def test_committed_fixtures_match_the_generator(regenerated):
    fresh = sorted(p.name for p in regenerated.iterdir())
    committed = sorted(p.name for p in PDFS.iterdir())
    assert fresh == committed, "fixture set changed: rerun tests/fixtures/make_fixtures.py"
    stale = [n for n in fresh if (regenerated / n).read_bytes() != (PDFS / n).read_bytes()]
    assert not stale, f"stale fixtures (rerun tests/fixtures/make_fixtures.py): {stale}"


def test_committed_sample_matches_its_generator(tmp_path):
    out = tmp_path / "sample.pdf"
    subprocess.run([sys.executable, str(FIXTURES / "make_sample.py"), "--out", str(out)],
                   check=True, cwd=ROOT)
    assert out.read_bytes() == SAMPLE.read_bytes(), "rerun tests/fixtures/make_sample.py"


@pytest.mark.parametrize("name", NAMES)
def test_fixture_is_small(name):
    assert (PDFS / f"{name}.pdf").stat().st_size < MAX_BYTES


# --------------------------------------------------------------------------- truth vs PDF


@pytest.mark.parametrize("name", NAMES)
def test_truth_schema(name):
    t = truth(name)
    assert t["schema_version"] == 1
    assert t["file"] == f"{name}.pdf"
    for key in ("blocks", "furniture", "footnotes", "figures", "tables", "equations",
                "inline_math", "lists", "columns", "pages"):
        assert isinstance(t[key], list), key
    assert t["page_count"] == len(t["pages"])
    for block in t["blocks"]:
        assert block["role"] in ROLES, block["role"]
        if block["role"] in ("paragraph", "abstract", "caption", "list_item"):
            assert block["text"] == " ".join(block["sentences"]) or name == "watermark_cjk"
            assert block["lines"], block["text"]
    sentences = [s for b in t["blocks"] for s in b.get("sentences", [])]
    assert len(sentences) == len(set(sentences)), "a sentence repeats within the fixture"


@pytest.mark.parametrize("name", NAMES)
def test_pages_match_truth(name):
    t = truth(name)
    with open_pdf(name) as doc:
        assert doc.page_count == t["page_count"]
        for page, rec in zip(doc, t["pages"]):
            assert page.rotation == rec["rotation"]
            assert page.rect.width == pytest.approx(rec["width"], abs=0.01)
            assert page.rect.height == pytest.approx(rec["height"], abs=0.01)
            assert bool(page.get_text().strip()) == rec["has_text_layer"]


def _normalise(text: str, cjk: bool) -> str:
    return re.sub(r"\s+", "" if cjk else " ", text).strip()


@pytest.mark.parametrize("name", [n for n in NAMES if n != "scanned_like"])
def test_every_truth_line_is_in_the_text_layer_of_its_page(name):
    cjk = name == "watermark_cjk"
    with open_pdf(name) as doc:
        pages = [_normalise(page.get_text(), cjk) for page in doc]
    for block in truth(name)["blocks"]:
        for line in block.get("lines", []):
            assert _normalise(line["text"], cjk) in pages[line["page"]], line


@pytest.mark.parametrize("name", NAMES)
def test_block_text_is_its_lines_joined(name):
    t = truth(name)
    joiner = "" if name == "watermark_cjk" else " "
    tokens = {f["anchor_token"]: f["anchor_token"][: -len(f["marker"])] for f in t["footnotes"]}
    for block in t["blocks"]:
        if "lines" not in block:
            continue
        hyphens = {h["after_line"] for h in block["hyphenated_words"]}
        text = ""
        for i, line in enumerate(block["lines"]):
            words = " ".join(tokens.get(w, w) for w in line["text"].split(" "))
            text += words[:-1] if i in hyphens else words + joiner
        assert text.strip() == block["text"]


def test_scanned_page_is_one_image_and_no_text():
    with open_pdf("scanned_like") as doc:
        page = doc[0]
        assert page.get_text().strip() == ""
        assert len(page.get_images()) == 1
        assert page.get_image_info()[0]["bbox"] == pytest.approx(tuple(page.rect), abs=0.5)


_CHARS: dict = {}


def _page_lines(page):
    """[(line rect, [(centre, char), ...])] of a page, cached per (file, page)."""
    key = (page.parent.name, page.number)
    if key not in _CHARS:
        out = []
        for block in page.get_text("rawdict")["blocks"]:
            for line in block.get("lines", []):
                chars = [(pymupdf.Rect(ch["bbox"]), ch["c"]) for s in line["spans"]
                         for ch in s["chars"]]
                out.append((pymupdf.Rect(line["bbox"]),
                            [(pymupdf.Point((r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2), c)
                             for r, c in chars]))
        _CHARS[key] = out
    return _CHARS[key]


def _text_in(page, bbox) -> str:
    """Characters whose centre lies inside ``bbox`` (get_text coordinates), in order."""
    rect = pymupdf.Rect(bbox)
    out = []
    for line_rect, chars in _page_lines(page):
        if line_rect.intersects(rect):
            out += [c for p, c in chars if rect.contains(p)]
            out.append(" ")
    return _normalise("".join(out), False)


def _spans(doc):
    for page in doc:
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                for span in line["spans"]:
                    yield page.number, line["dir"], span


@pytest.mark.parametrize("name", ["watermark_diagonal", "watermark_tiled",
                                  "watermark_light_one_page", "watermark_cjk"])
def test_watermarks_are_in_the_text_layer(name):
    t = truth(name)
    marks = [f for f in t["furniture"] if f["kind"] == "watermark"]
    assert marks
    with open_pdf(name) as doc:
        found = [(p, d, s) for p, d, s in _spans(doc) if s["text"].strip() == marks[0]["text"]]
    assert len(found) == len(marks)
    for (page, direction, span), mark in zip(found, marks):
        assert page == mark["page"]
        angle = round(-math.degrees(math.atan2(direction[1], direction[0])))
        assert angle == mark["angle"]
        grey = [((span["color"] >> s) & 255) / 255 for s in (16, 8, 0)]
        assert min(grey) > 0.5, "watermarks are light"
        assert span["size"] == pytest.approx(mark["size"], abs=0.01)


def test_diagonal_watermark_is_drawn_before_the_body():
    with open_pdf("watermark_diagonal") as doc:
        for page in doc:
            spans = [s for b in page.get_text("rawdict", sort=False)["blocks"]
                     for ln in b.get("lines", []) for s in ln["spans"]]
            text = "".join(c["c"] for c in spans[0]["chars"])
            assert text == "CONFIDENTIAL"


def test_light_draft_is_horizontal_and_pale():
    with open_pdf("watermark_light_one_page") as doc:
        spans = [s for _, d, s in _spans(doc) if s["text"] == "DRAFT"]
        (span,) = spans
        assert span["size"] >= 60
        assert ((span["color"] >> 16) & 255) / 255 > 0.8


@pytest.mark.parametrize("name", ["two_column", "running_furniture", "three_column"])
def test_running_furniture_is_on_every_page(name):
    t = truth(name)
    with open_pdf(name) as doc:
        for rec in t["furniture"]:
            page = doc[rec["page"]]
            assert _text_in(page, rec["bbox"]) == rec["text"]
    pages = {r["page"] for r in t["furniture"] if r["kind"] == "footer"}
    assert pages == set(range(t["page_count"]))


def test_running_report_title_also_appears_once_in_the_body():
    t = truth("running_furniture")
    (mention,) = t["body_mentions_of_furniture"]
    with open_pdf("running_furniture") as doc:
        body = _normalise(doc[mention["page"]].get_text(), False)
    assert body.count("Acme Corp \u2014 Internal Report") == 2  # header + body mention


def test_two_column_hyphenation_and_straddles():
    t = truth("two_column")
    cuts = [(c["kind"], c["hyphenated_word"]) for b in t["blocks"] for c in b.get("continues", [])
            if c["mid_sentence"]]
    assert ("page", "example") in cuts and ("column", None) in cuts
    with open_pdf("two_column") as doc:
        assert "exam-" in doc[0].get_text().split()
        assert doc[1].get_text().lstrip().startswith("Reading Order Recovery") or \
            "ple shows how" in doc[1].get_text()
        assert "state-of-the-art" in doc[0].get_text()


def test_footnote_markers_are_small_and_raised():
    t = truth("footnotes")
    with open_pdf("footnotes") as doc:
        spans = list(_spans(doc))
    for note in t["footnotes"]:
        marks = [s for p, _, s in spans if p == note["page"] and s["text"] == note["marker"]
                 and s["size"] < 8]
        assert len(marks) >= 1, note["marker"]  # in the body (and, on page 1, in the note)
    assert [n["marker"] for n in t["footnotes"] if n["page"] == 1] == ["1", "*", "\u2020"]


def test_footnote_separator_rules():
    with open_pdf("footnotes") as doc:
        for page in doc:
            rules = [d for d in page.get_drawings() if d["rect"].height < 1
                     and 100 < d["rect"].width < 200 and d["rect"].y0 > page.rect.height * 0.7]
            assert len(rules) == 1


def test_ruled_table_has_a_grid_and_caption_above():
    (table,) = truth("table_ruled")["tables"]
    with open_pdf("table_ruled") as doc:
        page = doc[0]
        lines = [d for d in page.get_drawings() if pymupdf.Rect(table["bbox"]).contains(d["rect"])]
        assert len(lines) == len(table["rows"]) + 1 + len(table["rows"][0]) + 1
        found = page.find_tables(strategy="lines").tables
        assert len(found) == 1
        header = [c.replace(" ", "") for c in found[0].extract()[0]]
        assert header == [c.replace(" ", "") for c in table["rows"][0]]
    assert table["caption_bbox"][3] <= table["bbox"][1]


def test_figures_exist_where_truth_says():
    figs = {f["id"]: f for f in truth("figure_star")["figures"]}
    with open_pdf("figure_star") as doc:
        page = doc[0]
        (img,) = page.get_image_info()
        assert img["bbox"] == pytest.approx(tuple(figs["fig2"]["bbox"]), abs=0.5)
        chart = pymupdf.Rect(figs["fig1"]["bbox"])
        assert sum(1 for d in page.get_drawings() if chart.contains(d["rect"])) > 20
        for label in figs["fig1"]["text_inside"]:
            assert label in page.get_text(clip=chart)


def test_equations_use_symbol_glyphs_and_scripts():
    with open_pdf("equations") as doc:
        spans = [s for _, _, s in _spans(doc)]
    assert any(s["font"] == "Symbol" and "\u2211" in s["text"] for s in spans)
    assert any(s["size"] < 9 and s["text"] == "2" for s in spans)
    with open_pdf("equations") as doc:
        text = doc[0].get_text()
    assert "(1)" in text and "(2)" in text


@pytest.mark.parametrize("name", ["two_column", "rotated_page", "footnotes", "sidebar"])
def test_truth_line_bboxes_hold_their_text(name):
    with open_pdf(name) as doc:
        for block in truth(name)["blocks"]:
            for line in block.get("lines", []):
                assert _text_in(doc[line["page"]], line["bbox"]) == line["text"]


def test_cjk_text_and_fonts():
    with open_pdf("watermark_cjk") as doc:
        text = doc[0].get_text()
        fonts = {f[3] for f in doc.get_page_fonts(0)}
    assert "第三季度工作报告" in text
    assert any("Droid" in f for f in fonts)


def test_sample_pdf_is_a_two_page_research_note():
    with pymupdf.open(SAMPLE) as doc:
        assert doc.page_count == 2
        text = " ".join(p.get_text() for p in doc)
        assert "Layout-Aware PDF Ingestion" in text
        assert "Figure 1:" in text and "(1)" in text and "SAMPLE" in text
        assert len(doc[0].get_drawings()) > 0 and SAMPLE.stat().st_size < MAX_BYTES
