"""The text of lines: fragments on one baseline joined into a line, lines joined into a
paragraph (hyphenation undone, no spaces inside CJK), and what ends a sentence.

Several stages (layout, math, figures, footnotes, stitch) and the caption rules read
text this one way, so a paragraph reads the same whichever stage built it.
"""
from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
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


# from a word's first letter only (the lookbehind): a start inside a word finds the same
# word end, so it matches exactly where the word's start does, but trying every letter of
# every word of a hyphenated line as a start made the scan quadratic in word length
_HYPHENATED = re.compile(r"(?<![^\W\d_])[^\W\d_]+(?:[-\u2010][^\W\d_]+)+")
_LAST_WORD = re.compile(r"[^\W\d_]+$")
_FIRST_WORD = _WORD = re.compile(r"[^\W\d_]+")


def hyphen_compounds(texts: Iterable[str]) -> frozenset[tuple[str, str]]:
    """The word pairs a document writes joined by a hyphen inside its lines, lowercased:
    `short-term` gives ("short", "term"), `state-of-the-art` each neighbouring pair.

    A typesetter breaks a line at a compound's own hyphen as readily as inside a word;
    the one way to tell `short-|term` from `exam-|ple` without a dictionary is whether
    the document writes the pair with its hyphen where no line ends (`join_lines`). A
    pair the document writes more often closed up (`copyright`, once quoted `copy-right`)
    is not kept."""
    return _compounds(tuple(texts))


@lru_cache(maxsize=1)
def _compounds(texts: tuple[str, ...]) -> frozenset[tuple[str, str]]:
    """`hyphen_compounds` of these texts. The layout and stitch stages both ask for the
    document's lines (the same lines, in the same order, unless a stage between changed
    them): the second asks the first's answer, for the same texts only."""
    hyphenated: Counter[tuple[str, str]] = Counter()
    for text in texts:
        if "-" not in text and "\u2010" not in text:
            continue
        for m in _HYPHENATED.finditer(text):
            parts = re.split("[-\u2010]", m.group(0).lower())
            hyphenated.update(zip(parts, parts[1:]))
    if not hyphenated:
        return frozenset()
    closed = {a + b: 0 for a, b in hyphenated}
    # each distinct word lowercased once (a filing has ~20 000 lines, far fewer distinct
    # words)
    for w, n in _word_counts(texts).items():
        w = w.lower()
        if w in closed:
            closed[w] += n
    return frozenset(p for p, n in hyphenated.items() if n >= closed[p[0] + p[1]])


# ASCII bytes that are no letter become spaces: in ASCII, _WORD's letters are A-Z and a-z
_ASCII_LETTERS_ONLY = bytes(c if 65 <= c <= 90 or 97 <= c <= 122 else 32 for c in range(256))


def _word_counts(texts: tuple[str, ...]) -> Counter[str]:
    """How often each `_WORD` occurs in the texts. No word runs across the line break the
    texts are joined with, so the ASCII lines (most of a filing) are cut at their
    non-letters by bytes.translate, several times faster than the Unicode pattern, which
    reads the other lines."""
    ascii_text = "\n".join(t for t in texts if t.isascii()).encode("ascii")
    counts = Counter(_WORD.findall("\n".join(t for t in texts if not t.isascii())))
    for w, n in Counter(ascii_text.translate(_ASCII_LETTERS_ONLY).split()).items():
        counts[w.decode("ascii")] += n
    return counts


def _compound(out: str, t: str, compounds: frozenset[tuple[str, str]]) -> bool:
    """Whether the hyphen ending `out` joins two words the document writes as a compound."""
    if not compounds:
        return False
    left = _LAST_WORD.search(out.rstrip("-\u2010\u00ad"))
    right = _FIRST_WORD.match(t)
    return bool(left and right) and (left.group(0).lower(), right.group(0).lower()) in compounds


def join_lines(texts: list[str], compounds: frozenset[tuple[str, str]] = frozenset()) -> str:
    """Join the lines of a paragraph: undo end-of-line hyphenation, no spaces inside CJK
    (a Korean line that ended with a space was cut between words: keep one).

    `compounds` (`hyphen_compounds` of the document): a line broken at the hyphen of a
    pair the document writes hyphenated elsewhere keeps it (`short-|term`)."""
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
            if "-" in word or last == "\u2010" or (last == "-" and _compound(out, t, compounds)):
                out += t                      # a real compound: state-of-the-|art, short-|term
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
# what closes a clause a line may end on: a full stop, a colon or a semicolon (the splitter's
# sentence leads, a paragraph line over a dated last line)
CLAUSE_END = (".", "!", "?", ":", ";")
