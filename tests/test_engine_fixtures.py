"""The core engine on the generated fixture PDFs, checked against their ground truth.

Fixtures and truth come from tests/fixtures/make_fixtures.py (see its README). Every
sentence pair inside a paragraph must come out contiguous (also across column and page
breaks), paragraphs in reading order, furniture out of the Markdown, headings and list
items typed, hyphenation undone only where the line broke a word.
"""
from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest

import layoutpdf
from layoutpdf import Layer, Role

PDFS = Path(__file__).parent / "fixtures" / "pdfs"
LAYOUT_FIXTURES = ["two_column", "three_column", "four_column", "unequal_columns", "sidebar",
                   "running_furniture", "watermark_diagonal", "watermark_tiled",
                   "watermark_light_one_page", "figure_star", "lists", "footnotes", "table_ruled"]


def norm(s: str) -> str:
    """As the fidelity benchmark normalises: case, Markdown marks and punctuation folded."""
    s = unicodedata.normalize("NFKC", s or "").lower()
    s = re.sub(r"(?<=\w)-\s*\n\s*(?=\w)", "", s)
    s = re.sub(r"[*_#>`\[\]^$|\\]", " ", s)
    return re.sub(r"[\W_]+", " ", s).strip()


def load(name: str):
    truth = json.loads((PDFS / f"{name}.truth.json").read_text(encoding="utf-8"))
    doc = layoutpdf.parse(PDFS / f"{name}.pdf")
    return truth, doc


@pytest.fixture(scope="module")
def parsed():
    cache: dict[str, tuple] = {}

    def get(name: str):
        if name not in cache:
            cache[name] = load(name)
        return cache[name]
    return get


def _pairs(truth):
    for b in truth["blocks"]:
        sents = b.get("sentences") or []
        for a, c in zip(sents, sents[1:]):
            yield b, a, c


def _footnote_markers(truth) -> set[str]:
    return {norm(f["marker"]) for f in truth["footnotes"]}


@pytest.mark.parametrize("name", LAYOUT_FIXTURES)
def test_every_sentence_pair_is_contiguous(parsed, name):
    truth, doc = parsed(name)
    # anchors are checked on their own below; here only the prose must be contiguous
    out = norm(re.sub(r"\[\^[^\]\s]+\]", "", doc.to_markdown()))
    markers = _footnote_markers(truth)
    broken = []
    for block, a, b in _pairs(truth):
        na, nb = norm(a), norm(b)
        ok = f"{na} {nb}" in out or any(f"{na} {m} {nb}" in out for m in markers)
        if not ok:
            broken.append((a[-40:], b[:40]))
    assert not broken, f"{len(broken)} broken pairs, e.g. {broken[:3]}"


@pytest.mark.parametrize("name", LAYOUT_FIXTURES)
def test_paragraphs_in_reading_order(parsed, name):
    truth, doc = parsed(name)
    out = norm(doc.to_markdown())
    positions = []
    for b in truth["blocks"]:
        if b["role"] in ("paragraph", "abstract") and b.get("sentences"):
            k = out.find(norm(b["sentences"][0]))
            assert k >= 0, f"paragraph missing: {b['sentences'][0][:50]}"
            positions.append(k)
    assert positions == sorted(positions)


@pytest.mark.parametrize("name", [n for n in LAYOUT_FIXTURES])
def test_furniture_never_reaches_the_markdown(parsed, name):
    truth, doc = parsed(name)
    md = doc.to_markdown()
    out = norm(md)
    body = norm(" ".join(s for b in truth["blocks"] for s in (b.get("sentences") or [b.get("text", "")])))
    for f in truth["furniture"]:
        text = norm(f["text"])
        if f["kind"] == "watermark":
            assert text not in out, f"watermark {f['text']!r} leaked"
        elif len(text.split()) >= 2 or not text.isdigit():
            assert out.count(text) <= body.count(text), f"running text {f['text']!r} leaked"
    for line in md.splitlines():   # page numbers never stand alone on a line
        assert not re.fullmatch(r"\s*(page\s*)?\d{1,3}(\s*of\s*\d+)?\s*", line, re.I), line


@pytest.mark.parametrize("name", ["watermark_diagonal", "watermark_tiled", "watermark_light_one_page"])
def test_watermarks_are_kept_on_the_background_layer(parsed, name):
    truth, doc = parsed(name)
    marks = [e for e in doc.elements if e.role is Role.WATERMARK]
    assert marks and all(e.layer is Layer.BACKGROUND for e in marks)
    wanted = {norm(f["text"]) for f in truth["furniture"] if f["kind"] == "watermark"}
    assert {norm(e.text) for e in marks} >= wanted
    shown = doc.to_markdown(layers=(Layer.BODY, Layer.BACKGROUND))
    assert norm(next(iter(wanted))) in norm(shown)   # relabelled, not deleted


def test_running_headers_and_page_numbers_are_furniture(parsed):
    truth, doc = parsed("running_furniture")
    furniture = [e for e in doc.elements if e.layer is Layer.FURNITURE]
    headers = [e for e in furniture if "acme corp" in e.text.lower()]
    assert len(headers) == truth["page_count"]
    footers = [e for e in furniture if re.fullmatch(r"Page \d of \d", e.text)]
    assert len(footers) == truth["page_count"]
    # the one legitimate mention of the title in the body stays in the text
    body = norm(doc.to_markdown())
    assert body.count(norm("Acme Corp")) >= 1


@pytest.mark.parametrize("name", ["two_column", "three_column", "four_column"])
def test_column_count_per_page(parsed, name):
    truth, doc = parsed(name)
    for page in doc.pages:
        # columns that hold text on this page (a column may stay empty)
        used = {ln["column"] for b in truth["blocks"] for ln in b.get("lines") or []
                if ln["page"] == page.index and ln.get("column") in
                {c["label"] for c in truth["columns"] if c["page"] == page.index}}
        if used:
            assert len(page.columns) == len(used), f"page {page.index}: {page.columns}"


def test_headings_keep_their_levels(parsed):
    truth, doc = parsed("two_column")
    md = doc.to_markdown()
    title = next(b for b in truth["blocks"] if b["role"] == "title")
    assert f"# {title['text']}" in md.splitlines()
    levels = {}
    for b in truth["blocks"]:
        if b["role"] == "heading" and b.get("level"):
            line = next((ln for ln in md.splitlines() if ln.lstrip("#").strip() == b["text"]), None)
            assert line is not None and line.startswith("#"), b["text"]
            levels.setdefault(b["level"], set()).add(len(line) - len(line.lstrip("#")))
    # one Markdown depth per truth level, deeper for deeper sections
    assert all(len(v) == 1 for v in levels.values())
    depths = [next(iter(levels[k])) for k in sorted(levels)]
    assert depths == sorted(depths) and len(set(depths)) == len(depths)


def test_hyphenation_joined_only_at_line_breaks(parsed):
    truth, doc = parsed("two_column")
    text = doc.to_markdown()
    hyphenated = [w for b in truth["blocks"] for w in b.get("hyphenated_words") or []]
    for block in truth["blocks"]:
        for cont in block.get("continues") or []:
            if cont.get("hyphenated_word"):
                hyphenated.append(cont["hyphenated_word"])
    hyphenated = [w["word"] if isinstance(w, dict) else w for w in hyphenated]
    assert hyphenated, "fixture should break a word at a line end"
    for word in hyphenated:
        assert re.search(rf"\b{re.escape(word)}\b", text), word
    assert "state-of-the-art" in text


def test_list_items_are_typed_and_rendered(parsed):
    truth, doc = parsed("lists")
    md_lines = doc.to_markdown().splitlines()
    items = [e for e in doc.elements if e.role is Role.LIST_ITEM]
    n_items = sum(len(lst["items"]) for lst in truth["lists"])
    assert len(items) == n_items
    for lst in truth["lists"]:
        for item in lst["items"]:
            prefix = "- " if lst["type"] == "bullet" else item["marker"] + " "
            first_words = item["text"][:30]
            assert any(ln.startswith(prefix) and first_words in ln for ln in md_lines), item["text"]


def test_footnotes_follow_their_anchor_paragraph(parsed):
    truth, doc = parsed("footnotes")
    md = doc.to_markdown()
    assert len(doc.footnotes) == len(truth["footnotes"])
    for fn in truth["footnotes"]:
        ours = next(f for f in doc.footnotes if norm(f.text) == norm(fn["text"]))
        assert ours.anchor_element_id is not None, fn["text"]
        definition = f"[^{ours.id}]: "
        anchor = f"[^{ours.id}]"
        d, a = md.find(definition), md.find(anchor)
        assert 0 <= a < d
        # the anchor stands where the mark stood, inside its sentence
        assert norm(md[:a]).endswith(norm(fn["anchor_after"])), fn["anchor_after"]
        # and the definition follows the end of that paragraph, before any other paragraph
        paragraph_end = md.find("\n\n", a)
        assert re.fullmatch(r"(\n\n\[\^[^\]]+\]: [^\n]*)*\n\n", md[paragraph_end:d]), \
            "definition not right after its paragraph"
    ids = [f.id for f in doc.footnotes]
    assert len(ids) == len(set(ids)), "footnote ids are unique per document"


def test_figures_found_with_captions(parsed):
    truth, doc = parsed("figure_star")
    for fig in truth["figures"]:
        caption = norm(fig["caption"])
        match = [f for f in doc.figures if f.page == fig["page"] and f.caption
                 and norm(f.caption) in caption + " " or caption.endswith(norm(f.caption or "x"))]
        assert match, fig["caption"][:40]
        box = layoutpdf.BBox.of(fig["bbox"])
        assert max(f.bbox.iou(box) for f in match) >= 0.5
        # tick labels live on the figure, not in the prose
    prose = " ".join(e.text for e in doc.elements if e.role is Role.PARAGRAPH)
    assert "Score (%)" not in prose


def test_json_round_trip_is_lossless(parsed):
    _, doc = parsed("two_column")
    data = json.loads(json.dumps(doc.to_dict()))
    again = layoutpdf.Document.from_dict(data)
    assert again == doc
    assert again.to_markdown() == doc.to_markdown()


def test_scanned_page_is_never_silently_empty(parsed):
    truth, doc = parsed("scanned_like")
    text = doc.to_markdown().strip()
    assert text or any(i.code in ("no_text_layer", "ocr_unavailable") for i in doc.issues)


def test_parse_accepts_bytes_and_file_objects():
    path = PDFS / "lists.pdf"
    a = layoutpdf.parse(path).to_markdown()
    b = layoutpdf.parse(path.read_bytes()).to_markdown()
    with open(path, "rb") as fh:
        c = layoutpdf.parse(fh).to_markdown()
    assert a == b == c and a


def test_pages_argument_selects_pages():
    doc = layoutpdf.parse(PDFS / "running_furniture.pdf", pages=[1, 3])
    assert [p.index for p in doc.pages] == [1, 3]
    assert {e.page for e in doc.elements} <= {1, 3}


def test_elements_carry_ids_roles_layers_and_boxes(parsed):
    _, doc = parsed("two_column")
    assert doc.metadata["page_count"] == 2
    ids = [e.id for e in doc.elements]
    assert len(ids) == len(set(ids))
    page = doc.pages[0]
    for e in doc.elements:
        assert isinstance(e.role, Role) and isinstance(e.layer, Layer)
        assert 0 <= e.bbox.x0 <= e.bbox.x1 <= page.width + 1
        assert 0 <= e.bbox.y0 <= e.bbox.y1 <= page.height + 1
