"""A book's numbered notes (or any numbered list) set justified across a page break: item
6 ends at the foot of a page with a line that runs to the column's edge, as every line
of justified text does, and item 7 opens the next page. Item 7 is the list's next item,
not the rest of item 6 (Free Culture, chapter 4: note 7 joined into note 6 broke the
notes list there, and notes 8-19 were left unbound)."""
from __future__ import annotations

import pymupdf

import layoutpdf

X0, X1, SIZE, LEAD = 72.0, 340.0, 9.0, 11.0
TEXT = ("To Amend and Consolidate the Acts Respecting Copyright, hearings before the joint "
        "committee on patents, statement of a composer of marches for the band. ")


def _justified(page, y: float, words: list[str], first: str) -> float:
    """Sets `first` then the words as justified lines (every line, the last one too, runs
    from X0 to X1); returns the y after them."""
    line: list[str] = [first]
    for w in words + [None]:
        trial = " ".join(line + ([w] if w else []))
        if w is not None and pymupdf.get_text_length(trial, "tiro", SIZE) <= X1 - X0:
            line.append(w)
            continue
        natural = sum(pymupdf.get_text_length(t, "tiro", SIZE) for t in line)
        gap = (X1 - X0 - natural) / max(1, len(line) - 1)
        x = X0
        for t in line:
            page.insert_text((x, y), t, fontname="tiro", fontsize=SIZE)
            x += pymupdf.get_text_length(t, "tiro", SIZE) + gap
        y += LEAD
        line = [w] if w else []
    return y


def _book() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=420, height=600)
    y = 60.0
    for n in range(1, 7):
        y = _justified(page, y, (TEXT * 2).split(), f"{n}.") + 2
    page = doc.new_page(width=420, height=600)
    y = 60.0
    for n in range(7, 11):
        y = _justified(page, y, (TEXT * 2).split(), f"{n}.") + 2
    return doc.tobytes()


def test_the_next_numbered_item_after_a_page_break_is_its_own_item():
    doc = layoutpdf.parse(_book())
    firsts = [e.text.split()[0] for e in doc.elements if e.layer.value == "body"]
    assert firsts == [f"{n}." for n in range(1, 11)]
