"""The footnotes stage: notes split, bound to their in-text anchors by marker.

`run` is what `pipeline.STAGES` calls. stage.py reads the page-foot notes (blocks the
classifier called notes) and the marks in the text, and binds them; endnotes.py finds the
numbered notes lists set after the text ("Notes", endnotes), which bind by number
wherever they are.
"""
from .stage import ENDNOTE, run

__all__ = ["ENDNOTE", "run"]
