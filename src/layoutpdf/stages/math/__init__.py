"""The math stage: display equations and inline `$...$` as LaTeX.

`run` is what `pipeline.STAGES` calls (stage.py decides where math is; tails.py gives a
paragraph back the inline formula that ends it, run into the display below). The serializer
beneath it, glyphs -> structures -> rows -> LaTeX, is documented in serialize.py:
glyphs.py (spans to glyphs; beside it atoms.py: the Glyph and character geometry,
levels.py: script levels, composites.py: glyphs read together), structures.py (accents,
radicals, fractions, limits, delimiters, matrices, cases), rows.py (baseline tree, scripts, joining), display.py
(display formulas, tags, aligned rows, confidence), inline.py (formulas inside prose).
"""
from .stage import run

__all__ = ["run"]
