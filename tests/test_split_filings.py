"""Chunks of filings that answer (issue 39, C and E): a section heading and the short
line under it open the chunk of their section, never end the one before; a statement's
first chunk holds its title block (heading, unit line, period line) with the table
header, and every later piece of the table starts with a compact context line over the
header; chunk metadata says which table and rows a chunk holds. The PDF case is built by
tests/filings_pdfs.py."""
from __future__ import annotations

import json
import re

import pytest

import layoutpdf
from layoutpdf.errors import SettingsError
from layoutpdf.split import Splitter, split_markdown
from layoutpdf.split.tokenizers import get_tokenizer

from filings_pdfs import GROUP, STATEMENTS, filing_pdf, statement_rows

TOK = get_tokenizer("cl100k_base")
PROSE = ("The company sells widgets through its stores and online channels, and it expects "
         "demand to grow as new markets open in the coming years. ")


def prose(sentences: int) -> str:
    return (PROSE * sentences).strip()


def statement_md(rows: int) -> str:
    lines = ["|  | 2019 | 2018 |", "|---|---|---|"]
    lines += [f"| {label} | {a} | {b} |" for label, (a, b) in statement_rows(rows)]
    return "\n".join(lines)


def _fill_before(heading_block: str, size: int) -> str:
    """Prose that leaves room in its chunk for the heading block but not for what follows."""
    n = 1
    while TOK.count(prose(n + 1) + "\n\n" + heading_block) < size:
        n += 1
    return prose(n)


# -- E: a heading at a chunk boundary ------------------------------------------------------
def test_a_heading_and_its_short_line_open_the_next_chunk():
    head = "## 2. Acquisitions\n\nCurrent Health Ltd."
    before = _fill_before(head, 120)
    md = "\n\n".join([before, head, prose(4)])
    chunks = split_markdown(md, chunk_size=120)
    assert chunks[0].text == before
    assert chunks[1].text.startswith(head + "\n\nThe company sells")
    assert chunks[1].heading_path == ("2. Acquisitions",)


def test_a_long_line_under_a_heading_is_content_not_a_lead():
    line = prose(1)          # a sentence of body text, not a short title line
    head = "## 2. Acquisitions"
    before = _fill_before(head + "\n\n" + line, 120)
    md = "\n\n".join([before, head, line, prose(6)])
    chunks = split_markdown(md, chunk_size=120)
    assert chunks[0].text.endswith(head + "\n\n" + line)


def test_a_short_line_that_ends_the_document_stays_where_it_is():
    md = "\n\n".join([prose(2), "## Signatures", "John Doe"])
    chunks = split_markdown(md, chunk_size=256)
    assert [c.text for c in chunks] == [md]


# -- C: a statement's title block and its table ---------------------------------------------
TITLE_BLOCK = ("#### Consolidated Statements of Operations\n\n(In millions, except per share data)"
               "\n\nFor the Years Ended December 31,")


def _statement_chunks(size: int = 256, **kw):
    before = _fill_before(TITLE_BLOCK, size)
    md = "\n\n".join([before, TITLE_BLOCK, statement_md(60), prose(2)])
    return md, split_markdown(md, chunk_size=size, **kw)


def test_the_opening_chunk_of_a_statement_holds_its_title_block_and_header():
    md, chunks = _statement_chunks()
    assert not any(c.text.strip().endswith("December 31,") for c in chunks)
    opening = next(c for c in chunks if "Consolidated Statements of Operations" in c.text)
    assert opening.text.startswith(TITLE_BLOCK + "\n\n|  | 2019 | 2018 |\n|---|---|---|\n| Line item 1 ")
    assert opening.token_count <= 256


def test_every_later_piece_of_the_table_starts_with_a_context_line():
    md, chunks = _statement_chunks()
    pieces = [c for c in chunks if "| Line item" in c.text]
    assert len(pieces) >= 3
    for c in pieces[1:]:
        first, rest = c.text.split("\n\n", 1)
        assert first == ("Consolidated Statements of Operations (In millions, except per share "
                         "data) For the Years Ended December 31, (continued)")
        assert rest.startswith("|  | 2019 | 2018 |\n|---|---|---|\n| Line item")
        assert c.token_count <= 256


def test_chunk_metadata_names_the_table_rows_it_holds():
    md, chunks = _statement_chunks()
    ranges = [json.loads(c.metadata()["table_rows"]) for c in chunks]
    held = [r["table"] for r in ranges if r]
    assert held[0][0] == 1 and held[-1][1] == 60
    assert all(b[0] == a[1] + 1 for a, b in zip(held, held[1:]))     # consecutive, no gap
    for c, r in zip(chunks, ranges):
        labels = [int(n) for n in re.findall(r"\| Line item (\d+) ", c.text)]
        assert (labels[0], labels[-1]) == tuple(r["table"]) if labels else not r


def test_the_repeated_context_stays_within_its_share_of_the_budget():
    wide = "| " + " | ".join(f"Three months ended June {d}, 2023 / Reported / EPS (diluted)"
                            for d in range(1, 7)) + " |"
    table = "\n".join([wide, "|" + "---|" * 6]
                      + [f"| {' | '.join(str(k * 10 + j) for j in range(6))} |" for k in range(80)])
    md = "\n\n".join(["#### Reconciliation of non-GAAP measures (In millions)", table])
    size, share = 256, 0.25
    chunks = split_markdown(md, chunk_size=size, table_context=share)
    later = chunks[1:]
    assert later
    for k, c in enumerate(later):
        head = c.text[:c.text.index("|---")]
        assert TOK.count(head) <= share * size
        if k < len(later) - 1:     # rows, many to a chunk
            assert len(re.findall(r"^\| \d", c.text, re.MULTILINE)) >= 8
    uncut = split_markdown(md, chunk_size=size, table_context=1.0)
    assert len(uncut) > len(chunks)     # the whole flattened header leaves room for fewer rows


def test_table_context_is_validated():
    assert Splitter(chunk_size=256, table_context=0.1).table_context == 0.1
    with pytest.raises(SettingsError):
        Splitter(chunk_size=256, table_context=1.5)


# -- the PDF case ---------------------------------------------------------------------------
def test_statement_pages_of_a_generated_filing_chunk_with_their_title_blocks():
    doc = layoutpdf.parse(filing_pdf(prose_pages=2, statement_pages=2, rows_per_page=30))
    from layoutpdf.render.markdown import render_units
    chunks = Splitter(chunk_size=200).split_units(render_units(doc))
    for title in STATEMENTS[:2]:
        holding = [c for c in chunks if title in c.text]
        assert holding, title
        assert all(f"{GROUP} {title}" in c.text for c in holding)
    tables = [c for c in chunks if "| Line item" in c.text]
    assert len(tables) >= 4 and all(json.loads(c.metadata()["table_rows"]) for c in tables)
    assert all(any(t in c.text for t in STATEMENTS[:2]) for c in tables)


# -- the company line over a statement's heading, the period its columns share ---------------
def test_the_company_line_over_a_statements_heading_is_its_title():
    """A statement page opens with the company line ("EXAMPLE FOODS, INC.", its full stop
    an abbreviation's) over the statement's heading: the line is the table's title, not a
    chunk of its own, and every later piece of the table names the company."""
    md = "\n\n".join(["EXAMPLE FOODS, INC.", "#### CONSOLIDATED BALANCE SHEETS (in thousands)",
                      statement_md(60)])
    chunks = split_markdown(md, chunk_size=200)
    assert chunks[0].text.startswith("EXAMPLE FOODS, INC.\n\n#### CONSOLIDATED BALANCE SHEETS")
    assert len(chunks) >= 3
    for c in chunks[1:]:
        assert c.text.startswith("EXAMPLE FOODS, INC. CONSOLIDATED BALANCE SHEETS (in thousands) "
                                 "(continued)\n\n|  | 2019 | 2018 |")


def test_a_sentence_above_a_statements_heading_stays_out_of_its_title():
    md = "\n\n".join([prose(1), "The company sold its stores.",
                      "#### CONSOLIDATED BALANCE SHEETS (in thousands)", statement_md(60)])
    chunks = split_markdown(md, chunk_size=200)
    later = [c for c in chunks if c.table_rows and "(continued)" in c.text]
    assert later and all(c.text.startswith("CONSOLIDATED BALANCE SHEETS (in thousands) (continued)")
                         for c in later)


def test_a_period_every_column_shares_is_said_once_in_the_context_line():
    """A flattened header whose amount columns all sit under one period label ("For the
    Years Ended December 31, / 2021") repeats the period once, in the context line, and
    the column labels that tell the columns apart: the title block keeps its room."""
    head = ("|  | For the Years Ended December 31, / 2021 | For the Years Ended December 31, / 2020 "
            "| For the Years Ended December 31, / 2019 |\n|---|---|---|---|")
    rows = "\n".join(f"| {label} | {a} | {b} | {a} |" for label, (a, b) in statement_rows(60))
    title = ("American Example Works Company, Inc. and Subsidiary Companies Consolidated Statements "
             "of Operations (In millions, except per share data)")
    md = "\n\n".join(["#### " + title, head + "\n" + rows])
    chunks = split_markdown(md, chunk_size=256)
    assert len(chunks) >= 3
    for c in chunks[1:]:
        assert c.text.startswith(title + " For the Years Ended December 31, (continued)\n\n"
                                 "|  | 2021 | 2020 | 2019 |\n|---|---|---|---|\n| Line item")



def test_later_pieces_keep_the_period_words_that_tell_the_groups_apart():
    """A header of two periods over four measures each: the words the periods share
    ("Three months ended June 30,") are said once in the context line, and each period
    is named once, on the first column of its group ("2022 / EBITDA | EBIT | ..."), so
    the columns stay told apart within the context share."""
    from layoutpdf.split._table_header import repeated_header
    wide = "| (in millions) | " + " | ".join(
        f"Three months ended June 30, {y} / {m}" for y in (2022, 2023)
        for m in ("EBITDA", "EBIT", "Net Income", "EPS (Diluted US cents)")) + " |\n" + "|" + "---|" * 9
    out = repeated_header(wide, "Reconciliation", TOK, 80)
    assert TOK.count(out) <= 80
    assert out == ("Reconciliation Three months ended June 30, (continued)\n\n"
                   "| (in millions) | 2022 / EBITDA | EBIT | Net Income | EPS | 2023 / EBITDA | EBIT "
                   "| Net Income | EPS |\n" + "|" + "---|" * 9)


def test_a_heading_goes_on_with_the_words_that_travel_to_a_note_mark():
    """The first words of a sentence move on to the chunk of the note mark later in the
    sentence (its definition goes with the mark); the heading just before those words
    moves on with them, not left to end the chunk before."""
    md = ("Alpha[^1] alpha alpha.\n\n[^1]: Note 1 beta.\n\n# alpha\n\nAlpha alpha[^2] "
          + "alpha " * 22 + "alpha.\n\n[^2]: Note 2 gamma.")
    chunks = split_markdown(md, chunk_size=32)
    assert not any(c.text.rstrip().endswith("# alpha") for c in chunks)
    assert any(c.text.startswith("# alpha\n\nAlpha alpha[^2]") for c in chunks)


def test_the_sentence_that_announces_a_table_opens_its_chunk():
    """A note's table under a lettered title line and a sentence ending with a colon
    ('B. Geographic Information' / 'The following summarizes revenues by geographic
    area:', as a 10-Q sets it): both read into the table, so they open the table's chunk,
    never end the chunk before it, and later pieces name them."""
    block = "B. Geographic Information\n\nThe following summarizes revenues by geographic area:"
    size = 256
    before = _fill_before(block, size)
    md = "\n\n".join([before, block, statement_md(60), prose(2)])
    chunks = split_markdown(md, chunk_size=size)
    assert not any(c.text.rstrip().endswith("geographic area:") for c in chunks)
    opening = next(c for c in chunks if "Line item 1 " in c.text)
    assert opening.text.startswith(block + "\n\n|  | 2019 | 2018 |")
    later = [c for c in chunks if "| Line item" in c.text][1:]
    assert later and all(c.text.startswith("B. Geographic Information") for c in later)


@pytest.mark.parametrize("limit", [80, 60, 55, 40])
def test_a_shortened_header_never_cuts_a_date_from_its_month(limit):
    """Dates of one month ('July 2, 2023', 'July 3, 2022': a 10-Q's quarter ends) are told
    apart by their days, not by the day without its month ('2, 2023'), however far the
    header is shortened (Pfizer 2023 Q2 10-Q's continued statements)."""
    from layoutpdf.split._table_header import repeated_header
    header = "| (MILLIONS, EXCEPT PER SHARE DATA) | " + " | ".join(
        f"{period} Months Ended / {date}" for period in ("Three", "Six")
        for date in ("July 2, 2023", "July 3, 2022")) + " |\n" + "|" + "---|" * 5
    out = repeated_header(header, "CONDENSED CONSOLIDATED STATEMENTS OF INCOME", TOK, limit)
    row = out.split("\n")[-2]
    assert "| 2, 2023" not in row and "| 3, 2022" not in row, row
    assert "July 2, 2023" in row or "| 2023 |" in row, row
