"""Math from the PDF text layer: spans (+ horizontal rules) -> LaTeX, no OCR, no model.

Public API (pure functions over the data model; no pymupdf import):

* ``spans_to_latex(spans, rules, base_size=None) -> MathResult`` — one display formula.
* ``lines_to_latex(lines, rules) -> MathResult`` — a display block of one or more lines:
  rows aligned at a relation become ``\\begin{aligned} .. &= .. \\\\ .. \\end{aligned}``;
  grids between tall brackets become matrices; an equation number ``(3)`` at the right
  margin is returned as ``MathResult.tag`` and left out of the LaTeX.
* ``inline_math_runs(line, body_size, rules) -> list[MathRun]`` — where a prose line holds
  math (math-font glyphs, math characters, sub/superscripts), with a
  ``maybe_footnote_marker`` flag for raised small marks after a word, which are left for the
  footnote stage to decide.
* ``notes_at_most(line, body_size) -> bool`` — a cheap screen: True when
  ``inline_math_runs`` would find no formula in the line (at most note markers).
* ``line_to_markdown_with_math(line, body_size, rules) -> (text, [MathResult])`` — the line
  text with every inline formula replaced by ``$...$`` (plain numbers stay plain).
* ``attach_script_lines(lines) -> lines`` — re-joins the pieces an extractor splits off a
  prose line around inline fractions / scripts; run it before the two functions above.
* ``rules_from_drawings(drawings)``, ``rules_from_images(images)`` — the rules: horizontal
  strokes, thin filled rectangles and thin stretched images (fraction bars, radical vincula,
  overlines) as ``BBox``es in page coordinates.

Quality is best when each span holds one glyph (rawdict chars); multi-glyph spans are split
in proportion to rough advance widths, and a span that PyMuPDF put on two baselines is
settled against the fraction rules.

Modules: glyphs (spans -> glyphs, with atoms, levels and composites), structures (accents, radicals, fractions, limits,
delimiters, matrices, cases), rows (baseline tree, scripts, joining), display (display
formulas, tags, aligned rows, confidence), inline (prose lines).
Symbol tables: text/latex_symbols.py.
"""
from __future__ import annotations

from .display import (MathResult, MathRun, lines_to_latex, rules_from_drawings,
                           rules_from_images, spans_to_latex)
from .inline import inline_math_runs, line_to_markdown_with_math, notes_at_most
from .script_lines import attach_script_lines

__all__ = ["MathResult", "MathRun", "spans_to_latex", "lines_to_latex", "inline_math_runs",
           "line_to_markdown_with_math", "rules_from_drawings", "rules_from_images",
           "attach_script_lines", "notes_at_most"]
