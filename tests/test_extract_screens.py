"""Cheap screens in extraction give the verdict of the full test they stand in for."""
import re

import pytest
from hypothesis import given, settings, strategies as st

from layoutpdf.extract import words
from layoutpdf.extract.accents import ACCENT
from layoutpdf.extract.font_encoding import _MAY_BE_CUT, _span_name, recode_tex_fonts

# letters, spaces, newlines (TeX maths fonts draw glyphs at \n), accents, ligatures,
# soft hyphens, fixed spaces, digits: what the patterns `_scan` looks for are made of
_ALPHABET = "ab xy\n\t\u00b4`^~\u00a8\ufb01\u00ad\u00a0\u2009\u200b\u00e91.-_"
# the one expression the screen stands in for: a span is worth a look when it matches
_LOOK = re.compile("|".join(f"(?:{p.pattern})" for p in (
    words._SPECIAL, ACCENT, words._LONG_RUN, words._LETTER_SPACED)))
_texts = st.text(alphabet=_ALPHABET, max_size=40) | st.lists(
    st.sampled_from(["a", "b", "xy", "é", "1", " ", "  ", "\n", "abcdefghijklmnopq", "r"]),
    max_size=30).map("".join)


@settings(max_examples=600, deadline=None)
@given(st.lists(_texts, min_size=1, max_size=5))
def test_the_line_screen_matches_when_one_of_its_spans_matches(texts):
    per_span = any(_LOOK.search(t) for t in texts)
    assert words.worth_a_look("\n".join(texts)) == per_span


@pytest.mark.parametrize("text,expected", [
    ("plain words of a line", False), ("a b c d", True), ("a b c", False), ("a b  c d", False),
    ("1 2 3 4", False), ("x a b c d y", True), ("abcdefghijklmnopqr", True),
    ("abcdefghijklmnopq", False), ("abcdefghi1jklmnopqr", False), ("ﬁne", True),
    ("cafe\u00b4", True), ("no\u00a0break", True)])
def test_the_line_screen_on_examples(text, expected):
    assert bool(_LOOK.search(text)) == expected
    assert words.worth_a_look(text) == expected


def test_a_long_run_or_letter_spacing_across_spans_is_not_a_span_match():
    # neither span alone holds 18 letters, or 4 single letters: the line is not looked at
    assert not words.worth_a_look("\n".join(["abcdefghij", "klmnopqrst"]))
    assert not words.worth_a_look("\n".join(["a b ", "c d"]))


class _Page:
    """A page stub: counts how often its font list is read."""
    def __init__(self):
        self.parent, self.reads = type("Doc", (), {})(), 0

    def get_fonts(self):
        self.reads += 1
        return []


def _raw(font):
    return {"blocks": [{"type": 0, "lines": [{"spans": [{"font": font, "text": "x"}]}]}]}


def test_the_font_list_is_read_only_when_a_span_may_be_cmex():
    # 31 characters of the /BaseFont are kept, subset tag included: a cut name may have
    # lost what names its family, so a name that long always has the font list read
    cut = _span_name("ABCDEF+SomeFoundryLongPrefixMathExtension")
    assert len(cut) == _MAY_BE_CUT and "mathextension" not in cut.lower()
    for font, reads in (("CMR10", 0), ("LiberationSerif-Bold", 0), ("CMEX10", 1),
                        ("LMMathExtension10-Regula", 1), (cut, 1)):
        page = _Page()
        recode_tex_fonts(page, _raw(font))
        assert page.reads == reads, font
