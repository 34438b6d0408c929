"""A table cell's lines joined as its script writes (`table_grid.cell_text`): Chinese and
Japanese text wrapped at the column's edge goes on with no space ("北京海鸿源投资" /
"管理有限公司", a shareholder's name in a quarterly report's top-ten table); Latin
words and Korean words keep theirs."""
from __future__ import annotations

import pytest

from layoutpdf.extract.table_grid import cell_text


@pytest.mark.parametrize("lines, text", [
    (["北京海鸿源投资", "管理有限公司"], "北京海鸿源投资管理有限公司"),
    (["泰达宏利基金－民生银行－泰达", "宏利策略分级31 号资产管理计划"], "泰达宏利基金－民生银行－泰达宏利策略分级31 号资产管理计划"),
    (["株式会社", "東京"], "株式会社東京"),
    (["Net sales", "growth"], "Net sales growth"),
    (["한국", "은행"], "한국 은행"),
    (["北京", "Holdings"], "北京 Holdings"),
])
def test_wrapped_lines_join_as_their_script_writes(lines, text):
    assert cell_text(list(enumerate(lines))) == text


def test_phrases_on_one_line_keep_their_space():
    assert cell_text([(0, "北京"), (0, "上海")]) == "北京 上海"
