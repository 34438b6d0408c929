"""Pages holding one shared resource dictionary (an indirect object, as a filing's pages
do) have their fonts listed once per document (issue 39 speed): MuPDF lists a page's
fonts from that dictionary, so the list is the same for each of them."""
from __future__ import annotations

import pymupdf

from layoutpdf.extract.font_cmap import repair_tounicode
from layoutpdf.extract.page_resources import page_fonts, page_images


def _pages_sharing_fonts() -> pymupdf.Document:
    """Pages 0-2 name Helvetica through one resource dictionary; page 3 has its own."""
    doc = pymupdf.open()
    for _ in range(4):
        doc.new_page()
    doc[0].insert_text((72, 72), "shared", fontname="helv")
    doc[3].insert_text((72, 72), "own", fontname="tiro")
    font = doc[0].get_fonts()[0][0]
    shared = doc.get_new_xref()
    doc.update_object(shared, f"<< /Font << /F1 {font} 0 R >> >>")
    for i in range(3):
        doc.xref_set_key(doc[i].xref, "Resources", f"{shared} 0 R")
    return pymupdf.open("pdf", doc.tobytes())


def test_fonts_of_a_shared_resource_dictionary_are_listed_once(monkeypatch):
    doc = _pages_sharing_fonts()
    expected = [doc[i].get_fonts() for i in range(4)]
    asked = []
    real = pymupdf.Page.get_fonts
    monkeypatch.setattr(pymupdf.Page, "get_fonts",
                        lambda self, *a, **k: asked.append(self.number) or real(self, *a, **k))
    for i in range(4):
        repair_tounicode(doc[i])
    assert asked == [0, 3]
    assert [page_fonts(doc, doc[i]) for i in range(4)] == expected
    assert asked == [0, 3]
    assert [page_images(doc, doc[i]) for i in range(4)] == [[]] * 4
