"""Prose that looks like math to a glyph screen but is not: web addresses (their = _ %
/ ~ are not operators) and list bullets set in a Symbol font."""
from __future__ import annotations

import pymupdf

import layoutpdf
from layoutpdf.model import Role

URL = "https://data.example.org/query?id=42&set_name=v2%20final"
FILLER = ("The survey results were published by the agency in the spring and are still the "
          "most complete record of the season.")


def _pdf(draw) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    draw(page)
    return doc.tobytes()


def test_web_address_in_prose_is_not_math():
    def draw(page):
        page.insert_textbox(pymupdf.Rect(72, 72, 540, 200), FILLER, fontname="tiro", fontsize=11)
        page.insert_text((72, 130), f"The table is at {URL} and x = 3 holds there.",
                         fontname="tiro", fontsize=11)
    doc = layoutpdf.parse(_pdf(draw))
    para = next(e for e in doc.elements if "table is at" in e.text)
    assert URL in para.text.replace("\\", "")
    assert "$" not in para.text.split("holds")[0].split("x =")[0], para.text
    eq_texts = [q.latex for q in doc.equations]
    assert not any("set" in t or "query" in t for t in eq_texts), eq_texts


def test_symbol_font_bullets_are_list_marks_not_math():
    items = ["Install the updated flight control software.",
             "Run the sensor system test before the first flight.",
             "Record the results in the maintenance log."]

    def draw(page):
        page.insert_textbox(pymupdf.Rect(72, 72, 540, 120), FILLER, fontname="tiro", fontsize=11)
        y = 140
        for text in items:
            page.insert_text((80, y), "\u2022", fontname="symb", fontsize=11)
            page.insert_text((92, y), text, fontname="tiro", fontsize=11)
            y += 16
    pdf = _pdf(draw)
    with pymupdf.open(stream=pdf) as check:     # the bullets really are in the Symbol font
        fonts = {s["font"] for b in check[0].get_text("dict")["blocks"] for ln in b["lines"]
                 for s in ln["spans"] if s["text"].strip() in ("\u2022", "\u00b7")}
    assert fonts and all("Symbol" in f for f in fonts)
    doc = layoutpdf.parse(pdf)
    md = doc.to_markdown()
    assert "\\bullet" not in md and "\\cdot" not in md
    listed = [e for e in doc.elements if e.role is Role.LIST_ITEM]
    assert [e.text.lstrip("\u2022\u00b7 ") for e in listed] == items
