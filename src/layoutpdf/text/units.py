"""A table's unit line: "(in thousands)", "(Dollars in millions)", said of the whole
table, not of one column (read by the table finder and by the Markdown renderer)."""
from __future__ import annotations

import re

UNIT_WORD = re.compile(r"\b(?:thousands|millions|billions|percent)\b", re.I)
_BRACKETED = re.compile(r"^\(.{1,80}\)$")


def unit_label(text: str) -> bool:
    """A unit in brackets: "(in thousands)", "(Dollars in millions)", "(in thousands,
    except revenue per membership and percentages)"."""
    return _BRACKETED.match(text) is not None and UNIT_WORD.search(text) is not None
