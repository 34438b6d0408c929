"""List bullets and check boxes from symbol fonts (issue 39: filings made by a word
processor). The fixture: tests/symbol_bullets_pdfs.py."""
from __future__ import annotations

import re

import pytest

import layoutpdf
from layoutpdf.model import Role
from symbol_bullets_pdfs import SOLID_ITEMS, SYMBOL_ITEMS, UNNAMED_ITEMS, WINGDINGS_ITEMS, write

PRIVATE_USE = re.compile("[\ue000-\uf8ff]")


@pytest.fixture(scope="module")
def parsed(tmp_path_factory):
    path = tmp_path_factory.mktemp("bullets") / "bullets.pdf"
    write(path)
    return layoutpdf.parse(str(path), {"ocr": {"mode": "never"}})


def test_the_fixture_reports_the_bullets_by_private_use_code_points(parsed):
    firsts = [ln.spans[0].text for ln in parsed.pages[0].lines if ln.spans]
    assert any(f == "\u2022" for f in firsts)           # read through Symbol's encoding
    assert any(f == "\uf0b7" for f in firsts)           # 'F4' names none: left as it is


def test_no_bullet_is_written_as_a_formula(parsed):
    md = parsed.to_markdown()
    assert "$" not in md
    assert not PRIVATE_USE.search(md)


@pytest.mark.parametrize("items", [SYMBOL_ITEMS, WINGDINGS_ITEMS, UNNAMED_ITEMS, SOLID_ITEMS],
                         ids=["Symbol", "Wingdings", "unnamed font", "set solid"])
def test_each_bullet_opens_a_list_item_of_its_own(parsed, items):
    md = parsed.to_markdown()
    for lines in items:
        assert "- " + " ".join(lines) in md.split("\n\n")
    starts = [e for e in parsed.body_elements() if e.role == Role.LIST_ITEM]
    assert {e.text.split(" ", 1)[1] for e in starts} >= {" ".join(ls) for ls in items}


def test_check_boxes_read_as_ballot_boxes(parsed):
    md = parsed.to_markdown()
    assert "Yes \u2612 No \u2610" in md
    # Wingdings codes reported as Latin-1 characters: no diaeresis read as an accent
    assert "Large accelerated filer \u2611 Accelerated filer \u2610" in md


def test_check_boxes_in_a_table_read_as_boxes(tmp_path):
    """A table's cells read the words of the text page, not the spans: the Wingdings boxes
    in them are read through the font's chart as the spans are (☑ ☐, not þ ¨)."""
    from symbol_bullets_pdfs import CHECK_ROWS, write_check_table
    path = tmp_path / "check_table.pdf"
    write_check_table(path)
    d = layoutpdf.parse(str(path))
    cells = [c for t in d.tables for r in t.rows for c in r]
    assert d.tables and any("☑" in c for c in cells) and any("☐" in c for c in cells)
    text = d.to_markdown()
    assert "þ" not in text and "¨" not in text
    assert text.count("☑") == len(CHECK_ROWS) and text.count("☐") == len(CHECK_ROWS)
