"""Combining accents of Unicode maths fonts (issue 32): MuPDF's text dict leaves out a
zero-advance U+0302 drawn over 𝜃 (LuaLaTeX + unicode-math, STIX Two, Libertinus), so
`\\hat{\\theta}` read as `\\theta`. The committed fixtures are typeset by
tests/fixtures/tex/make_tex_fixtures.py from the .tex beside them."""
from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

import layoutpdf
from layoutpdf.extract.combining import restore_marks

TEX = Path(__file__).resolve().parent / "fixtures" / "tex"
FLAGS = pymupdf.TEXT_PRESERVE_WHITESPACE | pymupdf.TEXT_CID_FOR_UNKNOWN_UNICODE


@pytest.mark.parametrize("font", ["luatermes", "stix2", "libertinus"])
def test_hat_over_theta_is_read(font):
    doc = layoutpdf.parse(str(TEX / f"operators_{font}.pdf"))
    displays = [q.latex for q in doc.equations if q.display]
    assert any(d.replace(" ", "").startswith(r"\hat{\theta}=") for d in displays), displays


def test_the_mark_follows_its_letter_in_the_dict():
    with pymupdf.open(TEX / "operators_luatermes.pdf") as pdf:
        page = pdf[0]
        raw = restore_marks(page, page.get_text("dict", flags=FLAGS))
    texts = [s["text"] for b in raw["blocks"] for ln in b.get("lines", ()) for s in ln["spans"]]
    with_mark = [t for t in texts if "\u0302" in t]
    assert with_mark == [t for t in texts if t.startswith("\U0001d703\u0302=")], with_mark
    assert len(with_mark) == 1


def test_pages_without_a_maths_font_read_no_trace(monkeypatch):
    calls = []
    real = pymupdf.Page.get_texttrace
    monkeypatch.setattr(pymupdf.Page, "get_texttrace",
                        lambda self: calls.append(self.number) or real(self))
    layoutpdf.parse(str(TEX / "operators_cm.pdf"))
    assert calls == []
    layoutpdf.parse(str(TEX / "operators_luatermes.pdf"))
    assert calls
