"""Small pieces of the inspector's markup: HTML escaping, numbers written short (SVG
coordinates, JSON records), and the colour of each role (from the overlay's palette)."""
from __future__ import annotations

import html

from ..model import Role
from .overlay import ROLE_COLORS

def role_color(role: Role) -> str:
    r, g, b = ROLE_COLORS.get(role, (0.0, 0.0, 0.0))
    return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _n(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _round(v):
    if isinstance(v, float):
        return round(v, 3)
    if isinstance(v, list):
        return [_round(x) for x in v]
    if isinstance(v, dict):
        return {k: _round(x) for k, x in v.items()}
    return v
