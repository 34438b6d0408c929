"""The words that label a caption, per language: 'Figure 3', 'Abbildung 1.2', 'Tabla 1',
'Рис. 3', '図 2'.

A caption is found by its label and bound by geometry; only the label is a matter of
language. Each entry gives the kind of object the word labels, the name a label is
written with ('Fig.' is 'Figure 3', 'Abb.' is 'Abbildung 3') and the words: full forms,
plurals, and abbreviations, which need their point ('Abb. 3', never the company 'ABB 2021').
Read by the caption parser of the stages, the figure mentions and the splitter's view of
Markdown captions.
"""
from __future__ import annotations

import re

from .scripts import is_cjk

# (kind, name, words): kind "figure" | "table" | "other". English first; its bare 'fig'
# and 'tab' predate the rule that abbreviations need their point and keep working.
LEXICON: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("figure", "Figure", ("figure", "figures", "fig", "figs")),     # English, French
    ("figure", "Figure", ("chart", "exhibit", "scheme", "plate")),
    ("table", "Table", ("table", "tables", "tab")),
    ("other", "", ("algorithm", "listing")),
    ("figure", "Abbildung", ("abbildung", "abbildungen", "abb.")),  # German
    ("table", "Tabelle", ("tabelle", "tabellen")),
    ("figure", "Figura", ("figura", "figuras")),                    # Spanish, Italian, Portuguese
    ("table", "Tabla", ("tabla", "tablas")),
    ("table", "Tabella", ("tabella",)),
    ("table", "Tabela", ("tabela", "tabelas")),                     # Portuguese, Polish
    ("table", "Tableau", ("tableau", "tableaux")),                  # French
    ("figure", "Figuur", ("figuur",)),                              # Dutch
    ("table", "Tabel", ("tabel",)),
    ("figure", "Rysunek", ("rysunek", "rys.")),                     # Polish
    ("figure", "Рисунок", ("рисунок", "рис.")),                     # Russian
    ("table", "Таблица", ("таблица", "табл.")),
    ("figure", "图", ("图", "圖")),                                  # Chinese, Japanese, Korean
    ("figure", "図", ("図",)),
    ("table", "表", ("表",)),
    ("figure", "그림", ("그림",)),
    ("table", "표", ("표",)),
)
ENGLISH = 4        # the first entries: the words the Markdown caption syntax had before

_BY_WORD = {w.rstrip("."): (kind, name) for kind, name, words in LEXICON for w in words}


def _alternation(words) -> str:
    """Longest first, so that 'tabelle' is not read as 'table' + 'lle'."""
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))


ALL_WORDS = [w for _, _, words in LEXICON for w in words]
# the label words as a regular expression (no group; compile with re.I)
LABEL_WORDS = _alternation(ALL_WORDS)
# the words of other languages than English, for syntax that already spells out the English
OTHER_LANGUAGE_WORDS = _alternation(w for _, _, words in LEXICON[ENGLISH:] for w in words)
OTHER_LANGUAGE_TABLE_WORDS = _alternation(w for kind, _, words in LEXICON[ENGLISH:]
                                          if kind == "table" for w in words)
OTHER_LANGUAGE_FIGURE_WORDS = _alternation(w for kind, _, words in LEXICON[ENGLISH:]
                                           if kind == "figure" for w in words)


def _first_letters(kinds: tuple[str, ...]) -> frozenset[str]:
    return frozenset(c for kind, _, words in LEXICON if kind in kinds
                     for w in words for c in (w[0].lower(), w[0].upper()))


# what a label can start with: a cheap first test (most lines start otherwise). re.I also
# folds the long s 'ſ' to 's' and the old Cyrillic tall and three-legged te 'ᲄ', 'ᲅ' to 'т'.
LABEL_FIRST = _first_letters(("figure", "table", "other")) | {"ſ", "\u1c84", "\u1c85"}
FIGURE_FIRST = _first_letters(("figure",))


def label_word(word: str) -> tuple[str, str]:
    """(kind, name) of a label word as matched ('Abb.', 'FIGURE', 'рис')."""
    w = word.lower().rstrip(".")
    kind, name = _BY_WORD.get(w, ("other", ""))
    return kind, name or word[:1].upper() + w[1:]


def is_cjk_word(word: str) -> bool:
    """Chinese, Japanese and Korean labels need no delimiter after their number ('图 3 结构')."""
    return bool(word) and is_cjk(word[0])
