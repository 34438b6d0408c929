"""Two sub-tables (a) and (b) set side by side under ONE caption that spans both are one
table (issue 37.2): one region over both, its rows holding the columns of both. Tables
set side by side with a caption of their own each stay apart
(tests/test_captions_side_by_side_tables.py)."""
from __future__ import annotations

import pymupdf

import layoutpdf

LEFT = [("Models", "R-1", "R-2", "Words"), ("PEGASUS", "54.32", "35.62", "156.8"),
        ("BART", "56.04", "37.02", "133.8"), ("LED", "51.20", "30.11", "140.2")]
RIGHT = [("Target", "R-1", "R-2", "Words"), ("Gold", "54.99", "36.42", "133.4"),
         ("Predicted", "41.41", "18.24", "164.0"), ("Mixed", "40.02", "17.90", "150.3")]
BODY = ("Body text of the paper runs across the full measure of the page as it does in "
        "a report set in one column, line after line, until the paragraph ends here.")
CAPTION = ("Table 4: Model performance for generating shorter summaries from the longer "
           "version, compared with the models given a ground truth summary of a different size.")


def _lines(page, y: float, text: str, size: float, width: float = 468) -> float:
    words, line = text.split(), []
    for w in words + [None]:
        trial = " ".join(line + [w]) if w else None
        if w is None or pymupdf.get_text_length(trial, fontsize=size) > width:
            page.insert_text((72, y), " ".join(line), fontsize=size)
            y += size * 1.3
            line = [w] if w else []
        else:
            line.append(w)
    return y


def _page(path, caption: str = CAPTION) -> str:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = _lines(page, 80, BODY, 10) + 16
    y = _lines(page, y, caption, 10) + 8
    for x0, sub in ((72, "(a) Fine-tuning on the first tasks."), (318, "(b) Results on progressive tasks.")):
        page.insert_text((x0 + 20, y), sub, fontsize=8)
    y += 14
    for x0 in (72, 318):
        page.draw_line((x0, y - 9), (x0 + 222, y - 9), width=0.8)
    for r in range(len(LEFT)):
        for x0, rows in ((72, LEFT), (318, RIGHT)):
            for c, cell in enumerate(rows[r]):
                page.insert_text((x0 + 2 + c * 56, y), cell, fontsize=9)
            if r == 0:
                page.draw_line((x0, y + 4), (x0 + 222, y + 4), width=0.5)
        y += 13
    for x0 in (72, 318):
        page.draw_line((x0, y - 6), (x0 + 222, y - 6), width=0.8)
    _lines(page, y + 20, BODY, 10)
    doc.save(str(path))
    return str(path)


def test_sub_tables_under_one_caption_are_one_table(tmp_path):
    doc = layoutpdf.parse(_page(tmp_path / "sub.pdf"))
    assert len(doc.tables) == 1
    t = doc.tables[0]
    assert t.caption is not None and t.caption.startswith("Table 4:")
    assert t.bbox.x0 < 80 and t.bbox.x1 > 530          # one region over (a) and (b)
    assert any("Predicted" in row for row in t.rows) and any("PEGASUS" in row for row in t.rows)
    md = doc.to_markdown()
    assert md.count("Predicted") == 1 and md.count("PEGASUS") == 1


def test_an_uncaptioned_table_beside_a_narrow_caption_stays_apart(tmp_path):
    # the caption runs over the left table only: it governs that one, not its neighbour
    doc = layoutpdf.parse(_page(tmp_path / "narrow.pdf", "Table 4: Scores on the first set."))
    assert len(doc.tables) == 2
