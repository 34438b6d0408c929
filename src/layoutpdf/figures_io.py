"""Figure crops: render a figure to PNG, write all crops of a document to a directory.

The model is frozen and holds no PDF handle, so rendering needs the source again: the
path the document was parsed from (`Document.source`) or the bytes/file object passed as
`source=`. File names are deterministic and safe (`<stem>-p<page>-fig<n>.png`, page
1-based, n the figure's number on its page); files are only ever written inside the
directory given, and an existing file is never replaced unless `overwrite=True` (an
identical one is left as is).

Resolution and size come from the settings the caller parsed with (`figures.crop_dpi`,
`limits.max_crop_pixels`), so a crop asked sharper is sharper wherever it is written (the
adapters' image_dir, the LangChain image parser, the CLI's --figures); an explicit `dpi`
wins over `figures.crop_dpi`.
"""
from __future__ import annotations

import os
import re
from dataclasses import replace
from typing import Any, Mapping, Sequence, Union

from .errors import Issue, LayoutPDFError
from .model import BBox, Document, Figure
from .safe_write import existing_bytes, output_dir, short_name, write_file
from .settings import Settings

PAD_PT = 2.0      # margin around the figure box in a crop
FIGURE_STEM_BYTES = 80   # longest stem of a crop's name (then `-p<page>-fig<n>.png`)
SettingsLike = Union[Settings, Mapping[str, Any], None]


def render_figure(doc: Document, figure: Figure, dpi: int | None = None, source=None,
                  password: str | None = None, *, settings: SettingsLike = None) -> bytes:
    """PNG bytes of the figure's region (a page clip, so vector content is included)."""
    return _render(doc, [figure], dpi, source, password, settings)[0]


def save_figures(doc: Document, directory: str, dpi: int | None = None, *, source=None,
                 password: str | None = None, overwrite: bool = False,
                 settings: SettingsLike = None, own_folder: bool = False) -> Document:
    """Write every figure as `<directory>/<stem>-p<page>-fig<n>.png`; return the document
    with each figure's `image_path` set (the directory as given, joined with the name).

    Files are written through `safe_write` (never through a symlink at a crop's name).
    `own_folder`: `directory` is a folder layoutpdf made (`safe_write.make_subdir`), opened
    without following a link; otherwise it is the caller's, created when missing. A crop
    MuPDF cannot render leaves its figure without `image_path` and adds an Issue
    (``figure_crop_failed``): no raw engine exception escapes."""
    if not doc.figures:
        return doc
    if not own_folder:
        output_dir(directory)
    names = figure_file_names(doc)
    images = _render_each(doc, dpi, _source(doc, source), password, settings)
    figures, issues = [], list(doc.issues)
    for f, name, png in zip(doc.figures, names, images):
        if isinstance(png, Exception):
            issues.append(Issue("figures", f.page, "figure_crop_failed",
                                f"figure {name} could not be rendered: {_one_line(png)}"))
            figures.append(f)
            continue
        _write(os.path.join(directory, name), png, overwrite, own_folder)
        figures.append(replace(f, image_path=os.path.join(directory, name).replace(os.sep, "/")))
    return doc.with_(figures=tuple(figures), issues=tuple(issues))


def figure_file_names(doc: Document) -> list[str]:
    """`<stem>-p<page>-fig<n>.png` for each figure, in order (page 1-based)."""
    stem = safe_stem(doc.source)
    count: dict[int, int] = {}
    names = []
    for f in doc.figures:
        count[f.page] = count.get(f.page, 0) + 1
        names.append(f"{stem}-p{f.page + 1}-fig{count[f.page]}.png")
    return names


def safe_stem(source: str) -> str:
    """A file-name stem from the document's source: letters, digits, '-', '_', '.' only;
    over FIGURE_STEM_BYTES its beginning and a hash of the whole (`short_name`), so two
    long names that start alike keep apart in one folder."""
    base = os.path.basename(str(source or "").replace("\\", "/"))
    stem = os.path.splitext(base)[0] if not base.startswith("<") else ""
    stem = re.sub(r"[^A-Za-z0-9._-]+", "_", stem).strip("._-")
    return short_name(stem, FIGURE_STEM_BYTES) if stem else "document"


def _render(doc: Document, figures: Sequence[Figure], dpi: int | None, source,
            password: str | None, settings: SettingsLike) -> list[bytes]:
    """PNG crops at `dpi` (default `figures.crop_dpi`), within `limits.max_crop_pixels`."""
    from .extract.figures import render_clips
    s = Settings.resolve(settings)
    return render_clips(_source(doc, source), [_clip_spec(doc, f) for f in figures],
                        dpi=s.figures.crop_dpi if dpi is None else dpi,
                        max_pixels=s.limits.max_crop_pixels, password=password)


def _render_each(doc: Document, dpi: int | None, source, password: str | None,
                 settings: SettingsLike) -> list[bytes | Exception]:
    """Every crop in one pass; when MuPDF fails on one, each figure alone, so only the
    figures it cannot render are lost (as the exception, for their Issue). Typed errors
    (the source cannot be opened) and running out of memory still raise."""
    try:
        return list(_render(doc, doc.figures, dpi, source, password, settings))
    except (LayoutPDFError, MemoryError):
        raise
    except Exception:   # MuPDF's own errors, on one figure's page
        pass
    out: list[bytes | Exception] = []
    for f in doc.figures:
        try:
            out.append(_render(doc, [f], dpi, source, password, settings)[0])
        except (LayoutPDFError, MemoryError):
            raise
        except Exception as exc:
            out.append(exc)
    return out


def _one_line(exc: Exception) -> str:
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _source(doc: Document, source):
    if source is not None:
        return source
    if not doc.source or doc.source.startswith("<") or not os.path.exists(doc.source):
        raise ValueError("the document was not parsed from a file that still exists; "
                         "pass source=<path, bytes or file object> to render its figures")
    return doc.source


def _clip_spec(doc: Document, f: Figure) -> tuple:
    """(page index, clip box, view) for extract.figures.render_clips."""
    page = next((p for p in doc.pages if p.index == f.page), None)
    return (f.page, _clip(doc, f)) + ((page.view,) if page is not None and page.width > 0 else ())


def _clip(doc: Document, f: Figure) -> BBox:
    box = f.bbox.expand(PAD_PT)
    page = next((p for p in doc.pages if p.index == f.page), None)
    return box.intersection(page.rect) or f.bbox if page is not None and page.width > 0 else box


def _write(path: str, data: bytes, overwrite: bool, own_folder: bool) -> None:
    """An identical regular file is left as is; another one is replaced only when
    `overwrite` (a symlink at the name counts as another file, and is replaced, not
    followed)."""
    if os.path.lexists(path):
        if existing_bytes(path) == data:
            return
        if not overwrite:
            raise FileExistsError(f"{path} exists; pass overwrite=True to replace it")
    write_file(path, data, own_folder=own_folder)
