"""The bands of a page where text is set in aligned short pieces (the sign of a
borderless table): aligned bands and regions, which words a box holds, and the pieces a
glued fill parts a word into (`unglued`). The words themselves are read from the text
page once a page in `table_page_text`."""
from __future__ import annotations

import re
from functools import lru_cache
from operator import itemgetter
from statistics import median_high

from ..model import Line
from .table_grid import Word, same_weight, text_lines
from .table_numbers import CURRENCY, goes_on, is_amount, is_fill, is_number
from .table_rows import MAX_LABEL_LINES, hangs_under, label_head, unit_alone
from .table_rules import CAPTION_LABEL
from .table_two_rows import two_amount_lines, two_amount_rows

SHORT_PIECE = 0.3       # a text piece narrower than this share of the text width is short
MIN_ALIGNED_ROWS = 3    # borderless tables need this many aligned rows
MAX_CELL_WORDS = 4      # median words per cell of a borderless table (prose has more)
_MATH_FONT = re.compile(r"math|^cm(mi|sy|ex)|^ms(am|bm)|symbol|stix|rsfs|eufm|euler", re.I)


def aligned_bands(lines: list[Line], em: float, page_width: float) -> list[tuple[float, float]]:
    """y-ranges of three or more consecutive text rows that each hold two or more short
    pieces (math set in math fonts aside): where a borderless table may be. Fill is no
    piece (`_pieces`) but on a row of its own, a leader wrapped alone (`is_fill`): there
    it is the end of the label above, and the rows go on."""
    rows: list[list] = []
    last_cy = None
    step = 0.4 * em
    keyed = []
    for ln in lines:
        b = ln.bbox
        keyed.append((round(b.cy / step), b.x0, ln))
    keyed.sort(key=itemgetter(0, 1))      # stable: the order lines.sort by that key gives
    for _, _, ln in keyed:
        cy = ln.bbox.cy
        if last_cy is None or abs(cy - last_cy) > 0.4 * em:
            rows.append([ln.bbox.y0, ln.bbox.y1, [], [], []])
            last_cy = cy
        row = rows[-1]
        row[0], row[1] = min(row[0], ln.bbox.y0), max(row[1], ln.bbox.y1)
        row[2].extend(_pieces(ln, em))
        row[3].append(ln.text)
        if is_fill(ln.text):
            row[4].append((ln.bbox.x0, ln.bbox.x1))
    for row in rows:    # a leader alone on its row ends the label above it: a piece of its own
        if not row[2] and row[4]:
            row[2].extend(row[4])
    limit = SHORT_PIECE * page_width
    bands: list[tuple[float, float]] = []
    run: list = []
    between: list = []          # rows of one piece after the run: labels between its rows
    lead: list = []             # the row of one piece right above the run's first row
    rows.append([0.0, 0.0, [], [], []])
    for k, row in enumerate(rows):
        pieces = row[2]
        if len(pieces) >= 2 and sum(1 for a, b in pieces if b - a <= limit) >= 2:
            if run and between and row[0] - between[-1][1] > 1.5 * (row[1] - row[0]):
                run, between = _close_band(run, bands, em), []
            if not run:
                lead = _lead_row(rows[k - 1:k], row)
            run.extend(between)
            run.append(row)
            between = []
            continue
        if run and len(pieces) == 1 and row[0] - (between or run)[-1][1] <= 1.5 * (row[1] - row[0]) \
                and (len(between) < MAX_GROUP_LABELS or _label_lines(between + [row], run, em, limit, lead)):
            between.append(row)     # a statement's group or section label, or a wrapped label
            continue
        tail = between if _hanging_lines(between, run, em) and _label_lines(between, run, em, limit, lead) else []
        run, between = _close_band(run, bands, em, tail), []
    return bands


def _lead_row(above: list, row: list) -> list:
    """The row right above a run's first row (`above`, empty at the top) when it is one
    piece one line pitch over it: maybe the first line of that row's label (cells aligned
    to the bottom), where a page a statement goes on to opens with its label column."""
    if above and len(above[0][2]) == 1 and row[0] - above[0][1] <= 1.5 * (row[1] - row[0]):
        return above
    return []


MAX_GROUP_LABELS = 2    # group label rows in a row ("Liabilities:" over "Current liabilities:")
MAX_LABELS = MAX_GROUP_LABELS + 2   # labels between two rows: a row with no amounts, the
                                    # group labels under it, the head of the next row


def _label_lines(between: list, run: list, em: float, limit: float, lead: list = ()) -> bool:
    """Rows of one piece each between a run's rows that all lie in its label column: from
    the left edge of its short row labels (less an em) to an em before its first amount
    column. The lines of a row label too long for its column ("Common stock and additional
    paid-in" / "capital, $0.0001 par value: 900" / ...), more than group labels ever
    stack, but few. (Running text beside a figure's aligned labels starts left of them:
    it lies in no label column of theirs.) The first line of the first row's label
    (`lead`, in that column too) marks its left edge as well: a page a statement goes on
    to may open with rows indented under a group label on the page before, and the next
    group label stands out one indent from them."""
    rows = [sorted(row[2]) for row in run if len(row[2]) >= 2]
    labelled = [r for r in rows if r[0][1] - r[0][0] <= limit]
    sizes = _label_sizes(between)
    if not labelled or max(sizes) > MAX_LABEL_LINES or len(sizes) > MAX_LABELS:
        return False
    amounts = min(r[1][0] for r in rows)
    left = min([r[0][0] for r in labelled] + [r[2][0][0] for r in lead if r[2][0][1] < amounts - em])
    return all(left - em <= row[2][0][0] and row[2][0][1] < amounts - em for row in between)


def _label_sizes(between: list) -> list[int]:
    """The lines of each label among the rows of one piece `between` two rows, top down:
    a line that reads on from the one above (`goes_on`) is more of its label. Between two
    rows stand a row with no amounts ("Commitments and contingencies" / "(Note 12)"),
    group labels ("Stockholders' equity:") and the head of the next row's label ("Common
    stock and additional" / "paid-in capital, $0.0001 par" / ...): the limit on lines is
    one label's, not theirs together."""
    sizes: list[int] = []
    last = None
    for row in between:
        text = " ".join(row[3]).strip()
        if last is not None and text and goes_on(last, text):
            sizes[-1] += 1
        else:
            sizes.append(1)
        last = text
    return sizes or [0]


def _hanging_lines(between: list, run: list, em: float) -> bool:
    """The rows of one piece under a run's last row hang under its label, half an em or
    more right of its start: a statement indents the lines its label wraps onto (and sets
    its amounts on the first, cells aligned to the top); the lines of a paragraph set
    beside a table start flush."""
    if not between or not run:
        return False
    start = min(run[-1][2])[0]
    return all(row[2][0][0] >= start + 0.5 * em for row in between)


def _close_band(run: list, bands: list, em: float, tail: list = ()) -> list:
    """Add the band of `run` when it holds enough aligned rows, down to the label lines
    right under its last row (`tail`: that row's label wraps under its amounts, cells
    aligned to the top, "Weighted average shares" / "outstanding used in computing" /
    "basic and diluted net income per" / "share", more lines than the band's margin
    reaches); an empty run."""
    aligned = [row for row in run if len(row[2]) >= 2]
    if len(aligned) >= MIN_ALIGNED_ROWS or two_amount_rows(aligned, em):
        bottom = max([run[-1][1]] + [row[1] for row in tail])
        bands.append((run[0][0] - 2 * em, bottom + 2 * em))
    return []


@lru_cache(maxsize=512)
def _is_math_font(font: str) -> bool:
    return _MATH_FONT.search(font) is not None


def _pieces(ln: Line, em: float) -> list[tuple[float, float]]:
    """The line's stretches of text, apart by more than an em; fill typed up to an amount
    parts a span as white space does (`unglued`)."""
    out: list[list[float]] = []
    for s in ln.spans:
        if not s.text.strip() or _is_math_font(s.font):
            continue
        b = s.bbox
        if "__" in s.text or "...." in s.text:
            spans = [(a, z) for a, z, piece in unglued(b.x0, b.x1, s.text) if not GLUED_FILL.fullmatch(piece)]
        else:
            spans = [(b.x0, b.x1)]
        for x0, x1 in spans:
            if out and x0 - out[-1][1] <= em:
                last = out[-1]
                if x1 > last[1]:
                    last[1] = x1
            else:
                out.append([x0, x1])
    return [(a, b) for a, b in out]


# -- words ---------------------------------------------------------------------------------
# fill typed from a label up to its amount with no space between ('investments____46,644',
# 'Net income.......$ 223'): a word processor draws a leader tab's fill as glyphs of the
# label's font, so the text layer holds label, fill and amount as one word
GLUED_FILL = re.compile(r"_{3,}|\.{4,}|…{2,}")


def unglued(x0: float, x1: float, text: str) -> list[tuple[float, float, str]]:
    """(x0, x1, text) of the pieces of a word that a run of fill joins to what follows it:
    the label, the fill (dots kept as a word of their own, as a spaced leader is, so a
    contents line still shows its leader; underscores left out) and the amount. The
    pieces' edges inside the word are estimated from their characters (a dot half a
    character). A word that ends in its fill is left whole (`table_prose.without_fill`)."""
    cuts = [m.span() for m in GLUED_FILL.finditer(text)]
    if not cuts or cuts[-1][1] == len(text):
        return [(x0, x1, text)]
    weights = [0.5 if ch in ".…" else 1.0 for ch in text]
    per = (x1 - x0) / sum(weights)
    at = [x0]
    for w in weights:
        at.append(at[-1] + w * per)
    out, start = [], 0
    for a, b in cuts:
        if a > start:
            out.append((at[start], at[a], text[start:a]))
        if text[a] != "_":
            out.append((at[a], at[b], text[a:b]))
        start = b
    out.append((at[start], x1, text[start:]))
    return out


def _touches_any(b, boxes) -> bool:
    """The box `b` reaches into one of `boxes` (a point of slack)."""
    bx0, by0, bx1, by1 = b.x0, b.y0, b.x1, b.y1
    for box in boxes:
        if by1 >= box[1] - 1 and by0 <= box[3] + 1 and bx1 >= box[0] - 1 and bx0 <= box[2] + 1:
            return True
    return False


def outside(words: list[Word], boxes) -> list[Word]:
    """The words whose centre lies in none of the boxes (`holds`)."""
    if not boxes:
        return words
    grown = [(b[0] - 1, b[1] - 1, b[2] + 1, b[3] + 1) for b in boxes]
    out = []
    for w in words:                         # (every word of a page: kept to plain locals)
        cx, cy = w.cx, w.cy
        for x0, y0, x1, y1 in grown:
            if x0 <= cx <= x1 and y0 <= cy <= y1:
                break
        else:
            out.append(w)
    return out


def holds(box, w) -> bool:
    """The centre of a word (or of a box) lies inside `box`."""
    x0, y0, x1, y1 = box
    return x0 - 1 <= w.cx <= x1 + 1 and y0 - 1 <= w.cy <= y1 + 1


def held(box, words: list) -> list:
    """The words whose centre lies inside `box` (`holds`), in their order: one pass with
    the box's reach read once (asked for every word of a page, region by region)."""
    x0, y0, x1, y1 = box
    left, right, top, bottom = x0 - 1, x1 + 1, y0 - 1, y1 + 1
    return [w for w in words if left <= w.cx <= right and top <= w.cy <= bottom]




def _group_label(ln, short: list) -> bool:
    """A row that is one short phrase ending with a colon: a statement's group label
    ("Revenue:", "Operating expenses:"), set alone on its row between the rows it heads."""
    return len(ln.phrases) == 1 and len(short) == 1 and short[0].words \
        and short[0].words[-1].text.endswith(":")


def _section_label(ln, short: list, runs: list, labels: list, attached: bool, prev, near: bool,
                   em: float, after: list) -> bool:
    """A line of the label column alone on its row between rows of a statement: a section
    label without a colon ("LIABILITIES AND EQUITY"), a long group label ("Adjustments to
    reconcile net earnings to net cash provided by operating activities:") or the first
    line of a wrapped row label. One phrase set in the label column (from its left edge,
    indented or not, to an em before the amount columns), ending no sentence: a line
    ending in a semicolon only when the lines under it (`after`) read on from it down to
    its amounts (`label_head`), the clauses of one row label ("Common stock ..., par
    value: 900 shares authorized;" / "486 and 491 shares issued and outstanding  606").
    Only between rows of a table: above its first row it is a heading or an introduction."""
    if len(ln.phrases) != 1 or not near or prev is None:
        return False
    run = runs[-1] if runs and runs[-1][-1][0] is prev else None
    if run is None and not (labels and labels[-1][0] is prev and attached):
        return False
    phrase = ln.phrases[0]
    text = phrase.text
    out = GROUP_INDENT * em if text.endswith(":") else em
    rows = run if run is not None else runs[-1]
    if not (_in_label_column(phrase, rows, em, out) or _long_group_label(phrase, rows, em, out)) \
            or (not short and text.endswith(".")):
        return False
    if text.endswith(";"):
        return label_head(ln, after) is not None
    return not text.endswith(".") and CAPTION_LABEL.match(text) is None


GROUP_INDENT = 2.0      # ems a group label may stand out left of the rows it heads


def _long_group_label(phrase, rows: list, em: float, out: float) -> bool:
    """A group label too long for the label column, alone on its row and ending in a
    colon ("Adjustments to reconcile net income to net cash provided by operating
    activities:"): it starts in the label column and runs on over the amount columns,
    which it leaves empty on its row (a cell spanning the row, or a tab-set line). Set in
    the statement's type: a sentence of the page's text between two tables ("... were as
    follows ($ in millions):") is set in the larger type of the prose."""
    left = min(r[0].phrases[0].x0 for r in rows)
    size = median_high(w.h for r in rows for p in r[0].phrases for w in p.words)
    return phrase.text.endswith(":") and left - out <= phrase.x0 < left + 2 * out \
        and not any(is_number(w.text) for w in phrase.words) \
        and max(w.h for w in phrase.words) <= SAME_TYPE * size


SAME_TYPE = 1.05        # a line this much taller than the rows' words is set in another type


def _in_label_column(phrase, rows: list, em: float, out: float | None = None) -> bool:
    """The phrase lies in the label column of `rows` (a run's rows): from the labels' left
    edge (indented or not; less `out`, an em unless told) to an em before the first
    amount column. A group label ("Cash flows from financing activities:") stands out
    one indent left of the rows under it, and a statement indents a level by a tab stop
    or a paragraph indent of one to two ems (LibreOffice's 0.15 in at 9 pt, 1.2 em):
    where a page opens with rows of one level, the group label under them stands out
    by more than an em."""
    left = min(r[0].phrases[0].x0 for r in rows)
    firsts = [_amounts_start(r[0].phrases[1], em) for r in rows if len(r[0].phrases) > 1]
    return bool(firsts) and phrase.x0 >= left - (em if out is None else out) and phrase.x1 < min(firsts)


def _amounts_start(first, em: float) -> float:
    """Where a row's label column ends, by the first piece right of its label: an em
    before an amount (set flush right or on a tab, away from its cell's left edge); a word
    space before a currency sign set alone at the left edge of the amount's cell, as a
    table cell or an EDGAR '$' column sets it, a cell padding from the label's cell (a
    wrapped label runs up to its cell's right edge)."""
    return first.x0 - (0.25 * em if CURRENCY.match(first.text) else em)


def _wrapped_label(ln, prev, rows: list, near: bool, em: float) -> bool:
    """A wrapped line of the row label right above it (`prev`, a row of the run `rows` or
    a label line between its rows): a label too long for its column goes on in that
    column, indented or not, with no amounts (they stand on its first or its last line),
    one line pitch under it, and reads on from it (`table_grid.goes_on`). Not limited in
    number like group labels: "Common stock ..., par value: 900 shares authorized; 486 and
    491 shares issued and outstanding" wraps to four lines in a narrow label column."""
    if len(ln.phrases) != 1 or not near or prev is None or not rows or not prev.phrases:
        return False
    phrase = ln.phrases[0]
    above = prev.phrases[0]
    return same_weight(above, phrase) and _in_label_column(phrase, rows, em) \
        and _in_label_column(above, rows, em) and (goes_on(above.text, phrase.text) or hangs_under(prev, ln, em))


ROW, LABEL, WRAP, HEAD, LEAD, UNIT = "row", "label", "wrap", "head", "lead", "unit"   # the lines of a run


def aligned_regions(words: list[Word], em: float) -> list[tuple[float, float, float, float]]:
    """Runs of three or more text lines made of two or more short, separated phrases, with
    the group labels between them, the wrapped lines of their labels and the unit line
    under their column labels (`_unit_under`)."""
    if len(words) < 6:
        return []
    lines = text_lines(words)
    text_width = max(w.x1 for w in words) - min(w.x0 for w in words)
    limit = SHORT_PIECE * text_width
    runs: list[list[tuple]] = []   # (line, its short phrases, kind)
    prev = None
    labels: list = []          # group labels ("Current assets:") right above the next row,
    heading: list = []         # ... the lines of a row label under its first (`label_head`)
    attached = False           # ... right under a run's row (labels between its rows)
    for k, ln in enumerate(lines):
        short = [p for p in ln.phrases if p.x1 - p.x0 <= limit and len(p.words) <= 2 * MAX_CELL_WORDS]
        ok = len(short) >= 2 and any(b.x0 - a.x1 >= em for a, b in zip(short, short[1:]))
        near = prev is not None and ln.y0 - prev.y1 <= 1.5 * (ln.y1 - ln.y0)
        head = False                # not read yet: the lines of a label it heads (`label_head`)
        if ok:
            if labels and near and labels[-1][0] is prev:
                if runs and attached:
                    runs[-1].extend(labels)
                else:
                    runs.append(list(labels))
                runs[-1].append((ln, short, ROW))
            elif runs and near and runs[-1][-1][0] is prev:
                runs[-1].append((ln, short, ROW))
            else:
                runs.append(_lead(lines[max(0, k - MAX_LABEL_LINES):k], ln) + [(ln, short, ROW)])
            labels = []
        elif runs and near and runs[-1][-1][0] is prev and _unit_under(ln, runs[-1]):
            runs[-1].append((ln, ln.phrases, UNIT))  # "(in thousands)" under the years
        elif runs and runs[-1][-1][0] is prev and _amounts_above(runs[-1]) \
                and _wrapped_label(ln, prev, runs[-1], near, em):
            runs[-1].append((ln, short, WRAP))     # the label of the row above goes on
        elif labels and labels[-1][0] is prev and (any(ln is h for h in heading) or (
                attached and _wrapped_label(ln, prev, runs[-1], near, em))):
            labels.append((ln, short, WRAP))
        elif ((_stacked_labels(labels) < MAX_GROUP_LABELS or (head := label_head(ln, lines[k + 1:])) is not None)
              and (_group_label(ln, short) or _section_label(ln, short, runs, labels, attached, prev, near, em,
                                                              lines[k + 1:k + MAX_LABEL_LINES]))):
            # a statement's group label sits alone on its row inside the table; the first
            # lines of a row label whose amounts stand on its last line head that row
            if head is False:
                head = label_head(ln, lines[k + 1:])
            after_run = bool(runs) and near and runs[-1][-1][0] is prev
            follows = bool(labels) and near and labels[-1][0] is prev
            if not (after_run or follows):
                labels = []
            attached = after_run or (follows and attached)
            labels.append((ln, short, HEAD if head is not None else LABEL))
            heading = head or []
        else:
            labels = []
        prev = ln
    return [_region_box([e for e in run if e[2] != LEAD]) for run in runs
            if sum(1 for e in run if e[2] not in (WRAP, LEAD, UNIT)) >= MIN_ALIGNED_ROWS
            or two_amount_lines([e[0] for e in run if e[2] == ROW], em)]


def _unit_under(ln, run: list) -> bool:
    """A table's unit set right under its column labels ("(in thousands)" centred under
    the years, over the rows): one phrase in brackets naming a unit, under rows of the
    run that hold no amount (its header: words, dates and years). The rows under it go
    on with the same table."""
    return unit_alone(ln) and not any(is_amount(p.text)
                                      for e in run if e[2] == ROW for p in e[1])


def _lead(above: list, row) -> list:
    """The first line of the label of a run's first row (`above`: the lines over that row),
    when it stands over the row as its head (`label_head`; cells aligned to the bottom): a
    page a statement goes on to may open so ("Proceeds from maturities of" / "marketable
    securities  965  588"). Kept in the run as LEAD, to measure its label column's left
    edge by (the next group label stands out one indent from the rows), not as a row of
    it: above a table's first row, a line reading on into it may be a heading of the text
    beside it (edge rows, `table_edges`, take the label in)."""
    for j in range(len(above) - 1, -1, -1):
        if len(above[j].phrases) != 1:
            break
        chain = label_head(above[j], above[j + 1:] + [row])
        if chain is not None and len(chain) == len(above) - j - 1:
            return [(above[j], [], LEAD)]
    return []


def _stacked_labels(labels: list) -> int:
    """The group and section labels among the label lines between two rows, a line whose
    label goes on on the next line not counted: that is a row label set on two or more
    lines ("Commitments and contingencies (Note" / "12)"), a row with no amounts."""
    return sum(1 for k, e in enumerate(labels)
               if e[2] == LABEL and not (k + 1 < len(labels) and labels[k + 1][2] == WRAP))


def _amounts_above(run: list) -> bool:
    """The run's last row carries amounts right of its label: a label goes on under the
    amounts of its first line (cells aligned to the top); under a row of words only, a
    line in its first column is the next line of a paragraph set beside the table."""
    row = next(ln for ln, _, kind in reversed(run) if kind == ROW)
    return any(is_number(p.text) for p in row.phrases[1:])


def _region_box(run: list) -> tuple[float, float, float, float]:
    """The box of a run of aligned rows: around their short phrases, down to the wrapped
    lines of its last row's label, and out to every phrase of its lines that reaches into
    it (a long label left of indented short ones: "Net increase (decrease) in cash" starts
    left of the box its short phrases make, and a word cut off there is lost)."""
    ps = [p for _, short, _ in run for p in short] + _long_labels(run)
    x0, y0 = min(p.x0 for p in ps), min(p.y0 for p in ps)
    x1, y1 = max(p.x1 for p in ps), max([p.y1 for p in ps] + [ln.y1 for ln, _, kind in run if kind == WRAP])
    phrases = [p for ln, _, _ in run for p in ln.phrases]
    grown = True
    while grown:
        grown = False
        for p in phrases:
            if p.x0 < x0 < p.x1 or p.x0 < x1 < p.x1:
                x0, x1, grown = min(x0, p.x0), max(x1, p.x1), True
    return (x0, y0, x1, y1)


def _long_labels(run: list) -> list:
    """The labels of the run's rows too long to be short phrases, set left of amounts: a
    row whose short phrases are all numbers has its label in the phrase before them
    ("Proceeds from maturities of marketable securities   33,869   846   959"). Without
    them a section of long labels makes a region of its amounts alone."""
    out = []
    for ln, short, kind in run:
        if kind == ROW and short and ln.phrases[0] is not short[0] and ln.phrases[0].x1 < short[0].x0 \
                and all(is_number(p.text) for p in short):
            out.append(ln.phrases[0])
    return out


TURNED_SHARE = 0.5      # turned words at most this share of a region's level ones: labels
TURNED_ASPECT = 0.7     # a turned word is taller than this share of its width


def turned_labels(regions, level: list[Word], turned: list[Word]) -> list[Word]:
    """The words set turned (90 degrees) inside ruled regions whose text otherwise reads
    level: column labels turned to fit narrow columns (a header row of "Accuracy",
    "Precision" ... set upright), cells of the header like any other. Left out where the
    turned words are not a few labels over level rows (a whole table set sideways). A
    short word turned ("TA", "pH" over "urinaire") is about as tall as its line is wide."""
    out: list[Word] = []
    for box, _strategy in regions:
        inside = [w for w in turned if holds(box, w) and w.y1 - w.y0 > TURNED_ASPECT * (w.x1 - w.x0)]
        if inside and len(inside) <= TURNED_SHARE * sum(1 for w in level if holds(box, w)):
            out.extend(inside)
    return out
