"""PyMuPDFLoader's output options applied to rendered units: table formats, image text.

- ``extract_tables="html"`` / ``"csv"``: each table's pipe table becomes an HTML table
  or CSV rows (no header row, as PyMuPDFParser writes them with pandas); ``"markdown"``
  and None keep layoutpdf's pipe table.
- ``images_parser``: each figure crop goes through the LangChain image parser (OCR or a
  vision model); its text follows the figure's caption, as ``images_inner_format`` says
  (``text``, ``markdown-img`` ``![text](#)``, ``html-img`` ``<img alt="text" .../>``).
"""
from __future__ import annotations

import csv
import html
import io
import logging
from dataclasses import replace
from typing import Any, Callable, Sequence

from ..model import Document, Unit, UnitKind

log = logging.getLogger("layoutpdf.adapters")

TABLE_FORMATS = ("markdown", "html", "csv")
IMAGE_FORMATS = ("text", "markdown-img", "html-img")


def check_table_format(fmt: str | None) -> str | None:
    if fmt is not None and fmt not in TABLE_FORMATS:
        raise ValueError(f"extract_tables must be one of {TABLE_FORMATS} or None, not {fmt!r}")
    return fmt


def check_image_format(fmt: str) -> str:
    if fmt not in IMAGE_FORMATS:
        raise ValueError(f"images_inner_format must be one of {IMAGE_FORMATS}, not {fmt!r}")
    return fmt


def table_html(rows: Sequence[Sequence[str]]) -> str:
    cells = ("<tr>" + "".join(f"<td>{html.escape(c or '')}</td>" for c in r) + "</tr>" for r in rows)
    return "<table>\n" + "\n".join(cells) + "\n</table>"


def table_csv(rows: Sequence[Sequence[str]]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([[" ".join((c or "").split()) for c in r]
                                                    for r in rows])
    return out.getvalue()


def with_table_format(doc: Document, units: list[Unit], fmt: str | None) -> list[Unit]:
    """Units with each table's pipe table written as `fmt` (html/csv)."""
    if fmt not in ("html", "csv"):
        return units
    write = table_html if fmt == "html" else table_csv
    tables = {t.id: t for t in doc.tables}
    out = []
    for u in units:
        t = next((tables[i] for i in u.table_ids if i in tables), None)
        if u.kind is not UnitKind.TABLE or t is None or not t.rows:
            out.append(u)
            continue
        blocks = u.text.split("\n\n")
        k = next((n for n, b in enumerate(blocks) if b.startswith("|")), None)
        if k is None:
            out.append(u)
            continue
        blocks[k] = write(t.rows).rstrip("\n")
        out.append(replace(u, text="\n\n".join(blocks)))
    return out


def format_image_text(text: str, fmt: str, target: str = "#") -> str:
    """The image parser's text as PyMuPDFParser places it (`_format_inner_image`)."""
    if not text or fmt == "text":
        return text
    if fmt == "markdown-img":
        return f"![{text.replace(']', chr(92) + ']')}]({target})"
    return f'<img alt="{html.escape(text, quote=True)}" src="{target}" />'


def with_image_text(doc: Document, units: list[Unit], parser: Any, fmt: str,
                    crop: Callable[[Any], bytes]) -> list[Unit]:
    """Units with the image parser's text of each figure after the figure's caption."""
    if parser is None or not doc.figures:
        return units
    from langchain_core.documents.base import Blob
    figures = {f.id: f for f in doc.figures}
    out = []
    for u in units:
        texts = []
        for fid in u.figure_ids:
            if fid not in figures:
                continue
            try:
                blob = Blob.from_data(crop(figures[fid]), mime_type="image/png")
                text = "".join(d.page_content for d in parser.lazy_parse(blob)).strip()
            except Exception as exc:  # an image parser is user code: report, keep the figure
                log.warning("images_parser failed on figure %s: %s: %s", fid,
                            type(exc).__name__, exc)
                continue
            if text:
                texts.append(format_image_text(text, fmt))
        out.append(replace(u, text=u.text + "\n\n" + "\n".join(texts)) if texts else u)
    return out
