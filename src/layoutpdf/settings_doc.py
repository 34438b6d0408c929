"""The settings reference in the README, generated from the Settings dataclasses.

`python -m layoutpdf.settings_doc` prints it; `--write README.md` replaces the block
between the markers. A test fails when the README is stale or a field has no description.
"""
from __future__ import annotations

import dataclasses
import sys
import typing

from .settings import Settings, allowed_values

BEGIN, END = "<!-- settings:begin -->", "<!-- settings:end -->"

DOCS: dict[str, str] = {
    "strict": "raise on the first page a stage fails on, instead of recording an Issue and falling back to plain text",
    "columns.min_gutter_em": "narrowest whitespace between two columns, in multiples of the body font size",
    "columns.min_column_em": "narrowest column a gutter may separate, in body font sizes",
    "columns.max_columns": "most columns looked for side by side in one region",
    "furniture.enabled": "find watermarks, running headers/footers, page numbers, line numbers and margin stamps",
    "furniture.band": "running text is looked for in the two outermost rows within this fraction of the page height",
    "furniture.repeat_fraction": "a running line repeats on at least this share of the pages (and on 2 or more)",
    "furniture.watermark_size_ratio": "faint text this many times the body size is a watermark",
    "furniture.light_lightness": "colour lightness (darkest channel, 0..1) above which text counts as faint (unless a dark fill under it makes it legible)",
    "furniture.tile_min_repeats": "a short string repeated this often on one page, faint, see-through or on a slant, is a tiled watermark",
    "math.enabled": "serialise math as LaTeX ($...$ inline, $$...$$ display)",
    "figures.enabled": "find figures (raster and vector) and bind their captions",
    "figures.crop_dpi": "resolution of every figure crop: save_figures, the adapters' image_dir and image parser, --figures",
    "footnotes.enabled": "bind footnotes to their in-text anchors",
    "tables.enabled": "find tables and emit them as Markdown",
    "ocr.mode": "auto: OCR pages without a usable text layer; always; never",
    "ocr.languages": "Tesseract language packs, e.g. ('eng', 'chi_sim')",
    "ocr.dpi": "resolution pages are rendered at for OCR",
    "split.chunk_size": "chunk budget in tokens",
    "split.chunk_overlap": "tokens of whole sentences/units repeated from the previous chunk",
    "split.display_context": "sentences before a display equation kept in its chunk (one more "
                             "when the earliest is short, ends with ':' or holds inline "
                             "math); 0: off",
    "split.encoding": "tiktoken encoding used to count tokens (offline: cl100k_base, o200k_base)",
    "split.table_format": "how chunks say a table: markdown (rows under a repeated header) or rows "
                          "(each row with its column labels, 'Net income — 2021: 1,263; 2020: "
                          "709'; measured in benchmarks/table_format.py)",
    "limits.max_pages": "pages read at most (more: truncated with an Issue; strict: ResourceLimitError)",
    "limits.max_drawings_per_page": "vector paths read per page at most; beyond, the page degrades and says so",
    "limits.max_spans_per_page": "text spans read per page at most; beyond, the page degrades and says so",
    "limits.max_crop_pixels": "largest figure crop (and inspector page image) rendered, in pixels; a larger one is rendered at a lower resolution",
    "limits.page_time_budget_s": "seconds a page may take before its remaining stages degrade to plain text",
    "limits.max_content_bytes_per_page": "decoded bytes of a page's content streams (Form XObjects counted per use), checked before MuPDF reads the page; beyond, the page is not read (Issue page_too_complex)",
    "limits.max_content_tokens_per_page": "operators and operands in a page's content (forms per use), checked before MuPDF reads it; beyond, the page is not read",
    "limits.max_text_operators_per_page": "text-showing operators (Tj, TJ, ', \") on a page, forms per use, checked before MuPDF reads it; beyond, the page is not read (Issue page_too_complex)",
    "limits.max_text_bytes_per_page": "bytes of text operands on a page; beyond, plain text blocks only (Issue too_much_text); past 3x, the page is not read",
    "limits.max_image_mb": "an image on the page larger than this decoded (width x height x components, from its dictionary): the page is not rendered or OCR'd (Issue image_too_large)",
    "limits.max_image_pixels": "an image with more pixels (width x height, from its dictionary) is placed on the page but never decoded: its page is not OCR'd and a figure crop shows a grey box in its place (Issue image_not_decoded)",
    "limits.max_memory_mb": "address space a batch/ray/CLI worker may add for a parse (RLIMIT_AS); over it the document fails with ResourceLimitError. In-process: layoutpdf.limits.apply_memory_limit",
    "limits.document_time_budget_s": "seconds to read one document; pages after it are not read (Issue document_time_budget; strict: ResourceLimitError)",
}


def _fields(cls: type, prefix: str = "") -> list[tuple[str, str, object, str]]:
    out = []
    hints = typing.get_type_hints(cls)
    instance = cls()
    for f in dataclasses.fields(cls):
        tp = hints[f.name]
        if dataclasses.is_dataclass(tp):
            out.extend(_fields(tp, f"{prefix}{f.name}."))
        else:
            name = getattr(tp, "__name__", None) or str(tp).replace("typing.", "")
            out.append((prefix + f.name, name, getattr(instance, f.name),
                        allowed_values(prefix + f.name, tp)))
    return out


def reference() -> str:
    rows = ["| setting | type | default | allowed | meaning |", "|---|---|---|---|---|"]
    for name, tp, default, allowed in _fields(Settings):
        rows.append(f"| `{name}` | {tp} | `{default!r}` | {allowed} | {DOCS.get(name, '')} |")
    return "\n".join(rows)


def undocumented() -> list[str]:
    return [name for name, *_ in _fields(Settings) if not DOCS.get(name)]


def replace_block(readme: str) -> str:
    start, end = readme.index(BEGIN) + len(BEGIN), readme.index(END)
    return readme[:start] + "\n" + reference() + "\n" + readme[end:]


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--write":
        with open(sys.argv[2], encoding="utf-8") as fh:
            text = fh.read()
        with open(sys.argv[2], "w", encoding="utf-8") as fh:
            fh.write(replace_block(text))
    else:
        print(reference())
