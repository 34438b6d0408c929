"""The only package that imports PyMuPDF."""
from .open import PYMUPDF_LOCK, Source, open_pdf, pdf_metadata, source_name
from .outline import outline_by_page
from .page import extract_page

__all__ = ["PYMUPDF_LOCK", "Source", "open_pdf", "pdf_metadata", "source_name", "extract_page",
           "outline_by_page"]
