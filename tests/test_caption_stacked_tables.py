"""Two tables stacked in one column, each captioned under it, as a paper sets them
(ACL style: 'Table 3' under the first table, 'Table 4' under the second, its notes --
'*...', '†...' -- run on inside the caption). The first caption sits between the two
tables; table captions sit above their table more often, so binding best-first gave it
the lower table and left 'Table 4' with none: the lower table lost its caption and the
'†' note in it lost the table its mark is in (issue #31 leftover). Every caption of a
page captions some object: two confident bindings beat one slightly better one."""
from __future__ import annotations

import pymupdf

import layoutpdf

X0, X1 = 72.0, 292.0
SERIF = "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf"   # fonts-liberation
TOP = [("Total papers", "81.1M"), ("Papers w/ PDF", "28.9M"), ("Papers w/ abstract", "60.3M"),
       ("Papers w/ bibliography", "38.5M"), ("Papers w/ full text", "8.1M"),
       ("Papers w/ citations", "51.2M"), ("Linked citations", "380.5M")]
LOW = [("Statistic", "GROBID", "LATEX"), ("Paragraphs (body)", "9.9", "93.3*"),
       ("Inline cites (body)", "45.2", "46.8"), ("Bibliography entries", "27.6", "21.9"),
       ("Linked bib. entries", "19.3", "6.8\u2020")]
CAP3 = ["Table 3: Statistics on paper provenance. We note", "that categories are not mutually exclusive and",
        "do not sum to 100%."]
CAP4 = ["Table 4: Extraction and linking statistics over", "PDF and LATEX parses. *LATEX preserves line",
        "breaks. \u2020The lower number of linked entries in", "LATEX parses is due to papers without titles."]
BODY = ("We provide statistics for the full text parses and bibliography linking in the "
        "tables above, averaged over all open access papers of the corpus. ") * 3


def _table(page, y: float, rows) -> float:
    page.draw_line((X0, y), (X1, y), width=0.8)
    y += 12
    for r, row in enumerate(rows):
        xs = [X0 + 4] + [X0 + 130 + 45 * k for k in range(len(row) - 1)]
        for x, cell in zip(xs, row):
            page.insert_text((x, y), cell, fontname="serif", fontfile=SERIF, fontsize=9)
        if r == 0 and len(row) > 2:
            page.draw_line((X0, y + 4), (X1, y + 4), width=0.5)
        y += 12
    page.draw_line((X0, y - 6), (X1, y - 6), width=0.8)
    return y - 6


def _lines(page, y: float, lines, size: float = 10.0) -> float:
    for text in lines:
        page.insert_text((X0, y), text, fontname="serif", fontfile=SERIF, fontsize=size)
        y += size * 1.2
    return y


def _wrap(text: str) -> list[str]:
    out, cur = [], ""
    for w in text.split():
        t = (cur + " " + w).strip()
        if cur and pymupdf.Font(fontfile=SERIF).text_length(t, fontsize=10) > X1 - X0:
            out.append(cur)
            cur = w
        else:
            cur = t
    return out + [cur]


def _make(path) -> str:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = _table(page, 66, TOP)
    y = _lines(page, y + 20, CAP3)
    y = _table(page, y + 7, LOW)
    y = _lines(page, y + 20, CAP4)
    _lines(page, y + 16, _wrap(BODY))
    doc.save(str(path))
    return str(path)


def test_each_stacked_table_takes_the_caption_under_it(tmp_path):
    doc = layoutpdf.parse(_make(tmp_path / "stacked.pdf"))
    tables = sorted(doc.tables, key=lambda t: t.bbox.y0)
    assert len(tables) == 2, [t.bbox for t in doc.tables]
    assert [t.label for t in tables] == ["Table 3", "Table 4"]
    # the note mark in the caption stays in the caption, with its note text
    assert "\u2020The lower number of linked entries" in tables[1].caption
    md = doc.to_markdown()
    assert md.index("Table 4: Extraction") < md.index("Linked bib. entries")
