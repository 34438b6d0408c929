"""Ray Data integration: PDFs in, a Dataset of chunk rows out.

Needs the extra: pip install "layoutpdf[ray]".

    import ray
    from layoutpdf.ray import read_pdfs, PDFBytesToChunks

    ray.init()                                   # or ray.init(address="auto") on a cluster
    chunks = read_pdfs("papers/", chunk_size=512)     # a ray.data.Dataset, one row per chunk
    chunks.write_parquet("chunks/")

    # a pipeline that already holds PDF bytes (column "bytes", optional "path"):
    ds = ray.data.read_binary_files("s3://bucket/pdfs/", include_paths=True)
    chunks = ds.map_batches(PDFBytesToChunks(chunk_size=256), batch_size=1)

Each row holds ``text`` and flat metadata: ``source``, ``chunk_index``, ``token_count``,
the splitter's chunk metadata (``heading_path``, ``page_start``, ``page_end``,
``element_ids``, ``bboxes``, ``figure_ids``, ``table_ids``, ``table_rows``, ``footnote_ids``
as JSON strings, ``has_math``, ``oversize``, ``extraction_confidence``, ``unit_kinds``), and per document
``doc_pages`` and ``doc_issues``. Every batch is a pyarrow Table with the same schema, so
blocks always concatenate.

One document is parsed whole by one Ray task (the document-wide stages need every page);
``read_pdfs`` gives a task a few small local files in turn (``files_per_task``).
A PDF that cannot be read is logged and yields no rows (``errors="skip"``, the default) or
fails the task (``errors="raise"``).

Isolation (``isolate=True``, the default): each Ray worker parses in one child process of
its own (spawned once, reused), whose address space is capped at ``limits.max_memory_mb``
over its start-up size. A document that crashes MuPDF (a signal) or runs out of memory
then fails alone (``WorkerCrashedError`` / ``ResourceLimitError``, under the ``errors``
policy) instead of killing the Ray worker and, after Ray's retries, the whole Dataset.

This module is named ``layoutpdf.ray``; it imports the real ``ray`` package lazily (inside
functions), so importing it has no side effects and needs no Ray.
"""
from __future__ import annotations

import importlib
import logging
import os
from typing import Any, Iterable, Mapping, Sequence

from .settings import CHUNK_SIZE, Settings

log = logging.getLogger("layoutpdf.ray")

__all__ = ["read_pdfs", "PDFBytesToChunks", "pdf_to_chunk_rows", "CHUNK_COLUMNS"]

ERRORS = ("skip", "raise")

# Column name -> pyarrow type name; Chunk.metadata() keys not listed here are inferred
# from their Python type (str when unknown).
CHUNK_COLUMNS: dict[str, str] = {
    "text": "string",
    "source": "string",
    "chunk_index": "int64",
    "token_count": "int64",
    "heading_path": "string",
    "page_start": "int64",
    "page_end": "int64",
    "element_ids": "string",
    "bboxes": "string",
    "figure_ids": "string",
    "table_ids": "string",
    "table_rows": "string",
    "footnote_ids": "string",
    "has_math": "bool",
    "oversize": "bool",
    "extraction_confidence": "string",
    "unit_kinds": "string",
    "doc_pages": "int64",
    "doc_issues": "int64",
}


def _import(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise ImportError(f"{name} is needed by layoutpdf.ray: pip install \"layoutpdf[ray]\" "
                          f"({exc})") from exc


def pdf_to_chunk_rows(source: Any, settings: Settings | Mapping[str, Any] | None = None, *,
                      chunk_size: int | None = None, chunk_overlap: int | None = None,
                      password: str | None = None, name: str | None = None) -> list[dict[str, Any]]:
    """Parse one PDF (path, bytes or file object) and split it: one dict per chunk.

    chunk_size / chunk_overlap default to ``settings.split``; tokens are counted with
    ``settings.split.encoding``. Framework-free: Ray is not needed to call this.
    """
    from .pipeline import parse
    from .render.markdown import render_units
    s = Settings.resolve(settings)
    doc = parse(source, s, password=password)
    splitter = _splitter(s, chunk_size, chunk_overlap)
    chunks = splitter.split_units(render_units(doc))
    src = name if name is not None else doc.source
    rows = []
    for i, chunk in enumerate(chunks):
        row: dict[str, Any] = {"text": chunk.text, "source": src, "chunk_index": i,
                               "token_count": chunk.token_count}
        row.update(chunk.metadata())
        row["doc_pages"] = len(doc.pages)
        row["doc_issues"] = len(doc.issues)
        rows.append(row)
    return rows


def _splitter(s: Settings, chunk_size: int | None, chunk_overlap: int | None) -> Any:
    """The splitter for `settings.split`, with chunk_size / chunk_overlap given here over it
    (validated by the splitter: SettingsError)."""
    from .split import Splitter
    return Splitter(chunk_size=chunk_size if chunk_size is not None else s.split.chunk_size,
                    chunk_overlap=(chunk_overlap if chunk_overlap is not None
                                   else s.split.chunk_overlap),
                    tokenizer=s.split.encoding, display_context=s.split.display_context,
                    table_format=s.split.table_format)


class PDFBytesToChunks:
    """A ``map_batches`` callable: rows with PDF ``bytes`` (and optional ``path``) in,
    chunk rows out.

    Use an instance for stateless tasks, or the class with ``fn_constructor_kwargs`` and
    ``concurrency=N`` for an actor pool::

        ds.map_batches(PDFBytesToChunks(chunk_size=256), batch_size=1)
        ds.map_batches(PDFBytesToChunks, fn_constructor_kwargs={"chunk_size": 256},
                       concurrency=4, batch_size=1)

    (Leave CPUs for the read tasks: actors that hold every CPU starve them, e.g. pass
    ``num_cpus=0.5`` with ``concurrency`` equal to the CPU count.)

    A row with no ``bytes`` but a ``path`` is read from that path (shared storage).
    Holds only plain data (settings as a dict), so it pickles to any worker.
    """

    def __init__(self, settings: Settings | Mapping[str, Any] | None = None, *,
                 chunk_size: int | None = None, chunk_overlap: int | None = None,
                 password: str | None = None, errors: str = "skip",
                 isolate: bool = True) -> None:
        if errors not in ERRORS:
            raise ValueError(f"errors must be one of {ERRORS}, not {errors!r}")
        self.isolate = bool(isolate)
        self.settings = Settings.resolve(settings).to_dict()
        self.chunk_size = chunk_size
        self.chunk_overlap = chunk_overlap
        self.password = password
        self.errors = errors
        if chunk_size is not None or chunk_overlap is not None:   # validate early
            _splitter(Settings.resolve(self.settings), chunk_size, chunk_overlap)

    def __call__(self, batch: Any) -> Any:
        rows: list[dict[str, Any]] = []
        for data, path in _inputs(batch):
            name = path if path else "<bytes>"
            try:
                source = data if data is not None else path
                if source is None:
                    raise ValueError("a row has neither 'bytes' nor 'path'")
                run = _isolated_rows if getattr(self, "isolate", True) else pdf_to_chunk_rows
                rows.extend(run(source, self.settings, chunk_size=self.chunk_size,
                                chunk_overlap=self.chunk_overlap, password=self.password,
                                name=name))
            except Exception as exc:
                if self.errors == "raise":
                    raise
                log.warning("layoutpdf: skipping %s: %s: %s", name, type(exc).__name__, exc)
        return _table(rows)


_CHILD: Any = None    # this process's parsing child (isolate=True): a one-worker pool


def _isolated_rows(source: Any, settings: Mapping[str, Any], **kwargs: Any) -> list[dict[str, Any]]:
    """`pdf_to_chunk_rows` in this process's child; a child that dies is replaced and its
    document fails with WorkerCrashedError (the signal named)."""
    import concurrent.futures as cf
    import multiprocessing
    from concurrent.futures.process import BrokenProcessPool
    from .errors import WorkerCrashedError
    from .workers import abandon, death_reason, limit_memory
    global _CHILD
    if _CHILD is None:
        cap = Settings.resolve(settings).limits.max_memory_mb
        _CHILD = cf.ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                        initializer=limit_memory, initargs=(cap,))
    if hasattr(source, "read"):
        source = source.read()
    procs = None            # submit itself raises when the idle child was killed
    try:
        future = _CHILD.submit(pdf_to_chunk_rows, source, dict(settings), **kwargs)
        procs = list((getattr(_CHILD, "_processes", None) or {}).values())
        return future.result()
    except BrokenProcessPool:
        pool, _CHILD = _CHILD, None
        reason = death_reason(abandon(pool, procs), None)
        raise WorkerCrashedError(f"{kwargs.get('name') or '<bytes>'}: {reason}") from None


def _inputs(batch: Any) -> list[tuple[bytes | None, str | None]]:
    """(bytes, path) pairs from a batch: a dict of columns, a pandas frame or a pyarrow table."""
    if hasattr(batch, "to_pydict"):            # pyarrow.Table
        batch = batch.to_pydict()
    elif hasattr(batch, "to_dict") and hasattr(batch, "columns"):   # pandas.DataFrame
        batch = {c: list(batch[c]) for c in batch.columns}
    if not isinstance(batch, Mapping):
        raise TypeError(f"expected a batch of columns, got {type(batch).__name__}")
    datas = list(batch["bytes"]) if "bytes" in batch else None
    paths = list(batch["path"]) if "path" in batch else None
    if datas is None and paths is None:
        raise ValueError("PDFBytesToChunks needs a 'bytes' column (and/or a 'path' column); "
                         f"the batch has {sorted(batch)}")
    n = len(datas if datas is not None else paths)
    out = []
    for i in range(n):
        data = datas[i] if datas is not None else None
        path = paths[i] if paths is not None else None
        out.append((bytes(data) if data is not None else None,
                    str(path) if path is not None else None))
    return out


def _schema(extra: Iterable[tuple[str, Any]] = ()) -> Any:
    pa = _import("pyarrow")
    types = {"string": pa.string(), "int64": pa.int64(), "bool": pa.bool_(),
             "float64": pa.float64()}
    fields = [pa.field(k, types[v]) for k, v in CHUNK_COLUMNS.items()]
    for key, value in extra:
        t = (pa.bool_() if isinstance(value, bool) else pa.int64() if isinstance(value, int)
             else pa.float64() if isinstance(value, float) else pa.string())
        fields.append(pa.field(key, t))
    return pa.schema(fields)


def _table(rows: list[dict[str, Any]]) -> Any:
    pa = _import("pyarrow")
    extra = {}
    for row in rows:
        for k, v in row.items():
            if k not in CHUNK_COLUMNS and (k not in extra or extra[k] is None):
                extra[k] = v
    schema = _schema(sorted(extra.items()))
    if extra:
        for row in rows:
            for k, v in extra.items():
                if isinstance(schema.field(k).type, pa.StringType) and row.get(k) is not None \
                        and not isinstance(row[k], str):
                    row[k] = str(row[k])
    return pa.Table.from_pylist(rows, schema=schema)


def _pdf_files(paths: Sequence[str]) -> list[str]:
    files: list[str] = []
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, names in os.walk(p):
                dirs.sort()
                files.extend(os.path.join(root, n) for n in sorted(names) if n.lower().endswith(".pdf"))
        else:
            files.append(p)
    return files


def read_pdfs(paths_or_dataset: Any, settings: Settings | Mapping[str, Any] | None = None, *,
              chunk_size: int | None = CHUNK_SIZE, chunk_overlap: int | None = None,
              password: str | None = None, errors: str = "skip",
              files_per_task: int | None = None, **map_batches_kwargs: Any) -> Any:
    """A ``ray.data.Dataset`` of chunk rows from PDFs.

    paths_or_dataset: a path (file or folder, read recursively for ``*.pdf``), a list of
    them (local paths must be visible to every node: shared storage, or use a remote
    URI such as ``s3://...`` that ``ray.data.read_binary_files`` understands), or a
    Dataset with a ``bytes`` column (and optional ``path``) or a ``path`` column.
    chunk_size: tokens per chunk (None: ``settings.split.chunk_size``).
    files_per_task: local files only: how many PDFs one Ray task parses, one after the
    other. Every task costs the driver some scheduling work, so small files are grouped.
    Default: about four tasks per cluster CPU (1 to 32 files a task); groups mix large
    and small files, largest groups first. 1 gives one task per PDF. A document is always
    parsed whole by one task.
    map_batches_kwargs: passed to ``map_batches`` (``num_cpus``, ``memory``,
    ``concurrency``...). A Dataset or remote URIs given: one PDF per batch.

    The Dataset made here from paths has Ray Data's per-operator resource reservation
    turned off (``ds.context.op_resource_reservation_enabled``), so parse tasks queue
    ahead of free CPUs instead of waiting for Ray Data's scheduling loop; see
    ``_submit_ahead``. A Dataset passed in keeps its own context: set that flag on it for
    the same effect.
    """
    rd = _import("ray.data")
    fn = PDFBytesToChunks(settings, chunk_size=chunk_size, chunk_overlap=chunk_overlap,
                          password=password, errors=errors)
    if files_per_task is not None and (not isinstance(files_per_task, int) or files_per_task < 1):
        raise ValueError("files_per_task must be a positive int or None")
    if isinstance(paths_or_dataset, rd.Dataset):
        ds, grouped = paths_or_dataset, False
    else:
        ds, grouped = _path_dataset(rd, paths_or_dataset, files_per_task)
        _submit_ahead(ds)
    # grouped: one block per group of files, one task per block
    map_batches_kwargs.setdefault("batch_size", None if grouped else 1)
    return ds.map_batches(fn, batch_format="pyarrow", **map_batches_kwargs)


def _submit_ahead(ds: Any) -> None:
    """Let Ray Data queue parse tasks ahead of free CPUs, for a Dataset read_pdfs made.

    With its per-operator resource reservation on (the default), Ray Data submits a task
    only when its budget has a free CPU, and it sees free CPUs only in its scheduling loop,
    up to 0.1 s (more on a busy driver) after a task ends; for the first second of a job
    the budget is zero and one task runs at a time. On two CPUs that left workers idle
    for 15-30% of a run (the gaps are ray-project/ray#45934; benchmarks/ray_dispatch.py
    measures them on Ray alone). Without it, tasks wait in Ray's own queue and a worker
    starts the next one within about 10 ms; object store backpressure still applies.

    The Dataset's context is a copy made for this Dataset (and shared by what is derived
    from it), so the application's DataContext and its other Datasets are untouched.
    Set ``ds.context.op_resource_reservation_enabled = True`` to turn it back on, e.g.
    for a pipeline with several stages that compete for CPUs.
    """
    ctx = getattr(ds, "context", None)
    if ctx is not None and hasattr(ctx, "op_resource_reservation_enabled"):
        ctx.op_resource_reservation_enabled = False


TASKS_PER_CPU = 4
MAX_FILES_PER_TASK = 32


def _cluster_cpus() -> int:
    try:
        import ray
        if ray.is_initialized():
            return max(1, int(ray.cluster_resources().get("CPU", 1)))
    except Exception:   # pragma: no cover - no Ray or no cluster: the local CPU count
        pass
    return os.cpu_count() or 1


def file_groups(files: Sequence[str], files_per_task: int | None,
                cpus: int | None = None) -> list[list[str]]:
    """Files (largest first) dealt into groups of about `files_per_task`, snake order
    (0..n-1, n-1..0, ...) so every group gets large and small files; largest group first."""
    files = sorted(files, key=lambda f: -os.path.getsize(f))
    if files_per_task is None:
        per_cpu = len(files) // (TASKS_PER_CPU * (cpus or _cluster_cpus()))
        files_per_task = min(MAX_FILES_PER_TASK, max(1, per_cpu))
    n = -(-len(files) // files_per_task)
    groups: list[list[str]] = [[] for _ in range(n)]
    for i, f in enumerate(files):
        lap, pos = divmod(i, n)
        groups[pos if lap % 2 == 0 else n - 1 - pos].append(f)
    groups.sort(key=lambda g: -sum(os.path.getsize(f) for f in g))
    return groups


def _path_dataset(rd: Any, paths: Any, files_per_task: int | None = None) -> tuple[Any, bool]:
    """Local files: a Dataset of paths, one block per group of files (each worker reads its
    own PDFs: no bytes through the object store). Remote URIs (``s3://...``):
    ``read_binary_files``. Returns (dataset, grouped)."""
    items = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    items = [os.fspath(p) for p in items]
    remote = [p for p in items if "://" in p]
    files = _pdf_files([p for p in items if "://" not in p])
    if remote:
        if files:
            raise ValueError("read_pdfs takes local paths or remote URIs, not both in one call")
        return rd.read_binary_files(remote, include_paths=True), False
    if not files:
        raise ValueError(f"no PDF files in {items!r}")
    missing = [f for f in files if not os.path.isfile(f)]
    if missing:
        raise FileNotFoundError(2, "No such file", missing[0])
    pa = _import("pyarrow")
    groups = file_groups([os.path.abspath(f) for f in files], files_per_task)
    return rd.from_arrow([pa.table({"path": g}) for g in groups]), True
