"""Small PDFs made with PyMuPDF for the reliability tests (errors, limits, fuzzing, files).

No tests here: helpers imported by test_errors*.py, test_limits.py, test_fuzz.py and
test_determinism.py. Every sentence is distinct so a test can find each one in the output.
"""
from __future__ import annotations

import os
from pathlib import Path

import pymupdf
from fixtures.corpus import SENTENCES as FIXTURE_SENTENCES

CORPUS = Path(os.environ.get("LAYOUTPDF_CORPUS", "/work/shared/corpus/real"))

SENTENCES = FIXTURE_SENTENCES[:18]   # distinct, so each can be found in the output


def page_sentences(page: int, per_page: int = 3) -> list[str]:
    """The sentences `text_pdf` puts on a page (wrapping around the pool)."""
    return [SENTENCES[(page * per_page + k) % len(SENTENCES)] for k in range(per_page)]


def text_pdf(n_pages: int = 3, *, per_page: int = 3, metadata: dict | None = None,
             width: float = 595, height: float = 842) -> bytes:
    """A plain single-column PDF: `per_page` one-sentence paragraphs on each page."""
    doc = pymupdf.open()
    for p in range(n_pages):
        page = doc.new_page(width=width, height=height)
        y = 72
        for sentence in page_sentences(p, per_page):
            rect = pymupdf.Rect(72, y, width - 72, y + 60)
            page.insert_textbox(rect, sentence, fontsize=11, fontname="helv")
            y += 70
    if metadata:
        doc.set_metadata(metadata)
    data = doc.tobytes()
    doc.close()
    return data


def encrypted_pdf(data: bytes, *, user_pw: str = "", owner_pw: str = "owner-secret",
                  method: int = pymupdf.PDF_ENCRYPT_AES_256) -> bytes:
    """`data` encrypted; user_pw="" makes an owner-password-only (restrictions) PDF."""
    doc = pymupdf.open(stream=data, filetype="pdf")
    perms = pymupdf.PDF_PERM_ACCESSIBILITY  # no print, no copy: typical "protected" PDF
    out = doc.tobytes(encryption=method, user_pw=user_pw, owner_pw=owner_pw, permissions=perms)
    doc.close()
    return out


def active_content_pdf() -> bytes:
    """Text plus things a PDF can ask a viewer to *do*: a document-open JavaScript action,
    a JavaScript link, a Launch link, a URI link, an embedded file and a file attachment."""
    doc = pymupdf.open(stream=text_pdf(1), filetype="pdf")
    page = doc[0]
    page.insert_link({"kind": pymupdf.LINK_URI, "from": pymupdf.Rect(72, 72, 300, 90),
                      "uri": "http://127.0.0.1:9/should-never-be-fetched"})
    page.insert_link({"kind": pymupdf.LINK_LAUNCH, "from": pymupdf.Rect(72, 142, 300, 160),
                      "file": "/bin/sh"})
    doc.embfile_add("../../evil.sh", b"#!/bin/sh\necho pwned > /tmp/layoutpdf-pwned\n",
                    filename="../../evil.sh", desc="must never be extracted")
    page.add_file_annot(pymupdf.Point(500, 80), b"attached payload", "/etc/../evil.txt")
    catalog = doc.pdf_catalog()
    js = doc.get_new_xref()
    doc.update_object(js, "<< /Type /Action /S /JavaScript /JS (app.alert\\('pwned'\\);) >>")
    doc.xref_set_key(catalog, "OpenAction", f"{js} 0 R")
    annot_js = doc.get_new_xref()
    doc.update_object(annot_js, "<< /Type /Annot /Subtype /Link /Rect [72 212 300 230] "
                      "/A << /S /JavaScript /JS (this.exportDataObject\\({cName: 'x'}\\);) >> >>")
    annots = doc.xref_get_key(page.xref, "Annots")
    if annots[0] == "array":
        doc.xref_set_key(page.xref, "Annots", annots[1][:-1] + f" {annot_js} 0 R]")
    data = doc.tobytes()
    doc.close()
    return data


def set_lines(page, x0: float, x1: float, y: float, words: list[str], size: float = 10,
              pitch: float = 12) -> float:
    """Set words as left-aligned lines (Times, "tiro") from baseline y between x0 and x1;
    returns the next baseline."""
    lines, line = [], []
    for w in words:
        if line and pymupdf.get_text_length(" ".join(line + [w]), "tiro", size) > x1 - x0:
            lines.append(line)
            line = []
        line.append(w)
    lines.append(line)
    for ln in lines:
        page.insert_text((x0, y), " ".join(ln), fontname="tiro", fontsize=size)
        y += pitch
    return y


def write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def _raw_content_pdf(ops: list[str], width: float, height: float, text: str = "") -> bytes:
    """A page whose content stream is `ops` (after an optional line of real text)."""
    doc = pymupdf.open()
    page = doc.new_page(width=width, height=height)
    page.insert_text((36, 36), text or "x", fontsize=10 if text else 1, fontname="helv")
    xref = page.get_contents()[0]
    stream = doc.xref_stream(xref).decode("latin-1") + "\n" + "\n".join(ops)
    doc.update_stream(xref, stream.encode("latin-1"))
    data = doc.tobytes(garbage=0, deflate=True)
    doc.close()
    return data


def dense_text_pdf(n_spans: int, width: float = 2000, height: float = 2000) -> bytes:
    """One page of `n_spans` tiny words `w0 w1 ...`, each its own span (colours alternate)."""
    ops, k, y = [], 0, 60
    while k < n_spans:
        for c in range(40):
            if k >= n_spans:
                break
            ops.append(f"BT /helv 3 Tf 0 0 {(k % 2) * 0.5} rg 1 0 0 1 {5 + c * 49} {height - y} Tm "
                       f"(w{k}) Tj ET")
            k += 1
        y += 4
        if y > height - 5:
            y = 60 + (k // 10000)
    return _raw_content_pdf(ops, width, height)


def many_paths_pdf(n_paths: int, width: float = 1200, height: float = 800,
                   text: str = "Sheet A-101 ground floor plan") -> bytes:
    """One page of `n_paths` short stroked lines (a CAD-like sheet) and one line of text."""
    import random
    rnd = random.Random(1)
    ops = ["0.2 w"]
    for _ in range(n_paths):
        x, y = rnd.uniform(0, width), rnd.uniform(0, height - 100)
        ops.append(f"{x:.1f} {y:.1f} m {x + rnd.uniform(-9, 9):.1f} {y + rnd.uniform(-9, 9):.1f} l S")
    return _raw_content_pdf(ops, width, height, text)


def figure_pdf(metadata: dict | None = None) -> bytes:
    """One page: three paragraphs, a raster figure with a 'Figure 1:' caption, three more."""
    doc = pymupdf.open()
    page = doc.new_page()
    y = 72
    for s in SENTENCES[:3]:
        page.insert_textbox(pymupdf.Rect(72, y, 523, y + 40), s, fontsize=11)
        y += 45
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 200, 120), False)
    pix.set_rect(pix.irect, (200, 30, 30))
    for x in range(0, 200, 10):
        pix.set_rect(pymupdf.IRect(x, 0, x + 5, 120), (30, 30, 200))
    page.insert_image(pymupdf.Rect(150, 250, 450, 430), pixmap=pix)
    page.insert_textbox(pymupdf.Rect(72, 440, 523, 480),
                        "Figure 1: Stripes of two colours used as a test image.", fontsize=10)
    y = 500
    for s in SENTENCES[3:6]:
        page.insert_textbox(pymupdf.Rect(72, y, 523, y + 40), s, fontsize=11)
        y += 45
    if metadata:
        doc.set_metadata(metadata)
    data = doc.tobytes()
    doc.close()
    return data
