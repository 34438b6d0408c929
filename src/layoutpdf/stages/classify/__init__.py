"""The classify stage: roles from typography (title, headings, list items, captions,
footnote blocks, contents entries) and code listings.

`run` is what `pipeline.STAGES` calls (stage.py). Beneath it: code.py (runs of monospaced
lines recast as CODE elements, classify its only user).
"""
from .stage import run

__all__ = ["run"]
