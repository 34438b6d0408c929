"""Outputs are never written through a symlink or a name planted in advance (issue #34):
each test plants the link or the fixed/guessable name first, then runs the writer."""
from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

import layoutpdf
from layoutpdf import OutputPathError, cli
from layoutpdf.batch import convert_many, safe_stem
from layoutpdf.figures_io import figure_file_names
from layoutpdf.safe_write import MAX_STEM_BYTES, short_name, write_file

from test_errors_support import figure_pdf, write


@pytest.fixture
def victim(tmp_path) -> Path:
    path = tmp_path / "victim.txt"
    path.write_text("precious")
    return path


@pytest.fixture
def figure_file(tmp_path) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    return write(folder, "paper.pdf", figure_pdf())


def test_figure_crops_refuse_a_symlinked_figures_folder(figure_file, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    os.symlink(elsewhere, out / "paper-figures")
    report = convert_many([str(figure_file)], str(out), figures=True, progress=False)
    [outcome] = report.outcomes
    assert outcome.status == "failed" and "symlink" in outcome.reason, outcome
    assert list(elsewhere.iterdir()) == []


def test_a_user_named_symlinked_output_folder_is_used(figure_file, tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    os.symlink(real, tmp_path / "link")
    assert cli.main(["convert", str(figure_file), "-o", str(tmp_path / "link"),
                     "--figures", "--in-process", "-q"]) == 0
    assert (real / "paper.md").is_file() and any((real / "paper-figures").iterdir())


def test_convert_does_not_follow_a_planted_pid_thread_temporary(figure_file, tmp_path, victim):
    out = tmp_path / "out"
    out.mkdir()
    guess = out / f"paper.md.{os.getpid()}-{threading.get_ident()}.tmp"   # the old name
    os.symlink(victim, guess)
    assert cli.main(["convert", str(figure_file), "-o", str(out), "--in-process", "-q"]) == 0
    assert victim.read_text() == "precious"
    assert (out / "paper.md").is_file() and not (out / "paper.md").is_symlink()


def test_a_symlink_at_an_output_name_is_replaced_not_followed(tmp_path, victim):
    target = tmp_path / "report.md"
    os.symlink(victim, target)
    write_file(target, "new text")
    assert victim.read_text() == "precious"
    assert not target.is_symlink() and target.read_text() == "new text"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.md", "victim.txt"]


def test_inspect_report_does_not_follow_a_planted_tmp_name(figure_file, tmp_path, victim):
    report = tmp_path / "report.html"
    os.symlink(victim, tmp_path / "report.html.tmp")
    assert cli.main(["inspect", str(figure_file), "-o", str(report)]) == 0
    assert victim.read_text() == "precious"
    assert report.read_text(encoding="utf-8").lstrip().lower().startswith("<!doctype html")


def test_inspect_png_replaces_a_planted_symlink(figure_file, tmp_path, victim):
    pngs = tmp_path / "pngs"
    pngs.mkdir()
    os.symlink(victim, pngs / "paper-p1.png")
    assert cli.main(["inspect", str(figure_file), "--png", str(pngs)]) == 0
    assert victim.read_text() == "precious"
    png = pngs / "paper-p1.png"
    assert not png.is_symlink() and png.read_bytes().startswith(b"\x89PNG")


def test_output_folder_that_is_a_file_is_one_line_exit_2(figure_file, tmp_path, capsys):
    taken = tmp_path / "taken"
    taken.write_text("a file")
    assert cli.main(["convert", str(figure_file), "-o", str(taken), "-q"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and "not a folder" in err, err
    assert taken.read_text() == "a file"
    with pytest.raises(OutputPathError):
        convert_many([str(figure_file)], str(taken), progress=False)


@pytest.mark.parametrize("stem", ["n" * 251, "\u00e9" * 125, "\u6587" * 83],
                         ids=["ascii-251-bytes", "two-byte-chars", "three-byte-chars"])
def test_long_input_names_give_outputs_within_the_name_limit(tmp_path, stem):
    folder = tmp_path / "in"
    folder.mkdir()
    pdf = write(folder, stem + ".pdf", figure_pdf())   # a 251..255-byte name
    out = tmp_path / "out"
    assert cli.main(["convert", str(pdf), "-o", str(out), "--figures", "--in-process",
                     "-q"]) == 0
    names = [p.name for p in out.rglob("*")]
    short = safe_stem(str(pdf))
    assert f"{short}.md" in names and f"{short}-figures" in names, names
    assert all(len(n.encode()) <= 255 for n in names)
    assert cli.main(["inspect", str(pdf), "--png", str(tmp_path / "png")]) == 0
    assert (tmp_path / "png" / f"{short}-p1.png").is_file()


def test_long_names_sharing_a_beginning_get_distinct_figure_names():
    doc = layoutpdf.parse(figure_pdf())
    first = figure_file_names(doc.with_(source="x" * 90 + "a.pdf"))
    second = figure_file_names(doc.with_(source="x" * 90 + "b.pdf"))
    assert first != second and all(len(n) <= 100 for n in first + second)


def test_short_name_is_deterministic_bounded_and_keeps_names_apart():
    assert short_name("report") == "report"
    a, b = "x" * 300 + "a", "x" * 300 + "b"
    assert short_name(a) == short_name(a) != short_name(b)
    multi = "\u6587" * 200
    got = short_name(multi)
    assert len(got.encode()) <= MAX_STEM_BYTES and got.startswith("\u6587" * 30)
    got.encode("utf-8")   # cut on a character boundary


def test_save_figures_turns_an_engine_error_into_an_issue(figure_file, tmp_path, monkeypatch):
    import pymupdf
    from layoutpdf.extract import figures as engine

    def broken(*args, **kwargs):
        raise pymupdf.FileDataError("code=2: invalid image stream")   # what MuPDF raises
    monkeypatch.setattr(engine, "render_clips", broken)
    doc = layoutpdf.parse(figure_file)
    saved = doc.save_figures(str(tmp_path / "crops"))
    assert all(f.image_path is None for f in saved.figures)
    codes = [i.code for i in saved.issues]
    assert codes.count("figure_crop_failed") == len(doc.figures) > 0
    assert "invalid image stream" in saved.issues[-1].message
    assert not list((tmp_path / "crops").iterdir())
    assert figure_file_names(doc)
