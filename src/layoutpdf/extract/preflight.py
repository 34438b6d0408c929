"""Cheap checks on a page's raw objects before MuPDF builds it (issue 24).

MuPDF pays for a page in full before any of our per-page limits can look at it: a content
stream of a million tiny text operators, a flood of text, Form XObjects that draw each
other thousands of times, or an image whose dictionary declares a gigapixel raster cost
gigabytes and minutes inside `get_text` / `get_cdrawings` / a render. Here the page's
content streams are read raw (`xref_stream_raw`) and inflated by zlib with a bound on the
output, operators and text bytes are counted, Form XObjects are weighted by how often they
are drawn, and image sizes are read from their dictionaries. `check_page` says what the
page may still be given to MuPDF for; `plain_text_page` reads an over-full page as plain
text blocks (no span dicts, no drawings, no tables).

What a check costs: one pass over the decoded content (at most
`limits.max_content_bytes_per_page` bytes), a few dictionary look-ups per XObject.
"""
from __future__ import annotations

import math
import re
import zlib
from dataclasses import dataclass, field

import pymupdf

from ..errors import Issue
from ..model import BBox, Line, Page, Span
from ..settings import LimitSettings
from .page_resources import document_memo, images_only_by_name, page_images
from .page_tree import repeated_pages

CHUNK = 1 << 20                 # bytes inflated at a time
PLAIN_TEXT_FACTOR = 3           # past this many times max_text_bytes_per_page: not read at all
                                # (MuPDF's text page costs ~300 bytes a glyph: measured)
DRAWINGS_FACTOR = 4             # room for more paths than this many times max_drawings_per_page:
                                # vector paths are not read (text still is)
MAX_IMAGE_DRAWS = 5_000         # image placements past which a page is not rendered/listed
MAX_FORM_DEPTH = 64             # Form XObjects nested deeper are not followed (MuPDF stops too)
OTHER_FILTER_RATIO = 16        # see _decoded
_RESOURCE_DEPTH = 32            # /Parent links followed for inherited /Resources

# delimiters and white space: every token of a content stream follows one (an upper bound
# on tokens, counted by bytes.translate in C)
_BOUNDARIES = b" \t\r\n\f\x00()<>[]{}/%"
_STRING = re.compile(rb"\([^()\\]*(?:\\.[^()\\]*)*\)|<[0-9A-Fa-f\s]+>")
EXACT_TEXT_BYTES = 65_536       # text operands are measured (a regex pass) in larger streams
_TEXT_OPERATORS = (b"Tj", b"TJ", b"'", b'"')   # text-showing operators (counted as bytes)
TOKENS_PER_PATH = 6             # the fewest tokens that paint a path ("0 0 1 1 re f")
_DO = re.compile(rb"/([^\s/\[\]()<>{}%]+)\s*Do\b")
_REF = re.compile(r"/([^\s/\[\]()<>{}%]+)\s*(\d+)\s+0\s+R")
_COMPONENTS = {"DeviceGray": 1, "CalGray": 1, "Indexed": 1, "Separation": 1, "DeviceRGB": 3,
               "CalRGB": 3, "Lab": 3, "DeviceCMYK": 4}


@dataclass
class StreamCost:
    """What one content stream (or Form XObject) costs, its own operators only."""
    bytes: int = 0
    tokens: int = 0
    text_ops: int = 0
    text_bytes: int = 0
    draws: dict[str, int] = field(default_factory=dict)   # XObject name -> Do count
    over: bool = False                                     # inflating stopped at the byte cap
    unnamed_images: bool = False   # an inline image (BI) or an annotation's appearance


@dataclass
class Verdict:
    """What the page may be given to MuPDF for; `issues` say why not, where not."""
    read: bool = True              # False: not given to MuPDF at all (an empty page)
    plain_text: bool = False       # text as plain blocks only: no spans, drawings, tables
    drawings: bool = True          # vector paths may be read
    render: bool = True            # the page may be rendered (OCR) and its images listed
    text_ops: int = 0              # text-showing operators in its content (forms per use)
    has_images: bool | None = None  # page.get_images() lists some (None: not asked here)
    images_drawn: bool = True      # it may paint an image (False: it cannot, see check_page)
    issues: list[Issue] = field(default_factory=list)


def check_page(doc: pymupdf.Document, page: pymupdf.Page, index: int,
               limits: LimitSettings) -> Verdict:
    """The page's cost from its raw objects, against `limits`."""
    v = Verdict()
    n = index + 1
    if index in repeated_pages(doc):   # the same page object again: said once, on opening
        v.read = False                 # (page_tree_repaired), not read again
        return v
    box = _box_problem(page)
    if box:
        v.read = False
        v.issues.append(Issue("extract", index, "bad_page_box", f"page {n}: {box}; the page is "
                              "not read (fix the page's /MediaBox)"))
        return v
    names = _xobjects(doc, page.xref, inherited=True)
    total = _page_cost(doc, page, names, limits.max_content_bytes_per_page)
    if total.text_bytes > limits.max_text_bytes_per_page and not total.over:   # a bound: measure
        total = _page_cost(doc, page, names, limits.max_content_bytes_per_page, exact=True)
    v.text_ops = total.text_ops
    # no Do, no inline image nor appearance stream, and resources that paint no image of
    # their own: MuPDF would find no image drawn (a filing's pages name every image)
    v.images_drawn = bool(total.draws) or total.unnamed_images or not images_only_by_name(doc, page)
    if total.over or total.tokens > limits.max_content_tokens_per_page \
            or total.text_ops > limits.max_text_operators_per_page \
            or total.text_bytes > limits.max_text_bytes_per_page * PLAIN_TEXT_FACTOR:
        v.read = False
        v.issues.append(Issue("extract", index, "page_too_complex",
                              f"page {n}: {_describe(total, limits)}; the page is not read "
                              "(its content is left out; raise the limits to read it)"))
        return v
    if total.text_bytes > limits.max_text_bytes_per_page:
        v.plain_text = v.drawings = False
        v.issues.append(Issue("extract", index, "too_much_text",
                              f"page {n}: about {total.text_bytes:,} bytes of text operands "
                              f"(limits.max_text_bytes_per_page={limits.max_text_bytes_per_page:,})"
                              ": read as plain text blocks, without layout, tables or drawings"))
    elif total.tokens // TOKENS_PER_PATH > limits.max_drawings_per_page * DRAWINGS_FACTOR:
        v.drawings = False
        v.issues.append(Issue("extract", index, "too_many_drawings",
                              f"page {n}: {total.tokens:,} content tokens, room for more than "
                              f"{DRAWINGS_FACTOR} x limits.max_drawings_per_page="
                              f"{limits.max_drawings_per_page:,}: vector paths are not read and "
                              "tables are not looked for on this page"))
    image = _image_problem(doc, page, names, total, limits, v) if names else ""
    if image:
        v.render = False
        v.issues.append(Issue("extract", index, "image_too_large",
                              f"page {n}: {image}; its images are not listed and the page is "
                              "not rendered (no OCR)"))
    return v


def _describe(c: StreamCost, limits: LimitSettings) -> str:
    if c.over:
        return (f"its content streams inflate to more than limits.max_content_bytes_per_page="
                f"{limits.max_content_bytes_per_page:,} bytes")
    if c.tokens > limits.max_content_tokens_per_page:
        return (f"about {c.tokens:,} content tokens (operators and operands; Form XObjects "
                f"counted per use), over limits.max_content_tokens_per_page="
                f"{limits.max_content_tokens_per_page:,}")
    if c.text_ops > limits.max_text_operators_per_page:
        return (f"about {c.text_ops:,} text-showing operators (Form XObjects counted per use), "
                f"over limits.max_text_operators_per_page={limits.max_text_operators_per_page:,}")
    return (f"about {c.text_bytes:,} bytes of text operands, over {PLAIN_TEXT_FACTOR} x "
            f"limits.max_text_bytes_per_page={limits.max_text_bytes_per_page:,}")


def _box_problem(page: pymupdf.Page) -> str:
    try:
        r = page.cropbox
        w, h = float(r.width), float(r.height)
    except Exception as exc:   # an unreadable box: MuPDF could not place the page
        return f"its page box cannot be read ({type(exc).__name__})"
    if not (math.isfinite(w) and math.isfinite(h)) or w <= 0 or h <= 0:
        return f"its page box is {w:g} x {h:g} points (empty or not finite)"
    return ""


# -- content streams -----------------------------------------------------------------------
def _page_cost(doc: pymupdf.Document, page: pymupdf.Page, names: dict[str, int],
               cap: int, exact: bool = False) -> StreamCost:
    """The page's content and every Form XObject it draws, each form weighted by how often
    it is drawn; stops (over=True) once `cap` decoded bytes have been read."""
    budget = [cap]
    own = StreamCost()
    for xref in page.get_contents():
        _add(own, _stream_cost(doc, xref, budget, exact))
        if own.over:
            return own
    memo: dict[int, StreamCost] = {}
    total = _weighted(doc, own, names, memo, budget, set(), 0, exact) if own.draws else own
    for xref in _appearances(doc, page.xref):   # annotations are drawn with the page
        if total.over:
            break
        form = _stream_cost(doc, xref, budget, exact)
        form.unnamed_images = True
        if not form.over and form.draws:
            form = _weighted(doc, form, _xobjects(doc, xref), memo, budget, {xref}, 1, exact)
        _add(total, form)
    return total


MAX_ANNOTATIONS = 10_000        # annotations of a page whose appearances are counted


def _appearances(doc: pymupdf.Document, page_xref: int) -> list[int]:
    """The normal appearance streams (/AP /N, every state) of the page's annotations:
    MuPDF runs them with the page's content, so a flood hidden there costs the same."""
    try:
        kind, value = doc.xref_get_key(page_xref, "Annots")
        if kind == "xref":
            value = doc.xref_object(int(value.split()[0]), compressed=True)
        elif kind != "array":
            return []
        out = []
        for m in list(_KID.finditer(value))[:MAX_ANNOTATIONS]:
            kind, ap = doc.xref_get_key(int(m.group(1)), "AP/N")
            if kind == "xref":
                out.append(int(ap.split()[0]))
            elif kind == "dict":
                out.extend(int(r.group(1)) for r in _KID.finditer(ap))
        return out
    except Exception:   # a damaged annotation array: MuPDF skips what it cannot read
        return []


def _weighted(doc: pymupdf.Document, own: StreamCost, names: dict[str, int],
              memo: dict[int, StreamCost], budget: list[int], active: set[int],
              depth: int, exact: bool = False) -> StreamCost:
    total = StreamCost(own.bytes, own.tokens, own.text_ops, own.text_bytes, dict(own.draws),
                       own.over, own.unnamed_images)
    if depth >= MAX_FORM_DEPTH:
        return total
    for name, count in own.draws.items():
        xref = names.get(name)
        if xref is None or xref in active or not _is_form(doc, xref):
            continue
        if xref not in memo:
            active.add(xref)
            child = _stream_cost(doc, xref, budget, exact)
            if not child.over:
                child = _weighted(doc, child, _xobjects(doc, xref), memo, budget, active,
                                  depth + 1, exact)
            active.discard(xref)
            memo[xref] = child
        _add(total, memo[xref], count)
        if total.over:
            break
    return total


def _add(total: StreamCost, part: StreamCost, times: int = 1) -> None:
    """Add `part`, drawn `times` times, to `total`."""
    total.bytes += times * part.bytes
    total.tokens += times * part.tokens
    total.text_ops += times * part.text_ops
    total.text_bytes += times * part.text_bytes
    for k, v in part.draws.items():
        total.draws[k] = total.draws.get(k, 0) + times * v
    total.over |= part.over
    total.unnamed_images |= part.unnamed_images


def _stream_cost(doc: pymupdf.Document, xref: int, budget: list[int],
                 exact: bool = False) -> StreamCost:
    """Counts over one stream, decoded chunk by chunk within `budget[0]` bytes (which it
    uses up). Between chunks the text is cut after a line break (or a space), so a token
    is counted whole; the last chunk is counted as it is."""
    cost = StreamCost()
    pending, held = b"", None
    for chunk in _decoded(doc, xref, budget):
        if chunk is None:
            cost.over = True
            return cost
        if held is not None:
            data = pending + held
            cut = data.rfind(b"\n")
            if cut < 0:
                cut = data.rfind(b" ")
            cut = cut if cut >= 0 else len(data) - 1
            _count(cost, data[:cut + 1], exact)
            pending = data[cut + 1:]
        held = chunk
    _count(cost, pending + (held or b""), exact)
    return cost


def _count(cost: StreamCost, data: bytes, exact: bool = False) -> None:
    """Adds the counts of `data`. Its text bytes are bounded by its size unless `exact`
    (then the string operands of a large stream are measured: a regular-expression pass,
    run only for a page whose bound is over the text limit)."""
    if not data:
        return
    cost.bytes += len(data)
    cost.tokens += len(data) - len(data.translate(None, _BOUNDARIES))
    cost.text_ops += sum(data.count(op) for op in _TEXT_OPERATORS)
    if not exact or len(data) <= EXACT_TEXT_BYTES:      # small: its size bounds its text
        cost.text_bytes += len(data)
    else:
        cost.text_bytes += len(b"".join(_STRING.findall(data)))   # their summed lengths
    if b"BI" in data:
        cost.unnamed_images = True
    if b"Do" in data:
        for name in _DO.findall(data):
            key = name.decode("latin-1")
            cost.draws[key] = cost.draws.get(key, 0) + 1


def _decoded(doc: pymupdf.Document, xref: int, budget: list[int]):
    """The stream's decoded bytes in chunks; None once `budget[0]` is used up. FlateDecode
    (alone, the usual case) is inflated here with a bound on the output; a stream without
    filters is read as is; other filters are decoded by MuPDF when their raw size times the
    worst expansion of the filter fits the budget, else counted as over."""
    try:
        raw = doc.xref_stream_raw(xref) or b""
        filters, params = _filters(doc, xref)
    except Exception:   # a damaged stream: MuPDF will say so when it reads the page
        return
    if not filters:
        yield from _within(budget, [raw])
    elif filters == ["FlateDecode"] and not params:
        z = zlib.decompressobj()
        data = raw
        while data and budget[0] > 0:
            try:
                out = z.decompress(data, min(CHUNK, budget[0] + 1))
            except zlib.error:     # damaged: MuPDF reads what it can, so do we
                return
            data = z.unconsumed_tail
            if not out:
                return
            yield from _within(budget, [out])
        if data and budget[0] <= 0:
            yield None
    elif len(raw) * OTHER_FILTER_RATIO <= budget[0]:
        try:
            yield from _within(budget, [doc.xref_stream(xref) or b""])
        except Exception:
            return
    else:
        yield None


def _within(budget: list[int], chunks):
    for chunk in chunks:
        if len(chunk) > budget[0]:
            yield None
            return
        budget[0] -= len(chunk)
        yield chunk


_ALIASES = {"Fl": "FlateDecode", "AHx": "ASCIIHexDecode", "A85": "ASCII85Decode",
            "LZW": "LZWDecode", "RL": "RunLengthDecode"}


def _filters(doc: pymupdf.Document, xref: int) -> tuple[list[str], bool]:
    """The stream's filter names, and whether it has /DecodeParms (a predictor)."""
    kind, value = doc.xref_get_key(xref, "Filter")
    if kind in ("null", "none"):
        return [], False
    names = [_ALIASES.get(n, n) for n in re.findall(r"/([A-Za-z0-9]+)", value)]
    return names, doc.xref_get_key(xref, "DecodeParms")[0] not in ("null", "none")


# -- XObjects and images -------------------------------------------------------------------
def _xobjects(doc: pymupdf.Document, xref: int, inherited: bool = False) -> dict[str, int]:
    """Name -> xref of the XObjects in the resources of object `xref` (a page looks up
    its /Parent chain when it has none of its own)."""
    for _ in range(_RESOURCE_DEPTH if inherited else 1):
        try:
            kind, value = doc.xref_get_key(xref, "Resources/XObject")
            if kind == "xref":
                value = doc.xref_object(int(value.split()[0]), compressed=True)
                kind = "dict"
        except Exception:
            return {}
        if kind == "dict":
            return {m.group(1): int(m.group(2)) for m in _REF.finditer(value)}
        if not inherited:
            return {}
        kind, parent = doc.xref_get_key(xref, "Parent")
        if kind != "xref":
            return {}
        xref = int(parent.split()[0])
    return {}


def _is_form(doc: pymupdf.Document, xref: int) -> bool:
    """The XObject is a form (asked once per document: its pages share their images)."""
    forms = document_memo(doc, "is_form")
    found = forms.get(xref)
    if found is None:
        try:
            found = doc.xref_get_key(xref, "Subtype")[1] == "/Form"
        except Exception:
            found = False
        forms[xref] = found
    return found


def _image_problem(doc: pymupdf.Document, page: pymupdf.Page, names: dict[str, int],
                   cost: StreamCost, limits: LimitSettings, verdict: Verdict | None = None) -> str:
    """Why the page's images must not be decoded (rendered), or ''. Whether the page lists
    images at all goes into `verdict.has_images` (extraction asks it again otherwise:
    `get_images` scans the page's resources each time)."""
    images = {x for x in names.values() if not _is_form(doc, x)}
    draws = sum(n for name, n in cost.draws.items() if names.get(name) in images)
    if draws > MAX_IMAGE_DRAWS:
        return f"it draws images {draws:,} times (more than {MAX_IMAGE_DRAWS:,})"
    cap = limits.max_image_mb * 1024 * 1024
    try:
        infos = page_images(doc, page)
    except Exception:
        return ""
    if verdict is not None:
        verdict.has_images = bool(infos)
    for xref, _smask, width, height, bpc, cs, *_ in infos:
        comps = _COMPONENTS.get(cs, 4)
        size = max(0, width) * max(0, height) * comps * max(1, bpc or 8) // 8
        if size > cap:
            return (f"image {xref} is {width:,} x {height:,} pixels ({size / 2**20:,.0f} MiB "
                    f"decoded), over limits.max_image_mb={limits.max_image_mb}")
    return ""


# -- a page read as plain text ---------------------------------------------------------------
def plain_text_page(page: pymupdf.Page, index: int, flags: int) -> Page:
    """The page's text as plain blocks (one line each, one span): MuPDF's text page is
    built, but no span dicts, drawings, images or tables."""
    rect = page.cropbox
    lines = []
    for k, block in enumerate(page.get_textpage(flags=flags).extractBLOCKS()):
        x0, y0, x1, y1, text = block[:5]
        text = " ".join(str(text).split())
        if not text or block[6] != 0:
            continue
        box = BBox(x0, y0, x1, y1)
        span = Span(f"p{index}-s{k}", text, box, "", max(1.0, min(y1 - y0, 12.0)), 0, 0, 255,
                    (x0, y1))
        lines.append(Line.build(f"p{index}-l{len(lines)}", index, (span,), (1.0, 0.0), False))
    return Page(index=index, width=float(rect.width), height=float(rect.height),
                rotation=int(page.rotation), view_rotation=int(page.rotation) % 360,
                label="", lines=tuple(lines))


def empty_page(page: pymupdf.Page, index: int) -> Page:
    """The place of a page that is not read."""
    try:
        rect = page.cropbox
        width, height = float(rect.width), float(rect.height)
    except Exception:
        width = height = 0.0
    if not (math.isfinite(width) and math.isfinite(height)):
        width = height = 0.0
    return Page(index=index, width=width, height=height, fallback=True)


__all__ = ["Verdict", "check_page", "plain_text_page", "empty_page"]


# -- the page tree (checked once, when the document is opened) ---------------------------------
MAX_PAGE_TREE_DEPTH = 256       # producers nest /Pages a few levels (balanced trees of ~10);
                                # 256 levels would hold far more pages than any file has
MAX_PAGE_TREE_NODES = 200_000   # nodes walked at most (a flat tree is wide, not deep: cheap)
_KID = re.compile(r"(\d+)\s+\d+\s+R")


def page_tree_problem(doc: pymupdf.Document) -> str | None:
    """What is wrong with the page tree, walked from the catalog over /Kids before MuPDF
    loads any page: a node that is its own ancestor (a cycle), or a tree deeper than
    MAX_PAGE_TREE_DEPTH (MuPDF walks every level for each page's inherited attributes,
    which costs minutes on a tree made tens of thousands of levels deep)."""
    try:
        kind, ref = doc.xref_get_key(doc.pdf_catalog(), "Pages")
    except Exception:
        return None                        # no catalog to walk: MuPDF's own repair decides
    root = _KID.match(ref or "") if kind == "xref" else None
    if root is None:
        return None
    stack: list[tuple[int, int, frozenset[int]]] = [(int(root.group(1)), 1, frozenset())]
    expanded: set[int] = set()
    while stack and len(expanded) < MAX_PAGE_TREE_NODES:
        xref, depth, ancestors = stack.pop()
        if xref in ancestors:
            return "its page tree loops back on itself (a /Kids entry is its own ancestor)"
        if xref in expanded:               # one page listed twice: not a loop, walked already
            continue
        expanded.add(xref)
        if depth > MAX_PAGE_TREE_DEPTH:
            return f"its page tree is more than {MAX_PAGE_TREE_DEPTH} levels deep"
        try:
            kind, kids = doc.xref_get_key(xref, "Kids")
        except Exception:
            continue
        if kind == "array":
            inner = ancestors | {xref}
            stack.extend((int(m.group(1)), depth + 1, inner) for m in _KID.finditer(kids))
    return None
