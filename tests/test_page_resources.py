"""Pages holding one shared resource dictionary (an indirect object, as a filing's pages
do) have their fonts listed once per document (issue 39 speed): MuPDF lists a page's
fonts from that dictionary, so the list is the same for each of them."""
from __future__ import annotations

import pymupdf

from layoutpdf.extract.font_cmap import repair_tounicode
from layoutpdf.extract.font_encoding import _page_recodes
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
        _page_recodes(doc[i])
    assert asked == [0, 3]
    assert [page_fonts(doc, doc[i]) for i in range(4)] == expected
    assert asked == [0, 3]
    assert [page_images(doc, doc[i]) for i in range(4)] == [[]] * 4


_PROSE = ("The pages of a filing share one resource dictionary naming every image of the "
          "document, while most of its pages draw none of them. ")


def _filing_like() -> bytes:
    """Pages 0-2 hold one shared resource dictionary naming an image and a font: page 0
    draws the image by name, page 1 draws none, page 2 an inline image."""
    doc = pymupdf.open()
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 4, 4), False)
    for i in range(3):
        page = doc.new_page()
        for k in range(4):
            page.insert_text((40, 60 + 14 * k), _PROSE[:90] if k % 2 else _PROSE[90:], fontname="helv",
                             fontsize=9)
    doc[0].insert_image(pymupdf.Rect(300, 300, 340, 340), pixmap=pix)
    image, name = doc[0].get_images(full=True)[0][0], doc[0].get_images(full=True)[0][7]
    font = doc[0].get_fonts(full=True)[0]
    shared = doc.get_new_xref()
    doc.update_object(shared, f"<< /Font << /{font[4]} {font[0]} 0 R >> "
                              f"/XObject << /{name} {image} 0 R >> >>")
    inline = doc.get_new_xref()
    doc.update_object(inline, "<< >>")
    doc.update_stream(inline, b"q 20 0 0 20 300 400 cm BI /W 1 /H 1 /CS /G /BPC 8 ID \xff EI Q")
    doc.xref_set_key(doc[2].xref, "Contents",
                     "[" + " ".join(f"{x} 0 R" for x in doc[2].get_contents()) + f" {inline} 0 R]")
    for i in range(3):
        doc.xref_set_key(doc[i].xref, "Resources", f"{shared} 0 R")
    return doc.tobytes()


def test_pages_drawing_no_image_are_not_run_for_images(monkeypatch):
    """A page whose content draws no image (no Do, no inline image) while its shared
    resources name images is not run through MuPDF's image device: it has no placement.
    The pages drawing one, by name or inline, keep theirs."""
    import layoutpdf

    data = _filing_like()
    expected = [len(p.get_image_info()) for p in pymupdf.open("pdf", data)]
    asked = []
    real = pymupdf.Page.get_image_info
    monkeypatch.setattr(pymupdf.Page, "get_image_info",
                        lambda self, *a, **k: asked.append(self.number) or real(self, *a, **k))
    doc = layoutpdf.parse(data)
    assert expected == [1, 0, 1]
    assert [len(p.images) for p in doc.pages] == expected
    assert asked == [0, 2]
