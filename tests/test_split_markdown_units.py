import pytest

from layoutpdf.model import UnitKind
from layoutpdf.split import units_from_markdown

K = UnitKind


def kinds(md):
    units = units_from_markdown(md)
    assert "\n\n".join(u.text for u in units) == md
    return [u.kind for u in units]


def test_headings_and_levels():
    units = units_from_markdown("# Title\n\n## Methods ##\n\nText here.\n\n####### not a heading")
    assert [u.kind for u in units] == [K.HEADING, K.HEADING, K.PARAGRAPH, K.PARAGRAPH]
    assert [u.heading_level for u in units] == [1, 2, 0, 0]


def test_display_math_with_blank_lines_is_one_unit():
    md = "Before.\n\n$$\na = b\n\nc = d\n$$\n\nAfter."
    units = units_from_markdown(md)
    assert [u.kind for u in units] == [K.PARAGRAPH, K.EQUATION, K.PARAGRAPH]
    assert units[1].text == "$$\na = b\n\nc = d\n$$" and units[1].has_math
    assert not units[0].has_math


def test_one_line_display_math():
    assert kinds("$$x = 1$$\n\nText.") == [K.EQUATION, K.PARAGRAPH]


def test_footnote_definitions_attach_to_anchoring_paragraph():
    md = ("First claim.[^1] Second claim.[^2]\n\n[^1]: One.\n\n[^2]: Two.\n\n"
          "Next paragraph.\n\n[^9]: Orphan.")
    units = units_from_markdown(md)
    assert [u.kind for u in units] == [K.PARAGRAPH, K.PARAGRAPH, K.FOOTNOTE]
    assert units[0].text == "First claim.[^1] Second claim.[^2]\n\n[^1]: One.\n\n[^2]: Two."
    assert units[0].footnote_ids == ("1", "2")
    assert units[2].text == "[^9]: Orphan." and units[2].footnote_ids == ("9",)


def test_definition_attaches_to_list_item_but_not_heading():
    md = "- An item[^a]\n\n[^a]: Def.\n\n# Heading[^b]\n\n[^b]: Def b."
    units = units_from_markdown(md)
    assert [u.kind for u in units] == [K.LIST_ITEM, K.HEADING, K.FOOTNOTE]
    assert units[0].text.endswith("[^a]: Def.")


def test_escaped_anchor_is_not_an_anchor():
    md = r"Literal \[^1] here." + "\n\n[^1]: Def."
    assert kinds(md) == [K.PARAGRAPH, K.FOOTNOTE]


def test_figure_with_caption_block_and_inline_caption():
    md = ("![Figure 3: A plot](#fig-3)\n\nFigure 3: A plot of results.\n\n"
          "![Fig. 4](img/p4.png)\nFig. 4. Inline caption.\n\nFigure 5: Orphan caption.")
    units = units_from_markdown(md)
    assert [u.kind for u in units] == [K.FIGURE, K.FIGURE, K.CAPTION]
    assert units[0].text.endswith("Figure 3: A plot of results.")
    assert units[0].figure_ids == ("fig-3",)
    assert units[1].figure_ids == ()


def test_figure_takes_only_one_caption_block():
    md = "![x](#f)\nFigure 1: Cap.\n\nFigure 2: Other."
    assert kinds(md) == [K.FIGURE, K.CAPTION]


def test_table_caption_before_and_after():
    table = "| a | b |\n|---|---|\n| 1 | 2 |"
    before = units_from_markdown(f"Table 1: Before.\n\n{table}\n\nText.")
    assert [u.kind for u in before] == [K.TABLE, K.PARAGRAPH]
    assert before[0].text.startswith("Table 1: Before.")
    after = units_from_markdown(f"{table}\n\nTable 2: After.\n\nText.")
    assert [u.kind for u in after] == [K.TABLE, K.PARAGRAPH]
    assert after[0].text.endswith("Table 2: After.")
    same_block = units_from_markdown(f"Table 3: Same block.\n{table}")
    assert [u.kind for u in same_block] == [K.TABLE]


def test_table_captions_pair_in_order():
    t = "| a |\n|---|\n| 1 |"
    units = units_from_markdown(f"Table 1: A.\n\n{t}\n\nTable 2: B.\n\n{t}")
    assert [u.kind for u in units] == [K.TABLE, K.TABLE]
    assert units[1].text.startswith("Table 2: B.")


def test_figure_caption_is_not_a_table_caption():
    t = "| a |\n|---|\n| 1 |"
    assert kinds(f"Figure 1: Not for tables.\n\n{t}") == [K.CAPTION, K.TABLE]


def test_lists_code_and_other():
    md = ("- one\n\n* two\n\n3. three\n\n---\n\n```python\nx = 1\n\n$$ not math\n```\n\n"
          "<div>html</div>")
    units = units_from_markdown(md)
    assert [u.kind for u in units] == [K.LIST_ITEM] * 3 + [K.OTHER, K.CODE, K.OTHER]
    assert units[4].text == "```python\nx = 1\n\n$$ not math\n```"
    assert not units[4].has_math


def test_dollars_inside_code_do_not_open_math():
    md = "```\n$$\n```\n\nAfter code.\n\nMore."
    assert kinds(md) == [K.CODE, K.PARAGRAPH, K.PARAGRAPH]


def test_inline_math_sets_has_math_but_prices_do_not():
    units = units_from_markdown(r"Energy $E = mc^2$ here." + "\n\nIt costs $5 and $10." +
                                "\n\nEscaped \\$x\\$ text.")
    assert [u.has_math for u in units] == [True, False, False]


@pytest.mark.parametrize("md", [
    "", "\n\n", "a\n\n\nb", "a\n\n\n\nb", "\n\na", "a\n\n", "  \n\nx\n\n  ", "a\n\n\n\n\n\n",
    "$$\nunclosed\n\nmath", "```\nunclosed\n\nfence",
])
def test_round_trip_is_exact_for_odd_spacing(md):
    units = units_from_markdown(md)
    assert "\n\n".join(u.text for u in units) == md
    if md.strip():
        assert all(u.text.strip() for u in units)


def test_unclosed_display_swallows_the_rest():
    assert kinds("$$\nx\n\ny") == [K.EQUATION]


def test_renderer_style_markdown_round_trips_unit_by_unit():
    texts = ["# Paper", "## 1 Introduction",
             "We study $f(x)$ on pages.[^1]\n\n[^1]: A note.",
             "$$\n\\int_0^1 f(x)\\,dx\n$$",
             "![Figure 1: Setup](#fig-1)\n\nFigure 1: Setup of the experiment.",
             "Table 1: Results.\n\n| m | v |\n| --- | --- |\n| a | 1 |",
             "- first point", "1. numbered point", "[^7]: Unbound footnote."]
    units = units_from_markdown("\n\n".join(texts))
    assert [u.text for u in units] == texts
    assert [u.kind for u in units] == [K.HEADING, K.HEADING, K.PARAGRAPH, K.EQUATION, K.FIGURE,
                                       K.TABLE, K.LIST_ITEM, K.LIST_ITEM, K.FOOTNOTE]


def test_consecutive_loose_definitions_form_one_footnote_unit():
    md = "Text.\n\n[^a]: First loose note.\n\n[^b]: Second loose note.\n\n# Next"
    units = units_from_markdown(md)
    assert [u.kind for u in units] == [K.PARAGRAPH, K.FOOTNOTE, K.HEADING]
    assert units[1].footnote_ids == ("a", "b")


def test_caption_between_two_tables_goes_to_the_uncaptioned_second():
    t = "| a |\n|---|\n| 1 |"
    units = units_from_markdown(f"{t}\n\nTable 2: B.\n\n{t}")
    assert [u.text for u in units] == [t, f"Table 2: B.\n\n{t}"]
    units = units_from_markdown(f"{t}\n\nTable 1: A.\n\nTable 2: B.\n{t}")
    assert [u.text for u in units] == [f"{t}\n\nTable 1: A.", f"Table 2: B.\n{t}"]


def test_a_sentence_opening_with_a_table_reference_is_a_paragraph():
    # "Table 2 compares ..." is running text about a table, not its caption: it keeps the
    # footnote definition its mark points to (realdev multilexsum, page 4)
    md = ("Table 2 compares the datasets. Ours is longer, except BookSum[^3] which is "
          "smaller.\n\n[^3]: The full book task.\n\nFigure 1 shows the pipeline.")
    units = units_from_markdown(md)
    assert [u.kind for u in units] == [K.PARAGRAPH, K.PARAGRAPH]
    assert units[0].footnote_ids == ("3",)


def test_captions_keep_their_delimiters_and_titles():
    for first in ("Table 2: Comparison of datasets.", "Table 2. Comparison.",
                  "Figure 1 | The pipeline.", "Table 2 (continued)", "Fig. 3 The pipeline"):
        assert kinds(first) == [K.CAPTION], first


def test_a_caption_keeps_the_definition_of_its_mark():
    md = "Table 3: Results on the test set.[^a]\n\n[^a]: Averaged over five runs."
    units = units_from_markdown(md)
    assert [u.kind for u in units] == [K.CAPTION] and units[0].footnote_ids == ("a",)
