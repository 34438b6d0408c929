"""Stage plumbing: per-page isolation, element ids, text helpers shared by stages."""
from __future__ import annotations

import hashlib
import logging
import re
import time
from functools import lru_cache
from operator import attrgetter
import unicodedata
from dataclasses import replace
from typing import Callable, Iterable

from ..errors import Issue, PageProcessingError
from ..model import BBox, Document, Element, Layer, Line, Page, Role
from ..settings import Settings
from ..text.scripts import cjk_despace, is_cjk, is_hangul

log = logging.getLogger("layoutpdf")

PageFn = Callable[[Document, Page, list[Element], Settings], tuple[Page, list[Element]]]


def per_page(stage: str, fn: PageFn, doc: Document, settings: Settings) -> Document:
    """Run fn on every page; a failing page becomes an Issue and a plain-text fallback."""
    by_page: dict[int, list[Element]] = {p.index: [] for p in doc.pages}
    for e in doc.elements:
        by_page.setdefault(e.page, []).append(e)
    pages, elements, issues = [], [], list(doc.issues)
    for page in doc.pages:
        current = by_page.get(page.index, [])
        if page.fallback:
            pages.append(page)
            elements.extend(current)
            continue
        started = time.perf_counter()
        try:
            new_page, new_elems = fn(doc, page, current, settings)
        except Exception as exc:  # isolation: one bad page never stops the document
            if settings.strict:
                raise PageProcessingError(f"stage {stage!r} failed on page {page.index + 1}: {exc}") from exc
            log.warning("stage %s failed on page %d: %s", stage, page.index + 1, exc)
            issues.append(Issue(stage, page.index, "stage_failed", f"{type(exc).__name__}: {exc}"))
            new_page, new_elems = replace(page, fallback=True), fallback_elements(page, current)
        elapsed = time.perf_counter() - started
        if elapsed > settings.limits.page_time_budget_s:
            issues.append(Issue(stage, page.index, "slow_page",
                                f"stage took {elapsed:.1f}s (budget {settings.limits.page_time_budget_s}s)"))
        pages.append(new_page)
        elements.extend(new_elems)
    return replace(doc, pages=tuple(pages), elements=tuple(elements), issues=tuple(issues))


def fallback_elements(page: Page, existing: list[Element]) -> list[Element]:
    """Plain text of the page in simple top-to-bottom, left-to-right order."""
    kept = [e for e in existing if e.layer is not Layer.BODY]
    used = {lid for e in kept for lid in e.line_ids}
    lines = sorted((ln for ln in page.lines if ln.id not in used),
                   key=lambda ln: (round(ln.bbox.y0), ln.bbox.x0))
    if not lines:
        return kept
    text = "\n".join(ln.text.strip() for ln in lines if ln.text.strip())
    bbox = BBox.union_all(ln.bbox for ln in lines)
    return kept + [Element(id=element_id(page.index, bbox, text), role=Role.PARAGRAPH,
                           layer=Layer.BODY, page=page.index, bbox=bbox, text=text,
                           line_ids=tuple(ln.id for ln in lines), reasons=("fallback",))]


def element_id(page: int, bbox: BBox, text: str) -> str:
    """Deterministic id from position and content (stable across runs and processes)."""
    box = f"[{_tenths(bbox.x0)}, {_tenths(bbox.y0)}, {_tenths(bbox.x1)}, {_tenths(bbox.y1)}]"
    h = hashlib.blake2b(f"{page}|{box}|{text}".encode("utf-8"), digest_size=5)
    return f"p{page}-{h.hexdigest()}"


def _tenths(v: float) -> str:
    """repr(round(v, 1)), as `BBox.to_list(1)` writes it, in one formatting: both round the
    exact binary value to one decimal; repr turns to an exponent from 1e16 on."""
    return f"{v:.1f}" if -1e15 < v < 1e15 else repr(round(v, 1))


# -- text helpers -------------------------------------------------------------------------
_LEFT = attrgetter("bbox.x0")
_HYPHENS = ("-", "\u2010", "\u00ad")
CJK_WORD_GAP_EM = 1.0   # between CJK fragments a gap this wide (in font sizes) is a word space


def line_text(lines: Iterable[Line]) -> str:
    """Text of fragments on one baseline, left to right, spaced where there is a gap.

    Between two CJK characters only a gap of a full character or more (names, keywords
    set apart) is a space; letter-spaced runs are closed up (`cjk_despace`). A Korean
    line that ends at a word boundary (the PDF keeps the space there) keeps one trailing
    space, for `join_lines`.
    """
    out = ""
    prev: Line | None = None
    for ln in sorted(lines, key=_LEFT):
        t = ln.text.strip()
        if not t:
            continue
        if prev is not None and out and not out.endswith(" "):
            gap = ln.bbox.x0 - prev.bbox.x1
            cjk = is_cjk(out[-1]) and is_cjk(t[0])
            if gap > (CJK_WORD_GAP_EM if cjk else 0.12) * max(ln.size, 1.0):
                out += " "
        out += t
        prev = ln
    if out.isascii():
        return out                  # (most rows) no CJK to close up, no Korean word end
    out = cjk_despace(out)
    if prev is not None and is_hangul(out[-1:]) and prev.text[-1:].isspace():
        out += " "
    return out


def join_lines(texts: list[str]) -> str:
    """Join the lines of a paragraph: undo end-of-line hyphenation, no spaces inside CJK
    (a Korean line that ended with a space was cut between words: keep one)."""
    out = ""
    word_end = False
    for raw in texts:
        t = raw.strip()
        if not t:
            continue
        if not out:
            out, word_end = t, raw[-1:].isspace()
            continue
        last, first = out[-1], t[0]
        if (last in _HYPHENS and len(out) >= 2 and out[-2].isalpha() and not is_cjk(out[-2])
                and first.islower()):
            word = out.rstrip("-\u2010\u00ad").rsplit(" ", 1)[-1]
            if "-" in word or last == "\u2010":
                out += t                      # a real compound: state-of-the-|art
            else:
                out = out[:-1] + t            # exam-|ple -> example
        elif last in _HYPHENS and len(out) >= 2 and out[-2].isalpha() and first.isalpha():
            word = out.rstrip("-\u2010\u00ad").rsplit(" ", 1)[-1]
            nxt = re.match(r"[^\W\d_]+", t)
            if word.isupper() and nxt and nxt.group(0).isupper() and "-" not in word:
                out = out[:-1] + t            # PYTHON-|PATH: a capitalised word broken
            else:
                out += t                      # Smith-|Jones: the hyphen is real, no space
        elif is_cjk(last) and is_cjk(first):
            out += " " + t if word_end and (is_hangul(last) or is_hangul(first)) else t
        elif last in _HYPHENS and is_cjk(out[-2:-1]) and is_cjk(first):
            out += t                          # a dash inside CJK text: no space, no dehyphenation
        else:
            out += " " + t
        word_end = raw[-1:].isspace()
    return out


@lru_cache(maxsize=65536)
def normalize_for_repeat(text: str) -> str:
    """Key for cross-page repetition: digits masked, case and spacing folded."""
    t = unicodedata.normalize("NFKC", text).lower()
    t = re.sub(r"\d+", "#", t)
    t = re.sub(r"\b[ivxlcdm]+\b", "#", t) if len(t) < 12 else t
    return re.sub(r"\s+", " ", t).strip()


SENTENCE_END = (".", "!", "?", "。", "！", "？", "．", "｡", "」", "』", "）", ":", "\u201d", '"', ")")
