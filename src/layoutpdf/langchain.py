"""LangChain integration (public alias of `layoutpdf.adapters.langchain`).

Needs the extra: pip install "layoutpdf[langchain]".
"""
from .adapters.langchain import LayoutPDFLoader, LayoutTextSplitter

__all__ = ["LayoutPDFLoader", "LayoutTextSplitter"]
