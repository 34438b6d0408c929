"""Framework adapters: LlamaIndex (`layoutpdf.llama_index`) and LangChain (`layoutpdf.langchain`).

Nothing here imports a framework at package import time; each adapter module imports its
framework when it is itself imported, and raises an ImportError naming the extra to install
when the framework is missing.
"""
