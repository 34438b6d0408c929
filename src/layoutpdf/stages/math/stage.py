"""Math as LaTeX: display blocks become EQUATION elements, inline formulas become `$...$`.

The serializer (serialize.py and its modules) works from glyphs, fonts, baselines and
rules. This stage decides where math is: a block is display math when it is set apart
(centred or indented within its column, at most a few rows) and made of math rather than
prose (math fonts and symbols, few prose words); an equation number at the margin becomes
the equation's tag. In prose, lines that may hold math (the serializer's cheap screen) are
re-serialised with inline `$...$`; the element's text is then Markdown (`markup="markdown"`),
so the renderer does not escape it again. Raised marks after a word are left for the
footnote stage.
"""
from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from ...elements.line_kinds import EQUATION_TAG
from ...elements.per_page import per_page
from ...elements.rows import rows_of
from ...model import BBox, Document, Element, Equation, Layer, Line, Page, Role, TextSource
from ...settings import Settings
from ...text.latex_symbols import (cmex_extent, font_family, is_math_char, is_math_font,
                                   is_symbol_font)
from ...text.lines import join_lines
from .prose import PROSE_WORD, is_date, is_pictograph, opens_statement
from .tails import rejoin_paragraph_ends
from .typed import TYPED_LINE, split_typed_formulas
from .serialize import (MathResult, attach_script_lines, inline_math_runs, lines_to_latex,
                        notes_at_most, rules_from_drawings, rules_from_images)

PLAIN_PROSE = re.compile(r"[A-Za-z0-9\s.,;:!?'\"()\[\]\-\u2013\u2014\u2018\u2019\u201c\u201d&%]*")
MAX_DISPLAY_CHARS = 600
INLINE_ROLES = {Role.PARAGRAPH, Role.LIST_ITEM}   # captions and notes keep plain text for now
MAX_DISPLAY_ROWS = 12
# the roles of the body elements that may become display math or hold inline maths
_CANDIDATE_ROLES = frozenset({Role.PARAGRAPH, Role.EQUATION, Role.HEADING}) | INLINE_ROLES


def run(doc: Document, settings: Settings) -> Document:
    if not settings.math.enabled:
        return doc
    lines = doc.lines_by_id()
    found: dict[int, list[Equation]] = {}

    def page_fn(d: Document, page: Page, elements: list[Element], s: Settings):
        if page.text_source is not TextSource.NATIVE:
            found[page.index] = []     # OCR'd glyphs carry no math fonts or baselines to read
            return page, elements
        new_page, new_elements, equations = _page(d, page, elements, lines)
        found[page.index] = equations
        return new_page, new_elements

    doc = per_page("math", page_fn, doc, settings)
    ok = {p.index for p in doc.pages if not p.fallback}
    equations = tuple(q for idx in sorted(found) if idx in ok for q in found[idx])
    return replace(doc, equations=doc.equations + equations)


def _page(doc: Document, page: Page, elements: list[Element], lines: dict[str, Line]):
    rules = rules_from_drawings(page.drawings) + rules_from_images(page.images)
    body = doc.stats.body_size
    out: list[Element] = []
    equations: list[Equation] = []
    memo: dict[str, tuple[int, int, int]] = {}   # line id -> _line_counts (asked often)
    plain: dict[int, tuple[Line, bool]] = {}      # see _plain
    elements = rejoin_paragraph_ends(elements, lines, body)
    elements = _split_display_heads(elements, lines, page, body, memo, rules)
    elements = split_typed_formulas(elements, lines, lambda e: _column_box(page, e))
    for e in _merge_display_runs(elements, lines, page, body, memo, rules):
        own = [lines[i] for i in e.line_ids if i in lines]
        if e.layer is not Layer.BODY or e.role not in _CANDIDATE_ROLES \
                or _cjk_or_vertical(e, own):
            out.append(e)             # nor are CJK prose and vertical text formulas
            continue
        stacked = _DISPLAY_HEAD in e.reasons and _bar_between(e, e, lines, body, rules)
        if e.role in (Role.PARAGRAPH, Role.EQUATION, Role.HEADING) and \
                len(e.text) < MAX_DISPLAY_CHARS and _is_display(e, own, page, body, memo,
                                                                stacked):
            eq = _display(e, own, rules)
            equations.append(eq)
            text = eq.latex + (f" \\tag{{{eq.tag}}}" if eq.tag else "")
            out.append(replace(e, role=Role.EQUATION, text=text,
                               reasons=e.reasons + ("display math",) + eq.reasons))
        elif e.role in INLINE_ROLES and own and not _plain(own, body, plain):
            out.append(_inline(e, own, rules, body, equations, plain))
        else:
            out.append(e)
    return page, out, equations


_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


def _cjk_or_vertical(e: Element, own: list[Line]) -> bool:
    if any(ln.vertical or not ln.horizontal for ln in own):
        return True
    return not e.text.isascii() and len(_CJK.findall(e.text)) > 0.3 * max(len(e.text), 1)


def _plain(own: list[Line], body: float, memo: dict) -> bool:
    """Cheap test that no line can hold math: plain ASCII prose in text fonts, every span
    on its line's baseline at body size or larger. `memo`: the verdicts per line object
    on the page (asked again for the lines of an element that is not plain)."""
    for ln in own:
        hit = memo.get(id(ln))
        if hit is None:               # the memo keeps the line, so its id stays its own
            hit = memo[id(ln)] = (ln, _plain_line(ln, body))
        if not hit[1]:
            return False
    return True


def _plain_line(ln: Line, body: float) -> bool:
    if not PLAIN_PROSE.fullmatch(ln.text):
        return False
    small, off, base = 0.85 * body, 0.08 * body, ln.baseline
    for sp in ln.spans:
        if sp.size < small or abs(sp.origin[1] - base) > off or is_math_font(sp.font):
            return False
    return True


# -- display ----------------------------------------------------------------------------
def _math_share(own: list[Line], memo: dict) -> tuple[float, int]:
    """Share of characters that are math (math font or math symbol), and prose words."""
    total = math = prose = 0
    for ln in own:
        t, m, p = _counts(ln, memo)
        total, math, prose = total + t, math + m, prose + p
    return (math / total if total else 0.0), prose


def _wordy(own: list[Line], memo: dict, limit: int) -> bool:
    """More than `limit` prose words: the lines are prose, whatever their maths share.
    Counted line by line, it usually settles on the first line of a paragraph."""
    prose = 0
    for ln in own:
        prose += _counts(ln, memo)[2]
        if prose > limit:
            return True
    return False


def _counts(ln: Line, memo: dict) -> tuple[int, int, int]:
    return memo.get(ln.id) or memo.setdefault(ln.id, _line_counts(ln))


def _line_counts(ln: Line) -> tuple[int, int, int]:
    """(characters, math characters, prose words) of one line."""
    total = math = prose = 0
    for s in ln.spans:
        text = _FILL.sub(" ", s.text).strip() if "_" in s.text else s.text.strip()
        if not text:
            continue
        total += len(text)
        if _maths_font(s.font):
            math += len(text)
            continue
        prose += len(PROSE_WORD.findall(text))
        candidates = _MATH_CANDIDATE.findall(text)
        if candidates:
            math += sum(1 for ch in candidates if ch < "\x80" or is_math_char(ch))
    return total, math, prose


# a run of underscores is typed fill: a leader tab's fill up to an amount, or a blank to
# write in ('Signature ________'); a subscript is set lower, not typed as '_'
_FILL = re.compile(r"_{3,}")


@lru_cache(maxsize=4096)
def _maths_font(font: str) -> bool:
    """Every character of a maths or symbol font counts as maths."""
    return is_math_font(font) or is_symbol_font(font)


_ASCII_MATH = frozenset(c for c in map(chr, range(128)) if is_math_char(c)) | frozenset("=+<>^_|/")
# the characters that may count as maths: the ASCII ones above, and any beyond ASCII (the
# regular expression finds them faster than a loop over every character)
_MATH_CANDIDATE = re.compile("[" + re.escape("".join(sorted(_ASCII_MATH))) + "\x80-\U0010ffff]")


def _is_display(e: Element, own: list[Line], page: Page, body: float, memo: dict,
                stacked: bool = False) -> bool:
    """`stacked`: a fraction bar in the block has its ink over and under it (the letters
    of a Times or Palatino formula are text italic: no maths share to count)."""
    if not own or _wordy(own, memo, 3 + len(own)) or _statement(e, own) \
            or all(is_date(ln.text) for ln in own):
        return False                  # see the prose test below
    share, prose = _math_share(own, memo)
    tagged = any(EQUATION_TAG.search(ln.text) for ln in own)
    typed = TYPED_LINE in e.reasons    # its relation and operators were its test (typed.py)
    least = 0.0 if stacked or typed else \
        0.1 if tagged or (prose == 0 and _tall_delimiter(own, body)) else 0.2
    if share < least or prose > 3 + len(own):
        return False
    col = _column_box(page, e)
    left, right = e.bbox.x0 - col.x0, col.x1 - e.bbox.x1
    set_apart = left > 1.5 * body or (right > 1.5 * body and abs(left - right) < 0.25 * col.width) \
        or typed                        # flush left between line breaks
    # the rows are counted last: building them costs more than the tests above (and a
    # row holds one line at least)
    return (set_apart or tagged) and (len(own) <= MAX_DISPLAY_ROWS
                                      or len(rows_of(tuple(own))) <= MAX_DISPLAY_ROWS)


def _statement(e: Element, own: list[Line]) -> bool:
    """An enumerated statement ('(1) Let ...') opens at the block's left edge; an equation
    number at the right margin on a line above a fraction's denominator ('(1) σXσY' in
    text order) is no label."""
    if not opens_statement(e.text):
        return False
    return not own or own[0].bbox.x0 <= e.bbox.x0 + 0.1 * e.bbox.width


_DELIMITERS = frozenset("()[]{}|\u2016\u27e8\u27e9")


def _tall_delimiter(own: list[Line], body: float) -> bool:
    """A glyph of a maths extension font (the big delimiters and operators of cmex, txex,
    PazoMath...) or a delimiter drawn well above body size: a 2-D structure (a matrix, a
    binomial) whose entries may all be text-font letters and digits (Times, Palatino)."""
    # (in the extension font ' ' is a glyph too: code 32, the Bigg left parenthesis)
    return any(font_family(sp.font) == "cmex" and any(cmex_extent(c) for c in sp.text)
               or sp.text.strip() and sp.size > 1.4 * body
               and _DELIMITERS.issuperset(sp.text.strip())
               for ln in own for sp in ln.spans)


def _column_box(page: Page, e: Element) -> BBox:
    if e.column is not None and e.column < len(page.columns):
        return page.columns[e.column]
    if page.columns:
        return BBox.union_all(page.columns)
    return page.rect


_DISPLAY_HEAD = "display split from the paragraph after it"


def _split_display_heads(elements: list[Element], lines: dict[str, Line], page: Page,
                         body: float, memo: dict, rules: list[BBox]) -> list[Element]:
    """A display the block stage ran into the paragraph after it (TeX's short skip below
    a display; a Times or Palatino formula's text-italic letters look like prose to it)
    is its own block again: the lines before the first full prose line (four words or
    more, from the column's left edge) hold no prose, lie above it, and are a display."""
    out: list[Element] = []
    for e in elements:
        own = [lines[i] for i in e.line_ids if i in lines]
        k = _first_prose_line(e, own, page, body, memo) \
            if e.role is Role.PARAGRAPH and e.layer is Layer.BODY and len(own) > 1 else 0
        if k <= 0:
            out.append(e)
            continue
        head_lines = own[:k]
        head = replace(e, id=f"{e.id}-display", line_ids=tuple(ln.id for ln in head_lines),
                       bbox=BBox.union_all([ln.bbox for ln in head_lines]),
                       text=" ".join(ln.text for ln in head_lines),
                       reasons=e.reasons + (_DISPLAY_HEAD,))
        stacked = _bar_between(head, head, lines, body, rules)
        if not _is_display(head, head_lines, page, body, memo, stacked):
            out.append(e)
            continue
        tail = own[k:]
        out += [head, replace(e, line_ids=tuple(ln.id for ln in tail),
                              bbox=BBox.union_all([ln.bbox for ln in tail]),
                              text=join_lines([ln.text for ln in tail]))]
    return out


def _first_prose_line(e: Element, own: list[Line], page: Page, body: float, memo: dict) -> int:
    col = _column_box(page, e)
    for k, ln in enumerate(own):
        words = _counts(ln, memo)[2]
        if words >= 4 and ln.bbox.x0 <= col.x0 + 2 * body:
            head = own[:k]
            clear = all(h.bbox.y1 <= ln.bbox.y0 + 0.3 * body for h in head)
            return k if head and clear and all(_counts(h, memo)[2] <= 1 for h in head) else 0
    return 0


def _merge_display_runs(elements: list[Element], lines: dict[str, Line], page: Page,
                        body: float, memo: dict, rules: list[BBox] = ()) -> list[Element]:
    """A display formula the block stage cut at a fraction (numerator / bar / denominator)
    is one block again: consecutive math-only blocks closer than a line apart, or two
    blocks a fraction bar joins (glyphs of one stacked on it, of the other under it: the
    denominator of a Times or Palatino formula is text italic, no maths font to count)."""
    out: list[Element] = []
    for e in elements:
        prev = out[-1] if out else None
        if prev is not None and prev.page == e.page and _one_formula(prev, e, lines, memo,
                                                                     body, rules):
            out[-1] = replace(prev, bbox=prev.bbox.union(e.bbox), line_ids=prev.line_ids + e.line_ids,
                              text=prev.text + " " + e.text)
            continue
        out.append(e)
    return out


def _one_formula(a: Element, b: Element, lines: dict[str, Line], memo: dict, body: float,
                 rules: list[BBox]) -> bool:
    mathy_a, mathy_b = _mathy(a, lines, memo), _mathy(b, lines, memo)
    own_a = [lines[i] for i in a.line_ids if i in lines]
    own_b = [lines[i] for i in b.line_ids if i in lines]
    # a tall delimiter's block lying half over the other: the rows it encloses, maths or
    # not by their share (a matrix row 'sin θ cos θ' of text-roman operator names, a row
    # 'a21 a22' of text-italic letters and digits beside a block 'a11 a12 A = )')
    # (asked after the cheaper tests: most neighbours are two paragraphs of prose)
    def enclosed() -> bool:
        return _enclosed(_hanging(a.bbox, own_a), _hanging(b.bbox, own_b), own_a + own_b, body)
    if not (mathy_a or mathy_b):
        return all(_candidate(e, own, memo) for e, own in ((a, own_a), (b, own_b))) \
            and enclosed()
    if mathy_a and mathy_b and _adjacent(a.bbox, b.bbox, body):
        return True
    if (mathy_a and mathy_b or all(
            _candidate(e, own, memo) for e, own in ((a, own_a), (b, own_b)))) and enclosed():
        return True
    # a fraction bar joins a numerator row to its denominator row of text italic (a
    # block of few words, no statement) whose maths share alone says nothing
    return all(_candidate(e, own, memo) for e, own in ((a, own_a), (b, own_b))) \
        and _bar_between(a, b, lines, body, rules)


def _candidate(e: Element, own: list[Line], memo: dict) -> bool:
    return e.layer is Layer.BODY and e.role in (Role.PARAGRAPH, Role.HEADING, Role.EQUATION) \
        and len(e.text) <= MAX_DISPLAY_CHARS and not _wordy(own, memo, 2) \
        and not _statement(e, own)


def _bar_between(a: Element, b: Element, lines: dict[str, Line], body: float,
                 rules: list[BBox]) -> bool:
    """A fraction bar with ink of one block stacked on it and ink of the other under it,
    close to it (the boxes of text spans reach below the baseline: a numerator's box
    comes within ~0.3em of its bar, the line above a radical's vinculum rarely), both centred on it and the wider as wide as it (a table's
    rule under a header runs the cell's width, past its text; a radical's vinculum has
    the line above it anywhere)."""
    if not rules or a.bbox.overlap_x(b.bbox) <= 0:
        return False
    reach, tol = 0.6 * body, 0.3 * body
    for r in rules:
        if r.height > 0.2 * body or r.width < 0.25 * body \
                or not (a.bbox.y0 - tol <= r.cy <= b.bbox.y1 + tol):
            continue
        over = _ink_on(a, lines, r, tol, lambda sp: r.cy - reach <= sp.bbox.y1 <= r.cy + tol)
        under = _ink_on(b, lines, r, tol, lambda sp: r.cy - tol <= sp.bbox.y0 <= r.cy + reach)
        if over and under and max(over.width, under.width) >= r.width - 2 * tol \
                and all(abs(ink.cx - r.cx) <= tol for ink in (over, under)):
            return True
    return False


def _ink_on(e: Element, lines: dict[str, Line], rule: BBox, tol: float, level) -> BBox | None:
    """The box of the element's inked spans within the rule's width at the given level."""
    boxes = [sp.bbox for i in e.line_ids if i in lines for sp in lines[i].spans
             if sp.text.strip() and rule.x0 - tol <= sp.bbox.x0 and sp.bbox.x1 <= rule.x1 + tol
             and level(sp)]
    return BBox.union_all(boxes) if boxes else None


def _adjacent(a: BBox, b: BBox, body: float) -> bool:
    """Pieces of one formula: stacked within a line's distance, or side by side on a row."""
    stacked = -body <= b.y0 - a.y1 < body and b.overlap_x(a) > 0
    side_by_side = b.overlap_y(a) > 0.3 * min(a.height, b.height) and abs(b.x0 - a.x1) < 3 * body
    return stacked or side_by_side


def _hanging(box: BBox, own: list[Line]) -> BBox:
    """The block's box with the extent of its maths-extension glyphs, which hang from
    their origin below the box a text extractor gives them (a tall bracket's lower half)."""
    for ln in own:
        for sp in ln.spans:
            if font_family(sp.font) != "cmex":
                continue
            for ch in sp.text:
                ext = cmex_extent(ch)
                if ext is not None:
                    top, bottom = sp.origin[1] - ext[0] * sp.size, sp.origin[1] + ext[1] * sp.size
                    box = box.union(BBox(sp.bbox.x0, top, sp.bbox.x1, bottom))
    return box


def _enclosed(a: BBox, b: BBox, own: list[Line], body: float) -> bool:
    """Pieces that lie half within one another where one holds a tall delimiter: the
    delimiter's block lies over the rows it encloses (a binomial's parentheses over its
    two rows), where two displays merely touch at a limit or a script."""
    return max(a.covers_fraction(b), b.covers_fraction(a)) >= 0.5 and _tall_delimiter(own, body)


def _mathy(e: Element, lines: dict[str, Line], memo: dict) -> bool:
    if e.layer is not Layer.BODY or e.role not in (Role.PARAGRAPH, Role.HEADING, Role.EQUATION) \
            or len(e.text) > MAX_DISPLAY_CHARS:
        return False
    own = [lines[i] for i in e.line_ids if i in lines]
    if _wordy(own, memo, 2) or _statement(e, own):
        return False                  # each test below admits 2 prose words at most
    share, prose = _math_share(own, memo)
    short = len(e.text.strip()) <= 6 and prose == 0     # a numerator '1', a limit 'n = 1'
    numbered = any(EQUATION_TAG.search(lines[i].text) for i in e.line_ids if i in lines) \
        and share >= 0.1 and prose <= 2
    return (share >= 0.3 and prose <= 1) or short or numbered


def _display(e: Element, own: list[Line], rules: list[BBox]) -> Equation:
    near = [r for r in rules if e.bbox.expand(2).contains(r, tol=2)]
    res = lines_to_latex(own, near, typed=TYPED_LINE in e.reasons)
    return Equation(id=f"{e.id}-eq", latex=res.latex, display=True, page=e.page, bbox=e.bbox,
                    element_id=e.id, confidence=res.confidence, reasons=tuple(res.reasons),
                    tag=res.tag)


# -- inline -----------------------------------------------------------------------------
def _inline(e: Element, own: list[Line], rules: list[BBox], body: float,
            equations: list[Equation], plain: dict) -> Element:
    merged = attach_script_lines(own)
    # a line's Markdown does not depend on the row it falls in: the rows are only worth
    # building when some line holds a formula
    marked = {id(ln): _line_markdown(ln, body, rules) for ln in merged
              if not _plain([ln], body, plain)}
    if not any(results for _, results in marked.values()):
        return e
    texts, found = [], []
    for row in rows_of(tuple(merged)):
        parts = []
        for ln in row.lines:
            if id(ln) not in marked:
                parts.append(_escape(ln.text).strip())
                continue
            text, results = marked[id(ln)]
            found.extend((ln, r) for r in results)
            parts.append(text.strip())
        texts.append(" ".join(p for p in parts if p))
    for n, (ln, r) in enumerate(found):
        equations.append(Equation(id=f"{e.id}-m{n}", latex=r.latex, display=False, page=e.page,
                                  bbox=ln.bbox, element_id=e.id, confidence=r.confidence,
                                  reasons=tuple(r.reasons)))
    return replace(e, text=join_lines(texts), markup="markdown")


_PLAIN_NUMBER = re.compile(r"^[0-9.,]+$")
# web addresses and e-mail addresses: their _ % / = ~ are not math
_LINK = re.compile(r"(?:https?://|ftp://|www\.)\S+|\S+@\S+\.[A-Za-z]{2,}|\S+/\S*%[0-9A-Fa-f]{2}\S*"
                   r"|[\w.-]+(?:/[\w.%-]+){2,}/?", re.I)     # a URL's path wrapped onto this line
_LIST_MARKS = {r"\bullet", r"\circ", r"\cdot", r"\diamond", r"\star", r"\ast", r"\square",
               r"\blacksquare", r"\triangleright", r"\rhd", r"\diamondsuit", r"\Diamond",
               r"\rightarrow", r"\Rightarrow", r"-", r"\checkmark"}


def _line_markdown(line: Line, body: float, rules: list[BBox]) -> tuple[str, list[MathResult]]:
    """The line as Markdown: prose escaped, each inline formula as `$latex$`."""
    text = line.text
    if notes_at_most(line, body):
        return _escape(text), []      # what the loop below gives when no run is a formula
    out, results, pos = [], [], 0
    links = None                  # found when a formula is met (few lines have one)
    for run in inline_math_runs(line, body, rules):
        if run.maybe_footnote_marker or run.result is None or not run.result.latex \
                or _PLAIN_NUMBER.match(run.result.latex) or run.start < pos:
            continue
        if links is None:
            links = [m.span() for m in _LINK.finditer(text)]
        if any(a < run.end and run.start < b for a, b in links) \
                or (run.result.latex.strip() in _LIST_MARKS and not text[:run.start].strip()) \
                or _words_with_marks(run.result.latex) or is_pictograph(run.result.latex):
            continue          # a list bullet opening the line; names with affiliation marks
        before = text[pos:run.start]
        out.append(_escape(before))
        if (before and not before[-1].isspace() and before[-1] not in "([{\"'“‘") \
                or (not before and results):
            out.append(" ")           # two formulas side by side: '$a$$b$' opens a display
        out.append(f"${run.result.latex}$")
        if run.end < len(text) and text[run.end].isalnum():
            out.append(" ")
        results.append(run.result)
        pos = run.end
    out.append(_escape(text[pos:]))
    return "".join(out), results


# upright words with raised note / affiliation / trademark marks ('Andreas Gal*+', 'dagger
# University', 'Goodwill(1)', 'Center®'): an author line or a label, not a formula
_MARK_TEX = r"(?:\\dagger|\\ddagger|\\star|\\ast|\\S|\\P|\\#|\\\$|\\natural|\\sharp|[*+0-9a-z,()®™])"
_WORD_OR_MARK = re.compile(r"\\mathrm\{[A-Z][A-Za-z.\-']{2,}\}|\{\}|\^\{(?:" + _MARK_TEX + r"|\s)+\}"
                           r"|\^" + _MARK_TEX + r"|" + _MARK_TEX + r"(?=\s*\\mathrm)|\b[A-Z]\.|[\s,.;:]")


# an ordinal set with a raised suffix ('53rd', '1st'): a number, not a power
_ORDINAL = re.compile(r"^\d+\^\{\\mathrm\{(?:st|nd|rd|th)\}\}$")


def _words_with_marks(latex: str) -> bool:
    """Upright words with raised note marks ('Goodwill(1)', 'Center®') or an ordinal with its
    raised suffix: typography of running text, not a formula."""
    return "\\mathrm" in latex and not _WORD_OR_MARK.sub("", latex).strip() or bool(_ORDINAL.match(latex))


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("$", "\\$")
