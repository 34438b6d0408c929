"""Grouping boxes that come close: drawings into clusters, raster tiles into images.

A sweep in y order against the groups still open, then groups merged until stable: a
plan's tens of thousands of paths cluster in one pass, never pair by pair."""
from __future__ import annotations

from ...model import BBox

Box = tuple[float, float, float, float]


def cluster_items(boxes: list[Box], gap: float) -> list[tuple[list[int], Box]]:
    """Group boxes that come within `gap` of a group's box: one pass in y order against the
    groups still open (reaching down to the box), then groups merged until stable. Returns
    (member indexes, group box) pairs."""
    order = sorted(range(len(boxes)), key=[b[1] for b in boxes].__getitem__)
    open_: list[list] = []                   # [x0, y0, x1, y1, members]
    done: list[list] = []
    # no open group reaches above this (bottoms only grow): until the sweep passes it by
    # `gap`, no group closes and the open list need not be looked through
    lowest = float("inf")
    for i in order:
        x0, y0, x1, y1 = boxes[i]
        if lowest + gap < y0:
            keep = []
            for g in open_:
                (keep if g[3] + gap >= y0 else done).append(g)
            open_ = keep
            lowest = min([g[3] for g in open_], default=float("inf"))
        for g in reversed(open_):
            if g[0] - gap <= x1 and x0 - gap <= g[2] and g[1] - gap <= y1:
                if x0 < g[0]:                # the group's box takes the box in (as min/max)
                    g[0] = x0
                if x1 > g[2]:
                    g[2] = x1
                if y1 > g[3]:
                    g[3] = y1
                g[4].append(i)
                break
        else:
            open_.append([x0, y0, x1, y1, [i]])
            lowest = min(lowest, y1)
    groups = _merge_groups(done + open_, gap)
    return [(g[4], (g[0], g[1], g[2], g[3])) for g in groups]


def cluster_boxes(boxes: list[BBox], gap: float) -> list[BBox]:
    return [BBox(*box) for _, box in cluster_items([(b.x0, b.y0, b.x1, b.y1) for b in boxes], gap)]


def _merge_groups(groups: list[list], gap: float) -> list[list]:
    """Merge groups whose boxes come within `gap`, sweeping in x order, until stable."""
    merged = True
    while merged and len(groups) > 1:
        merged = False
        groups.sort(key=lambda g: g[0])
        out: list[list] = []
        active: list[list] = []
        for g in groups:
            active = [a for a in active if a[2] + gap >= g[0]]
            for a in active:
                if a[1] - gap <= g[3] and g[1] - gap <= a[3]:
                    a[0], a[1] = min(a[0], g[0]), min(a[1], g[1])
                    a[2], a[3] = max(a[2], g[2]), max(a[3], g[3])
                    a[4].extend(g[4])
                    merged = True
                    break
            else:
                out.append(g)
                active.append(g)
        groups = out
    return groups
