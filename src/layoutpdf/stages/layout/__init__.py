"""The layout stage: columns, reading order and paragraph blocks of each page.

`run` is what `pipeline.STAGES` calls. Beneath it: bands.py (full-width separator rules and
the small-type band at a page foot, read apart), columns.py (gutters and the reading
order of column regions), vertical.py (vertical CJK text read right to left); the rows and
block segmentation it shares with later stages are in `elements/rows.py` and `elements/blocks.py`.
"""
from .stage import run

__all__ = ["run"]
