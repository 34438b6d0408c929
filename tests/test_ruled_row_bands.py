"""Rows ruled one by one (zebra statements printed from HTML): the band between two rules
is one row, its label wrapped over lines; but a sentence set under the last row, before
the next table's header (Netflix 2017 10-K p. 59: "Effective Tax Rate" then "The
components of deferred tax assets and liabilities were as follows:"), is no line of that
row's label (issue 39 B; `extract/table_rows.group_rows`)."""
from __future__ import annotations

from layoutpdf.extract.table_grid import text_lines, Word
from layoutpdf.extract.table_rows import group_rows

EDGES = [18.0, 300.0, 400.0, 500.0, 593.0]


def _line(y: float, pieces) -> list[Word]:
    out = []
    for x, text in pieces:
        for k, word in enumerate(text.split()):
            out.append(Word(x + 30.0 * k, y, x + 30.0 * k + 26.0, y + 8.0, word, 8.0))
    return out


def _rows(last_lines):
    words = []
    y = 100.0
    for label, amounts in (("Expected tax expense", ("169,860", "91,179")), ("State income taxes", ("6,404", "7,261")),
                           ("Other", ("(3,679)", "1,894")), ("Provision for income taxes", ("(73,608)", "73,829"))):
        words += _line(y, [(20.0, label), (420.0, amounts[0]), (520.0, amounts[1])])
        y += 14.0
    cuts = [100.0 + 14.0 * k - 3.0 for k in range(1, 5)]    # a rule under every row
    for pieces in last_lines:
        words += _line(y, pieces)
        y += 11.0
    return group_rows(text_lines(words), cuts, EDGES, 8.0)


def test_a_sentence_under_the_last_ruled_row_is_a_row_of_its_own():
    rows = _rows([[(20.0, "Effective Tax Rate"), (420.0, "(15)%"), (520.0, "28%")],
                  [(20.0, "The components of deferred tax assets were as follows:")]])
    texts = [" ".join(w.text for ln in row for w in ln.words) for row in rows]
    assert texts[-2] == "Effective Tax Rate (15)% 28%"
    assert texts[-1].startswith("The components")


def test_a_label_wrapped_in_its_ruled_band_stays_one_row():
    rows = _rows([[(20.0, "Total liabilities and"), (420.0, "507"), (520.0, "17,447")],
                  [(20.0, "stockholders' equity")]])
    texts = [" ".join(w.text for ln in row for w in ln.words) for row in rows]
    assert texts[-1] == "Total liabilities and 507 17,447 stockholders' equity"
