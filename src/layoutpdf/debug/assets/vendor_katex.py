"""Vendor KaTeX into the inspector (a build step, run by hand; the report works without it).

    python src/layoutpdf/debug/assets/vendor_katex.py [VERSION]

runs ``npm pack katex@VERSION`` (default below) in a temporary folder and writes
``katex/katex.min.js``, ``katex/katex.min.css`` (the woff2 fonts inlined as ``data:`` URIs,
the woff/ttf fallbacks dropped, so the CSS needs no network or files), ``katex/LICENSE``
and ``katex/VERSION`` next to this file. `layoutpdf.debug.inspect` inlines them into reports
of documents that have equations when they are present, and shows raw LaTeX otherwise.
"""
from __future__ import annotations

import base64
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

DEFAULT_VERSION = "0.16.47"
HERE = Path(__file__).resolve().parent
FONT_SRC = re.compile(r"src:url\(fonts/([\w-]+)\.woff2\) format\(\"woff2\"\)(?:,url\([^)]*\) format\(\"[a-z]+\"\))*")


def inline_fonts(css: str, fonts: Path) -> str:
    def repl(m: re.Match) -> str:
        data = base64.b64encode((fonts / f"{m.group(1)}.woff2").read_bytes()).decode("ascii")
        return f'src:url(data:font/woff2;base64,{data}) format("woff2")'
    out = FONT_SRC.sub(repl, css)
    if "url(fonts/" in out:
        raise SystemExit("KaTeX CSS still points at font files: the @font-face format changed")
    return out


def vendor(version: str = DEFAULT_VERSION, target: Path = HERE / "katex") -> None:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["npm", "pack", f"katex@{version}", "--silent"], cwd=tmp, check=True,
                       stdout=subprocess.DEVNULL)
        (tgz,) = Path(tmp).glob("katex-*.tgz")
        with tarfile.open(tgz) as tar:
            tar.extractall(tmp, filter="data")
        pkg = Path(tmp) / "package"
        target.mkdir(exist_ok=True)
        shutil.copy(pkg / "dist" / "katex.min.js", target / "katex.min.js")
        css = (pkg / "dist" / "katex.min.css").read_text("utf-8")
        (target / "katex.min.css").write_text(inline_fonts(css, pkg / "dist" / "fonts"), "utf-8")
        shutil.copy(pkg / "LICENSE", target / "LICENSE")
        (target / "VERSION").write_text(tgz.stem.removeprefix("katex-") + "\n", "utf-8")
    print(f"vendored KaTeX {version} into {target}")


if __name__ == "__main__":
    vendor(*(sys.argv[1:2] or [DEFAULT_VERSION]))
