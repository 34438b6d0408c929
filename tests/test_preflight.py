"""Pre-flight (extract/preflight.py): a page over a content limit is degraded or left out,
with an Issue, before MuPDF builds it; ordinary pages pass untouched."""
from __future__ import annotations

import time
import zlib
from pathlib import Path

import pymupdf
import pytest

import layoutpdf
from layoutpdf import Settings
from layoutpdf.extract import preflight
from layoutpdf.settings import LimitSettings

from test_errors_support import page_sentences, text_pdf

FIXTURES = Path(__file__).parent / "fixtures" / "pdfs"


def limits(**kw) -> Settings:
    return Settings().replace(limits=kw, ocr={"mode": "never"})


def codes(doc, page=None):
    return [i.code for i in doc.issues if page is None or i.page == page]


def _pdf_with(body: bytes, *, pages: int = 2, bomb_page: int = 1, deflated: bytes | None = None,
              forms: list[tuple[str, bytes]] = (), image: tuple[int, int] | None = None) -> bytes:
    """`text_pdf(pages)` with `body` appended to page `bomb_page`'s content (or `deflated`:
    a ready FlateDecode stream), optional Form XObjects /F0.. and an image /Im0."""
    doc = pymupdf.open(stream=text_pdf(pages), filetype="pdf")
    page = doc[bomb_page]
    page.insert_font(fontname="helv")
    names = []
    for name, form_body in forms:
        xref = doc.get_new_xref()
        doc.update_object(xref, "<< /Type /XObject /Subtype /Form /BBox [0 0 600 800] "
                                f"/Resources << /XObject << {' '.join(names)} >> >> >>")
        doc.update_stream(xref, form_body)
        names.append(f"/{name} {xref} 0 R")
    if image:
        xref = doc.get_new_xref()
        doc.update_object(xref, f"<< /Type /XObject /Subtype /Image /Width {image[0]} "
                                f"/Height {image[1]} /ColorSpace /DeviceRGB /BitsPerComponent 8 >>")
        doc.update_stream(xref, zlib.compress(b"\0" * 300), compress=False)
        doc.xref_set_key(xref, "Filter", "/FlateDecode")
        names.append(f"/Im0 {xref} 0 R")
    if names:
        kind, res = doc.xref_get_key(page.xref, "Resources")
        holder = int(res.split()[0]) if kind == "xref" else page.xref
        key = "XObject" if kind == "xref" else "Resources/XObject"
        doc.xref_set_key(holder, key, "<< " + " ".join(names) + " >>")
    xref = doc.get_new_xref()
    doc.update_object(xref, "<<>>")
    if deflated is not None:
        doc.update_stream(xref, deflated, compress=False)
        doc.xref_set_key(xref, "Filter", "/FlateDecode")
    else:
        doc.update_stream(xref, body)
    refs = page.get_contents() + [xref]
    doc.xref_set_key(page.xref, "Contents", "[" + " ".join(f"{x} 0 R" for x in refs) + "]")
    data = doc.tobytes()
    doc.close()
    return data


def _tiny_text_ops(n: int) -> bytes:
    return b"".join(b"BT /helv 1 Tf %d %d Td (a) Tj ET\n" % (k % 500, k // 500 % 700)
                    for k in range(n))


@pytest.fixture
def no_mupdf_text_on_page_1(monkeypatch):
    """Fails the test if MuPDF is asked to build page 2 (index 1)."""
    real = pymupdf.Page.get_textpage

    def guarded(self, *a, **k):
        assert self.number != 1, "MuPDF built the page the pre-flight should have refused"
        return real(self, *a, **k)
    monkeypatch.setattr(pymupdf.Page, "get_textpage", guarded)


def test_content_bomb_is_not_read_and_says_why(no_mupdf_text_on_page_1):
    data = _pdf_with(_tiny_text_ops(20_000))
    doc = layoutpdf.parse(data, limits(max_text_operators_per_page=5_000))
    [issue] = [i for i in doc.issues if i.code == "page_too_complex"]
    assert issue.page == 1 and "text-showing operators" in issue.message
    assert doc.pages[1].fallback and not doc.pages[1].lines
    md = doc.to_markdown()
    assert all(s in md for s in page_sentences(0))          # the other page is whole


def test_token_limit(no_mupdf_text_on_page_1):
    data = _pdf_with(b"q Q " * 100_000)
    doc = layoutpdf.parse(data, limits(max_content_tokens_per_page=50_000))
    [issue] = [i for i in doc.issues if i.code == "page_too_complex"]
    assert "max_content_tokens_per_page=50,000" in issue.message


def test_decompression_bomb_stops_at_the_byte_cap():
    bomb = zlib.compress(b" " * 200_000_000, 9)                # 200 MB of spaces, ~200 KB
    data = _pdf_with(b"", deflated=bomb)
    started = time.perf_counter()
    doc = layoutpdf.parse(data, limits(max_content_bytes_per_page=8_000_000))
    assert time.perf_counter() - started < 20
    [issue] = [i for i in doc.issues if i.code == "page_too_complex"]
    assert issue.page == 1 and "inflate to more than" in issue.message
    with pymupdf.open(stream=data) as pdf:                   # the check itself is bounded
        started = time.perf_counter()
        v = preflight.check_page(pdf, pdf[1], 1, LimitSettings(max_content_bytes_per_page=8_000_000))
        assert not v.read and time.perf_counter() - started < 2


def test_forms_count_once_per_use(no_mupdf_text_on_page_1):
    leaf = b"BT /helv 4 Tf 10 10 Td (x) Tj ET\n" * 10
    fan = b"".join(b"q 1 0 0 1 %d 0 cm /F0 Do Q\n" % k for k in range(30))
    top = b"".join(b"q 1 0 0 1 0 %d cm /F1 Do Q\n" % k for k in range(30))
    data = _pdf_with(b"/F2 Do", forms=[("F0", leaf), ("F1", fan), ("F2", top)])
    with pymupdf.open(stream=data) as pdf:
        own, cost = (preflight._page_cost(pdf, p, preflight._xobjects(pdf, p.xref, True), 10**9)
                     for p in (pdf[0], pdf[1]))        # page 1 is page 0 plus the forms
    assert cost.text_ops - own.text_ops == 30 * 30 * 10
    assert cost.draws == {"F2": 1, "F1": 30, "F0": 900}
    doc = layoutpdf.parse(data, limits(max_text_operators_per_page=5_000))   # 9,000 drawn
    [issue] = [i for i in doc.issues if i.code == "page_too_complex"]
    assert "Form XObjects counted per use" in issue.message


def test_recursive_form_is_counted_once():
    loop = b"0 0 m 5 5 l S /F0 Do /F0 Do"
    data = _pdf_with(b"/F0 Do", forms=[("F0", loop)])
    with pymupdf.open(stream=data) as pdf:      # F0's own resources name itself: a cycle
        xref = [x for x in range(1, pdf.xref_length()) if pdf.xref_get_key(x, "Subtype")[1] == "/Form"][0]
        pdf.xref_set_key(xref, "Resources/XObject", f"<< /F0 {xref} 0 R >>")
        data = pdf.tobytes()
    doc = layoutpdf.parse(data, limits())
    assert "page_too_complex" not in codes(doc)
    assert all(s in doc.to_markdown() for s in page_sentences(1))


def test_text_flood_becomes_plain_text_blocks_with_its_text():
    words = " ".join(f"flood{k}" for k in range(40))             # ~350 pt wide at 2 pt
    body = b"".join(b"BT /helv 2 Tf 20 %d Td (%s) Tj ET\n" % (20 + 3 * k, words.encode())
                    for k in range(250))
    data = _pdf_with(body)
    doc = layoutpdf.parse(data, limits(max_text_bytes_per_page=50_000))   # ~70 KB here
    [issue] = [i for i in doc.issues if i.code == "too_much_text"]
    assert issue.page == 1 and "plain text" in issue.message
    page = doc.pages[1]
    assert page.fallback and page.lines and page.table_candidates == () and not page.drawings
    md = doc.to_markdown()
    assert "flood0" in md and "flood39" in md
    assert all(s in md for s in page_sentences(0))


def test_huge_declared_image_is_not_rendered(monkeypatch):
    rendered = []
    real = pymupdf.Page.get_pixmap
    monkeypatch.setattr(pymupdf.Page, "get_pixmap",
                        lambda self, *a, **k: rendered.append(self.number) or real(self, *a, **k))
    data = _pdf_with(b"q 100 0 0 100 50 50 cm /Im0 Do Q", image=(100_000, 100_000))
    doc = layoutpdf.parse(data, Settings().replace(ocr={"mode": "always"}))
    [issue] = [i for i in doc.issues if i.code == "image_too_large"]
    assert issue.page == 1 and "100,000 x 100,000" in issue.message
    assert 1 not in rendered and all(s in doc.to_markdown() for s in page_sentences(1))


def test_many_paths_skip_drawings_but_keep_text():
    body = b"".join(b"%d %d 1 1 re f\n" % (k % 500, k // 500 % 700) for k in range(60_000))
    data = _pdf_with(body)
    doc = layoutpdf.parse(data, limits(max_drawings_per_page=1_000))   # room for > 4,000
    issues = [i for i in doc.issues if i.code == "too_many_drawings" and i.page == 1]
    assert issues and "content tokens" in issues[0].message
    assert not doc.pages[1].drawings
    assert all(s in doc.to_markdown() for s in page_sentences(1))


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.pdf"))[:40], ids=lambda p: p.name)
def test_ordinary_pages_pass_untouched(path):
    with pymupdf.open(path) as pdf:
        for i, page in enumerate(pdf):
            v = preflight.check_page(pdf, page, i, LimitSettings())
            assert v.read and not v.plain_text and v.drawings and v.render and not v.issues


# -- the page tree, checked when the document is opened -------------------------------------
def _tree_pdf(kind: str, depth: int = 0) -> bytes:
    """text_pdf(2) whose page 1 hangs under `depth` nested /Pages nodes ("deep"), or whose
    root lists itself among its kids ("cycle"), or lists page 1 three times ("repeat")."""
    doc = pymupdf.open(stream=text_pdf(2), filetype="pdf")
    root = int(doc.xref_get_key(doc.pdf_catalog(), "Pages")[1].split()[0])
    first, second = doc[0].xref, doc[1].xref
    if kind == "cycle":
        doc.update_object(root, f"<< /Type /Pages /Kids [{first} 0 R {root} 0 R] /Count 2 >>")
    elif kind == "repeat":
        doc.update_object(root, f"<< /Type /Pages /Kids [{first} 0 R {first} 0 R {first} 0 R] "
                                f"/Count 3 >>")
    else:
        parent = root
        nodes = [doc.get_new_xref() for _ in range(depth)]
        for k, node in enumerate(nodes):
            kid = nodes[k + 1] if k + 1 < depth else first
            doc.update_object(node, f"<< /Type /Pages /Kids [{kid} 0 R] /Count 1 "
                                    f"/Parent {parent} 0 R >>")
            parent = node
        doc.xref_set_key(first, "Parent", f"{nodes[-1]} 0 R")
        doc.update_object(root, f"<< /Type /Pages /Kids [{nodes[0]} 0 R {second} 0 R] /Count 2 >>")
    data = doc.tobytes()
    doc.close()
    return data


def test_a_page_tree_too_deep_is_refused_before_any_page_loads():
    data = _tree_pdf("deep", preflight.MAX_PAGE_TREE_DEPTH + 5)
    with pymupdf.open(stream=data, filetype="pdf") as doc:
        assert "levels deep" in preflight.page_tree_problem(doc)
    with pytest.raises(layoutpdf.CorruptPDFError, match="page tree is more than 256 levels deep"):
        layoutpdf.parse(data)


def test_a_page_tree_that_loops_is_refused():
    with pytest.raises(layoutpdf.CorruptPDFError, match="loops back on itself"):
        layoutpdf.parse(_tree_pdf("cycle"))


def test_ordinary_nesting_and_a_page_listed_twice_pass():
    for data in (_tree_pdf("deep", 12), _tree_pdf("repeat")):
        with pymupdf.open(stream=data, filetype="pdf") as doc:
            assert preflight.page_tree_problem(doc) is None
        assert layoutpdf.parse(data, limits()).to_markdown().strip()


def test_a_large_stream_of_paths_is_not_taken_for_text():
    # ~100 KB of path operators and one short string: the stream's size bounds its text
    # over the limit, its strings (measured then) do not reach it
    body = b"".join(b"%d %d 1 1 re f\n" % (k % 500, k // 500 % 700) for k in range(8_000))
    body += b"BT /helv 9 Tf 20 700 Td (a short line) Tj ET\n"
    doc = layoutpdf.parse(_pdf_with(body), limits(max_text_bytes_per_page=50_000))
    assert len(body) > 2 * 50_000 and "too_much_text" not in codes(doc, 1)
    assert doc.pages[1].drawings and "a short line" in doc.to_markdown()
    flood = b"BT /helv 2 Tf 20 20 Td (" + b"x" * 60_000 + b") Tj ET\n"
    assert "too_much_text" in codes(layoutpdf.parse(_pdf_with(body + flood),
                                                    limits(max_text_bytes_per_page=50_000)), 1)


def _pages_sharing_resources() -> bytes:
    """Pages 0-2 name one image through one resource dictionary (an indirect object, as
    in filings); page 3 has its own resources with another image."""
    doc = pymupdf.open()
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 4, 4), False)
    for _ in range(4):
        doc.new_page()
    doc[0].insert_image(pymupdf.Rect(50, 50, 90, 90), pixmap=pix)
    doc[3].insert_image(pymupdf.Rect(50, 50, 90, 90), pixmap=pix)
    image = doc[0].get_images()[0][0]
    shared = doc.get_new_xref()
    doc.update_object(shared, f"<< /XObject << /Im1 {image} 0 R >> >>")
    for i in range(3):
        doc.xref_set_key(doc[i].xref, "Resources", f"{shared} 0 R")
    return doc.tobytes()


def test_pages_sharing_resources_list_their_images_once(monkeypatch):
    """MuPDF lists a page's images from its resource dictionary: pages holding the same
    one are listed once per document (a filing's pages share one naming every image)."""
    doc = pymupdf.open("pdf", _pages_sharing_resources())
    asked = []
    real = pymupdf.Page.get_images
    monkeypatch.setattr(pymupdf.Page, "get_images",
                        lambda self, *a, **k: asked.append(self.number) or real(self, *a, **k))
    verdicts = [preflight.check_page(doc, doc[i], i, LimitSettings()) for i in range(4)]
    assert [v.has_images for v in verdicts] == [True] * 4
    assert asked == [0, 3]
