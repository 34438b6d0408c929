"""Fuzz `layoutpdf.parse` with mutated PDFs: it must return a Document or raise a
LayoutPDFError subclass -- never another exception -- and never take more than 10 s.

    python benchmarks/fuzz.py                    # 3000 cases, seed 1
    python benchmarks/fuzz.py --cases 10000 --seed 7 --save-failures tests/fixtures/fuzz

Seeds are small PDFs made with PyMuPDF (text, figure, encrypted, vector-heavy, active
content; plain and with object/xref streams) plus the small files of the shared corpus when
it is present. Mutations: bit flips, random byte runs, truncation at a random offset,
deleted xref table / startxref, a wrong startxref, duplicated objects, huge or absurd
MediaBox values, garbage appended, deleted chunks, numbers made huge or negative,
/Kids pointing at themselves. `tests/test_fuzz.py` runs a few hundred of the same cases.

Each case runs in this process with a timer (parse + to_markdown + to_dict); one that raises
anything else than a LayoutPDFError, or runs over the time limit, is a failure and is printed
(and saved with --save-failures) with its seed file, mutation and case number.
"""
from __future__ import annotations

import argparse
import collections
import hashlib
import logging
import os
import random
import re
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import pymupdf  # noqa: E402

import layoutpdf  # noqa: E402
from layoutpdf import LayoutPDFError, Settings  # noqa: E402

CORPUS = Path(os.environ.get("LAYOUTPDF_CORPUS", "/work/shared/corpus/real"))
TIME_LIMIT_S = 10.0
PASSWORD = "baz"          # the corpus's encrypted samples and our own encrypted seed use it
# small corpus files (<= 300 KB, few pages) worth mutating
CORPUS_SEEDS = ["pdfminer_zen_of_python_corrupted.pdf", "pdfminer_kampo_jp_vertical.pdf",
                "pdfminer_aes256_userpw_baz.pdf", "pdfminer_rc4_40_userpw_baz.pdf",
                "pdfjs_scan_bad_no_startxref.pdf", "unstructured_backus1978_scan_ocr.pdf",
                "pandoc_draft_watermark.pdf", "unstructured_copy_protected_owner_pw.pdf",
                "grobid_arxiv_0908.0054_revtex.pdf", "pdfjs_cn_trial_watermark.pdf",
                "pdfjs_watermark_sandbox_draft.pdf", "mineru_garbled_formula.pdf"]


# -- seeds ----------------------------------------------------------------------------------
def generated_seeds() -> dict[str, bytes]:
    from test_errors_support import (active_content_pdf, dense_text_pdf, encrypted_pdf,
                                     figure_pdf, many_paths_pdf, text_pdf)
    plain = text_pdf(2)
    seeds = {
        "gen_text": plain,
        "gen_figure": figure_pdf({"title": "../../evil"}),
        "gen_encrypted": encrypted_pdf(text_pdf(1), user_pw=PASSWORD),
        "gen_owner_only": encrypted_pdf(text_pdf(1), user_pw=""),
        "gen_paths": many_paths_pdf(400),
        "gen_dense": dense_text_pdf(600, 800, 800),
        "gen_active": active_content_pdf(),
    }
    doc = pymupdf.open(stream=figure_pdf(), filetype="pdf")   # object + xref streams (PDF 1.5)
    seeds["gen_objstm"] = doc.tobytes(use_objstms=1, garbage=1, deflate=True)
    doc.close()
    doc = pymupdf.open(stream=plain, filetype="pdf")           # fully uncompressed, readable
    seeds["gen_uncompressed"] = doc.tobytes(garbage=0, deflate=False, expand=255)
    doc.close()
    return seeds


def corpus_seeds(names: list[str] = CORPUS_SEEDS) -> dict[str, bytes]:
    return {n: (CORPUS / n).read_bytes() for n in names if (CORPUS / n).exists()}


# -- mutations ------------------------------------------------------------------------------
Mutation = Callable[[random.Random, bytes], bytes]


def bit_flips(r: random.Random, d: bytes) -> bytes:
    b = bytearray(d)
    for _ in range(r.choice((1, 2, 4, 8, 32, 128))):
        i = r.randrange(len(b))
        b[i] ^= 1 << r.randrange(8)
    return bytes(b)


def random_run(r: random.Random, d: bytes) -> bytes:
    i = r.randrange(len(d))
    n = r.choice((1, 4, 16, 256, 4096))
    return d[:i] + r.randbytes(n) + d[i + n:]


def truncate(r: random.Random, d: bytes) -> bytes:
    return d[:r.randrange(8, len(d))]


def delete_xref(r: random.Random, d: bytes) -> bytes:
    starts = [m.start() for m in re.finditer(rb"(?<![a-z])xref\s", d)]
    if not starts:  # xref stream: blank its /Type /XRef so MuPDF must rebuild
        return re.sub(rb"/Type\s*/XRef", b"/Type /Junk", d) if b"/XRef" in d else truncate(r, d)
    s = r.choice(starts)
    e = d.find(b"trailer", s)
    return d[:s] + d[e if e > 0 else len(d):]


def delete_startxref(r: random.Random, d: bytes) -> bytes:
    return re.sub(rb"startxref\s+\d+", b"", d)


def wrong_startxref(r: random.Random, d: bytes) -> bytes:
    value = r.choice((0, 1, len(d) // 2, len(d) + 1000, 2**31, 2**63 - 1))
    return re.sub(rb"startxref\s+\d+", b"startxref\n%d" % value, d)


_OBJ = re.compile(rb"\d+\s+\d+\s+obj\b.*?endobj", re.S)


def duplicate_objects(r: random.Random, d: bytes) -> bytes:
    objs = [m for m in _OBJ.finditer(d[:2_000_000])]
    if not objs:
        return random_run(r, d)
    out = d
    for m in r.sample(objs, min(len(objs), r.choice((1, 3, 10)))):
        at = r.randrange(len(out))
        body = m.group(0)
        if r.random() < 0.5:   # same number, different content
            body = re.sub(rb"\d+(?=\s*\])", b"999999", body, count=3)
        out = out[:at] + b"\n" + body + b"\n" + out[at:]
    return out


def huge_mediabox(r: random.Random, d: bytes) -> bytes:
    box = r.choice((b"[0 0 1e6 1e6]", b"[0 0 1000000 1000000]", b"[-1e6 -1e6 1e6 1e6]",
                    b"[0 0 0 0]", b"[0 0 -612 -792]", b"[0 0 1e38 1e38]", b"[0 0 nan inf]",
                    b"[0 0 14400 14400]", b"[0 0 3 1e6]"))
    if b"/MediaBox" not in d:
        return d.replace(b"/Type /Page", b"/Type /Page /MediaBox " + box, 1)
    return re.sub(rb"/MediaBox\s*\[[^\]]*\]", b"/MediaBox " + box, d)


def garbage_appended(r: random.Random, d: bytes) -> bytes:
    tail = r.choice((r.randbytes(r.choice((16, 1024, 65536))), b"%%EOF\n" * 50,
                     b"\n1 0 obj << /Type /Catalog /Pages 1 0 R >> endobj\n",
                     b"\nxref\n0 1\n0000000000 65535 f \ntrailer << /Size 1 >>\nstartxref\n0\n%%EOF"))
    return d + tail


def delete_chunk(r: random.Random, d: bytes) -> bytes:
    i = r.randrange(len(d))
    return d[:i] + d[i + r.choice((1, 10, 100, 1000, 10000)):]


def absurd_numbers(r: random.Random, d: bytes) -> bytes:
    keys = [k for k in (rb"/Length", rb"/Count", rb"/Size", rb"/N", rb"/First", rb"/Width",
                        rb"/Height", rb"/BitsPerComponent", rb"/Rotate", rb"/Prev", rb"/Index",
                        rb"/W") if re.search(k + rb"\s*\d", d)]
    value = r.choice((b"-1", b"0", b"2147483648", b"99999999999", b"-2147483649", b"1e300", b"3.5"))
    if not keys:   # any integer token
        nums = [m for m in re.finditer(rb"(?<=\s)\d+(?=\s)", d[:1_000_000])]
        if not nums:
            return random_run(r, d)
        m = r.choice(nums)
        return d[:m.start()] + value + d[m.end():]
    key = r.choice(keys)
    return re.sub(key + rb"\s*\d+", key + b" " + value, d, count=r.choice((1, 5, 1000)))


def self_kids(r: random.Random, d: bytes) -> bytes:
    m = re.search(rb"(\d+) 0 obj\s*<<[^>]*/Type\s*/Pages", d)
    if not m:
        return duplicate_objects(r, d)
    return re.sub(rb"/Kids\s*\[[^\]]*\]", b"/Kids [" + m.group(1) + b" 0 R " + m.group(1) + b" 0 R]",
                  d, count=1)


MUTATIONS: dict[str, Mutation] = {
    "bit_flips": bit_flips, "random_run": random_run, "truncate": truncate,
    "delete_xref": delete_xref, "delete_startxref": delete_startxref,
    "wrong_startxref": wrong_startxref, "duplicate_objects": duplicate_objects,
    "huge_mediabox": huge_mediabox, "garbage_appended": garbage_appended,
    "delete_chunk": delete_chunk, "absurd_numbers": absurd_numbers, "self_kids": self_kids,
}


# -- running --------------------------------------------------------------------------------
@dataclass
class Case:
    number: int
    seed: str
    mutation: str
    data: bytes

    @property
    def name(self) -> str:
        digest = hashlib.blake2b(self.data, digest_size=4).hexdigest()
        return f"case{self.number:05d}-{self.seed.removesuffix('.pdf')}-{self.mutation}-{digest}.pdf"


@dataclass
class Result:
    case: Case
    outcome: str          # "Document" or the exception class name
    seconds: float
    ok: bool
    detail: str = ""


@dataclass
class Summary:
    results: list[Result] = field(default_factory=list)

    @property
    def failures(self) -> list[Result]:
        return [r for r in self.results if not r.ok]

    def outcomes(self) -> collections.Counter:
        return collections.Counter(r.outcome for r in self.results)

    def slowest(self) -> Result | None:
        return max(self.results, key=lambda r: r.seconds, default=None)


def cases(seeds: dict[str, bytes], n: int, seed: int) -> Iterator[Case]:
    r = random.Random(seed)
    names = sorted(seeds)
    kinds = sorted(MUTATIONS)
    for k in range(n):
        src = names[k % len(names)]
        kind = kinds[(k // len(names)) % len(kinds)] if k < len(names) * len(kinds) else r.choice(kinds)
        data = MUTATIONS[kind](r, seeds[src])
        if data and r.random() < 0.2:                      # sometimes two mutations stacked
            second = r.choice(kinds)
            data, kind = MUTATIONS[second](r, data), f"{kind}+{second}"
        yield Case(k, src, kind, data)


def run_case(case: Case, settings: Settings, time_limit: float = TIME_LIMIT_S) -> Result:
    """Parse `case` in this thread. The limit is on its CPU seconds, not wall time: a parse
    that loops burns CPU however busy the machine, while a loaded machine (CI beside other
    jobs) stretches wall time by several times without anything being wrong."""
    started, cpu = time.perf_counter(), time.thread_time()
    try:
        doc = layoutpdf.parse(case.data, settings, password=PASSWORD)
        doc.to_markdown()
        doc.to_dict()
        outcome, ok, detail = "Document", True, ""
    except LayoutPDFError as exc:
        outcome, ok, detail = type(exc).__name__, True, str(exc)[:200]
    except Exception as exc:  # the bug we are looking for
        outcome, ok = type(exc).__name__, False
        detail = "".join(traceback.format_exception(exc))[-2000:]
    seconds, cpu = time.perf_counter() - started, time.thread_time() - cpu
    if cpu > time_limit:
        ok, detail = False, f"took {cpu:.1f} CPU-s (limit {time_limit}s); " + detail
    return Result(case, outcome, seconds, ok, detail)


def run(seeds: dict[str, bytes], n: int, seed: int, settings: Settings | None = None,
        time_limit: float = TIME_LIMIT_S, progress: bool = False) -> Summary:
    settings = settings or Settings()
    summary = Summary()
    for case in cases(seeds, n, seed):
        summary.results.append(run_case(case, settings, time_limit))
        if progress and (case.number + 1) % 100 == 0:
            print(f"  {case.number + 1}/{n} cases, {len(summary.failures)} failure(s)",
                  file=sys.stderr, flush=True)
    return summary


def report(summary: Summary, seconds: float) -> str:
    lines = [f"cases run: {len(summary.results)} in {seconds:.0f}s"]
    lines.append("outcomes by class:")
    for outcome, count in summary.outcomes().most_common():
        lines.append(f"  {outcome:24s} {count}")
    by_mut = collections.Counter(r.case.mutation.split("+")[0] for r in summary.results
                                 if r.outcome == "Document")
    lines.append("parsed to a Document, by mutation: "
                 + ", ".join(f"{k} {v}" for k, v in sorted(by_mut.items())))
    slow = summary.slowest()
    if slow:
        lines.append(f"slowest: {slow.case.name} ({slow.outcome}) {slow.seconds:.2f}s")
    times = sorted(r.seconds for r in summary.results)
    if times:
        lines.append(f"median {times[len(times) // 2]:.3f}s, p99 {times[int(len(times) * 0.99)]:.2f}s")
    lines.append(f"failures: {len(summary.failures)}")
    for f in summary.failures[:20]:
        lines.append(f"  {f.case.name}: {f.outcome}: {f.detail.splitlines()[-1] if f.detail else ''}")
    return "\n".join(lines)


# -- structural cases, each in a subprocess ----------------------------------------------------
STRUCTURAL_CORPUS = ["pymupdf_scanned_de_form_rotated.pdf", "pdfminer_kampo_jp_vertical.pdf",
                     "pdfjs_scan_bad_no_startxref.pdf", "pdfminer_aes256_userpw_baz.pdf",
                     "grobid_arxiv_0908.0054_revtex.pdf", "pdfminer_zen_of_python_corrupted.pdf"]
SUBPROCESS_LIMIT_S = 60.0
MAX_RSS_MB = 2560.0       # a case whose peak RSS goes over this fails (issue 24: 2.5 GiB)


@dataclass
class Isolated:
    """One case run in its own process: how it ended and what it cost."""
    case: Case
    strict: bool
    outcome: str          # Document | a LayoutPDFError subclass | other exception | signal N | timeout
    seconds: float        # CPU seconds of the child
    peak_rss_mb: float
    detail: str = ""

    @property
    def ok(self) -> bool:
        return (self.outcome == "Document" or self.outcome in _LAYOUTPDF_ERRORS) \
            and self.peak_rss_mb <= MAX_RSS_MB


def _names(cls: type) -> set[str]:
    return {cls.__name__}.union(*(_names(sub) for sub in cls.__subclasses__()))


_LAYOUTPDF_ERRORS = _names(LayoutPDFError)


def load_structural():
    """The operator module (benchmarks/fuzz_structural.py), as imported here."""
    import fuzz_structural
    return fuzz_structural


def structural_cases(seeds: dict[str, bytes], n: int, seed: int,
                     ops: dict | None = None) -> Iterator[tuple[Case, bool]]:
    """(case, strict) pairs: every structural operator on every seed in turn, parameters
    drawn from `seed`; about one case in five runs with strict=True."""
    ops = ops or load_structural().STRUCTURAL
    r = random.Random(seed)
    names, kinds = sorted(seeds), sorted(ops)
    for k in range(n):
        src, kind = names[(k // len(kinds)) % len(names)], kinds[k % len(kinds)]
        try:
            data = ops[kind](random.Random(r.getrandbits(32)), seeds[src])
        except Exception as exc:   # the seed does not take this operator (say so, go on)
            data = seeds[src]
            kind = f"{kind}(not applied: {type(exc).__name__})"
        yield Case(k, src, kind, data), r.random() < 0.2


def _cpu_limit(seconds: float, max_as_mb: int = 0) -> Callable[[], None]:
    def limit() -> None:
        import resource
        resource.setrlimit(resource.RLIMIT_CPU, (int(seconds), int(seconds) + 5))
        if max_as_mb:   # protects a shared machine while measuring code without limits
            resource.setrlimit(resource.RLIMIT_AS, (max_as_mb << 20, max_as_mb << 20))
    return limit


def run_isolated(case: Case, strict: bool, ocr: str = "never",
                 time_limit: float = SUBPROCESS_LIMIT_S, workdir: str | None = None,
                 max_as_mb: int = 0) -> Isolated:
    """Parse `case` in a child process (parse + to_markdown + to_dict) with `time_limit`
    seconds of CPU (RLIMIT_CPU: a shared machine's load does not count) and 5 times that
    of wall clock; its outcome, CPU seconds and peak RSS (from the kernel's rusage)."""
    import json
    import signal
    import subprocess
    import tempfile
    fd, path = tempfile.mkstemp(suffix=".pdf", dir=workdir)
    with os.fdopen(fd, "wb") as fh:
        fh.write(case.data)
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, __file__, "--child", path, "--ocr", ocr]
                            + (["--strict"] if strict else []),
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            preexec_fn=_cpu_limit(time_limit, max_as_mb))
    status = rusage = None
    timed_out = False
    while status is None:
        pid, st, ru = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            status, rusage = st, ru
        elif time.perf_counter() - started > 5 * time_limit:
            proc.kill()
            _, status, rusage = os.wait4(proc.pid, 0)
            timed_out = True
        else:
            time.sleep(0.02)
    proc.returncode = os.waitstatus_to_exitcode(status)
    seconds = rusage.ru_utime + rusage.ru_stime      # CPU seconds
    out = proc.stdout.read().decode("utf-8", "replace")
    proc.stdout.close()
    os.unlink(path)
    rss = round(rusage.ru_maxrss / 1024, 1)
    if timed_out:
        return Isolated(case, strict, "timeout", seconds, rss)
    if os.WIFSIGNALED(status):
        sig = signal.Signals(os.WTERMSIG(status))
        if sig in (signal.SIGXCPU, signal.SIGKILL) and seconds >= time_limit - 1:
            return Isolated(case, strict, "timeout", seconds, rss, "CPU limit")
        return Isolated(case, strict, f"signal {sig.name}", seconds, rss)
    try:
        outcome, detail = json.loads(out.strip().splitlines()[-1])
    except (ValueError, IndexError):
        outcome, detail = f"exit {proc.returncode}", out[-300:]
    return Isolated(case, strict, outcome, seconds, rss, detail)


def _child(path: str, ocr: str, strict: bool) -> int:
    import json
    logging.disable(logging.CRITICAL)
    settings = Settings(strict=strict).replace(ocr={"mode": ocr})
    try:
        doc = layoutpdf.parse(path, settings, password=PASSWORD)
        doc.to_markdown()
        doc.to_dict()
        result = ["Document", ", ".join(sorted({i.code for i in doc.issues}))]
    except LayoutPDFError as exc:
        result = [type(exc).__name__, str(exc)[:300]]
    except BaseException as exc:   # the bug we are looking for (MemoryError included)
        result = [type(exc).__name__, "".join(traceback.format_exception(exc))[-1500:]]
    print(json.dumps(result), flush=True)
    return 0


def isolated_report(results: list[Isolated], seconds: float) -> str:
    lines = [f"structural cases run: {len(results)} in {seconds:.0f}s (one process each)"]
    outcomes = collections.Counter(r.outcome for r in results)
    lines += [f"  {k:28s} {v}" for k, v in outcomes.most_common()]
    by_op: dict[str, list[Isolated]] = collections.defaultdict(list)
    for r in results:
        by_op[r.case.mutation.split("(")[0]].append(r)
    lines.append("by operator: cases, failures (signal/timeout/other), max CPU s, max peak RSS MiB")
    for op, rs in sorted(by_op.items()):
        bad = sum(not r.ok for r in rs)
        lines.append(f"  {op:20s} {len(rs):4d} {bad:4d} {max(r.seconds for r in rs):6.1f}"
                     f" {max(r.peak_rss_mb for r in rs):8.0f}")
    rss = sorted(r.peak_rss_mb for r in results)
    if rss:
        lines.append(f"peak RSS: median {rss[len(rss) // 2]:.0f} MiB, max {rss[-1]:.0f} MiB")
    bad = [r for r in results if not r.ok]
    lines.append(f"failures: {len(bad)}")
    for r in bad[:40]:
        lines.append(f"  {r.case.name} strict={r.strict}: {r.outcome} {r.seconds:.1f}s "
                     f"{r.peak_rss_mb:.0f} MiB {r.detail.splitlines()[-1] if r.detail else ''}")
    return "\n".join(lines)


def saved_cases(directory: str) -> list[tuple[Case, bool]]:
    """Cases written by ``--save-cases`` (so several runs, e.g. before and after a change,
    parse exactly the same files without generating them again)."""
    import json
    rows = json.loads(Path(directory, "cases.json").read_text(encoding="utf-8"))
    return [(Case(r["number"], r["seed"], r["mutation"], Path(directory, r["file"]).read_bytes()),
             r["strict"]) for r in rows]


def save_cases(directory: str, cases: list[tuple[Case, bool]]) -> None:
    import json
    os.makedirs(directory, exist_ok=True)
    rows = []
    for case, strict in cases:
        Path(directory, case.name).write_bytes(case.data)
        rows.append({"number": case.number, "seed": case.seed, "mutation": case.mutation,
                     "file": case.name, "strict": strict})
    Path(directory, "cases.json").write_text(json.dumps(rows, indent=1), encoding="utf-8")


def main_structural(args: argparse.Namespace) -> int:
    import concurrent.futures as cf
    import json
    if args.cases_dir:
        todo = saved_cases(args.cases_dir)
    else:
        seeds = generated_seeds()
        if not args.no_corpus:
            seeds.update(corpus_seeds(STRUCTURAL_CORPUS))
        todo = list(structural_cases(seeds, args.cases, args.seed))
        if args.save_cases:
            save_cases(args.save_cases, todo)
            print(f"wrote {len(todo)} cases to {args.save_cases}")
            return 0
    started = time.perf_counter()
    results: list[Isolated] = []
    log = open(args.json + "l", "w", encoding="utf-8") if args.json else None
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(run_isolated, case, strict, args.ocr, args.time_limit, None,
                               args.max_as_mb) for case, strict in todo[args.start:]
                   if not args.only or case.mutation.split("(")[0] in args.only.split(",")]
        for n, fut in enumerate(futures, 1):
            r = fut.result()
            results.append(r)
            if log:
                log.write(json.dumps({"case": r.case.name, "strict": r.strict, "outcome": r.outcome,
                                      "cpu_s": round(r.seconds, 2), "peak_rss_mb": r.peak_rss_mb,
                                      "detail": r.detail[:300]}) + "\n")
                log.flush()
            if n % 25 == 0:
                print(f"  {n}/{len(futures)}", file=sys.stderr, flush=True)
    print(isolated_report(results, time.perf_counter() - started))
    if args.save_failures:
        os.makedirs(args.save_failures, exist_ok=True)
        for r in results:
            if not r.ok:
                Path(args.save_failures, r.case.name).write_bytes(r.case.data)
    return 1 if any(not r.ok for r in results) else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--time-limit", type=float, default=TIME_LIMIT_S)
    ap.add_argument("--no-corpus", action="store_true", help="generated seeds only")
    ap.add_argument("--ocr", default="never", choices=("auto", "never"),
                    help="settings.ocr.mode (default never: OCR time is measured apart)")
    ap.add_argument("--save-failures", help="directory for the PDFs of failing cases")
    ap.add_argument("--structural", action="store_true",
                    help="structural operators (fuzz_structural.py), each case in a subprocess "
                         "with --time-limit (default 60 s) and its peak RSS measured")
    ap.add_argument("--jobs", type=int, default=1, help="--structural: cases run at once")
    ap.add_argument("--json", help="--structural: write per-case results here (JSON lines, "
                                   "to the name with an 'l' appended)")
    ap.add_argument("--save-cases", help="--structural: write the generated cases here and stop")
    ap.add_argument("--cases-dir", help="--structural: run the cases saved in this directory")
    ap.add_argument("--start", type=int, default=0, help="--structural: skip the first cases")
    ap.add_argument("--only", help="--structural: these operators only (comma-separated)")
    ap.add_argument("--max-as-mb", type=int, default=0,
                    help="--structural: cap each child's address space (MiB); a case that "
                         "needs more ends in MemoryError or a MuPDF allocation error")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--strict", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        return _child(args.child, args.ocr, args.strict)
    if args.structural:
        if args.time_limit == TIME_LIMIT_S:
            args.time_limit = SUBPROCESS_LIMIT_S
        return main_structural(args)
    logging.disable(logging.CRITICAL)
    seeds = generated_seeds()
    if not args.no_corpus:
        seeds.update(corpus_seeds())
    settings = Settings().replace(ocr={"mode": args.ocr})
    print(f"{len(seeds)} seed files, {len(MUTATIONS)} mutations, seed {args.seed}", flush=True)
    started = time.perf_counter()
    summary = run(seeds, args.cases, args.seed, settings, args.time_limit, progress=True)
    print(report(summary, time.perf_counter() - started))
    if args.save_failures and summary.failures:
        os.makedirs(args.save_failures, exist_ok=True)
        for f in summary.failures:
            Path(args.save_failures, f.case.name).write_bytes(f.case.data)
            Path(args.save_failures, f.case.name + ".txt").write_text(f.detail, encoding="utf-8")
    return 1 if summary.failures else 0


if __name__ == "__main__":
    sys.exit(main())
