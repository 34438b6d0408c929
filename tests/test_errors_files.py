"""Files, paths and active content: outputs stay inside the directory given, names are
sanitised, nothing is overwritten unless asked, nothing is fetched, launched or extracted."""
from __future__ import annotations

import os
import socket
import subprocess
import time
from pathlib import Path

import pymupdf
import pytest

import layoutpdf
from layoutpdf import cli

from test_errors_support import active_content_pdf, figure_pdf, page_sentences, write

EVIL_META = {"title": "../../../../tmp/evil-title", "author": "/etc/passwd",
             "subject": "..\\..\\windows\\system32"}


def all_files(root: Path) -> set[Path]:
    return {p.resolve() for p in root.rglob("*") if p.is_file() or p.is_symlink()}


def inside(path: Path, root: Path) -> bool:
    return os.path.commonpath([os.path.realpath(path), os.path.realpath(root)]) == \
        os.path.realpath(root)


# -- names ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["../../etc/passwd.pdf", "/abs/dir/report 2024 (final).pdf",
                                  "..\\..\\windows\\evil.pdf", "....pdf", "", "<bytes>",
                                  "a/b/\u202etxt.pdf", ".hidden.pdf"])
def test_cli_stems_are_safe(name):
    got = cli._safe_stem(name)
    assert got and "/" not in got and "\\" not in got and not got.startswith(".")
    assert ".." not in got.strip(".") or got.strip(".") == got
    assert all(c.isalnum() or c in "-_." for c in got)
    assert os.path.basename(got) == got


@pytest.mark.parametrize("source", ["../../../x/evil.pdf", "/etc/cron.d/job.pdf",
                                    "..\\..\\evil.pdf", "<bytes>", "a/b/\u202etxt.pdf"])
def test_figure_file_names_are_safe(source):
    from layoutpdf.figures_io import figure_file_names, safe_stem
    stem = safe_stem(source)
    assert stem and "/" not in stem and "\\" not in stem and ".." not in stem
    doc = layoutpdf.parse(figure_pdf())
    doc = doc.with_(source=source)
    for name in figure_file_names(doc):
        assert os.path.basename(name) == name and name.endswith(".png")


# -- figure crops ---------------------------------------------------------------------------
@pytest.fixture
def figure_file(tmp_path) -> Path:
    # a hostile title in the PDF, a hostile-looking (but legal) file name on disk
    return write(tmp_path, "..evil name;rm -rf.pdf", figure_pdf(EVIL_META))


def test_save_figures_writes_only_inside_the_directory(figure_file, tmp_path):
    doc = layoutpdf.parse(figure_file)
    assert doc.figures, "the fixture must have a figure"
    before = all_files(tmp_path)
    out = tmp_path / "crops"
    saved = doc.save_figures(str(out))
    new = all_files(tmp_path) - before
    assert new and all(inside(p, out) for p in new)
    for f in saved.figures:
        assert f.image_path and inside(Path(f.image_path), out)
        assert Path(f.image_path).read_bytes().startswith(b"\x89PNG")
    assert not Path("/tmp/evil-title").exists()


def test_save_figures_does_not_overwrite_unless_asked(figure_file, tmp_path):
    from layoutpdf.figures_io import figure_file_names
    doc = layoutpdf.parse(figure_file)
    out = tmp_path / "crops"
    out.mkdir()
    [name] = figure_file_names(doc)
    (out / name).write_bytes(b"user's own file")
    with pytest.raises(FileExistsError):
        doc.save_figures(str(out))
    assert (out / name).read_bytes() == b"user's own file"
    from layoutpdf.figures_io import save_figures
    save_figures(doc, str(out), overwrite=True)
    assert (out / name).read_bytes().startswith(b"\x89PNG")


def test_save_figures_does_not_follow_a_planted_symlink(figure_file, tmp_path):
    from layoutpdf.figures_io import figure_file_names
    doc = layoutpdf.parse(figure_file)
    out = tmp_path / "crops"
    out.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    [name] = figure_file_names(doc)
    os.symlink(victim, out / name)
    with pytest.raises((FileExistsError, ValueError)):
        doc.save_figures(str(out))
    assert victim.read_text() == "precious"


# -- CLI convert ----------------------------------------------------------------------------
def test_cli_convert_writes_only_inside_output(figure_file, tmp_path):
    out = tmp_path / "out"
    before = all_files(tmp_path)
    assert cli.main(["convert", str(figure_file), "-o", str(out), "--figures"]) == 0
    new = all_files(tmp_path) - before
    assert new and all(inside(p, out) for p in new), new
    names = {p.name for p in new}
    assert all("/" not in n and not n.startswith(".") for n in names)
    assert not any(n.endswith(".tmp") for n in names)
    md = next(p for p in new if p.suffix == ".md").read_text(encoding="utf-8")
    assert "Figure 1" in md


def test_cli_convert_json_and_title_do_not_steer_paths(figure_file, tmp_path):
    out = tmp_path / "out"
    assert cli.main(["convert", str(figure_file), "-o", str(out), "--format", "json"]) == 0
    [made] = [p for p in out.iterdir()]
    assert made.suffix == ".json" and "evil-title" not in made.name


def test_cli_does_not_redo_an_up_to_date_output_unless_forced(tmp_path):
    src = write(tmp_path, "doc.pdf", figure_pdf())
    out = tmp_path / "out"
    assert cli.main(["convert", str(src), "-o", str(out)]) == 0
    target = out / "doc.md"
    target.write_text("edited by hand", encoding="utf-8")
    later = time.time() + 10
    os.utime(target, (later, later))
    assert cli.main(["convert", str(src), "-o", str(out)]) == 0
    assert target.read_text(encoding="utf-8") == "edited by hand"
    assert cli.main(["convert", str(src), "-o", str(out), "--force"]) == 0
    assert page_sentences(0)[0] in target.read_text(encoding="utf-8")


def test_cli_replaces_a_planted_symlink_not_its_target(tmp_path):
    src = write(tmp_path, "doc.pdf", figure_pdf())
    out = tmp_path / "out"
    out.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    os.symlink(victim, out / "doc.md")
    assert cli.main(["convert", str(src), "-o", str(out), "--force"]) == 0
    assert victim.read_text() == "precious"


# -- active content: never executed, followed, fetched or extracted -------------------------------
@pytest.fixture(scope="module")
def active_bytes() -> bytes:
    return active_content_pdf()


@pytest.fixture
def no_side_effects(monkeypatch):
    """Fail loudly if anything tries the network, a subprocess or an embedded file."""
    calls: list[str] = []

    def refuse(what):
        def f(*a, **k):
            calls.append(what)
            raise AssertionError(f"layoutpdf must not call {what}")
        return f
    monkeypatch.setattr(socket.socket, "connect", refuse("socket.connect"))
    monkeypatch.setattr(socket, "create_connection", refuse("socket.create_connection"))
    monkeypatch.setattr(socket, "getaddrinfo", refuse("socket.getaddrinfo"))
    monkeypatch.setattr(subprocess, "Popen", refuse("subprocess.Popen"))
    monkeypatch.setattr(os, "system", refuse("os.system"))
    for name in ("embfile_get", "embfile_info", "embfile_names", "embfile_count"):
        monkeypatch.setattr(pymupdf.Document, name, refuse(f"Document.{name}"))
    monkeypatch.setattr(pymupdf.Annot, "get_file", refuse("Annot.get_file"))
    return calls


def test_active_content_parses_normally(active_bytes, no_side_effects, tmp_path):
    path = write(tmp_path, "active.pdf", active_bytes)
    doc = layoutpdf.parse(path)
    md = doc.to_markdown()
    assert all(s in md for s in page_sentences(0))
    assert "app.alert" not in md and "exportDataObject" not in md
    assert "should-never-be-fetched" not in md and "/bin/sh" not in md
    assert not Path("/tmp/layoutpdf-pwned").exists()
    assert not no_side_effects
    assert {p.name for p in tmp_path.iterdir()} == {"active.pdf"}


def test_active_content_through_cli_and_adapters(active_bytes, no_side_effects, tmp_path):
    path = write(tmp_path, "active.pdf", active_bytes)
    out = tmp_path / "out"
    assert cli.main(["convert", str(path), "-o", str(out), "--figures", "--workers", "1"]) == 0
    assert {p.name for p in out.iterdir()} == {"active.md"}
    try:
        from layoutpdf.langchain import LayoutPDFLoader
    except ImportError:
        pass
    else:
        assert LayoutPDFLoader(path).load()
    assert not no_side_effects
    assert not Path("/tmp/layoutpdf-pwned").exists()
