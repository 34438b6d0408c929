"""Nested frozen settings with named defaults and validation. Unknown keys raise.

`Settings.resolve(settings, **overrides)` is the one door: every entry point (parse,
extract, the adapters, the CLI, batch, Ray) turns what its caller gave (a Settings, a
mapping or None) into a validated Settings there, and every default lives in this module.
"""
from __future__ import annotations

import dataclasses
import math
import typing
from dataclasses import dataclass, field
from typing import Any, Mapping

from .errors import SettingsError

# -- named defaults (typographic units are multiples of the body font size, "em") -------
MIN_GUTTER_EM = 0.7          # narrowest whitespace between two columns
MIN_COLUMN_EM = 5.0          # narrowest column a gutter may separate
FURNITURE_BAND = 0.2         # running text lives in the outer rows within this fraction
REPEAT_FRACTION = 0.4        # a running line repeats on at least this share of pages
WATERMARK_SIZE_RATIO = 2.5   # text this many times the body size, light or rotated
LIGHT_LIGHTNESS = 0.70       # colour lightness above which large text counts as faint
TILE_MIN_REPEATS = 3         # one short string this many times on a page is tiled
# -- chunking and figure crops: the defaults the splitter, the adapters and Ray share ---------
CHUNK_SIZE = 512             # tokens per chunk
CHUNK_OVERLAP = 0            # tokens repeated from the previous chunk
DISPLAY_CONTEXT = 1          # sentences before a display equation kept in its chunk
ENCODING = "cl100k_base"     # tiktoken encoding that counts them
TABLE_FORMAT = "markdown"    # how chunks say a table: Markdown rows, or "rows" (each with labels)
TABLE_FORMATS = ("markdown", "rows")
MIN_SETTINGS_CHUNK_SIZE = 16  # settings refuse a smaller budget (a Splitter takes >= 1)
CROP_DPI = 150               # figure crops (save_figures, image_dir, --figures)


def check_chunking(chunk_size: Any, chunk_overlap: Any, *, minimum: int = 1,
                   prefix: str = "") -> None:
    """The one rule for a chunk budget: a whole number of tokens of at least `minimum`,
    and an overlap smaller than it. `prefix` names the section in the message."""
    if not isinstance(chunk_size, int) or chunk_size < minimum:
        raise SettingsError(f"{prefix}chunk_size must be at least {minimum} tokens" if minimum > 1
                            else f"{prefix}chunk_size must be a positive number of tokens")
    if not isinstance(chunk_overlap, int) or not 0 <= chunk_overlap < chunk_size:
        raise SettingsError(f"{prefix}chunk_overlap must be >= 0 and < chunk_size")


def check_table_format(value: Any) -> None:
    """How chunks say a table: one of TABLE_FORMATS (a Splitter's; settings check theirs
    with the other choices)."""
    if value not in TABLE_FORMATS:
        raise SettingsError(f"table_format must be one of {', '.join(map(repr, TABLE_FORMATS))}, "
                            f"not {value!r}")


def check_display_context(value: Any, *, prefix: str = "") -> None:
    """Sentences kept before a display: a whole number, 0 (off) or more."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise SettingsError(f"{prefix}display_context must be a whole number of sentences >= 0")


@dataclass(frozen=True)
class ColumnSettings:
    min_gutter_em: float = MIN_GUTTER_EM
    min_column_em: float = MIN_COLUMN_EM
    max_columns: int = 4

    def __post_init__(self) -> None:
        _validate(self, "columns")


@dataclass(frozen=True)
class FurnitureSettings:
    enabled: bool = True
    band: float = FURNITURE_BAND
    repeat_fraction: float = REPEAT_FRACTION
    watermark_size_ratio: float = WATERMARK_SIZE_RATIO
    light_lightness: float = LIGHT_LIGHTNESS
    tile_min_repeats: int = TILE_MIN_REPEATS

    def __post_init__(self) -> None:
        _validate(self, "furniture")


@dataclass(frozen=True)
class MathSettings:
    enabled: bool = True

    def __post_init__(self) -> None:
        _validate(self, "math")


@dataclass(frozen=True)
class FigureSettings:
    enabled: bool = True
    crop_dpi: int = CROP_DPI

    def __post_init__(self) -> None:
        _validate(self, "figures")


@dataclass(frozen=True)
class FootnoteSettings:
    enabled: bool = True

    def __post_init__(self) -> None:
        _validate(self, "footnotes")


@dataclass(frozen=True)
class TableSettings:
    enabled: bool = True

    def __post_init__(self) -> None:
        _validate(self, "tables")


@dataclass(frozen=True)
class OcrSettings:
    mode: str = "auto"                   # auto | always | never
    languages: tuple[str, ...] = ("eng",)
    dpi: int = 300

    def __post_init__(self) -> None:
        _validate(self, "ocr")


@dataclass(frozen=True)
class SplitSettings:
    chunk_size: int = CHUNK_SIZE
    chunk_overlap: int = CHUNK_OVERLAP
    encoding: str = ENCODING
    # sentences that introduce a display equation kept in the display's chunk (one more
    # when the earliest is short, ends with ':' or holds inline math); 0 turns the rule off
    display_context: int = DISPLAY_CONTEXT
    # "rows": each table row said with its column labels ("Net income — 2021: 1,263; 2020:
    # 709"), for embedding a piece of a table read alone; "markdown" (default): table rows
    table_format: str = TABLE_FORMAT

    def __post_init__(self) -> None:
        _validate(self, "split")
        check_chunking(self.chunk_size, self.chunk_overlap, minimum=MIN_SETTINGS_CHUNK_SIZE,
                       prefix="split.")
        check_display_context(self.display_context, prefix="split.")


@dataclass(frozen=True)
class LimitSettings:
    """Caps that keep one hostile or extreme PDF from stalling a batch. Over a cap the work
    degrades and an `Issue` says so (strict=True raises `ResourceLimitError` for max_pages).
    The defaults never trigger on ordinary documents (largest seen: 38,556 paths on a CAD
    plan, 2,628 spans on a newspaper-like gazette page; over the shared corpora's pages, at
    most 2.8 MB of decoded content, 757,616 content tokens, 3,773 text-showing operators)."""
    max_pages: int = 10_000              # beyond: the first ones only (issue max_pages)
    max_drawings_per_page: int = 50_000  # beyond: first paths only, no table search
    max_spans_per_page: int = 20_000     # beyond: plain text; past 3x that, text dropped
    max_crop_pixels: int = 40_000_000    # largest figure crop / page render, in pixels
    page_time_budget_s: float = 30.0     # a page over it in one stage becomes plain text
    # checked on the raw objects before MuPDF builds a page (extract/preflight.py)
    max_content_bytes_per_page: int = 64_000_000   # decoded content streams, forms per use
    max_content_tokens_per_page: int = 5_000_000   # beyond: the page is not read
    max_text_operators_per_page: int = 200_000     # Tj/TJ/'/" (forms per use); beyond: not read
    max_text_bytes_per_page: int = 1_000_000       # beyond: plain text; past 3x, not read
    max_image_mb: int = 512              # an image larger decoded: the page is not rendered
    max_image_pixels: int = 120_000_000  # larger images are placed, never decoded (OCR, crops)
    max_memory_mb: int = 2048            # address space a worker may add (batch, ray, CLI)
    document_time_budget_s: float = 600.0   # pages after it are not read (issue)

    def __post_init__(self) -> None:   # every cap: a positive number (floats finite)
        _validate(self, "limits")


@dataclass(frozen=True)
class Settings:
    strict: bool = False
    columns: ColumnSettings = field(default_factory=ColumnSettings)
    furniture: FurnitureSettings = field(default_factory=FurnitureSettings)
    math: MathSettings = field(default_factory=MathSettings)
    figures: FigureSettings = field(default_factory=FigureSettings)
    footnotes: FootnoteSettings = field(default_factory=FootnoteSettings)
    tables: TableSettings = field(default_factory=TableSettings)
    ocr: OcrSettings = field(default_factory=OcrSettings)
    split: SplitSettings = field(default_factory=SplitSettings)
    limits: LimitSettings = field(default_factory=LimitSettings)

    def __post_init__(self) -> None:
        _validate(self, "")

    @classmethod
    def resolve(cls, settings: "Settings | Mapping[str, Any] | None" = None,
                **overrides: Any) -> "Settings":
        """The one door to settings: a Settings as is, a mapping validated (unknown keys and
        bad values raise SettingsError), None the defaults; `overrides` as for `replace`
        (nested sections take dicts). Anything else is a TypeError."""
        if settings is None:
            base = _default()
        elif isinstance(settings, Settings):
            base = settings
        elif isinstance(settings, Mapping):
            base = cls.from_dict(dict(settings))
        else:
            raise TypeError("settings must be a layoutpdf.Settings, a dict or None")
        return base.replace(**overrides) if overrides else base

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> "Settings":
        return _build(cls, data or {}, "")

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def replace(self, **changes: Any) -> "Settings":
        """Copy with changes; nested sections take dicts: s.replace(split={"chunk_size": 256})."""
        merged = self.to_dict()
        for key, value in changes.items():
            if isinstance(value, dict) and isinstance(merged.get(key), dict):
                merged[key] = {**merged[key], **value}
            elif dataclasses.is_dataclass(value):
                merged[key] = dataclasses.asdict(value)
            else:
                merged[key] = value
        return Settings.from_dict(merged)


_DEFAULT: list[Settings] = []


def _default() -> Settings:
    """The default Settings, built once (it is frozen)."""
    if not _DEFAULT:
        _DEFAULT.append(Settings())
    return _DEFAULT[0]


def plain(settings: Settings | Mapping[str, Any] | None) -> dict[str, Any] | None:
    """Validated settings as a plain dict (picklable, cheap to send to a worker), or None
    for the defaults. Validates now, so a bad setting fails where it is given."""
    return None if settings is None else Settings.resolve(settings).to_dict()


def _build(cls: type, data: dict[str, Any], prefix: str) -> Any:
    if not isinstance(data, dict):
        raise SettingsError(f"settings section {prefix or 'root'!r} must be a mapping")
    names = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(data) - set(names))
    if unknown:
        raise SettingsError(f"unknown setting(s) {', '.join(prefix + k for k in unknown)}; "
                            f"known: {', '.join(sorted(names))}")
    hints = typing.get_type_hints(cls)
    kwargs = {}
    for key, value in data.items():
        tp = hints[key]
        if dataclasses.is_dataclass(tp):
            kwargs[key] = value if isinstance(value, tp) else _build(tp, value, f"{prefix}{key}.")
        elif typing.get_origin(tp) is tuple and isinstance(value, (list, tuple, str)):
            kwargs[key] = (value,) if isinstance(value, str) else tuple(value)
        else:
            kwargs[key] = value
    return cls(**kwargs)


# -- the one validator: every field's type (from its annotation) and allowed values -------
# (low, high, low included, high included); a field not listed takes any value of its type,
# except numbers, which are positive unless listed. Floats must also be finite.
_RANGES: dict[str, tuple[float, float, bool, bool]] = {
    "columns.max_columns": (1, 8, True, True),
    "furniture.band": (0, 0.5, False, False),
    "furniture.repeat_fraction": (0, 1, False, True),
    "furniture.light_lightness": (0, 1, True, True),
    "figures.crop_dpi": (10, 1200, True, True),
    "ocr.dpi": (50, 1200, True, True),
    "split.chunk_size": (-math.inf, math.inf, True, True),     # check_chunking's rule
    "split.chunk_overlap": (-math.inf, math.inf, True, True),  # check_chunking's rule
    "split.display_context": (0, math.inf, True, True),        # 0: the rule is off
}
_CHOICES: dict[str, tuple[str, ...]] = {"ocr.mode": ("auto", "always", "never"),
                                         "split.table_format": TABLE_FORMATS}
_HINTS: dict[type, dict[str, Any]] = {}


def _validate(obj: Any, section: str) -> None:
    """Check every field of a settings section against its annotation and `_RANGES` /
    `_CHOICES`; a SettingsError names the field, the value and what is allowed."""
    hints = _HINTS.get(type(obj))
    if hints is None:
        hints = _HINTS[type(obj)] = typing.get_type_hints(type(obj))
    for f in dataclasses.fields(obj):
        tp, value = hints[f.name], getattr(obj, f.name)
        name = f"{section}.{f.name}" if section else f.name
        if dataclasses.is_dataclass(tp):
            if not isinstance(value, tp):
                raise SettingsError(f"{name}={value!r} is not allowed: a {tp.__name__} "
                                    f"or a mapping of its fields")
            continue
        allowed = _allowed(name, tp, value)
        if allowed:
            raise SettingsError(f"{name}={value!r} is not allowed: {allowed} "
                                f"(got {type(value).__name__})")


def allowed_values(name: str, tp: Any) -> str:
    """What field `name` (``section.field``) of type `tp` accepts, in words (the README's
    settings table; the same words as the SettingsError)."""
    if name in ("split.chunk_size", "split.chunk_overlap"):
        return (f"a whole number of at least {MIN_SETTINGS_CHUNK_SIZE}" if name.endswith("size")
                else "a whole number >= 0 and below chunk_size")
    return _allowed(name, tp, _NO_VALUE)


_NO_VALUE = object()   # allowed nowhere: `_allowed` then says what is


def _allowed(name: str, tp: Any, value: Any) -> str:
    """'' when `value` is allowed for field `name` of type `tp`, else what is allowed."""
    if tp is bool:
        return "" if isinstance(value, bool) else "true or false"
    if tp is str:
        choices = _CHOICES.get(name)
        if choices:
            return "" if value in choices else "one of " + ", ".join(map(repr, choices))
        return "" if isinstance(value, str) and value else "a non-empty string"
    if typing.get_origin(tp) is tuple:
        ok = isinstance(value, tuple) and value and all(isinstance(v, str) and v for v in value)
        return "" if ok else "a non-empty list of non-empty strings"
    if tp is int:
        return _in_range(name, value, isinstance(value, int) and not isinstance(value, bool),
                         "a whole number")
    if tp is float:
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        return _in_range(name, value, number and math.isfinite(value), "a finite number")
    return ""


def _in_range(name: str, value: Any, typed: bool, kind: str) -> str:
    low, high, low_in, high_in = _RANGES.get(name, (0, math.inf, False, False))
    if high == math.inf and low == 0 and not low_in:
        what = f"a positive {kind.replace('a ', '', 1)}"
    elif high == math.inf == -low:
        what = kind
    elif high == math.inf and low_in:
        what = f"{kind} >= {low:g}"
    else:
        what = (f"{kind} from {low:g} to {high:g}" if low_in and high_in else
                f"{kind} above {low:g}, at most {high:g}" if high_in else
                f"{kind} above {low:g} and below {high:g}" if not low_in else
                f"{kind} from {low:g}, below {high:g}")
    if not typed:
        return what
    above = value >= low if low_in else value > low
    below = value <= high if high_in else value < high
    return "" if above and below else what
