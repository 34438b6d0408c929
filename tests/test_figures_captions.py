"""Caption labels, caption lines, the binding score and one-to-one assignment."""
from __future__ import annotations

import pytest

from layoutpdf.model import BBox, Line, Span
from layoutpdf.model.content import FLAG_BOLD
from layoutpdf.elements.captions import (MIN_SCORE, assign, is_caption_line, label_key, parse_label,
                                         score_binding)
from layoutpdf.stages.figures.stage import mentioned_labels


@pytest.mark.parametrize("text, kind, label", [
    ("Figure 3: Results", "figure", "Figure 3"),
    ("Fig. 3. Results", "figure", "Figure 3"),
    ("FIGURE 3", "figure", "Figure 3"),
    ("Figure S1: Supplementary", "figure", "Figure S1"),
    ("Figure 3a. Left panel", "figure", "Figure 3a"),
    ("Figure A.1. Appendix", "figure", "Figure A.1"),
    ("图 3 实验结果", "figure", "图 3"),
    ("Table 2: Scores", "table", "Table 2"),
    ("TABLE II", "table", "Table II"),
    ("表 2 结果", "table", "表 2"),
    ("Algorithm 1 Search", "other", "Algorithm 1"),
])
def test_parse_label(text, kind, label):
    lab = parse_label(text)
    assert lab is not None and (lab.kind, lab.text) == (kind, label)


@pytest.mark.parametrize("text", ["Figures show", "Table of contents", "Figurative speech", "Tabs"])
def test_not_labels(text):
    assert parse_label(text) is None


def test_label_key_drops_subfigure_letter():
    assert label_key(parse_label("Figure 3a: x")) == ("figure", "3")
    assert label_key(parse_label("TABLE II")) == ("table", "II")


def line(text: str, size: float = 10.0, flags: int = 0, font: str = "Times-Roman") -> Line:
    bbox = BBox(72, 100, 72 + 5 * len(text), 100 + size)
    span = Span("s0", text, bbox, font, size, flags, 0, 255, (72, 100 + size * 0.8))
    return Line.build("l0", 0, (span,))


def test_caption_line_needs_a_delimiter_or_caption_typography():
    assert is_caption_line(line("Figure 2: Hit rate per policy."), 10.0) is not None
    assert is_caption_line(line("Fig. 2. Hit rate per policy."), 10.0) is not None
    assert is_caption_line(line("FIGURE 2"), 10.0) is not None                  # label alone
    assert is_caption_line(line("Figure 2 shows that the cache"), 10.0) is None  # body sentence
    assert is_caption_line(line("Figure 2 Hit rate", flags=FLAG_BOLD), 10.0) is not None
    assert is_caption_line(line("Figure 2 Hit rate", size=8.5), 10.0) is not None


def test_score_prefers_below_for_figures_and_above_for_tables():
    region = BBox(100, 100, 300, 250)
    below = BBox(100, 262, 300, 274)
    above = BBox(100, 76, 300, 88)
    s_below, r_below = score_binding(below, region, em=10)
    s_above, _ = score_binding(above, region, em=10)
    assert s_below > s_above and "caption below the figure" in r_below
    t_below, _ = score_binding(below, region, kind="table", em=10)
    t_above, _ = score_binding(above, region, kind="table", em=10)
    assert t_above > t_below


def test_score_falls_with_distance_misalignment_text_and_columns():
    region = BBox(100, 100, 300, 250)
    near = score_binding(BBox(100, 262, 300, 274), region, em=10)[0]
    far = score_binding(BBox(100, 362, 300, 374), region, em=10)[0]
    aside = score_binding(BBox(320, 262, 520, 274), region, em=10)[0]
    blocked, reasons = score_binding(BBox(100, 262, 300, 274), region, em=10,
                                     obstacles=[BBox(100, 252, 300, 260)])
    cols = [BBox(50, 50, 300, 700), BBox(320, 50, 560, 700)]
    other_col = score_binding(BBox(320, 262, 520, 274), BBox(320, 100, 520, 250), None, cols, em=10)[0]
    cross_col = score_binding(BBox(100, 262, 300, 274), BBox(320, 100, 520, 250), None, cols, em=10)[0]
    assert near > far and near > aside and near > blocked
    assert "1 text line(s) between" in reasons
    assert other_col > cross_col


def test_assign_is_one_to_one_and_flags_ambiguity():
    regions = {"A": BBox(50, 100, 290, 250), "B": BBox(320, 100, 560, 250)}
    captions = {"a": BBox(50, 262, 290, 274), "b": BBox(320, 262, 560, 274)}

    def scorer(c, r):
        return score_binding(captions[c], regions[r], em=10)

    got = {b.caption: b for b in assign(list(captions), list(regions), scorer)}
    assert got["a"].region == "A" and got["b"].region == "B"
    assert not got["a"].needs_review
    # one caption centred under two equal regions: bound, but ambiguous
    captions = {"c": BBox(250, 262, 360, 274)}
    (b,) = assign(list(captions), list(regions), scorer)
    assert b.needs_review and any("ambiguous" in r for r in b.reasons)
    # nothing near enough: no binding
    captions = {"far": BBox(50, 700, 290, 712)}
    assert [x for x in assign(list(captions), list(regions), scorer) if x.score >= MIN_SCORE] == []


def test_mentions():
    assert mentioned_labels("as shown in Fig. 3 and Table 2") == {("figure", "3"), ("table", "2")}
    assert mentioned_labels("Figures 2 and 4 compare") == {("figure", "2"), ("figure", "4")}
    assert mentioned_labels("see Figs. 3-5") == {("figure", "3"), ("figure", "4"), ("figure", "5")}
    assert mentioned_labels("Figure 3a shows") == {("figure", "3")}
    assert mentioned_labels("in Fig. A.1 and Table II") == {("figure", "A.1"), ("table", "II")}
    assert mentioned_labels("Figures 2–4") == {("figure", "2"), ("figure", "3"), ("figure", "4")}
    assert mentioned_labels("a figure of speech") == set()
