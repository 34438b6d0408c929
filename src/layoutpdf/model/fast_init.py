"""A faster `__init__` for the model's most-built frozen dataclasses.

A frozen dataclass stores each field with `object.__setattr__(self, name, value)` (its own
`__setattr__` refuses), which looks the slot up by name every time: a `Span` took ~1.4 µs
to build and a page builds hundreds of spans and boxes. `stores_slots` gives the class an
`__init__` with the same signature and defaults that stores each field through its slot
descriptor directly. The class stays frozen (assignment after construction still raises)
and equal, hashable, printable and picklable as before.
"""
from __future__ import annotations

from dataclasses import MISSING, fields


def stores_slots(cls: type) -> type:
    """Class decorator, applied over `@dataclass(frozen=True, slots=True)`."""
    params, body, namespace = [], [], {}
    for f in fields(cls):
        if f.default_factory is not MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: default_factory is not supported")
        if f.default is MISSING:
            params.append(f.name)
        else:
            params.append(f"{f.name}=_default_{f.name}")
            namespace[f"_default_{f.name}"] = f.default
        namespace[f"_set_{f.name}"] = getattr(cls, f.name).__set__   # the slot's descriptor
        body.append(f"    _set_{f.name}(self, {f.name})")
    source = f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body) + "\n"
    exec(source, namespace)   # as dataclasses builds its own __init__
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init
    return cls
