"""layoutpdf.batch.convert_many and `layoutpdf convert --workers`: parallel, resumable, safe.

Uses the small fixture PDFs in tests/fixtures/pdfs (made by the fixture generator, in git).
Each process-pool run costs a few seconds of worker start-up (spawn + import), so the pool
is exercised by a handful of tests only.
"""
import os
import shutil
import time
from pathlib import Path

import pytest

from layoutpdf import batch
from layoutpdf.batch import (FAILED, OK, PARTIAL, SKIPPED, BatchReport, FileOutcome,
                             convert_many, plan_outputs, safe_stem)
from layoutpdf.cli import main

FIXTURES = Path(__file__).parent / "fixtures" / "pdfs"
GOOD = ("two_column.pdf", "footnotes.pdf", "equations.pdf")


def tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture()
def inputs(tmp_path: Path) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    for name in GOOD:
        shutil.copy(FIXTURES / name, folder / name)
    (folder / "broken.pdf").write_bytes(b"%PDF-1.7\nthis is not really a PDF\n")
    old = time.time() - 3600   # inputs an hour old: outputs written now are newer
    for p in folder.iterdir():
        os.utime(p, (old, old))
    return folder


@pytest.mark.parametrize("fmt", ["md", "json"])
def test_two_workers_write_the_same_bytes_as_one(inputs, tmp_path, fmt):
    one = convert_many([inputs], tmp_path / "one", workers=1, fmt=fmt, progress=False)
    two = convert_many([inputs], tmp_path / "two", workers=2, fmt=fmt, progress=False)
    assert tree(tmp_path / "one") == tree(tmp_path / "two")
    assert len(tree(tmp_path / "one")) == len(GOOD)
    for report in (one, two):
        # outcomes come back in input order whatever order the workers finished in
        assert [Path(o.source).name for o in report.outcomes] == sorted(GOOD + ("broken.pdf",))
        assert report.counts[FAILED] == 1
        assert report.counts[OK] + report.counts[PARTIAL] == len(GOOD)
    assert [(o.status, o.pages, o.reason) for o in one.outcomes] == \
           [(o.status, o.pages, o.reason) for o in two.outcomes]
    assert two.workers == 2 and two.pages == one.pages > 0


def test_a_bad_file_fails_alone_with_a_reason(inputs, tmp_path):
    (inputs / "empty.pdf").write_bytes(b"")
    (inputs / "notes.pdf").write_text("plain text with a .pdf name")
    report = convert_many([inputs, tmp_path / "missing.pdf"], tmp_path / "out", progress=False)
    failed = {Path(o.source).name: o for o in report.failed}
    assert set(failed) == {"broken.pdf", "empty.pdf", "notes.pdf", "missing.pdf"}
    for o in failed.values():
        assert o.reason and "\n" not in o.reason
        assert not os.path.exists(o.target)
        assert o.line().startswith("error: ") and o.source in o.line()
    assert "empty" in failed["empty.pdf"].reason
    assert "not a PDF" in failed["notes.pdf"].reason
    assert len(report.ok) + len(report.partial) == len(GOOD)
    assert sorted(os.listdir(tmp_path / "out")) == sorted(n.replace(".pdf", ".md") for n in GOOD)


def test_resumable_skips_up_to_date_outputs(inputs, tmp_path):
    out = tmp_path / "out"
    first = convert_many(inputs, out, progress=False)
    assert first.counts[SKIPPED] == 0
    written = tree(out)
    again = convert_many(inputs, out, progress=False)
    assert {Path(o.source).name for o in again.skipped} == set(GOOD)
    assert again.counts[FAILED] == 1        # a failed file is tried again, not skipped
    assert tree(out) == written
    # an input changed after its output: only that one is converted again
    now = time.time() + 5
    os.utime(inputs / "footnotes.pdf", (now, now))
    third = convert_many(inputs, out, progress=False)
    redone = [Path(o.source).name for o in third.outcomes if o.status in (OK, PARTIAL)]
    assert redone == ["footnotes.pdf"]
    forced = convert_many(inputs, out, force=True, progress=False)
    assert forced.counts[SKIPPED] == 0 and len(forced.ok) + len(forced.partial) == len(GOOD)
    assert tree(out) == written
    assert not [n for n in os.listdir(out) if n.endswith(".tmp")]


def test_outputs_stay_inside_out_dir_with_safe_unique_names(tmp_path):
    src = tmp_path / "src"
    (src / "a").mkdir(parents=True)
    (src / "b").mkdir()
    shutil.copy(FIXTURES / "equations.pdf", src / "a" / "paper.pdf")
    shutil.copy(FIXTURES / "lists.pdf", src / "b" / "paper.pdf")
    shutil.copy(FIXTURES / "equations.pdf", src / "..weird name; rm -rf $HOME.pdf")
    out = tmp_path / "deep" / "out"
    before = {p for p in tmp_path.rglob("*")}
    report = convert_many([src], out, progress=False)
    assert report.counts[FAILED] == 0, report.failed
    created = {p for p in tmp_path.rglob("*")} - before
    outside = [p for p in created if p not in (out, out.parent) and out not in p.parents]
    assert created and not outside
    names = sorted(os.listdir(out))
    assert len(names) == 3 and len(set(n.lower() for n in names)) == 3
    for n in names:
        assert n.endswith(".md") and not n.startswith(".")
        assert set(n) <= set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
    targets = [o.target for o in report.outcomes]
    assert len(set(targets)) == 3
    # names are a pure function of the inputs, so a second run finds (and skips) them
    assert plan_outputs([o.source for o in report.outcomes], str(out)) == targets


def test_safe_stem():
    assert safe_stem("/x/../../etc/passwd.pdf") == "passwd"
    assert safe_stem("???.pdf") == "document"
    assert safe_stem("a b/c d?.PDF") == "c_d"
    assert safe_stem("résumé.pdf") == "résumé"


def test_figures_are_written_beside_the_output(tmp_path):
    shutil.copy(FIXTURES / "figure_star.pdf", tmp_path / "fig.pdf")
    report = convert_many([tmp_path / "fig.pdf"], tmp_path / "out", figures=True, progress=False)
    assert report.counts[FAILED] == 0, report.failed
    crops = list((tmp_path / "out" / "fig-figures").glob("*.png"))
    md = (tmp_path / "out" / "fig.md").read_text()
    assert crops and all(f"fig-figures/{c.name}" in md for c in crops)


def _die_on_broken(job):
    """Stands in for batch._run_job in the workers: a crash inside MuPDF, simulated."""
    if "broken" in job.source:
        os._exit(3)
    return batch._run_job(job)


def test_a_dying_worker_costs_only_its_own_file(inputs, tmp_path, monkeypatch):
    monkeypatch.setattr(batch, "_run_job", _die_on_broken)
    report = convert_many([inputs], tmp_path / "out", workers=2, progress=False)
    by_name = {Path(o.source).name: o for o in report.outcomes}
    assert by_name["broken.pdf"].status == FAILED
    assert "worker process died" in by_name["broken.pdf"].reason
    assert all(by_name[n].status in (OK, PARTIAL) for n in GOOD)


def test_report_summary_and_lines():
    r = BatchReport([FileOutcome("a.pdf", "o/a.md", OK, pages=3, seconds=1.0),
                     FileOutcome("b.pdf", "o/b.md", PARTIAL, "1 issue(s): slow_page", pages=2),
                     FileOutcome("c.pdf", "o/c.md", SKIPPED),
                     FileOutcome("d.pdf", "o/d.md", FAILED, "d.pdf: not a PDF")],
                    seconds=2.0, workers=2)
    assert r.counts == {OK: 1, PARTIAL: 1, SKIPPED: 1, FAILED: 1}
    assert r.pages == 5
    assert "4 file(s): 1 ok, 1 partial, 1 skipped, 1 failed; 5 page(s)" in r.summary()
    assert r.failed[0].line() == "error: d.pdf: not a PDF"
    assert "slow_page" in r.partial[0].line()
    assert r.to_dict()["counts"][FAILED] == 1


def test_bad_arguments_raise():
    with pytest.raises(ValueError):
        convert_many([], "out", fmt="html")
    with pytest.raises(ValueError):
        convert_many([], "out", workers=0)


def test_cli_workers_exit_code_and_one_line_per_failure(inputs, tmp_path, capsys):
    out = tmp_path / "out"
    rc = main(["convert", str(inputs), "-o", str(out), "--workers", "2", "-q"])
    captured = capsys.readouterr()
    assert rc == 1
    errors = [ln for ln in captured.err.splitlines() if ln.startswith("error:")]
    assert len(errors) == 1 and "broken.pdf" in errors[0]
    assert "3 ok" in captured.out or "partial" in captured.out
    assert "1 failed" in captured.out.splitlines()[-1]
    os.remove(inputs / "broken.pdf")
    rc = main(["convert", str(inputs), "-o", str(out), "-q"])
    captured = capsys.readouterr()
    assert rc == 0
    assert captured.out.count("skipped (up to date)") == len(GOOD)


def test_cli_bad_options_exit_2(inputs, tmp_path, capsys):
    assert main(["convert", str(inputs), "-o", str(tmp_path / "o"), "--pages", "3-1"]) == 2
    assert main(["convert", str(inputs), "-o", str(tmp_path / "o"), "--settings", '{"x": 1}']) == 2
    assert main(["convert", str(inputs), "-o", str(tmp_path / "o"), "--workers", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("error:") == 3
