"""Tables on the dev bench: every truth table is found on its page with exactly its rows,
and nothing else is reported as a table. Skipped when the bench is not there."""
from __future__ import annotations

import glob
import json
import os

import pytest

import layoutpdf

DEV = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "bench", "docs", "dev")
PDFS = sorted(glob.glob(os.path.join(DEV, "*.pdf")))


@pytest.mark.skipif(not PDFS, reason="dev bench not available")
@pytest.mark.parametrize("path", PDFS, ids=[os.path.basename(p)[:-4] for p in PDFS])
def test_dev_tables(path):
    truth_path = path[:-4] + ".truth.json"
    if not os.path.exists(truth_path):
        pytest.skip("no truth file")
    with open(truth_path) as fh:
        truth = json.load(fh)
    doc = layoutpdf.parse(path)
    found = {(t.page, t.rows) for t in doc.tables}
    want = {(t["page"], tuple(tuple(r) for r in t["rows"])) for t in truth["tables"]}
    assert found == want
    md = doc.to_markdown()
    for t in truth["tables"]:
        assert "| " + " | ".join(t["rows"][1]) + " |" in md
        label = t.get("label")
        table = next(x for x in doc.tables if x.page == t["page"] and x.rows[1] == tuple(t["rows"][1]))
        if label:
            assert (table.label or "").lower() == label.lower()
