"""The package's rooms, read from its import graph (every import, also inside functions).

Extraction feeds the stages, never the reverse; the stages know no renderer, adapter or
runner; the model knows no PDF library, renderer or inspector; no two modules import each
other, directly or round a longer loop. See README "How it works" for the map.
"""
from __future__ import annotations

import ast
import os
from pathlib import Path

import layoutpdf

ROOT = Path(layoutpdf.__file__).parent
PKG = "layoutpdf"


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def import_graph() -> dict[str, set[str]]:
    """module -> every module it imports (ours and third-party), as dotted names."""
    modules = {_module_name(p): p for p in ROOT.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets: set[str] = set()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(name, path.name == "__init__.py", node)
                targets.add(base)
                # `from . import x` / `from .pkg import mod` may name submodules
                targets.update(f"{base}.{a.name}" for a in node.names
                               if f"{base}.{a.name}" in modules)
        graph[name] = {t for t in targets if t}
    return graph


GRAPH = import_graph()


def _in(name: str, room: str) -> bool:
    return name == room or name.startswith(room + ".")


def _violations(src_room: str, forbidden: tuple[str, ...]) -> list[str]:
    return sorted(f"{m} -> {t}" for m, ts in GRAPH.items() if _in(m, src_room)
                  for t in ts for f in forbidden if _in(t, f))


def test_the_graph_is_read():
    # the check sees the modules and their imports (a broken reader would pass everything)
    assert "layoutpdf.pipeline" in GRAPH
    assert "layoutpdf.extract" in GRAPH["layoutpdf.pipeline"]
    assert any(_in(t, "pymupdf") for t in GRAPH["layoutpdf.extract.open"])
    # a function-level import is seen too
    assert any(_in(t, "layoutpdf.extract") for t in GRAPH["layoutpdf.figures_io"])


def test_extraction_never_imports_stages():
    assert _violations("layoutpdf.extract", ("layoutpdf.stages",)) == []


def test_stages_know_no_renderer_adapter_or_runner():
    outer = tuple(f"layoutpdf.{m}" for m in ("render", "adapters", "split", "debug", "batch",
                                              "ray", "cli", "llama_index", "langchain"))
    assert _violations("layoutpdf.stages", outer) == []


def test_the_model_knows_no_pdf_library_renderer_or_inspector():
    outer = ("layoutpdf.extract", "layoutpdf.render", "layoutpdf.debug", "layoutpdf.figures_io",
             "layoutpdf.stages", "layoutpdf.pipeline", "pymupdf", "fitz")
    assert _violations("layoutpdf.model", outer) == []


def test_shared_text_knowledge_sits_below_extraction_and_stages():
    outer = ("layoutpdf.extract", "layoutpdf.stages", "layoutpdf.elements", "layoutpdf.render",
             "pymupdf")
    assert _violations("layoutpdf.text", outer) == []
    # the renderer keeps only rendering
    assert sorted(p.name for p in (ROOT / "render").glob("*.py")) == ["__init__.py", "markdown.py"]


def _stage_rooms(stages: Path = ROOT / "stages") -> set[str]:
    """The names of what stages/ holds: its modules and packages (not __init__)."""
    return {p.stem for p in stages.iterdir()
            if (p.suffix == ".py" and p.name != "__init__.py") or (p / "__init__.py").exists()}


def test_stages_holds_one_module_per_stage_and_nothing_else():
    # every name of the table of contents is a module or package of stages/ whose `run` is
    # what the pipeline calls, and stages/ holds no helper beside them: shared helpers live
    # in elements/ or text/, a helper with one user inside its stage's package
    import importlib
    from layoutpdf.pipeline import STAGES
    names = [name for name, _ in STAGES]
    assert len(names) == len(set(names))
    for name, fn in STAGES:
        module = importlib.import_module(f"layoutpdf.stages.{name}")
        assert getattr(module, "run", None) is fn, (name, fn.__module__)
    assert _stage_rooms() == set(names), sorted(_stage_rooms() ^ set(names))
    for package in ("math", "figures", "layout", "furniture", "classify"):
        assert (ROOT / "stages" / package / "__init__.py").exists()


def test_the_stage_rule_sees_a_stray_helper(tmp_path):
    # a helper module dropped into stages/ is seen (the rule reads the folder, not a list);
    # a folder without __init__ (a cache) is no room
    (tmp_path / "math").mkdir()
    (tmp_path / "__pycache__").mkdir()
    for name in ("__init__.py", "stats.py", "helpers.py", "math/__init__.py"):
        (tmp_path / name).write_text("")
    assert _stage_rooms(tmp_path) == {"stats", "helpers", "math"}


def test_every_stage_in_the_table_of_contents_comes_from_a_stage_module():
    from layoutpdf.pipeline import STAGES
    for name, fn in STAGES:
        assert fn.__module__.startswith("layoutpdf.stages."), (name, fn.__module__)


def test_shared_element_helpers_sit_below_the_stages():
    # elements/ (per-page running, ids, rows and blocks, captions) serves every stage and
    # knows none of them, nor any renderer, runner or PDF library
    outer = ("layoutpdf.stages", "layoutpdf.extract", "layoutpdf.pipeline", "layoutpdf.render",
             "layoutpdf.adapters", "layoutpdf.split", "layoutpdf.debug", "pymupdf", "fitz")
    assert _violations("layoutpdf.elements", outer) == []
    assert "layoutpdf.elements.rows" in GRAPH["layoutpdf.elements.blocks"]   # the graph sees it


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one of our modules (Tarjan)."""
    ours = {m: {t for t in ts if t in graph and t != m} for m, ts in graph.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(ours[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(ours):
        if v not in index:
            visit(v)
    return out


def _is_package(module: str) -> bool:
    return (ROOT.parent / module.replace(".", os.sep) / "__init__.py").exists()


def test_no_import_cycles():
    # a package's __init__ re-exporting its own modules is not a loop between modules, so
    # those edges go; a submodule importing its package __init__ back still makes a loop
    graph = {m: {t for t in ts if not (_is_package(m) and t.startswith(m + "."))}
             for m, ts in GRAPH.items()}
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_cycles():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []
