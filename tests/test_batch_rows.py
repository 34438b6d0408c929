"""layoutpdf.ray without a Ray cluster: chunk rows, the map_batches callable, lazy import."""
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from layoutpdf.ray import CHUNK_COLUMNS, PDFBytesToChunks, pdf_to_chunk_rows
from layoutpdf.render.markdown import render_markdown
from layoutpdf.pipeline import parse

PDF = Path(__file__).parent / "fixtures" / "pdfs" / "footnotes.pdf"


def test_rows_are_flat_and_slices_of_the_markdown():
    rows = pdf_to_chunk_rows(str(PDF), chunk_size=96)
    md = render_markdown(parse(str(PDF)))
    assert len(rows) > 1
    assert [r["chunk_index"] for r in rows] == list(range(len(rows)))
    for r in rows:
        assert set(CHUNK_COLUMNS) <= set(r)
        assert all(isinstance(v, (str, int, float, bool, type(None))) for v in r.values())
        assert r["source"] == str(PDF) and r["doc_pages"] == 2
        assert r["token_count"] <= 96 or r["oversize"]
        # pieces of the document's Markdown (footnote definitions may move after a piece)
        assert all(line in md for line in r["text"].splitlines() if not line.startswith("[^"))


def test_settings_give_the_chunk_size():
    small = pdf_to_chunk_rows(str(PDF), {"split": {"chunk_size": 64}})
    assert max(r["token_count"] for r in small) <= 64 or any(r["oversize"] for r in small)
    assert len(small) >= len(pdf_to_chunk_rows(str(PDF)))


def test_map_batches_callable_on_plain_batches():
    pa = pytest.importorskip("pyarrow")
    fn = pickle.loads(pickle.dumps(PDFBytesToChunks(chunk_size=96)))
    data = PDF.read_bytes()
    table = fn({"bytes": [data, b"junk"], "path": ["a/footnotes.pdf", "junk.pdf"]})
    assert isinstance(table, pa.Table)
    assert table.column_names[:len(CHUNK_COLUMNS)] == list(CHUNK_COLUMNS)
    rows = table.to_pylist()
    assert {r["source"] for r in rows} == {"a/footnotes.pdf"}         # junk skipped
    want = pdf_to_chunk_rows(data, chunk_size=96, name="a/footnotes.pdf")
    assert rows == want
    empty = fn({"bytes": [b"junk"]})
    assert empty.num_rows == 0 and empty.schema == table.schema       # same schema, always
    by_path = fn(pa.table({"path": [str(PDF)]}))
    assert by_path.num_rows == len(want)
    with pytest.raises(Exception, match="not a PDF"):
        PDFBytesToChunks(errors="raise")({"bytes": [b"junk"]})
    with pytest.raises(ValueError):
        PDFBytesToChunks(errors="ignore")


def test_importing_layoutpdf_ray_imports_no_ray():
    code = ("import sys, layoutpdf.ray, layoutpdf.batch; "
            "print('ray' in sys.modules, 'pyarrow' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_missing_ray_names_the_extra(monkeypatch):
    import layoutpdf.ray as lr
    monkeypatch.setitem(sys.modules, "ray.data", None)
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(ImportError, match=r"layoutpdf\[ray\]"):
        lr.read_pdfs("x.pdf")


def test_file_groups_mix_large_and_small_files(tmp_path):
    from layoutpdf.ray import file_groups
    files = []
    for i, size in enumerate([900, 800, 700, 600, 500, 400, 300, 200, 100, 50, 10]):
        f = tmp_path / f"f{i}.pdf"
        f.write_bytes(b"x" * size)
        files.append(str(f))
    groups = file_groups(files, 3)
    assert sorted(f for g in groups for f in g) == sorted(files)       # each file once
    assert [len(g) for g in groups] == [3, 3, 3, 2]
    assert groups[0][0] == files[0]                # the largest file starts the first group
    totals = [sum(Path(f).stat().st_size for f in g) for g in groups]
    assert totals == sorted(totals, reverse=True) and max(totals) < 2 * min(totals)
    assert [len(g) for g in file_groups(files, 1)] == [1] * 11
    assert len(file_groups(files[:7], None, cpus=1)) == 7   # under 8 files a CPU: one each
    assert len(file_groups(files, None, cpus=1)) == 6       # 11 // 4: two files a task
    assert len(file_groups(files * 4, None, cpus=1)) == 4   # 44 files, 1 CPU: 4 tasks
