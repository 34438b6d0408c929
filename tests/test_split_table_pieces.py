"""How a table cut into pieces says its header (issue 39, D): the opening piece says the
upper label of a flattened two-level header once (the period every column shares, as a
line above the column labels); a label over a group of columns stays on each column of
its group; a table that fits one chunk is not cut."""
from __future__ import annotations

import re

from layoutpdf.split import split_markdown
from layoutpdf.split.tokenizers import get_tokenizer

from filings_pdfs import statement_rows

TOK = get_tokenizer("cl100k_base")
SIZE = 256
TITLE = "#### Consolidated Statements of Income (In thousands, except per share data)"
PERIOD = "For the Years Ended December 31,"


def _table(head: list[str], rows: int) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for label, (a, b) in statement_rows(rows):
        lines.append("| " + " | ".join([label] + [a, b, a, b, a, b][:len(head) - 1]) + " |")
    return "\n".join(lines)


def test_a_table_that_fits_one_chunk_stays_whole():
    md = "\n\n".join([TITLE, _table(["", "2016", "2015", "2014"], 6)])
    assert TOK.count(md) <= SIZE
    assert [c.text for c in split_markdown(md, chunk_size=SIZE)] == [md]


def test_the_opening_piece_says_the_period_every_column_shares_once():
    """'For the Years Ended December 31, / 2021 | ... / 2020 | ... / 2019': the opening
    piece says the period once, on a line above the column labels, as the later pieces
    do in their context line."""
    head = ["", f"{PERIOD} / 2021", f"{PERIOD} / 2020", f"{PERIOD} / 2019"]
    md = "\n\n".join([TITLE, _table(head, 60)])
    chunks = split_markdown(md, chunk_size=SIZE)
    assert len(chunks) >= 3
    opening = chunks[0].text
    assert opening.startswith(TITLE + "\n\n" + PERIOD + "\n\n|  | 2021 | 2020 | 2019 |\n"
                              "|---|---|---|---|\n| Line item 1 ")
    assert opening.count(PERIOD) == 1
    last = re.findall(r"^\| Line item (\d+) ", opening, re.MULTILINE)[-1]
    assert chunks[0].end == md.index(f"\n| Line item {int(last) + 1} ")   # the rows it came from
    assert chunks[0].token_count <= SIZE
    for c in chunks[1:]:
        assert c.text.count(PERIOD) == 1 and "|  | 2021 | 2020 | 2019 |" in c.text


def test_a_label_over_a_group_of_columns_stays_on_each_column_of_its_group():
    """Two periods over three measures each: no label spans every column, so none is
    lifted above the table, and each column keeps its period ("Three Months Ended June
    30 / Rigid Packaging"): the groups stay told apart."""
    groups = ("Three Months Ended June 30", "Twelve Months Ended June 30")
    measures = ("Flexibles", "Rigid Packaging", "Total")
    head = ["($ million)"] + [f"{g} / {m}" for g in groups for m in measures]
    table = _table(head, 60)
    md = "\n\n".join(["#### Components of Net Sales growth", table])
    opening = split_markdown(md, chunk_size=SIZE)[0].text
    assert opening.startswith("#### Components of Net Sales growth\n\n" + table.split("\n")[0] + "\n|---|")
