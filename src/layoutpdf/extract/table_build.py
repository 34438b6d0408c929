"""A table's cell grid from the words and rules of its region: columns (rules, text
alignment), rows, cells and merged cells (table_grid), header rows and their spans
(table_header), or None when the region is not a table."""
from __future__ import annotations

from statistics import median

from .table_grid import (EDGE_IN, HEADER_RULE, MIN_FILL, SNAP, STRIP_SUPPORT, Grid, Seg, TextLine, Word,
                         band_of, fill_cells, rule_separators, text_lines,
                         text_separators)
from .table_header import header_count, header_spans, unit_to_stub
from .table_rows import group_rows, with_wrapped_heads

RULE_Y = 0.5             # pt: rule pieces whose y differ by at most this lie on one line


def build_grid(box, words: list[Word], hrules: list[Seg], vrules: list[Seg],
               strategy: str, em: float) -> Grid | None:
    """The grid of the table in `box` (x0, y0, x1, y1), or None when it is not a table."""
    x0, y0, x1, y1 = box
    inside = [w for w in words if x0 - 1 <= w.cx <= x1 + 1 and y0 - 1 <= w.cy <= y1 + 1]
    if len(inside) < 2:
        return None
    vin = [v for v in vrules if x0 - SNAP <= v.pos <= x1 + SNAP and v.b > y0 and v.a < y1]
    lines = with_wrapped_heads(text_lines(inside, vin), x0, em)
    line_h = median(ln.y1 - ln.y0 for ln in lines)
    rules = rule_separators(vin, box, min_len=0.8 * line_h)
    reasons = [f"{len(rules)} vertical rules"] if rules else []
    edges = [x0] + rules + [x1]
    seps = []
    for a, b in zip(edges, edges[1:]):     # aligned text inside each ruled strip
        strip = _clip(lines, a, b)
        found = text_separators(strip, em)
        if rules:                           # inside a ruled strip, most rows must agree
            found = [x for x in found if _support(strip, x) >= max(2, STRIP_SUPPORT * len(strip))]
        seps.extend(found)
    if seps:
        reasons.append("columns from text alignment")
    edges = sorted(edges + seps)
    if len(edges) < 3:
        return None
    width = x1 - x0
    hcuts = sorted({round(h.pos, 1) for h in hrules
                    if y0 + EDGE_IN < h.pos < y1 - EDGE_IN and h.length >= 0.25 * width
                    and h.b > x0 and h.a < x1})
    drawn = set(hrules)
    joined = [h for h in joined_pieces(hrules, box, em) if h.length >= HEADER_RULE * width
              and (h in drawn or h.a <= x0 + em)]   # pieces: from the table's left edge on
    heads = [h for h in joined if y0 + EDGE_IN < h.pos < y1 - EDGE_IN and _under_labels(h, edges)]
    hcuts = _dedupe(sorted(hcuts + [round(h.pos, 1) for h in heads
                                    if not any(abs(h.pos - y) <= SNAP for y in hcuts)]))
    rows = group_rows(lines, hcuts, edges, em)
    cells, spans = fill_cells(rows, edges, em, vin if rules else [])
    drawn = drawn_columns(edges, rows, hcuts, hrules, vin, box, em) if rules else frozenset()
    blank = sum(1 for c in drawn if not any(row[c] for row in cells))
    if blank:
        reasons.append(f"{blank} blank columns closed by rules")
    cells, edges, spans = prune_empty(cells, edges, spans, drawn)
    if len(edges) < 3 or len(cells) < 2:
        return None
    ncols = len(edges) - 1
    filled = sum(1 for row in cells for c in row if c)
    fill = filled / (len(cells) * ncols)
    if fill < MIN_FILL:
        return None
    wide = [y for y in hcuts if any(abs(h.pos - y) <= SNAP and _under_labels(h, edges) for h in joined)]
    header, why = header_count(rows, cells, wide)
    if why:
        reasons.append(why)
    if header >= 2:
        unit_to_stub(cells, header)
        spans = header_spans(rows, cells, header, spans, edges, hrules, em, vin)
    row_edges = [y0] + [(rows[i][-1].y1 + rows[i + 1][0].y0) / 2 for i in range(len(rows) - 1)] + [y1]
    score = round(min(1.0, 0.4 + 0.4 * fill + (0.2 if strategy == "lines" else 0.1)), 3)
    return Grid(box, cells, edges, row_edges, spans, header, strategy, score, reasons,
                rule_columns=len(rules), drawn_empty=blank)


def drawn_columns(edges: list[float], rows: list, hcuts: list[float], hrules: list[Seg],
                  vin: list[Seg], box, em: float) -> frozenset[int]:
    """The columns whose every cell the rules close, empty or not: a vertical rule the
    grid's height on both sides, a rule across the column above and below it and between
    every two rows. A printed form to fill in draws its value column this way, and it is
    a column though no text fills it yet; a sliver between a double rule is too narrow to
    write in, and a column only whitespace would show is no column at all."""
    x0, y0, x1, y1 = box
    bands = [band_of(row[0].cy, hcuts) for row in rows]
    if not hcuts or len(set(bands)) != len(bands):
        return frozenset()              # a rule between every two rows (a band left blank is no row)
    levels = [y0, *hcuts, y1]
    out = set()
    for c, (a, b) in enumerate(zip(edges, edges[1:])):
        if b - a < 2 * em:
            continue
        sides = all(_covered_by([(v.a, v.b) for v in vin if abs(v.pos - x) <= SNAP], y0, y1)
                    for x in (a, b))
        across = all(_covered_by([(h.a, h.b) for h in hrules if abs(h.pos - y) <= SNAP], a, b)
                     for y in levels)
        if sides and across:
            out.add(c)
    return frozenset(out)


def _covered_by(pieces: list[tuple[float, float]], lo: float, hi: float) -> bool:
    """The pieces, joined where they meet within SNAP, run from lo to hi (within SNAP)."""
    reach = lo
    for a, b in sorted(pieces):
        if a > reach + SNAP:
            break
        reach = max(reach, b)
    return reach >= hi - SNAP


def joined_pieces(hrules: list[Seg], box, em: float) -> list[Seg]:
    """The horizontal rules in `box`, the pieces drawn on one y with a gap of at most an
    em between them joined into one rule: filing software rules a header column by
    column, each piece under one column's label with the gutter between the columns left
    open, and the row of pieces is one rule under the header. (Such a row starts at the
    table's left edge, under the label column; booktabs draws its cmidrules under the
    groups of amount columns only, a few points apart: `build_grid` keeps those apart.)"""
    x0, y0, x1, y1 = box
    inside = sorted((h for h in hrules if y0 - SNAP <= h.pos <= y1 + SNAP and h.b > x0 and h.a < x1),
                    key=lambda h: h.pos)
    levels: list[list[Seg]] = []
    for h in inside:
        if levels and h.pos - levels[-1][0].pos <= RULE_Y:
            levels[-1].append(h)
        else:
            levels.append([h])
    out: list[Seg] = []
    for level in levels:
        level.sort(key=lambda h: h.a)
        cur = level[0]
        for h in level[1:]:
            if h.a - cur.b <= em:
                cur = Seg(cur.pos, cur.a, max(cur.b, h.b))
            else:
                out.append(cur)
                cur = h
        out.append(cur)
    return out


def _under_labels(h: Seg, edges: list[float]) -> bool:
    """The rule runs under the label column too (it starts in the left half of it): a
    header rule closes the header across the table, while a rule drawn under spanning
    period labels over the amount columns only separates two header levels."""
    return h.a <= (edges[0] + edges[1]) / 2


def _support(lines: list[TextLine], x: float) -> int:
    """Lines with text on both sides of x."""
    return sum(1 for ln in lines if any(p.x1 < x for p in ln.phrases) and any(p.x0 > x for p in ln.phrases))


def _clip(lines: list[TextLine], a: float, b: float) -> list[TextLine]:
    """The lines' phrases whose centre lies between x = a and x = b."""
    out = []
    for ln in lines:
        ps = [p for p in ln.phrases if a <= (p.x0 + p.x1) / 2 < b]
        if ps:
            out.append(TextLine(ln.words, ps))
    return out


def _dedupe(values: list[float]) -> list[float]:
    out: list[float] = []
    for v in values:
        if out and v - out[-1] <= SNAP:
            continue
        out.append(v)
    return out


def prune_empty(cells, edges, spans, drawn: frozenset[int] = frozenset()):
    """Drop columns that are empty in every row (double rules, frame slivers), but for
    the `drawn` ones: cells the rules close all round (a printed form's value column)."""
    ncols = len(edges) - 1
    keep = [c for c in range(ncols) if c in drawn or any(row[c] for row in cells)]
    if len(keep) == ncols or not keep:
        return cells, edges, spans
    index = {c: i for i, c in enumerate(keep)}
    new_edges = [edges[0]] + [edges[c + 1] for c in keep]
    new_edges[-1] = edges[-1]
    new_spans = []
    for r0, c0, r1, c1 in spans:
        cs = [index[c] for c in range(c0, c1 + 1) if c in index]
        if cs and max(cs) > min(cs):
            new_spans.append((r0, min(cs), r1, max(cs)))
    return [[row[c] for c in keep] for row in cells], new_edges, new_spans
