"""What the page tree says against what MuPDF reads from it (issue 34).

A damaged page tree is repaired silently by MuPDF: a /Count that does not match the pages
under it, pages lost from /Kids and found again by scanning the file's objects, one page
object listed several times. The page count then differs from what another reader (qpdf)
finds, and nothing said so. `page_tree_issues` compares the tree walked from the catalog
with the pages MuPDF serves and says what differs in one document Issue
(``page_tree_repaired``). `repeated_pages` lists the places of a page object listed more
than once after its first: they are not read again (a page object listed 1,000 times is
the same page, and reading it 1,000 times costs minutes); the Issue names them.
"""
from __future__ import annotations

import re

import pymupdf

from ..errors import Issue

MAX_NODES = 200_000             # tree nodes walked at most (a flat tree is wide, not deep)
_KID = re.compile(r"(\d+)\s+\d+\s+R")


def repeated_pages(doc: pymupdf.Document) -> dict[int, int]:
    """Page index -> index of the first place of the same page object, for every place
    after the first of a page object listed more than once (computed once per document)."""
    found = getattr(doc, "layoutpdf_repeated_pages", None)
    if found is None:
        found = {}
        first: dict[int, int] = {}
        try:
            for i in range(doc.page_count):
                xref = doc.page_xref(i)
                if xref > 0:
                    found.update({i: first[xref]} if xref in first else {})
                    first.setdefault(xref, i)
        except Exception:   # an unreadable tree: MuPDF says so when the page is loaded
            pass
        doc.layoutpdf_repeated_pages = found
    return found


def page_tree_issues(doc: pymupdf.Document) -> list[Issue]:
    """One ``page_tree_repaired`` Issue when the page tree and the pages MuPDF reads from it
    disagree (or a page object is listed more than once); none otherwise."""
    if not doc.is_pdf:
        return []
    leaves, count = _walk(doc)
    problems = []
    served = doc.page_count
    if leaves is not None and len(leaves) != served:
        problems.append(f"its page tree holds {len(leaves)} page(s) but {served} are read "
                        "from it")
    if count is not None and leaves is not None and count != len(leaves):
        problems.append(f"its /Count says {count} pages but the tree holds {len(leaves)}")
    repeated = repeated_pages(doc)
    if repeated:
        pages = sorted(repeated)
        problems.append(f"{len(pages)} page place(s) repeat a page object listed earlier "
                        f"(pages {_ranges([p + 1 for p in pages])}); those repeats are "
                        "not read again (their pages are left empty)")
    if not problems:
        return []
    return [Issue("open", None, "page_tree_repaired", "the PDF's page tree is damaged or "
                  "inconsistent: " + "; ".join(problems) + "; the page count may differ from "
                  "other readers'")]


def _walk(doc: pymupdf.Document) -> tuple[list[int] | None, int | None]:
    """(page objects in tree order, the root's /Count), walked from the catalog over /Kids
    without loading any page; (None, None) when there is no tree to walk (a cycle or a
    walk over MAX_NODES: preflight's page_tree_problem deals with those)."""
    try:
        kind, ref = doc.xref_get_key(doc.pdf_catalog(), "Pages")
        root = _KID.match(ref or "") if kind == "xref" else None
        if root is None:
            return None, None
        kind, value = doc.xref_get_key(int(root.group(1)), "Count")
        count = int(value) if kind == "int" else None
        leaves: list[int] = []
        stack, steps, active = [int(root.group(1))], 0, set()
        while stack:
            xref = stack.pop()
            steps += 1
            if steps > MAX_NODES:
                return None, None
            kind, kids = doc.xref_get_key(xref, "Kids")
            if kind == "array":
                if xref in active:
                    return None, None
                active.add(xref)
                stack.extend(int(m.group(1)) for m in reversed(list(_KID.finditer(kids))))
            elif doc.xref_get_key(xref, "Type")[1] != "/Pages":
                leaves.append(xref)
        return leaves, count
    except Exception:   # a node that cannot be read: nothing to compare with
        return None, None


def _ranges(numbers: list[int]) -> str:
    """'1-3, 7, 9-10' for [1, 2, 3, 7, 9, 10]; at most 10 runs, then '...'."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    text = ", ".join(f"{a}-{b}" if b > a else str(a) for a, b in runs[:10])
    return text + (", ..." if len(runs) > 10 else "")


__all__ = ["page_tree_issues", "repeated_pages"]
