"""Error taxonomy: what parse() raises for bad input, with messages a user can act on.

Contract (layoutpdf.errors): LayoutPDFError subclasses for anything wrong with the input;
OSError for an unreadable path, TypeError/ValueError for wrong arguments (caller's bugs).
"""
from __future__ import annotations

import io
import os

import pymupdf
import pytest

import layoutpdf
from layoutpdf import (CorruptPDFError, EncryptedPDFError, LayoutPDFError, NotAPDFError,
                       PageProcessingError, ResourceLimitError, Settings, SettingsError)
from layoutpdf import cli, pipeline
from layoutpdf.extract import open as open_mod

from test_errors_support import CORPUS, encrypted_pdf, page_sentences, text_pdf, write


# -- the hierarchy --------------------------------------------------------------------------
def test_every_error_is_a_layoutpdf_error():
    for cls in (NotAPDFError, EncryptedPDFError, CorruptPDFError, ResourceLimitError,
                SettingsError, PageProcessingError):
        assert issubclass(cls, LayoutPDFError)
        assert cls.__doc__ and len(cls.__doc__) > 20
    assert issubclass(SettingsError, ValueError)
    assert set(layoutpdf.__all__) >= {"LayoutPDFError", "NotAPDFError", "EncryptedPDFError",
                                      "CorruptPDFError", "ResourceLimitError", "Issue"}


# -- not a PDF ------------------------------------------------------------------------------
@pytest.mark.parametrize("data", [b"This is not a valid PDF file at all.", b"\x89PNG\r\n\x1a\n" + b"\0" * 64,
                                  b"<html><body>404</body></html>"])
def test_not_a_pdf(data):
    with pytest.raises(NotAPDFError, match="not a PDF") as info:
        layoutpdf.parse(data)
    assert "check the file type" in str(info.value)


def test_empty_file(tmp_path):
    path = write(tmp_path, "empty.pdf", b"")
    with pytest.raises(NotAPDFError, match="empty") as info:
        layoutpdf.parse(path)
    assert str(path) in str(info.value)


def test_text_mode_file_object(tmp_path):
    path = write(tmp_path, "doc.pdf", text_pdf(1))
    with open(path, "r", encoding="latin-1") as fh, pytest.raises(NotAPDFError, match="'rb'"):
        layoutpdf.parse(fh)


def test_binary_file_object_and_bytes_and_pathlike(tmp_path):
    data = text_pdf(1)
    path = write(tmp_path, "doc.pdf", data)
    want = layoutpdf.parse(path).to_markdown()
    assert page_sentences(0)[0] in want
    assert layoutpdf.parse(str(path)).to_markdown() == want
    assert layoutpdf.parse(data).to_markdown() == want
    assert layoutpdf.parse(bytearray(data)).to_markdown() == want
    assert layoutpdf.parse(memoryview(data)).to_markdown() == want
    assert layoutpdf.parse(io.BytesIO(data)).to_markdown() == want


# -- the caller's bugs are Python's own errors ------------------------------------------------
def test_missing_path_is_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError):
        layoutpdf.parse(tmp_path / "nope.pdf")


def test_directory_is_an_os_error(tmp_path):
    with pytest.raises(OSError):
        layoutpdf.parse(tmp_path)


@pytest.mark.parametrize("source", [42, None, 3.5, ["a.pdf"]])
def test_wrong_source_type_is_type_error(source):
    with pytest.raises(TypeError, match="path, bytes or a binary file object"):
        layoutpdf.parse(source)


def test_wrong_password_type_is_type_error():
    with pytest.raises(TypeError, match="password"):
        layoutpdf.parse(text_pdf(1), password=1234)


def test_page_out_of_range_is_value_error():
    with pytest.raises(ValueError, match="out of range"):
        layoutpdf.parse(text_pdf(2), pages=[5])


def test_bad_settings_raise_settings_error():
    with pytest.raises(SettingsError, match="unknown setting"):
        layoutpdf.parse(text_pdf(1), {"nope": 1})
    with pytest.raises(SettingsError, match="positive"):
        Settings.from_dict({"limits": {"max_pages": 0}})


# -- damaged --------------------------------------------------------------------------------
@pytest.mark.parametrize("data", [b"%PDF-1.7\n", b"%PDF-1.4\n" + b"garbage " * 200,
                                  b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF"])
def test_hopeless_pdf_is_corrupt(data):
    with pytest.raises(CorruptPDFError) as info:
        layoutpdf.parse(data)
    assert "qpdf" in str(info.value)  # says what to try


def test_broken_xref_is_repaired_and_said():
    data = text_pdf(2)
    cut = data.rindex(b"startxref")
    doc = layoutpdf.parse(data[:cut])          # no startxref, no trailer: MuPDF rebuilds
    assert page_sentences(1)[0] in doc.to_markdown()
    assert any(i.code == "repaired" and i.page is None for i in doc.issues)


# -- passwords ------------------------------------------------------------------------------
@pytest.fixture
def locked(tmp_path):
    return write(tmp_path, "locked.pdf", encrypted_pdf(text_pdf(2), user_pw="s3cret",
                                                      owner_pw="0wner"))


def test_password_needed(locked):
    with pytest.raises(EncryptedPDFError, match="needs a password") as info:
        layoutpdf.parse(locked)
    assert "password=" in str(info.value) and "LAYOUTPDF_PASSWORD" in str(info.value)


def test_wrong_password_says_wrong(locked):
    with pytest.raises(EncryptedPDFError, match="wrong"):
        layoutpdf.parse(locked, password="guess")


@pytest.mark.parametrize("password", ["s3cret", "0wner"])
def test_user_or_owner_password_opens(locked, password):
    doc = layoutpdf.parse(locked, password=password)
    assert page_sentences(1)[0] in doc.to_markdown()


def test_password_through_iter_pages(locked):
    docs = list(layoutpdf.iter_pages(locked, password="s3cret"))
    assert len(docs) == 2 and page_sentences(1)[0] in docs[1].to_markdown()
    with pytest.raises(EncryptedPDFError):
        list(layoutpdf.iter_pages(locked))


def test_owner_password_only_opens_without_password(tmp_path):
    path = write(tmp_path, "restricted.pdf", encrypted_pdf(text_pdf(1), user_pw=""))
    assert page_sentences(0)[0] in layoutpdf.parse(path).to_markdown()
    # a password given for a PDF that needs none is ignored
    assert page_sentences(0)[0] in layoutpdf.parse(path, password="whatever").to_markdown()


def test_password_on_plain_pdf_is_ignored():
    assert page_sentences(0)[0] in layoutpdf.parse(text_pdf(1), password="x").to_markdown()


@pytest.mark.skipif(not (CORPUS / "unstructured_copy_protected_owner_pw.pdf").exists(),
                    reason="shared corpus not available")
def test_corpus_owner_password_pdf_opens():
    doc = layoutpdf.parse(CORPUS / "unstructured_copy_protected_owner_pw.pdf")
    assert "LayoutParser" in doc.to_markdown()


# -- the CLI: --password and LAYOUTPDF_PASSWORD ---------------------------------------------------
def test_cli_password_flag(locked, tmp_path, capsys):
    out = tmp_path / "out"
    assert cli.main(["convert", str(locked), "-o", str(out), "--password", "s3cret"]) == 0
    assert page_sentences(0)[0] in (out / "locked.md").read_text(encoding="utf-8")


def test_cli_password_env(locked, tmp_path, monkeypatch):
    monkeypatch.setenv(cli.PASSWORD_ENV, "s3cret")
    out = tmp_path / "out"
    assert cli.main(["convert", str(locked), "-o", str(out)]) == 0
    assert page_sentences(1)[0] in (out / "locked.md").read_text(encoding="utf-8")


def test_cli_flag_wins_over_env(locked, tmp_path, monkeypatch):
    monkeypatch.setenv(cli.PASSWORD_ENV, "wrong")
    assert cli.main(["convert", str(locked), "-o", str(tmp_path / "o"), "--password", "s3cret"]) == 0


def test_cli_missing_and_wrong_password(locked, tmp_path, monkeypatch, capsys):
    monkeypatch.delenv(cli.PASSWORD_ENV, raising=False)
    assert cli.main(["convert", str(locked), "-o", str(tmp_path / "a")]) == 1
    assert "needs a password" in capsys.readouterr().err
    assert cli.main(["convert", str(locked), "-o", str(tmp_path / "b"), "--password", "no"]) == 1
    assert "wrong" in capsys.readouterr().err


def test_cli_batch_goes_on_after_a_bad_file(tmp_path, capsys):
    src = tmp_path / "in"
    src.mkdir()
    write(src, "a_bad.pdf", b"not a pdf")
    write(src, "b_good.pdf", text_pdf(1))
    out = tmp_path / "out"
    assert cli.main(["convert", str(src), "-o", str(out)]) == 1   # one failure is reported
    assert (out / "b_good.md").exists()
    assert "a_bad.pdf" in capsys.readouterr().err


# -- the adapters take password= too ------------------------------------------------------------
def test_llama_index_reader_password(locked):
    pytest.importorskip("llama_index.core")
    from layoutpdf.llama_index import LayoutPDFReader
    docs = LayoutPDFReader(password="s3cret").load_data(locked)
    assert any(page_sentences(1)[0] in d.text for d in docs)
    with pytest.raises(EncryptedPDFError):
        LayoutPDFReader().load_data(locked)
    with pytest.raises(EncryptedPDFError, match="wrong"):
        LayoutPDFReader(password="nope").load_data(locked)


def test_langchain_loader_password(locked):
    pytest.importorskip("langchain_core")
    from layoutpdf.langchain import LayoutPDFLoader
    docs = LayoutPDFLoader(locked, password="s3cret").load()
    assert any(page_sentences(1)[0] in d.page_content for d in docs)
    with pytest.raises(EncryptedPDFError):
        LayoutPDFLoader(locked).load()


# -- nothing raw from MuPDF escapes ----------------------------------------------------------------
def test_mupdf_error_while_opening_becomes_corrupt(monkeypatch):
    data = text_pdf(1)

    def boom(*a, **k):
        raise pymupdf.FileDataError("cannot open broken document")
    monkeypatch.setattr(open_mod.pymupdf, "open", boom)
    with pytest.raises(CorruptPDFError, match="damaged"):
        layoutpdf.parse(data)


def test_mupdf_error_reading_trailer_becomes_corrupt(monkeypatch):
    def boom(doc, name, password):
        raise RuntimeError("code=2: cannot find object in xref")
    monkeypatch.setattr(open_mod, "_authenticate", boom)
    with pytest.raises(CorruptPDFError, match="trailer"):
        layoutpdf.parse(text_pdf(1))


def test_mupdf_error_on_one_page_is_an_issue(monkeypatch):
    real = pipeline.extract_page

    def flaky(page, index, settings, issues=None):
        if index == 1:
            raise RuntimeError("code=2: syntax error in content stream")
        return real(page, index, settings, issues)
    monkeypatch.setattr(pipeline, "extract_page", flaky)
    doc = layoutpdf.parse(text_pdf(3))
    md = doc.to_markdown()
    assert page_sentences(0)[0] in md and page_sentences(2)[0] in md
    [issue] = [i for i in doc.issues if i.code == "extract_failed"]
    assert issue.page == 1 and "syntax error" in issue.message
    with pytest.raises(PageProcessingError, match="page 2"):
        layoutpdf.parse(text_pdf(3), Settings(strict=True))


def test_damaged_metadata_is_ignored():
    class Broken:
        page_count = 3

        @property
        def metadata(self):
            raise RuntimeError("broken Info dictionary")
    meta = open_mod.pdf_metadata(Broken(), "/x/y.pdf")
    assert meta == {"page_count": 3, "file_name": "y.pdf"}


def test_document_wide_stage_failure_is_an_issue(monkeypatch):
    def broken(doc, settings):
        raise KeyError("boom")
    stages = tuple((n, broken if n == "stitch" else f) for n, f in pipeline.STAGES)
    monkeypatch.setattr(pipeline, "STAGES", stages)
    doc = layoutpdf.parse(text_pdf(2))
    assert page_sentences(1)[0] in doc.to_markdown()
    assert any(i.stage == "stitch" and i.code == "stage_failed" and i.page is None
               for i in doc.issues)
    with pytest.raises(PageProcessingError, match="stitch"):
        layoutpdf.parse(text_pdf(2), Settings(strict=True))


def test_messages_name_the_file(tmp_path):
    path = write(tmp_path, "report-2024.pdf", b"nope")
    with pytest.raises(NotAPDFError, match="report-2024.pdf"):
        layoutpdf.parse(path)
    assert os.path.basename(str(path)) == "report-2024.pdf"
