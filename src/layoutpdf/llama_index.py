"""LlamaIndex integration (public alias of `layoutpdf.adapters.llama_index`).

Needs the extra: pip install "layoutpdf[llama-index]".
"""
from .adapters.llama_index import LayoutDocument, LayoutNodeParser, LayoutPDFReader

__all__ = ["LayoutPDFReader", "LayoutNodeParser", "LayoutDocument"]
