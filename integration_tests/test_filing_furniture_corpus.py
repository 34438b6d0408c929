"""Body text at the foot of real filings' pages stays body (issue 39 F, issue 36): EDGAR's
HTML converters set the page number right under each page's content, at a different
height on every page, so no height is a running zone; and a row of amounts at the foot
of a page is no page number. Reads the shared FinanceBench filings; skipped without them."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

import layoutpdf
from layoutpdf.model import Layer

FILINGS = Path(os.environ.get("LAYOUTPDF_FINANCEBENCH", "/work/shared/corpus/financebench_dev"))


def _parsed(name: str):
    path = FILINGS / f"{name}.pdf"
    if not path.is_file():
        pytest.skip(f"filing {path} not found (set LAYOUTPDF_FINANCEBENCH to the financebench_dev folder)")
    return layoutpdf.parse(str(path))


def _furniture(doc, page: int) -> list[str]:
    return [e.text for e in doc.elements if e.page == page and e.layer is Layer.FURNITURE]


def test_short_items_at_the_foot_of_a_page_stay_body():
    doc = _parsed("NETFLIX_2017_10K")
    assert "None." not in _furniture(doc, 32)            # Item 9 ... / None. / 31
    assert "Item 15." not in _furniture(doc, 1)          # the contents' last row
    assert _furniture(doc, 32) == ["Table of Contents", "31"]
    assert _furniture(doc, 1) == ["Table of Contents"]  # '... Schedules 36' ends the references


def test_the_last_page_reference_of_a_contents_sheet_is_no_page_number():
    """The contents' page references end in the bottom rows of sheets without a number."""
    for name, page, reference in (("NIKE_2019_10K", 1, "92"), ("NIKE_2019_10K", 56, "84"),
                                  ("AMERICANWATERWORKS_2021_10K", 1, "145")):
        doc = _parsed(name)
        assert reference not in _furniture(doc, page), name


def test_amounts_at_the_foot_of_a_page_are_no_page_numbers():
    doc = _parsed("Pfizer_2023Q2_10Q")
    kept = " ".join(e.text for e in doc.elements if e.page == 46 and e.layer is Layer.BODY)
    for amount in ("469", "430", "423", "457", "284", "345"):
        assert amount not in _furniture(doc, 46)
        assert amount in kept


def test_the_last_entry_of_a_repeated_column_is_no_footer():
    """A signature block's date beside each director and the exhibit index's 'X' of each
    exhibit filed herewith: the last row's entry repeats the column above it."""
    doc = _parsed("NETFLIX_2017_10K")
    assert _furniture(doc, 67) == ["Table of Contents", "66"]       # ... Rodolphe Belmer / Director / January 29, 2018
    assert _furniture(doc, 64) == ["Table of Contents", "63"]       # ... 2002  X
    doc = _parsed("ADOBE_2016_10K")
    assert "X" not in _furniture(doc, 110)
