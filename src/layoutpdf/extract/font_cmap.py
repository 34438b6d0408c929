"""ToUnicode maps that name no character: read the glyph from the embedded font's cmap.

Word writes Cambria Math's ToUnicode one UTF-16 *code unit* per glyph: a math-italic letter
(U+1D400 block, two code units) becomes a lone surrogate (`<D835>`, or the low half of
some other letter), and glyphs it has no text for become `<0000>`, which MuPDF reports by
the glyph id (U+122C 'ሬ' for glyph 0x122C, the bar of a stretched arrow accent) - a
real-looking, silently wrong letter. Such a destination (a lone surrogate, U+0000, U+FFFD) says the
producer had no character for the glyph, while the embedded font program still tells
what each glyph is: its own cmap (Unicode -> glyph id), read backwards.

Before MuPDF builds the page's text, each font of the page is looked at once per
document (kept on the document by xref): only a font whose ToUnicode holds such a
destination is repaired. There each broken entry (and an invisible format character,
U+200D say, given to a glyph the font's cmap calls something else) is rewritten in the
in-memory ToUnicode stream to the glyph's character from the font's cmap, or, where the
cmap has none (a piece of a stretched accent), to a private sentinel that
`mark_unreadable` turns into U+FFFD in the page's text: a glyph that cannot be read is
then flagged downstream as unmapped, never shown as the letter of its glyph id. The file
itself is never written.
"""
from __future__ import annotations

import re
import unicodedata

import pymupdf

from .page_resources import page_fonts
from .text_dict import text_spans

_CACHE_ATTR = "_layoutpdf_tounicode_repairs"
_BLOCK = re.compile(rb"begin(bfchar|bfrange)(.*?)end\1", re.S)
_TOKEN = re.compile(rb"<([0-9A-Fa-f]*)>|\[[^\]]*\]")
UNMAPPED = 0xFFFD
UNMAPPED_CHAR = chr(UNMAPPED)
SENTINEL = "\U0010FFFD"      # a private-use code point: "no character", until marked
_SENTINEL_HEX = b"<" + SENTINEL.encode("utf-16-be").hex().upper().encode() + b">"
_IDENTITY = ("Identity-H", "Identity-V")


def repair_tounicode(page: pymupdf.Page) -> int:
    """Rewrite the broken ToUnicode entries of the page's fonts (see the module), once per
    font object and document. Returns how many entries this call rewrote."""
    doc = page.parent
    if doc is None:
        return 0
    done = _document_cache(doc)
    try:
        fonts = page_fonts(doc, page)
    except Exception:    # a damaged resource dictionary: the text stays as MuPDF reads it
        return 0
    made = 0
    for xref, *_ in fonts:
        if xref not in done:
            try:
                count, unreadable = _repair_font(doc, xref)
            except Exception:   # a damaged font: an improvement, never a reason to fail
                count, unreadable = 0, False
            done[xref] = unreadable
            made += count
    return made


def mark_unreadable(page: pymupdf.Page, raw: dict) -> dict:
    """`raw` (a text dict of `page`) with the glyphs `repair_tounicode` found no character
    for shown as U+FFFD. Their ToUnicode entries name a private sentinel (U+10FFFD): a
    U+FFFD destination MuPDF would report by the glyph id again (the extraction asks it
    to), or drop. Documents without such glyphs cost a look at the document cache."""
    doc = page.parent
    done = getattr(doc, _CACHE_ATTR, None) if doc is not None else None
    if not done or not any(done.values()):
        return raw
    for span in text_spans(raw):
        if SENTINEL in span.get("text", ""):
            span["text"] = span["text"].replace(SENTINEL, UNMAPPED_CHAR)
        for ch in span.get("chars", ()):
            if ch["c"] == SENTINEL:
                ch["c"] = UNMAPPED_CHAR
    return raw


def _document_cache(doc: pymupdf.Document) -> dict[int, bool]:
    """Font xref -> whether glyphs of it were left without a character, kept on the open
    document (each font is looked at once)."""
    done = getattr(doc, _CACHE_ATTR, None)
    if done is None:
        done = {}
        setattr(doc, _CACHE_ATTR, done)
    return done


def _repair_font(doc: pymupdf.Document, xref: int) -> tuple[int, bool]:
    """Rewrite font `xref`'s broken ToUnicode entries: how many were rewritten, and whether
    glyphs were left without a character (given the sentinel). Only composite (Type0)
    fonts: their unmapped codes come out as glyph ids, never meaningful, where a simple
    font's may still be read through its encoding."""
    if doc.xref_get_key(xref, "Subtype")[1] != "/Type0":
        return 0, False
    kind, value = doc.xref_get_key(xref, "ToUnicode")
    if kind != "xref":
        return 0, False
    cmap_xref = int(value.split()[0])
    stream = doc.xref_stream(cmap_xref) or b""
    entries = list(_entries(stream))
    if not any(_names_nothing(dst.group(1)) for _, dst in entries):
        return 0, False
    glyphs = _glyph_chars(doc, xref)
    edits = []
    for code, dst in entries:
        char = _repaired(dst.group(1), glyphs.get(code))
        if char is not None:
            edits.append((dst.start(), dst.end(),
                          b"<" + char.encode("utf-16-be").hex().upper().encode() + b">"))
    fixed = bytearray(stream)
    for start, end, new in reversed(edits):
        fixed[start:end] = new
    if edits:
        doc.update_stream(cmap_xref, bytes(fixed))
    return len(edits), any(new == _SENTINEL_HEX for *_, new in edits)


def _entries(stream: bytes):
    """(code, destination token match) of the one-code entries of the CMap's bfchar
    blocks and bfrange blocks (a range of a single code; longer ranges are left alone)."""
    for block in _BLOCK.finditer(stream):
        tokens = list(_TOKEN.finditer(block.group(2)))
        offset = block.start(2)
        width = 2 if block.group(1) == b"bfchar" else 3
        for k in range(0, len(tokens) - width + 1, width):
            src, dst = tokens[k], tokens[k + width - 1]
            if src.group(1) is None or dst.group(1) is None or not src.group(1):
                continue
            if width == 3 and tokens[k + 1].group(1) != src.group(1):
                continue
            yield int(src.group(1), 16), _Shifted(dst, offset)


class _Shifted:
    """A token match of a block's content, with its positions in the whole stream."""
    __slots__ = ("match", "offset")

    def __init__(self, match: re.Match, offset: int):
        self.match, self.offset = match, offset

    def group(self, n: int):
        return self.match.group(n)

    def start(self) -> int:
        return self.match.start() + self.offset

    def end(self) -> int:
        return self.match.end() + self.offset


def _names_nothing(hexa: "bytes | None") -> bool:
    """A destination (hex digits) naming no character: a lone surrogate, U+0000, U+FFFD."""
    if hexa is None or not 1 <= len(hexa) <= 4:
        return False
    value = int(hexa, 16)
    return 0xD800 <= value <= 0xDFFF or value in (0, UNMAPPED)


def _repaired(hexa: "bytes | None", glyph: "str | None") -> "str | None":
    """The character to give a glyph whose ToUnicode destination is `hexa`, `glyph` being
    what the font's cmap calls it; None: keep the entry. A broken destination takes the
    glyph's character, the sentinel without one; an invisible format character (not the soft
    hyphen, which words.py reads) takes the glyph's character when the cmap disagrees."""
    if hexa is None or not 1 <= len(hexa) <= 4:
        return None
    value = int(hexa, 16)
    if _names_nothing(hexa):
        return glyph or SENTINEL
    invisible = value != 0xAD and unicodedata.category(chr(value)) == "Cf"
    return glyph if invisible and glyph and glyph != chr(value) else None


def _glyph_chars(doc: pymupdf.Document, xref: int) -> dict[int, str]:
    """Character code -> the character the embedded font's cmap gives its glyph; {} when
    the codes cannot be taken to glyph ids (only Identity-encoded TrueType CID fonts,
    with an identity or stream CIDToGIDMap, can) or the font has no program."""
    if doc.xref_get_key(xref, "Encoding")[1].lstrip("/") not in _IDENTITY:
        return {}
    kind, desc = doc.xref_get_key(xref, "DescendantFonts")
    found = re.search(r"(\d+) 0 R", desc) if kind in ("array", "xref") else None
    if found is None:
        return {}
    cid_font = int(found.group(1))
    if kind == "xref":    # the array itself is an indirect object
        found = re.search(r"(\d+) 0 R", doc.xref_object(cid_font))
        cid_font = int(found.group(1)) if found else cid_font
    if doc.xref_get_key(cid_font, "Subtype")[1] != "/CIDFontType2":
        return {}
    to_gid = _cid_to_gid(doc, cid_font)
    if to_gid is None:
        return {}
    _name, ext, _type, buffer = doc.extract_font(xref)
    if not buffer or ext not in ("ttf", "otf"):
        return {}
    by_glyph = _inverse_cmap(pymupdf.Font(fontbuffer=buffer))
    if to_gid == {}:      # identity
        return by_glyph
    return {cid: by_glyph[gid] for cid, gid in to_gid.items() if gid in by_glyph}


def _cid_to_gid(doc: pymupdf.Document, cid_font: int) -> "dict[int, int] | None":
    """CIDToGIDMap as {cid: gid}; {} for the identity; None when it cannot be read."""
    kind, value = doc.xref_get_key(cid_font, "CIDToGIDMap")
    if kind in ("null", "name") and value in ("null", "/Identity"):
        return {}
    if kind != "xref":
        return None
    data = doc.xref_stream(int(value.split()[0])) or b""
    return {cid: int.from_bytes(data[2 * cid:2 * cid + 2], "big")
            for cid in range(len(data) // 2)}


def _inverse_cmap(font: pymupdf.Font) -> dict[int, str]:
    """Glyph id -> the character the font's cmap maps to it (the lowest code point that
    is not a control character, when several share the glyph: a space and a no-break
    space, a Latin and a Greek capital)."""
    out: dict[int, str] = {}
    for cp in font.valid_codepoints():
        if cp < 0x20 or 0x7F <= cp < 0xA0:
            continue
        gid = font.has_glyph(cp)
        if gid and (gid not in out or cp < ord(out[gid])):
            out[gid] = chr(cp)
    return out
