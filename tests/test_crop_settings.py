"""`figures.crop_dpi` and `limits.max_crop_pixels` act on every crop written: the adapters'
image_dir, the LangChain image parser's input, `save_figures`, `render_figure`, the CLI and
the inspector's page images. Checked by the pixel size of what is written."""
from __future__ import annotations

import base64
import re
import struct
from pathlib import Path

import pytest

import layoutpdf
from layoutpdf import cli
from layoutpdf.figures_io import render_figure, save_figures

from test_errors_support import figure_pdf, write

# the figure is about 300 pt wide: 75 dpi gives ~310 px, 300 dpi ~1240 px (4x)
SHARP, COARSE = 300, 75
MIN_RATIO = 3.6
SMALL_CAP = 20_000            # pixels: far below what 300 dpi gives (~1240 x 770)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def crop_sizes(directory: Path) -> list[tuple[int, int]]:
    files = sorted(directory.glob("*.png"))
    assert files, f"no crop written in {directory}"
    return [png_size(f.read_bytes()) for f in files]


def dpi(value: int) -> dict:
    return {"figures": {"crop_dpi": value}}


def capped(pixels: int) -> dict:
    return {"figures": {"crop_dpi": SHARP}, "limits": {"max_crop_pixels": pixels}}


def assert_sharper(sharp: list[tuple[int, int]], coarse: list[tuple[int, int]]) -> None:
    assert len(sharp) == len(coarse)
    for (ws, _), (wc, _) in zip(sharp, coarse):
        assert ws >= MIN_RATIO * wc, (ws, wc)


def assert_capped(sizes: list[tuple[int, int]], cap: int) -> None:
    for w, h in sizes:
        assert w * h <= cap * 1.05, (w, h, cap)   # rounding to whole pixels


@pytest.fixture(scope="module")
def pdf(tmp_path_factory) -> Path:
    return write(tmp_path_factory.mktemp("crops"), "figure.pdf", figure_pdf())


# -- LlamaIndex -----------------------------------------------------------------------------
def llama_crops(pdf: Path, settings: dict, d: Path) -> list[tuple[int, int]]:
    pytest.importorskip("llama_index.core")
    from layoutpdf.llama_index import LayoutPDFReader
    LayoutPDFReader(settings, image_dir=str(d)).load_data(pdf)
    return crop_sizes(d)


def test_llama_index_reader_crops_at_crop_dpi(pdf, tmp_path):
    assert_sharper(llama_crops(pdf, dpi(SHARP), tmp_path / "sharp"),
                   llama_crops(pdf, dpi(COARSE), tmp_path / "coarse"))


def test_llama_index_reader_crops_within_max_crop_pixels(pdf, tmp_path):
    assert_capped(llama_crops(pdf, capped(SMALL_CAP), tmp_path / "capped"), SMALL_CAP)


# -- LangChain ------------------------------------------------------------------------------
def langchain_crops(pdf: Path, settings: dict, d: Path) -> list[tuple[int, int]]:
    pytest.importorskip("langchain_core")
    from layoutpdf.langchain import LayoutPDFLoader
    LayoutPDFLoader(str(pdf), settings=settings, image_dir=str(d)).load()
    return crop_sizes(d)


def test_langchain_loader_crops_at_crop_dpi(pdf, tmp_path):
    assert_sharper(langchain_crops(pdf, dpi(SHARP), tmp_path / "sharp"),
                   langchain_crops(pdf, dpi(COARSE), tmp_path / "coarse"))
    assert_capped(langchain_crops(pdf, capped(SMALL_CAP), tmp_path / "capped"), SMALL_CAP)


def test_langchain_image_parser_gets_crops_at_crop_dpi(pdf):
    pytest.importorskip("langchain_core")
    from langchain_core.document_loaders import BaseBlobParser
    from langchain_core.documents import Document
    from layoutpdf.langchain import LayoutPDFLoader

    class Sizes(BaseBlobParser):
        """An image parser that records the size of every image it is given."""
        seen: list = []

        def lazy_parse(self, blob):
            self.seen.append(png_size(blob.as_bytes()))
            yield Document(page_content="")

    def seen(settings: dict) -> list[tuple[int, int]]:
        parser = Sizes()
        parser.seen = []
        LayoutPDFLoader(str(pdf), settings=settings, images_parser=parser).load()
        assert parser.seen, "the image parser was not called"
        return parser.seen

    assert_sharper(seen(dpi(SHARP)), seen(dpi(COARSE)))
    assert_capped(seen(capped(SMALL_CAP)), SMALL_CAP)


# -- save_figures, render_figure --------------------------------------------------------------
def test_save_figures_takes_the_crop_settings(pdf, tmp_path):
    doc = layoutpdf.parse(pdf)
    save_figures(doc, str(tmp_path / "sharp"), settings=dpi(SHARP))
    save_figures(doc, str(tmp_path / "coarse"), settings=dpi(COARSE))
    assert_sharper(crop_sizes(tmp_path / "sharp"), crop_sizes(tmp_path / "coarse"))
    save_figures(doc, str(tmp_path / "capped"), settings=capped(SMALL_CAP))
    assert_capped(crop_sizes(tmp_path / "capped"), SMALL_CAP)


def test_save_figures_explicit_dpi_wins_over_settings(pdf, tmp_path):
    doc = layoutpdf.parse(pdf)
    save_figures(doc, str(tmp_path / "a"), dpi=COARSE, settings=dpi(SHARP))
    save_figures(doc, str(tmp_path / "b"), dpi=SHARP, settings=dpi(COARSE))
    assert_sharper(crop_sizes(tmp_path / "b"), crop_sizes(tmp_path / "a"))


def test_render_figure_takes_the_crop_settings(pdf):
    doc = layoutpdf.parse(pdf)
    fig = doc.figures[0]
    sharp = png_size(render_figure(doc, fig, settings=dpi(SHARP)))
    coarse = png_size(render_figure(doc, fig, settings=dpi(COARSE)))
    assert_sharper([sharp], [coarse])
    assert_capped([png_size(render_figure(doc, fig, settings=capped(SMALL_CAP)))], SMALL_CAP)


# -- CLI ------------------------------------------------------------------------------------
def cli_crops(pdf: Path, settings: str, out: Path) -> list[tuple[int, int]]:
    assert cli.main(["convert", str(pdf), "-o", str(out), "--figures", "--in-process",
                     "-q", "--settings", settings]) == 0
    return crop_sizes(out / "figure-figures")


def test_cli_convert_crops_at_crop_dpi_within_max_crop_pixels(pdf, tmp_path):
    sharp = cli_crops(pdf, '{"figures": {"crop_dpi": 300}}', tmp_path / "sharp")
    coarse = cli_crops(pdf, '{"figures": {"crop_dpi": 75}}', tmp_path / "coarse")
    assert_sharper(sharp, coarse)
    assert_capped(cli_crops(pdf, '{"figures": {"crop_dpi": 300}, '
                                 f'"limits": {{"max_crop_pixels": {SMALL_CAP}}}}}',
                            tmp_path / "capped"), SMALL_CAP)


# -- inspector ------------------------------------------------------------------------------
def page_image_sizes(html: str) -> list[tuple[int, int]]:
    uris = re.findall(r"data:image/png;base64,([A-Za-z0-9+/=]+)", html)
    assert uris, "no page image in the report"
    return [png_size(base64.b64decode(u)) for u in uris]


def test_inspector_page_images_within_max_crop_pixels(pdf):
    from layoutpdf.debug import inspect
    doc = layoutpdf.parse(pdf)
    free = page_image_sizes(inspect(doc, image_format="png", katex=False))
    assert free[0][0] * free[0][1] > SMALL_CAP * 4       # the default cap does not bite here
    html = inspect(doc, image_format="png", katex=False,
                   settings={"limits": {"max_crop_pixels": SMALL_CAP}})
    assert_capped(page_image_sizes(html), SMALL_CAP)


def test_cli_inspect_takes_settings(pdf, tmp_path):
    out = tmp_path / "report.html"
    assert cli.main(["inspect", str(pdf), "-o", str(out), "--settings",
                     f'{{"limits": {{"max_crop_pixels": {SMALL_CAP}}}}}']) == 0
    uris = re.findall(r"data:image/(?:png|jpeg);base64,([A-Za-z0-9+/=]+)", out.read_text())
    assert uris
    from PIL import Image
    import io
    for u in uris:
        w, h = Image.open(io.BytesIO(base64.b64decode(u))).size
        assert w * h <= SMALL_CAP * 1.05



def test_document_save_figures_takes_the_crop_settings(pdf, tmp_path):
    """Document.save_figures, the method a user calls on a parsed document, follows
    figures.crop_dpi like every other writer of crops."""
    doc = layoutpdf.parse(pdf)
    doc.save_figures(str(tmp_path / "sharp"), settings=dpi(300))
    doc.save_figures(str(tmp_path / "coarse"), settings=dpi(75))
    assert_sharper(crop_sizes(tmp_path / "sharp"), crop_sizes(tmp_path / "coarse"))
