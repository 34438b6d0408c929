"""The frozen data model. Imports nothing else of layoutpdf except the Issue record."""
from .content import Drawing, ImagePlacement, Line, Span
from .document import Document, OutlineEntry, Page, Stats, TableCandidate
from .elements import (Element, Equation, Figure, Footnote, Layer, Region, Role, Table,
                       TextSource)
from .geometry import BBox
from .units import Unit, UnitKind

__all__ = ["BBox", "Span", "Line", "Drawing", "ImagePlacement", "OutlineEntry", "Page", "Stats", "Document",
           "Element", "Equation", "Figure", "Footnote", "Layer", "Region", "Role", "Table",
           "TableCandidate", "TextSource", "Unit", "UnitKind"]
