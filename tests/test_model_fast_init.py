"""`model.fast_init.stores_slots`: the faster __init__ builds the same frozen objects."""
import dataclasses
import pickle

import pytest

from layoutpdf.model import BBox, Drawing, Line, Span
from layoutpdf.model.fast_init import stores_slots


@dataclasses.dataclass(frozen=True, slots=True)
class _Plain:
    a: int
    b: str = "x"
    c: tuple = (1, 2)


_Fast = stores_slots(dataclasses.make_dataclass(
    "_Fast", [("a", int), ("b", str, dataclasses.field(default="x")),
              ("c", tuple, dataclasses.field(default=(1, 2)))], frozen=True, slots=True))


@pytest.mark.parametrize("args,kwargs", [((1,), {}), ((1, "y"), {}), ((), {"a": 2, "c": (3,)}),
                                         ((5,), {"b": "z"})])
def test_same_fields_and_defaults_as_the_dataclass_init(args, kwargs):
    plain, fast = _Plain(*args, **kwargs), _Fast(*args, **kwargs)
    assert dataclasses.astuple(plain) == dataclasses.astuple(fast)


def test_argument_errors_as_the_dataclass_init():
    with pytest.raises(TypeError):
        _Fast()
    with pytest.raises(TypeError):
        _Fast(1, a=2)
    with pytest.raises(TypeError):
        _Fast(1, "b", (1,), 4)


def test_model_classes_stay_frozen_equal_hashable_and_picklable():
    box = BBox(1.0, 2.0, 3.0, 4.0)
    span = Span("p0-s0", "word", box, "Times-Roman", 10.0, 4, 0, 255, (1.0, 3.5))
    line = Line.build("p0-l0", 0, (span,))
    drawing = Drawing(box, "rect", fill=0xFF0000)
    for obj in (box, span, line, drawing):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(obj, dataclasses.fields(obj)[0].name, None)
        assert pickle.loads(pickle.dumps(obj)) == obj
        assert hash(pickle.loads(pickle.dumps(obj))) == hash(obj)
    assert box == BBox(x0=1.0, y0=2.0, x1=3.0, y1=4.0) and repr(box) == "BBox(x0=1.0, y0=2.0, x1=3.0, y1=4.0)"
    assert dataclasses.replace(line, text="other").text == "other"
    assert (line.direction, line.vertical, drawing.stroke, drawing.width) == ((1.0, 0.0), False, None, 0.0)


def test_default_factory_is_refused():
    cls = dataclasses.make_dataclass("_F", [("a", list, dataclasses.field(default_factory=list))],
                                     frozen=True, slots=True)
    with pytest.raises(TypeError):
        stores_slots(cls)
