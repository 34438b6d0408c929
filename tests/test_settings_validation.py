"""One validator for every setting (issue #34): type, range and finiteness, with a
SettingsError that names the field, the value and what is allowed; reached through
Settings.resolve, the sections' own constructors, the adapters and the CLI."""
from __future__ import annotations

import dataclasses
import json
import math
import typing

import pytest

from layoutpdf import Settings, SettingsError, cli
from layoutpdf.settings import LimitSettings

from test_errors_support import text_pdf


def _fields() -> list[tuple[str, str, type]]:
    """(section, field, annotation) of every leaf setting."""
    out = [("", "strict", bool)]
    for section in dataclasses.fields(Settings):
        cls = typing.get_type_hints(Settings)[section.name]
        if dataclasses.is_dataclass(cls):
            hints = typing.get_type_hints(cls)
            out += [(section.name, f.name, hints[f.name]) for f in dataclasses.fields(cls)]
    return out


def _wrong_type(tp: type) -> object:
    return 3 if tp is str or typing.get_origin(tp) is tuple else "3"


def _data(section: str, name: str, value: object) -> dict:
    return {section: {name: value}} if section else {name: value}


@pytest.mark.parametrize("section,name,tp", _fields(), ids=lambda v: str(v))
def test_every_field_refuses_a_value_of_the_wrong_type(section, name, tp):
    value = _wrong_type(tp)
    with pytest.raises(SettingsError) as err:
        Settings.resolve(_data(section, name, value))
    message = str(err.value)
    assert (f"{section}.{name}" if section else name) in message and repr(value) in message
    assert "allowed" in message


FLOATS = [(s, n) for s, n, tp in _fields() if tp is float]


@pytest.mark.parametrize("section,name", FLOATS)
@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_float_settings_refuse_nan_and_infinity(section, name, value):
    with pytest.raises(SettingsError, match=f"{section}.{name}.*finite"):
        Settings.resolve(_data(section, name, value))


def test_a_string_number_names_field_value_and_what_is_allowed():
    with pytest.raises(SettingsError) as err:
        Settings.resolve({"limits": {"max_pages": "3"}})
    assert str(err.value) == ("limits.max_pages='3' is not allowed: a positive whole number "
                              "(got str)")


def test_booleans_are_not_numbers_and_numbers_are_not_booleans():
    with pytest.raises(SettingsError, match="limits.max_pages=True"):
        Settings.resolve({"limits": {"max_pages": True}})
    with pytest.raises(SettingsError, match="tables.enabled=1"):
        Settings.resolve({"tables": {"enabled": 1}})


def test_sections_built_directly_are_checked_too():
    with pytest.raises(SettingsError, match="limits.page_time_budget_s=nan"):
        LimitSettings(page_time_budget_s=math.nan)
    with pytest.raises(SettingsError, match="limits.max_pages"):
        Settings().replace(limits={"max_pages": 2.5})


def test_whole_numbers_are_accepted_for_float_settings():
    s = Settings.resolve({"limits": {"page_time_budget_s": 5}})
    assert s.limits.page_time_budget_s == 5


def test_the_cli_refuses_a_nan_budget_in_one_line(tmp_path, capsys):
    pdf = tmp_path / "a.pdf"
    pdf.write_bytes(text_pdf(1))
    bad = json.dumps({"limits": {"page_time_budget_s": math.nan}})   # JSON NaN
    assert cli.main(["convert", str(pdf), "-o", str(tmp_path / "o"), "--settings", bad]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "limits.page_time_budget_s=nan" in err, err
    assert cli.main(["inspect", str(pdf), "-o", str(tmp_path / "r.html"), "--dpi", "0"]) == 2
    assert "--dpi" in capsys.readouterr().err


def test_the_adapters_refuse_bad_settings_when_built():
    pytest.importorskip("llama_index.core")
    pytest.importorskip("langchain_core")
    from layoutpdf.adapters.langchain import LayoutPDFParser
    from layoutpdf.adapters.llama_index import LayoutPDFReader
    with pytest.raises(SettingsError, match="limits.max_pages='3'"):
        LayoutPDFReader({"limits": {"max_pages": "3"}})
    with pytest.raises(SettingsError, match="limits.document_time_budget_s=inf"):
        LayoutPDFParser(settings={"limits": {"document_time_budget_s": math.inf}})
