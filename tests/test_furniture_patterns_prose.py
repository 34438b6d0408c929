"""Lines of prose that name years or a date are no citation or date footers (issue 39 F):
a filing's note ('... as of December 31, 2021, 2020, and 2019, respectively') set at the
foot of its page stays body."""
from __future__ import annotations

from layoutpdf.model import BBox, Line, Span
from layoutpdf.stages.furniture.outer_rows import OuterBlock, furniture_kind
from layoutpdf.text.margin_lines import PATTERNS

RULES = dict(PATTERNS)


def test_a_list_of_years_is_no_journal_citation():
    assert not RULES["journal citation"].search("baseline by 5.0%, 5.3% and 4.3% as of December 31, 2021, 2020, and 2019")
    assert RULES["journal citation"].search("Phys. Rev. Lett. 2019, 12, 345")       # year, volume, page
    assert RULES["journal citation"].search("Nature 2020, 581:")


def test_a_date_before_an_amount_is_no_journal_citation():
    """A 10-Q's cover ends 'At August 4, 2023, 5,645,959,570 shares ... were outstanding'
    at the foot of its page (Pfizer 2023 Q2): the number after the year is an amount
    grouped in thousands, not a volume."""
    cover = "At August 4, 2023, 5,645,959,570 shares of the issuer’s voting common stock were outstanding."
    assert not RULES["journal citation"].search(cover)
    assert furniture_kind(_line(cover), OuterBlock("bottom", (_line(cover),), gap=20.0), 9.0, 11.0) is None
    assert RULES["journal citation"].search("J. Finance 2021, 76, 1,")


def _line(text: str) -> Line:
    box = BBox(36, 700, 36 + 4.5 * len(text), 709)
    return Line.build("l0", 0, (Span("s0", text, box, "Helvetica", 9.0, 0, 0, 255, (36, 709)),))


def test_a_long_line_naming_a_date_is_prose_not_a_dated_footer():
    prose = _line("of December 31, 2021 and December 31, 2020. See Note 6—Acquisitions and Divestitures "
                  "for additional information.")
    footer = _line("Geneva, 12 May 2020")
    for ln, kind in ((prose, None), (footer, "date")):
        block = OuterBlock("bottom", (ln,), gap=20.0)
        assert furniture_kind(ln, block, body_size=9.0, pitch=11.0) == kind, ln.text
