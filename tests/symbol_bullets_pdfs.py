"""A word processor's page with list bullets and check boxes from symbol fonts.

Word sets a list's bullet in the Symbol font (code 0xB7) and a cover page's check boxes in
Wingdings; the fonts are symbol-encoded, so the text layer reports each glyph by a
private-use code point (U+F000 + code: the bullet reads U+F0B7). A producer that embeds
the font under a made-up name ('F4') leaves no name to read the code by. Found on two
real 10-Ks (Best Buy 2023: SymbolMT and Wingdings; General Mills 2020: SymbolMT and F4),
where each bullet came out as inline maths (`$\\uf0b7$`), and the items of a list ran
together as one paragraph.

`write(path)` draws one page: the bullet glyphs come from an embedded font whose
/BaseFont is renamed and whose ToUnicode map sends the glyph to the private-use code,
as the producers' maps do; the item text is Helvetica.
"""
from __future__ import annotations

import pymupdf

from tounicode_pdfs import tounicode_cmap

INTRO = ("We are creating a more inclusive future, both inside our company and in our "
         "communities, and we are pleased to report the following achievements:")
SYMBOL_ITEMS = (
    ("filled 37% of new, salaried corporate positions with diverse employees, compared",
     "to our goal to fill one of three positions; and"),
    ("filled 25% of new, salaried field positions with female employees, compared to",
     "our goal to fill one of three positions."),
)
MIDDLE = "We made the following enhancements to our training and development program:"
WINGDINGS_ITEMS = (("expanded our leadership development program to all field leaders;",),
                   ("launched a digital learning platform for every store employee.",))
UNNAMED_ITEMS = (("we do not expect to pay dividends on the preferred shares;",),
                 ("the trustee may resign at any time by written notice.",))
# a product list set solid (single spacing: each line's box touches the next's), items
# ending in ';' and no full stop; an unnamed font's bullets (General Mills 2020)
SOLID_ITEMS = (("snacks, including grain, fruit and savory snacks, and nutrition bars;",),
               ("ready-to-eat cereal;",), ("yogurt;",), ("super-premium ice cream;",),
               ("baking mixes and ingredients; and",), ("refrigerated and frozen dough.",))
SOLID_PITCH = 11.5
CHECK_LINE = ("Indicate by check mark whether the registrant is a shell company.", "Yes",
              "No")
FILER_LINE = ("Large accelerated filer", "Accelerated filer")

# (font key, /BaseFont it is renamed to, glyph drawn, private-use code its map names,
# the base-14 font whose glyph is drawn: one font file each, so each is its own font)
FONTS = {"SY": ("SymbolMT", "o", "F0B7", "tiro"),            # Symbol's bullet, code 0xB7
         "WD": ("Wingdings-Regular", "n", "F0A7", "tiit"),   # Wingdings' small square
         "WX": ("Wingdings-Regular", "x", "F078", "tibo"),   # Wingdings' boxed X
         "WB": ("Wingdings-Regular", "b", "F0A8", "tibi"),   # Wingdings' empty box
         "F4": ("F4", "o", "F0B7", "cour"),                  # a name with no encoding
         # Wingdings whose map reports the codes as Latin-1 characters (Nike 2019)
         "WT": ("Wingdings", "t", "00FE", "cobo"),           # the ticked box, 0xFE
         "WE": ("Wingdings", "e", "00A8", "coit"),           # the empty box, 0xA8
         # the same two boxes drawn from proportional faces, for the table of boxes
         "WU": ("Wingdings", "t", "00FE", "heit"),
         "WF": ("Wingdings", "e", "00A8", "hebi"),
         # a bullet font whose box reaches above the text's (Times): the bullet is the
         # first line of its item, at the item's left edge
         "FB": ("F5", "o", "F0B7", "hebo")}

SIZE, PITCH, LEFT, BULLET_X, TEXT_X = 10, 12.5, 54, 60, 78
RAISED = 0.6     # em: the filer-status boxes stand raised beside their labels (Nike 2019)


def _bullet(page, fontkey: str, y: float, x: float = BULLET_X) -> None:
    page.insert_text((x, y), FONTS[fontkey][1], fontname=fontkey, fontsize=SIZE)


def _items(page, items, fontkey: str, y: float, pitch: float = PITCH, space: float = 3,
           face: str = "helv") -> float:
    for lines in items:
        _bullet(page, fontkey, y)
        for text in lines:
            page.insert_text((TEXT_X, y), text, fontname=face, fontsize=SIZE)
            y += pitch
        y += space
    return y + PITCH


def _rename_fonts(doc: pymupdf.Document, buffers: dict[str, pymupdf.Font]) -> None:
    """Each inserted Type0 font takes the /BaseFont of its key and a ToUnicode map that
    sends its one glyph to the private-use code."""
    for xref in range(1, doc.xref_length()):
        if doc.xref_get_key(xref, "Subtype")[1] != "/Type0":
            continue
        desc = doc.xref_get_key(xref, "DescendantFonts")[1]
        desc_xref = int(desc.strip("[]").split()[0])
        key = _key_of(doc, xref, buffers)
        basefont, ch, code, _ = FONTS[key]
        doc.xref_set_key(xref, "BaseFont", f"/ABCDEF+{basefont}")
        doc.xref_set_key(desc_xref, "BaseFont", f"/ABCDEF+{basefont}")
        tu = doc.xref_get_key(xref, "ToUnicode")[1]
        doc.update_stream(int(tu.split()[0]),
                          tounicode_cmap([(buffers[key].has_glyph(ord(ch)), code)]))


def _key_of(doc: pymupdf.Document, xref: int, buffers: dict[str, pymupdf.Font]) -> str:
    """The key a font was inserted under (the page's font list names it)."""
    for page in doc:
        for item in page.get_fonts(full=True):
            if item[0] == xref and item[4] in buffers:
                return item[4]
    raise LookupError(xref)


def write(path) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    buffers = {}
    for key in FONTS:
        font = pymupdf.Font(FONTS[key][3])
        page.insert_font(fontname=key, fontbuffer=font.buffer)
        buffers[key] = font
    y = 90.0
    cut = INTRO.rindex(" ", 0, 80)
    page.insert_text((LEFT, y), INTRO[:cut], fontname="helv", fontsize=SIZE)
    page.insert_text((LEFT, y + PITCH), INTRO[cut + 1:], fontname="helv", fontsize=SIZE)
    y = _items(page, SYMBOL_ITEMS, "SY", y + 2.6 * PITCH)
    page.insert_text((LEFT, y), MIDDLE, fontname="helv", fontsize=SIZE)
    y = _items(page, WINGDINGS_ITEMS, "WD", y + 1.6 * PITCH)
    page.insert_text((LEFT, y), MIDDLE.replace("enhancements", "commitments"),
                     fontname="helv", fontsize=SIZE)
    y = _items(page, UNNAMED_ITEMS, "F4", y + 1.6 * PITCH)
    y += 0.6 * PITCH
    page.insert_text((LEFT, y), "Our principal product categories are:", fontname="helv",
                     fontsize=SIZE)
    y = _items(page, SOLID_ITEMS, "FB", y + 1.6 * PITCH, SOLID_PITCH, 0, "tiro")
    text, yes, no = CHECK_LINE
    y += 0.6 * PITCH
    page.insert_text((LEFT, y), text, fontname="helv", fontsize=SIZE)
    x = LEFT + pymupdf.get_text_length(text + "  ", "helv", SIZE)
    page.insert_text((x, y), yes, fontname="helv", fontsize=SIZE)
    x += pymupdf.get_text_length(yes + " ", "helv", SIZE)
    _bullet(page, "WX", y, x)
    x += 6
    page.insert_text((x, y), " " + no, fontname="helv", fontsize=SIZE)
    x += pymupdf.get_text_length(" " + no + " ", "helv", SIZE)
    _bullet(page, "WB", y, x)
    y += 2.6 * PITCH
    x = LEFT
    for label, box in zip(FILER_LINE, ("WT", "WE")):
        page.insert_text((x, y), label + " ", fontname="helv", fontsize=SIZE)
        x += pymupdf.get_text_length(label + " ", "helv", SIZE)
        _bullet(page, box, y - RAISED * SIZE, x)
        x += 3 * SIZE
    _rename_fonts(doc, buffers)
    doc.save(str(path))


# a cover page's questions answered in columns of check boxes (Nike 2019): a table
CHECK_ROWS = (("if the registrant is a well-known seasoned issuer.", ("WU", "WF")),
              ("if the registrant is not required to file reports.", ("WF", "WU")),
              ("whether the registrant has filed all reports required.", ("WU", "WF")),
              ("whether the registrant has submitted every Interactive Data File.", ("WU", "WF")),
              ("whether the registrant is a shell company.", ("WF", "WU")))
CHECK_COLUMNS = (470.0, 530.0)      # the YES and NO columns' left edges


def write_check_table(path) -> None:
    """Questions with their YES / NO boxes set in two columns of Wingdings boxes, the
    codes reported as Latin-1 letters (0xFE ticked, 0xA8 empty), each row ruled under
    cell by cell as a filing's converter rules it."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    buffers = {}
    for key in ("WU", "WF"):
        font = pymupdf.Font(FONTS[key][3])
        page.insert_font(fontname=key, fontbuffer=font.buffer)
        buffers[key] = font
    y = 90.0
    page.insert_text((LEFT, y), "Indicate by check mark:", fontname="helv", fontsize=SIZE)
    for x, head in zip(CHECK_COLUMNS, ("YES", "NO")):
        page.insert_text((x, y), head, fontname="hebo", fontsize=SIZE)
    for text, boxes in CHECK_ROWS:
        y += 1.6 * PITCH
        page.insert_text((LEFT, y), text, fontname="helv", fontsize=SIZE)
        for x, box in zip(CHECK_COLUMNS, boxes):
            _bullet(page, box, y, x + 4)
        for a, b in ((LEFT, CHECK_COLUMNS[0] - 6), (CHECK_COLUMNS[0], CHECK_COLUMNS[1] - 6),
                     (CHECK_COLUMNS[1], CHECK_COLUMNS[1] + 40)):
            page.draw_line((a, y + 4), (b, y + 4), width=0.5)
    _rename_fonts(doc, buffers)
    doc.save(str(path))


if __name__ == "__main__":
    import sys
    write(sys.argv[1] if len(sys.argv) > 1 else "symbol_bullets.pdf")
    write_check_table(sys.argv[2] if len(sys.argv) > 2 else "check_table.pdf")
