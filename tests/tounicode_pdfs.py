"""Damaged ToUnicode maps for fixture PDFs: a CMap written from (glyph id, UTF-16 hex) pairs,
and the swap of every Type0 font's map in a document for it.

Producers that damage a text layer do it in the ToUnicode stream (Word's lone surrogates,
an office tool's identity map); the tests that reproduce such damage share this writer.
"""
from __future__ import annotations

import pymupdf


def tounicode_cmap(pairs) -> bytes:
    """A ToUnicode CMap with one `bfchar` entry per (glyph id, UTF-16 code unit hex) pair."""
    pairs = sorted(pairs)
    body = "\n".join(f"<{g:04X}> <{u}>" for g, u in pairs)
    return ("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
            "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
            "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
            "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n"
            f"{len(pairs)} beginbfchar\n{body}\nendbfchar\nendcmap\n"
            "CMapName currentdict /CMap defineresource pop\nend\nend\n").encode()


def replace_type0_tounicode(doc: pymupdf.Document, cmap: bytes) -> None:
    """Give every Type0 (composite) font of `doc` the ToUnicode stream `cmap`."""
    for xref in range(1, doc.xref_length()):
        kind, value = doc.xref_get_key(xref, "ToUnicode")
        if kind == "xref" and doc.xref_get_key(xref, "Subtype")[1] == "/Type0":
            doc.update_stream(int(value.split()[0]), cmap)
