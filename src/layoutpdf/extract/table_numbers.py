"""What a table cell's text is, read from the text alone: one number (an amount, a share,
a count, a dash for zero; a currency sign set apart from its amount belongs to it), or the
wrapped rest of the label above it. Used by the grid builder (`table_grid`) and by the
finders that decide where a table's rows begin and end (`table_words`, `table_edges`)."""
from __future__ import annotations

import re

from ..text.dates import YEAR

NUMBER = re.compile(r"^[(\[]?[-+\u2212\u00b1~<>≈]?\s?[$€£]?\d[\d\s.,'’]*(?:[eE][-+]?\d+)?\s?[%‰]?[)\]]?\*{0,3}$"
                    r"|^[-\u2013\u2014\u2212]$|^n/?a$|^\.\.\.$", re.I)


_SIGN_APART = re.compile(r"^([(\[]?)[$€£¥₹]\s+(?=[(\d])")
CURRENCY = re.compile(r"^\s*[$€£¥₹]\s*$")   # a currency sign alone (a word, a cell)
_AMOUNT_END = re.compile(r"[\d%‰)]$")   # how an amount, a share or a negative ends
RUNNING_WORDS = 6       # a line of running text has this many words or more
RUNNING_WORD_SHARE = 0.6  # and most of them words, not amounts
_LETTER = re.compile(r"[^\W\d_]")     # a word ("of", "in") has one, an amount none


def is_number(text: str) -> bool:
    """`text` is one number: an amount, a share, a count. A currency sign set apart from
    its amount ("$ 99,247", "$ (1,234)": a statement's `$` cell read with the amount cell
    beside it) belongs to the number."""
    text = text.strip()
    return bool(NUMBER.match(text) or NUMBER.match(_SIGN_APART.sub(r"\1", text)))


def is_amount(text: str) -> bool:
    """`text` is a number that is no year: an amount, a share, a count (a year set over
    a column, or in a date, labels it)."""
    text = text.strip()
    return is_number(text) and not YEAR.match(text)


# the fill a cell's text may end in: a dot leader (four dots or more, spaced or not, or
# ellipsis characters) or a word processor's solid leader, underscores glued to the label
FILL_END = re.compile(r"\s*(?:(?:\.\s?){4,}|…+|(?<=[^\s_])_{3,})\s*$")


def letters(text: str) -> str:
    """`text` without the leader it ends in ('accounts of.........' -> 'accounts of'):
    fill that leads the eye to the amounts, which ends no sentence and leaves no clause
    open or closed."""
    return FILL_END.sub("", text) if text.endswith((".", "…", "_", " ")) else text


def is_fill(text: str) -> bool:
    """`text` is a leader alone: the fill that leads a label to its amounts, wrapped onto a
    line of its own where the label filled its column."""
    text = text.strip()
    return bool(text) and not letters(text)


def sign_after_amount(last: str, text: str, after: str = "") -> bool:
    """`text` is a currency sign set right after an amount `last` ("3%  $  2,042": a
    statement's `$` sits flush left in its cell, a few points right of the column before
    it). The sign opens the amount after it; it never closes one. A sign before a word
    (`after`: "2023 $ million", a header's year over its unit) is the word's."""
    return bool(CURRENCY.match(text) and _AMOUNT_END.search(last)) and not after[:1].isalpha()


def sign_opens_amount(last: str, text: str, after: str = "") -> bool:
    """`text`, a currency sign alone, opens the amount `after` it, whatever `last` is: set
    right after an amount (`sign_after_amount`), or after a label's last word. A long
    label runs up to the sign's cell ("... redeemable and noncontrolling interests  $
    2,210.8", less than half an em before the `$`); a label never ends in a currency
    sign, and the amount after it says whose it is."""
    return sign_after_amount(last, text, after) or bool(CURRENCY.match(text) and NUMBER.match(after))


def goes_on(last: str, first: str) -> bool:
    """`first` (a line's start) goes on with `last` (the text above it in its column): it
    starts in lower case or with a bracket, or `last` ends open (a comma, semicolon, hyphen,
    connector, a bracket left open: a row label ends in none of them, and a semicolon parts
    the clauses of one label, "... par value: 900 shares authorized;" / "486 and 491 shares
    issued and outstanding"). A number starting a line is a cell of its own unless `last`
    ends open ("... of $31 and" / "$27": the wrapped rest of a label). A note mark opening
    a sentence ("(1) Includes ...") starts a table note; a bullet after a semicolon starts
    the next item of a list ("... (hypoaldosteronism) ;" / "• Distal tubular acidosis").
    A leader `last` ends in is no text of it (`letters`); a leader alone on the line (`is_fill`)
    is the end of the label above, wrapped where the label filled its column."""
    if is_fill(first):
        return bool(letters(last).strip())
    last = letters(last)
    ends_open = last.endswith((",", "-", "/", "&", " and", " of", " or", " the", " for", " in")) \
        or last.endswith(";") and not _ITEM_MARK.match(first) \
        or last.count("(") > last.count(")")       # a bracket left open: "(Note" / "12)"
    if NUMBER.match(first):
        return ends_open
    if not ends_open and _NOTE_MARK.match(first):
        return False                 # "(1) Includes ...": a note under the table, not a label
    return ends_open or first[:1].islower() or first[:1] in "([{&"


_ITEM_MARK = re.compile(r"^[•◦▪▫‣⁃●○■□➢►]")
_NOTE_MARK = re.compile(r"^[(\[]?(?:\d{1,2}|[a-z]|[ivx]{1,4})[)\]]\s+[A-Z]")


_FILL = re.compile(r"[.…]+$|(?<=[^_])_{3,}$")
FILL_DOTS = 4           # dots in a row that make a leader (two or three: an ellipsis)
_FILL_WIDTH = {".": 0.5, "…": 1.0, "_": 1.0}    # a fill character's width, in letters


def fill_start(w) -> float | None:
    """Where the leader that word `w` is or ends in starts, or None: FILL_DOTS dots or
    more or ellipsis characters ('.....', 'revenue.......', '……'), or the underscores of
    a solid leader glued to the label ('revenue_______'; a word of underscores alone is a
    blank to fill in). Its width is estimated from its characters (a dot half a letter's
    width, as `table_words.unglued` parts a word)."""
    text = w.text
    if not text.endswith((".", "…", "_")):
        return None
    m = _FILL.search(text)
    if m is None or (text[-1] == "." and len(text) - m.start() < FILL_DOTS and "…" not in m.group()):
        return None
    kept = m.start()
    if not kept:
        return w.x0
    fill = sum(_FILL_WIDTH.get(ch, 1.0) for ch in m.group())
    return w.x0 + kept / (kept + fill) * (w.x1 - w.x0)


def wordy(words: list[str]) -> bool:
    """The words of a line of running text: six or more, most of them words, not amounts
    (a table's row has amounts)."""
    return len(words) >= RUNNING_WORDS and sum(1 for w in words if _LETTER.search(w)) >= RUNNING_WORD_SHARE * len(words)


GROUP_LABEL_WORDS = 8   # a group or section label of a statement is a short phrase


def labelled_amounts(rows) -> bool:
    """Rows of a statement: every row of two cells or more carries amounts right of its
    label, and every other row is a group or section label alone in the label column
    ("Foreign Exchange Risk", "Long-term Japanese Yen debt — Fixed rate"), a short phrase
    that ends no sentence; two rows of amounts at least. Group labels may outnumber the
    rows they head; lines of prose set between two rules never carry amounts."""
    amounts = 0
    for row in rows:
        filled = [c for c in row if c]
        if len(filled) >= 2:
            if not any(is_number(c) for c in row[1:] if c):
                return False
            amounts += 1
        elif filled and (not row[0] or len(row[0].split()) > GROUP_LABEL_WORDS or row[0].endswith((".", ";"))):
            return False
    return amounts >= 2
