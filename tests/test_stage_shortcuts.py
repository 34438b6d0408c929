"""The shortcuts the stages take for speed give what the plain rule gives (issue 22).

Each test states the rule the way it was written before the shortcut (a reference copy)
and checks the stage's answer against it: on every character where a character test
screens an expression, on random inputs elsewhere.
"""
from __future__ import annotations

import random
import re
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from layoutpdf.model import BBox, Line, Page, Span
from layoutpdf.elements import captions, line_kinds, rows
from layoutpdf.stages.furniture import outer_rows
from layoutpdf.stages.figures import regions
from layoutpdf.text import caption_labels, scripts
from layoutpdf.text.latex_symbols import font_family, is_math_char, is_math_font, is_symbol_font

FONTS = ("Times-Roman", "Times-Bold", "CMR10", "CMMI10", "CMSY10", "CMEX10", "OpenSymbol",
         "DejaVuMathTeXGyre-Regular", "Courier", "ABCDEF+CMBX12")
TEXTS = ("the", "quick", "brown fox", " ", "", "x", "=", "a+b", "α", "≤", "∑", "(1)", "12",
         "Figure", "→", "\x0c", "integral", "f(x) = y", "… 12", "word word", "\xa0", "ſ")


def _span(text: str, font: str, x: float, size: float = 10.0, y: float = 100.0) -> Span:
    width = max(len(text), 1) * size * 0.5
    return Span(id=f"s{x}", text=text, bbox=BBox(x, y - size, x + width, y + 0.2 * size),
                font=font, size=size, flags=16 if "Bold" in font else 0, color=0, alpha=255,
                origin=(x, y))


def _row(rng: random.Random) -> rows.Row:
    lines, x = [], 0.0
    for n in range(rng.randint(1, 3)):
        spans = []
        for _ in range(rng.randint(1, 4)):
            spans.append(_span(rng.choice(TEXTS), rng.choice(FONTS), x))
            x += 20.0
        lines.append(Line.build(f"l{n}", 0, tuple(spans)))
        x += 30.0
    return rows.rows_of(tuple(lines))[0]


# -- blocks: maths counts --------------------------------------------------------------------
_WORD = re.compile(r"[A-Za-z]{4,}")
_ASCII_MATH = frozenset("=+<>^_|/")


def _count_math_reference(row: rows.Row) -> tuple[int, int, int, bool]:
    """`row_math` as written before the shortcuts: span by span, character by character."""
    total = math = words = 0
    sign = False
    for ln in rows._formula_lines(row):
        for sp in ln.spans:
            text = rows._cmex_glyphs(sp) or "".join(sp.text.split())
            if not text:
                continue
            total += len(text)
            if is_math_font(sp.font) or is_symbol_font(sp.font):
                math += len(text)
                sign = sign or any(not c.isdigit() and c not in "()[].," for c in text)
                continue
            m = sum(1 for c in text if c in _ASCII_MATH or (c > "\x7f" and is_math_char(c)))
            math, sign = math + m, sign or m > 0
            words += len(_WORD.findall(sp.text))
    return total, math, words, sign


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=10 ** 9))
def test_row_counts_and_screen_match_the_span_by_span_rule(seed):
    row = _row(random.Random(seed))
    counts = _count_math_reference(row)
    assert rows.row_math(row) == counts
    total, math, words, sign = counts
    if row.no_maths:            # the screen never hides a maths row
        assert not (sign and total > 0 and words <= 2 and math >= 0.3 * total)


def test_row_cached_properties_are_the_plain_ones():
    rng = random.Random(7)
    for _ in range(200):
        row = _row(rng)
        spans = [s for ln in row.lines for s in ln.spans if s.text.strip()]
        assert row.bold == (bool(spans) and all(s.bold for s in spans))
        assert row.text == " ".join(ln.text for ln in row.lines)
        assert row.toc_entry == line_kinds.is_toc_entry(row.text)


# -- text screens: a character test before an expression ------------------------------------
_TOC_ENTRY = line_kinds._TOC_ENTRY
_LEADER_HINT = line_kinds._LEADER_HINT


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="ab .…·0123456789ivxlcIVXLC\u0130\u0131\n\t-–,", max_size=40))
def test_toc_entry_screen(text):
    expected = _LEADER_HINT.search(text) is not None and _TOC_ENTRY.search(text) is not None
    assert line_kinds.is_toc_entry(text) == expected


def test_label_first_characters_are_all_that_can_open_a_label():
    # a label opens (after white space) with the first letter of one of its words, matched
    # as the expression matches it (re.I folds 'ſ' to 's'): the set holds every such letter
    words = caption_labels.ALL_WORDS        # the label words of captions._LABEL
    first = re.compile("|".join(re.escape(w[0]) for w in words), re.I)
    for code in range(sys.maxunicode + 1):
        ch = chr(code)
        assert (first.fullmatch(ch) is not None) == (ch in captions._LABEL_FIRST), hex(code)
    for text in ("Figure 3: x", "  TABLE II", "ſcheme 2", "Tab. 4", "图 1", "the figure 3",
                 "Abb. 2", "Рис. 3", "그림 1", "ABB 2021"):
        expected = captions._LABEL.match(text)
        assert (captions.parse_label(text) is None) == (expected is None)


def test_cjk_screen_below_u1100():
    for code in range(0x1100 + 1):
        ch = chr(code)
        assert scripts.is_cjk(ch) == bool(scripts._CJK.match(ch))
        assert scripts.is_hangul(ch) == bool(scripts._HANGUL.match(ch))
    assert scripts.cjk_despace("plain ascii text") == "plain ascii text"


# -- figures: the vector cluster sweep --------------------------------------------------------
def _cluster_reference(boxes, gap):
    order = sorted(range(len(boxes)), key=lambda i: boxes[i][1])
    open_, done = [], []
    for i in order:
        x0, y0, x1, y1 = boxes[i]
        keep = []
        for g in open_:
            (keep if g[3] + gap >= y0 else done).append(g)
        open_ = keep
        for g in reversed(open_):
            if g[0] - gap <= x1 and x0 - gap <= g[2] and g[1] - gap <= y1:
                g[0], g[2], g[3] = min(g[0], x0), max(g[2], x1), max(g[3], y1)
                g[4].append(i)
                break
        else:
            open_.append([x0, y0, x1, y1, [i]])
    groups = regions._merge_groups(done + open_, gap)
    return [(g[4], (g[0], g[1], g[2], g[3])) for g in groups]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 60), st.integers(0, 60), st.integers(0, 8),
                          st.integers(0, 8)), max_size=60),
       st.sampled_from((0.0, 0.5, 3.0)))
def test_cluster_sweep_matches_the_plain_sweep(raw, gap):
    boxes = [(float(x), float(y), float(x + w), float(y + h)) for x, y, w, h in raw]
    assert regions.cluster_items(boxes, gap) == _cluster_reference(boxes, gap)


# -- furniture: outer blocks remembered per page -----------------------------------------------
def test_page_lines_outer_blocks_follow_the_marks():
    rng = random.Random(3)
    lines = []
    for n in range(30):
        y = 40.0 + n * 24.0 + rng.choice((0.0, 0.0, 8.0))
        lines.append(Line.build(f"l{n}", 0, (_span(rng.choice(("Page 3", "text of the body here",
                                                                  "www.example.org")), "Times-Roman",
                                                      72.0, 10.0, y),)))
    page = Page(index=0, width=612.0, height=792.0, lines=tuple(lines))
    cache = outer_rows.PageLines([page], 0.2, 12.0)
    marks: dict = {}
    for step in range(6):
        free = [ln for ln in lines if ln.id not in marks and ln.text.strip()]
        assert cache.outer_blocks(page, marks) == outer_rows.outer_blocks(page, free, 0.2, 12.0)
        marks[lines[step * 5].id] = ("x",)


# -- element ids: the box written as BBox.to_list(1) writes it ------------------------------------
@settings(max_examples=500, deadline=None)
@given(st.lists(st.floats(allow_nan=True, allow_infinity=True, width=64), min_size=4, max_size=4),
       st.integers(0, 500), st.text(max_size=30))
def test_element_id_keeps_the_rounded_box_of_to_list(coords, page, text):
    import hashlib
    from layoutpdf.elements.ids import element_id
    box = BBox(*coords)
    old = hashlib.blake2b(f"{page}|{box.to_list(1)}|{text}".encode("utf-8"), digest_size=5)
    assert element_id(page, box, text) == f"p{page}-{old.hexdigest()}"
