"""Two tables set side by side, each captioned above on one shared baseline: the layout
reads that baseline as one row, so one block held both captions, bound to the left table
while the right one had none. Each caption is cut out and binds to the table under it."""
from __future__ import annotations

import pymupdf

import layoutpdf

ROWS = [("Model", "Acc", "F1"), ("Base", "71.2", "68.0"), ("Ours", "75.4", "72.9"),
        ("Large", "77.0", "74.1")]
BODY = ("Body text of the paper runs across the full measure of the page as it does in "
        "a report set in one column, line after line, until the paragraph ends here.")


def _paragraph(page, y: float, text: str) -> float:
    words, line = text.split(), []
    for w in words + [None]:
        trial = " ".join(line + [w]) if w else None
        if w is None or pymupdf.get_text_length(trial, fontsize=10) > 468:
            page.insert_text((72, y), " ".join(line), fontsize=10)
            y += 13
            line = [w] if w else []
        else:
            line.append(w)
    return y


def _page(path, captions=("Table 1: Results on the first set.", "Table 2: Results on the second set.")):
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = _paragraph(page, 80, BODY) + 20
    for x0, caption in zip((72, 320), captions):
        page.insert_text((x0, y), caption, fontsize=9)
        page.draw_line((x0, y + 8), (x0 + 220, y + 8), width=0.8)
    y += 20
    for r, row in enumerate(ROWS):
        for x0 in (72, 320):
            for c, cell in enumerate(row):
                page.insert_text((x0 + c * 75, y), cell, fontsize=9)
            if r == 0:
                page.draw_line((x0, y + 4), (x0 + 220, y + 4), width=0.5)
        y += 13
    for x0 in (72, 320):
        page.draw_line((x0, y - 6), (x0 + 220, y - 6), width=0.8)
    _paragraph(page, y + 20, BODY)
    doc.save(str(path))
    return str(path)


def test_each_side_by_side_table_takes_its_own_caption(tmp_path):
    doc = layoutpdf.parse(_page(tmp_path / "sbs.pdf"))
    tables = sorted(doc.tables, key=lambda t: t.bbox.x0)
    assert len(tables) == 2
    assert [t.caption for t in tables] == ["Table 1: Results on the first set.",
                                           "Table 2: Results on the second set."]
    md = doc.to_markdown()
    assert md.count("Table 1: Results on the first set.") == 1
    assert "set. Table 2" not in md


def test_a_caption_that_only_mentions_the_next_table_stays_whole(tmp_path):
    # one caption over the left table, and a note to its right that names no label first
    doc = layoutpdf.parse(_page(tmp_path / "one.pdf", ("Table 1: Results on both sets.",
                                                       "(scores in percent, see Table 2)")))
    left = min(doc.tables, key=lambda t: t.bbox.x0)
    assert left.caption is not None and left.caption.startswith("Table 1: Results on both sets.")
