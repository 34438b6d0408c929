"""`_drop_overprinted` files kept lines by row and start cell: it keeps exactly the lines
the scan of every line of the neighbouring rows kept (the former loop, below)."""
from hypothesis import given, settings, strategies as st

from layoutpdf.extract.page import _drop_overprinted, _same_box
from layoutpdf.model import BBox, Line, Span


def _reference(lines):
    kept, out = {}, []
    for ln in reversed(lines):
        key = ln.text.strip()
        tol = 0.1 * (ln.size or 10.0)
        row = round(ln.bbox.y0)
        twin = None
        for r in (row - 1, row, row + 1):
            for k in kept.get(r, ()):
                t = out[k]
                if t is not None and key and _same_box(t.bbox, ln.bbox, tol):
                    other = t.text.strip()
                    if other.startswith(key) or key.startswith(other):
                        twin = k
                        break
            if twin is not None:
                break
        if twin is None:
            kept.setdefault(row, []).append(len(out))
            out.append(ln)
        elif len(key) < len(out[twin].text.strip()):
            out[twin] = ln
    result = [ln for ln in out if ln is not None]
    result.reverse()
    return result


def _line(n, x, y, width, size, text):
    box = BBox(x, y, x + width, y + size)
    return Line.build(f"l{n}", 0, (Span(f"s{n}", text, box, "F", size, 0, 0, 255, (x, y + size)),))


_lines = st.lists(st.tuples(st.sampled_from([0.0, 7.9, 8.1, 10.0, 10.4, 10.8, 60.0]) | st.floats(0, 60),
                            st.sampled_from([5.0, 5.3, 5.6, 6.4]) | st.floats(0, 12),
                            st.sampled_from([20.0, 20.3, 24.0]),
                            st.sampled_from([6.0, 10.0, 40.0]),
                            st.sampled_from(["ab", "abc", "a", " ", "x", "abcd", "ac"])),
                  max_size=40)


@settings(max_examples=500, deadline=None)
@given(_lines)
def test_same_lines_kept_as_the_full_scan(specs):
    lines = [_line(n, *spec) for n, spec in enumerate(specs)]
    assert [ln.id for ln in _drop_overprinted(lines)] == [ln.id for ln in _reference(lines)]


def test_copies_far_apart_in_a_row_are_both_kept_and_near_ones_merged():
    a, b = _line(0, 10.0, 5.0, 20.0, 10.0, "ab"), _line(1, 300.0, 5.0, 20.0, 10.0, "ab")
    c = _line(2, 10.3, 5.2, 20.0, 10.0, "abc")
    kept = [ln.id for ln in _drop_overprinted([a, b, c])]
    assert sorted(kept) == ["l0", "l1"] and kept == [ln.id for ln in _reference([a, b, c])]


def test_the_first_kept_of_two_copies_is_the_one_replaced():
    # "ab" and "ac" are not copies of each other; "a" is a copy of both: the one kept
    # first (drawn last) takes it, as the full scan of the row does
    lines = [_line(0, 10.0, 5.0, 20.0, 10.0, "a"), _line(1, 10.0, 5.0, 20.0, 10.0, "ac"),
             _line(2, 10.0, 5.0, 20.0, 10.0, "ab")]
    assert [ln.id for ln in _drop_overprinted(lines)] == [ln.id for ln in _reference(lines)] == ["l1", "l0"]
