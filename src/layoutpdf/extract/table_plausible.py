"""Whether a grid read from a page region is a table: two or more columns of short cells;
a borderless one (found by its text) dense and regular as well, with three rows or more
and a numeric column or three columns. Prose between rules, contents lists, displayed
math and lists set in columns are not. Asked by the finders in `tables` and by those
that join grids (`table_bands`, `table_continued`)."""
from __future__ import annotations

import re
from statistics import median

from .table_grid import Grid
from .table_header import without_unit_rows
from .table_numbers import is_number, labelled_amounts
from .table_prose import contents_refusal
from .table_signs import sign_column
from .table_words import MAX_CELL_WORDS, MIN_ALIGNED_ROWS

TEXT_FILL = 0.5         # share of non-empty cells in a borderless table
TEXT_FULL_COLUMNS = 0.6  # share of its columns filled in at least half of the rows
PROSE_CELLS = 0.25      # share of cells longer than MAX_CELL_WORDS in prose set side by side
_OPERATOR = re.compile(r"^[=+×÷≤≥<>≈∼∝±∓·]|^[-−–](?!\s?[\d.,])")
_BULLET = re.compile(r"^[•◦▪▫‣⁃●○■□➢►*–—-]$")


def plausible(g: Grid, leaders: bool = True) -> bool:
    """Reject prose and single-column boxes: a table has two or more columns with short
    cells; a borderless one also needs three rows and a numeric column or three columns.
    A table of contents is refused unless `leaders` is False (`_contents_list`)."""
    ncols = len(g.col_edges) - 1
    nrows = len(g.rows)
    if ncols < 2 or nrows < 2:
        return False
    cells = [c for row in g.rows for c in row if c]
    words = median(len(c.split()) for c in cells)
    multi = sum(1 for row in g.rows if sum(1 for c in row if c) >= 2)
    if g.strategy == "lines" and g.rule_columns and (multi >= 2 or g.drawn_empty):
        return True                         # a ruled grid: its rules make the cells (sparse, wrapped, blank)
    if multi < 0.5 * nrows and not (g.strategy != "text" and labelled_amounts(g.rows[g.header_rows:])):
        return False
    if g.strategy == "lines" and g.rule_columns:
        return True
    # a frame with no rule inside it between columns (a shaded or boxed panel) bounds its
    # text as a rule band does: its columns come from the text, so must its short cells
    if words > (MAX_CELL_WORDS if g.strategy == "text" else 2 * MAX_CELL_WORDS):
        return False
    if leaders and contents_refusal(g):
        return False                        # a table of contents: dot leaders, not cells
    if g.strategy != "text":
        return True
    return _regular(g, cells, ncols, nrows)


def _regular(g: Grid, cells: list[str], ncols: int, nrows: int) -> bool:
    """A borderless table is dense and regular: three rows or more, most columns filled in
    most rows, few long cells, and a numeric column or three columns. Scattered pieces of
    displayed math and prose beside it are not."""
    # a currency sign goes with the amount beside it (a header over both may span them)
    signs = {c for c in range(ncols) if sign_column(g.rows[g.header_rows:], c)}
    columns, ncols = range(ncols), ncols - len(signs)
    rows = without_unit_rows(g).rows        # a unit line is said of the whole table: no data row
    cells = [row[c] for row in rows for c in range(len(row)) if row[c] and c not in signs]
    if (nrows < MIN_ALIGNED_ROWS and not _two_labelled_rows(rows)) or len(cells) < TEXT_FILL * len(rows) * ncols:
        return False
    full = sum(1 for c in range(len(g.col_edges) - 1)
               if c not in signs and sum(1 for row in rows if row[c]) >= 0.5 * len(rows))
    if full < TEXT_FULL_COLUMNS * (ncols - _sparse_amounts(g, signs, full)):
        return False
    if sum(1 for c in cells if len(c.split()) > MAX_CELL_WORDS) > PROSE_CELLS * len(cells) \
            and not _long_labels(g, signs):
        return False                        # lines of prose side by side
    if sum(1 for c in cells if _OPERATOR.match(c) and not is_number(c)) >= 2:
        return False                        # displayed math: cells open with = + − (a lone
                                            # dash is a statement's nil amount)
    if any(all(not row[c] or _BULLET.match(row[c]) for row in g.rows) for c in columns):
        return False                        # a list in columns: a column of bullets
    return ncols >= 3 or any(_numeric_column(g.rows[g.header_rows:], c) for c in columns)


def _two_labelled_rows(rows) -> bool:
    """Two rows, each a label and two amounts or more: a statement's rows a page break
    leaves at the top of the next page (found by `table_words`, their amounts in columns)."""
    return len(rows) == 2 and all(row[0] and not is_number(row[0])
                                  and sum(1 for c in row[1:] if c and is_number(c)) >= 2 for row in rows)


def _sparse_amounts(g: Grid, signs: set[int], full: int) -> int:
    """Columns filled on few rows with amounts only, beside two full columns of amounts or
    more: a statement of equity's share columns, which hold a number on the rows about
    shares only. They are columns of the statement, not stray pieces."""
    body = g.rows[g.header_rows:]
    numeric = [c for c in range(len(g.col_edges) - 1) if c not in signs and _numeric_column(body, c)]
    dense = [c for c in numeric if sum(1 for row in body if row[c]) >= 0.5 * len(body)]
    if len(dense) < 2 or full < 3:
        return 0
    return sum(1 for c in numeric if c not in dense
               and all(is_number(row[c]) for row in body if row[c]))


def _long_labels(g: Grid, signs: set[int]) -> bool:
    """The long cells are all row labels: they lie in the first column only, and every
    other column (but the currency signs) holds amounts. A statement whose line items are
    long ("Notes due 2030-2034 (4.1% for 2023 and 2.9% for 2022)") beside two amount
    columns is no prose set side by side, which runs long in two columns or more."""
    body = g.rows[g.header_rows:]
    others = [c for c in range(1, len(g.col_edges) - 1) if c not in signs]
    return bool(others) and all(len(row[c].split()) <= MAX_CELL_WORDS
                                for row in body for c in others if c < len(row)) \
        and all(_numeric_column(body, c) for c in others)


def _numeric_column(rows, c: int) -> bool:
    vals = [row[c] for row in rows if c < len(row) and row[c]]
    return len(vals) >= 2 and sum(1 for v in vals if is_number(v)) >= 0.6 * len(vals)
