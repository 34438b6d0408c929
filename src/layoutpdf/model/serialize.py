"""Lossless conversion between model dataclasses and JSON-compatible values.

Driven by the dataclasses' type hints, so a field added to the model is serialized
without touching this module.
"""
from __future__ import annotations

import dataclasses
import types
import typing
from enum import Enum
from functools import lru_cache
from typing import Any

from .geometry import BBox


def to_jsonable(obj: Any) -> Any:
    if isinstance(obj, BBox):
        return [obj.x0, obj.y0, obj.x1, obj.y1]
    if isinstance(obj, Enum):
        return obj.value
    if dataclasses.is_dataclass(obj):
        return {f.name: to_jsonable(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, (list, tuple)):
        return [to_jsonable(v) for v in obj]
    if isinstance(obj, dict):
        return {str(k): to_jsonable(v) for k, v in obj.items()}
    return obj


@lru_cache(maxsize=None)
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_jsonable(tp: Any, value: Any) -> Any:
    if value is None:
        return None
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        return from_jsonable(args[0], value) if len(args) == 1 else value
    if tp is BBox:
        return BBox.of(value)
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp(value)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = _hints(tp)
        kwargs = {f.name: from_jsonable(hints[f.name], value[f.name])
                  for f in dataclasses.fields(tp) if f.name in value}
        return tp(**kwargs)
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_jsonable(args[0], v) for v in value)
        return tuple(from_jsonable(a, v) for a, v in zip(args, value))
    if origin is list:
        (arg,) = typing.get_args(tp)
        return [from_jsonable(arg, v) for v in value]
    if origin is dict:
        return dict(value)
    if tp is float and isinstance(value, int):
        return float(value)
    return value
