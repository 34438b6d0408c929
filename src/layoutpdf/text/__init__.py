"""What extraction and the stages both know about text, below both of them.

scripts.py (CJK and Hangul tests, CJK letter-spacing), quality.py (what a page's text layer
is worth: garbled spans, invisible text, image cover), latex_symbols.py (which
characters are math, and their LaTeX names; with tex_font_codes.py, raw TeX font codes,
and math_font_names.py, which fonts are math), glyph_columns.py (stacked glyphs rebuilt into
vertical lines), lines.py (fragments joined into a line, lines into a paragraph, sentence
ends), margin_lines.py (what page numbers, URLs, copyright lines and other margin text
read like; note markers opening a line), monospace.py (typewriter fonts), caption_labels.py
(the words that label a caption, per language). Imports only the model.
"""
