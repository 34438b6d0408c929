"""Every CLI failure is one line on stderr and a documented exit code (README, "Exit
codes"; issue #34): no traceback, no usage block."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from layoutpdf import cli

from test_errors_support import text_pdf

README = Path(__file__).resolve().parents[1] / "README.md"


@pytest.fixture
def pdf(tmp_path) -> Path:
    path = tmp_path / "a.pdf"
    path.write_bytes(text_pdf(1))
    return path


def _run(argv: list[str], capsys) -> tuple[int, str]:
    try:
        code = cli.main(argv)
    except SystemExit as exc:   # argparse's own exit
        code = exc.code
    return code, capsys.readouterr().err


CASES = {
    "unknown option": (["convert", "{pdf}", "-o", "{tmp}/o", "--bogus"], 2),
    "missing -o": (["convert", "{pdf}"], 2),
    "bad pages": (["convert", "{pdf}", "-o", "{tmp}/o", "--pages", "x-2"], 2),
    "no workers": (["convert", "{pdf}", "-o", "{tmp}/o", "--workers", "0"], 2),
    "settings not JSON": (["convert", "{pdf}", "-o", "{tmp}/o", "--settings", "[1"], 2),
    "inspect a folder as -o": (["inspect", "{pdf}", "-o", "{tmp}"], 2),
    "inspect a missing input": (["inspect", "{tmp}/missing.pdf", "-o", "{tmp}/r.html"], 1),
    "inspect a non-PDF": (["inspect", "{tmp}/junk.pdf", "-o", "{tmp}/r.html"], 1),
    "report into a missing folder": (["inspect", "{pdf}", "-o", "{tmp}/no/r.html"], 1),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_cli_failures_are_one_line_with_a_documented_code(case, pdf, tmp_path, capsys):
    (tmp_path / "junk.pdf").write_bytes(b"not a pdf at all")
    argv, expected = CASES[case]
    argv = [a.format(pdf=pdf, tmp=tmp_path) for a in argv]
    code, err = _run(argv, capsys)
    assert code == expected, (code, err)
    assert err.count("\n") == 1 and err.startswith("error: "), err
    assert "Traceback" not in err


def test_an_internal_error_is_one_line_exit_3(pdf, tmp_path, capsys, monkeypatch):
    def bug(*args, **kwargs):
        raise RuntimeError("an unexpected\nbug")
    monkeypatch.setattr(cli, "parse", bug)
    code, err = _run(["inspect", str(pdf), "-o", str(tmp_path / "r.html")], capsys)
    assert code == 3 and err.count("\n") == 1 and "RuntimeError: an unexpected bug" in err


def test_every_exit_code_is_documented_in_the_readme():
    text = README.read_text(encoding="utf-8")
    table = text[text.index("| exit code | meaning |"):]
    documented = {int(c) for c in re.findall(r"^\| (\d+) \|", table, re.M)}
    assert {cli.EXIT_OK, cli.EXIT_FAILED, cli.EXIT_USAGE, cli.EXIT_INTERNAL,
            cli.EXIT_INTERRUPTED} <= documented
