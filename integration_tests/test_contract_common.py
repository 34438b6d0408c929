"""Small PDFs the contract tests run both our classes and the upstream ones on (made here),
and a check that each is what its docstring says."""
from __future__ import annotations

import pymupdf

LOREM = ("The quick brown fox jumps over the lazy dog while the committee reviews "
         "the annual budget report and considers several alternative proposals. ")


def two_pages(path):
    """Each page holds one line, 'Page k Content', near the top (as upstream's fixture)."""
    doc = pymupdf.open()
    for k in (1, 2):
        page = doc.new_page(width=595, height=842)
        page.insert_text((250, 40), f"Page {k} Content", fontsize=12, fontname="helv")
    doc.save(str(path))
    return path


def paper(path, *, password: str | None = None):
    """Four pages: a title, a paragraph running onto page 2, an empty page 3, a page 4
    with one line; page labels i, ii, 1, 2; document info with padded strings."""
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 72), "A Study of Things", fontsize=18, fontname="hebo")
    box = pymupdf.Rect(72, 100, 540, 740)
    for n in range(40, 0, -1):
        if p.insert_textbox(box, "We study things. " + LOREM * n + "and the study",
                            fontsize=10, fontname="tiro") >= 0:
            break
    p2 = doc.new_page(width=612, height=792)
    p2.insert_textbox(pymupdf.Rect(72, 72, 540, 300), "goes on here and ends. " + LOREM * 2,
                      fontsize=10, fontname="tiro")
    doc.new_page(width=612, height=792)
    p4 = doc.new_page(width=612, height=792)
    p4.insert_text((72, 100), "Appendix: one closing remark.", fontsize=10, fontname="tiro")
    doc.set_page_labels([{"startpage": 0, "prefix": "", "style": "r", "firstpagenum": 1},
                         {"startpage": 2, "prefix": "", "style": "D", "firstpagenum": 1}])
    doc.set_metadata({"title": "  A Study of Things  ", "author": "Tester",
                      "creationDate": "D:20240301090000+00'00'"})
    if password:
        doc.save(str(path), encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw=password,
                 owner_pw=password + "-owner")
    else:
        doc.save(str(path))
    return path


def ruled_table(path):
    """One page: a sentence and a ruled 4 x 3 table."""
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_text((72, 80), "Table 1: Results of the runs.", fontsize=10, fontname="helv")
    rows = [("Name", "Runs", "Score"), ("alpha", "12", "0.91"), ("beta", "7", "0.85"),
            ("gamma", "30", "0.77")]
    x = [72, 220, 360, 500]
    y0 = 100
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            p.insert_text((x[c] + 6, y0 + 20 * r + 14), cell, fontsize=10, fontname="helv")
    for r in range(len(rows) + 1):
        p.draw_line((x[0], y0 + 20 * r), (x[-1], y0 + 20 * r))
    for c in x:
        p.draw_line((c, y0), (c, y0 + 20 * len(rows)))
    p.insert_textbox(pymupdf.Rect(72, 220, 540, 400), LOREM * 2, fontsize=10, fontname="tiro")
    doc.save(str(path))
    return path


def with_image(path):
    """One page: a paragraph, a raster image with a caption below."""
    doc = pymupdf.open()
    p = doc.new_page(width=612, height=792)
    p.insert_textbox(pymupdf.Rect(72, 72, 540, 200), LOREM * 3, fontsize=10, fontname="tiro")
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 120, 80), 0)
    pix.set_rect(pix.irect, (200, 40, 40))
    pix.set_rect(pymupdf.IRect(20, 20, 100, 60), (20, 120, 220))
    p.insert_image(pymupdf.Rect(150, 220, 450, 420), pixmap=pix)
    p.insert_text((150, 440), "Figure 1: A red and blue picture.", fontsize=9, fontname="helv")
    doc.save(str(path))
    return path


def test_the_contract_pdfs_are_what_they_say(tmp_path):
    with pymupdf.open(two_pages(tmp_path / "two.pdf")) as d:
        assert [p.get_text().strip() for p in d] == ["Page 1 Content", "Page 2 Content"]
    with pymupdf.open(paper(tmp_path / "paper.pdf")) as d:
        assert d.page_count == 4 and not d[2].get_text().strip()
        assert [p.get_label() for p in d] == ["i", "ii", "1", "2"]
    with pymupdf.open(paper(tmp_path / "locked.pdf", password="password")) as d:
        assert d.needs_pass and d.authenticate("password")
    with pymupdf.open(ruled_table(tmp_path / "table.pdf")) as d:
        assert len(d[0].find_tables().tables) == 1
    with pymupdf.open(with_image(tmp_path / "image.pdf")) as d:
        assert len(d[0].get_images()) == 1
