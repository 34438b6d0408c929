"""The furniture stage: watermarks, running headers and footers, page numbers, margin
stamps and manuscript line numbers become FURNITURE or BACKGROUND elements, before column
detection (so watermark glyphs never disturb column boundaries).

`run` is what `pipeline.STAGES` calls (stage.py: watermarks, repetition across pages,
page-number sequences, furniture a page shows on its own). Beneath it: outer_rows.py (the
rows white space sets apart at a page's top and bottom, and which of their lines read as
furniture; on an OCR'd page, by the middles of the boxes), footer_rows.py (office footers
on tab stops), folio_rows.py (a book's folio with its running head on one row),
last_folio.py (a page number printed right under an HTML page's content), page_sequence.py
(page numbers count with the pages, across sheets without a number; a contents sheet's
page references do not), places.py (running text repeats at one place across its
pages), in_text.py (an entry of a column the page repeats is no footer), line_numbers.py
(manuscript line numbers), content_box.py (where the bands lie). What margin lines say by their words alone
is shared with classify in `text/margin_lines.py`.
"""
from .stage import run

__all__ = ["run"]
