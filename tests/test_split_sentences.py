"""Sentence cuts of the splitter (split/_atoms.py, split/_syntax.py): a footnote anchor
stays with the sentence it closes, a dotted date is one sentence, and an anchor followed
by a colon in mid-line is an anchor, not a definition."""
from __future__ import annotations

from layoutpdf.split import split_markdown
from layoutpdf.split._atoms import SENTENCE, segments
from layoutpdf.split._syntax import anchors


def _sentences(text: str) -> list[str]:
    return [text[a:b] for a, b in segments(text, SENTENCE)]


def test_an_anchor_after_a_space_stays_with_its_sentence():
    text = "The survey ran in three waves. [^3] Later waves were smaller."
    assert _sentences(text) == ["The survey ran in three waves. [^3]", "Later waves were smaller."]


def test_a_dotted_date_is_not_cut():
    text = "The law took effect on 2020. 1. 1. and was amended on 2021.3.15. Nothing else changed."
    assert _sentences(text) == ["The law took effect on 2020. 1. 1. and was amended on 2021.3.15.",
                                "Nothing else changed."]


def test_a_list_of_numbered_sentences_still_cuts():
    assert _sentences("It rose by 12. The next year it fell.") == ["It rose by 12.", "The next year it fell."]


def test_an_anchor_followed_by_a_colon_mid_line_is_an_anchor():
    assert anchors("The three rules[^1]: first, second and third.") == ["1"]
    assert anchors("[^1]: The definition itself.") == []


def test_the_definition_of_a_colon_anchor_stays_in_its_chunk():
    filler = " ".join(f"Sentence {i} is filler text for the chunk budget." for i in range(40))
    md = (filler + " The three rules[^1]: first, second and third.\n\n"
          "[^1]: The rules of the survey office.\n\n" + filler)
    chunks = split_markdown(md, chunk_size=64)
    holder = next(c for c in chunks if "rules[^1]:" in c.text)
    assert "[^1]: The rules of the survey office." in holder.text
