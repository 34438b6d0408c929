"""Visual debugging: draw what the engine decided on top of the page."""
from .overlay import ROLE_COLORS, draw

__all__ = ["draw", "ROLE_COLORS"]
