"""Markdown syntax the splitter recognises (see DESIGN.md, "Markdown conventions")."""
from __future__ import annotations

import re

from ..text.caption_labels import OTHER_LANGUAGE_TABLE_WORDS, OTHER_LANGUAGE_WORDS

HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+|$)")
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
DISPLAY_DELIM = re.compile(r"\$\$")
LIST_ITEM = re.compile(r"^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)")
THEMATIC_BREAK = re.compile(r"^ {0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$")
TABLE_LINE = re.compile(r"^ {0,3}\|")
TABLE_SEPARATOR = re.compile(r"^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")
# an image line: alt text and target (a crop's path, or "#<figure id>")
IMAGE_LINE = re.compile(r"^ {0,3}!\[(?P<alt>(?:[^\]\\]|\\.)*)\]\((?P<target>[^)\s]*)[^)]*\)")
# caption labels: the English words, and those of other languages (text/caption_labels.py)
CAPTION = re.compile(r"^ {0,3}[*_]{0,2}(?:Figure|Fig\.|Table|Tab\.|Chart|Plate|"
                     + OTHER_LANGUAGE_WORDS + r")[ \t]*"
                     r"(?:[A-Z]?\d+(?:[.\-]\d+)*[a-z]?|[IVXLC]+)\b", re.IGNORECASE)
TABLE_CAPTION = re.compile(r"^ {0,3}[*_]{0,2}(?:Table|Tab\.|" + OTHER_LANGUAGE_TABLE_WORDS
                           + r")[ \t]*"
                           r"(?:[A-Z]?\d+(?:[.\-]\d+)*[a-z]?|[IVXLC]+)\b", re.IGNORECASE)
FOOTNOTE_DEF = re.compile(r"^ {0,3}\[\^([^\]\s]+)\]:", re.MULTILINE)
# an anchor '[^3]' anywhere but a definition's head: '[^3]:' opens a definition only at the
# start of a line; in mid-line ('the rules[^1]: first, ...') it is an anchor before a colon
FOOTNOTE_ANCHOR = re.compile(r"(?<!\\)\[\^([^\]\s]+)\](?!:)"
                             r"|(?:(?<=[^\s\\])|(?<=[^\s][ \t]))\[\^([^\]\s]+)\](?=:)")

# Regions a cut may never fall inside: display math, inline math, footnote markers,
# inline code, links and images.
_INLINE_MATH = r"(?<![\\$])\$(?=[^\s$])(?:\\.|[^$\\\n]|\n(?!\n))*?(?<![\s\\])\$(?![$\d])"
PROTECTED = re.compile(
    r"\$\$.*?\$\$"                     # display math (may span lines)
    r"|" + _INLINE_MATH +
    r"|\[\^[^\]\s]+\]:?"               # footnote marker
    r"|(`+)(?:(?!\1)(?:[^\n]|\n(?!\n)))+?\1"   # inline code
    r"|!?\[(?:[^\]\\\n]|\\.)*\]\([^)\n]*\)",   # link or image
    re.DOTALL)
MATH = re.compile(r"\$\$|" + _INLINE_MATH)


def has_math(text: str) -> bool:
    return "$" in text and MATH.search(text) is not None


def anchors(text: str) -> list[str]:
    """Footnote labels referenced (not defined) in text, in order, without repeats."""
    if "[^" not in text:       # every anchor holds it: most text is skipped without the regex
        return []
    return list(dict.fromkeys(a or b for a, b in FOOTNOTE_ANCHOR.findall(text)))


def heading_level(text: str, declared: int | None = None) -> int:
    """A heading unit's level: the one it declares (`Unit.heading_level`), else the number
    of '#' that open it, else 1."""
    if declared:
        return declared
    m = HEADING.match(text.lstrip("\n"))
    return len(m.group(1)) if m else 1


def heading_text(text: str) -> str:
    first = text.strip().split("\n", 1)[0]
    return re.sub(r"(?:[ \t]+#+)?[ \t]*$", "", re.sub(r"^ {0,3}#{1,6}[ \t]*", "", first)).strip()


def open_blocks(text: str, state: tuple[str, bool] = ("", False)) -> tuple[str, bool]:
    """Scan text line by line; return (open code fence marker or "", inside $$ block).

    A block of the Markdown that ends with either open must not be separated from the
    next one: a blank line inside a fence or a display equation is not a boundary.
    """
    fence, in_math = state
    for line in text.split("\n"):
        if fence:
            m = FENCE.match(line)
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) \
                    and not line.strip().strip(fence[0]):
                fence = ""
            continue
        if not in_math:
            m = FENCE.match(line)
            if m:
                fence = m.group(1)
                continue
        if "$$" in line:
            if len(DISPLAY_DELIM.findall(_strip_escaped(line))) % 2 == 1:
                in_math = not in_math
    return fence, in_math


def _strip_escaped(line: str) -> str:
    return line.replace("\\$", "")
