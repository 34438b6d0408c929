"""A table said row by row (issue 39, optional; `split.table_format="rows"`): each body row
as "label — column: value; column: value", the column's label beside each value, so a
piece of a table read alone (a chunk, an embedding) says what each number is, without a
Markdown header to look up. Rows without values (a section's label, "Current assets:")
stay their label."""
from __future__ import annotations

from ._table_header import _row_cells

ROW_JOIN = " — "
CELL_JOIN = "; "
_CURRENCY = frozenset({"$", "\\$", "€", "£", "¥"})


def row_text(row: str, labels: list[str]) -> str:
    """One Markdown body row said with its column labels."""
    cells = _row_cells(row)
    label, values = cells[0] if cells else "", cells[1:]
    parts = []
    for k, value in enumerate(values):
        if not value or value in _CURRENCY:
            continue
        head = labels[k] if k < len(labels) else ""
        parts.append(f"{head}: {value}" if head else value)
    if not parts:
        return label
    said = CELL_JOIN.join(parts)
    return f"{label}{ROW_JOIN}{said}" if label else said
