"""Note marks in the text: a raised, smaller glyph run (or a Unicode superscript) after a
word, whose value is a note's marker ('claim.³', 'arXiv,²', '(ACE)¹', '”.³'), told apart
from the scripts of mathematics ('x²', '10³', '(a+b)²') and from the affiliation marks of
an author line ('Lu¹, Hang¹'). Each is found with its offset in its element's text.
"""
from __future__ import annotations

import re
from collections import Counter

from ...model import Document, Layer, Line, Role, Span

_BODY = Layer.BODY
_FOOTNOTE = Role.FOOTNOTE
_TABLE = Role.TABLE
MARKER = r"(?:\d{1,3}|[*∗⋆†‡§¶‖#]{1,3}|[a-z])"   # '∗' U+2217: TeX's math asterisk
_MATH_FONT = re.compile(r"CMMI|CMSY|CMEX|Math|Symbol|MSBM|STIX(?!(?:Two)?Text|General)", re.I)
# blocks whose rendering carries anchors and the definitions after them: a note bound to
# a heading or caption would lose both its mark and its text in the Markdown
ANCHOR_ROLES = {Role.PARAGRAPH, Role.LIST_ITEM}


def raised(span: Span, line: Line) -> bool:
    return span.size <= line.size * 0.85 and span.origin[1] < line.baseline - 0.15 * line.size


# -- anchors --------------------------------------------------------------------------------
def find_anchors(doc: Document, lines: dict[str, Line], notes: set[str], romans: frozenset[str]):
    """(element id, page, marker, span, offset of the marker in the element text, the
    cuts (offset, length) that take the mark out of the text); not in
    the blocks of a notes list (`notes`). Raised roman numbers are marks when a notes list
    is numbered so (`romans`: its numbers)."""
    out = []
    for e in doc.elements:
        if e.role is _TABLE and e.layer is _BODY:
            out += _cell_marks(e, lines)
        if e.layer is not _BODY or e.role not in ANCHOR_ROLES or e.id in notes:
            continue
        cursor = 0
        # in reading order (the element's own line order): sorting by baseline would read
        # the top of the next column before the foot of this one, past a marker there
        for ln in (lines[i] for i in e.line_ids if i in lines):
            spans = list(ln.spans)
            small = ln.size * 0.85
            for k, sp in enumerate(spans):
                # what `anchor_marker` asks first, asked cheaply of every span of the text
                if not k or sp.size > small or not raised(sp, ln):
                    continue
                marker = anchor_marker(sp, spans[:k], ln, romans)
                if marker is None:
                    continue
                before = "".join(s.text for s in spans[:k]).rstrip()[-14:]
                offset = _locate(e.text, before, marker, cursor)
                cuts = ((offset, len(marker)),)
                if offset is None and e.markup == "markdown":
                    offset, cuts = _locate_in_math(e.text, before, marker, cursor)
                if offset is not None:
                    out.append((e.id, ln.page, marker, sp, offset, cuts))
                    cursor = max(off + n for off, n in cuts)
    return out


def _cell_marks(e, lines: dict[str, Line]):
    """The marks in a table's cells ('6.8†', 'Accuracy¹'): a raised symbol after any
    cell text, a raised number after a word (after a number it is a power: '10³'). They
    stay printed in their cells (cuts none): the note is written with the table's notes."""
    out = []
    for ln in (lines[i] for i in e.line_ids if i in lines):
        spans = list(ln.spans)
        for k, sp in enumerate(spans):
            text = sp.text.strip()
            if not k or not text or not raised(sp, ln) or not re.fullmatch(_CELL_MARK, text):
                continue
            prev = "".join(s.text for s in spans[:k]).rstrip()
            if not prev or text[0].isdigit() and not prev[-1].isalpha():
                continue
            offset = _locate(e.text, prev[-14:], text, 0)
            out.append((e.id, ln.page, text, sp, offset, ()))
    return out


_CELL_MARK = r"\d{1,2}|[*∗⋆†‡§¶‖]{1,3}"


def _locate_in_math(text: str, before: str, marker: str, start: int):
    """A mark the math stage took for a script of the word before it and wrote as inline
    maths ('v3.0.0⁹' -> '$v3.0.0^{9}$': a version or name, `anchor_marker` said, is no
    base of a power): (offset of the mark once the maths is undone, the cuts that undo
    it: the opening '$' and '^{9}$'), or (None, ()). Only a formula that is nothing but
    the word and the mark is undone."""
    words = before.split()
    if not words:
        return None, ()
    m = re.compile(r"\$(" + re.escape(words[-1]) + r")\^\{" + re.escape(marker) + r"\}\$").search(text, start)
    if m is None:
        return None, ()
    return m.end(1), ((m.start(), 1), (m.end(1), m.end() - m.end(1)))


def without_affiliation_marks(anchors):
    """Anchors less the marks repeated within one block when the same mark also stands
    alone in another block: an author line's affiliation superscripts ('Lu¹, Hang¹,
    Zhang¹') would otherwise take the body note with that number from its claim further
    down. A repeated mark with no other anchor (an author note '∗' shared by two authors,
    affiliations set as notes) keeps its note."""
    seen = Counter((a[0], a[2]) for a in anchors)
    single = {marker for (el_id, marker), n in seen.items() if n == 1}
    return [a for a in anchors if seen[(a[0], a[2])] < 2 or a[2] not in single]


def without_labelled_marks(doc: Document, lines: dict[str, Line], anchors, notes: set[str]):
    """Anchors less the marks whose label is set beside them: an author's affiliation
    mark ('Lu¹') points to the affiliation line that opens with the same raised mark
    ('¹Key Laboratory ...') in its own block or the block after it, not to the page's
    note with that number. (Not note blocks, `notes`: their marks label notes.)"""
    body = [e for e in doc.elements if e.layer is _BODY and e.role is not _FOOTNOTE and e.id not in notes]
    labels: dict[str, set[str]] = {}
    for k, e in enumerate(body):
        opened = {m for m in (_raised_label(lines[i]) for i in e.line_ids if i in lines) if m}
        if not opened:
            continue
        labels.setdefault(e.id, set()).update(opened)
        if k:
            labels.setdefault(body[k - 1].id, set()).update(opened)
    return [a for a in anchors if a[2] not in labels.get(a[0], ())]


def _raised_label(line: Line) -> str | None:
    """The raised mark a line opens with, when words follow it ('¹Key Laboratory')."""
    spans = [s for s in line.spans if s.text.strip()]
    if len(spans) > 1 and raised(spans[0], line) and re.fullmatch(MARKER, spans[0].text.strip()) \
            and re.match(r"\s*[^\W\d_]", spans[1].text):
        return spans[0].text.strip()
    return None


def anchor_marker(sp: Span, before: list[Span], line: Line,
                   romans: frozenset[str] = frozenset()) -> str | None:
    text = sp.text.strip()
    if not text or not before or not raised(sp, line):
        return None
    if not re.fullmatch(r"\d{1,3}\)?|[*∗⋆†‡§¶‖]{1,3}", text) and text not in romans:
        return None
    prev = "".join(s.text for s in before).rstrip()
    if not prev:
        return None
    prev_span = next((s for s in reversed(before) if s.text.strip()), None)
    if prev_span is not None and _MATH_FONT.search(prev_span.font):
        return None   # a script on a math symbol
    word = re.findall(r"[^\W\d_]+$", prev)
    if prev[-1].isdigit() and not _versioned(prev) or prev[-1] in "+-=^_]}" \
            or prev[-1] == ")" and not _words_in_parens(prev) \
            or (word and len(word[0]) == 1 and prev[-1].isalpha()):
        return None   # x², 10³, (a+b)²: math, not a footnote
    return text


def _versioned(prev: str) -> bool:
    """The word before ends in digits but is a name or version ('v3.0.0', 'GPT-2'), not a
    number: a raised digit after it is a note ('v3.0.0⁹'), not a power ('10³')."""
    token = prev.split()[-1] if prev.split() else ""
    letters = sum(c.isalpha() for c in token)
    return letters >= 2 or letters == 1 and "." in token


def _words_in_parens(prev: str) -> bool:
    """The closing ')' ends a parenthesis of words (a citation '(Radev et al., 2009)', an
    acronym '(ACE)', an aside opened on an earlier line: a formula is not broken across
    lines inside its brackets), not a bracketed expression '(a+b)', '(sin x)'."""
    opening = prev.rfind("(")
    inside = prev[opening + 1:] if opening >= 0 else prev
    words = [w for w in re.findall(r"[^\W\d_]{3,}", inside) if w.lower() not in _MATH_NAMES]
    return bool(words) and (opening < 0 or " " in inside or inside[:-1].isalpha())


# operator names set upright in formulas: '(sin x)²' is a power, not a note
_MATH_NAMES = frozenset("sin cos tan cot sec csc sinh cosh tanh arcsin arccos arctan log ln lg "
                        "exp max min sup inf lim det dim ker deg arg mod gcd lcm var cov tr".split())


def _locate(text: str, before: str, marker: str, start: int) -> int | None:
    ctx = re.sub(r"\s+", " ", before).strip()
    for n in (len(ctx), 8, 4):
        piece = ctx[-n:] if n else ""
        if not piece:
            continue
        pattern = r"\s*".join(re.escape(c) for c in piece if not c.isspace()) + r"\s*(" + re.escape(marker) + ")"
        m = re.compile(pattern).search(text, start)
        if m:
            return m.start(1)
    return None
