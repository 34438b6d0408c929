"""Script knowledge: which characters are CJK or Hangul, and CJK letter-spacing undone."""
from __future__ import annotations

import re

# CJK: Han, kana, Hangul, CJK punctuation (。、「」), full-width forms. Chinese and Japanese
# are set without spaces, so no join ever adds one between two of these characters;
# Korean separates words by spaces, which the PDF keeps (also at a line end).
_CJK_RANGES = ("\u1100-\u11ff\u2e80-\u2fdf\u3000-\u303f\u3040-\u30ff\u3100-\u312f"
               "\u3130-\u318f\u31c0-\u31ff\u3200-\u33ff\u3400-\u4dbf\u4e00-\u9fff"
               "\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef"
               "\U00020000-\U0003134f")
_HANGUL_RANGES = "\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7ff"
_CJK = re.compile(f"[{_CJK_RANGES}]")
_HANGUL = re.compile(f"[{_HANGUL_RANGES}]")

_FIRST_CJK = "\u1100"       # no character below this is CJK or Hangul


def is_cjk(ch: str) -> bool:
    return ch >= _FIRST_CJK and bool(_CJK.match(ch))


def is_hangul(ch: str) -> bool:
    return ch >= _FIRST_CJK and bool(_HANGUL.match(ch))


def cjk_despace(text: str) -> str:
    """Undo letter-spacing in Chinese/Japanese (摘 要, 第 一 章 -> 摘要, 第一章): a space
    between two single-character words goes. Spaces between longer words (author names,
    keywords) and Korean word spaces stay."""
    if text.isascii() or not _CJK.search(text) or " " not in text and "\u3000" not in text:
        return text
    parts = _SPACES.split(text)
    words, seps = parts[0::2], parts[1::2]
    out = words[0]
    for n, sep in enumerate(seps):
        a, b = words[n], words[n + 1]
        out += b if _single_han(a) and _single_han(b) else sep + b
    return out


_SPACES = re.compile(r"([ \u3000\u2002\u2003\u00a0]+)")


def _single_han(word: str) -> bool:
    core = word.strip("()（）[]【】「」『』《》〈〉、，。：；！？,.:;!?\"'“”‘’")
    return len(core) == 1 and is_cjk(core) and not is_hangul(core)
