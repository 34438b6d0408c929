"""Where a float is read when it interrupts a paragraph that ends in display equations.

A typesetter places a float (figure, table, their caption) at the top of the next page or
column, wherever the text happens to break; the paragraph whose introducing sentence ends
before the float goes on after it with its display equations and the clause that follows
them ("where ... is"). A reader reads the paragraph, its displays and that clause first,
then the float. The one rule, for the stage `stitch` (on elements) and for the node
parsers' page flow (`adapters/_flow`, on split units of page texts), each of which says what
its items are through `kind`.
"""
from __future__ import annotations

from typing import Callable, Optional

PROSE = "prose"        # a paragraph or list item: may lead into displays
FLOAT = "float"        # read after the flow unit it interrupts
DISPLAY = "display"    # a display equation: part of the flow unit
SKIP = "skip"          # not read (furniture): keeps its place, breaks nothing
OTHER = "other"        # anything else ends the flow unit

# kind(item, held): what `item` is; `held` is the item just before it when that one was
# held as a float (None otherwise), so a float's own text after it can be held with it.
Kind = Callable[[int, Optional[int]], str]


def floats_after_displays(n: int, kind: Kind, goes_on: Callable[[int], bool]) -> list[int]:
    """The reading order of items 0..n-1 with floats read between a paragraph and its
    displays (or the clause that goes on after them, `goes_on`) moved after that flow
    unit; every other item keeps its order."""
    order = list(range(n))
    i = 0
    while i < len(order):
        if kind(order[i], None) != PROSE:
            i += 1
            continue
        end, k, held = i, i + 1, []
        while k < len(order):
            x = order[k]
            what = kind(x, order[k - 1] if held and held[-1] == k - 1 else None)
            if what == FLOAT:
                held.append(k)
            elif what == DISPLAY:
                end = k
            elif what == PROSE and kind(order[end], None) == DISPLAY and goes_on(x):
                end = k
                break
            elif what != SKIP:
                break
            k += 1
        moved = [h for h in held if h < end]
        if moved:
            order[i:end + 1] = [order[x] for x in range(i, end + 1) if x not in moved] + \
                [order[x] for x in moved]
        i = end - len(moved) if end > i else i + 1    # the unit's last text: it may lead on
    return order


def starts_lowercase(text: str) -> bool:
    """A paragraph that continues the sentence of the display before it ('where ...')."""
    return text.lstrip()[:1].islower()
