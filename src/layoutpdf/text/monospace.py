"""Monospaced type: code listings, terminal output, pseudo-code set in typewriter fonts."""
from __future__ import annotations

import re
from functools import lru_cache

from ..model import Span

# fonts that are monospaced whether or not the PDF sets the fixed-pitch flag
_MONO_FONT = re.compile(r"mono|courier|^cmtt|^sftt|typewriter|consol|menlo|inconsolata|"
                        r"lucidasanstypewriter|andale|firacode|sourcecode|^lmtt|txtt|beramono", re.I)


@lru_cache(maxsize=1024)
def mono_font(font: str) -> bool:
    return _MONO_FONT.search(font.split("+", 1)[-1]) is not None


def is_mono(span: Span) -> bool:
    """Set in a monospaced font: the fixed-pitch flag, or a known typewriter family."""
    return span.mono or mono_font(span.font)
