"""A table holds only the lines its cells read (issue 36: every word reaches the user).

The nephrology textbook's table of metabolic acidoses sets row labels over two lines
("TA" / "urinaire", "pH" / "urinaire"); the grid read the second line only, and the first
was taken into the table element with its words in no cell: lost with no Issue. A line in
a table's box none of whose words a cell (or a table note) holds is left to the text
around the table instead (`stages.tables._read_by`)."""
from __future__ import annotations

import re

import layoutpdf

from conftest import corpus_file

_WORD = re.compile(r"[^\W_]+")


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)}


def test_every_line_a_table_holds_is_read_by_its_cells():
    doc = layoutpdf.parse(corpus_file("pdfplumber_nephrologie_textbook_fr.pdf"))
    lines = {ln.id: ln for page in doc.pages for ln in page.lines}
    tables = {t.element_id: t for t in doc.tables}
    unread = []
    for e in doc.elements:
        if e.id not in tables:
            continue
        read = _words(e.text + " " + " ".join(str(n) for n in tables[e.id].footnotes))
        for lid in e.line_ids:
            words = _words(lines[lid].text)
            if words and not words & read:
                unread.append((e.page, lines[lid].text))
    assert not unread, unread
    text = doc.to_markdown()
    for label in ("TA", "pH"):      # the two row labels the grid missed reach the output
        assert re.search(r"(?<!\w)%s(?!\w)" % label, text)
