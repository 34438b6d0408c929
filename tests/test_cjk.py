"""Chinese, Japanese and Korean: joining without spurious spaces, vertical text, watermarks.

The corpus tests read one or two pages of each CJK document in ../shared/corpus/real and
check that sentences picked from them come out contiguous; they skip when the corpus is
not there.
"""
from __future__ import annotations

import os
import re

import pymupdf
import pytest

import layoutpdf
from layoutpdf.model import BBox, Line, Span
from layoutpdf.text.lines import SENTENCE_END, join_lines, line_text
from layoutpdf.stages.layout.vertical import reading_blocks
from layoutpdf.text.glyph_columns import glyph_columns
from layoutpdf.text.scripts import cjk_despace

CORPUS = os.environ.get("LAYOUTPDF_CORPUS", "/work/shared/corpus/real")
CJK = r"[\u3040-\u30ff\u3400-\u9fff\u3000-\u303f]"
CJK_SPACE = re.compile(f"{CJK} +{CJK}")


def assert_few_cjk_spaces(md: str) -> None:
    """Spaces between CJK characters only where the page sets words apart (keywords,
    names, header fields): rare, never at every fragment or line join."""
    spaces = CJK_SPACE.findall(md)
    assert len(spaces) <= 0.005 * len(re.findall(CJK, md)) + 2, spaces[:10]


def frag(text: str, x0: float, x1: float, y: float = 10.0, size: float = 10.0, n: int = 0) -> Line:
    span = Span(f"s{n}-{x0}", text, BBox(x0, y, x1, y + size), "SimSun", size, 0, 0, 255, (x0, y + size))
    return Line.build(f"l{n}-{x0}", 0, (span,))


# -- joining rules ---------------------------------------------------------------------------
def test_no_space_between_cjk_fragments_or_lines():
    assert line_text([frag("数字技术", 10, 50), frag("的发展", 51.5, 80)]) == "数字技术的发展"
    assert join_lines(["商品的使用价值为商品学和", "商业成规提供材料。"]) == "商品的使用价值为商品学和商业成规提供材料。"
    assert join_lines(["价值（", "交换）"]) == "价值（交换）"


def test_wide_gap_between_cjk_words_is_a_space():
    """Keywords and names set apart by a full character width stay apart."""
    assert line_text([frag("数字技术", 10, 50), frag("拟社会互动", 62, 112)]) == "数字技术 拟社会互动"


def test_letter_spacing_is_closed_up_but_words_stay():
    assert cjk_despace("摘 要") == "摘要"
    assert cjk_despace("第 一 章 总则") == "第一章 总则"
    assert cjk_despace("罗兴武 孙萌") == "罗兴武 孙萌"
    assert cjk_despace("한국 어") == "한국 어"


def test_korean_keeps_word_spaces_at_line_breaks():
    """Korean lines ending at a word keep the PDF's trailing space; mid-word breaks join."""
    assert join_lines([line_text([frag("발생의 우려가 ", 10, 80)]), "큰 감염병"]) == "발생의 우려가 큰 감염병"
    assert join_lines(["장티푸스, 파라", "티푸스"]) == "장티푸스, 파라티푸스"


def test_no_hyphen_logic_in_cjk():
    assert join_lines(["中-", "文"]) == "中-文"
    assert join_lines(["exam-", "ple"]) == "example"


def test_cjk_sentence_ends():
    for s in ("结束。", "什么？", "好！", "です．"):
        assert s.endswith(SENTENCE_END)


# -- vertical text -----------------------------------------------------------------------------
def glyph_column(text: str, x: float, y0: float, n0: int, size: float = 8.0) -> list[Line]:
    return [frag(ch, x, x + size, y0 + i * size, size, n0 + i) for i, ch in enumerate(text)]


def test_vertical_columns_read_right_to_left_top_to_bottom():
    right = glyph_column("第一の列です", 200, 50, 0)
    left = glyph_column("第二の列です", 188, 50, 10)
    lower = glyph_column("下の段の列", 200, 150, 20)            # a second tier
    lines = glyph_columns(left + lower + right)
    assert len(lines) == 3 and all(ln.vertical for ln in lines)
    blocks = reading_blocks(lines, 8.0)
    text = [join_lines([ln.text for ln in b]) for b in blocks]
    assert text == ["第一の列です第二の列です", "下の段の列"]


# -- CJK watermarks ----------------------------------------------------------------------------
def test_cjk_text_watermarks_are_background():
    doc = pymupdf.open()
    sentences = ["他们在会议上讨论了新的计划。", "报告详细说明了项目的进展情况。", "我们必须在月底之前完成全部工作。",
                 "这些数据来自去年的年度调查。", "委员会将在下周公布最终结果。"]
    for n in range(2):
        page = doc.new_page(width=595, height=842)
        for i, s in enumerate(sentences):
            page.insert_text((60, 120 + 90 * i), s[n:] + s[:n], fontsize=11, fontname="china-s")
        for x, y in [(80, 200), (330, 200), (80, 420), (330, 420), (80, 640), (330, 640)]:
            page.insert_text((x, y), "内部资料 注意保密", fontsize=14, fontname="china-s", color=(0.85, 0.85, 0.85))
        page.insert_text((150, 520), "试用水印", fontsize=60, fontname="china-s", color=(0.9, 0.7, 0.7),
                         morph=(pymupdf.Point(150, 520), pymupdf.Matrix(-35)))
    md = layoutpdf.parse(doc.tobytes()).to_markdown()
    assert "内部资料" not in md and "注意保密" not in md and "试用水印" not in md
    assert "报告详细说明了项目的进展情况。" in md


# -- the corpus ----------------------------------------------------------------------------------
SAMPLES = {
    "docling_korean_nars_report.pdf": ([0], [
        "보험회사에서 그동안 판매했거나 향후 판매하게 될 보험상품의 입원 및 사망의 재해 인정 여부에 대하여",
        "코로나-19가 세계적 유행(Pandemic) 단계에 돌입하였음을 선언하였다.",
    ]),
    "mineru_cn_broker_research_report.pdf": ([0], [
        "顺应下游需求扩张，金刚线产能快速扩产，保证公司内供+外销。",
        "硅片前期扩产产能逐步落地，金刚线需求释放",
    ]),
    "pdfplumber_cn_quarterly_report.pdf": ([0, 1], [
        "公司董事会、监事会及董事、监事、高级管理人员保证季度报告内容的真实、准确、完整，"
        "不存在虚假记载、误导性陈述或者重大遗漏，并承担个别和连带的法律责任。",
    ]),
    "pymupdf_cn_academic_firstpage.pdf": ([0], [
        "数字拟人品是依托于数字技术，嵌入多元场景参与社会互动，具有类人外观、类人行为模式、类人思想的虚拟产品",
        "为此，本文以虚拟偶像“洛天依”",
    ]),
}


def corpus(name: str) -> str:
    path = os.path.join(CORPUS, name)
    if not os.path.exists(path):
        pytest.skip(f"corpus file {name} not found (set LAYOUTPDF_CORPUS to the corpus folder)")
    return path


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_corpus_sentences_are_contiguous(name):
    pages, sentences = SAMPLES[name]
    md = layoutpdf.parse(corpus(name), pages=pages).to_markdown()
    for s in sentences:
        assert s in md, s
    assert_few_cjk_spaces(md)


def test_vertical_japanese_reads_in_order():
    """Kampo (官報): tategaki in two tiers. Figures are off here: the figure stage takes
    vertical columns for labels around the page's rules (reported to its owner)."""
    doc = layoutpdf.parse(corpus("pdfminer_kampo_jp_vertical.pdf"), {"figures": {"enabled": False}})
    md = doc.to_markdown()
    for s in ("内閣は、道路交通法の一部を改正する法律（平成十九年法律第九十号）の一部の施行に伴い、",
              "第十六条の二及び第十六条の三中「第五十一条第十一項」を「第五十一条第十二項」に改める。",
              "第十六条中第二号を削り、第三号を第二号とする。"):
        assert s in md, s
    # right to left: the government order's title comes before its articles
    assert md.index("道路交通法施行令の一部を改正する政令") < md.index("第十六条中第二号を削り")
    assert_few_cjk_spaces(md)


def test_vertical_japanese_with_default_settings():
    md = layoutpdf.parse(corpus("pdfminer_kampo_jp_vertical.pdf")).to_markdown()
    assert "第十六条中第二号を削り、第三号を第二号とする。" in md
