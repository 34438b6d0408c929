"""Generators of the hard-PDF fixtures of tests/test_wild_pdfs.py and tests/test_damage.py
(issues 41 and 34): each builds the case from a clean PyMuPDF document, in memory."""
from __future__ import annotations

import zlib

import pymupdf

PROSE = ("Line {j} of page {p}: the committee met on a quiet morning and read the minutes "
         "aloud.")


def prose_pdf(pages: int = 2, lines: int = 30) -> pymupdf.Document:
    """A plain text document (Helvetica, one content stream a page)."""
    doc = pymupdf.open()
    for p in range(pages):
        page = doc.new_page()
        for j in range(lines):
            page.insert_text((72, 72 + 14 * j), PROSE.format(j=j, p=p + 1), fontsize=10)
    return doc


def with_content(body: bytes, doc: pymupdf.Document | None = None) -> bytes:
    """`body` appended to the content of the first page of `doc` (a prose header line)."""
    if doc is None:
        doc = pymupdf.open()
        page = doc.new_page()
        page.insert_text((72, 100), "Header line of the page.", fontname="helv", fontsize=11)
    xref = doc[0].get_contents()[0]
    doc.update_stream(xref, doc.xref_stream(xref) + b"\n" + body)
    return doc.tobytes()


def drawn_twice(word: str, x: float, y: float, size: float, offset: float) -> bytes:
    """`word` shown twice, the second copy `offset` points to the right (faked bold)."""
    return b"".join(b"BT /helv %g Tf %g %g Td (%s) Tj ET " % (size, x + dx, y, word.encode())
                    for dx in (0.0, offset))


def truncated_stream(doc: pymupdf.Document, page: int, keep: float) -> bytes:
    """The page's content stream deflated and cut after `keep` of its bytes."""
    xref = doc[page].get_contents()[0]
    packed = zlib.compress(doc.xref_stream(xref))
    doc.update_stream(xref, packed[:max(1, int(len(packed) * keep))], compress=False)
    doc.xref_set_key(xref, "Filter", "/FlateDecode")
    return doc.tobytes()


def broken_tounicode(doc: pymupdf.Document) -> bytes:
    """Every font of the first page given a ToUnicode CMap broken half-way (a bfrange
    cut off inside its destination)."""
    cmap = (b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n"
            b"1 begincodespacerange <00> <FF> endcodespacerange\n"
            b"1 beginbfrange <20> <7E> <00")
    for font in {f[0] for f in doc[0].get_fonts()}:
        xref = doc.get_new_xref()
        doc.update_object(xref, "<<>>")
        doc.update_stream(xref, cmap, compress=True)
        doc.xref_set_key(font, "ToUnicode", f"{xref} 0 R")
    return doc.tobytes()


def page_listed_twice(doc: pymupdf.Document) -> bytes:
    """The first page object listed again at the end of the root's /Kids, /Count to match."""
    root = int(doc.xref_get_key(doc.pdf_catalog(), "Pages")[1].split()[0])
    kids = [doc[i].xref for i in range(doc.page_count)] + [doc[0].xref]
    doc.xref_set_key(root, "Kids", "[" + " ".join(f"{k} 0 R" for k in kids) + "]")
    doc.xref_set_key(root, "Count", str(len(kids)))
    return doc.tobytes(garbage=0)


def wrong_count(doc: pymupdf.Document, count: int) -> bytes:
    root = int(doc.xref_get_key(doc.pdf_catalog(), "Pages")[1].split()[0])
    doc.xref_set_key(root, "Count", str(count))
    return doc.tobytes(garbage=0)


def giant_image_pdf(side: int = 20_000) -> bytes:
    """One page covered by a `side` x `side` px flat grey image: a deflated stream of a
    few hundred KiB that decodes to side^2 bytes."""
    z = zlib.compressobj(9)
    row = b"\x80" * side
    data = b"".join(z.compress(row) for _ in range(side)) + z.flush()
    doc = pymupdf.open()
    page = doc.new_page()
    image = doc.get_new_xref()
    doc.update_object(image, f"<< /Type /XObject /Subtype /Image /Width {side} /Height {side} "
                             "/ColorSpace /DeviceGray /BitsPerComponent 8 >>")
    doc.update_stream(image, data, compress=False)
    doc.xref_set_key(image, "Filter", "/FlateDecode")
    doc.xref_set_key(page.xref, "Resources", f"<< /XObject << /Im0 {image} 0 R >> >>")
    content = doc.get_new_xref()
    doc.update_object(content, "<<>>")
    doc.update_stream(content, b"q 500 0 0 600 56 96 cm /Im0 Do Q")
    doc.xref_set_key(page.xref, "Contents", f"{content} 0 R")
    return doc.tobytes()


def garbled_pdf(pages: int) -> bytes:
    """`pages` pages whose text layer reads as symbols wedged between letters (a font
    read through the wrong encoding): OCR's work."""
    doc = pymupdf.open()
    for _ in range(pages):
        page = doc.new_page()
        for j in range(12):
            page.insert_text((72, 80 + 20 * j), "Wrong\u00a7encoding\u00b6text\u00a7here\u00b6today",
                             fontsize=14, fontname="helv")
    return doc.tobytes()
