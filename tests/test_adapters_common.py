"""Framework-free helpers of the adapters, and the two-page PDF the adapter tests share."""
import json
import subprocess
import sys

import pymupdf
import pytest

import layoutpdf
from layoutpdf.adapters._chunks import HeadingCarry, decode_headings, encode_headings, headings_at_start, split_text, view_offsets
from layoutpdf.adapters._figures import figure_refs, mentions_figure
from layoutpdf.adapters._metadata import issue_count, part_metadata, pdf_info
from layoutpdf.adapters._pages import PageText, check_mode, parts_of
from layoutpdf.adapters._provenance import decode_provenance, encode_provenance, enrich, unit_spans
from layoutpdf.model import BBox, Unit, UnitKind
from layoutpdf.render.markdown import render_units
from layoutpdf.settings import plain
from layoutpdf.split import Splitter, units_from_markdown

LOREM = ("The quick brown fox jumps over the lazy dog while the committee reviews "
         "the annual budget report and considers several alternative proposals. ")
STITCH = "and the method continues here"     # a paragraph cut by the page break


def make_sample_pdf(path):
    """Two pages: title, paragraphs, a section whose last paragraph runs onto page 2."""
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 72), "Introduction", fontsize=16, fontname="hebo")
    y = 102
    for k in range(3):
        p.insert_textbox(pymupdf.Rect(72, y, 540, y + 90),
                         f"Paragraph {k} about zebras number {k}. " + LOREM * 3,
                         fontsize=10, fontname="tiro")
        y += 100
    p.insert_text((72, y), "Methods", fontsize=16, fontname="hebo")
    box = pymupdf.Rect(72, y + 30, 540, 740)
    for n in range(30, 0, -1):   # fill the box to the bottom, ending mid-sentence
        text = "The method section explains quantum pineapples. " + LOREM * n + "and the method"
        if p.insert_textbox(box, text, fontsize=10, fontname="tiro") >= 0:
            break
    p2 = doc.new_page(width=612, height=792)
    p2.insert_textbox(pymupdf.Rect(72, 72, 540, 200),
                      "continues here with more words about pineapples and ends. " + LOREM * 2,
                      fontsize=10, fontname="tiro")
    p2.insert_text((72, 230), "Results", fontsize=16, fontname="hebo")
    p2.insert_textbox(pymupdf.Rect(72, 250, 540, 400),
                      "The results show that the marmalade index rose sharply. " + LOREM * 3,
                      fontsize=10, fontname="tiro")
    doc.set_metadata({"title": "Sample Doc", "author": "Tester",
                      "creationDate": "D:20240301090000+00'00'"})
    doc.save(str(path))
    doc.close()
    return path


@pytest.fixture(scope="module")
def sample_pdf(tmp_path_factory):
    return make_sample_pdf(tmp_path_factory.mktemp("adapters") / "sample.pdf")


def test_sample_pdf_has_a_paragraph_joined_across_the_page_break(sample_pdf):
    units = render_units(layoutpdf.parse(sample_pdf))
    joined = [u for u in units if STITCH in u.text]
    assert len(joined) == 1 and joined[0].pages == (0, 1)


def test_page_parts_hold_the_text_printed_on_each_page(sample_pdf):
    doc = layoutpdf.parse(sample_pdf)
    parts = parts_of(doc, "page")
    assert [p.page for p in parts] == [0, 1]
    # the paragraph cut by the page break: its head on page 0, its tail on page 1
    assert parts[0].text.endswith("and the method")
    assert parts[1].text.startswith("continues here with more words")
    # the split view keeps it one unit, on the page where it starts
    assert STITCH in parts[0].view() and STITCH not in parts[1].view()
    assert "\n\n".join(p.view() for p in parts) == doc.to_markdown()
    for p in parts:
        assert p.view() == "\n\n".join(u.text for u in p.units)
    single = parts_of(doc, "single")
    assert len(single) == 1 and single[0].text == doc.to_markdown() and single[0].page is None
    (joined,) = parts_of(doc, "single", pages_delimiter="\n\f")
    assert joined.text == "\n\f".join(p.text for p in parts)
    assert joined.view() == doc.to_markdown()


def test_view_offsets_map_back_to_the_page_text(sample_pdf):
    doc = layoutpdf.parse(sample_pdf)
    page0 = parts_of(doc, "page")[0]
    view = page0.view()
    tail = page0.segments[-1][2]
    assert tail.startswith(" continues here") and view.endswith(tail)
    chunks = split_text(view, Splitter(chunk_size=60))
    inside = 0
    for ch in chunks:
        start, end = view_offsets(ch, view, page0.segments)
        assert 0 <= start <= end <= len(page0.text)
        if ch.end <= len(view) - len(tail):     # wholly printed on page 0: an exact slice
            assert page0.text[start:end] == ch.text
            inside += 1
        elif ch.start >= len(view) - len(tail):  # printed on page 1: at the end of page 0
            assert start == end == len(page0.text)
    assert 0 < inside < len(chunks)


def make_pages_pdf(path, pages):
    """One page per entry: a list of (y, text) lines, or [] for an empty page."""
    doc = pymupdf.open()
    for lines in pages:
        p = doc.new_page(width=595, height=842)
        for y, text in lines:
            p.insert_text((72, y), text, fontsize=11, fontname="helv")
    doc.save(str(path))
    doc.close()
    return path


def test_every_page_gets_a_part_empty_and_furniture_only_pages_too(tmp_path):
    body = [(120 + 16 * k, f"Body line {k} of a paragraph that says something.") for k in range(6)]
    pdf = make_pages_pdf(tmp_path / "p.pdf", [
        [(40, "Running Title")] + body, [], [(40, "Running Title")] + body,
        [(40, "Running Title")], [(40, "Running Title")] + body])
    doc = layoutpdf.parse(pdf)
    parts = parts_of(doc, "page")
    assert [p.page for p in parts] == [0, 1, 2, 3, 4]
    assert parts[1].text == "" and parts[1].view() == ""
    assert "Running Title" not in parts[0].text        # still a running header where body is
    assert parts[3].text == ""                         # alone, it is still the running header


def test_a_line_that_repeats_only_on_pages_without_other_text_is_body(tmp_path):
    """'Page 1 Content' / 'Page 2 Content': the same line, digits masked, at the top of
    every page and nothing else; it accompanies no body, so it is the body."""
    pdf = make_pages_pdf(tmp_path / "p.pdf", [[(40, "Page 1 Content")], [(40, "Page 2 Content")],
                                              [(40, "Contents, continued: Index 99")]])
    doc = layoutpdf.parse(pdf)
    assert [p.text for p in parts_of(doc, "page")] == \
        ["Page 1 Content", "Page 2 Content", "Contents, continued: Index 99"]
    assert not doc.issues


def test_a_document_whose_text_gave_no_body_says_so(tmp_path):
    pdf = make_pages_pdf(tmp_path / "p.pdf", [[(820, "1")], [(820, "2")], [(820, "3")]])
    doc = layoutpdf.parse(pdf)          # page numbers only: furniture, and said
    assert not doc.to_markdown().strip()
    assert [i.code for i in doc.issues] == ["empty_body"]
    assert all(issue_count(doc, p.index) == 1 for p in doc.pages)


def test_part_metadata_is_flat(sample_pdf):
    doc = layoutpdf.parse(sample_pdf)
    part = parts_of(doc, "page")[1]
    meta = part_metadata(doc, part)
    assert meta == {"page": 1, "page_label": "2", "total_pages": 2, "layoutpdf_issues": 0,
                    "text_source": "native"}
    info = pdf_info(doc)
    assert info["title"] == "Sample Doc" and info["author"] == "Tester"
    assert info["creationdate"] == "2024-03-01T09:00:00+00:00"
    assert all(v is None or isinstance(v, (str, int, float)) for v in info.values())


def test_provenance_round_trip_and_enrichment():
    units = [Unit(UnitKind.HEADING, "# Title", ("e1",), (0,), ((0, BBox(1, 2, 3, 4)),), 1),
             Unit(UnitKind.PARAGRAPH, "Body text [^1].", ("e2",), (0, 1),
                  ((0, BBox(5, 6, 7, 8)), (1, BBox(9, 10, 11, 12))), footnote_ids=("fn1",)),
             Unit(UnitKind.FOOTNOTE, "[^1]: The note.", ("e3",), (1,), ((1, BBox(0, 0, 1, 1)),))]
    text = "\n\n".join(u.text for u in units)
    encoded = encode_provenance(units)
    assert len(encoded) < 400 and json.loads(encoded)["n"] == len(text)
    prov = decode_provenance(encoded, text)
    assert [(p.start, p.end) for p in prov] == unit_spans(units)
    parsed = units_from_markdown(text)          # the definition joins its anchoring paragraph
    assert len(parsed) == 2
    rich = enrich(parsed, prov)
    assert rich[0].element_ids == ("e1",)
    assert rich[1].element_ids == ("e2", "e3") and rich[1].pages == (0, 1)
    assert rich[1].footnote_ids == ("fn1",)
    assert decode_provenance(encoded, text + "changed") is None      # stale: ignored
    assert decode_provenance("not json", text) is None


def test_split_text_carries_headings_from_the_previous_page():
    splitter = Splitter(chunk_size=12)
    carry = HeadingCarry()
    split_text("# Paper\n\n## Methods\n\nWe did things.", splitter, carry=carry, key="f", page=0)
    page1 = split_text("More method text, in a sentence of some length.\n\n### Detail\n\n"
                         "Details go here.", splitter, carry=carry, key="f", page=1)
    assert len(page1) == 2
    assert page1[0].heading_path == ("Paper", "Methods")
    assert page1[-1].heading_path == ("Paper", "Methods", "Detail")
    other = split_text("Unrelated.", splitter, carry=carry, key="g", page=2)
    assert other[0].heading_path == ()


def test_headings_at_start_seed_a_page_like_the_carry():
    splitter = Splitter(chunk_size=12)
    texts = ["# Paper\n\n## Methods\n\nWe did things.",
             "More method text, in a sentence of some length.\n\n### Detail\n\nDetails go here.",
             "## Results\n\nIt worked."]
    parts = [PageText(k, t, ()) for k, t in enumerate(texts)]
    starts = headings_at_start(parts)
    assert starts == [[], [(1, "Paper"), (2, "Methods")], [(1, "Paper"), (2, "Methods"), (3, "Detail")]]
    carry = HeadingCarry()
    carried = [split_text(t, splitter, carry=carry, key="f", page=k) for k, t in enumerate(texts)]
    for k, t in enumerate(texts):
        seed = decode_headings(encode_headings(starts[k]))
        assert split_text(t, splitter, seed=seed) == carried[k]
        # the seed wins over a carry from another file or from an earlier run
        assert split_text(t, splitter, carry=HeadingCarry(), key="g", page=k,
                            seed=seed) == carried[k]
    assert decode_headings('[[1,"A"],[7,"B"]]') is None
    assert decode_headings("not json") is None and decode_headings(None) is None


def test_figure_refs_from_markdown():
    unit = units_from_markdown("![Figure 2: A plot](figs/f2.png)\n\nFigure 2: A plot of x")[0]
    (ref,) = figure_refs(unit)
    assert (ref.target, ref.caption, ref.label) == ("figs/f2.png", "Figure 2: A plot of x", "2")
    assert mentions_figure("as Fig. 2 shows", "2") and not mentions_figure("Figure 21", "2")


def test_plain_settings_validate_and_are_plain():
    assert plain(None) is None
    d = plain({"split": {"chunk_size": 128}})
    assert d["split"]["chunk_size"] == 128
    with pytest.raises(layoutpdf.SettingsError):
        plain({"nope": 1})
    with pytest.raises(ValueError):
        check_mode("pages")


@pytest.mark.parametrize("module, extra", [("layoutpdf.llama_index", "llama-index"),
                                           ("layoutpdf.langchain", "langchain")])
def test_missing_framework_names_the_extra(module, extra):
    code = ("import sys\n"
            "for m in ('llama_index', 'llama_index.core', 'langchain_core', "
            "'langchain_text_splitters'):\n    sys.modules[m] = None\n"
            f"try:\n    import {module}\nexcept ImportError as e:\n    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert f'pip install "layoutpdf[{extra}]"' in out.stdout


def test_import_layoutpdf_imports_no_framework():
    code = ("import sys, layoutpdf, layoutpdf.split, layoutpdf.adapters\n"
            "print([m for m in sys.modules if m.startswith(('llama_index', 'langchain'))])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
