"""A table's unit line: "(in thousands)", "(Dollars in millions)", said of the whole
table, not of one column (read by the table finder and by the Markdown renderer)."""
from __future__ import annotations

import re

UNIT_WORD = re.compile(r"\b(?:thousands|millions|billions|percent)\b", re.I)
_BRACKETED = re.compile(r"^\(.{1,80}\)$")
_AMOUNTS_IN = re.compile(r"^[(\[]?\s*(?:[$€£¥]|(?:u\.s\.\s)?dollars\b|amounts\b|in\b)", re.I)


def unit_label(text: str) -> bool:
    """A unit in brackets: "(in thousands)", "(Dollars in millions)", "(in thousands,
    except revenue per membership and percentages)"."""
    return _BRACKETED.match(text) is not None and UNIT_WORD.search(text) is not None


def unit_statement(text: str) -> bool:
    """A line that says a table's unit ("$ in millions, except per share amounts",
    "Dollars in millions", "(In thousands)"): it opens with the currency or "in" and
    names thousands, millions, billions or percent."""
    return _AMOUNTS_IN.match(text.strip()) is not None and UNIT_WORD.search(text) is not None
