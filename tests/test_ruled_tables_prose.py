"""A sentence set in the prose's type between two ruled tables parts them (stage
extraction, `table_rules._prose_sentence`; fixture tests/ruled_tables_prose_pdfs.py):
two tables, each with its own rows, the sentence and the notes between them text."""
from __future__ import annotations

import layoutpdf
from ruled_tables_prose_pdfs import FIRST, INTRO, SECOND, lease_note


def test_a_sentence_in_the_prose_type_parts_two_ruled_tables(tmp_path):
    path = tmp_path / "lease.pdf"
    lease_note(path)
    doc = layoutpdf.parse(str(path), {"ocr": {"mode": "never"}})
    labels = [[r[0] for r in t.rows] for t in doc.tables]
    assert len(doc.tables) == 2, labels
    assert [label for label, _ in FIRST] == [x for x in labels[0] if x][-len(FIRST):]
    assert [label for label, _ in SECOND] == [x for x in labels[1] if x][-len(SECOND):]
    assert not any(INTRO[:30] in " ".join(r) for t in doc.tables for r in t.rows)
    assert any(e.text.startswith(INTRO[:30]) for e in doc.elements)
