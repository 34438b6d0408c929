"""Same input and settings -> byte-identical JSON and Markdown and the same ids, across
processes (and across hash seeds, which catches any set/dict-order dependence)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from test_errors_support import CORPUS, figure_pdf, text_pdf, write

# small corpus files with different layouts (two-column, three-column, CJK, math, tables)
CORPUS_FILES = ["grobid_arxiv_0908.0054_revtex.pdf", "mineru_magazine_three_column.pdf",
                "docling_korean_nars_report.pdf", "camelot_icdar2013_us001_census.pdf"]

WORKER = r"""
import hashlib, json, sys
import layoutpdf
from layoutpdf.split import split_markdown
out = {}
for path in sys.argv[2:]:
    doc = layoutpdf.parse(path)
    md = doc.to_markdown()
    chunks = split_markdown(md, chunk_size=128)
    out[path] = {
        "json": json.dumps(doc.to_dict(), sort_keys=True, ensure_ascii=False),
        "markdown": md,
        "element_ids": [e.id for e in doc.elements],
        "figure_ids": [f.id for f in doc.figures],
        "chunks": [[c.text, c.start, c.end, c.token_count] for c in chunks],
    }
    try:
        from layoutpdf.langchain import LayoutPDFLoader
        out[path]["langchain"] = [[d.page_content, json.dumps(d.metadata, sort_keys=True, default=str)]
                                  for d in LayoutPDFLoader(path).load()]
    except ImportError:
        pass
with open(sys.argv[1], "w", encoding="utf-8") as fh:
    json.dump(out, fh, ensure_ascii=False)
"""


def _run(tmp_path: Path, files: list[str], seed: str, tag: str) -> dict:
    target = tmp_path / f"run-{tag}.json"
    env = {**os.environ, "PYTHONHASHSEED": seed}
    proc = subprocess.run([sys.executable, "-c", WORKER, str(target), *files], env=env,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(target.read_text(encoding="utf-8"))


def _first_difference(a: str, b: str) -> str:
    n = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"at {n}: {a[max(0, n - 80):n + 80]!r} != {b[max(0, n - 80):n + 80]!r}"


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> list[str]:
    tmp = tmp_path_factory.mktemp("det")
    files = [str(write(tmp, "figure.pdf", figure_pdf())), str(write(tmp, "text.pdf", text_pdf(4)))]
    files += [str(CORPUS / f) for f in CORPUS_FILES if (CORPUS / f).exists()]
    return files


@pytest.fixture(scope="module")
def runs(inputs, tmp_path_factory) -> tuple[dict, dict]:
    tmp = tmp_path_factory.mktemp("det-out")
    return _run(tmp, inputs, "1", "a"), _run(tmp, inputs, "4242", "b")


@pytest.mark.parametrize("key", ["json", "markdown", "element_ids", "figure_ids", "chunks",
                                 "langchain"])
def test_identical_across_processes(runs, key):
    a, b = runs
    assert a.keys() == b.keys()
    for path in a:
        if key not in a[path]:
            pytest.skip(f"{key} not produced (optional dependency missing)")
        x, y = a[path][key], b[path][key]
        if isinstance(x, str):
            assert x == y, f"{os.path.basename(path)} {key} differs " + _first_difference(x, y)
        else:
            assert x == y, f"{os.path.basename(path)}: {key} differ between processes"


def test_outputs_are_not_trivial(runs):
    a, _ = runs
    for path, out in a.items():
        assert out["markdown"].strip(), path
        assert out["element_ids"], path
        assert len(set(out["element_ids"])) == len(out["element_ids"]), f"duplicate ids in {path}"


def test_same_process_twice_is_identical(inputs):
    import layoutpdf
    path = inputs[0]
    a, b = layoutpdf.parse(path), layoutpdf.parse(path)
    assert json.dumps(a.to_dict(), sort_keys=True) == json.dumps(b.to_dict(), sort_keys=True)
    assert a.to_markdown() == b.to_markdown()


def test_element_ids_come_from_content_and_position(inputs):
    """Parsing bytes or the path, or one page alone, gives the same ids for that page."""
    import layoutpdf
    path = inputs[1]
    whole = layoutpdf.parse(path)
    alone = layoutpdf.parse(Path(path).read_bytes(), pages=[2])
    ids_whole = [e.id for e in whole.elements if e.page == 2]
    assert ids_whole and ids_whole == [e.id for e in alone.elements]


def test_llama_index_ids_are_stable(inputs):
    pytest.importorskip("llama_index.core")
    from layoutpdf.llama_index import LayoutNodeParser, LayoutPDFReader
    path = inputs[1]
    a = LayoutPDFReader().load_data(path)
    b = LayoutPDFReader().load_data(path)
    assert [d.id_ for d in a] == [d.id_ for d in b]
    na = LayoutNodeParser().get_nodes_from_documents(a)
    nb = LayoutNodeParser().get_nodes_from_documents(b)
    assert [n.id_ for n in na] == [n.id_ for n in nb]
