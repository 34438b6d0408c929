"""What the lines publishers put in page margins read like, by their words alone: page
numbers, page counts, URLs and DOIs, copyright and licence lines, "Downloaded from ..." stamps, journal
citations, dates, folio lines; a rights notice block; a note marker opening a line.

The furniture stage reads them to tell headers and footers from text, and classify to
tell a permission block or a note from a paragraph: both must agree on what these lines
are, so the patterns live here, once.
"""
from __future__ import annotations

import re

from ..model import Line

# The kinds of line publishers, repositories and office suites put in the margins. Each
# is specific enough that a short line made of it is not prose.
_URL = r"(?:https?://|www\.)\S+"
_DOI = r"(?:doi\s*:?\s*|https?://(?:dx\.)?doi\.org/)?10\.\d{4,9}/\S+"
# month names and their abbreviations, English and the common European spellings
_MONTH = r"\b(?:jan|feb|f[eé]v|m[aä]r|apr|avr|ma[iy]|jun|jui|jul|aug|ao[uû]|sep|o[ck]t|nov|de[cz]|d[eé]c)[a-zéû]*\.?"
_DATE = (r"(?:\d{1,2}\s+" + _MONTH + r"\s+\d{4}|" + _MONTH + r"\s+\d{1,2},?\s+\d{4}|"
         + _MONTH + r"\s+\d{4}|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{4})")
PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple((name, re.compile(rx, re.I)) for name, rx in (
    ("download stamp", r"\b(?:downloaded|retrieved|accessed|printed)\s+(?:from|on|by|at)\b"),
    ("copyright line", r"©|\(c\)\s*\d{4}|\bcopyright\b|\ball rights reserved\b|\blicen[cs]ed? under\b"
                       r"|\bcreative commons\b|\bcc[ -]by\b|\bopen access\b"),
    ("identifier", r"\b(?:doi|issn|isbn|e-?issn|arxiv)\s*:?\s*[\d\w]|" + _DOI + r"|\barxiv:\d"),
    ("url", _URL),
    ("journal citation", r"\b(?:vol(?:ume)?\.?\s*\d+|no\.\s*\d+|pp?\.\s*\d+\s*[-–]\s*\d+)"
                         r"|\b\d{1,4}\s*\(\d{4}\)\s*[\d\w]*\d+(?:\s*[-–]\s*\d+)?\b"
                         # year, volume: not a list of years, nor a date before an amount
                         # grouped in thousands ('At August 4, 2023, 5,645,959,570 shares')
                         r"|\b(?:19|20)\d{2}\s*,\s*(?!(?:19|20)\d{2}\b)(?!\d{1,3}(?:,\d{3})+\b)\d{1,4}\s*(?:,|\(|:|$)"),
    ("page count", r"\bpage\s+\d+\s+(?:of|/)\s+\d+\b|^\s*page\s+\d+\s*$|^\s*\d{1,4}\s*(?:of|/)\s*\d{1,4}\s*$"),
    ("publication note", r"\b(?:preprint|author manuscript|proceedings of|published by|in press|submitted to"
                         r"|conference on)\b|\b(?:received|accepted|revised|published(?: online)?)"
                         r"(?: for publication)?[:\s]+(?:in\s+|on\s+)?(?:\d|" + _MONTH + r")"),
    ("date", _DATE),
    # a page number beside a short title: 'INTRODUCTION 3', '4 FREE CULTURE' (six words at most)
    ("folio line", r"^(?=(?:\S+\s+){0,6}\S+$)(?:\d{1,4}\s+[^\d\s.!?][^\d.!?]{1,60}|[^\d.!?]{2,60}\s+\d{1,4})$"),
))

# A page number: arabic (four digits at most) or roman, filling the line, bare or dressed
# as printers set it ('12', 'Page 12', '- 12 -', '(iv)', '[3]'), perhaps followed by the
# page count ('3 of 10', '3/10', group "count"). The one definition of what a page number
# is: the furniture stage reads it for running numbers and set-apart outer rows alike.
PAGE_NUMBER = re.compile(r"^(?:page\s*)?[-–—(\[]?\s*(?P<number>\d{1,4}|[ivxlcdm]{1,7})\s*[-–—)\]]?"
                         r"(?:\s*(?:of|/)\s*(?P<count>\d{1,4}))?$", re.I)
_PAGE_COUNT = dict(PATTERNS)["page count"]
_COUNT = re.compile(r"(\d{1,4})\s*(?:of|/)\s*(\d{1,4})", re.I)


def counts_pages(number: str, count: str) -> bool:
    """'n of N', 'n/N' can be a page count: the page is one of the pages counted (1 <= n
    <= N), and the count is written as counting software writes it: N without leading
    zeros, n padded with zeros to N's width or not at all ('04/12'). A file or case
    reference ('04/2395'), a fraction or a date written the same way is none."""
    if not number.isdigit():
        return True                     # a roman page number: its count is not compared
    if count.startswith("0") or number.startswith("0") and len(number) != len(count):
        return False
    return 1 <= int(number) <= int(count)


def page_number(text: str) -> re.Match[str] | None:
    """PAGE_NUMBER's match of a stripped line, when its page count (if any) counts pages."""
    m = PAGE_NUMBER.match(text.strip())
    if m is not None and m.group("count") is not None and not counts_pages(m.group("number"), m.group("count")):
        return None
    return m


def is_page_count(text: str) -> bool:
    """A 'page count' line ('Page 3 of 10', '3/10', 'Page 3') whose count counts pages."""
    if not _PAGE_COUNT.search(text):
        return False
    m = _COUNT.search(text)
    return m is None or counts_pages(m.group(1), m.group(2))


# kinds that say furniture by their words alone, wherever the line sits
STRONG_KINDS = {"download stamp", "page count"}
_NOTICE_KINDS = {"copyright line", "identifier", "url", "publication note", "download stamp"}


def is_rights_notice(text: str) -> bool:
    """A block of publisher boilerplate: a copyright or licence line together with at
    least one other kind of furniture (an identifier, a URL, a publication note), as in
    the permission block at the foot of a first page ('Permission to make digital or hard
    copies ... (c) 2023 ... ACM ISBN ... https://doi.org/...')."""
    kinds = {name for name, rx in PATTERNS if name in _NOTICE_KINDS and rx.search(text)}
    return "copyright line" in kinds and len(kinds) >= 2


# a bare note marker: a number or a run of note symbols
NOTE_MARKER = re.compile(r"\d{1,3}|[*∗†‡§¶]{1,3}")


def marker_first(ln: Line) -> bool:
    """The line opens with a note marker set smaller than the text after it (raised, or on
    the baseline as some producers set it)."""
    spans = [s for s in ln.spans if s.text.strip()]
    return len(spans) >= 2 and spans[0].size < spans[1].size * 0.85 \
        and NOTE_MARKER.fullmatch(spans[0].text.strip()) is not None
