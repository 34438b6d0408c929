"""How a statement names its periods: an English month name or its abbreviation ("July",
"Dec."), read by the table stages (a date wrapped in its column, a header band's periods)
and by the splitter (a shortened header keeps a date whole). Running margins name dates
in more languages: `margin_lines` keeps its own, wider pattern."""
from __future__ import annotations

import re

MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"   # match case-blind
YEAR = re.compile(r"^(?:19|20)\d\d$")   # a year alone: a column label, no amount
YEAR_IN = re.compile(r"\b(?:19|20)\d\d\b")   # a year within a phrase ("Fiscal 2023")
