"""The figure_context stage (after footnotes, once paragraphs are final): for every figure,
the paragraphs that mention it ('Fig. 3', 'Figs. 3-5') and those just before and after it
in reading order.

Reads `doc.figures` and the final elements; writes each Figure's mentions and context.
The code lives with figure detection (`figures.stage.context`); this module is the stage's
place in `pipeline.STAGES`.
"""
from .figures import context as run

__all__ = ["run"]
