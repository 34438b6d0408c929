"""The Document's output methods that need more than the model, plugged into it here.

`Document.to_markdown()` is the renderer, `Document.save_figures()` crops figures from the
PDF, `Document._repr_html_()` (Jupyter) is the inspector's summary. The model declares these
methods and imports none of their code; the package root imports this module, which
registers them, so they work on every Document once `layoutpdf` is imported.
"""
from __future__ import annotations

from .debug.html import document_summary_html
from .figures_io import save_figures
from .model.document import provide_output
from .render.markdown import render_markdown

provide_output("to_markdown", render_markdown)
provide_output("save_figures", save_figures)
provide_output("_repr_html_", document_summary_html)
