"""Glyphs drawn twice on the same spot are read once (issue 41).

Producers draw a glyph more than once where a reader sees it once: bold faked by drawing a
string again a fraction of a point to the side, a shadow or knockout copy, a logo stamped
several times at the same place. MuPDF keeps every copy, so a word comes out as
`guestguest` (two copies glued into one line) or `gguueesstt` (each glyph drawn twice
inside one TJ array), and the words are lost for search.

A glyph repeats another when it is the same character, at the same size, and its origin
lies within a fraction of the glyph's width of the other's (and within that fraction of
the size vertically): no text sets two identical glyphs that close on purpose (the
tightest legitimate repeat, a letter after itself, sits a whole advance away). The copy
drawn first is kept (its line keeps the words and spaces around it), the later ones are
dropped, and the span that keeps the glyph carries `FLAG_OVERDRAWN` in its flags. That is
not a problem of the document, so there is no Issue.

Glyph positions live in MuPDF's raw dict, which costs about as much as the text page
itself; it is read only for pages whose span boxes show overlap (`suspects`): a span
narrower than its characters can be, or two spans on one baseline covering each other.
"""
from __future__ import annotations

from collections import defaultdict

OVERLAP_FRACTION = 0.25   # origins closer than this share of the glyph's width: one glyph
SAME_SIZE = 0.01          # relative difference of font sizes still "the same size"
NARROW_EM = 0.3           # a span whose glyphs average a narrower advance overlaps itself
                          # (the narrowest letters, i and l, are 0.22-0.28 em: a closer look only)
COVER_EM = 0.3            # two spans on one baseline overlapping by more: a closer look
FLAG_OVERDRAWN = 1 << 12  # span flag: some of its glyphs were drawn more than once (MuPDF's
                          # own flags use the low bits)


def suspects(raw: dict) -> bool:
    """Whether the page's dict (extractDICT) may hold glyphs drawn twice."""
    rows: dict[int, list[tuple[float, float, float]]] = defaultdict(list)
    for block in raw.get("blocks", ()):
        for ln in block.get("lines", ()) if block.get("type", 0) == 0 else ():
            horizontal = abs(ln.get("dir", (1.0, 0.0))[1]) < 0.05
            for s in ln.get("spans", ()):
                text = s.get("text", "").replace(" ", "")
                size = float(s.get("size") or 0.0)
                if len(text) < 2 or size <= 0:
                    continue
                x0, y0, x1, y1 = s["bbox"]
                extent = max(x1 - x0, y1 - y0)
                if extent < NARROW_EM * size * len(text):
                    return True
                if horizontal:
                    rows[round(s["origin"][1])].append((x0, x1, size))
    return any(_covering(spans) for spans in rows.values() if len(spans) > 1)


def _covering(spans: list[tuple[float, float, float]]) -> bool:
    spans.sort()
    reach = spans[0][1]
    for x0, x1, size in spans[1:]:
        if reach - x0 > COVER_EM * size:
            return True
        reach = max(reach, x1)
    return False


def drop_repeated_glyphs(raw: dict, rawdict: dict) -> dict:
    """The page's text without the glyphs that repeat a glyph drawn earlier: `raw`
    (extractDICT of a text page) itself when nothing repeats, else `rawdict`
    (extractRAWDICT of the same text page) with those chars removed and every span's
    text set (so the words pass reads its glyphs from it, as after a glyph repair)."""
    dropped, keepers = _repeated(rawdict)
    if not dropped:
        return raw
    blocks = []
    for b, block in enumerate(rawdict.get("blocks", ())):
        if block.get("type", 0) != 0:
            blocks.append(block)
            continue
        lines = []
        for n, ln in enumerate(block.get("lines", ())):
            spans = []
            for k, s in enumerate(ln.get("spans", ())):
                s = _without(s, dropped.get((b, n, k), ()))
                if s is not None and (b, n, k) in keepers:
                    s["flags"] = int(s.get("flags", 0)) | FLAG_OVERDRAWN
                if s is not None:
                    spans.append(s)
            if spans:
                lines.append(dict(ln, spans=spans))
        if lines:
            blocks.append(dict(block, lines=lines))
    return dict(rawdict, blocks=blocks)


def _repeated(rawdict: dict) -> tuple[dict[tuple, set[int]], set[tuple]]:
    """(block, line, span) -> indexes of its chars that are copies of a glyph kept
    elsewhere; and the spans that hold the kept glyphs.

    Of the copies of one glyph the first drawn is kept, unless its span is nothing but
    copies while another copy sits in a span with glyphs of its own: a copy of a line
    (or a stray run of glyphs traced over a line) is dropped whole, the line stays."""
    groups = _copies(rawdict)
    if not groups:
        return {}, set()
    visible: dict[tuple, int] = defaultdict(int)
    for b, block in enumerate(rawdict.get("blocks", ())):
        for n, ln in enumerate(block.get("lines", ()) if block.get("type", 0) == 0 else ()):
            for k, s in enumerate(ln.get("spans", ())):
                visible[(b, n, k)] = sum(1 for ch in s.get("chars", ()) if ch.get("c", " ").strip())
    repeated: dict[tuple, int] = defaultdict(int)
    for members in groups:
        for where, _ in members:
            repeated[where] += 1
    copy_only = {where for where, n in repeated.items() if n >= visible[where]}
    dropped: dict[tuple, set[int]] = {}
    keepers: set[tuple] = set()
    for members in groups:
        keep = next((m for m in members if m[0] not in copy_only), members[0])
        keepers.add(keep[0])
        for where, i in members:
            if (where, i) != keep:
                dropped.setdefault(where, set()).add(i)
    return dropped, keepers


def _copies(rawdict: dict) -> list[list[tuple[tuple, int]]]:
    """Groups of glyphs drawn on the same spot, each [(span key, char index), ...] in
    drawing order; only groups of two or more."""
    # glyphs filed by (char, size, grid cell of one em): entries [x, y, w, h, members]
    grid: dict[tuple, list[list]] = defaultdict(list)
    groups: list[list] = []
    for b, block in enumerate(rawdict.get("blocks", ())):
        for n, ln in enumerate(block.get("lines", ()) if block.get("type", 0) == 0 else ()):
            for k, s in enumerate(ln.get("spans", ())):
                size = float(s.get("size") or 0.0)
                if not 0 < size < 1e6:
                    continue
                for i, ch in enumerate(s.get("chars", ())):
                    c = ch.get("c", " ")
                    x, y = ch["origin"]
                    if not c.strip() or not (abs(x) < 1e9 and abs(y) < 1e9):
                        continue
                    x0, y0, x1, y1 = ch["bbox"]
                    floor = 0.05 * size
                    w, h = min(max(x1 - x0, floor), size), min(max(y1 - y0, floor), size)
                    cell = (c, round(size, 1), int(x // size), int(y // size))
                    twin = _twin(grid, cell, x, y, w, h)
                    if twin is not None:
                        twin[4].append(((b, n, k), i))
                        if len(twin[4]) == 2:
                            groups.append(twin[4])
                    else:
                        grid[cell].append([x, y, w, h, [((b, n, k), i)]])
    return groups


def _twin(grid: dict, cell: tuple, x: float, y: float, w: float, h: float) -> list | None:
    """The glyph on the page (filed in `grid`) that a glyph at (x, y) of box w x h
    repeats, or None: within OVERLAP_FRACTION of the glyph box along both axes (a glyph
    box is an advance wide along its line, so a letter set after itself never is)."""
    c, sz, gx, gy = cell
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            for other in grid.get((c, sz, gx + dx, gy + dy), ()):
                ox, oy, ow, oh = other[:4]
                if abs(ox - x) <= OVERLAP_FRACTION * max(w, ow) \
                        and abs(oy - y) <= OVERLAP_FRACTION * max(h, oh):
                    return other
    return None


def _without(span: dict, gone) -> dict | None:
    """The raw span without the chars at `gone` (indexes), its text set; None when no
    visible char is left. Its box and origin follow the chars kept."""
    chars = span.get("chars", [])
    if gone:
        chars = [ch for i, ch in enumerate(chars) if i not in gone]
        if not any(ch.get("c", " ").strip() for ch in chars):
            return None
        span["chars"] = chars
        span["bbox"] = (min(ch["bbox"][0] for ch in chars), min(ch["bbox"][1] for ch in chars),
                        max(ch["bbox"][2] for ch in chars), max(ch["bbox"][3] for ch in chars))
        span["origin"] = tuple(chars[0]["origin"])
    span["text"] = "".join(ch["c"] for ch in chars)
    return span
