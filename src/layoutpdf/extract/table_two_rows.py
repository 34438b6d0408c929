"""Two rows of a statement alone (issue 39 B): a page break may leave a statement's last
rows at the top of the next page ("Capital expenditures ... (436) (47,593)" / "Free cash
flow ... $ 144 $ 311"), fewer than the three aligned rows a borderless table needs. Two
rows that each hold a label and two amounts or more, with two amount columns ending at one
place, are a table all the same: prose sets no pieces an em apart, let alone amounts ending
in columns. The pages' tables then join as one (`stages.tables`)."""
from __future__ import annotations

from .table_numbers import is_amount, is_number

AMOUNT_ALIGN = 0.5      # ems: amounts of one column end this close (a decimal tab's bracket)


def two_amount_rows(rows: list, em: float) -> bool:
    """Two aligned rows (of `aligned_bands`) that each hold a label and two amounts or
    more, two of their amount pieces ending at one place: the rows of a statement a page
    break leaves at the top of the next page ("Capital expenditures ... (436) (47,593)" /
    "Free cash flow ... $ 144 $ 311"). Prose sets no pieces an em apart, let alone
    amounts ending in columns. A row is (top, bottom, pieces, line texts)."""
    if len(rows) != 2 or any(len(r[2]) < 3 or _numbers(" ".join(r[3])) < 2 for r in rows):
        return False
    ends = [x1 for _, x1 in sorted(rows[0][2])[1:]]
    return sum(1 for _, x1 in sorted(rows[1][2])[1:]
               if any(abs(x1 - e) <= AMOUNT_ALIGN * em for e in ends)) >= 2


def two_amount_lines(lines: list, em: float) -> bool:
    """The same of two text lines (of `aligned_regions`): each a label phrase then two
    amount phrases or more, two amount columns ending at one place."""
    if len(lines) != 2:
        return False
    amounts = []
    for ln in lines:
        if not ln.phrases or is_number(ln.phrases[0].text):
            return False
        amounts.append([p.x1 for p in ln.phrases[1:] if is_number(p.text)])
    if any(len(a) < 2 for a in amounts):
        return False
    return sum(1 for x1 in amounts[1] if any(abs(x1 - e) <= AMOUNT_ALIGN * em for e in amounts[0])) >= 2


def _numbers(text: str) -> int:
    return sum(1 for t in text.split() if is_amount(t))
