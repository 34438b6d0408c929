"""Raw content of one page: spans grouped into lines, vector paths, image placements."""
from __future__ import annotations

from operator import itemgetter

import pymupdf

from ..model import BBox, Drawing, ImagePlacement, Line, Page, Span
from ..errors import Issue
from ..limits import DocumentClock
from ..settings import Settings
from ..text.glyph_columns import glyph_columns
from ..text.math_font_names import font_family
from .combining import restore_marks
from .font_cmap import mark_unreadable, repair_tounicode
from .font_encoding import read_symbol_codes, recode_tex_fonts
from .glyph_repair import needs_repair, repair
from .ocr import apply_ocr
from .images import undecoded_issue, with_visible
from .damage import read_damage, reset as reset_damage
from .overprint import drop_repeated_glyphs, suspects
from .preflight import check_page, empty_page, plain_text_page
from .page_resources import page_images
from .tables import find_table_candidates
from .words import fix_text

# expand ligatures (no PRESERVE_LIGATURES), keep whitespace, clip to the media box,
# mark unmappable glyphs instead of dropping them; images are read separately
TEXT_FLAGS = (pymupdf.TEXT_PRESERVE_WHITESPACE | pymupdf.TEXT_MEDIABOX_CLIP
              | pymupdf.TEXT_CID_FOR_UNKNOWN_UNICODE)
SPLIT_GAP_EM = 1.5     # a wider gap between two spans of one line splits it (columns, cells)
DENSE_SPAN_FACTOR = 3  # over limits.max_spans_per_page a page is plain text; past this many
                       # times the limit its remaining text is dropped


def extract_page(page: pymupdf.Page, index: int, settings: Settings,
                 issues: list[Issue] | None = None, clock: DocumentClock | None = None) -> Page:
    """Raw content of one page; OCR'd where the text layer is missing or garbage
    (`ocr.apply_ocr`, which appends its issues to `issues`; while the document's `clock`
    allows OCR).

    Coordinates are those of the page as a viewer shows it (after /Rotate), unless the
    text runs sideways there and upright on the unrotated page (a portrait page turned
    by /Rotate): then they stay unrotated and `Page.view_rotation` says how to show them.
    """
    reset_damage()                     # MuPDF's messages from here on are this page's
    verdict = check_page(page.parent, page, index, settings.limits)   # before MuPDF builds it
    if issues is None:
        issues = []
    issues.extend(verdict.issues)
    if verdict.read:
        repair_tounicode(page)         # ToUnicode entries naming no character (font_cmap.py)
    if not verdict.read or verdict.plain_text:
        raw_page = plain_text_page(page, index, TEXT_FLAGS) if verdict.read \
            else empty_page(page, index)
        _note_damage(raw_page, verdict, issues)
        return raw_page
    raw_page = _read_page(page, index, settings, verdict)
    _note_damage(raw_page, verdict, issues)
    undecoded = undecoded_issue(index, raw_page.images, settings.limits.max_image_pixels)
    if undecoded is not None:
        issues.append(undecoded)
    return apply_ocr(page, raw_page, settings, issues, clock) if verdict.render else raw_page


def _note_damage(raw_page: Page, verdict, issues: list[Issue]) -> None:
    chars = sum(len(ln.text.strip()) for ln in raw_page.lines)
    damage = read_damage(raw_page.index, chars, verdict.text_ops)
    if damage is not None:
        issues.append(damage)


def _read_page(page: pymupdf.Page, index: int, settings: Settings, verdict) -> Page:
    """The page as MuPDF reads it: text lines, drawings, images, table candidates."""
    limits = settings.limits
    textpage = page.get_textpage(flags=TEXT_FLAGS)
    raw = textpage.extractDICT()
    to_display = None
    if page.rotation % 360 and _upright_share(raw, page.rotation_matrix) >= _upright_share(raw, None):
        to_display = page.rotation_matrix
        textpage = page.get_textpage(flags=TEXT_FLAGS, matrix=to_display, clip=page.rect)
        raw = textpage.extractDICT()
    elif not page.rotation % 360 and needs_repair(raw):   # Pi fonts whose codes lie
        raw = _repaired(page, textpage, raw)
    if suspects(raw):                  # glyphs drawn twice (fake bold, stamps): once
        raw = drop_repeated_glyphs(raw, raw if "chars" in _first_span(raw)
                                   else textpage.extractRAWDICT())
    raw = fix_text(textpage, raw)      # word spaces, separate accents, ligatures (words.py)
    raw = recode_tex_fonts(page, raw)  # re-encoded cmex: standard glyph codes
    raw = read_symbol_codes(raw)       # Word's Symbol bullet U+F0B7: '•'
    raw = mark_unreadable(page, raw)   # glyphs no font map names: U+FFFD, not their ids
    if not page.rotation % 360:        # maths fonts' combining accents the dict drops
        raw = restore_marks(page, textpage, raw)
    # over the span limit the page degrades (pipeline: too_many_spans, plain text, no tables);
    # over the drawing limit only the first paths are kept and tables are not looked for
    lines, raw_spans = _lines(raw, index, limits.max_spans_per_page * DENSE_SPAN_FACTOR)
    dense = raw_spans > limits.max_spans_per_page
    lines = glyph_columns(_drop_overprinted(lines))
    paths = _paths(page) if verdict.drawings else []   # else: preflight's too_many_drawings
    if to_display is not None:
        paths = [_moved_path(p, to_display) for p in paths]
    drawings, truncated = _drawings(paths, limits.max_drawings_per_page)
    few_chars = sum(len(ln.text) for ln in lines) < 200
    images = _images(page, index, to_display, lines, limits.max_image_pixels) if verdict.render and (
        few_chars or verdict.images_drawn and _lists_images(page, verdict)) else []
    if to_display is not None:
        rect, view_rotation = page.rect, 0
    else:    # page.cropbox: the unrotated box (page.rect is the displayed one)
        rect, view_rotation = page.cropbox, int(page.rotation) % 360
    width, height = float(rect.width), float(rect.height)
    raw_page = Page(index=index, width=width, height=height,
                    rotation=int(page.rotation), view_rotation=view_rotation,
                    label=page.get_label() or "",
                    lines=tuple(lines), drawings=tuple(drawings), images=tuple(images),
                    drawings_truncated=truncated,
                    table_candidates=find_table_candidates(width, height, textpage, lines, drawings,
                                                           images, paths)
                    if settings.tables.enabled and not (dense or truncated) else ())
    return raw_page


def _lists_images(page: pymupdf.Page, verdict) -> bool:
    """The page's resources list an image (preflight's answer when it asked already)."""
    if verdict.has_images is not None:
        return verdict.has_images
    return bool(page_images(page.parent, page))


def _repaired(page: pymupdf.Page, textpage: pymupdf.TextPage, raw: dict) -> dict:
    """The page's text with lying Pi-font characters read from their shapes; the text as
    it was if nothing was replaced or the repair itself failed (it is an improvement,
    never a reason to lose the page)."""
    try:
        rawdict = textpage.extractRAWDICT()
        return rawdict if repair(page, rawdict) else raw
    except Exception:   # keep the text as extracted (tested)
        return raw


def _first_span(raw: dict) -> dict:
    """The page dict's first span ({} if none): a rawdict's spans carry "chars"."""
    for block in raw.get("blocks", ()):
        for ln in block.get("lines", ()):
            for span in ln.get("spans", ()):
                return span
    return {}


def _upright_share(raw: dict, matrix: pymupdf.Matrix | None) -> int:
    """Characters whose line runs left to right once `matrix` (a page rotation) is applied."""
    n = 0
    for block in raw.get("blocks", ()):
        for ln in block.get("lines", ()) if block.get("type", 0) == 0 else ():
            dx, dy = ln.get("dir", (1.0, 0.0))
            if matrix is not None:
                dx, dy = dx * matrix.a + dy * matrix.c, dx * matrix.b + dy * matrix.d
            if dx > 0.95:
                n += sum(len(s.get("text", "").strip()) for s in ln.get("spans", ()))
    return n


def _moved_path(path: dict, m: pymupdf.Matrix) -> dict:
    """A vector path (get_cdrawings) with its rectangle and items mapped by `m` (plain
    arithmetic: CAD sheets hold hundreds of thousands of points)."""
    a, b, c, d, e, f = m.a, m.b, m.c, m.d, m.e, m.f

    def pt(q):
        return (q[0] * a + q[1] * c + e, q[0] * b + q[1] * d + f)

    def rect(r):
        (x0, y0), (x1, y1) = pt((r[0], r[1])), pt((r[2], r[3]))
        return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))   # rotations by 90s

    items = []
    for item in path.get("items", ()):
        kind = item[0]
        if kind == "re":
            items.append((kind, rect(item[1]), *item[2:]))
        elif kind == "qu":
            items.append((kind, tuple(map(pt, item[1])), *item[2:]))
        else:                                  # "l", "c": points
            items.append((kind, *map(pt, item[1:])))
    out = dict(path, items=items)
    if path.get("rect") is not None:
        out["rect"] = rect(path["rect"])
    return out


def _lines(raw: dict, page_index: int, max_spans: int) -> tuple[list[Line], int]:
    """Lines of the page's raw dict (at most `max_spans` spans are built), and how many
    spans with text the dict holds."""
    out: list[Line] = []
    nspan = nraw = 0
    prefix = f"p{page_index}-s"
    for block in raw.get("blocks", ()):
        if block.get("type", 0) != 0:
            continue
        for ln in block.get("lines", ()):
            raw_spans: list[list] = []     # [text, span dict]; spaces folded into the previous
            for s in ln["spans"]:
                text = s["text"]
                if not text:
                    continue
                nraw += 1
                if raw_spans and not text.strip(_SPACES):
                    raw_spans[-1][0] += text
                    continue
                raw_spans.append([text, s])
            if not raw_spans or nspan >= max_spans:
                continue
            spans = []
            for text, s in raw_spans[:max_spans - nspan]:
                x0, y0, x1, y1 = s["bbox"]
                spans.append(Span(prefix + str(nspan), text, BBox(x0, y0, x1, y1), s["font"],
                                  s["size"], s["flags"], s["color"], s.get("alpha", 255),
                                  s["origin"]))
                nspan += 1
            dx, dy = ln.get("dir", (1.0, 0.0))
            direction = (round(dx, 3), round(dy, 3))
            vertical = bool(ln.get("wmode", 0))
            for piece in _split_wide_gaps(spans, direction, vertical):
                out.append(Line.build(f"p{page_index}-l{len(out)}", page_index, tuple(piece),
                                      direction, vertical))
    return out, nraw


def _drop_overprinted(lines: list[Line]) -> list[Line]:
    """Text drawn twice on the same spot (a second colour printed over the first, a fake
    bold, a shadow set without offset) is read once. Two lines are copies when they sit in
    the same box (start, top and bottom within a tenth of their size, end within 2% of the
    width) and one's text begins with the other's; the shorter is kept (a copy may carry
    stray glyphs), the one drawn last on a tie."""
    kept: dict[int, dict[int, list[int]]] = {}   # round(y0) -> cell of x0 -> indexes into out
    out: list[Line] = []
    row_of: list[int] = []                       # the row each slot of `out` is filed under
    for ln in reversed(lines):
        key = ln.text.strip()
        tol = 0.1 * (ln.size or 10.0)
        row = round(ln.bbox.y0)
        twin = None
        for r in (row - 1, row, row + 1):
            # the slots whose line may start within `tol`, in the order they were kept
            # (the first copy found is the one a scan of the whole row finds)
            for k in _near(kept.get(r), ln.bbox.x0, tol) if key else ():
                t = out[k]
                if _same_box(t.bbox, ln.bbox, tol):
                    other = t.text.strip()
                    if other.startswith(key) or key.startswith(other):
                        twin = k
                        break
            if twin is not None:
                break
        if twin is None:
            kept.setdefault(row, {}).setdefault(_cell(ln.bbox.x0), []).append(len(out))
            row_of.append(row)
            out.append(ln)
        elif len(key) < len(out[twin].text.strip()):
            out[twin] = ln          # filed where it starts too (its row stays the first's)
            cells = kept[row_of[twin]].setdefault(_cell(ln.bbox.x0), [])
            if twin not in cells:
                cells.append(twin)
    out.reverse()
    return out


_X_CELL = 8.0   # pt: a row's kept lines are filed by the cell of their start (tables hold many)


def _cell(x: float) -> int:
    return int(x // _X_CELL) if -1e9 < x < 1e9 else 0   # not finite: one cell


def _near(cells: dict[int, list[int]] | None, x0: float, tol: float) -> list[int]:
    if not cells:
        return []
    if -1e9 < x0 - tol and x0 + tol < 1e9 and tol < 64 * _X_CELL:
        found = [k for c in range(_cell(x0 - tol), _cell(x0 + tol) + 1) for k in cells.get(c, ())]
    else:                                    # no finite reach: every line of the row
        found = [k for ks in cells.values() for k in ks]
    return sorted(found)


def _same_box(a: BBox, b: BBox, tol: float) -> bool:
    return abs(a.x0 - b.x0) <= tol and abs(a.y0 - b.y0) <= tol and abs(a.y1 - b.y1) <= tol \
        and abs(a.x1 - b.x1) <= max(tol, 0.02 * max(a.width, b.width))


_SPACES = " \u00a0\u2002\u2003\u2009\u200a\u202f\u3000"


def _blank(text: str) -> bool:
    """Only real space characters: TeX math fonts draw glyphs at codes such as \\t, \\n
    and \\x0c, which str.isspace() would take for whitespace."""
    return not text.strip(_SPACES)


def _split_wide_gaps(spans: list[Span], direction: tuple, vertical: bool) -> list[list[Span]]:
    """MuPDF sometimes joins text across a column gutter or table cells into one line."""
    if vertical or abs(direction[1]) > 0.05 or len(spans) < 2:
        return [spans]
    pieces: list[list[Span]] = [[spans[0]]]
    first = spans[0]
    last_ink = first if first.text.strip(_SPACES) else None
    for s in spans[1:]:
        if s.text.strip(_SPACES):
            if last_ink is not None and \
                    s.bbox.x0 - last_ink.bbox.x1 > SPLIT_GAP_EM * max(s.size, last_ink.size):
                pieces.append([])
            last_ink = s
        pieces[-1].append(s)
    if len(pieces) == 1 and last_ink is not None and first.text.strip(_SPACES) \
            and spans[-1].text.strip(_SPACES):
        return pieces                       # one piece, no blank ends: nothing to trim
    return [_trim(p) for p in pieces if any(not _blank(s.text) for s in p)]


def _trim(piece: list[Span]) -> list[Span]:
    while piece and _blank(piece[-1].text):
        piece.pop()
    # a line's first span can be no space MuPDF put in (it adds those to the span before):
    # in TeX's extension font code 32 is a glyph, the Bigg left parenthesis
    while piece and _blank(piece[0].text) and font_family(piece[0].font) != "cmex":
        piece.pop(0)
    return piece


def _color(value) -> int | None:
    if not value:
        return None
    r, g, b = (list(value) + [0, 0, 0])[:3]
    return (int(r * 255) << 16) | (int(g * 255) << 8) | int(b * 255)


def _paths(page: pymupdf.Page) -> list[dict]:
    """The page's vector paths, read once (drawings and table rules both use them)."""
    try:
        return page.get_cdrawings()
    except Exception:  # damaged content streams: text still counts
        return []


def _drawings(paths: list[dict], cap: int) -> tuple[list[Drawing], bool]:
    """Drawings of the first `cap` paths (CAD sheets and plans hold tens of thousands:
    colours are converted once per distinct value, kinds once per distinct item list)."""
    truncated = len(paths) > cap
    out = []
    colors: dict = {}
    kinds_of: dict[tuple, str] = {}
    for p in paths[:cap]:
        rect = p.get("rect")
        if rect is None:
            continue
        key = tuple(map(_first, p.get("items", ())))
        kind = kinds_of.get(key)
        if kind is None:
            kind = kinds_of[key] = _kind(set(key))
        fill, stroke = _cached_color(p.get("fill"), colors), _cached_color(p.get("color"), colors)
        x0, y0, x1, y1 = rect
        out.append(Drawing(BBox(float(x0), float(y0), float(x1), float(y1)), kind, fill, stroke,
                           float(p.get("width") or 0.0)))
    return out, truncated


_first = itemgetter(0)


def _cached_color(value, colors: dict) -> int | None:
    key = tuple(value) if isinstance(value, list) else value
    found = colors.get(key, colors)
    if found is colors:
        found = colors[key] = _color(value)
    return found


def _kind(kinds: set[str]) -> str:
    return ("line" if kinds == {"l"} else "rect" if kinds <= {"re", "qu"}
            else "curve" if "c" in kinds else "path")


def _images(page: pymupdf.Page, page_index: int, to_display: pymupdf.Matrix | None = None,
            lines: list[Line] = (), budget: int = 0) -> list[ImagePlacement]:
    """Where the page's images are drawn; those with text set on them with their visible
    part (`images.with_visible`, on upright pages)."""
    out, placed = [], []
    try:
        infos = page.get_image_info()
    except Exception:
        return out
    for n, info in enumerate(infos):
        rect = pymupdf.Rect(info["bbox"])
        if to_display is not None:
            rect = rect * to_display
        bbox = BBox.of(rect)
        if bbox.width <= 0 or bbox.height <= 0:
            continue
        out.append(ImagePlacement(id=f"p{page_index}-i{n}", bbox=bbox, xref=int(info.get("xref", 0) or 0),
                                  pixel_width=int(info.get("width", 0)),
                                  pixel_height=int(info.get("height", 0))))
        placed.append((out[-1], info))
    if placed and lines and to_display is None and not page.rotation % 360:
        return with_visible(page, placed, lines, budget)
    return out
