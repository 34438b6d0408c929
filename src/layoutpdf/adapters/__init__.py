"""Framework adapters: LlamaIndex (`layoutpdf.llama_index`) and LangChain (`layoutpdf.langchain`).

Nothing here imports a framework at package import time; each adapter module imports its
framework when it is itself imported, and raises an ImportError naming the extra to install
when the framework is missing.
"""


def missing_framework(what: str, extra: str, exc: ImportError) -> ImportError:
    """The ImportError an adapter raises without its framework: what to pip install."""
    err = ImportError(f"{what} is not installed; install it with: pip install \"layoutpdf[{extra}]\" "
                      f"({exc})")
    err.name = getattr(exc, "name", None)
    return err
