"""Caption labels in other languages (issue 36, item 5).

A caption label is a word of the document's language ('Abbildung 1.2:', 'Tabelle 1:',
'Рис. 3.', '図 2'), bound to its figure or table by the same geometry as 'Figure 3:'.
German lecture notes lost their captions to the body text and their figures went without
alt text, because the label words were English only.
"""
from __future__ import annotations

import pymupdf
import pytest

import layoutpdf
from layoutpdf.elements.captions import parse_label

W, H = 595, 842
BODY = ("Die Messreihe zeigt einen gleichmäßigen Verlauf über den gesamten Zeitraum, und das "
        "Verfahren bleibt unter den geprüften Bedingungen des Versuchs stabil. ") * 3
CAPTIONS = {
    "de": ("Abbildung 1.2: Verlauf der Messwerte über die Zeit.", "Tabelle 1: Ergebnisse der Messung."),
    "fr": ("Figure 1.2 : Évolution des mesures dans le temps.", "Tableau 1 : Résultats de la mesure."),
    "es": ("Figura 1.2: Evolución de las medidas en el tiempo.", "Tabla 1: Resultados de la medida."),
}


def _chart(page: pymupdf.Page, box: pymupdf.Rect) -> None:
    """A bar chart drawn with vector paths: axes and filled bars."""
    shape = page.new_shape()
    shape.draw_line(box.bl, box.br)
    shape.draw_line(box.bl, box.tl)
    shape.finish(color=(0, 0, 0), width=0.8)
    for k, height in enumerate((0.3, 0.55, 0.8, 0.45, 0.65)):
        x = box.x0 + 20 + k * 45
        shape.draw_rect(pymupdf.Rect(x, box.y1 - height * box.height, x + 28, box.y1))
        shape.finish(color=(0, 0, 0.4), fill=(0.4, 0.5, 0.8), width=0.5)
    shape.commit()


def _table(page: pymupdf.Page, x0: float, y0: float) -> float:
    """A ruled 3 x 4 table; returns its bottom."""
    rows = (("Probe", "Wert", "Fehler"), ("A", "1,25", "0,03"), ("B", "2,50", "0,05"),
            ("C", "3,75", "0,04"))
    widths, h = (120, 90, 90), 18
    shape = page.new_shape()
    for r, row in enumerate(rows):
        x = x0
        for c, cell in enumerate(row):
            shape.draw_rect(pymupdf.Rect(x, y0 + r * h, x + widths[c], y0 + (r + 1) * h))
            page.insert_text((x + 4, y0 + r * h + 13), cell, fontname="tiro", fontsize=10)
            x += widths[c]
    shape.finish(color=(0, 0, 0), width=0.6)
    shape.commit()
    return y0 + len(rows) * h


def captions_pdf(path, language: str = "de") -> None:
    """One page of body text with a vector chart captioned below it and a ruled table
    captioned above it, in the language's own label words."""
    figure_caption, table_caption = CAPTIONS[language]
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    page.insert_textbox(pymupdf.Rect(72, 72, W - 72, 160), BODY, fontname="tiro", fontsize=10)
    _chart(page, pymupdf.Rect(150, 175, 445, 335))
    page.insert_text((72, 355), figure_caption, fontname="tiro", fontsize=9)
    page.insert_textbox(pymupdf.Rect(72, 380, W - 72, 470), BODY, fontname="tiro", fontsize=10)
    page.insert_text((72, 490), table_caption, fontname="tiro", fontsize=9)
    bottom = _table(page, 147, 500)
    page.insert_textbox(pymupdf.Rect(72, bottom + 20, W - 72, bottom + 110), BODY,
                        fontname="tiro", fontsize=10)
    doc.save(str(path))


@pytest.fixture(scope="module", params=sorted(CAPTIONS))
def parsed(request, tmp_path_factory):
    path = tmp_path_factory.mktemp("captions") / f"captions-{request.param}.pdf"
    captions_pdf(path, request.param)
    return request.param, layoutpdf.parse(str(path))


def test_the_figure_caption_is_bound_and_gives_the_alt_text(parsed):
    language, doc = parsed
    caption = CAPTIONS[language][0]
    (figure,) = doc.figures
    assert figure.caption == caption
    assert figure.label == caption.split(":")[0].strip()
    assert f"![{caption}]" in doc.to_markdown()


def test_the_table_caption_is_bound(parsed):
    language, doc = parsed
    (table,) = doc.tables
    assert table.caption == CAPTIONS[language][1]


def test_the_splitter_keeps_each_caption_with_its_object(parsed):
    from layoutpdf.model import UnitKind
    from layoutpdf.split import units_from_markdown
    language, doc = parsed
    units = units_from_markdown(doc.to_markdown())
    figure_caption, table_caption = CAPTIONS[language]
    assert any(u.kind is UnitKind.FIGURE and figure_caption in u.text.split("\n") for u in units)
    assert any(u.kind is UnitKind.TABLE and u.text.lstrip("\n").startswith(table_caption) for u in units)


@pytest.mark.parametrize("text, kind, label", [
    ("Abbildung 1.2: Verlauf", "figure", "Abbildung 1.2"),
    ("Abb. 3 Aufbau", "figure", "Abbildung 3"),
    ("Tabelle 1: Ergebnisse", "table", "Tabelle 1"),
    ("Figura 2. Esquema", "figure", "Figura 2"),
    ("Tabla 4: Resultados", "table", "Tabla 4"),
    ("Tableau 1 : Résultats", "table", "Tableau 1"),
    ("Рис. 3. Схема", "figure", "Рисунок 3"),
    ("Таблица 2 – Данные", "table", "Таблица 2"),
    ("図 2 構成", "figure", "図 2"),
    ("그림 1. 구조", "figure", "그림 1"),
    ("표 3 결과", "table", "표 3"),
    ("Fig. 3: Overview", "figure", "Figure 3"),
    ("TABLE II", "table", "Table II"),
])
def test_label_words_of_each_language(text, kind, label):
    found = parse_label(text)
    assert found is not None and (found.kind, found.text) == (kind, label)


@pytest.mark.parametrize("text", ["ABB 2021 annual report", "Tabellen sind hier", "Rys 3 bez kropki"])
def test_abbreviations_need_their_point_and_words_their_number(text):
    assert parse_label(text) is None


@pytest.mark.parametrize("text", ["Tabelle 2", "Abb. 3:", "Tableau IV", "Рис. 2"])
def test_a_label_alone_on_its_line_is_known_in_every_language(text):
    from layoutpdf.elements.line_kinds import LABEL_ONLY
    assert LABEL_ONLY.match(text)
