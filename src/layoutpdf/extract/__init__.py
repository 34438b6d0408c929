"""The only package that imports PyMuPDF."""
from .open import Source, open_pdf, pdf_metadata, source_name
from .page import extract_page

__all__ = ["Source", "open_pdf", "pdf_metadata", "source_name", "extract_page"]
