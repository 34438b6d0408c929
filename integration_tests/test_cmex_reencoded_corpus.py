"""Real papers whose TeX extension font is re-encoded (glyphs named in /Encoding
/Differences from code 2 up): their big delimiters, integrals and radicals are read as the
glyphs the names say (extract/font_encoding.py), not as the standard cmex layout's codes."""
from __future__ import annotations

import pytest

import layoutpdf
from layoutpdf import Role

from conftest import corpus_file


def _equations(name: str) -> list[str]:
    doc = layoutpdf.parse(str(corpus_file(name)))
    return [e.text for e in doc.elements if e.role is Role.EQUATION]


@pytest.fixture(scope="module")
def jcap() -> list[str]:
    return _equations("grobid_jcap_0807.3577.pdf")     # CMEX10, re-encoded


@pytest.mark.parametrize("latex", [
    r"\rho(t_{0}, r) = \rho_{b} \left[ 1 + \delta_{\rho} - \delta_{\rho} \exp \left( "
    r"-\frac{r^{2}}{\sigma^{2}} \right) \right] , \tag{A.1}",
    r"{}^{(3)}\mathcal{R} = -\frac{4}{R^{2}} \left( E + \frac{E^{\prime}R}{R^{\prime}} "
    r"\right) . \tag{11}",
    r"\int_{0}^{R} \frac{d\tilde{R}}{\sqrt{2E + (2M/ \tilde{R})}} = c [t - t_{B}(r)] , "
    r"\tag{8}",
])
def test_jcap_reencoded_cmex_displays(jcap, latex):
    assert latex in jcap


def test_jcap_no_stray_extension_glyphs(jcap):
    """(A.1), (A.3), (11) and the radical of (8) used to show \\langle, \\| and \\} that
    the standard layout gives the re-encoded codes."""
    for tag in ("(A.1)", "(A.3)", "(11)", "(8)"):
        eq = next(e for e in jcap if e.endswith(rf"\tag{{{tag[1:-1]}}}"))
        assert not any(t in eq for t in (r"\langle", r"\|", r"\}", r"\lfloor", r"\rceil")), eq


def test_latin_modern_extension_with_a_truncated_span_name():
    """LMMathExtension10-Regular, re-encoded: spans name it 'LMMathExtension10-Regula'."""
    eqs = _equations("pdfminer_ieee_tifs_paper.pdf")
    assert r"L_{\mu,b}(x) = \frac{1}{2b} \exp \left( -\frac{|x - \mu|}{b} \right) ," in eqs
