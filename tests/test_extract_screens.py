"""Cheap screens in extraction give the verdict of the full test they stand in for."""
from hypothesis import given, settings, strategies as st

from layoutpdf.extract import words
from layoutpdf.extract.font_encoding import _MAY_BE_CUT, _span_name, recode_tex_fonts

# letters, spaces, newlines (TeX maths fonts draw glyphs at \n), accents, ligatures,
# soft hyphens, fixed spaces: what the patterns of words._LOOK look at
_ALPHABET = "ab xy\n\t\u00b4`^~\u00a8\ufb01\u00ad\u00a0\u2009\u200b1.-"


@settings(max_examples=400, deadline=None)
@given(st.lists(st.text(alphabet=_ALPHABET, max_size=40), min_size=1, max_size=5))
def test_one_search_per_line_matches_when_a_span_does(texts):
    per_span = any(words._LOOK.search(t) for t in texts)
    assert per_span == bool(words._LOOK.search("\n".join(texts)))


def test_a_long_run_or_letter_spacing_across_spans_is_not_a_span_match():
    # neither span alone holds 18 letters, or 4 single letters: the line is not looked at
    texts = ["abcdefghij", "klmnopqrst"]
    assert not any(words._LOOK.search(t) for t in texts)
    assert not words._LOOK.search("\n".join(texts))
    assert not words._LOOK.search("\n".join(["a b ", "c d"]))


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
