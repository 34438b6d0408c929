"""HTML printed to PDF by the Chromium on this machine, for tests of what a browser
prints (its list markers, `<sup>` marks, page breaks). No tests here. A test that needs
Chromium is skipped where there is none."""
from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

_NAMES = ("chromium", "chromium-browser", "google-chrome")


def chromium() -> str:
    for name in _NAMES:
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("no Chromium to print HTML")


def print_html(html: str) -> bytes:
    """`html` printed by headless Chromium (no header/footer template), as PDF bytes."""
    exe = chromium()
    with tempfile.TemporaryDirectory(prefix="layoutpdf-html-") as tmp:
        src, out = Path(tmp, "in.html"), Path(tmp, "out.pdf")
        src.write_text(html, encoding="utf-8")
        subprocess.run([exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                        f"--user-data-dir={tmp}/profile", "--no-pdf-header-footer",
                        f"--print-to-pdf={out}", src.as_uri()],
                       check=True, capture_output=True, timeout=120)
        return out.read_bytes()
