"""What makes a block prose rather than display maths, in any language.

A prose word is a run of letters of any alphabet (Latin with its diacritics — Räume,
Überdeckung —, Cyrillic, Greek words) in a text font: counting only ASCII letters took a
German or Russian sentence set apart in a list for a formula. A block that opens with an
enumeration label or a statement's head ("6)", "(b)", "Satz 1.1", "Beweis:", "Bemerkung
30") and goes on with words is an enumerated statement: prose with inline maths, never a
display (an equation number at the left margin, "(1) x = y", has no words after it). A
lone pictograph (a check box, a tick) or a date is no formula either."""
from __future__ import annotations

import re
import unicodedata

from ...text.latex_symbols import FUNCTION_NAMES, is_math_char

_LETTER = r"[^\W\d_][\u0300-\u036f]*"          # a letter and its combining accents
PROSE_WORD = re.compile(rf"(?:{_LETTER}){{4,}}")
_WORD = re.compile(rf"(?:{_LETTER}){{3,}}")
# "6)", "(b)", "iii.", "a)" opening the block; a capitalised word with a number ("Satz
# 1.1", "Lemma 3", "Bemerkung 30") or followed by a colon or full stop ("Beweis:", "Proof.")
_LABEL = re.compile(r"^\s*(?:\(?(?:\d{1,3}|[a-zA-Z]|[ivxIVX]{1,5})[.)]"
                    rf"|[^\W\d_a-z](?:{_LETTER}){{2,}}\s+\d+(?:\.\d+)*[.:)]?"
                    rf"|[^\W\d_a-z](?:{_LETTER}){{3,}}[.:])(?=\s)")


def opens_statement(text: str) -> bool:
    """The text opens with a label and has words after it (not operator names)."""
    m = _LABEL.match(text)
    if m is None:
        return False
    return any(w.group(0) not in FUNCTION_NAMES for w in _WORD.finditer(text, m.end()))


def is_pictograph(latex: str) -> bool:
    """A lone pictograph no maths alphabet has (Unicode's 'other symbol' the symbol tables
    do not name: a form's check box set raised beside its label, a tick, a dingbat): text,
    not a formula."""
    return len(latex) == 1 and unicodedata.category(latex) == "So" and not is_math_char(latex)


# a date as office suites and filing agents write it: month, day and year (or day, month
# and year) in digits, parted by slashes, stops or hyphens ('3/8/2011', '31.12.2020')
_DATES = re.compile(r"^(?:\s*\d{1,2}([/.-])\d{1,2}\1(?:\d{4}|\d{2})\b)+\s*$")


def is_date(text: str) -> bool:
    """`text` is a date or a few (an exhibit index's filing dates, set in a column of their
    own): no quotient of three numbers."""
    return _DATES.match(text) is not None
