"""Font-name signals for maths: which fonts only maths uses, which symbol fonts office
formula editors set operators in, and the coarse TeX family of a font (cmex, cmsy, cmmi,
msbm, ...), whatever typesetter renamed it. Imports nothing of layoutpdf.
"""
from __future__ import annotations

import re
from functools import lru_cache


# ----------------------------------------------------------------------------------------
# font-name signals
# ----------------------------------------------------------------------------------------
_MATH_FONT_RX = re.compile(
    r"^(cmmi|cmmib|cmsy|cmbsy|cmex|msam|msbm|eufm|eufb|eusm|eusb|rsfs|mtmi|mtsy|mtex|mt2mit|"
    r"r?txmi|r?txsy|txex|r?pxmi|pxsy|pxex|zxmi|zxsy|ntxmi|ntxsy|ntxex|newtxmi|newtxbmi|"
    r"newpxmi|newpxbmi|"
    r"ntxbmi|txbmi|pxbmi|stmary|wasy|esint|dsrom|bbm|bbold|"
    r"lmmathitalic|lmmathsymbols|lmmathextension|symbol|mathematicalpi|euclid|mathtime)"
    r"|math|rsfs|msbm|msam|cambria.?math|stix.*(math|integrals|sizes|variants|nonuni)",
    re.I)
_SUBSET_RX = re.compile(r"^[A-Z]{6}\+")


@lru_cache(maxsize=4096)
def base_font_name(fontname: str) -> str:
    """Font name without the 6-letter subset prefix ('ABCDEF+CMMI10' -> 'CMMI10')."""
    return _SUBSET_RX.sub("", fontname or "")


@lru_cache(maxsize=4096)
def is_math_font(fontname: str) -> bool:
    """True for fonts that only math uses: TeX math fonts (CMMI, CMSY, CMEX, AMS, LM Math,
    mathtime), OpenType math fonts (Cambria Math, STIX Two Math, Latin Modern Math,
    TeX Gyre * Math), Symbol. Text fonts that merely contain Greek do not count."""
    name = base_font_name(fontname)
    return bool(name) and bool(_MATH_FONT_RX.search(name.replace(" ", "")))


_SYMBOL_FONT_RX = re.compile(r"^(opensymbol|symbol(mt)?|standardsym|mtextra|euclidsymbol|"
                             r"mathematicalpi|universalmath)", re.I)


@lru_cache(maxsize=4096)
def is_symbol_font(fontname: str) -> bool:
    """Symbol fonts that office suites set formula operators in (LibreOffice Math:
    OpenSymbol; Word's equation editor 3: Symbol, MT Extra). Their letters and digits
    come from the text font, and lists take bullets from them too: a signal that a
    character is maths, not a maths font. Dingbat fonts (Wingdings, ZapfDingbats) are
    none: no equation editor sets a formula in them; word processors take bullets and
    check boxes from them."""
    return bool(_SYMBOL_FONT_RX.search(base_font_name(fontname).replace(" ", "")))


@lru_cache(maxsize=4096)
def is_opensymbol(fontname: str) -> bool:
    """LibreOffice's symbol font: a formula with a glyph in it was set by LibreOffice Math
    (Writer's formula objects), whose letters come from the text font."""
    return base_font_name(fontname).replace(" ", "").lower().startswith("opensymbol")


@lru_cache(maxsize=4096)
def font_family(fontname: str) -> str:
    """Coarse TeX family of a font: 'cmex', 'cmsy', 'cmmi', 'msbm', 'eufm', 'rsfs', 'cal'
    (calligraphic capitals), 'cmr' (any TeX text roman), 'bold' (TeX bold text), or ''
    (anything else)."""
    n = base_font_name(fontname).lower().replace(" ", "")
    # Times and Palatino TeX maths (txfonts, pxfonts, newtx, mathtime) keep cm's layouts
    if "cmex" in n or "mathextension" in n or n.startswith(("txex", "pxex", "mtex", "esint",
                                                             "ntxex", "zxex")):
        return "cmex"
    # blackboard letters: mathpazo's PazoMathBlackboardBold, txfonts' and pxfonts'
    # symbol font B (their msbm)
    if "blackboard" in n or n.startswith(("txsyb", "pxsyb", "rtxsyb", "rpxsyb")):
        return "msbm"
    if "cmsy" in n or "cmbsy" in n or "mathsymbols" in n or n.startswith(
            ("txsy", "pxsy", "mtsy", "rtxsy", "ntxsy", "zxsy")):
        return "cmsy"
    if "cmmi" in n or "mathitalic" in n or n.startswith(
            ("txmi", "pxmi", "mtmi", "rtxmi", "rpxmi", "ntxmi", "newtxmi", "newpxmi", "zxmi")):
        return "cmmib" if ("cmmib" in n or "bold" in n) else "cmmi"
    if n.startswith(("newtxbmi", "newpxbmi", "ntxbmi", "txbmi", "pxbmi", "rtxbmi", "rpxbmi")):
        return "cmmib"
    if n.startswith(("msbm", "bbold", "dsrom", "bbm")):
        return "msbm"
    if n.startswith(("eufm", "eufb")):
        return "eufm"
    if n.startswith("rsfs"):
        return "rsfs"
    # a font of calligraphic capitals alone (STIXMathCalligraphy: libertinust1math's and
    # stix2's \mathcal)
    if n.startswith("stix") and "calligraphy" in n:
        return "cal"
    if n.startswith(("cmbx", "cmb10")) or ("lmroman" in n and "bold" in n and "italic" not in n):
        return "bold"
    if n.startswith(("cmr", "lmroman", "sfrm", "ecrm")) and "caps" not in n:
        return "cmr"
    return ""
