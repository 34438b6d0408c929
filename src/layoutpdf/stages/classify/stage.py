"""Roles from typography: title, headings, list items, captions, footnote blocks."""
from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from ...elements.blocks import is_formula_block
from ...elements.captions import assemble, is_caption_line, is_label_only, parse_label
from ...elements.line_kinds import LEADERS, ROW_CELL, SIGNATURE_BLOCK, is_list_start, is_signed, is_toc_entry
from ...elements.per_page import per_page
from ...model import Document, Element, Layer, Line, Page, Role
from ...settings import Settings
from ...text.margin_lines import NOTE_MARKER, is_rights_notice, marker_first
from ...text.math_font_names import is_math_font
from ...text.units import unit_statement
from .code import code_blocks, mono_document
from .row_cells import row_cells
from .running import Running, running_types, set_apart
from ...elements.outline import page_titles, title_key

# enum members read in per-element loops, bound once: reading Role.X or Layer.X goes
# through EnumType's attribute hook, several times slower than a global on Python 3.11
_BODY = Layer.BODY
_PARAGRAPH = Role.PARAGRAPH

_NUMBERED_HEADING = re.compile(r"^\s*(?:(?:\d+(?:\.\d+)*|[IVX]+|[A-Z])\.?)\s+\S")
# a section numbered after a label word, as filings, contracts and regulations number theirs
# ('Item 1A. Risk Factors.', 'Note 3. Acquisitions', 'Article IV.'): its title may end in a
# full stop (their house style), and the label is no word of the title
_LABELLED_HEADING = re.compile(r"^\s*(?:item|note|section|article|part|chapter|schedule)"
                               r"[\s\u00a0]+(?:\d{1,3}(?:\.\d{1,3})*[A-Z]?|[IVXLC]{1,6})\b\.?(?=\s|$)",
                               re.I)
_FOOTNOTE_START = re.compile(r"^\s*(?:\d{1,3}|[*∗⋆†‡§¶‖#]|[a-z]|[¹²³⁴⁵⁶⁷⁸⁹⁰]+)\s*\S")


def run(doc: Document, settings: Settings) -> Document:
    lines = doc.lines_by_id()
    title_id = _title_id(doc, lines)
    typescript = mono_document(lines)
    refs = _references_start(doc)
    running = running_types(doc, lines)
    return per_page("classify", lambda d, p, els, s: _with_code_listings(
        _page(d, p, _outline_headings(p, els, title_id), s, lines, title_id, refs,
              running.get(p.index, Running())), lines, typescript),
        doc, settings)


def _outline_headings(page: Page, elements: list[Element], title_id: str | None) -> list[Element]:
    """Body blocks reading as an outline entry pointing at their page are headings, nested
    as the outline nests them: its top level is the first level under the title (2), as a
    section '1' is by its number (`outline.heading_lines` has why). Levels are the
    outline's own, so a page range or a batch of pages nests as the whole document does."""
    titles = page_titles(page)
    if not titles:
        return elements
    out = []
    for e in elements:
        level = titles.get(title_key(e.text)) if e.layer is _BODY and e.role is _PARAGRAPH \
            and e.id != title_id and "fallback" not in e.reasons else None
        out.append(e if level is None else replace(
            e, role=Role.HEADING, level=min(6, 1 + level), reasons=("an entry of the PDF's outline",)))
    return out


def _with_code_listings(done: tuple[Page, list[Element]], lines: dict[str, Line], typescript: bool):
    """Runs of monospaced blocks as CODE elements (`code.code_blocks`)."""
    page, out = done
    return page, code_blocks(out, lines, typescript)


_NUMBERED_ENTRY = re.compile(r"^\s*\d{1,3}\.\s+\S")
MIN_LIST_ENTRIES = 6     # this many small 'n. ...' blocks on a page: a reference list, not notes
_REFERENCES = re.compile(r"^\s*(?:[\dIVX]+\.?\s*)?(?:references|bibliography|literature cited|works cited"
                         r"|literatur(?:verzeichnis)?|références|bibliografía|参考文献)\s*$", re.I)


def _references_start(doc: Document) -> tuple[int, str] | None:
    """(page, element id) of the heading that opens the reference list: the numbered
    entries after it ('1. Nielsen, M. A. ...') are no footnotes, even where the text
    cites them with raised numbers."""
    for e in doc.elements:
        if e.layer is _BODY and len(e.text) < 40 and _REFERENCES.match(e.text):
            return e.page, e.id
    return None


def _page(doc: Document, page: Page, elements: list[Element], settings: Settings,
          lines: dict[str, Line], title_id: str | None, refs: tuple[int, str] | None = None,
          running: Running = Running()):
    out = []
    in_refs = refs is not None and page.index > refs[0]
    body = doc.stats.body_size
    sizes = {e.id: _size([lines[i] for i in e.line_ids if i in lines]) for e in elements}
    numbered = {e.id for e in elements if _NUMBERED_ENTRY.match(e.text) and sizes[e.id] <= body * 0.92}
    if len(numbered) < MIN_LIST_ENTRIES:
        numbered = set()                 # a few 'n.' notes; a run of them is a numbered list
    cells = row_cells(page, elements, lines, doc.stats.line_height or body * 1.2)
    body_text = [e for e in elements if e.layer is _BODY and e.role is _PARAGRAPH
                 and parse_label(e.text) is None and len(e.text) > 20 and sizes[e.id] > body * 0.92]
    for e in elements:
        in_refs = in_refs or refs is not None and e.id == refs[1]
        if e.layer is not _BODY or e.role is not _PARAGRAPH or "fallback" in e.reasons:
            out.append(e)
            continue
        own = [lines[i] for i in e.line_ids if i in lines]
        size = sizes[e.id]
        if e.id == title_id:
            out.append(replace(e, role=Role.TITLE, level=1, reasons=("largest text on the first page",)))
        elif is_toc_entry(e.text):
            out.append(replace(e, role=Role.LIST_ITEM, text=LEADERS.sub(" … ", e.text),
                               reasons=("contents entry: leader dots and a page number",)))
        elif _is_caption(e, own, body) and not _runs_on_into(e, own, out, elements, body):
            out.append(replace(e, role=Role.CAPTION, reasons=("starts with a caption label",)))
        elif own and size <= body * 0.92 \
                and (not (in_refs or e.id in numbered) or _separator_above(page, e, body)) and _is_footnote(
                e, own, size, body, page, _text_bottom(e, body_text), _note_above(out, e, body),
                _same_size_above(e, elements, sizes, out)) \
                and not is_formula_block(own):    # a display's scripts are small text too
            out.append(_note_block(e, own))
        elif _signature(e, out, body):
            out.append(replace(e, reasons=(SIGNATURE_BLOCK,)))
        elif e.id in cells and not is_list_start(e.text):
            out.append(replace(e, reasons=(ROW_CELL,)))
        elif (level := _heading_level(e, own, size, doc, running, page)) is not None:
            out.append(replace(e, role=Role.HEADING, level=level, reasons=("heading typography",)))
        elif is_list_start(e.text) and not is_formula_block(own):   # '· · ·', '− sin θ' rows
            out.append(replace(e, role=Role.LIST_ITEM, reasons=("starts with a bullet or enumerator",)))
        else:
            out.append(e)
    return page, assemble(out, lines, doc.stats.line_height or body * 1.2)


def _note_block(e: Element, own: list[Line]) -> Element:
    """A small block closing its column: a footnote, or, unmarked and made of publisher
    boilerplate (the permission block of a first page), furniture."""
    if not (_FOOTNOTE_START.match(e.text) or _has_raised_marker(own[0])) and is_rights_notice(e.text):
        return replace(e, role=Role.PAGE_FOOTER, layer=Layer.FURNITURE,
                       reasons=("copyright and permission block closing the column",))
    return replace(e, role=Role.FOOTNOTE, reasons=("small text at the page bottom",))


def _size(lines: list[Line]) -> float:
    chars: dict[float, int] = {}          # by exact size first: few sizes to round
    for ln in lines:
        for s in ln.spans:
            n = len(s.text.strip())
            if n:
                chars[s.size] = chars.get(s.size, 0) + n
    weights: dict[float, int] = {}
    for size, n in chars.items():
        size = _tenths(size)
        weights[size] = weights.get(size, 0) + n
    return max(weights.items(), key=lambda kv: kv[1])[0] if weights else 0.0


@lru_cache(maxsize=1024)
def _tenths(size: float) -> float:
    """round(size, 1), once per size (rounding to digits converts twice, and a document
    has few sizes)."""
    return round(size, 1)


def _title_id(doc: Document, lines: dict[str, Line]) -> str | None:
    first = [e for e in doc.elements if e.page == doc.pages[0].index and e.layer is _BODY] \
        if doc.pages else []
    best, best_size = None, doc.stats.body_size * 1.25
    for e in first:
        if e.bbox.y0 > doc.pages[0].height * 0.5 or len(e.text) > 250 or not _has_word(e.text):
            continue
        own = [lines[i] for i in e.line_ids if i in lines]
        if is_formula_block(own):     # a display's big operators and fractions are no title type
            continue
        size = _size(own)
        if size > best_size:
            best, best_size = e.id, size
    return best


def _has_word(text: str) -> bool:
    """At least two letters: a journal's logo letter or a drop initial set alone is no
    title or heading (it would head every chunk's heading path)."""
    return sum(ch.isalpha() for ch in text) >= 2


def _is_caption(e: Element, own: list[Line], body: float) -> bool:
    """Starts like a caption (the shared caption parser decides: label plus delimiter, the
    label alone on its line, or the label set apart by weight or size)."""
    if not own:
        return False
    first = min(own, key=lambda ln: (ln.bbox.y0, ln.bbox.x0))
    return is_caption_line(first, body) is not None

def _note_above(done: list[Element], e: Element, body: float) -> bool:
    """The block just before `e` is a footnote right above it in the same column."""
    prev = done[-1] if done else None
    return prev is not None and prev.role is Role.FOOTNOTE and prev.page == e.page \
        and prev.column == e.column and -0.5 * body <= e.bbox.y0 - prev.bbox.y1 <= body


def _text_bottom(e: Element, body_text: list[Element]) -> float:
    """The foot of the body text above and beside `e` in its own column (a page-wide
    block takes every column's): a note closes its column, not the page."""
    return max((t.bbox.y1 for t in body_text
                if t.bbox.overlap_x(e.bbox) > 0.3 * min(t.bbox.width, e.bbox.width)), default=0.0)


def _same_size_above(e: Element, elements: list[Element], sizes: dict[str, float],
                     done: list[Element]) -> bool:
    """The block right above `e` in its column is set in the same small size and is no
    note itself: small print running on (references, a small-type section), not a note
    under body text."""
    above = [o for o in elements if o is not e and o.layer is _BODY and o.role is _PARAGRAPH
             and o.bbox.y1 <= e.bbox.y0 + 1 and o.bbox.overlap_x(e.bbox) > 0.3 * min(o.bbox.width, e.bbox.width)]
    if not above:
        return False
    prev = max(above, key=lambda o: o.bbox.y1)
    if any(d.id == prev.id and d.role is Role.FOOTNOTE for d in done):
        return False                     # the rest of a note (a second paragraph of it)
    return abs(sizes.get(prev.id, 0.0) - sizes.get(e.id, 0.0)) < 0.3


_WORD = re.compile(r"[^\W\d_\U0001D400-\U0001D7FF]{2,}")   # not of math italic letters (𝑡𝑧)


def _is_footnote(e: Element, own: list[Line], size: float, body: float, page: Page,
                 bottom_of_text: float, after_note: bool = False, small_above: bool = False) -> bool:
    if not own or size > body * 0.92:
        return False
    if after_note and (_FOOTNOTE_START.match(e.text) or _has_raised_marker(own[0])):
        return True                      # the next note of a run of notes
    if len(_WORD.findall(e.text)) < 2:
        # a note is words (not the limits of a sum, not a lone 'n'), but its last line
        # set apart by a change of type ('TABLEFORMER' in small caps) is still the note
        return after_note
    if marker_first(own[0]) and _raised_in_body(page, own[0], body):
        return True                      # a note set under its paragraph (web and office notes)
    separated = _separator_above(page, e, body)
    if not separated and (small_above or e.bbox.y0 < page.height * 0.4):
        return False
    if not separated and (e.bbox.y1 < bottom_of_text - 2 * body or e.bbox.y0 < page.height * 0.55):
        return False
    if _FOOTNOTE_START.match(e.text) or _has_raised_marker(own[0]):
        return True
    # an unmarked note block (copyright box, affiliation note) closing its column
    return size <= body * 0.9 and e.bbox.y0 > page.height * 0.6


def _separator_above(page: Page, e: Element, body: float) -> bool:
    """A short horizontal rule just above the block, starting at its left: the footnote rule."""
    for d in page.drawings:
        b = d.bbox
        if b.height > 1.5 or b.width < 3 * body:
            continue
        if 0 <= e.bbox.y0 - b.y1 <= 2.5 * body and abs(b.x0 - e.bbox.x0) < 4 * body \
                and b.width < 0.6 * page.width:
            return True
    return False


def _raised_in_body(page: Page, note_line: Line, body: float) -> bool:
    """The raised marker opening a small block is raised after a word in a body-size line
    of the page: the anchor of a note, wherever the note is set (web and office notes
    under their paragraph)."""
    marker = next(s for s in note_line.spans if s.text.strip()).text.strip()
    if not NOTE_MARKER.fullmatch(marker):
        return False
    for ln in page.lines:
        if ln.size < body * 0.92:
            continue
        spans = [s for s in ln.spans if s.text.strip()]
        for before, sp in zip(spans, spans[1:]):
            if sp.text.strip() == marker and sp.size <= ln.size * 0.85 \
                    and sp.origin[1] < ln.baseline - 0.15 * ln.size \
                    and re.search(r"[^\W\d_][.,;:)]?$", before.text.rstrip()):
                return True
    return False


def _has_raised_marker(line: Line) -> bool:
    spans = [s for s in line.spans if s.text.strip()]
    return len(spans) >= 2 and spans[0].size < spans[1].size * 0.85 and spans[0].origin[1] < spans[1].origin[1] - 0.5


_SECTION_NUMBER = re.compile(r"^\s*(?:[IVX]{1,5}|\d{1,2}|[A-H])\.\s+[A-Z]")


def _centered_label(e: Element, own: list[Line], text: str, doc: Document) -> bool:
    """A one-line section label set at body size but centred in its column, such as
    IEEE's small-caps 'I. INTRODUCTION'."""
    if len(own) > 2 or len(text.split()) > 8 or not _SECTION_NUMBER.match(text):
        return False
    letters = sum(ch.isalpha() or ch.isspace() for ch in text)
    if letters < 0.8 * len(text):
        return False
    page = next((p for p in doc.pages if p.index == e.page), None)
    cols = page.columns if page and page.columns else ()
    col = cols[e.column] if e.column is not None and e.column < len(cols) else None
    if col is None:
        return False
    em = doc.stats.body_size
    left, right = e.bbox.x0 - col.x0, col.x1 - e.bbox.x1
    return left > 2 * em and right > 2 * em and abs(left - right) < max(2 * em, 0.15 * col.width)


def _heading_level(e: Element, own: list[Line], size: float, doc: Document,
                   running: Running = Running(), page: Page | None = None) -> int | None:
    """A heading is set apart from the text it heads: larger than the page's running text
    (the document's body size, or the page's own where its prose is set larger, as an
    earnings release's or an exhibit's is beside small-type tables), or at text size in
    bold, underlined or in an accent colour (`running.set_apart`). A line in the running
    text's own type is no heading."""
    body = doc.stats.body_size
    text = e.text.strip()
    if not text or len(own) > 4 or len(text) > 160:
        return None
    labelled = _LABELLED_HEADING.match(text)
    words = len(text[labelled.end():].split()) if labelled else len(text.split())
    if words > 18:
        return None
    if text.endswith((".", ",", ";")) and not (_NUMBERED_HEADING.match(text) or labelled):
        return None
    if not _has_word(text):
        return None                      # a logo letter, a lone symbol: no heading
    spans = [s for ln in own for s in ln.spans if s.text.strip()]
    chars = sum(len(s.text) for s in spans)
    bold = bool(spans) and sum(len(s.text) for s in spans if s.bold) >= 0.8 * chars
    italic = bool(spans) and page is not None \
        and sum(len(s.text) for s in spans if s.italic and not is_math_font(s.font)) >= 0.8 * chars \
        and _italic_head(e, own, page)
    larger = size >= max(body, running.size) * 1.12
    if not larger and not (size >= body * 0.95 and words <= 12 and (bold or italic or page is not None and set_apart(
            own, page.drawings, lambda: _column_lines(page, e), running))) \
            and not _centered_label(e, own, text, doc):
        return None
    numbered = re.match(r"^\s*(\d+(?:\.\d+)*)\.?\s", text)
    if numbered:
        return min(6, 2 + numbered.group(1).count("."))
    if larger:
        rank = sum(1 for s in doc.stats.heading_sizes if s > size + 0.25)
        return min(6, 2 + rank)
    return 4


def _signature(e: Element, done: list[Element], body: float) -> bool:
    """A conformed signature ('/s/ JANE DOE') or the printed name and title set right under
    one, however bold: a signature block, no heading."""
    if is_signed(e.text):
        return True
    above = next((d for d in reversed(done) if d.layer is _BODY and d.page == e.page
                  and d.bbox.y1 <= e.bbox.y0 + 1 and d.bbox.overlap_x(e.bbox) > 0), None)
    return above is not None and is_signed(above.text) and e.bbox.y0 - above.bbox.y1 < 2 * body


ADDRESS = re.compile(r"@|https?://|www\.", re.I)
SCRIPT_SIZE = 0.8       # a span this much smaller than its line is a raised or lowered script
ITALIC_SPACE = 0.25     # space under an italic heading, in type sizes: more than a paragraph
                        # leaves between its lines (a tenth of its size, set solid or at 120 %)


def _italic_head(e: Element, own: list[Line], page: Page) -> bool:
    """An italic line heads what follows it when it stands apart: space set under it (more
    than between a paragraph's lines, before the next line of its column), as a heading
    has and a line of an italic paragraph (a note's, an affiliation's, one cut by an icon
    beside it) has not; and it holds no address (an author's e-mail, a link), says no
    table's unit ("$ in millions, except per share amounts" under a statement's title) and
    carries no script set smaller beside it (an italic sentence with its maths: "grows as
    x²"); and it is not set beside or under a conformed signature ("/s/ JANE DOE"): a
    signature page sets its signers' titles in italic ("Director")."""
    if ADDRESS.search(e.text) or unit_statement(e.text) or not _phrase(e.text):
        return False
    last = max(own, key=lambda ln: ln.bbox.y1)
    size = last.size or (last.bbox.y1 - last.bbox.y0)
    if any(s.text.strip() and s.size < SCRIPT_SIZE * size for ln in own for s in ln.spans):
        return False
    if any(is_signed(ln.text) and ln.bbox.y0 <= e.bbox.y1 for ln in page.lines):
        return False        # a signer's title, beside or under a conformed signature
    below = [ln.bbox.y0 - last.bbox.y1 for ln in _column_lines(page, e)
             if ln.bbox.y0 >= last.bbox.y1 - 1 and ln.bbox.overlap_x(last.bbox) > 0 and ln.id not in e.line_ids]
    return not below or min(below) >= ITALIC_SPACE * size


_PLAIN_TOKEN = re.compile(r"^[^\W\d_][^\W\d_'’\-]*$|^\d[\d,.]*%?$")
_PUNCTUATION = "()[]\"'“”‘’,.:;!?"


def _phrase(text: str) -> bool:
    """A heading is a phrase: at least half its tokens words or numbers, and it opens with
    neither an operator nor a script mark. A line of a formula set alone ('+ 6r(t) (tf(t))',
    an OCR layer's reading of a scanned equation) is none."""
    tokens = text.split()
    if not tokens or tokens[0][0] in "+-−=×·^_<>≤≥":
        return False
    plain = sum(bool(_PLAIN_TOKEN.match(t.strip(_PUNCTUATION))) for t in tokens)
    return 2 * plain >= len(tokens)


def _column_lines(page: Page, e: Element) -> list[Line]:
    """The page's lines that reach into the column `e` is set in (all, when unknown)."""
    cols = page.columns
    if e.column is None or not 0 <= e.column < len(cols):
        return list(page.lines)
    col = cols[e.column]
    return [ln for ln in page.lines if ln.bbox.x1 > col.x0 and ln.bbox.x0 < col.x1]


def _runs_on_into(e: Element, own: list[Line], done: list[Element], elements: list[Element],
                  body: float) -> bool:
    """`e` opens like a caption ('Table 4. On average ...') but is the text of the last
    paragraph before it (floats between aside), which stops mid-sentence at a column
    break: a sentence that runs into the next column ('... linking in' / 'Table 4. On
    average'). Only when the label is set in the text's own type, with text after it on
    its line, and no figure or table is set right above or under it: a caption's label
    alone on its line, or set apart by weight or size, or next to its float, is one."""
    first = min(own, key=lambda ln: (ln.bbox.y0, ln.bbox.x0))
    spans = [s for s in first.spans if s.text.strip()]
    if is_label_only(first.text) or not spans or spans[0].bold or abs(spans[0].size - body) > 0.05 * body:
        return False
    if any(f.role in (Role.FIGURE, Role.TABLE) and f.bbox.overlap_x(e.bbox) > 0
           and min(abs(f.bbox.y0 - e.bbox.y1), abs(e.bbox.y0 - f.bbox.y1)) < 3 * body for f in elements):
        return False
    prev = next((d for d in reversed(done) if d.layer is _BODY and d.role not in _FLOATS), None)
    if prev is None or prev.role is not _PARAGRAPH or prev.column == e.column:
        return False
    end = prev.text.rstrip()
    return bool(end) and end[-1].isalpha() and end.split()[-1].islower()


_FLOATS = (Role.CAPTION, Role.FIGURE, Role.TABLE, Role.FOOTNOTE)
