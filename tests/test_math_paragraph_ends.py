"""A paragraph's last line that holds only an inline formula ('... where the bound is' /
'μ_k.'), which the block stage ran into the display right under it (webdev-09, Chromium,
two columns): the line goes back on its paragraph; the display keeps the rest. Lines and
blocks are modelled on that page's geometry."""
from __future__ import annotations

from layoutpdf.model import BBox, Element, Layer, Line, Role
from layoutpdf.model.content import Span
from layoutpdf.stages.math.tails import rejoin_paragraph_ends

SANS, MATH = "LiberationSans", "DejaVuMathTeXGyre-Regular"


def _line(i: int, parts: list[tuple[str, str, float, float, float]], top: float,
          bottom: float, base: float) -> Line:
    spans = tuple(Span(f"s{i}-{k}", text, BBox(x0, top, x1, bottom), font, size, 0, 0, 255,
                       (x0, base)) for k, (text, font, size, x0, x1) in enumerate(parts))
    return Line.build(f"l{i}", 0, spans)


PROSE = [_line(0, [("objects are seekable. Normally used by importing the", SANS, 9.5,
                    306.6, 547.3)], 697.2, 707.8, 705.8),
         _line(1, [("package, and perhaps a particular module inside it. Add", SANS, 9.5,
                    306.6, 547.3)], 709.2, 719.8, 717.8),
         _line(2, [("label to list of labels on the message, where the bound is", SANS, 9.5,
                    306.6, 547.3)], 721.9, 732.5, 730.5)]
MU = _line(3, [("\U0001d707", MATH, 9.5, 306.6, 313.4), ("\U0001d458", MATH, 7.6, 313.4, 318.5),
               (".", SANS, 9.5, 318.9, 321.5)], 733.9, 747.8, 742.5)
GAMMA = _line(4, [("\U0001d6e4(\U0001d467) = \u222b", MATH, 10.0, 371.3, 412.0),
                  ("0", MATH, 7.0, 416.9, 420.2)], 755.3, 771.2, 765.0)
TAG = _line(5, [("(2)", SANS, 9.5, 533.0, 547.3)], 755.3, 766.0, 764.0)
LINES = {ln.id: ln for ln in [*PROSE, MU, GAMMA, TAG]}


def _block(i: str, lines: list[Line], role: Role = Role.PARAGRAPH) -> Element:
    return Element(i, role, Layer.BODY, 0, BBox.union_all([ln.bbox for ln in lines]),
                   " ".join(ln.text for ln in lines), tuple(ln.id for ln in lines))


def test_formula_ending_a_paragraph_goes_back_on_it():
    out = rejoin_paragraph_ends([_block("a", PROSE), _block("b", [MU, GAMMA, TAG])], LINES, 9.5)
    assert [e.line_ids for e in out] == [("l0", "l1", "l2", "l3"), ("l4", "l5")]
    assert out[1].bbox.y0 == GAMMA.bbox.y0


def test_display_under_a_finished_sentence_stays():
    ended = PROSE[:2] + [_line(2, [("label to list of labels on the message, as said.", SANS,
                                     9.5, 306.6, 500.0)], 721.9, 732.5, 730.5)]
    lines = {**LINES, "l2": ended[2]}
    blocks = [_block("a", ended), _block("b", [MU, GAMMA, TAG])]
    assert rejoin_paragraph_ends(blocks, lines, 9.5) == blocks


def test_centred_display_line_is_not_a_paragraph_end():
    # the display's own first line, set apart from the column's edge, stays the display's
    blocks = [_block("a", PROSE), _block("b", [GAMMA, TAG], Role.EQUATION)]
    assert rejoin_paragraph_ends(blocks, LINES, 9.5) == blocks
