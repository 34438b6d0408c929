"""What several stages share to make elements from lines, below every stage and knowing
none of them.

per_page.py (run a stage page by page, a failing page becoming an issue and plain text),
ids.py (deterministic element ids), rows.py (line fragments on one baseline and what they
are made of), blocks.py (rows split into paragraphs, headings, list items and display
formulas), line_kinds.py (contents entries, list starts, equation numbers by their text),
captions.py (caption labels, caption assembly, the caption <-> figure/table binding score).
"""
