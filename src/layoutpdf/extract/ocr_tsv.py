"""One Tesseract run per page: the `tesseract` program's TSV output carries the words,
their boxes, the lines Tesseract found and each word's confidence, so a page is
recognised once and judged (`ocr_quality.judge`) from the same reading.

Before, MuPDF's built-in Tesseract read the page (`Pixmap.pdfocr_tobytes`, words back
through a PDF text layer) while the program read it a second time for the confidences
only: two full recognitions of one rendering. MuPDF's path stays for when only the
library is there (no `tesseract` program).

The words come back as a MuPDF text dict (blocks, lines, spans with `bbox`/`origin`), the
shape `recognition.ocr_lines` reads: a word's box spans its line's height, its origin on
the line's bottom, as in the text layer MuPDF writes from the same Tesseract lines, so
line sizes (and the headings they make) read the same either way.
"""
from __future__ import annotations

import logging
import os
import subprocess

log = logging.getLogger("layoutpdf")

TSV_TIMEOUT_S = 120


def run_tsv(program: str, image: bytes, languages: str, tessdata: str, dpi: int) -> str | None:
    """Tesseract's TSV of the image (through its pipe: nothing else runs meanwhile), or
    None when the program fails (the caller then reads the page with MuPDF's OCR).
    The image is a PNM (no compression to spend time on; the same pixels as a PNG, so
    the same words), its resolution given as `dpi`. One thread (OMP_THREAD_LIMIT=1):
    the same output on every run."""
    env = dict(os.environ, TESSDATA_PREFIX=tessdata, OMP_THREAD_LIMIT="1")
    try:
        out = subprocess.run([program, "stdin", "stdout", "--dpi", str(dpi), "-l", languages, "tsv"],
                             input=image, capture_output=True, timeout=TSV_TIMEOUT_S, env=env,
                             check=False)
    except (OSError, subprocess.SubprocessError) as exc:
        log.info("tesseract failed: %s", exc)
        return None
    if out.returncode != 0:
        log.info("tesseract failed: %s", out.stderr[-300:])
        return None
    return out.stdout.decode("utf-8", "replace")


def text_dict(tsv: str, scale: float, dx: float = 0.0, dy: float = 0.0) -> dict:
    """The words of Tesseract's TSV as a MuPDF text dict, in points: pixel * `scale`,
    moved by (`dx`, `dy`) (a clip's place on the page). One block per Tesseract block,
    one line per Tesseract line, one span per word (reading order as Tesseract gives it)."""
    blocks: dict[int, dict] = {}
    lines: dict[tuple[int, int, int], dict] = {}
    boxes: dict[tuple[int, int, int], tuple[float, float]] = {}
    for row in tsv.splitlines()[1:]:
        cols = row.split("\t")
        if len(cols) < 12 or cols[0] not in ("4", "5"):
            continue
        try:
            block, par, line = int(cols[2]), int(cols[3]), int(cols[4])
            left, top, width, height = (int(c) for c in cols[6:10])
        except ValueError:
            continue
        key = (block, par, line)
        if cols[0] == "4":
            boxes[key] = (top * scale + dy, (top + height) * scale + dy)
            continue
        text = cols[11]
        if not text.strip() or key not in boxes:
            continue
        y0, y1 = boxes[key]
        x0, x1 = left * scale + dx, (left + width) * scale + dx
        if key not in lines:
            lines[key] = {"spans": []}
            blocks.setdefault(block, {"type": 0, "lines": []})["lines"].append(lines[key])
        lines[key]["spans"].append({"text": text, "bbox": (x0, y0, x1, y1), "origin": (x0, y1)})
    return {"blocks": list(blocks.values())}
