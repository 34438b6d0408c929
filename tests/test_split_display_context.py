"""A display equation travels with the sentence that introduces it (and the clause that
goes on after it), a footnote mark with its sentence: across the chunk budget
(split/_keep.py, setting split.display_context)."""
from __future__ import annotations

import pytest

from layoutpdf import Settings
from layoutpdf.errors import SettingsError
from layoutpdf.split import Splitter, split_markdown

DISPLAY = "$$\n\\hat\\theta = \\arg\\min_\\theta \\sum_i (y_i - f(x_i))^2 + \\lambda \\|\\theta\\|^2\n$$"
INTRO = "The estimator is defined as follows:"


def _filler(n: int, start: int = 0) -> str:
    return " ".join(f"Sentence number {i} talks about the model and its many parameters."
                    for i in range(start, start + n))


def _holding(chunks, text):
    return [c for c in chunks if text in c.text]


@pytest.mark.parametrize("size", [150, 170, 180, 200])
def test_a_display_that_does_not_fit_takes_its_introduction_along(size):
    md = "# Method\n\n" + _filler(12) + " " + INTRO + "\n\n" + DISPLAY + "\n\nNext paragraph."
    chunks = split_markdown(md, chunk_size=size)
    (holder,) = _holding(chunks, "\\hat\\theta")
    assert INTRO in holder.text
    assert all(c.token_count <= size for c in chunks)
    assert sum(c.text.count(INTRO) for c in chunks) == 1       # moved, not repeated


def test_an_inline_math_sentence_between_takes_the_sentence_before_it_too():
    lead = "The residual variance is estimated from the fit."
    md = _filler(12) + " " + lead + " Let $r_i$ be the residual, then:\n\n" + DISPLAY
    for size in range(150, 200, 5):
        chunks = split_markdown(md, chunk_size=size)
        (holder,) = _holding(chunks, "\\hat\\theta")
        assert lead in holder.text and "Let $r_i$ be the residual, then:" in holder.text, size


def test_a_paragraph_longer_than_the_budget_ends_in_its_display():
    md = _filler(40) + " " + INTRO + "\n\n" + DISPLAY
    for size in range(100, 200, 7):
        chunks = split_markdown(md, chunk_size=size)
        (holder,) = _holding(chunks, "\\hat\\theta")
        assert INTRO in holder.text and holder.text.count("$$") == 2, size
        assert not holder.oversize and len(chunks) >= 3


def test_the_clause_after_a_display_stays_with_it():
    cont = "where $\\lambda$ is the penalty weight chosen on held out data."
    md = _filler(8) + " " + INTRO + "\n\n" + DISPLAY + "\n\n" + cont + " " + _filler(10, 50)
    for size in range(130, 230, 10):
        chunks = split_markdown(md, chunk_size=size)
        (holder,) = _holding(chunks, "\\hat\\theta")
        assert cont in holder.text and INTRO in holder.text, size
        assert all(c.token_count <= size for c in chunks)


def test_the_introduction_is_repeated_when_it_cannot_leave_its_chunk():
    heading = "# " + " ".join(["Estimation of the shrinkage parameters in the model"] * 5)
    intro = "We fit the model on all samples of the training set. " + INTRO
    md = heading + "\n\n" + intro + "\n\n" + DISPLAY
    chunks = split_markdown(md, chunk_size=80)
    (holder,) = _holding(chunks, "\\hat\\theta")
    assert holder.text.startswith(intro) and holder.context_repeated
    assert holder.overlap_len == len(intro) + 2
    assert holder.metadata()["context_repeated"] is True
    assert "context_repeated" not in chunks[0].metadata()
    assert all(c.token_count <= 80 for c in chunks)


def test_display_context_is_a_setting():
    md = "# Method\n\n" + _filler(12) + " " + INTRO + "\n\n" + DISPLAY
    off = Splitter.from_settings(Settings.resolve({"split": {"display_context": 0,
                                                            "chunk_size": 170}}).split)
    (holder,) = _holding(off.split_markdown(md), "\\hat\\theta")
    assert INTRO not in holder.text
    assert Settings().split.display_context == 1
    for bad in (-1, 1.5, True):
        with pytest.raises(SettingsError):
            Settings.resolve({"split": {"display_context": bad}})


def test_a_chunk_boundary_never_falls_before_a_note_mark_in_its_sentence():
    words = " ".join(f"w{i}" for i in range(150))
    md = _filler(3) + " " + words + " ends the claim.[^1] After it.\n\n[^1]: The note qualifies it."
    for size in range(40, 120, 6):
        chunks = split_markdown(md, chunk_size=size)
        (holder,) = _holding(chunks, "[^1]:")
        assert "w149 ends the claim.[^1]" in holder.text
        at = holder.text.index("ends the claim.")
        assert len(holder.text[:at].split()) >= 10, size   # the sentence before the mark came too
        assert all(c.token_count <= size for c in chunks)


def test_a_long_sentence_with_inline_math_takes_the_one_before_it_too():
    lead = "The residual variance is estimated from the fit of the whole model."
    setup = ("Here every residual $r_i = y_i - f(x_i)$ is taken over the held out samples of "
             "each fold and weighted by the size of that fold.")
    md = _filler(12) + " " + lead + " " + setup + "\n\n" + DISPLAY
    for size in range(150, 230, 5):
        chunks = split_markdown(md, chunk_size=size)
        (holder,) = _holding(chunks, "\\hat\\theta")
        assert lead in holder.text and setup in holder.text, size


def test_an_introduction_stays_when_it_does_not_fit_with_the_headings_it_follows():
    """Four headings, the paragraph that introduces a display, and the display do not fit
    one chunk, though the paragraph and the display would. The paragraph stays with its
    headings and the display moves on alone; no chunk is flagged oversize (found by
    Hypothesis in test_split_properties)."""
    head = "# " + " ".join(["alpha"] * 12)
    md = "\n\n".join(["$$\nalpha\n$$", head, head, head, "# alpha",
                      "Alpha[^1] alpha alpha. Alpha[^2] $x_{i} + y^2$ alpha alpha alpha alpha alpha.",
                      "[^1]: Note 1 beta.", "[^2]: Note 2 gamma.", "$$\nalpha\nalpha\n$$"])
    chunks = split_markdown(md, chunk_size=94)
    assert [c for c in chunks if c.oversize] == []
    assert all(c.token_count <= 94 for c in chunks)
    assert not chunks[-1].text.startswith("#")
    (holder,) = _holding(chunks, "Alpha[^2]")
    assert "[^2]: Note 2 gamma." in holder.text
