"""Chunk metadata lists are compact JSON, non-ASCII kept (one shared encoder, issue 39
speed), and provenance merges keep each id once, in order."""
from __future__ import annotations

import json

from layoutpdf.adapters._provenance import _each_once
from layoutpdf.split.chunk import _json


def test_metadata_json_is_compact_and_keeps_non_ascii():
    values = [[], ["p1-e3", "p1-e4"], {"t": [1, 2]}, [[0, 1.5, 2.25, 3.0, 4.75]],
              ["Café – €1", "表"], {"a": {"b": [None, True, 1e-9]}}]
    for v in values:
        assert _json(v) == json.dumps(v, separators=(",", ":"), ensure_ascii=False)
    assert _json(["é"]) == '["é"]'


def test_each_once_keeps_first_order():
    assert _each_once(("a", "b"), (), ("b", "c", "a"), ("d",)) == ("a", "b", "c", "d")
    assert _each_once() == ()
