"""Visual debugging: draw what the engine decided on top of the page.

`inspect(document)` -> one self-contained HTML report (page images, SVG overlay, details
panel, issues and needs-review lists); `draw(document, page_index)` -> a PNG overlay.
"""
from .html import document_summary_html, inspect
from .overlay import ROLE_COLORS, draw

__all__ = ["inspect", "document_summary_html", "draw", "ROLE_COLORS"]
