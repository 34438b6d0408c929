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


def _raised(page, x, y, text, font="tiro", size=7.0) -> float:
    page.insert_text((x, y - 4), text, fontname=font, fontsize=size)
    return x + pymupdf.get_text_length(text, fontname=font, fontsize=size)


def test_author_names_with_affiliation_marks_are_prose():
    def draw(page):
        page.insert_text((200, 80), "A Study of Engines", fontname="tibo", fontsize=18)
        x, y = 150.0, 110.0
        # base-14 fonts have no dagger: ASCII marks, as plain-text author lines use them
        for name, mark, font in (("Ada Lovelace", "*", "tiro"), ("Alan Turing", "*+", "tiro"),
                                 ("Grace Hopper", "1,2", "tiro")):
            page.insert_text((x, y), name, fontname="tiro", fontsize=11)
            x = _raised(page, x + pymupdf.get_text_length(name, fontname="tiro", fontsize=11), y,
                        mark, font)
            page.insert_text((x, y), ",", fontname="tiro", fontsize=11)
            x += 12
        page.insert_textbox(pymupdf.Rect(72, 140, 540, 300), FILLER * 3, fontname="tiro",
                            fontsize=11)
        page.insert_text((72, 330), "The energy grows as x", fontname="tiit", fontsize=11)
        _raised(page, 72 + pymupdf.get_text_length("The energy grows as x", fontname="tiit",
                                                   fontsize=11), 330, "2")
    doc = layoutpdf.parse(_pdf(draw))
    authors = next(e for e in doc.elements if "Lovelace" in e.text)
    assert "$" not in authors.text and "\\mathrm" not in authors.text, authors.text
    for name in ("Ada Lovelace", "Alan Turing", "Grace Hopper"):
        assert name in authors.text
    formula = next(e for e in doc.elements if "energy grows" in e.text)
    assert "^{2}" in formula.text, formula.text          # a real superscript stays math
