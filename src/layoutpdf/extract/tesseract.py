"""Is Tesseract there (the language packs, the hint naming the package to install when
none are, the `tesseract` program that reads a page in one run), and which way up is a
page: its orientation and script from Tesseract's orientation detection (`tesseract
--psm 0`), asked when a reading is in doubt (or before MuPDF's OCR, which cannot tell),
which also picks the languages a page is read in."""
from __future__ import annotations

import functools
import glob
import logging
import os
import re
import shutil
import subprocess
from dataclasses import dataclass

import pymupdf

from .recognition import render

log = logging.getLogger("layoutpdf")

OSD_DPI = 150                   # orientation detection needs less detail than OCR
OSD_MIN_CONFIDENCE = 1.5        # Tesseract's orientation confidence to trust a rotation
OSD_MIN_SCRIPT_CONFIDENCE = 1.0 # ... and its script confidence to add a language
OSD_TIMEOUT_S = 60
TESSDATA_GLOBS = ("/usr/share/tesseract-ocr/*/tessdata", "/usr/share/tesseract-ocr/tessdata",
                  "/usr/share/tessdata", "/usr/local/share/tessdata",
                  "/usr/local/share/tesseract-ocr/*/tessdata", "/opt/homebrew/share/tessdata",
                  "/opt/local/share/tessdata")
# script named by Tesseract's orientation detection -> language packs that read it
SCRIPT_LANGUAGES = {"Han": ("chi_sim", "chi_tra"), "Japanese": ("jpn",), "Korean": ("kor",),
                    "Hangul": ("kor",), "Cyrillic": ("rus", "ukr"), "Greek": ("ell",),
                    "Arabic": ("ara",), "Hebrew": ("heb",), "Devanagari": ("hin",),
                    "Thai": ("tha",)}


# -- is Tesseract there? ------------------------------------------------------------------
def install_hint(languages: tuple[str, ...] = ("eng",)) -> str:
    """The Debian command that installs Tesseract with these language packs."""
    packs = ["tesseract-ocr"] + [f"tesseract-ocr-{lang.lower().replace('_', '-')}"
                                 for lang in dict.fromkeys(("eng",) + tuple(languages))]
    return "apt-get install " + " ".join(packs)


@functools.lru_cache(maxsize=1)
def tessdata_dir() -> str | None:
    """Tesseract's language data folder: TESSDATA_PREFIX, the usual places, or PyMuPDF's search."""
    env = os.environ.get("TESSDATA_PREFIX")
    if env and os.path.isdir(env):
        return env
    found = sorted(d for pattern in TESSDATA_GLOBS for d in glob.glob(pattern)
                   if glob.glob(os.path.join(d, "*.traineddata")))
    if found:
        return found[-1]                       # the newest versioned folder
    try:
        path = pymupdf.get_tessdata()
    except Exception:  # PyMuPDF raises RuntimeError when there is no Tesseract at all
        return None
    return path if path and os.path.isdir(path) else None


def installed_languages(tessdata: str | None = None) -> frozenset[str]:
    folder = tessdata or tessdata_dir()
    if not folder:
        return frozenset()
    return frozenset(os.path.basename(p)[:-len(".traineddata")]
                     for p in glob.glob(os.path.join(folder, "*.traineddata")))


@dataclass(frozen=True)
class Engine:
    tessdata: str
    languages: tuple[str, ...]          # the configured ones, all installed
    installed: frozenset[str]
    osd: str | None                     # the tesseract binary, for orientation detection
    program: str | None = None          # the tesseract binary, to recognise (ocr_tsv)


def engine(languages: tuple[str, ...]) -> tuple[Engine | None, str]:
    """The OCR engine for these languages, or None and a message saying what to install."""
    folder = tessdata_dir()
    installed = installed_languages(folder)
    missing = tuple(lang for lang in languages if lang not in installed)
    if folder is None or not installed:
        return None, ("OCR needs Tesseract, which is not installed (no tessdata folder found; "
                      f"set TESSDATA_PREFIX if it is elsewhere): {install_hint(languages)}")
    if missing:
        return None, (f"OCR language data {', '.join(missing)} not installed in {folder}: "
                      f"{install_hint(missing)}")
    binary = shutil.which("tesseract")
    osd = binary if binary and "osd" in installed else None
    return Engine(folder, tuple(languages), installed, osd, binary), ""


def languages_for(eng: Engine, script: str | None) -> str:
    """The configured languages; when the page's script is one none of them reads (Han
    on an `eng` setting), the installed pack for that script instead (each extra language
    costs a full extra recognition pass)."""
    langs = list(eng.languages)
    wanted = SCRIPT_LANGUAGES.get(script or "", ())
    if wanted and not any(w in langs for w in wanted):
        found = [w for w in wanted if w in eng.installed][:1]
        if found:
            log.info("OCR: %s script detected; reading it with %s", script, found[0])
            langs = found
    return "+".join(langs)


# -- orientation ----------------------------------------------------------------------------
def orientation(pdf_page: pymupdf.Page, eng: Engine,
                clip: pymupdf.Rect | None = None) -> tuple[int, str | None]:
    """(clockwise degrees that make the displayed page (or its `clip`) upright, script)
    from Tesseract's OSD."""
    if not eng.osd:
        return 0, None
    pix = render(pdf_page, OSD_DPI, 0, clip)
    env = dict(os.environ, TESSDATA_PREFIX=eng.tessdata, OMP_THREAD_LIMIT="1")
    try:
        out = subprocess.run([eng.osd, "stdin", "stdout", "--psm", "0"], input=pix.tobytes("png"),
                             capture_output=True, timeout=OSD_TIMEOUT_S, env=env, check=False)
    except (OSError, subprocess.SubprocessError) as exc:
        log.info("orientation detection failed: %s", exc)
        return 0, None
    return parse_osd(out.stdout.decode("utf-8", "replace"))


def parse_osd(text: str) -> tuple[int, str | None]:
    def num(key: str) -> float | None:
        m = re.search(rf"{key}:\s*(-?[\d.]+)", text)
        return float(m.group(1)) if m else None
    rotate, conf = num("Rotate"), num("Orientation confidence")
    m = re.search(r"Script:\s*(\w+)", text)
    script_conf = num("Script confidence") or 0.0
    script = m.group(1) if m and script_conf >= OSD_MIN_SCRIPT_CONFIDENCE else None
    if rotate is None or (conf or 0.0) < OSD_MIN_CONFIDENCE:
        return 0, script
    return int(rotate) % 360, script
