"""layoutpdf: PDFs in human reading order, safe to feed into retrieval-augmented generation."""
from .errors import (CorruptPDFError, EncryptedPDFError, Issue, LayoutPDFError, NotAPDFError,
                     OutputPathError, PageProcessingError, ResourceLimitError,
                     SettingsError)
from .model import (BBox, Document, Element, Equation, Figure, Footnote, Layer, Page, Role, Table,
                    TextSource)
from . import outputs as _outputs  # noqa: F401  (Document.to_markdown & co.)
from .pipeline import STAGES, iter_pages, parse
from .settings import Settings

__version__ = "0.1.0"

__all__ = ["parse", "iter_pages", "Settings", "Document", "Page", "Element", "Figure", "Table",
           "Footnote", "Equation", "Role", "Layer", "TextSource", "BBox", "Issue", "STAGES",
           "LayoutPDFError", "NotAPDFError", "EncryptedPDFError", "CorruptPDFError",
           "ResourceLimitError", "SettingsError", "PageProcessingError", "OutputPathError",
           "__version__"]
