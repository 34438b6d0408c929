"""layoutpdf.ray on a local Ray cluster (2 CPUs, no dashboard, nothing over the network).

Skipped when Ray is not installed (pip install "layoutpdf[ray]").
"""
import os
import shutil
import signal
from pathlib import Path

import pytest

pytest.importorskip("ray", reason='Ray is not installed (pip install "layoutpdf[ray]")')
pytest.importorskip("ray.data", reason='Ray Data is not installed (pip install "ray[data]")')

from layoutpdf.ray import CHUNK_COLUMNS, PDFBytesToChunks, pdf_to_chunk_rows, read_pdfs  # noqa: E402

FIXTURES = Path(__file__).parent.parent / "tests" / "fixtures" / "pdfs"
GOOD = ("two_column.pdf", "footnotes.pdf", "equations.pdf")


@pytest.fixture(scope="module")
def local_ray():
    import ray
    import ray.data
    # no usage reports, no dashboard, a loopback address: the test never leaves the machine
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    started = not ray.is_initialized()
    if started:
        ray.init(num_cpus=2, include_dashboard=False, _node_ip_address="127.0.0.1",
                 log_to_driver=False, configure_logging=False)
    ctx = ray.data.DataContext.get_current()
    ctx.enable_progress_bars = False
    yield ray
    if started:
        ray.shutdown()


@pytest.fixture(scope="module")
def pdf_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("ray_pdfs")
    for name in GOOD:
        shutil.copy(FIXTURES / name, folder / name)
    (folder / "broken.pdf").write_bytes(b"not a pdf at all")
    return folder


@pytest.fixture(autouse=True)
def watchdog():
    """A Ray job that can never be scheduled waits forever: fail the test instead."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def expire(signum, frame):
        raise TimeoutError("Ray test took longer than 300 s")
    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(300)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def key(row):
    return (os.path.basename(row["source"]), row["chunk_index"])


def expected(folder, chunk_size):
    rows = []
    for name in GOOD:
        path = str(folder / name)
        rows += pdf_to_chunk_rows(path, chunk_size=chunk_size, name=path)
    return sorted(rows, key=key)


def test_read_pdfs_gives_the_same_rows_as_one_process(local_ray, pdf_dir):
    ds = read_pdfs(str(pdf_dir), chunk_size=128)
    rows = sorted(ds.take_all(), key=key)
    assert rows == expected(pdf_dir, 128)
    assert {os.path.basename(r["source"]) for r in rows} == set(GOOD)   # broken.pdf skipped
    assert list(ds.schema().names)[:len(CHUNK_COLUMNS)] == list(CHUNK_COLUMNS)
    for r in rows:
        assert r["text"].strip() and r["token_count"] <= 128 or r["oversize"]
        assert 0 <= r["page_start"] <= r["page_end"] < r["doc_pages"]


def test_map_batches_on_bytes_with_an_actor_pool(local_ray, pdf_dir):
    import ray.data
    ds = ray.data.read_binary_files(str(pdf_dir), include_paths=True)
    # half a CPU per actor: two actors holding both CPUs would starve the read tasks
    chunks = ds.map_batches(PDFBytesToChunks, fn_constructor_kwargs={"chunk_size": 128},
                            concurrency=2, num_cpus=0.5, batch_size=1, batch_format="pyarrow")
    assert sorted(chunks.take_all(), key=key) == expected(pdf_dir, 128)


def test_map_batches_on_bytes_without_paths_and_on_paths_only(local_ray, pdf_dir):
    import ray.data
    data = [{"bytes": (pdf_dir / "footnotes.pdf").read_bytes()}]
    rows = ray.data.from_items(data).map_batches(PDFBytesToChunks(chunk_size=128),
                                                 batch_size=1).take_all()
    assert rows and {r["source"] for r in rows} == {"<bytes>"}
    want = pdf_to_chunk_rows(str(pdf_dir / "footnotes.pdf"), chunk_size=128)
    assert [r["text"] for r in sorted(rows, key=key)] == [r["text"] for r in want]
    paths = ray.data.from_items([{"path": str(pdf_dir / n)} for n in GOOD])
    rows = read_pdfs(paths, chunk_size=128).take_all()
    assert sorted(rows, key=key) == expected(pdf_dir, 128)


def test_errors_raise_fails_the_job(local_ray, pdf_dir):
    with pytest.raises(Exception, match="not a PDF"):
        read_pdfs([str(pdf_dir / "broken.pdf")], errors="raise").take_all()


def test_settings_travel_to_the_workers(local_ray, pdf_dir):
    settings = {"split": {"chunk_size": 64}, "footnotes": {"enabled": False}}
    rows = read_pdfs([str(pdf_dir / "footnotes.pdf")], settings, chunk_size=None).take_all()
    want = pdf_to_chunk_rows(str(pdf_dir / "footnotes.pdf"), settings,
                             name=str(pdf_dir / "footnotes.pdf"))
    assert sorted(rows, key=key) == want
    assert max(r["token_count"] for r in rows) <= 64 or any(r["oversize"] for r in rows)


def test_a_corpus_paper(local_ray, paper_dir):
    rows = read_pdfs(str(paper_dir / "pdfminer_naacl06_shinyama.pdf"), chunk_size=512).take_all()
    assert len(rows) > 5
    pages = {r["page_end"] for r in rows}
    assert max(pages) >= 3
    assert any(r["heading_path"] for r in rows)


def test_read_pdfs_submits_ahead_on_its_own_dataset_only(local_ray, pdf_dir):
    """read_pdfs turns Ray Data's per-operator reservation off for the Dataset it makes
    (tasks queue in Ray and start back to back; benchmarks/scale.py measures the effect),
    and leaves the application's DataContext and a Dataset it passes in alone."""
    import ray.data
    current = ray.data.DataContext.get_current()
    assert current.op_resource_reservation_enabled is True
    ds = read_pdfs(str(pdf_dir), chunk_size=128)
    assert ds.context.op_resource_reservation_enabled is False
    assert current.op_resource_reservation_enabled is True
    assert ray.data.DataContext.get_current().op_resource_reservation_enabled is True
    theirs = ray.data.from_items([{"path": str(pdf_dir / n)} for n in GOOD])
    mapped = read_pdfs(theirs, chunk_size=128)
    assert theirs.context.op_resource_reservation_enabled is True
    assert mapped.context.op_resource_reservation_enabled is True
    # and the rows are still every chunk of every readable file
    assert sorted(ds.take_all(), key=key) == expected(pdf_dir, 128)
