"""The figure_captions stage (after math, before stitch): each figure CAPTION bound to one
figure by the shared binding score (`elements/captions.py`), one-to-one, so stitch never
joins a caption to prose.

Reads `doc.figures`, the elements and lines of their pages; writes each Figure's label,
caption, score, reasons and needs_review, and relabels as CAPTION a paragraph opening with
a figure label that binds. The binding works on the regions figure detection found, so
its code lives with it (`figures.stage.bind`); this module is the stage's place in
`pipeline.STAGES`.
"""
from .figures import bind as run

__all__ = ["run"]
