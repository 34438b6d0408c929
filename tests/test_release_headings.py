"""Headings are set apart from the text they head (issue 39 E; fixture:
tests/release_prose_pdfs.py). Where a release's prose is set larger than the statements
that make up most of its characters, a sentence, a list entry or a signature line in that
prose's type is no heading; a bold, underlined, accent-coloured or reversed-out line is one."""
from __future__ import annotations

import pytest

import layoutpdf
from layoutpdf.model import Role
from release_prose_pdfs import (ACCENT, NEXT_EXHIBIT, REVERSED, BULLETS, CLOSING, HEADING, LABELS, LINK, SENTENCE, SIGNATURE, SIGNER,
                                UNDERLINED, release)


@pytest.fixture(scope="module")
def parsed(tmp_path_factory):
    path = tmp_path_factory.mktemp("release") / "release.pdf"
    release(path)
    return layoutpdf.parse(str(path), {"ocr": {"mode": "never"}})


def _roles(doc, text):
    found = [e.role for e in doc.elements if text[:20] in e.text]
    assert found, "%r not found" % text
    return found


@pytest.mark.parametrize("text", [SENTENCE, *BULLETS, CLOSING, *SIGNATURE])
def test_a_line_in_the_running_texts_type_is_no_heading(parsed, text):
    assert Role.HEADING not in _roles(parsed, text)


@pytest.mark.parametrize("text", [HEADING, UNDERLINED, ACCENT, REVERSED])
def test_a_bold_underlined_or_accented_line_is_a_heading(parsed, text):
    assert _roles(parsed, text) == [Role.HEADING]


@pytest.mark.parametrize("text", [LINK, *LABELS])
def test_a_link_or_labels_side_by_side_are_no_headings(parsed, text):
    assert Role.HEADING not in _roles(parsed, text)


def test_the_document_body_is_the_statements_type(parsed):
    assert parsed.stats.body_size == pytest.approx(8.0, abs=0.1)


@pytest.mark.parametrize("text", SIGNER)
def test_a_conformed_signature_and_the_bold_name_under_it_are_no_headings(parsed, text):
    assert Role.HEADING not in _roles(parsed, text)


def test_a_signature_closes_what_it_signs(parsed):
    """The signer's name ends its page's text; the next exhibit's title on the next page
    does not continue it (stage stitch)."""
    name = [e for e in parsed.elements if SIGNER[1] in e.text]
    assert len(name) == 1 and NEXT_EXHIBIT not in name[0].text
    assert any(e.text.startswith(NEXT_EXHIBIT) for e in parsed.elements)
