"""The text of lines: fragments on one baseline joined into a line, lines joined into a
paragraph (hyphenation undone, no spaces inside CJK), and what ends a sentence.

Several stages (layout, math, figures, footnotes, stitch) and the caption rules read
text this one way, so a paragraph reads the same whichever stage built it.
"""
from __future__ import annotations

import re
from operator import attrgetter
from typing import Iterable

from ..model import Line
from .scripts import cjk_despace, is_cjk, is_hangul

_LEFT = attrgetter("bbox.x0")
_HYPHENS = ("-", "\u2010", "\u00ad")
CJK_WORD_GAP_EM = 1.0   # between CJK fragments a gap this wide (in font sizes) is a word space


def line_text(lines: Iterable[Line]) -> str:
    """Text of fragments on one baseline, left to right, spaced where there is a gap.

    Between two CJK characters only a gap of a full character or more (names, keywords
    set apart) is a space; letter-spaced runs are closed up (`cjk_despace`). A Korean
    line that ends at a word boundary (the PDF keeps the space there) keeps one trailing
    space, for `join_lines`.
    """
    out = ""
    prev: Line | None = None
    for ln in sorted(lines, key=_LEFT):
        t = ln.text.strip()
        if not t:
            continue
        if prev is not None and out and not out.endswith(" "):
            gap = ln.bbox.x0 - prev.bbox.x1
            cjk = is_cjk(out[-1]) and is_cjk(t[0])
            if gap > (CJK_WORD_GAP_EM if cjk else 0.12) * max(ln.size, 1.0):
                out += " "
        out += t
        prev = ln
    if out.isascii():
        return out                  # (most rows) no CJK to close up, no Korean word end
    out = cjk_despace(out)
    if prev is not None and is_hangul(out[-1:]) and prev.text[-1:].isspace():
        out += " "
    return out


def join_lines(texts: list[str]) -> str:
    """Join the lines of a paragraph: undo end-of-line hyphenation, no spaces inside CJK
    (a Korean line that ended with a space was cut between words: keep one)."""
    out = ""
    word_end = False
    for raw in texts:
        t = raw.strip()
        if not t:
            continue
        if not out:
            out, word_end = t, raw[-1:].isspace()
            continue
        last, first = out[-1], t[0]
        if (last in _HYPHENS and len(out) >= 2 and out[-2].isalpha() and not is_cjk(out[-2])
                and first.islower()):
            word = out.rstrip("-\u2010\u00ad").rsplit(" ", 1)[-1]
            if "-" in word or last == "\u2010":
                out += t                      # a real compound: state-of-the-|art
            else:
                out = out[:-1] + t            # exam-|ple -> example
        elif last in _HYPHENS and len(out) >= 2 and out[-2].isalpha() and first.isalpha():
            word = out.rstrip("-\u2010\u00ad").rsplit(" ", 1)[-1]
            nxt = re.match(r"[^\W\d_]+", t)
            if word.isupper() and nxt and nxt.group(0).isupper() and "-" not in word:
                out = out[:-1] + t            # PYTHON-|PATH: a capitalised word broken
            else:
                out += t                      # Smith-|Jones: the hyphen is real, no space
        elif is_cjk(last) and is_cjk(first):
            out += " " + t if word_end and (is_hangul(last) or is_hangul(first)) else t
        elif last in _HYPHENS and is_cjk(out[-2:-1]) and is_cjk(first):
            out += t                          # a dash inside CJK text: no space, no dehyphenation
        else:
            out += " " + t
        word_end = raw[-1:].isspace()
    return out


SENTENCE_END = (".", "!", "?", "。", "！", "？", "．", "｡", "」", "』", "）", ":", "\u201d", '"', ")")
