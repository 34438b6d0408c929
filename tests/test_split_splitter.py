import json
import pickle
import re

import pytest

from layoutpdf.errors import SettingsError
from layoutpdf.model import BBox, Unit, UnitKind
from layoutpdf.settings import SplitSettings
from layoutpdf.split import (Chunk, Splitter, get_tokenizer, split_markdown, split_units,
                             units_from_markdown)

TOK = get_tokenizer("cl100k_base")
WORDS = "alpha beta gamma delta layout reading order column figure caption token vector".split()


def sentence(i, n=10):
    words = [WORDS[(i * 7 + k) % len(WORDS)] for k in range(n)]
    return f"Sentence {i} says " + " ".join(words) + "."


def paragraph(start, count, n=10):
    return " ".join(sentence(i, n) for i in range(start, start + count))


def check_budget(chunks, size):
    for c in chunks:
        assert c.token_count == TOK.count(c.text)
        if not c.oversize:
            assert c.token_count <= size, c.text


def check_slices(chunks, md):
    """Every chunk without documented exceptions is an exact slice at its offsets."""
    for c in chunks:
        if len(c.spans) == 1 and c.overlap_len == 0:
            assert c.text == md[c.start:c.end]


# -- basics -----------------------------------------------------------------------------
def test_small_document_is_one_chunk_equal_to_markdown():
    md = "# Title\n\nShort text.\n\n$$\nx\n$$"
    chunks = split_markdown(md, chunk_size=512)
    assert len(chunks) == 1
    c = chunks[0]
    assert (c.text, c.start, c.end, c.spans, c.oversize) == (md, 0, len(md), ((0, len(md)),), False)
    assert [u.kind for u in c.units] == [UnitKind.HEADING, UnitKind.PARAGRAPH, UnitKind.EQUATION]


def test_empty_inputs():
    assert split_markdown("") == []
    assert split_units([]) == []


def test_units_are_packed_whole_and_chunks_join_back_to_markdown():
    md = "\n\n".join(paragraph(i * 3, 3) for i in range(12))
    chunks = split_markdown(md, chunk_size=150)
    assert len(chunks) > 3
    check_budget(chunks, 150)
    check_slices(chunks, md)
    assert "\n\n".join(c.text for c in chunks) == md          # no unit was cut
    for c in chunks:
        assert all(u.text in md.split("\n\n") for u in c.units)


def test_split_units_offsets_refer_to_joined_units():
    units = units_from_markdown("\n\n".join(paragraph(i * 4, 4) for i in range(6)))
    md = "\n\n".join(u.text for u in units)
    chunks = split_units(units, chunk_size=120)
    check_slices(chunks, md)
    assert chunks[0].start == 0 and chunks[-1].end == len(md)


# -- $$ display math is never cut -------------------------------------------------------
def test_display_math_is_never_cut():
    eq = "$$\n" + " + ".join(f"x_{{{i}}}^2" for i in range(30)) + "\n\n= y\n$$"
    md = "\n\n".join([paragraph(0, 6), eq, paragraph(10, 6), eq, paragraph(20, 2)])
    eq_tokens = TOK.count(eq)
    for size in (32, 64, eq_tokens, eq_tokens + 40, 200):
        chunks = split_markdown(md, chunk_size=size)
        check_budget(chunks, size)
        for c in chunks:
            assert c.text.count("$$") % 2 == 0
        holders = [c for c in chunks if "$$" in c.text]
        assert len(holders) == 2 and all(eq in c.text for c in holders)
        if size < eq_tokens:
            assert all(c.oversize and c.text == eq for c in holders)


def test_inline_math_is_not_cut_inside_a_long_sentence():
    math = "$a + b + c + d + e + f$"
    long_sentence = " ".join(["word"] * 40) + f" {math} " + " ".join(["more"] * 40) + "."
    chunks = split_markdown(long_sentence, chunk_size=20)
    assert len(chunks) > 4
    check_budget(chunks, 20)
    assert sum(math in c.text for c in chunks) == 1
    assert all(c.text.count("$") % 2 == 0 for c in chunks)


# -- footnotes --------------------------------------------------------------------------
def test_footnote_definition_follows_its_anchor_when_a_paragraph_is_split():
    body = " ".join(sentence(i) + (f"[^{i}]" if i in (2, 9) else "") for i in range(14))
    md = body + "\n\n[^2]: Note two.\n\n[^9]: Note nine.\n\nAfter."
    chunks = split_markdown(md, chunk_size=60)
    check_budget(chunks, 60)
    for label in ("2", "9"):
        anchor = [c for c in chunks if f"[^{label}] " in c.text or c.text.count(f"[^{label}]") > 1
                  or re.search(rf"\[\^{label}\](?!:)", c.text)]
        defs = [c for c in chunks if f"[^{label}]: Note" in c.text]
        assert len(anchor) == 1 and anchor == defs
    first = next(c for c in chunks if "[^2]: Note two." in c.text)
    assert "[^9]" not in first.text
    # the piece holding [^2] is a prose slice followed by its definition
    head, _, tail = first.text.partition("\n\n")
    assert tail == "[^2]: Note two." and head in md and len(first.spans) == 2
    assert json.loads(first.metadata()["footnote_ids"]) == ["2"]


def test_footnote_marker_is_not_cut_in_a_word_split():
    long_sentence = " ".join(["word"] * 50) + "[^12] " + " ".join(["tail"] * 50) + "."
    md = long_sentence + "\n\n[^12]: The note."
    chunks = split_markdown(md, chunk_size=16)
    check_budget(chunks, 16)
    holder = [c for c in chunks if "[^12]" in c.text]
    assert len(holder) == 1 and "word[^12] tail" in holder[0].text
    assert holder[0].text.endswith(" tail\n\n[^12]: The note.")
    for c in chunks:                       # no chunk starts or ends inside the marker
        assert c.text.count("[^") == c.text.count("[^12]")


# -- captions ---------------------------------------------------------------------------
def test_caption_stays_with_figure():
    fig = "![Figure 2: Architecture](#fig-2)\n\nFigure 2: Architecture of the pipeline, in detail."
    md = "\n\n".join([paragraph(0, 3), fig, paragraph(5, 3)])
    for size in (16, 40, 64, 100):
        chunks = split_markdown(md, chunk_size=size)
        holder = [c for c in chunks if "![Figure 2" in c.text]
        assert len(holder) == 1 and fig in holder[0].text
        assert json.loads(holder[0].metadata()["figure_ids"]) == ["fig-2"]
        assert sum("Figure 2: Architecture of" in c.text for c in chunks) == 1


def table_md(rows, caption="Table 4: Measured values per run.", after=False):
    lines = ["| run | value | note |", "|-----|------:|------|"]
    lines += [f"| r{i} | {i * 17} | {WORDS[i % len(WORDS)]} |" for i in range(rows)]
    table = "\n".join(lines)
    if caption is None:
        return table
    return f"{table}\n\n{caption}" if after else f"{caption}\n\n{table}"


@pytest.mark.parametrize("after", [False, True])
def test_big_table_splits_between_rows_with_header_repeated(after):
    table = table_md(60, after=after)
    md = "\n\n".join([paragraph(0, 2), table, paragraph(5, 2)])
    chunks = split_markdown(md, chunk_size=80)
    check_budget(chunks, 80)
    pieces = [c for c in chunks if "| run |" in c.text]
    assert len(pieces) > 3
    seen = []
    for k, c in enumerate(pieces):
        assert not c.oversize and c.units[0].kind is UnitKind.TABLE
        lines = c.text.split("\n")
        if k == 0:
            assert "Table 4: Measured values per run." in c.text
            if not after:
                assert c.text.startswith("Table 4:")
        else:
            assert lines[:2] == ["| run | value | note |", "|-----|------:|------|"]
            assert "Table 4" not in c.text
            s0, e0 = c.spans[0]
            assert c.text.startswith("| run | value | note |\n|-----|------:|------|\n" + md[s0:e0])
        seen += [ln for ln in lines if re.match(r"\| r\d+ ", ln)]
    assert seen == [f"| r{i} | {i * 17} | {WORDS[i % len(WORDS)]} |" for i in range(60)]


def test_table_that_fits_is_one_unit_with_caption():
    table = table_md(3, after=True)
    md = "\n\n".join([paragraph(0, 8), table, paragraph(10, 8)])
    chunks = split_markdown(md, chunk_size=TOK.count(table) + 5)
    holder = [c for c in chunks if "| run |" in c.text]
    assert len(holder) == 1 and table in holder[0].text


def test_table_row_larger_than_budget_is_oversize():
    wide = "| h |\n|---|\n| " + " ".join(["cell"] * 60) + " |\n| small |"
    chunks = split_markdown(wide, chunk_size=20)
    assert [c.oversize for c in chunks] == [True, False]
    assert chunks[1].text == "| h |\n|---|\n| small |"


# -- headings ---------------------------------------------------------------------------
def test_heading_is_carried_to_the_next_chunk():
    p1, p2 = paragraph(0, 4), paragraph(10, 4)
    md = f"{p1}\n\n## Results\n\n{p2}"
    size = TOK.count(p1) + 8            # room for the heading, not for p2
    chunks = split_markdown(md, chunk_size=size)
    assert [c.text for c in chunks] == [p1, f"## Results\n\n{p2}"]
    assert chunks[1].heading_path == ("Results",)
    assert chunks[0].heading_path == ()


def test_consecutive_headings_move_together():
    p1, p2 = paragraph(0, 4), paragraph(10, 4)
    md = f"{p1}\n\n# Part\n\n## Section\n\n{p2}"
    chunks = split_markdown(md, chunk_size=TOK.count(p1) + 12)
    assert chunks[1].text.startswith("# Part\n\n## Section\n\n")
    assert chunks[1].metadata()["heading_path"] == "Part > Section"


def test_heading_never_ends_a_chunk_even_when_next_unit_is_oversize():
    eq = "$$\n" + " + ".join(f"a_{i}" for i in range(60)) + "\n$$"
    md = f"{paragraph(0, 2)}\n\n## Equation\n\n{eq}\n\n{paragraph(5, 2)}"
    chunks = split_markdown(md, chunk_size=48)
    for c in chunks:
        assert c.units[-1].kind is not UnitKind.HEADING
    holder = next(c for c in chunks if "$$" in c.text)
    assert holder.oversize and holder.text == f"## Equation\n\n{eq}"


def test_heading_forces_prose_split_rather_than_overflow():
    p = paragraph(0, 3)
    md = f"## A rather long heading about many things\n\n{p}"
    size = TOK.count(p) + 2            # the paragraph fits alone but not after the heading
    chunks = split_markdown(md, chunk_size=size)
    check_budget(chunks, size)
    assert not any(c.oversize for c in chunks)
    assert chunks[0].text.startswith("## A rather") and chunks[0].units[-1].kind is UnitKind.PARAGRAPH


def test_heading_path_tracks_levels():
    md = ("# A\n\n" + paragraph(0, 3) + "\n\n## B\n\n" + paragraph(3, 3) + "\n\n## C\n\n" +
          paragraph(6, 3) + "\n\n# D\n\n" + paragraph(9, 3))
    chunks = split_markdown(md, chunk_size=60)
    paths = [" > ".join(c.heading_path) for c in chunks]
    assert paths == ["A", "A > B", "A > C", "D"]


def test_document_ending_in_heading():
    chunks = split_markdown(paragraph(0, 3) + "\n\n# Appendix", chunk_size=512)
    assert len(chunks) == 1 and chunks[0].text.endswith("# Appendix")


# -- prose ------------------------------------------------------------------------------
def test_long_paragraph_splits_at_sentence_boundaries():
    p = paragraph(0, 20)
    chunks = split_markdown(p, chunk_size=50)
    check_budget(chunks, 50)
    check_slices(chunks, p)
    assert len(chunks) > 3
    assert all(re.fullmatch(r"Sentence \d+ .*\.", c.text) for c in chunks)
    assert " ".join(c.text for c in chunks) == p
    assert all(len(c.units) == 1 and c.units[0].kind is UnitKind.PARAGRAPH for c in chunks)


def test_abbreviations_do_not_end_sentences():
    p = " ".join(f"See Fig. {i} and e.g. Smith et al. Today value {i} rises." for i in range(12))
    chunks = split_markdown(p, chunk_size=30)
    assert all(c.text.endswith("rises.") for c in chunks)


def test_sentence_longer_than_budget_splits_at_words():
    s = " ".join(f"w{i}" for i in range(200)) + "."
    chunks = split_markdown(f"Short one. {s} Short two.", chunk_size=40)
    check_budget(chunks, 40)
    assert chunks[0].text.startswith("Short one. w0")
    assert " ".join(c.text for c in chunks) == f"Short one. {s} Short two."


def test_prose_fills_the_room_left_in_a_chunk():
    small, big = paragraph(0, 1), paragraph(10, 12)
    chunks = split_markdown(f"{small}\n\n{big}", chunk_size=80)
    assert chunks[0].text.startswith(small + "\n\nSentence 10")


# -- oversize ---------------------------------------------------------------------------
@pytest.mark.parametrize("unit", [
    "```\n" + "\n".join(f"line {i} = compute({i})" for i in range(40)) + "\n```",
    "![Figure 1: x](#f)\n\nFigure 1: " + " ".join(["long"] * 80),
])
def test_single_non_prose_unit_over_budget_is_its_own_oversize_chunk(unit):
    md = "\n\n".join([paragraph(0, 2), unit, paragraph(4, 2)])
    chunks = split_markdown(md, chunk_size=64)
    big = [c for c in chunks if c.oversize]
    assert len(big) == 1 and big[0].text == unit and big[0].token_count > 64
    assert all(not c.oversize and c.token_count <= 64 for c in chunks if c is not big[0])


# -- overlap ----------------------------------------------------------------------------
def test_overlap_prepends_whole_trailing_sentences():
    p = paragraph(0, 30)
    chunks = split_markdown(p, chunk_size=80, chunk_overlap=30)
    check_budget(chunks, 80)
    assert chunks[0].overlap_len == 0
    for prev, c in zip(chunks, chunks[1:]):
        assert c.overlap_len > 0
        prefix = c.text[:c.overlap_len - 2]
        assert c.text[c.overlap_len - 2:c.overlap_len] == "\n\n"
        assert prev.own_text.endswith(prefix) and re.fullmatch(r"Sentence \d+ .*\.", prefix)
        assert TOK.count(prefix) <= 30
        assert c.own_text == md_slice(p, c)


def md_slice(md, c):
    return md[c.start:c.end]


def test_overlap_never_takes_half_an_equation_or_table():
    eq = "$$\n" + " + ".join(f"b_{i}" for i in range(25)) + "\n$$"
    md = "\n\n".join([paragraph(0, 3), eq, table_md(30), paragraph(5, 6)])
    chunks = split_markdown(md, chunk_size=90, chunk_overlap=20)
    check_budget(chunks, 90)
    for c in chunks:
        prefix = c.text[:max(0, c.overlap_len - 2)]
        assert prefix.count("$$") % 2 == 0
        for line in prefix.split("\n"):
            if line.startswith("|"):
                assert line.endswith("|")
        assert c.text.count("$$") % 2 == 0


def test_overlap_keeps_definitions_with_anchors():
    body = " ".join(sentence(i) + ("[^1]" if i == 5 else "") for i in range(12))
    md = body + "\n\n[^1]: The note."
    chunks = split_markdown(md, chunk_size=70, chunk_overlap=35)
    for c in chunks:
        assert bool(re.search(r"\[\^1\](?!:)", c.text)) == ("[^1]: The note." in c.text)


# -- metadata ---------------------------------------------------------------------------
def test_metadata_is_flat_and_complete():
    units = [
        Unit(UnitKind.HEADING, "# Intro", element_ids=("e1",), pages=(0,),
             bboxes=((0, BBox(10.04, 20.06, 300.0, 40.0)),), heading_level=1),
        Unit(UnitKind.PARAGRAPH, "Text with $x$.[^1]\n\n[^1]: Note.", element_ids=("e2", "e9"),
             pages=(0, 1), bboxes=((0, BBox(10, 50, 300, 700)), (1, BBox(10, 50, 300, 80))),
             footnote_ids=("fn1",), has_math=True, low_confidence=True),
        Unit(UnitKind.FIGURE, "![Figure 1: c](#f1)\n\nFigure 1: c", element_ids=("e3",),
             pages=(2,), figure_ids=("f1",)),
        Unit(UnitKind.TABLE, "| a |\n|---|\n| 1 |", element_ids=("e4",), pages=(2,),
             table_ids=("t1",)),
    ]
    chunks = split_units(units, chunk_size=512)
    assert len(chunks) == 1
    meta = chunks[0].metadata()
    assert all(isinstance(v, (str, int, float, bool, type(None))) for v in meta.values())
    assert meta == {
        "heading_path": "Intro", "page_start": 0, "page_end": 2,
        "element_ids": '["e1","e2","e9","e3","e4"]',
        "bboxes": "[[0,10.0,20.1,300.0,40.0],[0,10,50,300,700],[1,10,50,300,80]]",
        "figure_ids": '["f1"]', "table_ids": '["t1"]', "table_rows": '{"t1":[1,1]}',
        "footnote_ids": '["fn1"]', "has_math": True, "oversize": False, "extraction_confidence": "low",
        "unit_kinds": '["heading","paragraph","figure","table"]',
    }
    assert json.loads(meta["bboxes"])[0] == [0, 10.0, 20.1, 300.0, 40.0]


def test_metadata_without_provenance():
    meta = split_markdown("Plain text.")[0].metadata()
    assert meta["page_start"] is None and meta["page_end"] is None
    assert meta["extraction_confidence"] == "high" and meta["has_math"] is False
    assert meta["element_ids"] == "[]" and meta["heading_path"] == ""


def test_pieces_of_a_split_unit_keep_provenance():
    text = paragraph(0, 12)
    unit = Unit(UnitKind.PARAGRAPH, text, element_ids=("p1",), pages=(3,),
                bboxes=((3, BBox(1, 2, 3, 4)),))
    chunks = split_units([unit], chunk_size=40)
    assert len(chunks) > 2
    for c in chunks:
        assert c.units[0].element_ids == ("p1",) and c.units[0].text == c.text
        assert c.metadata()["page_start"] == 3


# -- Splitter ---------------------------------------------------------------------------
def test_splitter_from_settings_and_pickle():
    s = Splitter.from_settings(SplitSettings(chunk_size=64, chunk_overlap=8))
    assert (s.chunk_size, s.chunk_overlap, s.tokenizer) == (64, 8, "cl100k_base")
    md = "\n\n".join(paragraph(i * 3, 3) for i in range(5))
    expected = s.split_markdown(md)
    back = pickle.loads(pickle.dumps(s))
    assert back == s and back.split_markdown(md) == expected
    assert expected == split_markdown(md, chunk_size=64, chunk_overlap=8)
    assert Splitter.from_settings(SplitSettings(), tokenizer=str.split).count_tokens("a b c") == 3


@pytest.mark.parametrize("size,overlap", [(0, 0), (10, 10), (10, -1), (10, 11)])
def test_invalid_sizes_raise(size, overlap):
    with pytest.raises(SettingsError):
        Splitter(chunk_size=size, chunk_overlap=overlap)
    with pytest.raises(SettingsError):
        split_markdown("x", chunk_size=size, chunk_overlap=overlap)


def test_callable_tokenizer_budgets_exactly():
    p = " ".join(f"word{i}." for i in range(100))      # 100 one-word sentences
    chunks = split_markdown(p, chunk_size=10, tokenizer=str.split)
    assert [c.token_count for c in chunks] == [10] * 10


def test_chunk_is_frozen():
    c = split_markdown("Text.")[0]
    assert isinstance(c, Chunk)
    with pytest.raises(Exception):
        c.text = "other"


def test_long_footnote_unit_splits_as_prose():
    notes = "\n\n".join(f"[^{i}]: " + paragraph(i * 3, 3) for i in range(6))
    chunks = split_markdown(notes, chunk_size=60)
    check_budget(chunks, 60)
    assert len(chunks) >= 6 and all(c.units[0].kind is UnitKind.FOOTNOTE for c in chunks)
    assert sum(c.text.count("]: Sentence") for c in chunks) == 6


def test_headings_over_budget_stay_with_the_next_unit():
    heads = "\n\n".join(f"# Heading number {i} " + " ".join(WORDS) for i in range(3))
    md = f"Intro.\n\n{heads}\n\nBody text."
    chunks = split_markdown(md, chunk_size=32)
    assert [c.text for c in chunks] == ["Intro.", f"{heads}\n\nBody text."]
    assert chunks[1].oversize and chunks[1].token_count > 32
