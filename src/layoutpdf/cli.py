"""Command line: `layoutpdf convert | demo | inspect`."""
from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from importlib import resources
from typing import Sequence

from . import __version__
from .errors import LayoutPDFError
from .pipeline import parse
from .settings import Settings

PASSWORD_ENV = "LAYOUTPDF_PASSWORD"


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
    except (ValueError, LayoutPDFError) as exc:   # bad JSON, unknown setting, bad page range
        print(f"error: {exc}", file=sys.stderr)
        return 2
    password = args.password or os.environ.get(PASSWORD_ENV)
    if args.workers < 1:
        print("error: --workers must be at least 1", file=sys.stderr)
        return 2

    def show(outcome) -> None:   # as each file finishes; errors on stderr, one line each
        if outcome.status == FAILED:
            _echo(outcome.line(), sys.stderr)
        elif args.verbose:
            _echo(outcome.line(), sys.stdout)

    if args.in_process:   # no worker: this process takes the memory limit itself
        _limit_memory(settings)
    try:
        report = convert_many(args.inputs, args.output, workers=args.workers, fmt=args.format,
                              settings=settings, password=password, figures=args.figures,
                              force=args.force, pages=pages, progress=not args.quiet,
                              on_outcome=show, isolate=not args.in_process)
    except KeyboardInterrupt:
        print("interrupted: finished outputs are kept; run the same command to resume",
              file=sys.stderr)
        return 130
    if not args.verbose:
        for outcome in report.outcomes:
            if outcome.status != FAILED:
                print(outcome.line())
    print(report.summary())
    return 1 if report.failed else 0


def _settings_and_pages(args: argparse.Namespace) -> tuple[Settings, list[int] | None]:
    """--settings (JSON) through Settings.resolve, and --pages; ValueError or SettingsError
    for what is wrong."""
    data = json.loads(args.settings) if args.settings else None
    if data is not None and not isinstance(data, dict):
        raise ValueError("--settings must be a JSON object")
    return Settings.resolve(data), parse_page_ranges(args.pages)


def _limit_memory(settings: Settings) -> None:
    """The CLI is a program of its own: its process may take limits.max_memory_mb."""
    from .workers import limit_memory
    limit_memory(settings.limits.max_memory_mb)


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
    if not args.output and not args.png:
        print("error: inspect needs -o report.html (and/or --png DIR)", file=sys.stderr)
        return 2
    try:
        settings, pages = _settings_and_pages(args)
    except (ValueError, LayoutPDFError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    password = args.password or os.environ.get(PASSWORD_ENV)
    doc = parse(args.input, settings, pages=pages, password=password)
    stem = _safe_stem(args.input)
    if args.output:
        html = inspect(doc, dpi=args.dpi, source=args.input, password=password,
                       settings=settings)
        tmp = args.output + ".tmp"
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(html)
        os.replace(tmp, args.output)
        print(f"wrote {args.output} ({len(doc.pages)} pages, {len(html.encode()) // 1024} KiB)")
    if args.png:
        os.makedirs(args.png, exist_ok=True)
        for page in doc.pages:
            target = os.path.join(args.png, f"{stem}-p{page.index + 1}.png")
            with open(target, "wb") as fh:
                fh.write(draw(doc, page.index, source=args.input, password=password))
            print(f"wrote {target}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="layoutpdf", description="Layout-aware PDF to Markdown/JSON for RAG")
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
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.ERROR,
                        format="%(levelname)s %(name)s: %(message)s")
    try:
        return args.func(args)
    except LayoutPDFError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
