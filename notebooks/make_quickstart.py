"""Writes notebooks/quickstart.ipynb (no outputs). The test suite executes the notebook.

    python notebooks/make_quickstart.py
"""
import os

import nbformat as nbf

HERE = os.path.dirname(os.path.abspath(__file__))

cells = [
    nbf.v4.new_markdown_cell(
        "# layoutpdf quickstart\n\n"
        "Parse a paper, look at what the engine decided, and ask questions whose answers sit in a "
        "footnote and in a figure caption, through LlamaIndex and LangChain. Everything runs "
        "offline: embeddings are mocked, retrieval is BM25 / fake embeddings.\n\n"
        "The notebook uses a real paper from the project's corpus when it is checked out next to "
        "the repo (`../shared/corpus/real/`), and the sample PDF shipped in the package otherwise."),
    nbf.v4.new_code_cell(
        "import os\n"
        "import layoutpdf\n"
        "from layoutpdf.cli import sample_pdf_path\n\n"
        "corpus = os.path.join('..', '..', 'shared', 'corpus', 'real', 'unstructured_dpr_emnlp_multicolumn.pdf')\n"
        "path = corpus if os.path.exists(corpus) else sample_pdf_path()\n"
        "doc = layoutpdf.parse(path, pages=range(5) if path == corpus else None)\n"
        "print(path)\n"
        "print(len(doc.pages), 'pages,', len(doc.elements), 'elements,', len(doc.figures), 'figures,',\n"
        "      len(doc.footnotes), 'footnotes,', len(doc.issues), 'issues')\n"
        "doc  # the compact HTML summary"),
    nbf.v4.new_markdown_cell("## Reading order, roles and columns on the first page"),
    nbf.v4.new_code_cell(
        "from IPython.display import Image, display\n"
        "from layoutpdf.debug import draw\n"
        "display(Image(draw(doc, doc.pages[0].index, dpi=60)))"),
    nbf.v4.new_markdown_cell("## The Markdown, with footnotes bound after their paragraph"),
    nbf.v4.new_code_cell(
        "md = doc.to_markdown()\n"
        "first_note = doc.footnotes[0]\n"
        "i = md.find(f'[^{first_note.id}]:')\n"
        "print(md[max(0, i - 600):i + 300])"),
    nbf.v4.new_markdown_cell("## Figures: boxes, captions, crops"),
    nbf.v4.new_code_cell(
        "import tempfile\n"
        "crops = tempfile.mkdtemp()\n"
        "with_crops = doc.save_figures(crops)\n"
        "for fig in with_crops.figures[:2]:\n"
        "    print(fig.label, fig.kind, fig.bbox.to_list(0), 'score', fig.score)\n"
        "    print('  ', fig.caption)\n"
        "    display(Image(os.path.join(crops, os.path.basename(fig.image_path)), width=360))"),
    nbf.v4.new_markdown_cell("## LlamaIndex: reader, node parser, index, BM25 retriever"),
    nbf.v4.new_code_cell(
        "from llama_index.core import Settings as LISettings, VectorStoreIndex\n"
        "from llama_index.core.embeddings import MockEmbedding\n"
        "from llama_index.retrievers.bm25 import BM25Retriever\n"
        "from layoutpdf.llama_index import LayoutPDFReader, LayoutNodeParser\n\n"
        "LISettings.llm = None\n"
        "LISettings.embed_model = MockEmbedding(embed_dim=8)\n"
        "reader = LayoutPDFReader(settings={'limits': {'max_pages': 5}})\n"
        "li_docs = reader.load_data(path)\n"
        "nodes = LayoutNodeParser(chunk_size=256).get_nodes_from_documents(li_docs)\n"
        "index = VectorStoreIndex(nodes)\n"
        "bm25 = BM25Retriever.from_defaults(nodes=nodes, similarity_top_k=3)\n"
        "print(len(li_docs), 'page documents ->', len(nodes), 'nodes')"),
    nbf.v4.new_code_cell(
        "def ask(question, must_contain):\n"
        "    hits = bm25.retrieve(question)\n"
        "    top = hits[0].node\n"
        "    print('Q:', question)\n"
        "    print('top chunk, pages', top.metadata.get('page_start'), '-', top.metadata.get('page_end'))\n"
        "    print(top.get_content()[:400], '...')\n"
        "    assert any(must_contain in h.node.get_content() for h in hits), 'answer not retrieved'\n\n"
        "note = doc.footnotes[0]\n"
        "ask(' '.join(note.text.split()[:12]), note.text[:40])"),
    nbf.v4.new_code_cell(
        "fig = doc.figures[0]\n"
        "caption_words = fig.caption.split(':', 1)[-1]\n"
        "ask(caption_words, caption_words.strip()[:40])"),
    nbf.v4.new_markdown_cell("## LangChain: loader, splitter, retriever"),
    nbf.v4.new_code_cell(
        "from langchain_core.embeddings import DeterministicFakeEmbedding\n"
        "from langchain_core.vectorstores import InMemoryVectorStore\n"
        "from layoutpdf.langchain import LayoutPDFLoader\n\n"
        "chunks = LayoutPDFLoader(path, settings={'limits': {'max_pages': 5}}).load_and_split()\n"
        "store = InMemoryVectorStore.from_documents(chunks, DeterministicFakeEmbedding(size=32))\n"
        "retriever = store.as_retriever(search_kwargs={'k': 3})\n"
        "# the fake embedding only matches identical text, so query with a chunk's own text\n"
        "target = next(c for c in chunks if note.text[:40] in c.page_content)\n"
        "found = retriever.invoke(target.page_content)\n"
        "print(len(chunks), 'chunks; metadata keys:', sorted(found[0].metadata)[:12])\n"
        "assert note.text[:40] in found[0].page_content"),
]

nb = nbf.v4.new_notebook(cells=cells, metadata={
    "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
    "language_info": {"name": "python"}})
nbf.write(nb, os.path.join(HERE, "quickstart.ipynb"))
