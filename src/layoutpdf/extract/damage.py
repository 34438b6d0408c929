"""What MuPDF said while reading a page, as an Issue (issue 34).

MuPDF repairs what it can of a damaged page and goes on: a content stream cut short ends
where its data ends, a font whose character map will not parse loses its mapping. Its
errors and warnings are switched off on the console (open.py) and kept in a buffer
instead; `read_damage` reads that buffer for one page (reset before the page, read after
it) and says what kind of damage it reports in a ``damaged_content`` Issue, with how
much shorter the page's text is than its text operators imply.

Only messages that mean lost or misread content count. What MuPDF says about well-formed
files too (a non-embedded font, marked content left open, a link without a destination,
a stream whose /Length was off by a few bytes) is not damage and says nothing.
"""
from __future__ import annotations

import re

import pymupdf

from ..errors import Issue

KINDS = (   # (what the page's reader is told, MuPDF messages that mean it), first match wins
    ("a damaged font or character map (its text may read wrong)",
     re.compile(r"cmap|bfrange|bfchar|cidrange|unicode|font program|cannot load font|"
                r"type ?3|cff|truetype font", re.I)),
    ("stream data cut short or failing to decode (content after the damage is lost)",
     re.compile(r"premature end|zlib|flate|lzw|ascii ?85|ascii ?hex|run ?length|read error|"
                r"decod|jbig2|jpx|dct|jpeg|ccitt|truncated", re.I)),
    ("syntax errors in its content (operators after them may be skipped)",
     re.compile(r"syntax error|unknown keyword|invalid character|expected|unexpected|operand|"
                r"unbalanced|too many|lex", re.I)),
    ("missing or damaged objects",
     re.compile(r"cannot find object|object out of range|cannot load|object number|missing|"
                r"xref|no such", re.I)),
)
NOT_DAMAGE = re.compile(r"non-embedded font|bogus font|length incorrect|aes padding|"
                        r"marked content|actualtext|link destination|any cmaps", re.I)
_REPEATED = re.compile(r"\.\.\. repeated (\d+) times")
SHORT_TEXT = 0.5        # fewer characters than this share of the text operators: "shorter"


def reset() -> None:
    """Forget what MuPDF said before (call before reading a page)."""
    pymupdf.TOOLS.reset_mupdf_warnings()


def read_damage(index: int, chars: int, text_ops: int) -> Issue | None:
    """A ``damaged_content`` Issue for page `index` when MuPDF reported damage while it
    was read (since `reset`); `chars` characters came out of `text_ops` text-showing
    operators."""
    try:
        said = pymupdf.TOOLS.mupdf_warnings(reset=True) or ""
    except Exception:   # an older PyMuPDF without the buffer: nothing to read
        return None
    kinds: dict[str, int] = {}
    first = ""
    last = None
    for line in said.splitlines():
        more = _REPEATED.search(line)
        if more:
            if last is not None:
                kinds[last] += int(more.group(1)) - 1
            continue
        last = _kind(line)
        if last is not None:
            kinds[last] = kinds.get(last, 0) + 1
            first = first or line.strip()
    if not kinds:
        return None
    n = sum(kinds.values())
    text = (f"page {index + 1}: MuPDF reported {'; '.join(kinds)} while reading it ({n} "
            f"message(s), first: {first[:120]!r})")
    if text_ops and chars < SHORT_TEXT * text_ops:
        text += (f"; its text is much shorter than its content implies ({chars} characters "
                 f"from {text_ops} text-showing operators)")
    return Issue("extract", index, "damaged_content", text + "; some of its content may be "
                 "missing or wrong")


def _kind(line: str) -> str | None:
    if not line.strip() or NOT_DAMAGE.search(line):
        return None
    return next((what for what, pattern in KINDS if pattern.search(line)), None)


__all__ = ["read_damage", "reset"]
