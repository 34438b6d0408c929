"""What a line's text alone says of its kind: a table-of-contents entry, the start of a
list item, an equation number, a caption label set alone. Read by the block segmenter
and by the classify, captions and stitch rules alike."""
from __future__ import annotations

import re

from ..text.caption_labels import OTHER_LANGUAGE_WORDS

# a caption label set alone on its line ("TABLE III", "Figure 2:", "Tabelle 2") above the
# caption text (the words of other languages: text/caption_labels.py)
LABEL_ONLY = re.compile(r"^\s*(?:fig(?:ure)?|table|tab|" + OTHER_LANGUAGE_WORDS
                        + r")\.?\s*(?:[A-Z]?\d+[a-z]?|[IVXLC]+)\s*[:.]?$", re.I)
# an equation number, "(2)", "(3.1)", "(4b)", an appendix's "(A.2)", at the end of a line
EQUATION_TAG = re.compile(r"\(\s*(?:[A-Z]\.?)?\d+(?:\.\d+)*[a-z]?\s*\)\s*$")
# a bullet: a dash, a typographic bullet, or a symbol font's glyph its font names no
# character for (text/symbol_codes.py: Word's Symbol bullet in a font embedded as 'F4')
BULLET_CHARS = "•·◦▪▫‣⁃●○■□➢►–—\uf020-\uf0ff-"
_LIST_START = re.compile(r"^\s*(?:[" + BULLET_CHARS + r"]\s+|\(?\d{1,3}[.)]\s+|\(?[a-zA-Z][.)]\s+|\([ivx]{1,4}\)\s+)")


# a table-of-contents entry ends in leader dots (or an ellipsis) and a page number
_LEADER_RUN = r"(?:(?:\.\s?){4,}|[…⋯]+|(?:·\s?){4,})"       # dot leaders, or an ellipsis
LEADERS = re.compile(r"\s*" + _LEADER_RUN + r"\s*")
_PAGE_REF = r"(?:\d{1,4}|[ivxlc]{1,7})"
_TOC_ENTRY = re.compile(_LEADER_RUN + r"\s*" + _PAGE_REF
                        + r"(?:\s*[,–-]\s*" + _PAGE_REF + r")*\s*$", re.I)


_LEADER_HINT = re.compile(r"\.\s?\.|[…⋯·]")     # what every leader run starts with
_PAGE_REF_END = re.compile(r"[\divxlc]", re.I)     # what every page reference ends with


# a conformed signature, as filings sign (Regulation S-T, Rule 302: the typed name after '/s/')
_SIGNED = re.compile(r"^\s*(?:by:\s*)?/s/", re.I)
SIGNATURE_BLOCK = "a signature block"     # the reason the classify stage gives its lines
ROW_CELL = "a cell of a row"              # ... and lines set side by side (classify/row_cells)


def is_signed(text: str) -> bool:
    """A conformed signature line: '/s/ JANE DOE', 'By: /s/ Jane Doe'."""
    return bool(_SIGNED.match(text))


def is_toc_entry(text: str) -> bool:
    # an entry ends in a page reference: testing the last character first spares the
    # leader searches on almost every line and paragraph
    return _PAGE_REF_END.fullmatch(text.rstrip()[-1:]) is not None \
        and _LEADER_HINT.search(text) is not None and _TOC_ENTRY.search(text) is not None


def is_list_start(text: str) -> bool:
    return bool(_LIST_START.match(text))
