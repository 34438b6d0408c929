"""Structural fuzz operators: hostile PDFs whose cost is paid inside MuPDF.

Each operator takes a random generator and a seed PDF (bytes) and returns a new PDF built
with PyMuPDF's low-level xref API (or raw bytes where MuPDF would refuse to write it):

- content_bomb      ~10^5..10^6 tiny text operators on one page (overprinted or spread)
- path_bomb         ~10^6 tiny vector paths
- text_flood        millions of characters of real words in long TJ arrays
- form_fanout       Form XObjects drawing each other k times, d levels deep (k^d draws)
- form_recursion    a Form XObject that draws itself (directly or through another)
- cyclic_tree       /Kids pointing at an ancestor or at the root, absurd /Count
- deep_tree         a page under thousands of nested /Pages nodes
- wide_tree         /Kids holding one page 10^5 times, /Count to match
- huge_box          absurd MediaBox/CropBox, /Rotate and /UserUnit values
- broken_tounicode  a font's ToUnicode CMap replaced by garbage, a huge bfrange, or
                    one code mapped to a very long string
- decompression_bomb  a content stream that inflates to hundreds of MiB
- image_bomb        an image whose dictionary declares absurd dimensions, or a real
                    large one drawn many times
- deep_nesting      arrays/dictionaries nested tens of thousands deep in a page dictionary
                    and in the content stream
- truncated_stream  a page's content stream deflated and cut short (issue 34: damaged_content)
- cut_tounicode     a font's ToUnicode CMap cut off half-way through a bfrange (damaged_content)
- repeated_page     one page object listed again in /Kids, up to 1,000 times, /Count to match
                    or not (page_tree_repaired; the repeats are not read again)
- overprint         text drawn twice 0.3 pt apart, or a name stamped four times over itself
                    (read once, issue 41)
- headerless        the %PDF- header overwritten (read, missing_header)
- giant_image       a 20,000 x 20,000 px flat grey image from a tiny deflated stream
                    (placed, never decoded: image_not_decoded)

`benchmarks/fuzz.py --structural` runs them (each case in a subprocess with a time limit
and its peak RSS measured); `tests/test_fuzz.py` keeps a small seeded sample.
"""
from __future__ import annotations

import functools
import random
import re
import zlib
from typing import Callable

import pymupdf

StructuralOp = Callable[[random.Random, bytes], bytes]
SCALE = 1.0            # sizes are multiplied by this (the test suite runs them small)
PASSWORD = "baz"
FONT = "helv"          # the resource name the operators' text uses (Helvetica)


def _open(data: bytes) -> pymupdf.Document:
    doc = pymupdf.open(stream=data, filetype="pdf")
    if doc.needs_pass:
        doc.authenticate(PASSWORD)
    return doc


def _plain(data: bytes) -> bytes:
    """The seed decrypted, with a classic xref table and no object streams (raw updates
    can then be appended to it)."""
    doc = _open(data)
    try:
        return doc.tobytes(garbage=0, deflate=False, use_objstms=0,
                           encryption=pymupdf.PDF_ENCRYPT_NONE, no_new_id=True)
    finally:
        doc.close()


def _append_update(base: bytes, objects: dict[int, bytes]) -> bytes:
    """`base` with an incremental update appended by hand: `objects` (number -> body)
    replace or add objects, whatever MuPDF's writer would make of them (it refuses a
    cyclic page tree, and its parser limits nesting)."""
    doc = _open(base)
    try:
        trailer = {k: doc.xref_get_key(-1, k)[1] for k in ("Root", "Info")}
        size = max(doc.xref_length(), max(objects) + 1)
    finally:
        doc.close()
    prev = int(re.findall(rb"startxref\s+(\d+)", base)[-1])
    out = bytearray(base if base.endswith(b"\n") else base + b"\n")
    offsets = {}
    for num in sorted(objects):
        offsets[num] = len(out)
        out += b"%d 0 obj\n" % num + objects[num] + b"\nendobj\n"
    at = len(out)
    out += b"xref\n"
    for num in sorted(offsets):
        out += b"%d 1\n%010d 00000 n \n" % (num, offsets[num])
    keys = "".join(f" /{k} {v}" for k, v in trailer.items() if v and v != "null")
    out += f"trailer\n<< /Size {size}{keys} /Prev {prev} >>\nstartxref\n{at}\n%%EOF\n".encode()
    return bytes(out)


def _add_xobject(doc: pymupdf.Document, page: pymupdf.Page, name: str, xref: int) -> None:
    """Register Form/Image XObject `xref` as /`name` in the page's resources (which may
    be indirect objects)."""
    kind, value = doc.xref_get_key(page.xref, "Resources")
    if kind == "xref":
        holder, path = int(value.split()[0]), "XObject"
    else:
        holder, path = page.xref, "Resources/XObject"
        if kind == "null":
            doc.xref_set_key(page.xref, "Resources", "<<>>")
    kind, value = doc.xref_get_key(holder, path)
    if kind == "xref":
        doc.xref_set_key(int(value.split()[0]), name, f"{xref} 0 R")
    else:
        doc.xref_set_key(holder, f"{path}/{name}", f"{xref} 0 R")


def _page(r: random.Random, doc: pymupdf.Document) -> pymupdf.Page:
    return doc[r.randrange(min(doc.page_count, 3))]


def _save(doc: pymupdf.Document) -> bytes:
    try:
        return doc.tobytes(garbage=0, deflate=False)
    finally:
        doc.close()


def _set_content(doc: pymupdf.Document, page: pymupdf.Page, body: bytes,
                 append: bool = True) -> None:
    """Make `body` the page's content (after its own content when `append`)."""
    page.insert_font(fontname=FONT)
    xrefs = page.get_contents()
    xref = doc.get_new_xref()
    doc.update_object(xref, "<<>>")
    doc.update_stream(xref, body, compress=True)
    refs = (xrefs if append else []) + [xref]
    doc.xref_set_key(page.xref, "Contents", "[" + " ".join(f"{x} 0 R" for x in refs) + "]")


def _size(r: random.Random, options: tuple[int, ...]) -> int:
    """One of `options` (the same draw from `r` whatever SCALE), times SCALE."""
    return max(1, int(r.choice(options) * SCALE))


def _words(r: random.Random, n: int) -> list[str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    return ["".join(r.choice(letters) for _ in range(r.randint(1, 8))) for _ in range(n)]


# -- content ---------------------------------------------------------------------------------
def content_bomb(r: random.Random, data: bytes) -> bytes:
    n = _size(r, (100_000, 300_000, 1_000_000))
    spread = r.random() < 0.5
    parts = []
    for k in range(n):
        if spread:
            parts.append(f"BT /{FONT} 1 Tf {k % 600} {k // 600 % 800} Td (a) Tj ET\n")
        else:
            parts.append(f"BT /{FONT} {r.choice((0.1, 1, 5))} Tf 10 10 Td (ab) Tj ET\n")
    doc = _open(data)
    _set_content(doc, _page(r, doc), "".join(parts).encode())
    return _save(doc)


def path_bomb(r: random.Random, data: bytes) -> bytes:
    n = _size(r, (200_000, 1_000_000))
    ops = "re f" if r.random() < 0.5 else "m 1 1 l S"
    body = "".join(f"{k % 600} {k // 600 % 800} {'1 1 ' if ops == 're f' else ''}{ops}\n"
                   for k in range(n))
    doc = _open(data)
    _set_content(doc, _page(r, doc), body.encode())
    return _save(doc)


def text_flood(r: random.Random, data: bytes) -> bytes:
    lines = _size(r, (20_000, 60_000))
    words = _words(r, 400)
    out = [f"BT /{FONT} 2 Tf 2 TL 0 800 Td\n"]
    for k in range(lines):
        chunk = " ".join(words[(k * 7 + j) % len(words)] for j in range(30))
        out.append(f"[({chunk}) -20 ({chunk[:40]})] TJ T*\n")
        if k % 400 == 399:
            out.append(f"ET BT /{FONT} 2 Tf 2 TL 0 800 Td\n")
    out.append("ET\n")
    doc = _open(data)
    _set_content(doc, _page(r, doc), "".join(out).encode())
    return _save(doc)


def _form(doc: pymupdf.Document, body: str, resources: str) -> int:
    xref = doc.get_new_xref()
    doc.update_object(xref, f"<< /Type /XObject /Subtype /Form /BBox [0 0 600 800] "
                            f"/Resources {resources} >>")
    doc.update_stream(xref, body.encode(), compress=True)
    return xref


def _font_resources(doc: pymupdf.Document, page: pymupdf.Page) -> str:
    page.insert_font(fontname=FONT)
    for f in page.get_fonts():
        if f[4] == FONT:
            return f"<< /Font << /{FONT} {f[0]} 0 R >> >>"
    return "<< >>"


def form_fanout(r: random.Random, data: bytes) -> bytes:
    k, depth = r.choice(((10, 5), (20, 4), (100, 3), (1000, 2)))
    k = max(2, int(k * SCALE ** (1 / depth)))
    doc = _open(data)
    page = _page(r, doc)
    fonts = _font_resources(doc, page)
    xref = _form(doc, f"BT /{FONT} 4 Tf 10 10 Td (leaf) Tj ET", fonts)
    for level in range(depth):
        body = "".join(f"q 1 0 0 1 {j % 7} {j % 5} cm /X{level} Do Q\n" for j in range(k))
        xref = _form(doc, body, f"<< /XObject << /X{level} {xref} 0 R >> >>")
    _add_xobject(doc, page, "Top", xref)
    _set_content(doc, page, b"/Top Do\n")
    return _save(doc)


def form_recursion(r: random.Random, data: bytes) -> bytes:
    doc = _open(data)
    page = _page(r, doc)
    a, b = doc.get_new_xref(), doc.get_new_xref()
    partner = b if r.random() < 0.5 else a
    for xref, other in ((a, partner), (b, a)):
        doc.update_object(xref, f"<< /Type /XObject /Subtype /Form /BBox [0 0 600 800] "
                                f"/Resources << /XObject << /Y {other} 0 R >> >> >>")
        doc.update_stream(xref, b"0 0 m 5 5 l S /Y Do /Y Do", compress=True)
    _add_xobject(doc, page, "Top", a)
    _set_content(doc, page, b"/Top Do\n")
    return _save(doc)


# -- page tree -------------------------------------------------------------------------------
def _pages_root(doc: pymupdf.Document) -> int:
    kind, value = doc.xref_get_key(doc.pdf_catalog(), "Pages")
    return int(value.split()[0]) if kind == "xref" else 0


def _tree_base(data: bytes) -> tuple[bytes, int, int, int, str]:
    """(plain seed, root /Pages number, first page number, next free number, first
    page's dictionary without its /Parent)."""
    base = _plain(data)
    doc = _open(base)
    try:
        root, first = _pages_root(doc), doc[0].xref
        page = re.sub(r"/Parent\s+\d+\s+0\s+R", "", doc.xref_object(first, compressed=True))
        return base, root, first, doc.xref_length(), page
    finally:
        doc.close()


def cyclic_tree(r: random.Random, data: bytes) -> bytes:
    base, root, first, free, page = _tree_base(data)
    count = r.choice(("2147483647", "1", "-5", "99999999"))
    variant = r.randrange(4)
    objs: dict[int, str] = {}
    if variant == 0:      # the root among its own kids
        objs[root] = f"<< /Type /Pages /Kids [{first} 0 R {root} 0 R] /Count {count} >>"
    elif variant == 1:    # an intermediate node whose kids hold the root
        mid = free
        objs[mid] = f"<< /Type /Pages /Parent {root} 0 R /Kids [{root} 0 R {first} 0 R] /Count 2 >>"
        objs[root] = f"<< /Type /Pages /Kids [{mid} 0 R {first} 0 R] /Count {count} >>"
    elif variant == 2:    # the page itself claims to be a node with kids
        objs[first] = page[:-2] + f" /Parent {root} 0 R /Kids [{first} 0 R {root} 0 R] >>"
        objs[first] = objs[first].replace("/Type/Page", "/Type/Pages").replace("/Type /Page", "/Type /Pages")
        objs[root] = f"<< /Type /Pages /Kids [{first} 0 R] /Count {count} >>"
    else:                 # a mutual cycle with an absurd count
        a, b = free, free + 1
        objs[a] = f"<< /Type /Pages /Parent {root} 0 R /Kids [{b} 0 R {first} 0 R] /Count 2147483647 >>"
        objs[b] = f"<< /Type /Pages /Parent {a} 0 R /Kids [{a} 0 R] /Count 2147483647 >>"
        objs[root] = f"<< /Type /Pages /Kids [{a} 0 R] /Count {count} >>"
    return _append_update(base, {k: v.encode() for k, v in objs.items()})


def deep_tree(r: random.Random, data: bytes) -> bytes:
    depth = _size(r, (2_000, 20_000, 100_000))
    base, root, first, free, page = _tree_base(data)
    nodes = [free + k for k in range(depth)]          # nodes[0] holds the page
    objs = {first: page[:-2] + f" /Parent {nodes[0]} 0 R >>"}
    for k, node in enumerate(nodes):
        kid = first if k == 0 else nodes[k - 1]
        parent = nodes[k + 1] if k + 1 < depth else root
        objs[node] = f"<< /Type /Pages /Kids [{kid} 0 R] /Count 1 /Parent {parent} 0 R >>"
    objs[root] = f"<< /Type /Pages /Kids [{nodes[-1]} 0 R] /Count 1 >>"
    return _append_update(base, {k: v.encode() for k, v in objs.items()})


def wide_tree(r: random.Random, data: bytes) -> bytes:
    n = _size(r, (20_000, 200_000))
    base, root, first, _, _ = _tree_base(data)
    kids = f"{first} 0 R " * n
    return _append_update(base, {root: f"<< /Type /Pages /Kids [{kids}] /Count {n} >>".encode()})


def _raw_save(doc: pymupdf.Document) -> bytes:
    """Saved as is: no garbage collection, no new id."""
    try:
        return doc.tobytes(garbage=0, deflate=False, no_new_id=True)
    finally:
        doc.close()


def huge_box(r: random.Random, data: bytes) -> bytes:
    doc = _open(data)
    for page in list(doc)[:3]:
        box = r.choice(("[0 0 1e6 1e6]", "[0 0 1e38 1e38]", "[-1e30 -1e30 1e30 1e30]",
                        "[0 0 14400 14400]", "[0 0 3 1000000]", "[0 0 0 0]", "[1e6 1e6 0 0]",
                        "[0 0 2147483647 2147483647]"))
        doc.xref_set_key(page.xref, "MediaBox", box)
        if r.random() < 0.5:
            doc.xref_set_key(page.xref, "CropBox", r.choice((box, "[0 0 1 1]", "[-5 -5 1e9 3]")))
        doc.xref_set_key(page.xref, "Rotate", r.choice(("90000000", "45", "-270", "2147483647",
                                                         "-2147483648", "1e30")))
        if r.random() < 0.3:
            doc.xref_set_key(page.xref, "UserUnit", r.choice(("75000", "0", "-1", "1e20")))
    return _raw_save(doc)


# -- fonts -----------------------------------------------------------------------------------
def broken_tounicode(r: random.Random, data: bytes) -> bytes:
    doc = _open(data)
    page = _page(r, doc)
    page.insert_font(fontname=FONT)
    fonts = [f[0] for f in page.get_fonts() if f[0] > 0]
    variant = r.randrange(4)
    if variant == 0:
        cmap = bytes(r.randbytes(4096))
    elif variant == 1:     # a bfrange repeated many times over the whole code space
        cmap = (b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n"
                b"1 begincodespacerange <00> <FF> endcodespacerange\n"
                + b"100 beginbfrange\n" + b"<00> <FF> <0041>\n" * 100 + b"endbfrange\n") * 2000 \
            + b"endcmap CMapName currentdict /CMap defineresource pop end end"
    elif variant == 2:     # every code to a very long string
        long = ("0041" * 2000).encode()
        cmap = (b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n"
                b"1 begincodespacerange <00> <FF> endcodespacerange\n"
                b"100 beginbfchar\n" + b"".join(b"<%02X> <" % c + long + b">\n" for c in range(100))
                + b"endbfchar endcmap end end")
    else:                  # a codespace of 4-byte codes with a range over all of it
        cmap = (b"begincmap 1 begincodespacerange <00000000> <FFFFFFFF> endcodespacerange\n"
                b"1 beginbfrange <00000000> <FFFFFFFF> <0000> endbfrange endcmap")
    for font in fonts:
        xref = doc.get_new_xref()
        doc.update_object(xref, "<<>>")
        doc.update_stream(xref, cmap, compress=True)
        doc.xref_set_key(font, "ToUnicode", f"{xref} 0 R")
    words = " ".join(_words(r, 50))
    _set_content(doc, page, "".join(f"BT /{FONT} 9 Tf 20 {20 + 10 * k} Td ({words}) Tj ET\n"
                                    for k in range(60)).encode())
    return _save(doc)


# -- streams ---------------------------------------------------------------------------------
@functools.lru_cache(maxsize=8)
def _deflated(unit: bytes, mib: int) -> bytes:
    """`unit` repeated to `mib` MiB, deflated (cached: compressing takes a moment)."""
    z = zlib.compressobj(9)
    block = unit * (1024 * 1024 // len(unit))
    out = [z.compress(block) for _ in range(mib)]
    return b"".join(out) + z.flush()


@functools.lru_cache(maxsize=4)
def _flat(value: int, size: int) -> bytes:
    """`size` bytes of `value`, deflated (1 MiB at a time: no 400 MB buffer)."""
    z = zlib.compressobj(6)
    block = bytes([value]) * (1 << 20)
    whole, rest = divmod(size, len(block))
    return b"".join(z.compress(block) for _ in range(whole)) + z.compress(block[:rest]) + z.flush()


def _raw_stream_object(doc: pymupdf.Document, deflated: bytes, extra: str = "") -> int:
    xref = doc.get_new_xref()
    doc.update_object(xref, f"<< {extra} >>")
    doc.update_stream(xref, deflated, compress=False)   # already deflated: keep as is
    doc.xref_set_key(xref, "Filter", "/FlateDecode")    # (update_stream dropped it)
    return xref


def decompression_bomb(r: random.Random, data: bytes) -> bytes:
    unit, mib = r.choice(((b" ", 1024), (b"0 0 m 1 1 l S\n", 512), (b"q Q ", 256),
                          (b"(a) Tj ", 256)))
    mib = max(1, int(mib * SCALE))
    doc = _open(data)
    page = _page(r, doc)
    xref = _raw_stream_object(doc, _deflated(unit, mib))
    prefix = doc.get_new_xref()
    doc.update_object(prefix, "<<>>")
    doc.update_stream(prefix, f"BT /{FONT} 4 Tf 10 10 Td ".encode() if b"Tj" in unit else b" ")
    page.insert_font(fontname=FONT)
    doc.xref_set_key(page.xref, "Contents", f"[{prefix} 0 R {xref} 0 R]")
    return _save(doc)


def image_bomb(r: random.Random, data: bytes) -> bytes:
    doc = _open(data)
    page = _page(r, doc)
    variant = r.randrange(3)
    if variant == 0:     # dimensions far beyond its data
        w = h = r.choice((100_000, 1_000_000, 2_147_483_647))
        xref = _raw_stream_object(doc, zlib.compress(b"\0" * 1000),
                                  f"/Type /XObject /Subtype /Image /Width {w} /Height {h} "
                                  "/ColorSpace /DeviceRGB /BitsPerComponent 8")
        draws = 1
    elif variant == 1:   # real data that inflates to a large raster
        side = _size(r, (12_000, 20_000))
        xref = _raw_stream_object(doc, _deflated(b"\0", max(1, side * side // (1024 * 1024))),
                                  f"/Type /XObject /Subtype /Image /Width {side} /Height {side} "
                                  "/ColorSpace /DeviceGray /BitsPerComponent 8")
        draws = 1
    else:                # a small image drawn very many times
        xref = _raw_stream_object(doc, zlib.compress(bytes(range(256)) * 256),
                                  "/Type /XObject /Subtype /Image /Width 256 /Height 256 "
                                  "/ColorSpace /DeviceGray /BitsPerComponent 8")
        draws = _size(r, (20_000, 200_000))
    _add_xobject(doc, page, "Im0", xref)
    body = "".join(f"q 100 0 0 100 {k % 500} {k // 500 % 700} cm /Im0 Do Q\n" for k in range(draws))
    _set_content(doc, page, body.encode())
    return _save(doc)


def deep_nesting(r: random.Random, data: bytes) -> bytes:
    depth = _size(r, (10_000, 100_000, 1_000_000))
    doc = _open(data)
    page = _page(r, doc)
    variant = r.randrange(3)
    if variant == 0:     # a nested array in the page dictionary (MuPDF will not write it)
        doc.close()
        base = _plain(data)
        with _open(base) as plain:
            number = plain.xref_length()
            pxref = plain[0].xref
            pdict = plain.xref_object(pxref, compressed=True)
        nested = b"[" * depth + b"]" * depth
        return _append_update(base, {number: nested,
                                     pxref: pdict[:-2].encode() + b" /Annots %d 0 R >>" % number})
    if variant == 1:     # a nested array as a TJ operand
        body = f"BT /{FONT} 9 Tf 20 20 Td " + "[" * depth + "(x)" + "]" * depth + " TJ ET"
    else:                # nested dictionaries as marked-content properties
        body = "/Span " + "<< /A " * depth + "1" + " >>" * depth + " BDC (x) Tj EMC"
    _set_content(doc, page, body.encode())
    return _save(doc)


# -- damage and wild files (issues 34 and 41) ---------------------------------------------------
def truncated_stream(r: random.Random, data: bytes) -> bytes:
    doc = _open(data)
    page = _page(r, doc)
    xrefs = page.get_contents()
    if not xrefs:
        _set_content(doc, page, f"BT /{FONT} 9 Tf 20 20 Td ({' '.join(_words(r, 40))}) Tj ET".encode())
        xrefs = page.get_contents()
    xref = r.choice(xrefs)
    packed = zlib.compress(doc.xref_stream(xref) or b" ")
    doc.update_stream(xref, packed[:max(1, int(len(packed) * r.uniform(0.05, 0.8)))],
                      compress=False)
    doc.xref_set_key(xref, "Filter", "/FlateDecode")
    return _save(doc)


def cut_tounicode(r: random.Random, data: bytes) -> bytes:
    doc = _open(data)
    page = _page(r, doc)
    page.insert_font(fontname=FONT)
    cmap = (b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n"
            b"1 begincodespacerange <00> <FF> endcodespacerange\n"
            b"1 beginbfrange <20> <7E> <0020> endbfrange endcmap end end")
    start = cmap.index(b"<20> <7E>")
    cut = cmap[:r.randrange(start + 2, start + 14)]       # inside the range's codes
    for font in {f[0] for f in page.get_fonts() if f[0] > 0}:
        xref = doc.get_new_xref()
        doc.update_object(xref, "<<>>")
        doc.update_stream(xref, cut, compress=True)
        doc.xref_set_key(font, "ToUnicode", f"{xref} 0 R")
    _set_content(doc, page, f"BT /{FONT} 9 Tf 20 40 Td ({' '.join(_words(r, 30))}) Tj ET".encode())
    return _save(doc)


def repeated_page(r: random.Random, data: bytes) -> bytes:
    base, root, first, _, _ = _tree_base(data)
    n = _size(r, (2, 10, 1_000))
    with _open(base) as doc:
        own = [doc[i].xref for i in range(doc.page_count)]
    kids = own + [r.choice(own)] * n
    count = len(kids) if r.random() < 0.5 else r.choice((len(own), len(kids) + 7))
    refs = " ".join(f"{k} 0 R" for k in kids)
    return _append_update(base, {root: f"<< /Type /Pages /Kids [{refs}] /Count {count} >>".encode()})


def overprint(r: random.Random, data: bytes) -> bytes:
    doc = _open(data)
    page = _page(r, doc)
    words = _words(r, 12)
    parts = []
    for k, word in enumerate(words):
        x, y = 40 + (k % 4) * 120, 700 - (k // 4) * 30
        copies = 2 if r.random() < 0.5 else 4
        parts += [f"BT /{FONT} 11 Tf {x + 0.3 * c:.2f} {y} Td ({word}) Tj ET" for c in range(copies)]
    _set_content(doc, page, "\n".join(parts).encode())
    return _save(doc)


def headerless(r: random.Random, data: bytes) -> bytes:
    plain = _plain(data)
    end = plain.index(b"\n")            # the header line, overwritten in place (offsets hold)
    head = r.choice((b"%\xe2\xe3\xcf\xd3", b"%!PS-Adobe", b"%")).ljust(end, b" ")[:end]
    return head + plain[end:]


def giant_image(r: random.Random, data: bytes) -> bytes:
    side = _size(r, (20_000,))
    doc = _open(data)
    page = _page(r, doc)
    xref = _raw_stream_object(doc, _flat(r.randrange(256), side * side), f"/Type /XObject /Subtype /Image /Width {side} "
                                           f"/Height {side} /ColorSpace /DeviceGray "
                                           "/BitsPerComponent 8")
    _add_xobject(doc, page, "Giant", xref)
    _set_content(doc, page, b"q 400 0 0 500 100 150 cm /Giant Do Q\n")
    return _save(doc)


STRUCTURAL: dict[str, StructuralOp] = {
    "content_bomb": content_bomb, "path_bomb": path_bomb, "text_flood": text_flood,
    "form_fanout": form_fanout, "form_recursion": form_recursion,
    "cyclic_tree": cyclic_tree, "deep_tree": deep_tree, "wide_tree": wide_tree,
    "huge_box": huge_box, "broken_tounicode": broken_tounicode,
    "decompression_bomb": decompression_bomb, "image_bomb": image_bomb,
    "deep_nesting": deep_nesting,
}
DAMAGE: dict[str, StructuralOp] = {   # what each leaves behind is said (tests/test_fuzz.py)
    "truncated_stream": truncated_stream, "cut_tounicode": cut_tounicode,
    "repeated_page": repeated_page, "overprint": overprint, "headerless": headerless,
    "giant_image": giant_image,
}
STRUCTURAL.update(DAMAGE)
