"""The table_captions stage (after math, before stitch): "Table 2:" / "TABLE II" captions
bound to tables by the shared binding score (`elements/captions.py`), and a table
continued on the next page (same columns, repeated header) joined into one again.

Reads `doc.tables`, `doc.figures` (captions already bound to figures are not taken) and
the elements of their pages; writes each Table's caption and binding, and joined tables.
The code lives with table detection (`tables.bind`); this module is the stage's place in
`pipeline.STAGES`.
"""
from .tables import bind as run

__all__ = ["run"]
