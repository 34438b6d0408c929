"""`Settings.resolve` is the one door to settings: every entry point takes a Settings, any
mapping or None through it; the chunking defaults and rule have one source; the worker
memory cap is set up in one place (`layoutpdf.workers`)."""
from __future__ import annotations

import inspect
from types import MappingProxyType

import pytest

import layoutpdf
from layoutpdf import Settings, SettingsError, cli, settings as settings_module
from layoutpdf.split import Splitter

from test_errors_support import figure_pdf, write


def test_resolve_takes_none_a_settings_or_a_mapping():
    assert Settings.resolve(None) == Settings()
    s = Settings().replace(split={"chunk_size": 256})
    assert Settings.resolve(s) is s
    got = Settings.resolve(MappingProxyType({"split": {"chunk_size": 256}}))
    assert got == s


def test_resolve_applies_overrides_over_the_base():
    got = Settings.resolve({"split": {"chunk_size": 256}}, split={"chunk_overlap": 8},
                           strict=True)
    assert (got.split.chunk_size, got.split.chunk_overlap, got.strict) == (256, 8, True)


def test_resolve_refuses_what_is_not_settings():
    with pytest.raises(TypeError):
        Settings.resolve(["split"])
    with pytest.raises(SettingsError, match="unknown setting"):
        Settings.resolve({"nope": 1})
    with pytest.raises(SettingsError, match="at least 16"):
        Settings.resolve(None, split={"chunk_size": 8})


def test_parse_takes_any_mapping_through_resolve(tmp_path):
    path = write(tmp_path, "f.pdf", figure_pdf())
    doc = layoutpdf.parse(path, MappingProxyType({"figures": {"enabled": False}}))
    assert not doc.figures and layoutpdf.parse(path).figures
    with pytest.raises(SettingsError):
        layoutpdf.parse(path, MappingProxyType({"figures": {"crop_dpi": 5}}))


def test_chunking_defaults_have_one_source():
    split = Settings().split
    defaults = (settings_module.CHUNK_SIZE, settings_module.CHUNK_OVERLAP,
                settings_module.ENCODING)
    assert (split.chunk_size, split.chunk_overlap, split.encoding) == defaults
    assert (Splitter().chunk_size, Splitter().chunk_overlap, Splitter().tokenizer) == defaults
    from layoutpdf.split import split_markdown, split_units
    for fn in (split_units, split_markdown):
        params = inspect.signature(fn).parameters
        assert (params["chunk_size"].default, params["chunk_overlap"].default,
                params["tokenizer"].default) == defaults


def test_chunking_rule_is_shared_with_its_own_floor():
    with pytest.raises(SettingsError, match="positive number of tokens"):
        Splitter(chunk_size=0)
    Splitter(chunk_size=8)                         # a splitter takes any positive budget
    with pytest.raises(SettingsError, match="split.chunk_size must be at least 16"):
        Settings.from_dict({"split": {"chunk_size": 8}})
    with pytest.raises(SettingsError, match="split.chunk_size"):   # a float is refused early
        Settings.from_dict({"split": {"chunk_size": 256.0}})
    with pytest.raises(SettingsError, match="chunk_overlap must be"):
        Splitter(chunk_size=32, chunk_overlap=32)


def test_cli_in_process_takes_the_memory_cap_from_workers(tmp_path, monkeypatch):
    from layoutpdf import workers
    seen = []
    monkeypatch.setattr(workers, "limit_memory", lambda mb: seen.append(mb))
    path = write(tmp_path, "f.pdf", figure_pdf())
    assert cli.main(["convert", str(path), "-o", str(tmp_path / "out"), "--in-process", "-q",
                     "--settings", '{"limits": {"max_memory_mb": 4321}}']) == 0
    assert seen == [4321]


def test_ray_and_batch_share_the_worker_module():
    import layoutpdf.batch_pool as pool
    import layoutpdf.ray as lray
    source = inspect.getsource(lray)
    assert "batch import" not in source and "_abandon" not in source
    assert "apply_memory_limit" not in source
    assert pool.abandon.__module__ == "layoutpdf.workers"
