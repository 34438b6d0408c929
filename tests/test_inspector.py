"""The HTML inspector without a browser: self-contained, one box per element, every binding drawn."""
from __future__ import annotations

import json
import re
from collections import Counter
from html.parser import HTMLParser

import pymupdf
import pytest

import layoutpdf
from layoutpdf import BBox, Document, Element, Equation, Figure, Footnote, Issue, Layer, Page, Role, Table
from layoutpdf.cli import main as cli_main
from layoutpdf.debug import inspect
from layoutpdf.debug.html import document_summary_html
from layoutpdf.model import Line, Region, Span

W, H = 612.0, 792.0


class Tags(HTMLParser):
    """Every start tag with its attributes, and the text of <script> blocks."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.scripts: list[tuple[dict, str]] = []
        self._script: dict | None = None

    def handle_starttag(self, tag, attrs):
        d = {k: (v or "") for k, v in attrs}
        self.tags.append((tag, d))
        if tag == "script":
            self._script = d
            self.scripts.append((d, ""))

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, {k: (v or "") for k, v in attrs}))

    def handle_endtag(self, tag):
        if tag == "script":
            self._script = None

    def handle_data(self, data):
        if self._script is not None:
            attrs, text = self.scripts[-1]
            self.scripts[-1] = (attrs, text + data)

    def having(self, **want) -> list[dict]:
        out = []
        for _, attrs in self.tags:
            if all((attrs.get(k.replace("_", "-")) == v) if v is not True else
                   (k.replace("_", "-") in attrs) for k, v in want.items()):
                out.append(attrs)
        return out

    def with_class(self, cls: str) -> list[dict]:
        return [a for _, a in self.tags if cls in a.get("class", "").split()]


def parse_html(text: str) -> Tags:
    p = Tags()
    p.feed(text)
    return p


def layout_data(tags: Tags) -> dict:
    (text,) = [t for a, t in tags.scripts if a.get("id") == "layout-data"]
    return json.loads(text)


@pytest.fixture(scope="module")
def pdf_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("inspector") / "two_pages.pdf"
    pdf = pymupdf.open()
    for n in range(2):
        page = pdf.new_page(width=W, height=H)
        page.insert_text((72, 100), f"Page {n + 1} heading", fontsize=14)
        page.insert_text((72, 130), "Body text with a note.", fontsize=10)
        page.draw_rect(pymupdf.Rect(72, 300, 300, 420), color=(0, 0, 0), fill=(0.8, 0.8, 0.9))
        page.insert_text((300, 770), str(n + 1), fontsize=9)
    pdf.save(str(path))
    pdf.close()
    return path


def el(eid, role, page, box, text="", layer=Layer.BODY, **kw) -> Element:
    return Element(id=eid, role=role, layer=layer, page=page, bbox=BBox(*box), text=text, **kw)


@pytest.fixture(scope="module")
def doc(pdf_path) -> Document:
    """Every kind of decision the report draws, on two pages."""
    marker = Span(id="p0-s9", text="1", bbox=BBox(200, 122, 204, 128), font="Times", size=6,
                  flags=1, color=0, alpha=255, origin=(200, 127))
    line = Line.build("p0-l3", 0, (marker,))
    pages = (Page(index=0, width=W, height=H, lines=(line,),
                  columns=(BBox(72, 90, 300, 720), BBox(312, 90, 540, 720))),
             Page(index=1, width=W, height=H, columns=(BBox(72, 90, 540, 720),)))
    elements = (
        el("p0-title", Role.TITLE, 0, (72, 86, 300, 104), "Page 1 heading"),
        el("p0-para", Role.PARAGRAPH, 0, (72, 120, 300, 290), "Body text with a note. <script>alert(1)</script>",
           continuation=(Region(1, BBox(72, 120, 300, 140)),)),
        el("p0-fig", Role.FIGURE, 0, (72, 300, 300, 420), reasons=("drawing",)),
        el("p0-cap", Role.CAPTION, 0, (72, 425, 300, 440), "Figure 1. A box."),
        el("p0-eq", Role.EQUATION, 0, (72, 460, 300, 480), "E = mc^2"),
        el("p0-note", Role.FOOTNOTE, 0, (72, 690, 300, 710), "1 The note."),
        el("p0-num", Role.PAGE_NUMBER, 0, (300, 760, 310, 772), "1", layer=Layer.FURNITURE,
           reasons=("repeated page number",)),
        el("p0-wm", Role.WATERMARK, 0, (100, 500, 500, 560), "DRAFT", layer=Layer.BACKGROUND),
        el("p1-head", Role.HEADING, 1, (72, 86, 300, 104), "Page 2 heading", level=1),
        el("p1-tab", Role.TABLE, 1, (72, 300, 300, 420), "a | b"),
        el("p1-cap", Role.CAPTION, 1, (72, 280, 300, 295), "Table 1. Numbers."),
        el("p1-note", Role.FOOTNOTE, 1, (72, 690, 300, 710), "* An orphan note."),
        el("p1-num", Role.PAGE_NUMBER, 1, (300, 760, 310, 772), "2", layer=Layer.FURNITURE),
    )
    return Document(
        source=str(pdf_path), pages=pages, elements=elements,
        figures=(Figure(id="p0-fig1", page=0, bbox=BBox(72, 300, 300, 420), label="Figure 1",
                        caption="Figure 1. A box.", caption_bbox=BBox(72, 425, 300, 440),
                        caption_element_id="p0-cap", element_id="p0-fig", score=0.93,
                        reasons=("caption below the figure", "gap 0.5 lines")),),
        tables=(Table(id="p1-table1", page=1, bbox=BBox(72, 300, 300, 420), rows=(("a", "b"),),
                      caption="Table 1. Numbers.", caption_element_id="p1-cap", element_id="p1-tab",
                      score=0.41, reasons=("aligned text",), needs_review=True),),
        footnotes=(Footnote(id="1", marker="1", text="The note.", page=0, bbox=BBox(72, 690, 300, 710),
                            element_id="p0-note", anchor_element_id="p0-para", anchor_offset=21,
                            anchor_span_id="p0-s9", score=1.0, reasons=("raised marker matches",)),
                   Footnote(id="p1-*", marker="*", text="An orphan note.", page=1,
                            bbox=BBox(72, 690, 300, 710), element_id="p1-note", score=0.0,
                            reasons=("no anchor found",), needs_review=True)),
        equations=(Equation(id="eq1", latex=r"E = mc^{2}", display=True, page=0,
                            bbox=BBox(72, 460, 300, 480), element_id="p0-eq", tag="1"),
                   Equation(id="eq2", latex=r"\alpha < \beta", display=False, page=0,
                            bbox=BBox(150, 130, 170, 140), confidence="low",
                            reasons=("unknown glyph",))),
        issues=(Issue("tables", 1, "stage_failed", "ValueError: boom"),
                Issue("extract", None, "repaired", "the file was repaired")),
    )


@pytest.fixture(scope="module")
def report(doc) -> str:
    return inspect(doc)


@pytest.fixture(scope="module")
def tags(report) -> Tags:
    return parse_html(report)


def test_report_is_self_contained(report, tags):
    for tag, attrs in tags.tags:
        for name in ("src", "href", "xlink:href", "data", "action", "poster"):
            value = attrs.get(name)
            if value is not None:
                assert value.startswith(("data:", "#")), f"<{tag} {name}={value[:60]!r}> is not inline"
        assert not (tag == "link" and "stylesheet" in attrs.get("rel", "")), "external stylesheet"
        assert not (tag == "script" and "src" in attrs), "external script"
    assert not re.search(r"""(?:src|href)\s*=\s*["']?\s*(?:https?:)?//""", report, re.I)
    assert not re.search(r"@import|url\(\s*['\"]?(?:https?:)?//", report, re.I)
    imgs = [a for t, a in tags.tags if t == "img"]
    assert len(imgs) == 2 and all(a["src"].startswith("data:image/") for a in imgs)


def test_one_box_per_element_by_role(doc, tags):
    boxes = Counter(a["data-role"] for a in tags.having(data_role=True))
    assert boxes == Counter(e.role.value for e in doc.elements)
    assert len(tags.with_class("el")) == len(doc.elements)
    for e in doc.elements:
        (box,) = [a for a in tags.with_class("el") if a["data-id"] == e.id]
        assert box["data-page"] == str(e.page) and box["data-layer"] == e.layer.value
        assert box["tabindex"] == "0"
    parts = tags.with_class("el-part")
    assert [(a["data-id"], a["data-page"]) for a in parts] == [("p0-para", "1")]


def test_bindings_are_drawn_as_links(doc, tags):
    links = tags.with_class("link")
    assert {(a["data-kind"], a["data-from"], a["data-to"]) for a in links} == {
        ("caption", "p0-cap", "p0-fig1"), ("caption", "p1-cap", "p1-table1"),
        ("footnote", "p0-para", "1")}
    binds = {(a["data-kind"], a["data-id"]): a for a in tags.with_class("bind")}
    assert binds[("figure", "p0-fig1")]["data-needs-review"] == "false"
    assert binds[("table", "p1-table1")]["data-needs-review"] == "true"
    assert binds[("footnote", "p1-*")]["data-needs-review"] == "true"   # drawn, but no link
    assert len(tags.with_class("marker")) == 1                          # the raised "1"


def test_scores_reasons_and_review_are_in_the_data(doc, tags):
    items = layout_data(tags)["items"]
    fig = items["figure:p0-fig1"]
    assert fig["score"] == pytest.approx(0.93) and fig["reasons"] == ["caption below the figure", "gap 0.5 lines"]
    assert fig["caption"] == "Figure 1. A box." and fig["needs_review"] is False
    assert "figure:p0-fig1" in items["element:p0-fig"]["bindings"]
    assert "figure:p0-fig1" in items["element:p0-cap"]["bindings"]
    note = items["footnote:1"]
    assert note["anchor_element_id"] == "p0-para" and "⟨mark⟩" in note["anchor_context"]
    assert items["equation:eq2"]["needs_review"] is True
    assert {k.split(":")[0] for k in items} == {"element", "figure", "table", "footnote", "equation"}
    assert len([k for k in items if k.startswith("element:")]) == len(doc.elements)


def test_side_panel_lists_issues_and_review_items_with_page_links(report, tags):
    review = [a for _, a in tags.tags if a.get("data-select")]
    targets = {a["data-select"]: a["href"] for a in review}
    assert targets == {"table:p1-table1": "#page-2", "footnote:p1-*": "#page-2",
                       "equation:eq2": "#page-1"}
    assert "stage_failed" in report and "ValueError: boom" in report and "repaired" in report
    assert [a["href"] for a in tags.having(data_goto="1") if a.get("href")][:1] == ["#page-2"]
    assert {a["id"] for _, a in tags.tags if a.get("class") == "page"} == {"page-1", "page-2"}


def test_equations_show_their_latex(tags, report):
    eqs = {a["data-id"]: a for a in tags.with_class("eq")}
    assert eqs["eq1"]["data-display"] == "true" and eqs["eq2"]["data-confidence"] == "low"
    assert "E = mc^{2}" in report and r"\alpha &lt; \beta" in report
    assert {a["data-for"] for a in tags.with_class("latex")} == {"eq1", "eq2"}


def test_text_from_the_pdf_is_escaped(report, tags):
    assert "<script>alert(1)</script>" not in report
    assert layout_data(tags)["items"]["element:p0-para"]["text"].endswith("<script>alert(1)</script>")
    scripts = [t for t, _ in tags.tags if t == "script"]
    assert len(scripts) in (2, 3)  # the data, KaTeX when vendored, the inspector


def test_katex_is_inlined_only_where_it_helps(doc, report):
    from layoutpdf.debug.html import _asset
    try:
        _asset("katex/katex.min.js")
    except FileNotFoundError:
        pytest.skip("KaTeX not vendored (src/layoutpdf/debug/assets/vendor_katex.py)")
    assert "katex.render" in report and "data:font/woff2;base64," in report
    assert "data:font/woff2" not in inspect(doc, pages=[1], katex=False, image_format="png")
    no_math = doc.with_(equations=())
    plain = inspect(no_math, pages=[1], image_format="png")
    assert "data:font/woff2" not in plain and len(plain) < len(report) - 400_000


def test_page_subset(doc):
    tags = parse_html(inspect(doc, pages=[1]))
    assert Counter(a["data-role"] for a in tags.having(data_role=True)) == \
        Counter(e.role.value for e in doc.elements if e.page == 1)
    assert [a["data-id"] for a in tags.with_class("el-part")] == ["p0-para"]  # continued onto p. 2
    assert {a["id"] for _, a in tags.tags if a.get("class") == "page"} == {"page-2"}
    with pytest.raises(ValueError, match="page index 5"):
        inspect(doc, pages=[5])


def test_missing_source_still_gives_the_overlay(doc, tmp_path):
    gone = doc.with_(source=str(tmp_path / "gone.pdf"))
    text = inspect(gone)
    tags = parse_html(text)
    assert not [t for t, _ in tags.tags if t == "img"]
    assert len(tags.having(data_role=True)) == len(doc.elements)
    assert text.count("no_page_image") == 2 and "noimage" in text


def test_jpeg_and_png_pages(doc):
    assert 'src="data:image/png;base64,' in inspect(doc, pages=[0], image_format="png")
    pytest.importorskip("PIL")
    assert 'src="data:image/jpeg;base64,' in inspect(doc, pages=[0], image_format="jpeg", dpi=50)


def test_summary_for_jupyter(doc, tmp_path):
    text = doc._repr_html_()
    assert text == document_summary_html(doc)
    assert "13 (" in text and "1 figures" in text and "need review" in text and "stage_failed" in text
    assert 'href="data:image/' in text and text.count("<rect ") >= 8
    assert 'data-role="title"' in text
    bare = document_summary_html(doc.with_(source=str(tmp_path / "gone.pdf")))
    assert "data:image" not in bare and "layoutpdf Document" in bare
    assert "layoutpdf Document" in Document()._repr_html_()


def test_parsed_document_end_to_end(pdf_path):
    parsed = layoutpdf.parse(pdf_path)
    tags = parse_html(inspect(parsed))
    assert Counter(a["data-role"] for a in tags.having(data_role=True)) == \
        Counter(e.role.value for e in parsed.elements)
    assert len(layout_data(tags)["pages"]) == 2


def test_cli_writes_the_report(pdf_path, tmp_path, capsys):
    out = tmp_path / "report.html"
    assert cli_main(["inspect", str(pdf_path), "-o", str(out), "--pages", "2"]) == 0
    text = out.read_text(encoding="utf-8")
    assert 'id="page-2"' in text and 'id="page-1"' not in text
    assert "wrote" in capsys.readouterr().out
    png_dir = tmp_path / "png"
    assert cli_main(["inspect", str(pdf_path), "--png", str(png_dir)]) == 0
    assert sorted(p.name for p in png_dir.iterdir()) == ["two_pages-p1.png", "two_pages-p2.png"]
    assert cli_main(["inspect", str(pdf_path)]) == 2
