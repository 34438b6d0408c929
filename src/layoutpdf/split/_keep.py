"""Keep-with-previous: where a chunk boundary may not fall, and what moves when it would.

A display equation is read with the sentence that introduces it ("The estimator is
defined as follows:") and the clause that goes on after it ("where $\\sigma$ is ...");
a footnote's mark is read with the sentence it qualifies. The packer closes a chunk when
the next atom does not fit; just before it does, `hold_together` looks at the boundary
it is about to make (between the last atom of the chunk and the next one) and, when that
boundary falls inside such a group, moves it back:

- before a display: the introducing sentences (`split.display_context`, one more when
  the earliest is short, ends with ':' or holds inline math, see `_leads.lead_count`)
  move on with it;
- before the first sentence of a continuation: the display (a run of displays) and
  their introduction move on with it; a continuation that does not fit whole is first
  cut into sentences, so its first one may still join the display;
- inside a sentence cut into words that carries a footnote mark further on: the words
  of that sentence before the boundary move on with the mark, as many as fit.

Moved atoms are carried like headings (never the last of a chunk). When moving is
impossible because nothing else would be left in the chunk, the introducing sentences
stay and are repeated at the head of the display's chunk (as an overlap prefix, metadata
``context_repeated``). A group that cannot fit the budget is not moved (an oversize
display keeps its chunk of its own).
"""
from __future__ import annotations

import dataclasses
from collections import deque
from itertools import takewhile
from typing import Any

from ._atoms import SENTENCE, SEP_TOKENS, UNIT, WORD, Atom, prose_atoms, segments
from ._leads import continues_display, introduces, is_display, lead_count

_Packer = Any     # splitter._Packer (not imported: it imports this module)


def hold_together(p: _Packer, queue: deque[Atom], refine: bool = True) -> str:
    """Adjust cur/queue before the packer closes the chunk in front of queue[0].

    Returns "retry" when the next atom was cut finer (pack again before closing),
    "repeat" when the introduction is to be repeated at the head of the next chunk
    (`p.repeat` holds it), "" otherwise (close now).
    """
    if not queue or not p.cur:
        return ""
    nxt = queue[0]
    if p.display_context > 0:
        if refine and _refine_continuation(p, queue):
            return "retry"
        moved = _display_group(p, nxt) or _inside_lead(p, nxt)
        if moved is not None:
            return _apply(p, queue, *moved)
    if nxt.level == WORD:
        _hold_mark(p, queue)
    return ""


def _refine_continuation(p: _Packer, queue: deque[Atom]) -> bool:
    """A continuation that does not fit whole: cut it into sentences, so that its first
    sentence may still join the display it continues."""
    nxt, last = queue[0], p.cur[-1]
    if nxt.level != UNIT or last.unit != nxt.unit - 1 or not continues_display(p.units, nxt.unit):
        return False
    parts = prose_atoms(p.md, nxt.unit, nxt.start, nxt.end, p.tok, p.size)
    if len(parts) < 2:
        return False
    queue.popleft()
    queue.extendleft(reversed(parts))
    return True


def _display_group(p: _Packer, nxt: Atom) -> tuple[list[Atom], list[Atom], int] | None:
    """(atoms that stay, atoms that move on, tokens that must follow them) when
    the boundary before `nxt` falls inside a display's group; None when it does not."""
    cur, units = p.cur, p.units
    if cur[-1].unit != nxt.unit - 1 or nxt.start > p.offsets[nxt.unit] + _lead_ws(units[nxt.unit].text):
        return None                                     # not the first atom of its unit
    if is_display(units[nxt.unit]):
        j = len(cur)
    elif continues_display(units, nxt.unit):
        j = len(cur) - 1
    else:
        return None
    head = nxt.unit if j == len(cur) else cur[j].unit
    while j > 0 and is_display(units[cur[j - 1].unit]) and cur[j - 1].unit == head - 1:
        j -= 1                                          # a run of displays moves as one
        head = cur[j].unit
    stay, lead = _split_lead(p, j, head)
    move = lead + cur[j:]
    if not move:
        return None
    return stay, move, nxt.tokens


def _lead_ws(text: str) -> int:
    return len(text) - len(text.lstrip())


def _split_lead(p: _Packer, j: int, display: int) -> tuple[list[Atom], list[Atom]]:
    """cur[:j] as (what stays, the introducing sentences of `display` that move on)."""
    cur = p.cur[:j]
    intro = display - 1
    if not cur or cur[-1].unit != intro or not introduces(p.units, intro):
        return cur, []
    k = len(cur)
    while k > 0 and cur[k - 1].unit == intro:
        k -= 1
    tail = cur[k:]
    if any(a.level not in (UNIT, SENTENCE) for a in tail):
        return cur, []                                  # words of an over-long sentence
    fresh, lead_start = _lead(p, intro)
    if lead_start is None:
        return cur, []
    first = tail[0].start
    if tail[0].level == UNIT:
        first = fresh[0].start
    elif not any(a.start == first for a in fresh):
        return cur, []
    stay = [a for a in fresh if first <= a.start < lead_start]
    move = [a for a in fresh if a.start >= max(lead_start, first)]
    if not stay and tail[0].level == UNIT:
        move = tail                                     # the whole unit, as it was
    return cur[:k] + stay, move


def _lead(p: _Packer, intro: int) -> tuple[list[Atom], int | None]:
    """The sentence atoms of unit `intro` and where its introducing sentences start
    (None when it has none: the rule is off, or a sentence is cut into words)."""
    start = p.offsets[intro]
    fresh = prose_atoms(p.md, intro, start, start + len(p.units[intro].text), p.tok, p.size)
    if not fresh or any(a.level != SENTENCE for a in fresh):
        return fresh, None
    n = lead_count([p.md[a.start:a.end] for a in fresh], [a.tokens for a in fresh],
                   p.display_context)
    return fresh, (fresh[-n].start if n else None)


def _inside_lead(p: _Packer, nxt: Atom) -> tuple[list[Atom], list[Atom], int] | None:
    """The boundary falls between two introducing sentences: the earlier ones move on
    with the rest and the display."""
    cur = p.cur
    if nxt.level != SENTENCE or cur[-1].level != SENTENCE or cur[-1].unit != nxt.unit \
            or not introduces(p.units, nxt.unit):
        return None
    fresh, lead_start = _lead(p, nxt.unit)
    if lead_start is None or not lead_start <= cur[-1].start < nxt.start:
        return None
    k = len(cur)
    while k > 0 and cur[k - 1].unit == nxt.unit and cur[k - 1].start >= lead_start:
        k -= 1
    display = p.tok.count(p.units[nxt.unit + 1].text)
    rest = [a for a in fresh if a.start >= nxt.start]
    return cur[:k], cur[k:], _cost(rest) + SEP_TOKENS + display


def _cost(atoms: list[Atom]) -> int:
    total, prev = 0, None
    for a in atoms:
        glued = prev is not None and a.joinable and prev.joinable and prev.unit == a.unit
        total += a.tokens + (0 if prev is None or glued else SEP_TOKENS)
        prev = a
    return total


def _has_content(atoms: list[Atom]) -> bool:
    return any(not a.heading for a in atoms)


def _apply(p: _Packer, queue: deque[Atom], stay: list[Atom], move: list[Atom],
           follow: int) -> str:
    if _cost(move) + SEP_TOKENS + follow > p.size:
        return ""                                       # the group cannot fit: leave it
    rest = list(stay)
    while rest and rest[-1].heading:
        rest.pop()
    if not _has_content(rest):
        lead = [a for a in move if not is_display(p.units[a.unit])]
        if lead and len(lead) == len(move):
            p.repeat = lead                             # stays here, repeated there
            return "repeat"
        return ""
    carried = stay[len(rest):] + move
    if _cost(carried) + SEP_TOKENS + follow > p.size:
        return ""          # nor with the headings it follows: leave it
    p.cur = rest
    p.est = _cost(rest)
    queue.extendleft(reversed([dataclasses.replace(a, heading=True) for a in carried]))
    return ""


def _hold_mark(p: _Packer, queue: deque[Atom]) -> None:
    """The boundary falls between two words of one sentence: if the mark a note travels
    with follows in that sentence, move the words before the boundary on with it (as
    many as fit)."""
    nxt, cur = queue[0], p.cur
    if cur[-1].level != WORD or cur[-1].unit != nxt.unit:
        return
    start = p.offsets[nxt.unit]
    body = p.md[start:start + len(p.units[nxt.unit].text)]
    sent = next(((start + a, start + b) for a, b in segments(body, SENTENCE)
                 if start + a <= nxt.start < start + b), None)
    if sent is None:
        return
    ahead = list(takewhile(lambda a: a.unit == nxt.unit and a.level == WORD and a.start < sent[1],
                           queue))
    carrier = next((k for k, a in enumerate(ahead) if a.defs), None)
    if carrier is None:
        return                  # no note goes with a word ahead in this sentence
    follow = ahead[:carrier + 1]
    budget = p.size - _cost(follow) - SEP_TOKENS
    k = len(cur)
    while k > 1 and cur[k - 1].level == WORD and cur[k - 1].unit == nxt.unit \
            and cur[k - 1].start >= sent[0] and _cost(cur[k - 1:]) <= budget \
            and _has_content(cur[:k - 1]):
        k -= 1
    if k == len(cur):
        return
    while k > 1 and cur[k - 1].heading and _has_content(cur[:k - 1]):
        k -= 1                  # the headings before the moved words go on with them
    moved = cur[k:]
    p.cur = cur[:k]
    p.est = _cost(p.cur)
    queue.extendleft(reversed(moved))
