"""Headings of the real filings are set apart from the page's running text (issue 39 E):
the layouts tests/release_prose_pdfs.py stands for, read where they were found. Reads
single pages of the shared FinanceBench filings; skipped without them."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

import layoutpdf
from layoutpdf.model import Role

FILINGS = Path(os.environ.get("LAYOUTPDF_FINANCEBENCH", "/work/shared/corpus/financebench_dev"))


def _elements(name: str, pages: list[int]):
    path = FILINGS / f"{name}.pdf"
    if not path.is_file():
        pytest.skip(f"filing {path} not found (set LAYOUTPDF_FINANCEBENCH to the financebench_dev folder)")
    return layoutpdf.parse(str(path), pages=pages).elements


def _roles(elements, start: str) -> set[Role]:
    found = {e.role for e in elements if e.text.lstrip("•· ").startswith(start)}
    assert found, start
    return found


RELEASE = list(range(2, 12))    # prose pages and the statements after them (8 pt the commonest size)


@pytest.mark.parametrize("start", ["For the twelve-month period ending June 30, 2024",
                                   "Adjusted EPS of 67 to 71 cents",
                                   "Those wishing to access the call",
                                   "US & Canada",
                                   "A replay of the webcast"])
def test_a_release_s_prose_set_larger_than_its_statements_is_no_heading(start):
    """Amcor's release: 10 pt prose beside 8 pt statements, 8 pt its commonest size."""
    assert Role.HEADING not in _roles(_elements("AMCOR_2023Q4_EARNINGS", RELEASE), start)


@pytest.mark.parametrize("start", ["Conference Call", "Fiscal 2024 Guidance", "June 2023 quarter"])
def test_bold_larger_and_underlined_headings_stay(start):
    assert _roles(_elements("AMCOR_2023Q4_EARNINGS", RELEASE), start) == {Role.HEADING}


def test_a_signature_closes_the_certification_it_signs():
    """Pfizer's 10-Q: the signer's printed name under '/s/ ALBERT BOURLA' is no heading, and
    the next certification's title on the next page does not continue it."""
    elements = _elements("Pfizer_2023Q2_10Q", [68, 69])
    name = [e for e in elements if e.text.startswith("Albert Bourla")]
    assert len(name) == 1
    assert name[0].role is not Role.HEADING and "Certification" not in name[0].text
