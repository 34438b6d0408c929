"""Long documents in a batch: extracted in page ranges by several workers, finished by one.

The document-wide stages (running headers, paragraphs stitched across pages, footnotes) run
once over every page, so the output must be byte-identical to a one-process run.
"""
import os
import pickle
from dataclasses import fields
from pathlib import Path

import pymupdf
import pytest

from layoutpdf import batch, pipeline
from layoutpdf.batch import PART_MIN_PAGES, convert_many, page_parts
from layoutpdf.model import BBox, Drawing, Line, Span

FIXTURES = Path(__file__).parent / "fixtures" / "pdfs"
PIECES = ("running_furniture.pdf", "two_column.pdf", "footnotes.pdf", "three_column.pdf",
          "equations.pdf", "table_ruled.pdf")


def long_pdf(path: Path, min_pages: int) -> Path:
    """Fixture PDFs appended in turn until the document has at least `min_pages` pages:
    running headers recur, paragraphs and footnotes cross page breaks."""
    out = pymupdf.open()
    while out.page_count < min_pages:
        for name in PIECES:
            with pymupdf.open(FIXTURES / name) as piece:
                out.insert_pdf(piece)
    out.save(path)
    out.close()
    return path


@pytest.fixture(scope="module")
def book(tmp_path_factory) -> Path:
    return long_pdf(tmp_path_factory.mktemp("long") / "book.pdf", 2 * PART_MIN_PAGES + 6)


def test_page_parts_split_only_what_would_run_alone():
    assert page_parts(200, 2, share=100.5) == [(0, 100), (100, 200)]
    assert page_parts(200, 4, share=60) == [(0, 50), (50, 100), (100, 150), (150, 200)]
    assert page_parts(200, 2, share=250) == [(0, 200)]           # within its share: whole
    assert page_parts(2 * PART_MIN_PAGES - 1, 2, share=1) == [(0, 2 * PART_MIN_PAGES - 1)]
    assert page_parts(3 * PART_MIN_PAGES, 8, share=1) == \
        [(0, PART_MIN_PAGES), (PART_MIN_PAGES, 2 * PART_MIN_PAGES),
         (2 * PART_MIN_PAGES, 3 * PART_MIN_PAGES)]                  # parts never too small
    assert page_parts(500, 1, share=1) == [(0, 500)]
    ranges = page_parts(1001, 3, share=10)
    assert ranges[0][0] == 0 and ranges[-1][1] == 1001
    assert all(a[1] == b[0] for a, b in zip(ranges, ranges[1:]))


def test_extracted_parts_joined_give_what_parse_gives(book):
    whole = pipeline.parse(str(book))
    n = len(whole.pages)
    cuts = [0, 7, n // 2, n]
    parts = [pipeline.extract(str(book), pages=range(a, b)) for a, b in zip(cuts, cuts[1:])]
    joined = pipeline.run_stages(pipeline.join_parts(parts), pipeline.Settings())
    assert joined.to_markdown() == whole.to_markdown()
    assert joined.to_dict() == whole.to_dict()
    assert joined == whole
    with pytest.raises(ValueError, match="order"):
        pipeline.join_parts(parts[::-1])
    with pytest.raises(ValueError):
        pipeline.join_parts([])


def test_join_keeps_document_issues_once(tmp_path):
    from layoutpdf.errors import Issue
    from dataclasses import replace
    doc = pipeline.extract(str(FIXTURES / "two_column.pdf"))
    opened = Issue("open", None, "repaired", "repaired while opening")
    a = replace(doc, pages=doc.pages[:1], issues=(opened, Issue("extract", 0, "x", "page 1")))
    b = replace(doc, pages=doc.pages[1:], issues=(opened, Issue("extract", 1, "y", "page 2")))
    assert [i.code for i in pipeline.join_parts([a, b]).issues] == ["repaired", "x", "y"]


def test_raw_content_pickles_by_position_and_round_trips():
    """The page model pickles by position (about twice as fast): every field must travel."""
    box = BBox(1.0, 2.0, 3.0, 4.0)
    span = Span("s1", "text", box, "Times-Bold", 9.5, 16, 0x112233, 200, (1.5, 2.5))
    line = Line("l1", 3, box, (span,), (0.0, 1.0), True, "text", 9.5, 2.5)
    drawing = Drawing(box, "rect", 0xFF0000, 0x00FF00, 1.25)
    for obj in (box, span, line, drawing):
        args = obj.__reduce__()[1]
        assert len(args) == len(fields(obj))
        assert args == tuple(getattr(obj, f.name) for f in fields(obj))
        assert pickle.loads(pickle.dumps(obj, pickle.HIGHEST_PROTOCOL)) == obj


def test_part_jobs_in_process_write_what_one_job_writes(book, tmp_path):
    """The worker side without a pool: two part jobs, the ledger, the finishing job."""
    whole = batch.convert_file(str(book), str(tmp_path / "whole.md"))
    n = whole.pages
    job = batch._Job(0, str(book), str(tmp_path / "parts.md"), "md", None, None, None, False)
    outcomes = [None]
    ranges = page_parts(n, 2, share=n / 2)
    assert len(ranges) == 2
    ledger = batch._Ledger(outcomes, batch._Bar({0: n}, enabled=False), None, {0: ranges})
    ready = []
    for r in reversed(ranges):             # parts may come back in any order
        result = batch._run_job(batch.replace(job, part=r))
        assert isinstance(result, batch._PartResult)
        ready += ledger.settle(job, result)
    assert len(ready) == 1 and ready[0].parts and ready[0].part is None
    ledger.settle(ready[0], batch._run_job(ready[0]))
    assert outcomes[0].status == whole.status and outcomes[0].pages == n
    assert (tmp_path / "parts.md").read_bytes() == (tmp_path / "whole.md").read_bytes()


def test_a_part_that_fails_fails_its_document_once(tmp_path):
    job = batch._Job(0, str(tmp_path / "gone.pdf"), str(tmp_path / "gone.md"), "md", None, None,
                     None, False)
    seen = []
    outcomes = [None]
    ledger = batch._Ledger(outcomes, batch._Bar({0: 80}, enabled=False), seen.append,
                           {0: [(0, 40), (40, 80)]})
    for r in ((0, 40), (40, 80)):
        result = batch._run_job(batch.replace(job, part=r))
        assert isinstance(result, batch.FileOutcome) and result.status == batch.FAILED
        assert ledger.settle(job, result) == []
    assert len(seen) == 1 and outcomes[0].status == batch.FAILED
    assert "gone.pdf" in outcomes[0].reason


def test_plan_parts_splits_the_long_document_of_a_batch(book, tmp_path):
    small = FIXTURES / "two_column.pdf"
    jobs = [batch._Job(0, str(book), "a.md", "md", None, None, None, False),
            batch._Job(1, str(small), "b.md", "md", None, None, None, False)]
    sizes = batch._page_counts(jobs, None)
    assert batch._plan_parts(jobs, sizes, 1, None) == {}
    plan = batch._plan_parts(jobs, sizes, 2, None)
    assert list(plan) == [0] and len(plan[0]) == 2
    # a page selection, or a document over limits.max_pages, is read whole
    picked = [batch.replace(jobs[0], pages=tuple(range(sizes[0])))]
    assert batch._plan_parts(picked, sizes, 2, None) == {}
    assert batch._plan_parts(jobs, sizes, 2, {"limits": {"max_pages": 10}}) == {}


@pytest.mark.parametrize("fmt", ["md", "json"])
def test_a_long_document_split_over_two_workers_writes_the_same_bytes(book, tmp_path, fmt):
    inputs = [book, FIXTURES / "two_column.pdf"]   # the long one is over its share: split
    jobs = [batch._Job(i, str(p), "x", fmt, None, None, None, False) for i, p in enumerate(inputs)]
    assert list(batch._plan_parts(jobs, batch._page_counts(jobs, None), 2, None)) == [0]
    one = convert_many(inputs, tmp_path / "one", workers=1, fmt=fmt, progress=False)
    two = convert_many(inputs, tmp_path / "two", workers=2, fmt=fmt, progress=False)
    for name in (f"book.{fmt}", f"two_column.{fmt}"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()
    assert [(o.status, o.pages, o.reason) for o in one.outcomes] == \
           [(o.status, o.pages, o.reason) for o in two.outcomes]
    assert two.outcomes[0].pages >= 2 * PART_MIN_PAGES


def _die_on_a_late_part(job):
    """Stands in for batch._run_job in the workers: MuPDF crashing on the book's later pages."""
    if job.part is not None and job.part[0] > 0:
        os._exit(3)
    return batch._run_job(job)


def test_a_part_that_kills_its_worker_fails_only_its_document(book, tmp_path, monkeypatch):
    monkeypatch.setattr(batch, "_run_job", _die_on_a_late_part)
    small = FIXTURES / "two_column.pdf"
    report = convert_many([book, small], tmp_path / "out", workers=2, progress=False)
    by_name = {Path(o.source).name: o for o in report.outcomes}
    assert by_name["book.pdf"].status == batch.FAILED
    assert "worker process died" in by_name["book.pdf"].reason
    assert by_name["two_column.pdf"].status in (batch.OK, batch.PARTIAL)
    assert len(report.outcomes) == 2
    assert not (tmp_path / "out" / "book.md").exists()
