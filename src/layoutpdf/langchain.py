"""LangChain integration (public alias of `layoutpdf.adapters.langchain`).

Needs the extra: pip install "layoutpdf[langchain]".
"""
from .adapters.langchain import LayoutPDFLoader, LayoutPDFParser, LayoutTextSplitter

__all__ = ["LayoutPDFLoader", "LayoutPDFParser", "LayoutTextSplitter"]
