"""Command line: `layoutpdf convert | demo | inspect`.

Every failure is one line on stderr (``error: ...``) and an exit code (README, "Exit codes"):
0 done; 1 a document failed (convert: at least one file; inspect: the input cannot be read)
or an output could not be written; 2 a usage error (an argument, a setting, a page range, an
output path that cannot be used: an existing file as the ``-o`` folder, a symlink where
layoutpdf makes a folder); 3 an internal error (a bug: ``-v`` shows the traceback);
130 interrupted.
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from importlib import resources
from typing import Sequence

from . import __version__
from .errors import LayoutPDFError, OutputPathError, SettingsError
from .pipeline import parse
from .safe_write import output_dir, write_file
from .settings import Settings

PASSWORD_ENV = "LAYOUTPDF_PASSWORD"
EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERNAL, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
DPI_RANGE = (10, 1200)   # --dpi, as figures.crop_dpi


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line usage error (exit 2) instead of the usage block."""

    def error(self, message: str) -> None:   # type: ignore[override]
        self.exit(EXIT_USAGE, f"error: {message} (see {self.prog} --help)\n")


def parse_page_ranges(spec: str | None) -> list[int] | None:
    """'1-3,7' (1-based, inclusive) -> [0, 1, 2, 6]."""
    if not spec:
        return None
    pages: set[int] = set()
    for part in spec.split(","):
        part = part.strip()
        if not part:
            continue
        if "-" in part:
            a, b = part.split("-", 1)
            lo, hi = int(a), int(b)
            if lo < 1 or hi < lo:
                raise ValueError(f"bad page range {part!r}")
            pages.update(range(lo - 1, hi))
        else:
            if int(part) < 1:
                raise ValueError(f"bad page number {part!r}")
            pages.add(int(part) - 1)
    return sorted(pages)


def _safe_stem(path: str) -> str:
    from .batch import safe_stem
    return safe_stem(path)


def cmd_convert(args: argparse.Namespace) -> int:
    from .batch import FAILED, convert_many
    try:
        settings, pages = _settings_and_pages(args)
        if args.workers < 1:
            raise ValueError("--workers must be at least 1")
        output_dir(args.output)
    except (ValueError, LayoutPDFError) as exc:   # bad JSON, setting, page range, -o path
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    password = args.password or os.environ.get(PASSWORD_ENV)

    def show(outcome) -> None:   # as each file finishes; errors on stderr, one line each
        if outcome.status == FAILED:
            _echo(outcome.line(), sys.stderr)
        elif args.verbose:
            _echo(outcome.line(), sys.stdout)

    # no worker: this process takes the memory limit itself, for the conversion only
    cap = settings.limits.max_memory_mb if args.in_process else None
    try:
        with _memory_limit(cap):
            report = convert_many(args.inputs, args.output, workers=args.workers, fmt=args.format,
                                  settings=settings, password=password, figures=args.figures,
                                  force=args.force, pages=pages, progress=not args.quiet,
                                  on_outcome=show, isolate=not args.in_process)
    except KeyboardInterrupt:
        print("interrupted: finished outputs are kept; run the same command to resume",
              file=sys.stderr)
        return EXIT_INTERRUPTED
    if not args.verbose:
        for outcome in report.outcomes:
            if outcome.status != FAILED:
                print(outcome.line())
    print(report.summary())
    return EXIT_FAILED if report.failed else EXIT_OK


def _settings_and_pages(args: argparse.Namespace) -> tuple[Settings, list[int] | None]:
    """--settings (JSON) through Settings.resolve, and --pages; ValueError or SettingsError
    for what is wrong."""
    data = json.loads(args.settings) if args.settings else None
    if data is not None and not isinstance(data, dict):
        raise ValueError("--settings must be a JSON object")
    return Settings.resolve(data), parse_page_ranges(args.pages)


def _memory_limit(max_memory_mb: int | None):
    """The CLI's own process takes limits.max_memory_mb while it converts in place, and
    gives it back afterwards (`cli.main` may be called from a program that lives on)."""
    from .workers import memory_limit_while
    return memory_limit_while(max_memory_mb)


def _echo(line: str, stream) -> None:
    try:
        from tqdm import tqdm
        tqdm.write(line, file=stream)
    except ImportError:
        print(line, file=stream)


def sample_pdf_path() -> str:
    return str(resources.files("layoutpdf").joinpath("data", "sample.pdf"))


def cmd_demo(args: argparse.Namespace) -> int:
    path = sample_pdf_path()
    doc = parse(path)
    print(doc.to_markdown())
    print(f"\n<!-- layoutpdf {__version__}: {len(doc.pages)} pages, {len(doc.elements)} elements, "
          f"{len(doc.figures)} figures, {len(doc.footnotes)} footnotes, {len(doc.equations)} equations; "
          f"sample: {path} -->")
    return 0


def cmd_inspect(args: argparse.Namespace) -> int:
    from .debug import draw, inspect
    try:
        settings, pages = _settings_and_pages(args)
        _check_inspect_outputs(args)
    except (ValueError, LayoutPDFError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    password = args.password or os.environ.get(PASSWORD_ENV)
    doc = parse(args.input, settings, pages=pages, password=password)
    stem = _safe_stem(args.input)
    if args.output:
        html = inspect(doc, dpi=args.dpi, source=args.input, password=password,
                       settings=settings)
        write_file(args.output, html)
        print(f"wrote {args.output} ({len(doc.pages)} pages, {len(html.encode()) // 1024} KiB)")
    if args.png:
        for page in doc.pages:
            target = os.path.join(args.png, f"{stem}-p{page.index + 1}.png")
            write_file(target, draw(doc, page.index, source=args.input, password=password))
            print(f"wrote {target}")
    return EXIT_OK


def _check_inspect_outputs(args: argparse.Namespace) -> None:
    """What inspect will write, checked before parsing: ValueError or OutputPathError."""
    if not args.output and not args.png:
        raise ValueError("inspect needs -o report.html (and/or --png DIR)")
    if not DPI_RANGE[0] <= args.dpi <= DPI_RANGE[1]:
        raise ValueError(f"--dpi must be between {DPI_RANGE[0]} and {DPI_RANGE[1]}, "
                         f"not {args.dpi}")
    if args.output and os.path.isdir(args.output):
        raise OutputPathError(f"-o {args.output!r} is a folder; name the report file, "
                              "e.g. report.html")
    if args.png:
        output_dir(args.png)


def build_parser() -> argparse.ArgumentParser:
    ap = _Parser(prog="layoutpdf", description="Layout-aware PDF to Markdown/JSON for RAG")
    ap.add_argument("--version", action="version", version=f"layoutpdf {__version__}")
    ap.add_argument("-v", "--verbose", action="store_true", help="log warnings and progress")
    sub = ap.add_subparsers(dest="command", required=True)
    c = sub.add_parser("convert", help="convert PDFs (files or folders) to Markdown or JSON")
    c.add_argument("inputs", nargs="+")
    c.add_argument("-o", "--output", required=True, help="output directory")
    c.add_argument("--format", choices=("md", "json"), default="md")
    c.add_argument("--pages", help="1-based pages, e.g. 1-3,7")
    c.add_argument("--password", help=f"password (or set {PASSWORD_ENV})")
    c.add_argument("--figures", action="store_true", help="write figure crops next to the output")
    c.add_argument("--force", action="store_true", help="overwrite outputs that are up to date")
    c.add_argument("--settings", help='settings as JSON, e.g. \'{"columns": {"max_columns": 2}}\'')
    c.add_argument("-j", "--workers", type=int, default=1,
                   help="worker processes, one document each (default 1)")
    c.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    c.add_argument("--in-process", action="store_true",
                   help="parse in this process instead of worker processes (by default every "
                        "document is parsed in a worker, so a crash or a memory bomb fails only "
                        "that document)")
    c.set_defaults(func=cmd_convert)
    d = sub.add_parser("demo", help="convert the bundled sample PDF and print the Markdown")
    d.set_defaults(func=cmd_demo)
    i = sub.add_parser("inspect", help="write an HTML report of every layout decision")
    i.add_argument("input")
    i.add_argument("-o", "--output", help="the HTML report to write, e.g. report.html")
    i.add_argument("--pages", help="1-based pages, e.g. 1-3")
    i.add_argument("--password", help=f"password (or set {PASSWORD_ENV})")
    i.add_argument("--dpi", type=int, default=100, help="resolution of the page images (default 100)")
    i.add_argument("--png", metavar="DIR", help="also write one PNG overlay per page into DIR")
    i.add_argument("--settings", help="settings as JSON (as for convert)")
    i.set_defaults(func=cmd_inspect)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command; every failure is one line on stderr and an exit code (module doc)."""
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.ERROR,
                        format="%(levelname)s %(name)s: %(message)s")
    try:
        return args.func(args)
    except (SettingsError, OutputPathError) as exc:
        return _fail(exc, EXIT_USAGE)
    except (LayoutPDFError, OSError) as exc:   # the input cannot be read, an output written
        return _fail(exc, EXIT_FAILED)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as exc:   # a bug: one line, the traceback with -v
        if args.verbose:
            logging.getLogger("layoutpdf.cli").exception("internal error")
        text = " ".join(str(exc).split())
        return _fail(f"internal error ({type(exc).__name__}: {text}); please report it, "
                     "-v shows the traceback", EXIT_INTERNAL)


def _fail(what: object, code: int) -> int:
    text = " ".join(str(what).split()) or type(what).__name__
    print(f"error: {text}", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
