"""The figure stages: regions with their labels, captions bound, context paragraphs.

`pipeline.STAGES` calls `run` (figure regions out of the prose flow, before layout),
`bind` (captions bound to figures, before stitching) and `context` (paragraphs mentioning
each figure). Beneath them: regions.py (region proposals grown from drawings and images),
caption_first.py (regions found from a caption outwards), page_text.py (the page's text
lines as the region growers see them).
"""
from .stage import bind, context, run

__all__ = ["run", "bind", "context"]
